"""Guobiao (MCR, 国标麻将): the 81 fans + 明暗杠, the knitted and nine-gates win shapes, the
competition settlement and the reference calculator's tie-break.

Points, exclusions and rule-version options live in rulesets/guobiao.yaml (and its overlays
guobiao-2014.yaml, guobiao-strict98.yaml); this package holds only what needs an algorithm.
"""
from __future__ import annotations

from mahjong_core.fans import FanCheck
from mahjong_core.hookspecs import SettlementRule, WinShape, hookimpl

from . import checks, choose, explain, fills, settlement, shapes


@hookimpl
def mahjong_win_shapes():
    return [
        WinShape("honors_and_knitted", shapes.honors_and_knitted, shapes.honors_and_knitted.__doc__,
                 melds=False),
        WinShape("knitted_straight", shapes.knitted_straight, shapes.knitted_straight.__doc__),
        WinShape("nine_gates", shapes.nine_gates, shapes.nine_gates.__doc__, melds=False),
    ]


@hookimpl
def mahjong_fan_checks():
    return [FanCheck(f"guobiao.{name}", getattr(checks, name), getattr(checks, name).__doc__,
                     fill_key=fills.fill_key)
            for name in ("special", "chows", "pungs", "concealment", "win", "tiles")] + \
        [FanCheck("guobiao.waits", checks.waits, checks.waits.__doc__, most=1)] + \
        [FanCheck("guobiao.fallback", checks.fallback, checks.fallback.__doc__, per_hand=True)]


@hookimpl
def mahjong_settlements():
    return [SettlementRule("guobiao", settlement.settle, settlement.settle.__doc__,
                           event_types=("win", "kong", "end"))]


@hookimpl
def mahjong_choose_result(candidates, ruleset):
    """Ties between readings of a Guobiao-family ruleset: pick what the reference picks."""
    if ruleset.options.get("tie_break") != "reference":
        return None
    return choose.reference_choice(candidates)


@hookimpl
def mahjong_explain(result, ruleset):
    """Which sets made which relationship fans, what the combination principles removed."""
    if not any(r.check.startswith("guobiao.") for r in ruleset.fan_rules):
        return None
    return explain.explain(result, ruleset)
