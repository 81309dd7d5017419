"""Fuzhou mahjong (福州麻将), the gold rules: 16-tile hands, honours and flowers as bonus tiles,
one gold kind wild except its face-up copy, specials 天胡 / 金雀 / 抢金 / 三金倒 (and the classic
line's 金龙 / 无花无杠 / 一张花), points × 2 on a self-draw plus the special.

Two lines: ``fuzhou`` (the newly revised rules) and ``fuzhou-classic`` (the online-platform
line); their draft YAML is in ``drafts/`` until the core keys it uses exist. This plugin
registers the fan checks (``fuzhou.*``); the streak, payer and gold-discard rules are plain
functions (streak.py, payers.py, gold_discard.py) for the settlement. See README.md.
"""
from __future__ import annotations

from mahjong_core.fans import FanCheck
from mahjong_core.hookspecs import hookimpl

from . import points, specials

CHECKS = {**points.CHECKS, **specials.CHECKS}


@hookimpl
def mahjong_fan_checks():
    """Every check reads the situation only: asked once per hand."""
    return [FanCheck(cid, func, (func.__doc__ or "").strip(), per_hand=True) for cid, func in CHECKS.items()]
