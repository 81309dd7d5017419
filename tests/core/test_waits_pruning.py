"""Waits searched through a shape's finder (a shape without waits of its own, or with wilds) skip
what the shape's own shanten rules out (``waits._searched``): the same waits as asking the finder
of every kind, on hands near ready with wilds, melds and kinds held three or four times."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import mahjong_core
from mahjong_core.engine import waits as W
from mahjong_core.engine.hand import Meld

RULESETS = ("popular", "guangdong", "guangdong-tuidaohu", "fuzhou", "guobiao")


def _unpruned(monkeypatch, ruleset, hand, melds, wilds):
    searched = W._searched
    monkeypatch.setattr(W, "_searched", lambda *a: searched(*a, prune=False))
    try:
        return W.waits(ruleset, hand, melds, wilds)
    finally:
        monkeypatch.setattr(W, "_searched", searched)


def _near_ready(rng: random.Random, ruleset, n_melds: int, n_wilds: int, wild: int):
    """A complete hand of sets and a pair (``n_melds`` of the sets as pungs declared), one tile
    taken out, ``n_wilds`` of the rest turned into the wild kind: often ready, sometimes not."""
    copies = [0] * 34
    kinds = sorted(k for k in ruleset.table.kinds if k < 34)

    def take(tiles):
        if all(copies[t] + tiles.count(t) <= 4 for t in tiles):
            for t in tiles:
                copies[t] += 1
            return True
        return False

    sets, melds = [], []
    while len(sets) + len(melds) < ruleset.table.hand_size // 3:
        k = rng.choice(kinds)
        chow = k < 27 and k % 9 <= 6 and ruleset.table.sequences and rng.random() < 0.6
        tiles = [k, k + 1, k + 2] if chow else [k] * 3
        if take(tiles):
            if len(melds) < n_melds and not chow:
                melds.append(Meld("pung", k, False))
            else:
                sets.append(tiles)
    while True:
        k = rng.choice(kinds)
        if take([k, k]):
            break
    hand = [t for s in sets for t in s] + [k, k]
    hand.remove(rng.choice(hand))
    for i in rng.sample(range(len(hand)), min(n_wilds, len(hand))):
        if copies[wild] < 4:
            copies[hand[i]] -= 1
            hand[i] = wild
            copies[wild] += 1
    return tuple(sorted(hand)), tuple(melds)


@pytest.mark.parametrize("name", RULESETS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2 ** 32), n_melds=st.integers(0, 2), n_wilds=st.integers(0, 4), wild=st.integers(0, 33))
def test_pruned_waits_are_the_finders_waits(monkeypatch, name, seed, n_melds, n_wilds, wild):
    ruleset = mahjong_core.load_ruleset(name)
    if wild not in ruleset.table.kinds:
        wild = 0
    hand, melds = _near_ready(random.Random(seed), ruleset, n_melds, n_wilds, wild)
    assert W.waits(ruleset, hand, melds, (wild,)) == _unpruned(monkeypatch, ruleset, hand, melds, (wild,))


def test_the_pruned_search_still_finds_a_wait_only_the_finder_knows(monkeypatch):
    """A popular hand ready only through a wild (two wilds and a knitted-free standard shape):
    the search keeps it."""
    ruleset = mahjong_core.load_ruleset("popular")
    hand = (0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 31, 31, 31)     # 123m 123p 123s 1z + three 5z as wilds
    got = W.waits(ruleset, hand, (), (31,))
    assert got == _unpruned(monkeypatch, ruleset, hand, (), (31,))
    assert 27 in got                                            # 1z pairs the lone 1z


@pytest.mark.parametrize("name", RULESETS)
def test_most_of_the_hands_compared_are_ready(monkeypatch, name):
    """The comparison is not vacuous: on 120 hands of each ruleset, one to four wilds, most are
    ready (waits found) and every one agrees."""
    ruleset = mahjong_core.load_ruleset(name)
    rng = random.Random(name)
    ready = 0
    for i in range(120):
        wild = rng.choice(sorted(k for k in ruleset.table.kinds if k < 34))
        hand, melds = _near_ready(rng, ruleset, i % 3, 1 + i % 4, wild)
        got = W.waits(ruleset, hand, melds, (wild,))
        assert got == _unpruned(monkeypatch, ruleset, hand, melds, (wild,)), (hand, melds, wild)
        ready += bool(got)
    assert ready >= 60


@pytest.mark.parametrize("name", ("popular", "guobiao"))
def test_every_shape_bound_is_below_its_shanten(name):
    """``WinShape.shanten_bound`` is never above the shape's ``shanten`` (the pruning and the
    analysis both rely on it), with wilds and melds, on 13- and 14-tile hands."""
    ruleset = mahjong_core.load_ruleset(name)
    rng = random.Random(7)
    bounded = [(s, a) for s, a, _ in ruleset.shapes if s.shanten_bound is not None and s.shanten is not None]
    assert {s.id for s, _ in bounded} >= {"knitted_straight", "nine_gates"}
    for i in range(600):
        wild = rng.choice(range(34))
        hand, melds = _near_ready(rng, ruleset, i % 2, i % 5, wild)
        hand = list(hand)
        if i % 3 == 0:                          # a random hand too, far from ready
            hand = sorted(rng.sample(range(34), 13))
        for extra in (None, rng.choice(range(34))):
            tiles = hand + ([extra] if extra is not None and hand.count(extra) < 4 else [])
            inp = W.shape_input(tuple(sorted(tiles)), melds, (wild,), ruleset.table)
            for shape, args in bounded:
                got = shape.shanten(inp, **args)
                if got is not None:
                    assert shape.shanten_bound(inp, **args) <= got, (shape.id, tiles, melds, wild)
