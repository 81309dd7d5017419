"""Random legal records of every Guangdong profile (tests/support/guangdong_recordgen.py, seeded) settle
to zero-sum ledgers, deterministically, and whatever order the winners of one discard or of one
robbed kong are listed in. The normal suite settles 500 records per profile; the slow run
(``pytest -m slow``, a CI step) settles 10,000 per profile."""
from __future__ import annotations

from collections import Counter

import pytest

from mahjong_core import load_ruleset

import guangdong_recordgen as G

NAMES = tuple(G.PROFILES)


def _kind(record: dict) -> str:
    """What the record's hand came to: draw, self, bloom, discard or rob."""
    wins = [e for e in record["events"] if e["type"] == "win"]
    if not wins:
        return "draw"
    sit = wins[0]["situation"]
    return "rob" if sit.get("robbing_kong") else "discard" if "from" in wins[0] else \
        "bloom" if sit.get("after_kong") else "self"


def _winners_reversed(record: dict) -> dict:
    """The record with its win events (and then its horses events) in the reverse order."""
    events = record["events"]
    wins = [i for i, e in enumerate(events) if e["type"] == "win"]
    horses = [i for i, e in enumerate(events) if e["type"] == "horses"]
    out = list(events)
    for group in (wins, horses):
        for i, j in zip(group, reversed(group)):
            out[i] = events[j]
    return dict(record, events=out)


def check(name: str, seed: int, n: int) -> Counter:
    rules = load_ruleset(name)
    records = G.records(rules, name, seed, n)
    assert G.records(rules, name, seed, 3) == records[:3]             # the seed reproduces them
    kinds: Counter = Counter()
    for record in records:
        first = rules.settle(record)
        deltas = first.to_dict()["deltas"]
        assert sum(deltas) == 0, record
        assert rules.settle(record).to_dict() == first.to_dict(), record
        if sum(e["type"] == "win" for e in record["events"]) > 1:
            assert rules.settle(_winners_reversed(record)).to_dict()["deltas"] == deltas, record
            kinds["several winners"] += 1
        kinds[_kind(record)] += 1
    return kinds


@pytest.mark.parametrize("name", NAMES)
def test_random_records_settle_zero_sum_deterministically(name):
    kinds = check(name, seed=16, n=500)
    # every way a hand ends that the profile allows came up
    allowed = {"draw", "self", "bloom"} | {"discard" for m in load_ruleset(name).table.win_methods if m == "discard"} \
        | {"rob" for m in load_ruleset(name).table.win_methods if m == "robbing_kong"}
    assert allowed <= set(kinds), kinds


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_ten_thousand_random_records_per_profile(name):
    kinds = check(name, seed=1016, n=10_000)
    assert sum(kinds[k] for k in ("draw", "self", "bloom", "discard", "rob")) == 10_000
