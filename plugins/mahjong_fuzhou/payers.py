"""Who pays a Fuzhou win, and how much each payer's share S is.

S = B + special on a discard win, 2 × B + special on a self-draw (README.md; the revised line and
classic version B; version A: (B + 5) × 2 + special, (B + 5) × 2 × 3 + special self-drawn, B
without kongs); the hand's ``value`` is S without the streak, so the
streak points are added to B here, through the ruleset's value formula. The rules
(``options.payers``):

* ``all_three`` — each of the three others pays S (the revised line, discard or self-draw);
* ``discarder`` — the discarder alone pays S;
* ``discarder_double`` — the discarder alone pays 2S (the classic line's discard win);
* ``discarder_all`` — the discarder pays for all three, 3S (minyic7's "traditional" reading).

A robbed added kong (抢杠, classic) counts as a discard by the kong's declarer.
"""
from __future__ import annotations

from collections.abc import Mapping

from mahjong_core.plugin import Fan, Payment, why

REASONS = {
    ("self_draw", "all_three"): "self-drawn win: each of the three others pays S",
    ("discard", "all_three"): "discard win: each of the three others pays S",
    ("discard", "discarder"): "discard win: the discarder pays S",
    ("discard", "discarder_double"): "discard win: the discarder pays 2S",
    ("discard", "discarder_all"): "discard win: the discarder pays for all three (3S)",
    ("robbed_kong", "all_three"): "robbed added kong: each of the three others pays S",
    ("robbed_kong", "discarder"): "robbed added kong: its declarer pays S as the discarder",
    ("robbed_kong", "discarder_double"): "robbed added kong: its declarer pays 2S as the discarder",
    ("robbed_kong", "discarder_all"): "robbed added kong: its declarer pays for all three (3S)",
}
REASONS_ZH = {
    ("self_draw", "all_three"): "{winner} 自摸：其余三家各付 S",
    ("discard", "all_three"): "{payer} 点炮给 {winner}：其余三家各付 S",
    ("discard", "discarder"): "{payer} 点炮给 {winner}：点炮者付 S",
    ("discard", "discarder_double"): "{payer} 点炮给 {winner}：点炮者付 2S",
    ("discard", "discarder_all"): "{payer} 点炮给 {winner}：点炮者包三家（3S）",
    ("robbed_kong", "all_three"): "{winner} 抢 {payer} 的补杠：其余三家各付 S",
    ("robbed_kong", "discarder"): "{winner} 抢 {payer} 的补杠：补杠者按点炮付 S",
    ("robbed_kong", "discarder_double"): "{winner} 抢 {payer} 的补杠：补杠者按点炮付 2S",
    ("robbed_kong", "discarder_all"): "{winner} 抢 {payer} 的补杠：补杠者包三家（3S）",
}
_TIMES = {"discarder": 1, "discarder_double": 2, "discarder_all": 3}


def share(result, streak: int, ruleset):
    """S: the ruleset's value formula of the hand's fans with the streak points as one more
    points fan, so the streak is part of B whatever the formula does to B (× 2 self-drawn in
    version B; + 5, × 2, × 3 self-drawn in version A)."""
    if not streak:
        return result.value
    fans = result.fans + (Fan("streak", "连庄", "Dealer streak", streak),)
    return ruleset.value_formula(result.total + streak, fans, result.situation, **ruleset.value_params)


def win_payments(seats: int, winner: int, s, options: Mapping, *, discarder: int | None = None,
                 robbed_kong: bool = False) -> list[Payment]:
    """The payments of one win worth S per payer, by ``options.payers`` (its choices declared in
    fuzhou.yaml). ``discarder``: the seat whose discard (or, with ``robbed_kong``, whose added
    kong) was won on; None for a self-draw."""
    if discarder is None:
        method, rule = "self_draw", options["payers"]["self_draw"]
    else:
        method, rule = "robbed_kong" if robbed_kong else "discard", options["payers"]["discard"]
    def reason(payer: int):
        named = {"winner": winner, "payer": payer if discarder is None else discarder}
        return why(f"{method}_{rule}", REASONS[(method, rule)], REASONS_ZH[(method, rule)], named, s=s)
    if rule == "all_three":
        return [Payment.of((winner + k) % seats, winner, s, reason((winner + k) % seats)) for k in range(1, seats)]
    return [Payment.of(discarder, winner, _TIMES[rule] * s, reason(discarder))]
