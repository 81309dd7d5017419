"""The unique-wait machinery of the guobiao plugin: formal waits of the pre-win hand.

Differential against the reference calculator's own shanten functions (test-only dependency)
and a few hand-checked hands (the published 边张/坎张 examples, tricky hands T19–T22).
"""
from __future__ import annotations

import random

import pytest

import handgen
import reference_gb as ref
from mahjong_core import parse_tiles
from mahjong_guobiao.waits import ALL_KINDS, hand_waits
from mahjong_core.engine.waits import standard_waits


def _waits(text: str, formal: bool = True) -> set:
    return set(hand_waits(tuple(sorted(parse_tiles(text))), (), formal))


@pytest.mark.parametrize("hand, waits", [
    ("1233m456s789p111z", "3m"),            # 1233 waits on 3 only -> edge
    ("12345m678s99p111z", "36m"),           # 12345 waits 3 and 6: no edge
    ("4556m123s789p111z", "5m"),            # 4556 waits 5 -> closed
    ("445566m2277779s", "89s"),             # T19: seven pairs and regular readings, two waits
    ("2222444466688m", "36m"),              # T20
    ("1234444678m456p", "14m"),             # T21: 4m counts although all four are held
])
def test_known_waits(hand, waits):
    assert _waits(hand) == set(parse_tiles(waits))


def test_live_waits_drop_kinds_held_four_times():
    assert _waits("1234444678m456p", formal=False) == set(parse_tiles("1m"))


def test_waits_match_the_reference():
    gb = pytest.importorskip("MahjongGB")
    assert gb is not None
    rng = random.Random(20261130)
    hands = handgen.ready_hands(7, 1500, special=0.1)
    for _ in range(300):       # shorter hands (melds elsewhere): 4, 7, 10 standing tiles
        full = list(rng.choice(hands))
        rng.shuffle(full)
        hands.append(tuple(sorted(full[: rng.choice((4, 7, 10))])))
    for hand in hands:
        mine = set(standard_waits(_counts(hand), True, ALL_KINDS))
        theirs = set(ref.reference_regular_waits(hand))
        assert mine == theirs, hand


def _counts(hand):
    c = [0] * 34
    for t in hand:
        c[t] += 1
    return c


@pytest.mark.parametrize("formal", [True, False])
def test_the_quick_unique_wait_agrees_with_the_whole_wait_search(formal):
    """``only_wait`` looks at one suit; ``hand_waits`` searches the whole pre-win hand. For every
    standard reading of random winning hands (wild hands among them, read as their concrete
    tiles) and every tile of the reading taken as the winning tile, they agree."""
    from mahjong_core import load_ruleset
    from mahjong_guobiao.waits import only_wait
    from wildgen import wildify
    rules = load_ruleset("popular")
    rng = random.Random(7)
    checked = fired = 0
    while checked < 4000:
        sit = handgen.random_situation(rng, rng.choice(["standard", "pattern"]))
        if rng.random() < 0.5:
            sit = wildify(sit, rng, rng.randint(1, 4)) or sit
        s = rules.parse(sit)
        for dec in rules.decompositions(s):
            if dec.shape != "standard":
                continue
            for w in set(dec.tiles):
                hand = list(dec.tiles)
                hand.remove(w)
                whole = len(hand_waits(tuple(hand), s.melds, formal)) == 1
                assert only_wait(dec.tiles, w, s.melds, formal) == whole, (sit, dec, w)
                checked += 1
                fired += whole
    assert 0 < fired < checked
