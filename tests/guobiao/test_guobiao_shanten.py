"""Guobiao's special shapes give their own shanten (honours and knitted tiles, knitted straight,
nine gates): each against PyMahjongGB's function for that form, and the whole ruleset's
``shanten`` against ``MahjongShanten``, on random hands and on hands dealt mostly from knitted
tiles and honours (where the special shapes win)."""
from __future__ import annotations

import random

import pytest

from mahjong_core import load_ruleset
from mahjong_core.engine import tiles as T
from mahjong_core.engine.analysis import NEVER
from mahjong_core.engine.shapes import ShapeInput
from mahjong_guobiao import honors_and_knitted, knitted_straight, nine_gates

from dealing import dealt, gates_hand, knitted_hand, random_hand
from harness import needs
from reference_gb import TILE_CODES

G = needs("MahjongGB", "pip install -e '.[reference]'")         # the reference calculator


def shape_input(hand, melds=()) -> ShapeInput:
    counts = [0] * 34
    for t in hand:
        counts[t] += 1
    groups = tuple(range(len(melds)))       # only their number is read
    return ShapeInput(tuple(counts), 0, groups, 4 - len(melds), True, frozenset(range(34)), (0,) * 34)


def codes(hand) -> tuple:
    return tuple(TILE_CODES[t] for t in hand)


def pack(melds) -> tuple:
    return tuple(("PENG" if m["type"] == "pung" else "CHI",
                  TILE_CODES[T.parse_tiles(m["tiles"])[m["type"] == "chow"]], 0) for m in melds)


def test_honours_and_knitted_shanten_matches_the_reference():
    rng = random.Random(181)
    for i in range(6000):
        hand = knitted_hand(rng) if i % 2 else dealt(rng)
        want = G.HonorsAndKnittedTilesShanten(hand=codes(hand))[0]
        assert honors_and_knitted.shanten(shape_input(hand)) == want, T.format_tiles(hand)
    assert honors_and_knitted.shanten(shape_input(T.parse_tiles("147m258p3s"), [{}])) == NEVER


def test_knitted_straight_shanten_matches_the_reference_with_and_without_a_meld():
    rng = random.Random(182)
    for i in range(6000):
        if i % 3 == 2:
            hand, melds = random_hand(rng)
            if len(melds) > 1:
                continue
        else:
            hand, melds = (knitted_hand(rng) if i % 3 else dealt(rng)), []
            if i % 6 == 1:                      # one meld: ten standing tiles
                hand, melds = hand[:10], [{"type": "pung", "tiles": "111z"}]
        want = G.KnittedStraightShanten(hand=codes(hand))[0]
        assert knitted_straight.shanten(shape_input(hand, melds)) == want, (T.format_tiles(hand), melds)
    assert knitted_straight.shanten(shape_input(T.parse_tiles("147m2p"), [{}, {}, {}])) == NEVER


def test_nine_gates_shanten_counts_the_gates_held_and_never_undercuts_the_standard_shape():
    from mahjong_core.engine.analysis import standard_shanten
    assert nine_gates.shanten(shape_input(T.parse_tiles("1112345678999p"))) == 0
    assert nine_gates.shanten(shape_input(T.parse_tiles("11123456789995p"))) == -1
    assert nine_gates.shanten(shape_input(T.parse_tiles("1112345678999p1z"))) == 0
    assert nine_gates.shanten(shape_input(T.parse_tiles("1122345678999p"))) == 1
    assert nine_gates.shanten(shape_input(T.parse_tiles("1112345m"), [{}, {}])) == NEVER
    rng = random.Random(183)
    for i in range(3000):
        hand = gates_hand(rng) if i % 2 else dealt(rng)
        inp = shape_input(hand)
        assert nine_gates.shanten(inp) >= standard_shanten(inp), T.format_tiles(hand)


@pytest.fixture(scope="module")
def gb():
    return load_ruleset("guobiao")


def test_whole_ruleset_shanten_matches_mahjong_shanten(gb):
    rng = random.Random(184)
    for i in range(9000):
        if i % 3 == 0:
            hand, melds = knitted_hand(rng), []
        elif i % 3 == 1:
            hand, melds = random_hand(rng)
        else:
            hand, melds = gates_hand(rng), []
        want = G.MahjongShanten(pack=pack(melds), hand=codes(hand))
        got = gb.shanten({"hand": T.format_tiles(hand), "melds": melds})
        assert got == want, (T.format_tiles(hand), melds)


def test_the_special_shapes_are_asked_not_searched(gb):
    assert not gb.analyzer.searched
    assert gb.shanten("147m258p36s12345z") == 0         # honours and knitted, ready
    assert gb.shanten("147m258p369s1234z") == 0         # knitted straight + a single wait
    assert gb.shanten("147m258p369s12345z") == -1
    assert gb.shanten("147m25p369s11z234z") == 1


FORMS = (G.RegularShanten, G.SevenPairsShanten, G.ThirteenOrphansShanten, G.HonorsAndKnittedTilesShanten,
         G.KnittedStraightShanten)


def reference_14(hand: list[int]) -> int:
    """A 14-tile hand's shanten from the reference's 13-tile forms: −1 when a discard leaves a
    hand ready on that very tile in some form, else the best discard's."""
    best = NEVER
    for d in set(hand):
        rest = list(hand)
        rest.remove(d)
        for form in FORMS:
            sh, useful = form(hand=codes(rest))
            if sh == 0 and TILE_CODES[d] in useful:
                return -1
            best = min(best, sh)
    return best


def test_whole_ruleset_shanten_of_14_tile_hands_matches_the_reference(gb):
    rng = random.Random(185)
    for i in range(1500):
        hand = knitted_hand(rng, 14) if i % 2 else gates_hand(rng) + [rng.randrange(34)]
        if max(map(hand.count, hand)) > 4:
            continue
        assert gb.shanten(T.format_tiles(sorted(hand))) == reference_14(hand), T.format_tiles(hand)
