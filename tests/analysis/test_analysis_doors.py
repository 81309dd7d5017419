"""The analysis's fast doors: every shape's ``shanten_draws`` against its own ``shanten`` asked
again with the drawn tile, its ``shanten_bound`` never above its ``shanten``, the standard
shape's per-suit tables against the plain decomposition, and the whole Guobiao ruleset's shanten
and useful tiles against PyMahjongGB's five forms on random 13- and 14-tile hands with 0–4
melds (``MAHJONG_ANALYSIS_N`` hands of each size, 400 by default; 10,000 is the acceptance
run)."""
from __future__ import annotations

import os
import random
from dataclasses import replace

import pytest

from mahjong_core import load_ruleset
from mahjong_core.engine import tiles as T
from mahjong_core.engine.analysis import NEVER
from mahjong_core.engine.shapes import suits

from dealing import held_counts, hands, knitted_hand, random_hand, shape_input
from harness import needs
from reference_gb import TILE_CODES

G = needs("MahjongGB", "pip install -e '.[reference]'")         # the reference calculator

ANALYSIS_N = int(os.environ.get("MAHJONG_ANALYSIS_N", "400"))
FORMS = (G.RegularShanten, G.SevenPairsShanten, G.ThirteenOrphansShanten, G.HonorsAndKnittedTilesShanten,
         G.KnittedStraightShanten)


@pytest.fixture(scope="module")
def gb():
    return load_ruleset("guobiao")


def test_every_shapes_draws_equal_its_shanten_asked_again_and_its_bound_is_below(gb):
    rng = random.Random(1801)
    shapes = [(shape, args) for shape, args, _ in gb.shapes]
    assert all(shape.shanten_draws is not None for shape, _ in shapes)
    assert any(shape.shanten_bound is not None for shape, _ in shapes)
    for hand, n_melds in hands(rng):
        inp = shape_input(hand, n_melds)
        for shape, args in shapes:
            here = shape.shanten(inp, **args)
            if shape.shanten_bound is not None:
                assert shape.shanten_bound(inp, **args) <= here, (shape.id, T.format_tiles(hand))
            got = shape.shanten_draws(inp, **args)
            assert len(got) == 34
            for t in range(34):
                if inp.counts[t] >= 4:
                    assert got[t] == NEVER
                    continue
                more = list(inp.counts)
                more[t] += 1
                want = shape.shanten(replace(inp, counts=tuple(more)), **args)
                assert got[t] == want, (shape.id, T.format_tiles(hand), n_melds, T.name(t))


def plain_missing(counts, need: int) -> int:
    """The tiles missing to ``need`` sets and a head, read off the uninterned fronts (the plain
    per-suit decomposition and every mix of the suits' options)."""
    states = {(0, 0, 0)}
    for lo, hi, numbered in suits.SUIT_RANGES:
        no_head, head = suits._suffix(_strip(counts[lo:hi]), numbered)
        states = {(m + a, md + b, h) for m, md, h in states for a, b in no_head} | \
                 {(m + a, md + b, 1) for m, md, h in states if not h for a, b in head}
    held = sum(counts)
    best = NEVER
    for m, md, h in states:
        m = min(m, need)
        d = min(md - m, need - m)
        empty = need - m - d + 1 - h
        spare = held - 3 * m - 2 * d - 2 * h
        best = min(best, d + 3 * (need - m - d) + 2 * (1 - h) - min(spare, empty))
    return best


def _strip(key) -> tuple:
    key = tuple(key)
    i = 0
    while i < len(key) and not key[i]:
        i += 1
    return key[i:]


def test_interned_fronts_and_small_masks_read_as_the_plain_decomposition():
    rng = random.Random(1802)
    for i in range(3000):
        size = rng.choice((4, 5, 7, 8, 10, 11, 13, 14))
        hand = sorted(rng.sample([t for t in range(34) for _ in range(4)], size))
        counts = [0] * 34
        for t in hand:
            counts[t] += 1
        need = size // 3
        assert suits.hand_missing(tuple(counts), need, True) == plain_missing(counts, need), T.format_tiles(hand)
        draws = suits.hand_draws(tuple(counts), need, True)
        for t in range(34):
            if counts[t] < 4:
                counts[t] += 1
                assert draws[t] == plain_missing(counts, need), (T.format_tiles(hand), T.name(t))
                counts[t] -= 1
        if need <= 1:                       # the masks beside a knitted body
            joined = suits.small_join()
            mask = joined[joined[joined[suits.small_mask(tuple(counts[0:9]), True)][
                suits.small_mask(tuple(counts[9:18]), True)]][suits.small_mask(tuple(counts[18:27]), True)]][
                suits.small_mask(tuple(counts[27:34]), False)]
            assert suits.small_missing(need, size)[mask] == plain_missing(counts, need), T.format_tiles(hand)


def reference(hand: list[int], melded: bool) -> tuple[int, set[int]]:
    """PyMahjongGB's shanten over its five forms (only the regular and the knitted straight
    with melds) and the useful tiles of the best of them."""
    codes = tuple(TILE_CODES[t] for t in hand)
    forms = (G.RegularShanten, G.KnittedStraightShanten) if melded else FORMS
    answers = []
    for form in forms:
        if form is G.KnittedStraightShanten and len(hand) < 10:
            continue                        # two melds or more: no knitted straight
        answers.append(form(hand=codes))
    best = min(a[0] for a in answers)
    return best, {TILE_CODES.index(c) for a in answers if a[0] == best for c in a[1]}


def dealt_with_melds(rng: random.Random, size: int) -> tuple[list[int], list[dict]]:
    """Random hands, with a share dealt mostly from knitted tiles and honours (no melds)."""
    if rng.random() < 0.25:
        return knitted_hand(rng, size), []
    return random_hand(rng, size)


def test_whole_guobiao_analysis_matches_the_reference_on_13_tile_hands(gb):
    rng = random.Random(1803)
    for _ in range(ANALYSIS_N):
        hand, melds = dealt_with_melds(rng, 13)
        want, useful = reference(hand, bool(melds))
        got = gb.analyze({"hand": T.format_tiles(hand), "melds": melds}, waits=False)
        held = held_counts(hand, melds)
        assert got.shanten == want, (T.format_tiles(hand), melds)
        assert {u.tile for u in got.hand.useful} == {t for t in useful if held[t] < 4}, (T.format_tiles(hand), melds)


def test_whole_guobiao_analysis_matches_the_reference_discard_by_discard(gb):
    rng = random.Random(1804)
    for _ in range(ANALYSIS_N):
        hand, melds = dealt_with_melds(rng, 14)
        got = gb.analyze({"hand": T.format_tiles(hand), "melds": melds}, waits=False)
        held = held_counts(hand, melds)
        assert {o.discard for o in got.discards} == set(hand)
        for o in got.discards:
            rest = list(hand)
            rest.remove(o.discard)
            want, useful = reference(rest, bool(melds))
            assert o.shanten == want, (T.format_tiles(hand), melds, T.name(o.discard))
            assert {u.tile for u in o.useful} == {t for t in useful if held[t] < 4}, \
                (T.format_tiles(hand), melds, T.name(o.discard))
