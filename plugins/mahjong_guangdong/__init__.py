"""Guangdong mahjong (广东麻将), a family of profiles over one plugin: the 大胡 money table
(``guangdong``), 推倒胡 (``guangdong-tuidaohu``), 莲花广麻 (``guangdong-lianhua``), 108 tiles with
包 (``guangdong-bao``) and the overlays 鸡平胡 / 100张 (README.md: the profiles side by side).

Modules: ``patterns`` (the fan checks), ``facts`` (tile facts with and without ghosts),
``horses`` (seat tables, horse count, hits), ``bills`` (who pays a win, and how much),
``kongs`` (kong money, chains, 杠上杠, 抢杠), ``flow`` (every profile at the table: the ghost
turned up, horses, 跟庄, the dealer's rotation), ``liability`` (包's 单吊 window at the table), ``validate`` (四鬼胡牌 before the first discard), ``tilesets`` (108, 100 and 莲花's 136 with
红中 bonus tiles); ``settle`` (the four settlement rules, core replayers). The rulesets are in
``rulesets/guangdong*.yaml``, their options declared once in ``guangdong-base.yaml``; this folder's
README.md documents every rule and option.
"""
from __future__ import annotations

from mahjong_core.plugin import SituationField, Validator, fan_checks, hookimpl

from . import flow, patterns, settle, validate
from .tilesets import TILE_SETS


@hookimpl
def mahjong_fan_checks():
    """The ``guangdong.*`` checks, each declared beside its function in patterns.py (``@fan_check``)."""
    return fan_checks(patterns)


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



@hookimpl
def mahjong_table_flow(ruleset):
    """Every Guangdong profile at the table: the ghost turned up, horses, 跟庄, 包 liability (flow.py)."""
    return flow.table_flow(ruleset)
