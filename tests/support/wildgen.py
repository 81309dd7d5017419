"""Hands with wilds: a random winning hand (handgen.py) with some tiles turned into copies of a wild
kind it does not otherwise hold, drawn from every form of winning hand."""
from __future__ import annotations

import random

from mahjong_core.engine import tiles as T

# (form, weight): the forms handgen.py builds, weighted for hands with wilds
FORMS = (("standard", 70), ("pattern", 22), ("seven_pairs", 4), ("thirteen_orphans", 1),
         ("knitted_straight", 2), ("honors_knitted", 2), ("nine_gates", 1))


def wildify(sit: dict, rng: random.Random, k: int) -> dict | None:
    """Turn ``k`` of the standing tiles (maybe the winning tile) into copies of a wild kind that
    the hand does not otherwise hold. Flags that depend on the winning tile's copies are dropped."""
    standing = list(T.parse_tiles(sit["hand"]))
    win = T.tile(sit["win_tile"])
    used = set(standing) | {win}
    for m in sit.get("melds", []):
        used.update(T.parse_tiles(m["tiles"]))
    free = [t for t in range(34) if t not in used]
    if not free or k > len(standing) + 1:
        return None
    wild = rng.choice(free)
    positions = rng.sample(range(len(standing) + 1), k)
    out = {key: v for key, v in sit.items()
           if key not in ("robbing_kong", "fourth_tile", "discard_after_kong", "flowers")}
    for p in positions:
        if p == len(standing):
            win = wild
            out["self_drawn"] = True          # a discarded wild cannot be claimed
        else:
            standing[p] = wild
    out["hand"] = T.format_tiles(standing)
    out["win_tile"] = T.name(win)
    out["wilds"] = T.name(wild)
    return out
