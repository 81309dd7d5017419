"""Sichuan mahjong, 血战到底 (blood battle) and 血流成河 (blood river): void suit, base patterns
taken at their maximum, roots and doublings, kong money, 查花猪 / 查大叫 / 退税 settlement.

Rulesets: ``sichuan`` (the rule text's rules, README.md), ``sichuan-xueliu`` and ``sichuan-tencent`` overlays.
Keys, values and record events are documented in this folder's README.md.
"""
from __future__ import annotations

from mahjong_core.plugin import SettlementRule, Validator, fan_checks, hookimpl

from . import flow, patterns, settlement, validate


@hookimpl
def mahjong_fan_checks():
    """The ``sichuan.*`` checks, each declared beside its function in patterns.py (``@fan_check``)."""
    return fan_checks(patterns)


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



@hookimpl
def mahjong_table_flow(ruleset):
    """The table plays 换三张, 定缺 and the mode's continuation after a win (flow.py)."""
    return flow.table_flow(ruleset)
