"""Hands dealt for the analysis tests: random standing tiles with melds from one wall, hands
mostly of knitted tiles and honours, near nine gates, and the shape input a shape's own
``shanten`` reads."""
from __future__ import annotations

import random

from mahjong_core.engine import tiles as T
from mahjong_core.engine.shapes import ShapeInput
from mahjong_guobiao.facts import KNITTED


def random_hand(rng: random.Random, size: int = 13) -> tuple[list[int], list[dict]]:
    """Random standing tiles and 0–4 melds (chows and pungs) drawn from one wall."""
    wall = [t for t in range(34) for _ in range(4)]
    rng.shuffle(wall)
    melds: list[dict] = []
    for _ in range(rng.randint(0, 4) if rng.random() < 0.5 else 0):
        t = rng.randrange(34)
        if rng.random() < 0.5 and t < 27 and t % 9 < 7 and all(x in wall for x in (t, t + 1, t + 2)):
            for x in (t, t + 1, t + 2):
                wall.remove(x)
            melds.append({"type": "chow", "tiles": T.format_tiles([t, t + 1, t + 2])})
        elif wall.count(t) >= 3:
            for _ in range(3):
                wall.remove(t)
            melds.append({"type": "pung", "tiles": T.format_tiles([t] * 3)})
    return sorted(wall[:size - 3 * len(melds)]), melds


def held_counts(hand, melds) -> list[int]:
    held = T.counts34(list(hand) + [t for m in melds for t in T.parse_tiles(m["tiles"])])
    return list(held)


def knitted_hand(rng: random.Random, size: int = 13) -> list[int]:
    """Tiles dealt mostly from one knitted straight and the honours, a few from anywhere."""
    wall = [t for t in range(34) for _ in range(4)]
    pool = list(rng.choice(KNITTED)) + list(range(27, 34))
    hand: list[int] = []
    while len(hand) < size:
        t = rng.choice(pool) if rng.random() < 0.8 else rng.randrange(34)
        if t in wall:
            wall.remove(t)
            hand.append(t)
    return sorted(hand)


def dealt(rng: random.Random, size: int = 13) -> list[int]:
    wall = [t for t in range(34) for _ in range(4)]
    return sorted(rng.sample(wall, size))


def gates_hand(rng: random.Random) -> list[int]:
    """1112345678999 of one suit with a few tiles swapped for others."""
    base = 9 * rng.randrange(3)
    hand = [base + r for r, n in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)) for _ in range(n)]
    for _ in range(rng.randint(0, 3)):
        hand[rng.randrange(13)] = rng.randrange(34)
    if max(map(hand.count, hand)) > 4:
        return gates_hand(rng)
    return sorted(hand)


def shape_input(hand, n_melds: int = 0) -> ShapeInput:
    counts = [0] * 34
    for t in hand:
        counts[t] += 1
    return ShapeInput(tuple(counts), 0, tuple(range(n_melds)), 4 - n_melds, True, frozenset(range(34)),
                      (0,) * 34)


def hands(rng: random.Random):
    """13-tile hands of every kind the shapes care about, some with melds (their standing tiles)."""
    for i in range(1500):
        kind = i % 4
        if kind == 3:
            hand, melds = random_hand(rng)
            yield hand, len(melds)
        else:
            yield (knitted_hand, dealt, gates_hand)[kind](rng), 0
