"""Hands with wilds: a random winning hand (handgen.py) with some tiles turned into copies of a wild
kind it does not otherwise hold, drawn from every form of winning hand."""
from __future__ import annotations

import random

from mahjong_core.engine import tiles as T
from mahjong_core.engine.errors import MahjongError

import handgen
from fuzhou_recordgen import random_situation as fuzhou_situation
from winning_hands import random_winning

# (form, weight): the forms handgen.py builds, weighted for hands with wilds
FORMS = (("standard", 70), ("pattern", 22), ("seven_pairs", 4), ("thirteen_orphans", 1),
         ("knitted_straight", 2), ("honors_knitted", 2), ("nine_gates", 1))


def wildify(sit: dict, rng: random.Random, k: int, kinds: tuple = ()) -> dict | None:
    """Turn ``k`` of the standing tiles (maybe the winning tile) into copies of a wild kind that
    the hand does not otherwise hold (one of ``kinds`` when given: a table's fixed wild kinds).
    Flags that depend on the winning tile's copies are dropped."""
    standing = list(T.parse_tiles(sit["hand"]))
    win = T.tile(sit["win_tile"])
    used = set(standing) | {win}
    for m in sit.get("melds", []):
        used.update(T.parse_tiles(m["tiles"]))
    free = [t for t in (kinds or range(34)) if t not in used]
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


def family_hand(name: str, rules, rng: random.Random, k: int) -> dict | None:
    """A random winning situation of ruleset ``name`` (``rules``: popular, a Guangdong ruleset
    or fuzhou) holding ``k`` wilds (1–4; Fuzhou at most 3), or None."""
    if name == "fuzhou":            # three golds at most: the face-up copy is not wild
        k = min(k, 3)
        sit = fuzhou_situation(rng)
        tiles = list(T.parse_tiles(sit["hand"]))
        gold = T.tile(sit["wilds"])
        others = [i for i, t in enumerate(tiles) if t != gold]
        if len(tiles) - len(others) > k:
            return None
        for i in rng.sample(others, k - (len(tiles) - len(others))):
            tiles[i] = gold
        return dict(sit, hand=T.format_tiles(sorted(tiles)))
    if name == "popular":
        form = rng.choices([f for f, _ in FORMS], [w for _, w in FORMS])[0]
        sit = handgen.random_situation(rng, form)
        sit.pop("flowers", None)
    else:               # Guangdong: standard hands of the tile set's kinds, self-drawn where it asks
        fixed = rules.table.wilds.fixed        # a fixed wild kind (莲花's 白板) is held only as a wild
        kinds = sorted(t for t in rules.table.kinds if t < 34 and t not in fixed)
        sit = random_winning(rng, melds=rng.randint(0, 2), kinds=kinds, chows=rules.table.chows)
    if tuple(rules.table.win_methods) == ("self_drawn",):
        sit["self_drawn"] = True
        for key in ("robbing_kong", "discard_after_kong"):
            sit.pop(key, None)
    if not rules.table.chows and any(m.get("type") == "chow" for m in sit.get("melds", [])):
        return None
    turned = wildify(sit, rng, k, rules.table.wilds.fixed)
    if turned is None or T.tile(turned["wilds"]) not in rules.table.kinds:
        return None
    return turned


def parsed_hand(name: str, rules, seed: int, k: int) -> tuple | None:
    """``family_hand`` from ``seed`` and the ruleset's parse of it, or None when there is no
    such hand or the ruleset refuses it."""
    sit = family_hand(name, rules, random.Random(seed), k)
    if sit is None:
        return None
    try:
        return sit, rules.parse(sit)
    except MahjongError:
        return None
