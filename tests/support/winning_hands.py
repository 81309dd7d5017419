"""Random standard-shape winning situations over any tile kinds (the generic hands of the core
tests; Guobiao's richer generator is handgen.py)."""
from __future__ import annotations

import random

from mahjong_core.engine import tiles as T


def random_sets(rng: random.Random, n_sets: int, counts: list[int], chows: bool = True,
                kinds=range(34)) -> list[tuple[str, int]] | None:
    """``n_sets`` random chows/pungs drawn without exceeding four copies; updates ``counts``."""
    kinds = list(kinds)
    out = []
    for _ in range(n_sets):
        for _attempt in range(50):
            if chows and rng.random() < 0.55:
                t = rng.choice([k for k in kinds if k < 27 and k % 9 <= 6 and k + 2 in kinds] or [0])
                need = (t, t + 1, t + 2)
                kind = "chow"
            else:
                t = rng.choice(kinds)
                need = (t, t, t)
                kind = "pung"
            if all(counts[x] + need.count(x) <= 4 for x in set(need)):
                for x in need:
                    counts[x] += 1
                out.append((kind, t))
                break
        else:
            return None
    return out


def random_winning(rng: random.Random, melds: int | None = None, kinds=range(34), n_sets: int = 4,
                   chows: bool = True) -> dict:
    """A random standard-shape winning situation (a docs/formats.md dict) with up to ``n_sets`` melds."""
    while True:
        counts = [0] * 34
        n_melds = rng.randint(0, 2) if melds is None else melds
        sets = random_sets(rng, n_sets, counts, chows=chows, kinds=kinds)
        if sets is None:
            continue
        pair = rng.choice([k for k in kinds if counts[k] <= 2])
        counts[pair] += 2
        meld_sets, hand_sets = sets[:n_melds], sets[n_melds:]
        standing = [pair, pair]
        for kind, t in hand_sets:
            standing += [t, t + 1, t + 2] if kind == "chow" else [t] * 3
        rng.shuffle(standing)
        win = standing.pop()
        meld_dicts = []
        for kind, t in meld_sets:
            tiles = [t, t + 1, t + 2] if kind == "chow" else [t] * 3
            meld_dicts.append({"type": kind, "tiles": T.format_tiles(tiles)})
        return {"hand": T.format_tiles(standing), "melds": meld_dicts, "win_tile": T.name(win)}
