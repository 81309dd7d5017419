"""A plugin for the table-model tests, written with the one plugin import only: a tile set whose
honours are bonus tiles (as Fuzhou sets them aside), a declared situation field (抢金) and a
validator, each named from tests/data/bonus-16.yaml."""
from __future__ import annotations

from mahjong_core.plugin import FanCheck, NotWinningError, SituationField, TileSet, Validator, hookimpl

HONOURS = range(27, 34)


def robbing_gold(ctx):
    """抢金: the declared field is always in ``extras`` (core fills its default)."""
    return int(ctx.situation.extras["robbing_gold"])


def gold_at_opening(situation, ruleset):
    """The gold is robbed at the opening: ``robbing_gold`` needs ``first_turn``."""
    if situation.extras.get("robbing_gold") and not situation.first_turn:
        raise NotWinningError("extras.robbing_gold: the gold is robbed at the opening, so 'first_turn' "
                              "must hold")


@hookimpl
def mahjong_tile_sets():
    return [TileSet("test.bonus_honours", frozenset(range(27)), True, "suits; honours ×4 and flowers are bonus tiles",
                    bonus={t: 4 for t in HONOURS})]


@hookimpl
def mahjong_situation_fields():
    return [SituationField("test.robbing_gold", "robbing_gold", "bool", False,
                           "抢金: won by taking the turned-up gold at the opening")]


@hookimpl
def mahjong_validators():
    return [Validator("test.gold_at_opening", gold_at_opening, gold_at_opening.__doc__)]


@hookimpl
def mahjong_fan_checks():
    return [FanCheck("test.robbing_gold", robbing_gold, robbing_gold.__doc__, per_hand=True)]
