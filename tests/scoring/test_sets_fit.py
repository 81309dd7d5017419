"""``sets_fit`` (core's shape kit, the door Fuzhou's 金雀 and 金龙 ask through ``golds.fits``)
against a plain recursive search written from its definition: the lowest natural tile left must
belong to some group, whose other tiles are naturals where the hand has them, else wilds (each
while the room leaves a copy of its kind); wilds left over once every natural is placed make
whole groups of their own. Small cases with their arithmetic: tests/fuzhou/test_fuzhou_checks.py
``test_fits``, through the plugin's ``golds.fits``."""
from __future__ import annotations

import random
from functools import lru_cache

from mahjong_core.engine import tiles as T
from mahjong_core.plugin import sets_fit


@lru_cache(maxsize=None)
def reference(counts: tuple, wilds: int, sets: int, pair: bool, free: tuple) -> bool:
    first = next((t for t, c in enumerate(counts) if c), None)
    if first is None:
        return wilds == 3 * sets + 2 * pair
    if wilds < 0 or 3 * sets + 2 * pair != sum(counts) + wilds:
        return False

    def take(naturals: list, stand_ins: list, left_sets: int, left_pair: bool) -> bool:
        if len(stand_ins) > wilds or any(free[t] < stand_ins.count(t) for t in stand_ins):
            return False
        c, f = list(counts), list(free)
        for t in naturals:
            c[t] -= 1
        for t in stand_ins:
            f[t] -= 1
        return reference(tuple(c), wilds - len(stand_ins), left_sets, left_pair, tuple(f))

    if pair:
        for used in (2, 1):
            if counts[first] >= used and take([first] * used, [first] * (2 - used), sets, False):
                return True
        if wilds >= 2 and reference(counts, wilds - 2, sets, False, free):     # a pair of wilds only
            return True
    if not sets:
        return False
    for used in (3, 2, 1):
        if counts[first] >= used and take([first] * used, [first] * (3 - used), sets - 1, pair):
            return True
    if first < 27:
        rank = first % 9
        for low in range(max(0, rank - 2), min(rank, 6) + 1):
            start = first - rank + low
            others = [t for t in (start, start + 1, start + 2) if t != first]
            naturals = [first] + [t for t in others if t > first and counts[t]]
            stand_ins = [t for t in others if t not in naturals]
            if take(naturals, stand_ins, sets - 1, pair):
                return True
    return False


def _counts(text: str) -> tuple:
    return tuple(T.parse_tiles(text).count(t) for t in range(34))


def test_room_limits_what_a_wild_stands_for():
    counts = _counts("13m")
    room = [4 - c for c in counts]
    assert sets_fit(counts, 1, 1, False, room)
    room[T.tile("2m")] = 0                      # every 2m elsewhere (melded): the wild cannot be one
    assert not sets_fit(counts, 1, 1, False, room)
    assert sets_fit(_counts("1111s"), 1, 1, True, [1 << 20] * 34)      # a fifth copy allowed


def _random_case(rng: random.Random):
    """A hand of 2 to 17 tiles (a winning shape less some tiles made wild, or random), its wilds,
    the sets and pair asked, and the room (four less counts and some melded copies, or any)."""
    sets = rng.randint(0, 5)
    pair = rng.random() < 0.8
    wilds = rng.randint(0, 4)
    tiles = []
    if rng.random() < 0.6:
        for _ in range(sets):
            t = rng.randrange(34)
            if t < 27 and t % 9 <= 6 and rng.random() < 0.6:
                tiles += [t, t + 1, t + 2]
            else:
                tiles += [t] * 3
        if pair:
            tiles += [rng.randrange(34)] * 2
        rng.shuffle(tiles)
        tiles = tiles[min(wilds, len(tiles)):]
        if tiles and rng.random() < 0.3:
            tiles[rng.randrange(len(tiles))] = rng.randrange(34)
    else:
        tiles = [rng.randrange(34) for _ in range(max(0, 3 * sets + 2 * pair - wilds))]
    counts = [0] * 34
    for t in tiles:
        counts[t] += 1
    if max(counts, default=0) > 4:
        return None
    if rng.random() < 0.2:
        room = [1 << 20] * 34
    else:
        room = [4 - c for c in counts]
        for _ in range(rng.randint(0, 3)):      # copies melded elsewhere
            t = rng.randrange(34)
            room[t] = max(0, room[t] - rng.randint(1, 3))
    return tuple(counts), wilds, sets, pair, tuple(room)


def test_agrees_with_the_recursive_search_on_random_hands():
    rng = random.Random(2026)
    checked = fitting = 0
    while checked < 6000:
        case = _random_case(rng)
        if case is None:
            continue
        counts, wilds, sets, pair, room = case
        want = reference(counts, wilds, sets, pair, room)
        assert sets_fit(counts, wilds, sets, pair, room) is want, (T.format_tiles(
            [t for t in range(34) for _ in range(counts[t])]), wilds, sets, pair)
        checked += 1
        fitting += want
    assert 1500 < fitting < 4500         # both answers well represented
