"""mahjong-core: score and settle Chinese mahjong under pluggable regional rulesets.

>>> import mahjong_core
>>> rules = mahjong_core.load_ruleset("guobiao")       # doctest: +SKIP
"""
from __future__ import annotations

from .engine import Engine
from .errors import (BelowMinimumError, HandError, MahjongError, NotWinningError, PluginError,
                     ResourceError, RulesetError, SettlementError, TileError, UnknownRulesetError)
from .tiles import format_tiles, parse_tiles

__all__ = ["Engine", "load_ruleset", "default_engine", "ruleset_names", "MahjongError", "TileError",
           "HandError", "NotWinningError", "BelowMinimumError", "RulesetError", "UnknownRulesetError",
           "PluginError", "SettlementError", "ResourceError", "parse_tiles", "format_tiles"]

_default: Engine | None = None


def default_engine() -> Engine:
    """The engine with every installed plugin, built on first use."""
    global _default
    if _default is None:
        _default = Engine()
    return _default


def load_ruleset(name_or_path):
    """A ruleset by name (``"guobiao"``) or by the path of a YAML file (a house-rule overlay)."""
    return default_engine().load_ruleset(name_or_path)


def ruleset_names() -> list[tuple[str, str]]:
    return default_engine().ruleset_names()
