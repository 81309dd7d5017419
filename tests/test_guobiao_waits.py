"""The unique-wait machinery of the guobiao plugin: formal waits of the pre-win hand.

Differential against the reference calculator's own shanten functions (test-only dependency)
and a few hand-checked hands from shared/rules/guobiao.md (seed 001's 边张/坎张 examples, T19–T22).
"""
from __future__ import annotations

import random

import pytest

import handgen
import reference_gb as ref
from mahjong_core import parse_tiles
from mahjong_guobiao.waits import ALL_KINDS, hand_waits
from mahjong_core.waits import standard_waits


def _waits(text: str, formal: bool = True) -> set:
    return set(hand_waits(tuple(sorted(parse_tiles(text))), (), formal))


@pytest.mark.parametrize("hand, waits", [
    ("1233m456s789p111z", "3m"),            # seed 001: 1233 waits on 3 only -> edge
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
