"""The table: one hand played as a seeded, deterministic state machine (docs/table.md)."""
from __future__ import annotations

from ..errors import IllegalActionError, InvariantError, UnsupportedError
from .actions import Action
from .observe import Observation
from .rules import PlayRules, play_rules, unsupported
from .state import Deal
from .table import Table
from .wall import WALL_VERSION, shuffle, tile_list

__all__ = ["Action", "Deal", "IllegalActionError", "InvariantError", "Observation", "PlayRules", "Table",
           "UnsupportedError", "WALL_VERSION", "play_rules", "shuffle", "tile_list", "unsupported"]
