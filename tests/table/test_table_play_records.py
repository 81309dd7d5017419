"""Whole hands by bots: invariants after every action, byte-identical records for one seed,
records that settle (here and through ``mahjong settle``) to the money the table reported, and a
play log that must give the record's events."""
from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import mahjong_core
from mahjong_core.engine.errors import MahjongError
from mahjong_core.engine.table import Deal, InvariantError, Table
from mahjong_core.engine.table.bots import move
from mahjong_core.engine.table.roster import make_bot
from mahjong_core.engine import tiles as T
from mahjong_core.engine.table.invariants import check, places, problems
from mahjong_core.engine.table.match import play_series
from mahjong_core.frontends.cli import main

from table_play_helpers import guobiao

MIXES = [("greedy",) * 4, ("random",) * 4, ("greedy", "random", "greedy", "random")]


def _hands(seed, hands, bots):
    return list(play_series(guobiao(), bots, seed, hands))


def _settles(results):
    rules = guobiao()
    for r in results:
        record = json.loads(json.dumps(r.record))          # through JSON, as a file carries it
        settled = rules.settle(record)
        assert tuple(settled.deltas) == r.deltas and sum(r.deltas) == 0
        wins = [e["seat"] for e in record["events"] if e["type"] == "win"]
        assert tuple(wins) == r.winners and len(wins) <= 1


@pytest.mark.parametrize("bots", MIXES, ids=["greedy", "random", "mixed"])
def test_seeded_hands_settle_to_what_the_table_reported(bots):
    results = _hands(2024, 200 if bots == MIXES[2] else 40, bots)
    _settles(results)
    if bots[0] == "greedy":
        assert sum(bool(r.winners) for r in results) > len(results) // 3


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(5))
def test_many_seeded_hands_settle(seed):
    _settles(_hands(seed, 200, MIXES[seed % 3]))          # 1,000 hands: greedy, random and mixed bots


def test_one_seed_gives_byte_identical_records():
    first = [json.dumps(r.record) for r in _hands(9, 4, MIXES[2])]
    again = [json.dumps(r.record) for r in _hands(9, 4, MIXES[2])]
    other = [json.dumps(r.record) for r in _hands(10, 4, MIXES[2])]
    assert first == again and first != other


def test_the_deal_passes_and_the_wind_moves_on():
    results = _hands(3, 5, MIXES[1])
    assert [r.record["dealer"] for r in results] == [0, 1, 2, 3, 0]
    assert [r.record["round_wind"] for r in results] == ["E", "E", "E", "E", "S"]
    assert [r.record["play"]["wall"]["hand"] for r in results] == [0, 1, 2, 3, 4]


def test_a_broken_invariant_names_the_seed_and_the_action():
    t = Table(guobiao(), Deal(4, 2))
    t.act(t.legal(0)[-1])
    t.state.seats[1].counts[0] += 1         # a tile out of nowhere
    with pytest.raises(InvariantError, match=r"seed 4 hand 2, after action 1\): tile 1m is in"):
        check(t)


def test_the_invariants_count_the_wall_too():
    """The wall's count per kind comes from prefix counts of its tiles: a tile lost from the wall's
    reach (its end moved without a draw) is a tile in too few places."""
    t = Table(guobiao(), Deal(4, 2))
    t.state.wall.back -= 1
    with pytest.raises(InvariantError, match=r"is in 3 places, the tile set holds 4"):
        check(t)


def test_a_negative_count_is_named_and_a_moved_tile_is_named_by_kind():
    """The packed tile count (invariants.py) hands every difference to the per-kind count: a
    tile moved from one hand to another is no fault, one moved out of a hand into nowhere names
    its kind, and a count below zero names the seat."""
    t = Table(guobiao(), Deal(4, 2))
    seats = t.state.seats
    kind = next(k for k in range(34) if seats[1].counts[k])
    seats[1].counts[kind] -= 1
    seats[2].counts[kind] += 1                  # sizes wrong, tiles all there
    assert not any("places" in p for p in problems(t))
    seats[2].counts[kind] -= 1                  # now it is nowhere
    assert f"tile {T.name(kind)} is in 3 places, the tile set holds 4" in problems(t)
    missing = next(k for k in range(34) if not seats[3].counts[k])
    seats[3].counts[missing] -= 1
    assert "seat 3 holds a negative count" in problems(t)


def test_the_packed_count_agrees_with_the_per_kind_count_through_a_hand():
    t = Table(guobiao(), Deal(11, 3))
    bots = [make_bot("random", guobiao(), 11, 3, s) for s in range(4)]
    while not t.over:
        assert places(t) == t.state.wall.counts() and not problems(t)
        seat = t.to_move()[0]
        t.act(move(bots[seat], t, seat))


def test_the_walls_counts_are_the_counts_of_its_remaining_tiles():
    from collections import Counter
    t = Table(guobiao(), Deal(9, 0))
    bots = [make_bot("random", guobiao(), 9, 0, s) for s in range(4)]
    while not t.over:
        wall = t.state.wall
        want = Counter(wall.remaining())
        assert wall.remaining_counts() == [want[k] for k in range(len(wall.remaining_counts()))]
        seat = t.to_move()[0]
        t.act(move(bots[seat], t, seat))


def test_a_bot_that_never_observes_gets_no_observation_and_others_do():
    seen = []

    class Watcher:                  # a bot of its own, with no ``observes``: it gets the observation
        def act(self, observation, legal):
            seen.append(observation)
            return legal[-1]

    t = Table(guobiao(), Deal(3, 0))
    random_bot = make_bot("random", guobiao(), 3, 0, 0)
    greedy_bot = make_bot("greedy", guobiao(), 3, 0, 0)
    assert random_bot.observes is False and getattr(greedy_bot, "observes", True)
    move(Watcher(), t, 0)
    assert seen[0] == t.observe(0)

    class Blind:
        observes = False

        def act(self, observation, legal):
            seen.append(observation)
            return legal[0]

    move(Blind(), t, 0)
    assert seen[1] is None


def _record():
    return json.loads(json.dumps(_hands(6, 1, MIXES[0])[0].record))


@pytest.mark.parametrize("change, words", [
    (lambda r: r["play"]["wall"].update(seed=7), "play.actions["),
    (lambda r: r["play"]["wall"].update(algorithm="mt19937"), "unknown wall algorithm"),
    (lambda r: r["play"]["actions"].pop(), "not over"),
    (lambda r: r["play"]["actions"].__setitem__(0, {"type": "win", "seat": 0}), "play.actions[0]"),
    (lambda r: r["play"].update(moves=[]), "unknown field 'moves'"),
    (lambda r: r["events"][-1]["situation"].update(hand="123456789m1234p") if r["events"][-1]["type"] == "win"
        else r["events"].insert(0, {"type": "kong", "seat": 0, "kind": "concealed", "tile": "1m"}), "events[0"),
])
def test_a_record_whose_play_does_not_give_its_events_is_refused(change, words):
    record = _record()
    guobiao().settle(record)
    change(record)
    with pytest.raises(MahjongError) as e:
        guobiao().settle(record)
    assert e.value.code == "invalid_situation" and words in e.value.message, e.value.message


def _cli(*argv):
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_mahjong_play_writes_a_record_that_mahjong_settle_settles_alike(tmp_path):
    path = tmp_path / "hand.json"
    code, out, _ = _cli("play", "--ruleset", "guobiao", "--bots", "greedy", "--seed", "5", "--record", str(path),
                        "--json")
    assert code == 0
    answer = json.loads(out)
    assert answer["ok"] and answer["seed"] == 5 and answer["record"] == str(path)
    assert len(answer["deltas"]) == 4 and sum(answer["deltas"]) == 0
    code, out, _ = _cli("settle", str(path), "--json")
    assert code == 0 and json.loads(out)["deltas"] == answer["deltas"]
    assert json.loads(path.read_text())["play"]["wall"] == {"algorithm": "sha256-fisher-yates/1", "seed": 5, "hand": 0}


def test_mahjong_play_several_hands_one_record_per_line(tmp_path):
    path = tmp_path / "hands.jsonl"
    code, out, _ = _cli("play", "--bots", "random,greedy,random,greedy", "--seed", "8", "--hands", "3",
                        "--record", str(path), "--json")
    answer = json.loads(out)
    lines = path.read_text().splitlines()
    assert code == 0 and len(lines) == 3 and len(answer["hands"]) == 3
    rules = guobiao()
    for line, hand in zip(lines, answer["hands"]):
        assert list(rules.settle(json.loads(line)).deltas) == hand["deltas"]
    assert answer["deltas"] == [sum(h["deltas"][s] for h in answer["hands"]) for s in range(4)]


def test_a_ruleset_the_table_does_not_play_is_refused_by_name(tmp_path):
    club = tmp_path / "club.yaml"
    club.write_text("extends: guobiao\ntable: {void_suit: true}\n", encoding="utf-8")
    code, out, _ = _cli("play", "--ruleset", str(club), "--record", str(tmp_path / "x.json"), "--json")
    error = json.loads(out)["error"]
    assert code == 2 and error["code"] == "unsupported_ruleset"
    assert error["message"].startswith("the table does not play club's") and "void suit" in error["message"]
    assert not (tmp_path / "x.json").exists()


def test_the_guobiao_overlays_are_played():
    for name in ("guobiao-2014", "guobiao-strict98"):
        results = list(play_series(mahjong_core.load_ruleset(name), MIXES[0], 1, 2))
        assert all(sum(r.deltas) == 0 for r in results)


def test_mahjong_replay_shows_every_action_and_says_the_play_gives_the_records_events(tmp_path):
    path = tmp_path / "hand.json"
    _cli("play", "--bots", "greedy", "--seed", "5", "--record", str(path))
    record = json.loads(path.read_text())
    code, out, _ = _cli("replay", str(path))
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("ruleset   guobiao")
    steps = lines[1:-1]
    assert len(steps) == len(record["play"]["actions"])
    assert steps[0].split()[0] == "0" and steps[-1].split()[0] == str(len(steps) - 1)
    assert lines[-1] == f"legal     every action is legal and the play gives the record's {len(record['events'])} " \
                        f"event{'s' if len(record['events']) != 1 else ''}"
    code, out, _ = _cli("replay", str(path), "--json")
    answer = json.loads(out)
    assert answer["ok"] and answer["actions"] == len(record["play"]["actions"])
    assert [s["action"] for s in answer["steps"]] == record["play"]["actions"]
    assert [e for s in answer["steps"] for e in s["events"]] == record["events"]


def test_mahjong_replay_stops_where_a_tampered_record_stops_being_legal(tmp_path):
    path = tmp_path / "hand.json"
    _cli("play", "--bots", "greedy", "--seed", "5", "--record", str(path))
    record = json.loads(path.read_text())
    i = next(i for i, a in enumerate(record["play"]["actions"]) if i > 10 and a["type"] == "discard")
    held = record["play"]["actions"][i]["tile"]
    record["play"]["actions"][i]["tile"] = "1m" if held != "1m" else "9p"
    path.write_text(json.dumps(record))
    code, out, err = _cli("replay", str(path))
    assert code == 2
    shown = [line.split()[0] for line in out.splitlines()[1:]]
    assert shown == [str(n) for n in range(i)]              # the legal actions before it, then the stop
    assert err.startswith(f"error [invalid_situation]: play.actions[{i}]: illegal action")


def test_mahjong_replay_refuses_a_record_without_a_play_log():
    example = Path(__file__).resolve().parents[2] / "docs" / "examples" / "guobiao-record.json"
    code, _, err = _cli("replay", str(example))
    assert code == 2 and "record field 'play' is missing" in err
