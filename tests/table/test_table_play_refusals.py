"""Illegal actions: each is refused with an ``illegal_action`` error naming the rule, and the
table's state (record, every observation, every legal list, the wall) is exactly as before."""
from __future__ import annotations

import pytest

from mahjong_core.engine.table import IllegalActionError

from table_play_helpers import PRIORITY, act, snapshot, table

# the dealer's 14 tiles make a complete hand of 7 points self-drawn: below Guobiao's 8
LOW = ["234m345p567s678m9s", "1358m2468p1357s1z", "1379m1379p2468s7z", "2356m2357p2356s4z"]


def refused(t, data, *words):
    before = snapshot(t)
    with pytest.raises(IllegalActionError) as e:
        t.act(data)
    assert e.value.code == "illegal_action"
    for w in words:
        assert w in e.value.message, e.value.message
    assert snapshot(t) == before
    return e.value.message


def test_a_win_below_the_minimum_is_never_offered_and_is_refused_naming_the_minimum():
    t = table(LOW, draws="9s")
    assert all(a.kind != "win" for a in t.legal(0))
    refused(t, {"type": "win", "seat": 0}, "below_minimum", "minimum of 8")


def test_a_hand_that_does_not_win_is_refused():
    t = table(LOW, draws="1z")
    refused(t, {"type": "win", "seat": 0}, "not_winning")


def test_out_of_turn_and_wrong_tiles():
    t = table(LOW, draws="1z")
    refused(t, {"type": "discard", "seat": 1, "tile": "1m"}, "seat 0's turn")
    refused(t, {"type": "discard", "seat": 0, "tile": "1m"}, "holds no 1m")
    refused(t, {"type": "pung", "seat": 0}, "no discard to claim")
    refused(t, {"type": "concealed_kong", "seat": 0, "tile": "2m"}, "needs all four")
    refused(t, {"type": "added_kong", "seat": 0, "tile": "2m"}, "melded pung")


@pytest.mark.parametrize("data, words", [
    ({"type": "discard", "seat": 0}, "names the tile"),
    ({"type": "pass", "seat": 0, "tile": "1m"}, "names no tile"),
    ({"type": "throw", "seat": 0, "tile": "1m"}, "unknown action type"),
    ({"type": "discard", "seat": 4, "tile": "1m"}, "seat number 0–3"),
    ({"type": "discard", "seat": 0, "tile": "0m"}, "'tile'"),
    ({"type": "discard", "seat": 0, "tile": "1m", "why": 1}, "unknown field"),
    (["discard", 0], "an action is an object"),
])
def test_malformed_actions_are_refused(data, words):
    refused(table(LOW, draws="1z"), data, words)


def test_claims_in_a_window():
    t = table(PRIORITY, draws="8s")
    act(t, 0, "discard", "4m")
    refused(t, {"type": "discard", "seat": 0, "tile": "9m"}, "waits for answers")
    refused(t, {"type": "pass", "seat": 0}, "discarded 4m itself")
    refused(t, {"type": "pung", "seat": 1}, "two 4m", "holds 0")
    refused(t, {"type": "win", "seat": 2}, "not_winning")
    act(t, 2, "pass")
    refused(t, {"type": "pung", "seat": 2}, "already answered")


def test_nothing_after_the_hand_is_over():
    t = table(PRIORITY, draws="8s")
    act(t, 0, "discard", "4m")
    act(t, 1, "pass")
    act(t, 2, "pass")
    act(t, 3, "win")
    assert t.over
    refused(t, {"type": "pass", "seat": 1}, "the hand is over")
