"""Fuzhou mahjong (福州麻将), the gold rules: 16-tile hands, honours and flowers as bonus tiles,
one gold kind wild except its face-up copy, specials 天胡 / 金雀 / 抢金 / 三金倒 (and the classic
line's 金龙 / 无花无杠 / 一张花), points × 2 on a self-draw plus the special.

Two lines: ``rulesets/fuzhou.yaml`` (the newly revised rules) and ``rulesets/fuzhou-classic.yaml``
(the online-platform line). This plugin registers the tile set ``fuzhou_144``, the situation
field ``fuzhou.robbing_gold`` (抢金), the validators, the all-pairs shape ``fuzhou.all_pairs``
(a house extra, off by default), the fan checks (``fuzhou.*``) and the settlement
``fuzhou.gold_rules``. See README.md.
"""
from __future__ import annotations

from mahjong_core.plugin import SituationField, TileSet, Validator, WinShape, fan_checks, hookimpl

from . import explain, flow, pairs, points, settlement, specials, validate

SUITS = frozenset(range(27))
HONOURS = range(27, 34)


@hookimpl
def mahjong_tile_sets():
    return [TileSet("fuzhou_144", SUITS, True, "144 tiles: the suits play; honours ×4 and flowers ×1 are bonus tiles",
                    bonus={t: 4 for t in HONOURS})]


@hookimpl
def mahjong_situation_fields():
    return [SituationField("fuzhou.robbing_gold", "robbing_gold", "bool", False,
                           "抢金: the hand wins by taking the turned-up gold at the opening (win_tile = the gold, "
                           "self_drawn)")]


@hookimpl
def mahjong_validators():
    return [Validator("fuzhou.robbing_gold", validate.check_situation, (validate.check_situation.__doc__ or "").strip()),
            Validator("fuzhou.gold_discard", None, (validate.gold_discard_agrees.__doc__ or "").strip().splitlines()[0],
                      ruleset=validate.gold_discard_agrees),
            Validator("fuzhou.formula", None, (validate.formula_agrees.__doc__ or "").strip().splitlines()[0],
                      ruleset=validate.formula_agrees)]


@hookimpl
def mahjong_win_shapes():
    return [WinShape("fuzhou.all_pairs", pairs.all_pairs, (pairs.all_pairs.__doc__ or "").strip(),
                     shanten=pairs.shanten)]


@hookimpl
def mahjong_fan_checks():
    """The ``fuzhou.*`` checks, each declared beside its function (``@fan_check``) in points.py and
    specials.py: every one but 天胡's reads the situation only, so is asked once per hand."""
    return fan_checks(points, specials)


@hookimpl
def mahjong_settlements():
    return [settlement.GoldRules.rule("fuzhou.gold_rules", settlement.settle, (settlement.__doc__ or "").strip())]


@hookimpl
def mahjong_explain(result, ruleset):
    """B, which special won, and how S is made (rulesets settled by ``fuzhou.gold_rules``)."""
    rule = ruleset.settlement_rule
    if rule is None or rule.item.id != "fuzhou.gold_rules":
        return None
    return explain.explain(result, ruleset)



@hookimpl
def mahjong_table_flow(ruleset):
    """The gold rules at the table: 开金, the reserve, the gold discard, 金雀 priority, 三金倒 (flow.py)."""
    return flow.table_flow(ruleset)
