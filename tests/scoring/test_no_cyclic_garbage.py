"""Scoring leaves no reference cycles behind: every object a hand makes (its readings, their
contexts, the search's closures) is freed by reference counting as soon as the result is
returned, so the garbage collector never has to find it. A hand with four wilds makes a
hundred readings or more; left in a cycle, each would wait for a collection, and the objects
surviving the young collections make the full ones come sooner.
"""
from __future__ import annotations

import gc
import random

import pytest

import mahjong_core
from mahjong_core import MahjongError

from wildgen import family_hand
from winning_hands import random_winning

NAMES = ("popular", "guangdong-tuidaohu", "guangdong", "fuzhou", "guobiao", "sichuan")


def _hands(name: str, rules, n: int) -> list[dict]:
    """``n`` random winning hands the ruleset scores (with 1–4 wilds where it has them)."""
    rng = random.Random(f"cycles-{name}")
    kinds = sorted(t for t in rules.table.kinds if t < 34)
    out = []
    while len(out) < n:
        if rules.table.max_wild_kinds:
            sit = family_hand(name, rules, rng, rng.randint(1, 4))
        else:
            sit = random_winning(rng, melds=rng.randint(0, 2), kinds=kinds, chows=rules.table.chows)
        try:
            if sit is not None:
                rules.score(sit, enforce_minimum=False)
                out.append(sit)
        except MahjongError:
            pass
    return out


@pytest.mark.parametrize("name", NAMES)
def test_scoring_frees_everything_it_makes(name):
    rules = mahjong_core.load_ruleset(name)
    hands = _hands(name, rules, 40)           # each scored once: tables and caches filled
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        for sit in hands:
            rules.score(sit, enforce_minimum=False)
        unreachable = gc.collect()
    finally:
        if enabled:
            gc.enable()
    assert unreachable == 0, f"{name}: scoring {len(hands)} hands left {unreachable} objects in reference cycles"
