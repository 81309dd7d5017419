"""Guangdong mahjong (广东麻将), a family of profiles over one plugin: the 大胡 money table
(``guangdong``), 推倒胡 (``guangdong-tuidaohu``), 莲花广麻 (``guangdong-lianhua``), 108 tiles with
包 (``guangdong-bao``) and the overlays 鸡平胡 / 100张 (README.md: the profiles side by side).

Modules: ``patterns`` (the fan checks), ``facts`` (tile facts with and without ghosts),
``horses`` (seat tables, horse count, hits), ``bills`` (who pays a win, and how much),
``kongs`` (kong money, chains, 杠上杠, 抢杠), ``options`` (each profile's settlement defaults), ``tilesets`` (108, 100 and 莲花's 136 with
红中 bonus tiles); ``settle`` (the four settlement rules, core replayers). The rulesets are in
``rulesets/guangdong*.yaml``; this folder's README.md documents every rule and option.
"""
from __future__ import annotations

from mahjong_core.fans import FanCheck
from mahjong_core.hookspecs import hookimpl

from . import settle
from .patterns import CHECKS
from .tilesets import TILE_SETS


@hookimpl
def mahjong_fan_checks():
    return [FanCheck(cid, func, (func.__doc__ or "").strip(), per_hand=per_hand)
            for cid, (func, per_hand) in CHECKS.items()]


@hookimpl
def mahjong_tile_sets():
    return list(TILE_SETS)


@hookimpl
def mahjong_settlements():
    return settle.rules()
