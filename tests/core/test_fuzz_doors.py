"""Seeded fuzzing of every door across every installed ruleset: situations, records, overlays,
analysis and the batch. Whatever the input, a door answers with a result or a MahjongError
(never another exception, never a plugin's crash wrapped as ``… failed: …``); settlements sum to
zero; an analysis does not depend on the order of the tiles; the batch gives one answer per line.
The normal suite runs a small seeded sample; ``pytest -m slow`` runs a bigger one."""
from __future__ import annotations

import copy
import io
import json
import random

import pytest

import mahjong_core
from mahjong_core import MahjongError
from mahjong_core.frontends import batch
from mahjong_core.engine import tiles as T

from winning_hands import random_winning

NAMES = sorted(mahjong_core.default_engine().ruleset_files())
ODD = [None, True, False, 0, -1, 3, 2 ** 70, 1.5, "", "x", "1m", "5p", "01", "8z", "1f", "\u2028", "\ud800",
       [], {}, [1], {"a": 1}, "1111m", "123m456p789s1122z"]
FIELDS = ["hand", "win_tile", "melds", "self_drawn", "flowers", "wilds", "void_suit", "seat_wind", "after_kong",
          "robbing_kong", "extras", "dealer", "fourth_tile", "zzz"]


def _rules(name):
    return mahjong_core.load_ruleset(name)


def _crashed(e: MahjongError) -> bool:
    """A plugin's (or core's) own code raised: the engine wraps that as '… failed: Type: …'."""
    return " failed: " in e.message


def _situation(rng: random.Random, rules) -> dict:
    kinds = sorted(t for t in rules.table.kinds if t < 34)
    sit = random_winning(rng, kinds=kinds, n_sets=rules.table.hand_size // 3)
    for _ in range(rng.randint(0, 3)):
        sit[rng.choice(FIELDS)] = copy.deepcopy(rng.choice(ODD))
    return sit


def _fuzz_situations(name: str, rng: random.Random, n: int) -> None:
    rules = _rules(name)
    for _ in range(n):
        sit = _situation(rng, rules)
        try:
            result = rules.score(sit)
        except MahjongError as e:
            assert not _crashed(e), (name, sit, e.message)
            continue
        json.dumps(result.to_dict(), allow_nan=False)


def _fuzz_records(name: str, rng: random.Random, n: int) -> None:
    rules = _rules(name)
    if rules.settlement_rule is None:
        return
    for _ in range(n):
        events = []
        for _ in range(rng.randint(0, 2)):
            events.append({"type": "kong", "seat": rng.randrange(4), "kind": rng.choice(["concealed", "added"]),
                           "tile": T.name(rng.choice(sorted(t for t in rules.table.kinds if t < 34)))})
        for _ in range(rng.randint(1, 2)):
            win = {"type": "win", "seat": rng.randrange(4), "situation": _situation(rng, rules)}
            if rng.random() < 0.5:
                win["from"] = (win["seat"] + rng.randint(1, 3)) % 4
            events.append(win)
        if rng.random() < 0.3:
            events.append({"type": "end", "hands": {str(rng.choice([0, 1, 2, 3, "01"])): {"hand": "1m"}}})
        record = {"events": events, "dealer": rng.randrange(4)}
        if rng.random() < 0.3:
            target = rng.choice(events)
            target[rng.choice(["seat", "from", "tile", "kind", "situation", "late", "hands"])] = \
                copy.deepcopy(rng.choice(ODD))
        try:
            out = rules.settle(record)
        except MahjongError as e:
            assert not _crashed(e), (name, record, e.message)
            continue
        assert sum(out.deltas) == 0
        json.dumps(out.to_dict(), allow_nan=False)


def _fuzz_analysis(name: str, rng: random.Random, n: int) -> None:
    rules = _rules(name)
    for _ in range(n):
        sit = random_winning(rng, melds=0, kinds=sorted(t for t in rules.table.kinds if t < 34),
                             n_sets=rules.table.hand_size // 3)
        tiles = list(T.parse_tiles(sit["hand"])) + [T.tile(sit["win_tile"])]
        if rng.random() < 0.5:
            tiles.pop()                     # a hand of 3n+1
        answers = []
        for _ in range(2):
            rng.shuffle(tiles)
            text = "".join(T.name(t) for t in tiles)
            try:
                answers.append(rules.analyze(text, waits=False).to_dict())
            except MahjongError as e:
                assert not _crashed(e), (name, text, e.message)
                answers.append(e.to_dict())
        assert answers[0] == answers[1], (name, tiles)


def _fuzz_overlay(name: str, rng: random.Random, tmp_path, n: int) -> None:
    keys = ["scoring:\n  minimum: {v}\n", "options:\n  {k}: {v}\n", "table:\n  hand_size: {v}\n",
            "fans:\n  {k}: {v}\n", "settlement:\n  {k}: {v}\n", "title: {v}\n"]
    for i in range(n):
        value = json.dumps(rng.choice(ODD[:15]), ensure_ascii=True)
        text = f"extends: {name}\n" + rng.choice(keys).format(k=rng.choice(["cap", "stake", "x", "minimum"]), v=value)
        path = tmp_path / f"house-{name}-{i}.yaml"
        path.write_text(text, encoding="utf-8")
        try:
            rules = mahjong_core.default_engine().load_ruleset(path)
            rules.score(_situation(rng, rules))
        except MahjongError as e:
            assert not _crashed(e), (text, e.message)


def _fuzz_batch(name: str, rng: random.Random, n: int, jobs: int) -> None:
    rules = _rules(name)
    lines = []
    for _ in range(n):
        r = rng.random()
        if r < 0.6:
            lines.append(json.dumps(_situation(rng, rules), ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass"))
        elif r < 0.8:
            lines.append(bytes(rng.randrange(256) for _ in range(rng.randint(0, 20))).replace(b"\n", b" "))
        else:
            lines.append(json.dumps(rng.choice(ODD)).encode())
    out = io.StringIO()
    batch.run(rules, io.BytesIO(b"\n".join(lines) + b"\n"), out, jobs)
    text = out.getvalue()
    text.encode("utf-8")
    answers = text.split("\n")[:-1]
    assert len(answers) == len(lines) and text.splitlines() == answers
    for line in answers:
        answer = json.loads(line)
        if not answer["ok"]:
            assert answer["error"]["code"] != "internal_error", answer
            assert " failed: " not in answer["error"]["message"], answer


def _run(name: str, seed: int, scale: int, tmp_path) -> None:
    rng = random.Random(f"{name}:{seed}")
    _fuzz_situations(name, rng, 20 * scale)
    _fuzz_records(name, rng, 10 * scale)
    _fuzz_analysis(name, rng, 3 * scale)
    _fuzz_overlay(name, rng, tmp_path, 2 * scale)
    _fuzz_batch(name, rng, 20 * scale, 1)


@pytest.mark.parametrize("name", NAMES)
def test_fuzz_every_door_of_every_ruleset(name, tmp_path):
    _run(name, 24, 1, tmp_path)


def test_fuzz_the_batch_with_workers():
    batch_chunk = batch.CHUNK
    try:
        batch.CHUNK = 7
        _fuzz_batch("guobiao", random.Random(24), 60, 2)
    finally:
        batch.CHUNK = batch_chunk


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("name", NAMES)
def test_fuzz_every_door_of_every_ruleset_at_length(name, seed, tmp_path):
    _run(name, 1000 + seed, 10, tmp_path)
