"""包's 单吊 window at the table (plugins/mahjong_guangdong/liability.py), on action lists: the
discarder of the winner's last pung or exposed kong stays liable through the winner's first
non-winning own draw and no further; a kong's replacement is an own draw; a later kong of the
winner's closes the window, one made right on the exposed kong's replacement keeps it."""
from __future__ import annotations

import pytest

from mahjong_core.engine.table.actions import Action

from mahjong_guangdong.liability import claim_liable


def a(kind: str, seat: int, tile: int | None = None) -> Action:
    return Action(kind, seat, tile)


# seat 3 lets 5p go, seat 1 claims it; what seat 1 does after, then its win
PUNG = [a("discard", 0, 1), a("discard", 1, 2), a("discard", 2, 3), a("discard", 3, 13), a("pung", 1)]
EXPOSED = PUNG[:-1] + [a("exposed_kong", 1, 13)]
ROUND = [a("discard", 2, 4), a("pass", 0), a("discard", 3, 5), a("discard", 0, 6)]     # the others' turns


@pytest.mark.parametrize("after, liable", [
    ([a("discard", 1, 7)] + ROUND, 3),                                  # won on the first own draw
    ([a("discard", 1, 7)] + ROUND + [a("discard", 1, 8)] + ROUND, 3),   # the second
    ([a("discard", 1, 7)] + ROUND + [a("discard", 1, 8)] + ROUND + [a("discard", 1, 9)] + ROUND, None),
    ([a("discard", 1, 7)] + ROUND + [a("added_kong", 1, 13)], None),     # a later kong closes it
])
def test_after_a_pung(after, liable):
    assert claim_liable(PUNG + after + [a("win", 1)], 1) == liable


@pytest.mark.parametrize("after, liable", [
    ([a("discard", 1, 7)] + ROUND, 3),                  # the replacement was the first draw, this the second
    ([a("discard", 1, 7)] + ROUND + [a("discard", 1, 8)] + ROUND, None),
    ([a("concealed_kong", 1, 20), a("discard", 1, 7)] + ROUND, 3),       # a kong right on the replacement
])
def test_after_an_exposed_kong(after, liable):
    assert claim_liable(EXPOSED + after + [a("win", 1)], 1) == liable


def test_no_claim_no_liable_seat_and_the_last_claim_counts():
    assert claim_liable(PUNG[:-1] + [a("win", 1)], 1) is None
    again = PUNG + [a("discard", 1, 7), a("discard", 2, 14), a("pung", 1), a("discard", 1, 8)] + ROUND
    assert claim_liable(again + [a("win", 1)], 1) == 2
