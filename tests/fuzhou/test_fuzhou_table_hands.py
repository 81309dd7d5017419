"""Seeded four-bot hands of both Fuzhou lines at the table: the invariants hold after every action
(the table checks them), every record settles through ``mahjong settle`` to the money the table
reported, the record says what the gold rules require (the gold turned up first, never melded,
never discarded where forbidden, a win on a discard never by a player the gold-discard rule bars),
and one seed gives byte-identical records."""
from __future__ import annotations

import io
import json

import pytest

import mahjong_core
from mahjong_core.engine import tiles as T
from mahjong_core.engine.table.match import play_series
from mahjong_core.frontends.cli import main

NAMES = ["fuzhou", "fuzhou-classic"]
MIXES = [("greedy",) * 4, ("random", "greedy", "random", "greedy")]


def _cli(*argv):
    out, err = io.StringIO(), io.StringIO()
    return main(list(argv), out=out, err=err), out.getvalue()


def _check_record(rules, record) -> None:
    """What the gold rules require of a table's record."""
    events = record["events"]
    assert events[0]["type"] == "wild" and set(events[0]) == {"type", "indicator"}
    gold = events[0]["indicator"]
    assert T.tile(gold) < 27                                    # a suited tile: bonus tiles are turned again
    discards = [e for e in events if e["type"] == "discard"]
    if rules.options["gold_discard"] == "forbidden":
        assert discards == []
    assert all(e["tile"] != gold for e in events if e["type"] == "kong")
    barred = {e["seat"] for e in discards if e["tile"] == gold}
    for win in (e for e in events if e["type"] == "win"):
        s = win["situation"]
        assert s["wilds"] == gold
        assert all(gold not in m["tiles"] for m in s.get("melds", []))      # golds are never melded
        if "from" in win:
            assert s["win_tile"] != gold                        # a discarded gold is never won on
            if rules.options["gold_discard"] == "self_draw_only_rest_of_hand":
                assert win["seat"] not in barred


def _settles(rules, results, cli: int = 0, tmp_path=None) -> None:
    for i, r in enumerate(results):
        _check_record(rules, r.record)
        assert tuple(rules.settle(r.record).deltas) == r.deltas and sum(r.deltas) == 0
        if i < cli:
            path = tmp_path / f"hand{i}.json"
            path.write_text(json.dumps(r.record), encoding="utf-8")
            code, out = _cli("settle", str(path), "--json")
            assert code == 0 and json.loads(out)["deltas"] == list(r.deltas)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("bots", MIXES, ids=["greedy", "mixed"])
def test_seeded_hands_keep_the_invariants_and_settle_through_mahjong_settle(name, bots, tmp_path):
    rules = mahjong_core.load_ruleset(name)
    results = list(play_series(rules, bots, 2026, 12))        # invariants checked after every action
    _settles(rules, results, cli=6, tmp_path=tmp_path)
    if bots == MIXES[0]:
        assert sum(bool(r.winners) for r in results) > len(results) // 2


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_a_thousand_seeded_hands_settle(name):
    """300 hands of greedy and random bots (most of them won) and 700 of random bots (the
    opening, the reserve and the last four over whole walls)."""
    rules = mahjong_core.load_ruleset(name)
    _settles(rules, list(play_series(rules, MIXES[1], 7, 300)) + list(play_series(rules, ("random",) * 4, 8, 700)))


@pytest.mark.parametrize("name", NAMES)
def test_one_seed_gives_byte_identical_records(name):
    rules = mahjong_core.load_ruleset(name)
    runs = {run: [json.dumps(r.record).encode() for r in play_series(rules, MIXES[1], seed, 3)]
            for run, seed in (("first", 9), ("again", 9), ("other", 10))}
    assert runs["first"] == runs["again"] != runs["other"]


def test_mahjong_play_plays_fuzhou_with_greedy_bots(tmp_path):
    path = tmp_path / "hand.json"
    code, out = _cli("play", "--ruleset", "fuzhou", "--bots", "greedy", "--seed", "1", "--record", str(path),
                     "--json")
    answer = json.loads(out)
    assert code == 0 and answer["ok"] and answer["seed"] == 1 and sum(answer["deltas"]) == 0
    code, out = _cli("settle", str(path), "--json")
    assert code == 0 and json.loads(out)["deltas"] == answer["deltas"]
