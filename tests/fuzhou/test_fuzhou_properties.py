"""Properties of both Fuzhou lines over seeded random legal hands and records
(tests/support/fuzhou_recordgen.py): every record settles, zero-sum and deterministically (10,000 per
line), with the payers each line names; scoring is deterministic and independent of the order
tiles, melds and bonus tiles are given in; the golds' wild substitution equals a brute force over
every kind each gold could stand for."""
from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from fractions import Fraction

import pytest

import mahjong_core
from mahjong_core.engine import tiles as T
from mahjong_core.engine.registry import Engine
from mahjong_core.engine.errors import MahjongError
from mahjong_fuzhou.golds import fits

from fuzhou_recordgen import random_situation, records, winning_hand

N_RECORDS = 10_000
LINES = {"fuzhou": False, "fuzhou-classic": True}


@pytest.fixture(scope="module")
def rulesets():
    return {name: mahjong_core.load_ruleset(name) for name in LINES}


def _settled(rules, recs):
    return [rules.settle(r).to_dict() for r in recs]


@pytest.mark.parametrize("name", LINES)
def test_ten_thousand_random_records_settle_zero_sum_deterministically(rulesets, name):
    rules = rulesets[name]
    recs = records(17, N_RECORDS, LINES[name])
    first = _settled(rules, recs)           # a MahjongError here is a legal record refused
    features = Counter()
    for rec, out in zip(recs, first):
        deltas = [Fraction(d) for d in out["deltas"]]
        assert sum(deltas) == 0
        features.update(e["type"] for e in rec["events"])
        wins = [e for e in rec["events"] if e["type"] == "win"]
        if not wins:
            assert out["payments"] == [] and set(deltas) == {0}
            features["drawn"] += 1
            continue
        win = wins[0]
        frm = win.get("from")
        payers = {p["from"] for p in out["payments"]}
        assert {p["to"] for p in out["payments"]} <= {win["seat"]}
        if frm is None or name == "fuzhou":
            # all three others pay the same S
            assert payers == ({s for s in range(4) if s != win["seat"]} if out["payments"] else set())
            assert len({p["amount"] for p in out["payments"]}) <= 1
        else:
            assert payers <= {frm}                           # classic: the discarder pays 2S
            assert all(Fraction(p["amount"]) % 2 == 0 for p in out["payments"])
        features["robbed kong" if (win["situation"].get("robbing_kong")) else
                 "self-drawn" if frm is None else "discard win"] += 1
        if any(e["type"] == "discard" and e["tile"] == rec["events"][0].get("tile", rec["events"][0].get("indicator"))
               for e in rec["events"]):
            features["gold discarded"] += 1
    assert first == _settled(rules, recs)                    # the same ledgers again
    again = Engine().load_ruleset(name)                      # and from a fresh engine
    assert first[:500] == _settled(again, recs[:500])
    assert min(features[k] for k in ("drawn", "self-drawn", "discard win", "discard", "kong", "end")) >= 100
    if name == "fuzhou-classic":
        assert features["robbed kong"] >= 50 and features["gold discarded"] >= 100
    else:
        assert features["robbed kong"] == 0 and features["gold discarded"] == 0


# ---------------------------------------------------------------- hands

def situations(seed: int, n: int) -> list[dict]:
    rng = random.Random(seed)
    return [random_situation(rng) for _ in range(n)]


@pytest.mark.parametrize("name", LINES)
def test_random_hands_score_deterministically_whatever_the_order(rulesets, name):
    rules = rulesets[name]
    rng = random.Random(3)
    awarded = Counter()
    for sit in situations(11, 600):
        got = rules.score(sit).to_dict()
        awarded.update(f["id"] for f in got["fans"])
        assert rules.score(sit).to_dict() == got
        shuffled = dict(sit)
        hand = list(T.parse_tiles(sit["hand"]))
        rng.shuffle(hand)
        shuffled["hand"] = "".join(T.name(t) for t in hand)
        shuffled["melds"] = rng.sample(sit["melds"], len(sit["melds"]))
        if isinstance(sit["flowers"], str):
            fl = list(T.parse_tiles(sit["flowers"]))
            rng.shuffle(fl)
            shuffled["flowers"] = "".join(T.name(t) for t in fl)
        other = rules.score(shuffled).to_dict()
        for key in ("total", "value", "fans"):
            assert other[key] == got[key], (sit, key)
    assert {"flowers", "golds", "self_draw", "jinque"} <= set(awarded)


def _brute_force_wins(concealed: list[int], melded: list[int], golds: int, sets: int) -> bool:
    """Each gold stands for some suited kind (no fifth copy counting the melds): does any choice
    make ``sets`` whole sets and a pair of the concealed tiles, no wild left?"""
    for kinds in itertools.combinations_with_replacement(range(27), golds):
        c = list(concealed)
        for k in kinds:
            c[k] += 1
        if all(c[k] + melded[k] <= 4 for k in range(27)) and fits(tuple(c), 0, sets, True):
            return True
    return False


def test_wild_substitution_equals_brute_force_on_small_samples(rulesets):
    """Discard wins (the winning tile natural) with one or two golds standing, half of them
    spoilt by one changed tile: the ruleset wins exactly when some substitution does, and the
    plugin's ``fits`` (金雀, 金龙) agrees."""
    rules = rulesets["fuzhou"]
    rng = random.Random(23)
    agreed = Counter()
    for _ in range(150):
        gold = rng.randrange(27)
        n = rng.choice((1, 2))
        hand = winning_hand(rng, gold, melds=rng.choice((0, 1, 2)), extra_golds=n)
        standing = hand["standing"]
        if standing.count(gold) != n:
            continue
        melded = [0] * T.NUM_KINDS
        for m in hand["melds"]:
            for t in T.parse_tiles(m["tiles"]):
                melded[t] += 1
        if rng.random() < 0.5:                      # spoil it: one natural tile becomes another kind
            i = rng.choice([i for i, t in enumerate(standing) if t != gold])
            new = rng.choice([k for k in range(27) if k != gold and standing.count(k) + melded[k] < 4])
            standing[i] = new
        win = rng.choice([t for t in standing if t != gold])
        rest = list(standing)
        rest.remove(win)
        sit = {"hand": T.format_tiles(sorted(rest)), "melds": hand["melds"], "win_tile": T.name(win),
               "wilds": T.name(gold)}
        try:
            rules.score(sit)
            wins = True
        except MahjongError as e:
            assert e.code == "not_winning", e.message
            wins = False
        concealed = [standing.count(k) if k != gold else 0 for k in range(T.NUM_KINDS)]
        sets = 5 - len(hand["melds"])
        assert wins == _brute_force_wins(concealed, melded, n, sets), sit
        assert fits(tuple(concealed), n, sets, True, tuple(4 - concealed[k] - melded[k] for k in range(T.NUM_KINDS))) \
            == wins, sit
        agreed[wins] += 1
    assert agreed[True] >= 40 and agreed[False] >= 20
