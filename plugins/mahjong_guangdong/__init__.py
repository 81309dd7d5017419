"""Guangdong mahjong (广东麻将), a family of profiles over one plugin: the 大胡 money table
(``guangdong``), 推倒胡 (``guangdong-tuidaohu``), 莲花广麻 (``guangdong-lianhua``), 108 tiles with
包 (``guangdong-bao``) and the overlays 鸡平胡 / 100张 (README.md: the profiles side by side).

Modules: ``patterns`` (the fan checks), ``facts`` (tile facts with and without ghosts),
``horses`` (seat tables, horse count, hits), ``bills`` (who pays a win, and how much),
``kongs`` (kong money, chains, 杠上杠, 抢杠), ``validate`` (四鬼胡牌 before the first discard), ``tilesets`` (108, 100 and 莲花's 136 with
红中 bonus tiles); ``settle`` (the four settlement rules, core replayers). The rulesets are in
``rulesets/guangdong*.yaml``, their options declared once in ``guangdong-base.yaml``; this folder's
README.md documents every rule and option.
"""
from __future__ import annotations

from mahjong_core.plugin import FanCheck, SituationField, Validator, hookimpl

from . import settle, validate
from .patterns import CHECKS
from .tilesets import TILE_SETS


@hookimpl
def mahjong_fan_checks():
    return [FanCheck(cid, func, (func.__doc__ or "").strip(), per_hand=per_hand, reads=READS.get(cid, ()),
                     awards=CHECK_AWARDS.get(cid))
            for cid, (func, per_hand) in CHECKS.items()]


# the situation flags a check reads (FanCheck.reads); the others read none
READS = {"guangdong.bloom": ("after_kong",), "guangdong.plain_by_method": ("robbing_kong",),
         "guangdong.four_wilds": ("first_turn",)}


@hookimpl
def mahjong_tile_sets():
    return list(TILE_SETS)


@hookimpl
def mahjong_situation_fields():
    return [SituationField("guangdong.before_first_discard", validate.FIELD, "bool", False,
                           "四鬼胡牌: the win comes before the winner's first discard (first_turn implies it)")]


@hookimpl
def mahjong_validators():
    check = validate.four_ghosts_before_first_discard
    return [Validator("guangdong.four_ghosts", check, (check.__doc__ or "").strip().splitlines()[0])]


@hookimpl
def mahjong_settlements():
    return settle.rules()


# the fan ids each check answering with a mapping can award (FanCheck.awards): a fan under it
# with another id is refused when its ruleset loads
CHECK_AWARDS = {
    "guangdong.bao_hands": frozenset({
        "duiduihu", "qingdui", "qingyise", "quanfanban", "shisanyao", "yaojiupai",
    }),
    "guangdong.big_hands": frozenset({
        "duiduipeng", "haohua_qidui", "hunpeng", "hunyijiu", "hunyise", "qingpeng", "qingyise",
        "qixiaodui", "quanfeng", "shisanyao", "shuanghao_qidui", "yaojiu",
    }),
    "guangdong.bloom": frozenset({"gangshang_gang_kaihua", "gangshang_kaihua"}),
    "guangdong.jph_extra": frozenset({"pinghu"}),
    "guangdong.plain_by_method": frozenset({"putong_zimo", "qianggang_hu"}),
    "guangdong.tdh_shape": frozenset({"pengpenghu", "pinghu", "qidui"}),
    "guangdong.tdh_suits": frozenset({"hunyise", "qingyise", "ziyise"}),
}
