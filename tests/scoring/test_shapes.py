"""Win shapes: the finders against brute force.

Wild tiles are a budget spent while combining suits; the brute force instead substitutes every
wild by every tile kind (at most four copies of a kind, melds included) and reads each concrete
hand with a plain recursive splitter. Both must find exactly the same concrete readings.
"""
from __future__ import annotations

import random
from functools import lru_cache
from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings, strategies as st

from mahjong_core.engine import shapes as S
from mahjong_core.engine import tiles as T

ALL_KINDS = frozenset(range(34))
ONE_SUIT = frozenset(range(9))


# --------------------------------------------------------------------------- brute force

@lru_cache(maxsize=None)
def natural_readings(counts: tuple, chows: bool, sets_needed: int) -> frozenset:
    """Every (sets, pair) reading of concrete tiles: ``sets`` a sorted tuple of (kind, tile)."""
    out = set()

    def rec(c: list, sets: list, pair):
        i = next((t for t in range(34) if c[t]), None)
        if i is None:
            if pair is not None and len(sets) == sets_needed:
                out.add((tuple(sorted(sets)), pair))
            return
        if len(sets) > sets_needed:
            return
        if c[i] >= 3:
            c[i] -= 3
            rec(c, sets + [("pung", i)], pair)
            c[i] += 3
        if pair is None and c[i] >= 2:
            c[i] -= 2
            rec(c, sets, i)
            c[i] += 2
        if chows and i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
            for t in (i, i + 1, i + 2):
                c[t] -= 1
            rec(c, sets + [("chow", i)], pair)
            for t in (i, i + 1, i + 2):
                c[t] += 1

    rec(list(counts), [], None)
    return frozenset(out)


def brute_standard(inp: S.ShapeInput) -> set:
    readings = set()
    kinds = sorted(t for t in inp.kinds if t < 34)
    for subs in combinations_with_replacement(kinds, inp.wilds):
        c = list(inp.counts)
        for t in subs:
            c[t] += 1
        if any(c[t] + inp.meld_counts[t] > 4 for t in range(34)):
            continue
        readings |= natural_readings(tuple(c), inp.chows, inp.sets_needed)
    return readings


def engine_readings(decs) -> set:
    out = set()
    for d in decs:
        hand = [g for g in d.groups if g.meld < 0]
        pairs = [g.tile for g in hand if g.kind == "pair"]
        assert len(pairs) == 1, d
        out.add((tuple(sorted((g.kind, g.tile) for g in hand if g.kind != "pair")), pairs[0]))
    return out


def check_decomposition_tiles(inp: S.ShapeInput, d: S.Decomposition):
    """``tiles`` = naturals + what the wilds stand for; groups cover exactly those tiles."""
    assert len(d.wild_as) == inp.wilds
    assert sorted(d.tiles) == sorted(list(inp.natural_tiles) + list(d.wild_as))
    covered = sorted(t for g in d.groups if g.meld < 0 for t in g.tiles)
    assert covered == sorted(d.tiles)
    assert sum(g.wilds for g in d.groups) == inp.wilds
    total = T.counts34(d.tiles)
    assert all(total[t] + inp.meld_counts[t] <= 4 for t in range(34))
    assert d.groups[: len(inp.meld_groups)] == inp.meld_groups


# --------------------------------------------------------------------------- random inputs

def random_input(rng: random.Random, kinds: frozenset, max_wilds: int, chows: bool = True) -> S.ShapeInput:
    """A hand of ``3n + 2`` standing tiles (n = sets needed) with 1..max_wilds wilds and up to two
    melds; half the time built from a winning hand, otherwise random tiles."""
    kinds_list = sorted(kinds)
    n_melds = rng.randint(0, 2)
    sets_needed = rng.randint(1, 4 - n_melds)
    wilds = rng.randint(1, max_wilds)
    meld_counts = [0] * 34
    meld_groups = []
    for i in range(n_melds):
        t = rng.choice(kinds_list)
        if chows and t < 27 and t % 9 <= 6 and t + 2 in kinds and rng.random() < 0.5:
            meld_groups.append(S.Group("chow", t, 0, i))
            for x in (t, t + 1, t + 2):
                meld_counts[x] += 1
        else:
            meld_groups.append(S.Group("pung", t, 0, i))
            meld_counts[t] += 3
    size = 3 * sets_needed + 2
    counts = [0] * 34
    standing: list[int] = []
    if rng.random() < 0.5:                         # a winning hand, some tiles then made wild
        for _ in range(sets_needed):
            t = rng.choice(kinds_list)
            if chows and t < 27 and t % 9 <= 6 and t + 2 in kinds and rng.random() < 0.5:
                standing += [t, t + 1, t + 2]
            else:
                standing += [t] * 3
        standing += [rng.choice(kinds_list)] * 2
        rng.shuffle(standing)
        standing = standing[wilds:]
    while len(standing) < size - wilds:
        standing.append(rng.choice(kinds_list))
    for t in standing:
        counts[t] += 1
    if any(counts[t] + meld_counts[t] > 4 for t in range(34)):
        return random_input(rng, kinds, max_wilds, chows)
    return S.make_input(counts, wilds, tuple(meld_groups), sets_needed, chows, kinds, meld_counts)


def _compare(inp: S.ShapeInput):
    decs = list(S.standard(inp))
    for d in decs:
        check_decomposition_tiles(inp, d)
        assert d.shape == "standard" and d.groups[-1].kind == "pair"
    brute = brute_standard(inp)
    assert bool(decs) == bool(brute)
    assert engine_readings(decs) == brute


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False))
def test_wilds_one_suit_up_to_four_equal_brute_force(rng):
    _compare(random_input(rng, ONE_SUIT, 4))


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False), st.booleans())
def test_wilds_all_kinds_up_to_two_equal_brute_force(rng, chows):
    _compare(random_input(rng, ALL_KINDS, 2, chows))


@settings(max_examples=12, deadline=None)
@given(st.randoms(use_true_random=False))
def test_wilds_all_kinds_three_equal_brute_force(rng):
    inp = random_input(rng, ALL_KINDS, 3)
    _compare(inp)


@pytest.mark.parametrize("hand, wilds, sets_needed, winning", [
    ("123m456p789s789m11z", 0, 4, True),
    ("123m456p789s789m1z", 1, 4, True),  # the wild completes the pair
    ("13m456p789s789m11z", 1, 4, True),  # the wild fills the closed wait
    ("", 2, 0, True),                    # a pair made of two wilds
    ("1m9p1z", 2, 1, False),             # three unrelated naturals need three wilds
    ("1m9p", 3, 1, True),                # 1m + wild as the pair, 9p + two wilds as a pung
    ("1m", 4, 1, True),                  # 1m + wild as pair, 3 wilds as any set
])
def test_standard_examples(hand, wilds, sets_needed, winning):
    counts = T.counts34(T.parse_tiles(hand))
    inp = S.make_input(counts, wilds, (), sets_needed, True, ALL_KINDS, [0] * 34)
    assert bool(list(S.standard(inp))) is winning
    if 0 < wilds <= 3:
        assert engine_readings(S.standard(inp)) == brute_standard(inp)


def test_no_chows_when_the_table_forbids_them():
    counts = T.counts34(T.parse_tiles("123m456p789s11z"))
    assert not list(S.standard(S.make_input(counts, 0, (), 4, False, ALL_KINDS, [0] * 34)))


def test_honours_never_form_chows():
    counts = T.counts34(T.parse_tiles("123z456p789s11m"))
    assert not list(S.standard(S.make_input(counts, 0, (), 4, True, ALL_KINDS, [0] * 34)))


def test_every_reading_is_found():
    """111222333m: pungs or chows; the finder must return both readings."""
    counts = T.counts34(T.parse_tiles("111222333m456p55z"))
    readings = engine_readings(S.standard(S.make_input(counts, 0, (), 4, True, ALL_KINDS, [0] * 34)))
    assert readings == {
        ((("chow", 0), ("chow", 0), ("chow", 0), ("chow", 12)), 31),
        ((("chow", 12), ("pung", 0), ("pung", 1), ("pung", 2)), 31),
    }


@pytest.mark.parametrize("hand, wilds", [("111222333m456p55z", 0), ("12378m123p77z", 4), ("1122m3344p556s", 3)])
def test_readings_are_ordinary_frozen_decompositions(hand, wilds):
    """The finders build readings without the dataclass constructor; they are the same objects
    it would make: equal, equally hashed, shown alike, frozen."""
    counts = T.counts34(T.parse_tiles(hand))
    inp = S.make_input(counts, wilds, (), 4, True, ALL_KINDS, [0] * 34)
    decs = list(S.standard(inp)) + list(S.seven_pairs(inp))
    assert decs
    for d in decs:
        made = S.Decomposition(d.shape, d.groups, d.tiles, d.wild_as, d.family)
        assert d == made and hash(d) == hash(made) and repr(d) == repr(made) and d.family == made.family
        with pytest.raises(AttributeError):
            d.tiles = ()


# --------------------------------------------------------------------------- seven pairs, orphans

def brute_pairs(inp: S.ShapeInput, pairs: int, allow_four: bool) -> set:
    out = set()
    for subs in combinations_with_replacement(sorted(inp.kinds), inp.wilds):
        c = list(inp.counts)
        for t in subs:
            c[t] += 1
        if any(x % 2 or x > (4 if allow_four else 2) for x in c):
            continue
        out.add(tuple(t for t in range(34) for _ in range(c[t] // 2)))
    return out


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False), st.booleans())
def test_seven_pairs_with_wilds_equal_brute_force(rng, allow_four):
    kinds = sorted(ONE_SUIT | {27, 28, 31})
    wilds = rng.randint(0, 3)
    counts = [0] * 34
    tiles = [rng.choice(kinds) for _ in range(7)]
    tiles = (tiles * 2)[: 14 - wilds]
    if rng.random() < 0.4:
        tiles[rng.randrange(len(tiles))] = rng.choice(kinds)
    for t in tiles:
        counts[t] += 1
    if max(counts) > 4:
        return
    inp = S.make_input(counts, wilds, (), 4, True, frozenset(kinds), [0] * 34)
    decs = list(S.seven_pairs(inp, allow_four=allow_four))
    found = set()
    for d in decs:
        assert len(d.groups) == 7 and all(g.kind == "pair" for g in d.groups)
        assert len(d.wild_as) == wilds
        found.add(tuple(sorted(g.tile for g in d.groups)))
    assert found == brute_pairs(inp, 7, allow_four)


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False), st.booleans())
def test_seven_pairs_readings_are_sorted_in_the_order_of_their_wild_pairs(rng, allow_four):
    """The pairs of wilds only go in by insertion: every reading's groups, tiles and wilds are
    as sorting makes them, a family's place is its pair of wilds', and the readings come in the
    order of the kinds those pairs stand for."""
    kinds = sorted(ONE_SUIT | {27, 28, 31})
    wilds = rng.randint(1, 4)
    tiles = [t for t in (rng.choice(kinds) for _ in range(7)) for _ in (0, 1)][: 14 - wilds]
    counts = [0] * 34
    for t in tiles:
        counts[t] += 1
    if max(counts) > 4:
        return
    inp = S.make_input(counts, wilds, (), 4, True, frozenset(kinds), [0] * 34)
    chosen = []
    for d in S.seven_pairs(inp, allow_four=allow_four):
        assert d.groups == tuple(sorted(d.groups)) and d.tiles == tuple(sorted(d.tiles))
        assert d.wild_as == tuple(sorted(d.wild_as))
        only = [g.tile for g in d.groups if g.wilds == 2]
        if d.family is not None:
            assert len(only) == 1 and d.groups[d.family[1]] == S.Group("pair", only[0], 2)
        chosen.append(tuple(only))
    assert chosen == sorted(chosen)


def test_seven_pairs_not_with_melds_or_wrong_size():
    counts = T.counts34(T.parse_tiles("11223344556677m"))
    assert list(S.seven_pairs(S.make_input(counts, 0, (), 4, True, ALL_KINDS, [0] * 34)))
    meld = (S.Group("pung", 30, 0, 0),)
    assert not list(S.seven_pairs(S.make_input(counts, 0, meld, 3, True, ALL_KINDS, [0] * 34)))
    four = T.counts34(T.parse_tiles("11112233445566m"))
    assert list(S.seven_pairs(S.make_input(four, 0, (), 4, True, ALL_KINDS, [0] * 34)))
    assert not list(S.seven_pairs(S.make_input(four, 0, (), 4, True, ALL_KINDS, [0] * 34), allow_four=False))


@pytest.mark.parametrize("hand, wilds, pair_kinds", [
    ("19m19p19s1234567z1m", 0, {0}),
    ("19m19p19s1234567z", 1, set(S.ORPHANS)),     # the wild may double any orphan
    ("19m19p19s123456z1m", 1, {0}),               # the wild is the missing 7z
    ("19m19p19s12345z1m", 1, set()),              # two missing, one wild
    ("19m19p19s123456z", 2, set(S.ORPHANS)),
    ("19m19p19s1234567z2m", 0, set()),
])
def test_thirteen_orphans(hand, wilds, pair_kinds):
    inp = S.make_input(T.counts34(T.parse_tiles(hand)), wilds, (), 4, True, ALL_KINDS, [0] * 34)
    decs = list(S.thirteen_orphans(inp))
    found = set()
    for d in decs:
        c = T.counts34(d.tiles)
        assert all(c[t] >= 1 for t in S.ORPHANS) and sum(c) == 14
        found.add(next(t for t in S.ORPHANS if c[t] == 2))
    assert found == pair_kinds


# --------------------------------------------------------------------------- the package's doors

def test_the_old_import_paths_still_work():
    """Code outside imports these from ``mahjong_core.engine.shapes`` and ``mahjong_core.engine.waits``: the
    package re-exports what its modules define, and the waits module the shapes' wait tables."""
    from mahjong_core.engine import waits as W
    from mahjong_core.engine.shapes import records, regular, special, suits
    assert (S.Group, S.Decomposition, S.ShapeInput, S.make_input) == (
        records.Group, records.Decomposition, records.ShapeInput, records.make_input)
    assert (S.standard, S.standard_waits) == (regular.standard, regular.standard_waits)
    assert (S.seven_pairs, S.thirteen_orphans, S.ORPHANS) == (
        special.seven_pairs, special.thirteen_orphans, special.ORPHANS)
    assert (W.suit_complete, W.suit_waits, W.standard_waits, W.seven_pairs_waits, W.thirteen_orphans_waits) == (
        suits.suit_complete, suits.suit_waits, regular.standard_waits, special.seven_pairs_waits,
        special.thirteen_orphans_waits)
    assert all(hasattr(S, name) for name in S.__all__)
