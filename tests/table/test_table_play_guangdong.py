"""推倒胡 (``guangdong-tuidaohu``) at the table through its flow (plugins/mahjong_guangdong/flow.py):
the ghost indicator shown at the wall's tail, recorded and put back, the horses turned up from the
reserve after a win (6, or 4 with a ghost held) and counted by the settlement, the reserve never
drawn, self-draw only (a discard win where a club's ``table.win_methods`` allows it), seeded bot
hands that settle to the money reported, the winner dealing next, and every Guangdong profile played
(the others' flow rules: test_table_play_guangdong_profiles.py)."""
from __future__ import annotations

import io
import json

import pytest

import mahjong_core
from mahjong_core.engine import tiles as T
from mahjong_core.engine.errors import UnsupportedError
from mahjong_core.engine.table import Deal, Table, unsupported
from mahjong_core.engine.table.match import play_hand, play_series
from mahjong_core.engine.table.bots import RandomBot
from mahjong_core.frontends.cli import main

from table_play_helpers import act, table

NAME = "guangdong-tuidaohu"
MIXES = [("greedy",) * 4, ("random", "greedy", "random", "greedy")]

# seat 0 (the dealer) draws 5p: 123m 456m 789m 123p 5p5p, 平和 + 自摸 (2 doublings, value 4)
READY = "123456789m123p5p"
OTHERS = ["1m4m7m2p6p9p1s4s7s1z2z3z4z", "2m5m8m3p6p9p2s5s8s1z2z3z4z", "3m6m9m4p8p7p3s6s9s5z6z6z5z"]


def _load():
    return mahjong_core.load_ruleset(NAME)


def _overlay(tmp_path, body: str):
    path = tmp_path / "club.yaml"
    path.write_text(f"extends: {NAME}\n{body}", encoding="utf-8")
    return mahjong_core.load_ruleset(path)


def _events(t, kind):
    return [e for e in t.record()["events"] if e["type"] == kind]


def _cli(*argv):
    out, err = io.StringIO(), io.StringIO()
    return main(list(argv), out=out, err=err), out.getvalue()


def test_the_ghost_is_shown_from_the_tail_put_back_and_is_its_own_kind():
    t = table([READY] + OTHERS, draws="5p", tail="7z", ruleset=_load())
    assert t.state.events == [{"type": "wild", "indicator": "7z"}]
    obs = t.observe(1)
    assert obs.wilds == (T.tile("7z"),) and obs.turned == ()     # 中 shown: 中 is the ghost, all four in play
    assert t.state.wall.remaining()[-1] == T.tile("7z")         # put back where it lay, the wall's last tile
    # 136 − 52 dealt − the dealer's first draw − 6 reserved: the reserve is not drawable
    assert t.state.wall.left == 136 - 52 - 1 - 6


def test_a_self_drawn_win_turns_six_horses_from_the_reserve_and_they_are_paid():
    # 西 is the ghost and the winner holds none: 6 horses, the six tiles at the tail, the indicator
    # put back among them first
    t = table([READY] + OTHERS, draws="5p", tail="3z" + "1m5m9m2m3m" + "4m", ruleset=_load())
    act(t, 0, "win")
    assert t.over and t.state.winners == [0]
    assert _events(t, "horses") == [{"type": "horses", "tiles": "3z1m5m9m2m3m", "seat": 0}]
    assert t.observe(1).turned == tuple(T.parse_tiles("3z1m5m9m2m3m"))
    # the dealer's horses are 1, 5, 9 (西 is the opposite seat's): 3 hits; S = 4 × (1 + 3) = 16
    # from each other player
    assert tuple(t.settle().deltas) == (48, -16, -16, -16)
    assert len(t.state.wall.remaining()) == 136 - 52 - 1 - 6       # the 4m after them is not turned


def test_a_winner_holding_a_ghost_turns_four_horses():
    # 5p is the ghost (the indicator's own kind) and the winner holds two more: 4 horses, the
    # indicator put back the first of them; the 1p that would be the fifth (a dealer's hit) stays
    t = table([READY] + OTHERS, draws="5p", tail="5p" + "1m2m5m" + "1p9p", ruleset=_load())
    act(t, 0, "win")
    assert _events(t, "horses") == [{"type": "horses", "tiles": "5p1m2m5m", "seat": 0}]
    assert T.tile("1p") in t.state.wall.remaining()
    # the 5p pair of ghosts: 123m 456m 789m 123p + pair, 平和 + 自摸, value 4; 5p 1m 5m hit: 4 × 4
    assert tuple(t.settle().deltas) == (48, -16, -16, -16)


def test_the_horses_a_record_lists_are_checked_by_the_replay():
    t = table([READY] + OTHERS, draws="5p", tail="3z" + "1m5m9m2m3m", ruleset=_load())
    act(t, 0, "win")
    record = json.loads(json.dumps(t.record()))
    assert tuple(_load().settle(record).deltas) == (48, -16, -16, -16)
    horses = next(e for e in record["events"] if e["type"] == "horses")
    horses["tiles"] = "3z1m5m9m1p3m"                          # a fourth hit claimed
    with pytest.raises(mahjong_core.MahjongError, match=r"events\[2\] \(horses\)"):
        _load().settle(record)


def test_only_self_drawn_wins_and_a_club_may_add_discard_wins(tmp_path):
    # seat 3 waits on 3p (123456789m 12p 55s); the dealer draws 9s and lets 3p go; 发 is the ghost
    hands = ["3p9p9s1z2z3z4z5z6z1m4m7m2s", "1m4m7m2p6p9p1s4s7s1z2z3z4z", "2m5m8m4p6p7p3s6s9s5z6z7z7z",
             "123456789m12p55s"]
    t = table(hands, draws="9s", tail="6z1m5m9m2m4m3m", ruleset=_load())
    act(t, 0, "discard", "3p")
    assert t.state.phase == "turn" and t.state.turn == 1           # 自摸 only: nobody may win on it
    club = _overlay(tmp_path, "table: {win_methods: [self_drawn, discard]}\n")
    t = table(hands, draws="9s", tail="6z1m5m9m2m4m3m", ruleset=club)
    act(t, 0, "discard", "3p")
    assert any(a.kind == "win" for a in t.legal(3))
    act(t, 3, "win")
    win, = _events(t, "win")
    assert win["from"] == 0 and not win["situation"]["self_drawn"]
    # seat 3 is the dealer's previous seat: 4, 8, 北 hit, so 4m does (H = 1); the indicator 发,
    # put back at the tail, is the first horse
    assert _events(t, "horses") == [{"type": "horses", "tiles": "6z1m5m9m2m4m", "seat": 3}]
    # 平和 (1 doubling, no 自摸): value 2; the discarder pays S = 2 × (1 + 1)
    assert tuple(t.settle().deltas) == (-4, 0, 0, 4)
    assert tuple(club.settle(json.loads(json.dumps(t.record()))).deltas) == (-4, 0, 0, 4)


def test_a_drawn_hand_leaves_exactly_the_reserve_and_turns_no_horses():
    rules = _load()
    result = play_hand(rules, [RandomBot(3, 0, s) for s in range(4)], Deal(seed=3, hand=0))
    assert result.winners == () and result.deltas == (0, 0, 0, 0)
    types = [e["type"] for e in result.record["events"]]
    assert types[0] == "wild" and "horses" not in types and types[-1] == "end"
    t = Table(rules, Deal(seed=3, hand=0))
    for action in result.record["play"]["actions"]:
        t.act(action)
    assert t.over and t.state.wall.left == 0
    assert len(t.state.wall.remaining()) == rules.options["reserve"] == 6


def _settles(rules, results):
    for r in results:
        record = json.loads(json.dumps(r.record))
        assert tuple(rules.settle(record).deltas) == r.deltas and sum(r.deltas) == 0
        events = record["events"]
        assert events[0]["type"] == "wild" and set(events[0]) == {"type", "indicator"}
        if r.winners:
            win, = [e for e in events if e["type"] == "win"]
            horses, = [e for e in events if e["type"] == "horses"]
            assert "from" not in win and win["situation"]["self_drawn"]       # 自摸 only
            wild = T.tile(events[0]["indicator"])
            s = win["situation"]
            held = T.parse_tiles(s["hand"] + s["win_tile"] + "".join(m["tiles"] for m in s.get("melds", [])))
            assert s["wilds"] == events[0]["indicator"]                   # the ghost is the turned kind
            assert len(T.parse_tiles(horses["tiles"])) == (4 if wild in held else 6)
            assert horses["seat"] == win["seat"]
        else:
            assert events[-1]["type"] == "end" and not any(e["type"] == "horses" for e in events)


@pytest.mark.parametrize("bots", MIXES, ids=["greedy", "mixed"])
def test_seeded_hands_keep_the_invariants_and_settle_to_what_the_table_reported(bots):
    rules = _load()
    results = list(play_series(rules, bots, 2024, 16))       # invariants checked after every action
    _settles(rules, results)
    if bots == MIXES[0]:
        assert sum(bool(r.winners) for r in results) > len(results) // 2


@pytest.mark.slow
def test_many_seeded_hands_settle():
    rules = _load()
    _settles(rules, list(play_series(rules, MIXES[1], 5, 200)))


def test_one_seed_gives_byte_identical_records():
    rules = _load()
    first = [json.dumps(r.record) for r in play_series(rules, MIXES[1], 9, 4)]
    again = [json.dumps(r.record) for r in play_series(rules, MIXES[1], 9, 4)]
    other = [json.dumps(r.record) for r in play_series(rules, MIXES[1], 10, 4)]
    assert first == again and first != other


def test_mahjong_play_records_settle_through_mahjong_settle(tmp_path):
    path = tmp_path / "hands.jsonl"
    code, out = _cli("play", "--ruleset", NAME, "--seed", "4", "--hands", "3", "--record", str(path), "--json")
    answer = json.loads(out)
    assert code == 0 and answer["ok"] and len(answer["hands"]) == 3
    for i, line in enumerate(path.read_text().splitlines()):
        one = tmp_path / f"hand{i}.json"
        one.write_text(line)
        code, out = _cli("settle", str(one), "--json")
        assert code == 0 and json.loads(out)["deltas"] == answer["hands"][i]["deltas"]


def test_the_winner_deals_next_and_a_drawn_hand_keeps_the_dealer():
    # [B:spec "庄家流转"]: the winner deals the next hand; a draw keeps the dealer
    results = list(play_series(_load(), MIXES[0], 2024, 12))
    dealers = [r.record["dealer"] for r in results]
    for before, after, r in zip(dealers, dealers[1:], results):
        assert after == (r.winners[0] if r.winners else before) == r.next_dealer
    assert any(r.winners and r.winners[0] != (d + 1) % 4 and r.winners[0] != d for d, r in zip(dealers, results))
    for before, nxt in zip(results, results[1:]):
        kept = nxt.record["dealer"] == before.record["dealer"]
        assert nxt.record["dealer_streak"] == (before.record["dealer_streak"] + 1 if kept else 0)


def test_a_reserve_smaller_than_the_horses_is_refused_naming_the_options(tmp_path):
    club = _overlay(tmp_path, "options: {reserve: 4}\n")
    with pytest.raises(UnsupportedError, match=r"options.reserve \(4\) holds fewer tiles than a win turns "
                                               r"as horses \(6"):
        Table(club, Deal(seed=1))
    assert unsupported(_overlay(tmp_path, "options: {reserve: 6, horses: 5}\n")) is None


@pytest.mark.parametrize("name", ["guangdong", "guangdong-jipinghu", "guangdong-100", "guangdong-tuidaohu",
                                  "guangdong-lianhua", "guangdong-bao"])
def test_every_guangdong_profile_is_played(name):
    assert unsupported(mahjong_core.load_ruleset(name)) is None
