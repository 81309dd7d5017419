"""Core's own plugin: standard tile sets, win shapes, value formulas, the flower check and the
built-in ruleset folder. Registered first by every engine; rulesets still name all of it by id.
It imports what registering needs and no more (the shapes' shanten from ``shanten``, not the
analyser; the ruleset folder by its package's path, not ``importlib.resources``): every command
starts by registering it."""
from __future__ import annotations

from pathlib import Path

from . import shanten, shapes
from .fans import FanCheck
from .hookspecs import TileSet, ValueFormula, WinShape, hookimpl
from .scoring.units import doubling_value, units_value


@hookimpl
def mahjong_tile_sets():
    return [
        TileSet("standard_136", frozenset(range(34)), False, "34 kinds × 4, no flowers"),
        TileSet("standard_144", frozenset(range(34)), True, "34 kinds × 4 plus the 8 flowers"),  # 1f–8f ×1
        TileSet("suits_108", frozenset(range(27)), False, "characters, dots and bamboo only"),
    ]


@hookimpl
def mahjong_win_shapes():
    return [
        WinShape("standard", shapes.standard, "n sets and a pair, for any hand size",
                 waits=shapes.standard_shape_waits, shanten=shanten.standard_shanten,
                 shanten_draws=shanten.standard_draws, shanten_useful=shanten.standard_useful, kernel="standard"),
        WinShape("seven_pairs", shapes.seven_pairs, "seven pairs; four of a kind may count as two",
                 melds=False, waits=shapes.seven_pairs_shape_waits,
                 shanten=shanten.seven_pairs_shanten, shanten_draws=shanten.seven_pairs_draws,
                 shanten_useful=shanten.seven_pairs_useful, kernel="seven_pairs"),
        WinShape("thirteen_orphans", shapes.thirteen_orphans, "one of each terminal and honour + a pair",
                 melds=False, waits=shapes.thirteen_orphans_shape_waits,
                 shanten=shanten.thirteen_orphans_shanten,
                 shanten_draws=shanten.thirteen_orphans_draws,
                 shanten_useful=shanten.thirteen_orphans_useful, kernel="thirteen_orphans"),
        WinShape("wild_count", shapes.wild_count, "at least `count` wilds among the standing tiles and the "
                 "winning tile, whatever the rest (三金倒, 四鬼胡牌)", waits=shapes.wild_count_waits,
                 shanten=shanten.wild_count_shanten, shanten_draws=shanten.wild_count_draws, kernel="wild_count"),
    ]


def flowers(ctx):
    """One per bonus tile held (flowers, and honours where the tile set makes them bonus tiles)."""
    return ctx.situation.flower_count


def shape_is(ctx, shape):
    """1 when the hand is read in the named win shape (e.g. seven_pairs)."""
    return int(ctx.decomposition.shape == shape)


def flag(ctx, flag, value=True):
    """1 when a situation field has the given value (e.g. self_drawn, last_tile, dealer)."""
    return int(getattr(ctx.situation, flag) == value) if value is not True else int(bool(getattr(ctx.situation, flag)))


def always(ctx):
    """1: for fallback fans such as a plain win."""
    return 1


@hookimpl
def mahjong_fan_checks():
    return [FanCheck("core.flowers", flowers, flowers.__doc__, per_hand=True, reads=()),
            FanCheck("core.shape", shape_is, shape_is.__doc__, reads=()),
            FanCheck("core.flag", flag, flag.__doc__, per_hand=True, reads=lambda args: (args.get("flag"),)),
            FanCheck("core.always", always, always.__doc__, per_hand=True, reads=())]


def total_value(total, fans, situation):
    return total


@hookimpl
def mahjong_value_formulas():
    return [
        ValueFormula("total", total_value, "the points total"),
        ValueFormula("doubling", doubling_value, doubling_value.__doc__),
        ValueFormula("units", units_value, units_value.__doc__),
    ]


@hookimpl(trylast=True)
def mahjong_choose_result(candidates, ruleset):
    return candidates[0]


@hookimpl
def mahjong_rulesets():
    import mahjong_rulesets         # the shipped YAML's package (rulesets/): its folder is the answer
    return [Path(mahjong_rulesets.__file__).parent]
