"""mahjong-core: score and settle Chinese mahjong under pluggable regional rulesets.

>>> import mahjong_core
>>> rules = mahjong_core.load_ruleset("guobiao")       # doctest: +SKIP
"""
from __future__ import annotations

from mahjong_core.engine.registry import Engine, default_engine, load_ruleset
from mahjong_core.engine.errors import (BelowMinimumError, HandError, IllegalActionError, InvariantError, MahjongError,
                                        NotWinningError, PluginError, ResourceError, RulesetError, SettlementError, TileError,
                                        UnknownRulesetError, UnsupportedError)
from mahjong_core.engine.tiles import format_tiles, parse_tiles

__all__ = ["Engine", "load_ruleset", "default_engine", "ruleset_names", "MahjongError", "TileError",
           "HandError", "NotWinningError", "BelowMinimumError", "RulesetError", "UnknownRulesetError",
           "PluginError", "SettlementError", "ResourceError", "IllegalActionError", "UnsupportedError",
           "InvariantError", "parse_tiles", "format_tiles"]


def ruleset_names() -> list[tuple[str, str]]:
    return default_engine().ruleset_names()
