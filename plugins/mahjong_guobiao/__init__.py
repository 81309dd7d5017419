"""Guobiao (MCR, 国标麻将): the 81 fans + 明暗杠, the knitted and nine-gates win shapes, the
competition settlement and the reference calculator's tie-break.

Points, exclusions and rule-version options live in rulesets/guobiao.yaml (and its overlays
guobiao-2014.yaml, guobiao-strict98.yaml); this package holds only what needs an algorithm:

* standard.py — the checks the YAML names (``guobiao.<family>``), one per family of fans;
* traits.py — the tile-trait engine (one predicate per trait fan), relations.py — the set
  relationships under the combination principles, facts.py — what a reading holds;
* one module per special shape, with the shape's search and every fan it earns:
  seven_pairs.py, thirteen_orphans.py, honors_and_knitted.py, knitted_straight.py,
  nine_gates.py;
* fills.py — the fill keys that let a family of wild readings share answers;
* awards.py — fan id → the function that decides it (``AWARDS``, ``awarded_by``).
"""
from __future__ import annotations

from mahjong_core.plugin import FanCheck, SettlementRule, WinShape, hookimpl

from . import choose, explain, fills, honors_and_knitted, knitted_straight, nine_gates, settlement, standard
from .awards import AWARDS, awarded_by

__all__ = ["AWARDS", "awarded_by"]


@hookimpl
def mahjong_win_shapes():
    return [
        WinShape("honors_and_knitted", honors_and_knitted.readings, honors_and_knitted.readings.__doc__,
                 melds=False, waits=honors_and_knitted.shape_waits, shanten=honors_and_knitted.shanten,
                 shanten_draws=honors_and_knitted.shanten_draws,
                 shanten_useful=honors_and_knitted.shanten_useful),
        WinShape("knitted_straight", knitted_straight.readings, knitted_straight.readings.__doc__,
                 waits=knitted_straight.shape_waits, shanten=knitted_straight.shanten,
                 shanten_draws=knitted_straight.shanten_draws,
                 shanten_bound=knitted_straight.shanten_bound,
                 shanten_useful=knitted_straight.shanten_useful),
        WinShape("nine_gates", nine_gates.readings, nine_gates.readings.__doc__, melds=False,
                 waits=nine_gates.shape_waits, shanten=nine_gates.shanten,
                 shanten_draws=nine_gates.shanten_draws, shanten_bound=nine_gates.shanten_bound),
    ]


# the checks asked of every reading (the head), each with the fill key its answers depend on
HEAD_CHECKS = ("special", "chows", "pungs", "concealment", "win", "tiles")


@hookimpl
def mahjong_fan_checks():
    return [FanCheck(f"guobiao.{name}", getattr(standard, name), getattr(standard, name).__doc__,
                     fill_key=fills.fill_key, reads=WIN_FLAGS if name == "win" else (),
                     awards=CHECK_AWARDS.get(f"guobiao.{name}"))
            for name in HEAD_CHECKS] + \
        [FanCheck("guobiao.waits", standard.waits, standard.waits.__doc__, most=1, reads=())] + \
        [FanCheck("guobiao.fallback", standard.fallback, standard.fallback.__doc__, per_hand=True, reads=())]


# the situation flags guobiao.win reads (FanCheck.reads): 妙手回春/海底捞月, 杠上开花, 抢杠和, 和绝张
WIN_FLAGS = ("last_tile", "after_kong", "robbing_kong", "fourth_tile")


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


# the fan ids each check answering with a mapping can award (FanCheck.awards): a fan under it
# with another id is refused when its ruleset loads
CHECK_AWARDS = {
    "guobiao.chows": frozenset({
        "four_pure_shifted_chows", "mixed_double_chow", "mixed_shifted_chows", "mixed_straight",
        "mixed_triple_chow", "pure_double_chow", "pure_shifted_chows", "pure_straight",
        "pure_terminal_chows", "pure_triple_chow", "quadruple_chow", "short_straight",
        "three_suited_terminal_chows", "two_terminal_chows",
    }),
    "guobiao.concealment": frozenset({
        "all_pungs", "concealed_kong", "concealed_kong_and_melded_kong", "four_concealed_pungs",
        "four_kongs", "melded_kong", "three_concealed_pungs", "three_kongs", "two_concealed_kongs",
        "two_concealed_pungs", "two_melded_kongs",
    }),
    "guobiao.pungs": frozenset({
        "big_four_winds", "big_three_dragons", "big_three_winds", "double_pung", "dragon_pung",
        "four_pure_shifted_pungs", "little_four_winds", "little_three_dragons", "mixed_shifted_pungs",
        "prevalent_wind", "pung_of_terminals_or_honors", "pure_shifted_pungs", "seat_wind", "triple_pung",
        "two_dragons_pungs",
    }),
    "guobiao.special": frozenset({
        "greater_honors_and_knitted_tiles", "knitted_straight", "lesser_honors_and_knitted_tiles",
        "nine_gates", "seven_pairs", "seven_shifted_pairs", "thirteen_orphans",
    }),
    "guobiao.tiles": frozenset({
        "all_chows", "all_even_pungs", "all_five", "all_green", "all_honors", "all_simples",
        "all_terminals", "all_terminals_and_honors", "all_types", "full_flush", "half_flush", "lower_four",
        "lower_tiles", "middle_tiles", "no_honors", "one_voided_suit", "outside_hand", "reversible_tiles",
        "tile_hog", "upper_four", "upper_tiles",
    }),
    "guobiao.waits": frozenset({"closed_wait", "edge_wait", "single_wait"}),
    "guobiao.win": frozenset({
        "concealed_hand", "fully_concealed_hand", "last_tile", "last_tile_claim", "last_tile_draw",
        "melded_hand", "out_with_replacement_tile", "robbing_the_kong", "self_drawn",
    }),
}
