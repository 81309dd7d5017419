"""Dealer streak points (连庄番) from a record's ``dealer_streak``, and how the count moves on.

The two lines count differently (README.md):

* revised (``fuzhou``): ``dealer_streak`` = hands in a row the dealer has already kept the
  seat, drawn hands included; points = dealer_streak − 1, never below 0 (站顶: the first
  continuation counts nothing);
* classic (``fuzhou-classic``): ``dealer_streak`` = the dealer's consecutive wins already
  had; points = dealer_streak; a drawn hand keeps the count.

Either way only a dealer win scores the streak (unless ``streak_for_non_dealer_winner``), and
a win by anyone else passes the seat and ends the streak.
"""
from __future__ import annotations

from collections.abc import Mapping


OUTCOMES = ("dealer_win", "draw", "other_win")


def streak_points(dealer_streak: int, winner_is_dealer: bool, options: Mapping) -> int:
    """The points the streak adds to the winner's B."""
    if not winner_is_dealer and not options["streak_for_non_dealer_winner"]:
        return 0
    kept = dealer_streak if options["streak_first_continuation_counts"] else max(0, dealer_streak - 1)
    return kept * options["streak_point"]


def next_streak(dealer_streak: int, outcome: str, options: Mapping) -> int:
    """``dealer_streak`` of the next hand: a dealer win adds one, a drawn hand adds one where
    draws extend the streak (else keeps it), another player's win starts the new dealer at 0."""
    if outcome == "dealer_win":
        return dealer_streak + 1
    if outcome == "draw":
        return dealer_streak + 1 if options["draws_extend_streak"] else dealer_streak
    if outcome == "other_win":
        return 0
    raise ValueError(f"outcome must be one of {', '.join(OUTCOMES)}, got {outcome!r}")
