"""Scripted hands on explicit walls: claim priority (a win, then a kong or pung, then a chow),
the nearest winner, chows from the left only, robbing an added kong, kong replacements and
bonus tiles from the tail, the drawn hand at the end of the wall."""
from __future__ import annotations

import json

import pytest

from mahjong_core.engine import tiles as T
from mahjong_core.engine.table import Deal, IllegalActionError, Table
from mahjong_core.engine.table.match import play_hand
from mahjong_core.engine.table.bots import RandomBot

from table_play_helpers import PRIORITY, act, guobiao, pass_windows, table



def priority_table() -> Table:
    t = table(PRIORITY, draws="8s")
    act(t, 0, "discard", "4m")
    assert t.state.phase == "claim" and set(t.to_move()) == {1, 2, 3}
    assert {a.kind for a in t.legal(1)} == {"pass", "chow"}
    assert {a.kind for a in t.legal(2)} == {"pass", "pung"}
    assert {a.kind for a in t.legal(3)} == {"pass", "win"}
    return t


def test_a_win_beats_a_pung_and_a_chow():
    t = priority_table()
    act(t, 1, "chow", "4m")
    act(t, 2, "pung")
    assert t.state.phase == "claim" and t.to_move() == (3,)
    act(t, 3, "win")
    assert t.over and t.state.winners == [3]
    win = t.record()["events"][-1]
    assert win["type"] == "win" and win["seat"] == 3 and win["from"] == 0
    assert win["situation"]["win_tile"] == "4m" and win["situation"]["hand"] == "224m6677p334499s"
    assert t.settle().deltas[3] > 0 and sum(t.settle().deltas) == 0


def test_a_pung_beats_a_chow():
    t = priority_table()
    act(t, 3, "pass")
    act(t, 1, "chow", "4m")
    act(t, 2, "pung")
    st = t.state
    assert st.phase == "turn" and st.turn == 2 and st.claimed
    meld = t.observe(0).seats[2].melds[0]
    assert meld == {"type": "pung", "tiles": "444m", "claimed": "4m", "from": "across"}
    assert not any(a.kind in ("win", "concealed_kong", "added_kong") for a in t.legal(2))
    assert t.state.seats[0].pool == []          # the claimed tile left the pool


def test_a_chow_when_nobody_else_claims():
    t = priority_table()
    act(t, 3, "pass")
    act(t, 2, "pass")
    act(t, 1, "chow", "4m")
    assert t.state.turn == 1
    assert t.observe(1).seats[1].melds[0] == {"type": "chow", "tiles": "456m", "claimed": "4m", "from": "left"}


def test_all_pass_and_the_next_seat_draws():
    t = priority_table()
    pass_windows(t)
    assert t.state.phase == "turn" and t.state.turn == 1 and t.state.drawn is not None
    assert t.state.seats[0].pool == [T.tile("4m")]


def test_a_chow_only_from_the_left():
    """Seat 3 holds 5m6m too, but sits right of seat 0's discard: it is offered no chow."""
    hands = ["4m9m1p5p9p2s6s9s1z2z3z5z6z", "1358m2468p1357s1z", "1379m1379p2468s7z", "56m2357p12356s7z7z"]
    t = table(hands, draws="8s")
    act(t, 0, "discard", "4m")
    assert all(a.kind != "chow" for a in t.legal(3))
    before = json.dumps(t.record())
    with pytest.raises(IllegalActionError, match="chow is claimed only from the left: only seat 1"):
        act(t, 3, "chow", "4m")
    assert json.dumps(t.record()) == before


# seats 1 and 3 both wait on 7z with seven pairs; the dealer draws 7z and lets it go
NEAREST = ["3699m258p147s123z", "11m22p33s44m55p66s7z", "1478m369p258s125z", "77m88p99s11s22s33p7z"]


@pytest.mark.parametrize("dealer, winner", [(0, 1), (2, 3)])
def test_one_winner_the_nearest_in_turn_from_the_discarder(dealer, winner):
    t = table(NEAREST, draws="7z", dealer=dealer)
    act(t, dealer, "discard", "7z")
    assert set(t.to_move()) == {1, 3}
    act(t, 3, "win")
    act(t, 1, "win")
    assert t.over and t.state.winners == [winner]
    wins = [e for e in t.record()["events"] if e["type"] == "win"]
    assert len(wins) == 1 and wins[0]["seat"] == winner and wins[0]["from"] == dealer
    assert guobiao().settle(t.record()).deltas == t.settle().deltas


# seat 0 lets 5p go, seat 1 pungs it (seat 2, waiting on 5p, lets it pass), later draws the
# fourth 5p and adds it: seat 2 robs the kong
ROB = ["369m258p147s1234z", "55p147m258s34567z", "123456789m46p11z", "258m1379p369s256z"]


def rob_table(tail: str = "") -> Table:
    t = table(ROB, draws="9s" + "1s4s7s" + "5p", tail=tail)
    act(t, 0, "discard", "5p")
    assert {a.kind for a in t.legal(2)} == {"pass", "win"}
    act(t, 2, "pass")
    act(t, 1, "pung")
    act(t, 1, "discard", "1m")
    pass_windows(t)
    for seat in (2, 3, 0):
        assert t.state.turn == seat
        act(t, seat, "discard", T.name(t.state.drawn))
        pass_windows(t)
    assert t.state.turn == 1 and t.state.drawn == T.tile("5p")
    assert any(a.kind == "added_kong" for a in t.legal(1))
    act(t, 1, "added_kong", "5p")
    return t


def test_robbing_an_added_kong():
    t = rob_table()
    assert t.state.phase == "rob" and t.to_move() == (2,)
    assert {a.kind for a in t.legal(2)} == {"pass", "win"}
    act(t, 2, "win")
    events = t.record()["events"]
    assert events[-2] == {"type": "kong", "seat": 1, "kind": "added", "tile": "5p"}
    assert events[-1]["seat"] == 2 and events[-1]["from"] == 1 and events[-1]["situation"]["robbing_kong"]
    assert t.observe(0).seats[1].melds[0]["type"] == "pung"       # the robbed kong never completes
    assert "robbing_the_kong" in {f.id for f in guobiao().score(events[-1]["situation"]).fans}
    result = guobiao().settle(t.record())
    assert result.deltas[2] > 0 and result.deltas == t.settle().deltas


def test_an_added_kong_let_pass_takes_its_replacement_from_the_tail():
    t = rob_table(tail="6z")
    act(t, 2, "pass")
    assert t.state.phase == "turn" and t.state.turn == 1 and t.state.drawn == T.tile("6z")
    assert t.observe(2).seats[1].melds[0] == {"type": "kong", "tiles": "5555p", "concealed": False,
                                              "claimed": "5p", "from": "left"}


def test_a_concealed_kong_replaced_from_the_tail_and_a_flower_replaced_again():
    """Seat 1 is dealt 2f: the deal replaces it from the tail (8m); the dealer's kong of 9s draws
    1f from the tail, sets it aside and draws 6z."""
    hands = ["9999s258m147p356z", "2f1358m2468p1357s", "1379m1379p2468s7z", "2356m2357p2356s4z"]
    t = table(hands, draws="4z", tail="8m" + "1f" + "6z")
    assert t.observe(1).seats[1].bonus == (T.tile("2f"),)
    assert T.tile("8m") in t.observe(1).hand and len(t.observe(1).hand) == 13
    left = t.state.wall.left
    assert any(a.kind == "concealed_kong" and a.tile == T.tile("9s") for a in t.legal(0))
    act(t, 0, "concealed_kong", "9s")
    obs = t.observe(0)
    assert obs.drawn == T.tile("6z") and obs.seats[0].bonus == (T.tile("1f"),)
    assert t.state.wall.left == left - 2
    assert t.record()["events"] == [{"type": "kong", "seat": 0, "kind": "concealed", "tile": "9s"}]
    assert t.observe(2).seats[0].melds == ({"type": "kong", "concealed": True},)


def test_a_flower_drawn_in_play_is_set_aside_and_replaced():
    hands = ["369m258p147s1234z", "1358m2468p1357s1z", "1379m1379p2468s7z", "2357p12356s4567z"]
    t = table(hands, draws="3f", tail="9m")
    assert t.state.drawn == T.tile("9m") and t.observe(0).seats[0].bonus == (T.tile("3f"),)


def test_the_wall_runs_out_and_the_hand_is_drawn():
    rules = guobiao()
    result = play_hand(rules, [RandomBot(1, 0, s) for s in range(4)], Deal(1, 0))
    assert result.winners == () and result.record["events"] == [{"type": "end"}]
    assert result.deltas == (0, 0, 0, 0)
    t = Table(rules, Deal(1, 0))
    for data in result.record["play"]["actions"]:
        t.act(data)
    assert t.over and t.state.wall.left == 0 and all(s.size == 13 for s in t.state.seats)
    assert all(t.legal(s) == () for s in range(4))


def test_a_kong_replacement_that_is_the_walls_last_tile_is_both_after_kong_and_last_tile():
    """杠上开花 and 妙手回春 together: the 332-fan worked example opens the last kong on the
    second-to-last tile, and its replacement, also the wall's last tile, wins. Every seat lets its
    drawn tile go. The dealer and the next three draw the eight flowers first, each replaced from
    the tail (its first eight tiles), so seat 2's 83rd draw from the front (83 − 1 ≡ 2 mod 4)
    leaves one tile: 5z, the tail's ninth; seat 2 konged 1m and draws it."""
    hands = ["3567m2468p1357s1z", "2m3m4m5m6m2p3p5p6p2s3s1z2z", "1111m234p567s789s", "5m6m7m1p1p9p9p6s8s9s2z6z7z"]
    t = table(hands, draws="12345678f", tail="9m9m9m9m8m8m8m7m" + "5z" + "5z")
    while t.state.wall.left > 1:
        pass_windows(t)
        act(t, t.state.turn, "discard", T.name(t.state.drawn))
    assert t.state.turn == 2 and t.state.drawn == T.tile("5z")
    act(t, 2, "concealed_kong", "1m")
    assert t.state.wall.left == 0 and t.state.drawn == T.tile("5z")
    act(t, 2, "win")
    situation = t.record()["events"][-1]["situation"]
    assert situation["after_kong"] == 1 and situation["last_tile"] is True
    fans = {f.id for f in t.ruleset.score(situation).fans}
    assert {"out_with_replacement_tile", "last_tile_draw"} <= fans and "self_drawn" not in fans


def test_a_rob_window_takes_only_a_win_or_a_pass():
    t = rob_table()
    with pytest.raises(IllegalActionError, match=r"an added kong may only be robbed \(win\) or let pass"):
        act(t, 2, "pung")
