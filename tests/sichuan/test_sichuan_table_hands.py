"""Seeded four-bot hands of each Sichuan ruleset at the table: every invariant holds (checked after
each action), every record settles through ``mahjong settle`` to the deltas the table reported,
one seed gives byte-identical records, blood battle ends with one seat left or at the wall's end,
and ``mahjong play --ruleset sichuan --bots greedy --seed 1 --json`` plays."""
from __future__ import annotations

import io
import json

import pytest

import mahjong_core
from mahjong_core.engine.registry import Engine
from mahjong_core.engine.table.match import play_series
from mahjong_core.frontends.cli import main

NAMES = ("sichuan", "sichuan-xueliu", "sichuan-tencent")
MIXES = [("greedy",) * 4, ("random", "greedy", "random", "greedy")]


def _cli(*argv, engine=None):
    out, err = io.StringIO(), io.StringIO()
    return main(list(argv), out=out, err=err, engine=engine), out.getvalue()


def _through_cli(results, name, tmp_path):
    engine = Engine()                   # one engine for the run, as a server embedding the command holds
    for r in results:
        path = tmp_path / f"{name}-{r.hand}.json"
        path.write_text(json.dumps(r.record), encoding="utf-8")
        code, out = _cli("settle", str(path), "--json", engine=engine)
        assert code == 0 and json.loads(out)["deltas"] == list(r.deltas) and sum(r.deltas) == 0


def _shape(rules, results):
    """What each mode's records look like: the opening events first, and how the hand ends."""
    mode = rules.options["mode"]
    for r in results:
        events = r.record["events"]
        assert [e["type"] for e in events[:5]] == ["exchange"] + ["void"] * 4
        wins = [e for e in events if e["type"] == "win"]
        ended = events[-1]["type"] == "end"
        if mode == "blood_battle":
            assert len({e["seat"] for e in wins}) == len(wins) <= 3
            assert ended or len(wins) == 3              # one seat left, or the wall ran out
            if ended:
                assert len(events[-1]["hands"]) == 4 - len(wins)
        elif mode == "blood_river" and ended:
            assert len(events[-1]["hands"]) == 4
    return results


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("bots", MIXES, ids=["greedy", "mixed"])
def test_seeded_sichuan_hands_keep_the_invariants_and_settle_through_the_cli(name, bots, tmp_path):
    rules = mahjong_core.load_ruleset(name)
    results = _shape(rules, list(play_series(rules, bots, 2024, 8)))
    _through_cli(results, name, tmp_path)
    if bots == MIXES[0]:
        assert sum(bool(r.winners) for r in results) >= 4


def test_blood_battle_hands_end_both_ways():
    rules = mahjong_core.load_ruleset("sichuan")
    greedy = list(play_series(rules, MIXES[0], 7, 4))        # four greedy bots: three win, one is left
    mixed = list(play_series(rules, MIXES[1], 7, 4))         # two random bots rarely win: the wall runs out
    assert {r.record["events"][-1]["type"] for r in greedy} == {"win"}
    assert all(len(r.winners) == 3 for r in greedy)
    assert {r.record["events"][-1]["type"] for r in mixed} == {"end"}
    assert any(len(r.winners) == 2 for r in mixed)


@pytest.mark.parametrize("name", NAMES)
def test_one_seed_gives_byte_identical_sichuan_records(name):
    rules = mahjong_core.load_ruleset(name)
    first = [json.dumps(r.record) for r in play_series(rules, MIXES[1], 9, 3)]
    again = [json.dumps(r.record) for r in play_series(rules, MIXES[1], 9, 3)]
    other = [json.dumps(r.record) for r in play_series(rules, MIXES[1], 10, 3)]
    assert first == again and first != other


def test_mahjong_play_sichuan_with_greedy_bots(tmp_path):
    path = tmp_path / "hand.json"
    code, out = _cli("play", "--ruleset", "sichuan", "--bots", "greedy", "--seed", "1", "--json",
                     "--record", str(path))
    answer = json.loads(out)
    assert code == 0 and answer["ok"] and answer["seed"] == 1 and sum(answer["deltas"]) == 0
    code, out = _cli("settle", str(path), "--json")
    assert code == 0 and json.loads(out)["deltas"] == answer["deltas"]


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_a_thousand_seeded_sichuan_hands_settle(name, tmp_path):
    """300 hands of greedy and random bots (wins, and play going on after them) and 700 of random
    bots (who rarely win: 查花猪 and 查大叫 at the wall's end)."""
    rules = mahjong_core.load_ruleset(name)
    results = _shape(rules, list(play_series(rules, MIXES[1], 5, 300)) +
                     list(play_series(rules, ("random",) * 4, 6, 700)))
    _through_cli(results, name, tmp_path)
