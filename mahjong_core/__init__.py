"""mahjong-core: score and settle Chinese mahjong under pluggable regional rulesets.

>>> import mahjong_core
>>> rules = mahjong_core.load_ruleset("guobiao")       # doctest: +SKIP

The public names below (``__all__``) are imported from the engine when first read (PEP 562), so
``import mahjong_core`` or any of its submodules (the command line, the plugin door) costs no
plugin registry, tile tables or error catalogue it does not use; ``from mahjong_core import
load_ruleset`` works as with any module.
"""
from __future__ import annotations

TYPE_CHECKING = False     # typing's constant without importing typing: the names for type checkers
if TYPE_CHECKING:
    from mahjong_core.engine.errors import (BelowMinimumError, HandError, IllegalActionError, InvariantError,
                                            MahjongError, NotWinningError, PluginError, ResourceError, RulesetError,
                                            SettlementError, TileError, UnknownRulesetError, UnsupportedError)
    from mahjong_core.engine.registry import Engine, default_engine, load_ruleset
    from mahjong_core.engine.tiles import format_tiles, parse_tiles

__all__ = ["Engine", "load_ruleset", "default_engine", "ruleset_names", "MahjongError", "TileError",
           "HandError", "NotWinningError", "BelowMinimumError", "RulesetError", "UnknownRulesetError",
           "PluginError", "SettlementError", "ResourceError", "IllegalActionError", "UnsupportedError",
           "InvariantError", "parse_tiles", "format_tiles"]

# public name -> the engine module that defines it
_HOME = {"Engine": "registry", "load_ruleset": "registry", "default_engine": "registry",
         "parse_tiles": "tiles", "format_tiles": "tiles",
         **{name: "errors" for name in __all__ if name.endswith("Error")}}


def __getattr__(name: str):
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'mahjong_core' has no attribute '{name}'")
    from importlib import import_module
    value = getattr(import_module(f"mahjong_core.engine.{home}"), name)
    globals()[name] = value         # read once: later reads are plain attribute look-ups
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


def ruleset_names() -> list[tuple[str, str]]:
    """(name, title) of every installed ruleset, sorted by name."""
    from mahjong_core.engine.registry import default_engine
    return default_engine().ruleset_names()
