"""二五八将: a house fan for a pair of 2, 5 or 8 — an example third-party mahjong-core plugin.

The code (what a "258 pair" is) lives here; the data (its name, its points, which rulesets
have it) lives in the YAML files under ``rulesets/``. Two hooks are all it takes; the check says,
beside its function, the fan id it awards (a misspelt id in a ruleset is refused when it loads).
"""
from __future__ import annotations

from importlib.resources import files

from mahjong_core.plugin import fan_check, fan_checks, hookimpl


# most=1: it awards its one fan once at most, so the engine may leave it out for a reading that
# cannot beat the best one anyway
@fan_check("mahjong_258.pair_258", awards=("pair_258",), most=1)
def pair_258(ctx, ranks=(2, 5, 8)):
    """1 when the pair (将) of a standard hand is a suited 2, 5 or 8 (``ranks`` in YAML ``args``)."""
    pair = ctx.pair
    if ctx.shape != "standard" or pair is None or pair.tile >= 27:
        return 0
    return int(pair.tile % 9 + 1 in ranks)


@hookimpl
def mahjong_fan_checks():
    return fan_checks(__name__)


@hookimpl
def mahjong_rulesets():
    return [files("mahjong_258") / "rulesets"]
