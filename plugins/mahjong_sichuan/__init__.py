"""Sichuan mahjong, 血战到底 (blood battle) and 血流成河 (blood river): void suit, base patterns
taken at their maximum, roots and doublings, kong money, 查花猪 / 查大叫 / 退税 settlement.

Rulesets: ``sichuan`` (the rule text's rules, README.md), ``sichuan-xueliu`` and ``sichuan-tencent`` overlays.
Keys, values and record events are documented in this folder's README.md.
"""
from __future__ import annotations

from mahjong_core.plugin import FanCheck, SettlementRule, Validator, hookimpl

from . import patterns, settlement, validate


@hookimpl
def mahjong_fan_checks():
    return [FanCheck(cid, func, (func.__doc__ or "").strip(), reads=READS.get(cid, ()), awards=CHECK_AWARDS.get(cid))
            for cid, func in patterns.CHECKS.items()]


# the situation flags a check reads (FanCheck.reads); the others read none
READS = {"sichuan.heaven_earth": ("dealer", "first_turn"), "sichuan.kong_discard": ("discard_after_kong",),
         "sichuan.kong_flower": ("after_kong",), "sichuan.last_tile": ("last_tile",),
         "sichuan.robbing_kong": ("robbing_kong",)}


@hookimpl
def mahjong_settlements():
    return [SettlementRule("sichuan_blood_battle", settlement.settle, settlement.__doc__,
                           event_types=settlement.EVENT_TYPES, event_fields=settlement.EVENT_FIELDS)]


@hookimpl
def mahjong_validators():
    """Named by rulesets/sichuan.yaml ``validators``: the overlay's options kept consistent, and a
    hand holding its void suit, or all three suits, refused (not_winning)."""
    return [Validator("sichuan.void_suit", validate.void_suit, (patterns.void_suit_veto.__doc__ or "").strip(),
                      ruleset=validate.validate)]


# the fan ids each check answering with a mapping can award (FanCheck.awards): a fan under it
# with another id is refused when its ruleset loads
CHECK_AWARDS = {
    "sichuan.base_patterns": frozenset({
        "daiyaojiu", "duiduihu", "jiang_jingoudiao", "jiangdui", "jingoudiao", "longqidui", "pinghu",
        "qidui", "qing_jingoudiao", "qingdui", "qinglongqidui", "qingqidui", "qingshibaluohan",
        "qingyaojiu", "qingyise", "shibaluohan",
    }),
    "sichuan.heaven_earth": frozenset({"dihu", "tianhu"}),
}
