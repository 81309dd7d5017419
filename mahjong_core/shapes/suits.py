"""Per-suit tables, each keyed by one suit's count vector and built once (cached): the suit's
splits into sets and at most one pair, with or without wilds, for the standard search; and
whether the suit is complete, and which added tile completes it, for its waits."""
from __future__ import annotations

from functools import lru_cache
from itertools import product

from .records import Group

# (first kind, end, numbered): the three numbered suits and the honours
SUIT_RANGES = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))

SuitSplit = tuple  # (groups: tuple[(kind, offset, wilds)], pair: (offset, wilds) | None, wilds_used)


# ---------------------------------------------------------------- splits, for the search

@lru_cache(maxsize=None)
def suit_splits(key: tuple[int, ...], chows: bool, budget: int) -> tuple[SuitSplit, ...]:
    """Every way to cover a suit's counts with sets and at most one pair, spending ≤ budget wilds."""
    counts = list(key)
    n = len(counts)
    out: set = set()

    def rec(start: int, groups: list, pair, used: int) -> None:
        i = start
        while i < n and counts[i] == 0:
            i += 1
        if i == n:
            out.add((tuple(sorted(groups)), pair, used))
            return
        c = counts[i]
        # pung containing tile i: k naturals, 3 - k wilds
        for k in range(min(c, 3), 0, -1):
            w = 3 - k
            if used + w <= budget:
                counts[i] -= k
                groups.append(("pung", i, w))
                rec(i, groups, pair, used + w)
                groups.pop()
                counts[i] += k
        # pair containing tile i
        if pair is None:
            for k in range(min(c, 2), 0, -1):
                w = 2 - k
                if used + w <= budget:
                    counts[i] -= k
                    rec(i, groups, (i, w), used + w)
                    counts[i] += k
        # chows containing tile i as their lowest natural tile
        if chows:
            for s in (i - 2, i - 1, i):
                if s < 0 or s + 2 >= n:
                    continue
                below = i - s                      # tiles under i must be wilds
                if used + below > budget:
                    continue
                counts[i] -= 1
                above = [j for j in range(i + 1, s + 3)]
                # each tile above i: natural if available, or a wild
                for choice in product((True, False), repeat=len(above)):
                    w = below
                    ok = True
                    for j, natural in zip(above, choice):
                        if natural:
                            if counts[j] == 0:
                                ok = False
                                break
                        else:
                            w += 1
                    if not ok or used + w > budget:
                        continue
                    for j, natural in zip(above, choice):
                        if natural:
                            counts[j] -= 1
                    groups.append(("chow", s, w))
                    rec(i, groups, pair, used + w)
                    groups.pop()
                    for j, natural in zip(above, choice):
                        if natural:
                            counts[j] += 1
                counts[i] += 1

    rec(0, [], None, 0)
    return tuple(sorted(out))


@lru_cache(maxsize=None)
def suit_groups(key: tuple[int, ...], lo: int, chows: bool) -> tuple:
    """A suit's wild-free splits as ready-made Groups: (sets, pair or None) per split."""
    return tuple((tuple(Group(kind, lo + off) for kind, off, _ in groups),
                  None if pair is None else Group("pair", lo + pair[0]))
                 for groups, pair, _ in suit_splits(key, chows, 0))


@lru_cache(maxsize=None)
def suit_options(key: tuple[int, ...], lo: int, chows: bool, budget: int) -> tuple:
    """A suit's splits, fewest wilds first, as (wilds used, number of sets, has a pair, set
    Groups, pair Group, the tiles the wilds stand for, (tile, copies) of each such tile). Splits
    that differ only in where the wilds sit are kept once; none uses a fifth copy of a tile."""
    out = []
    seen = set()
    n = len(key)
    for groups, pair, used in suit_splits(key, chows, budget):
        shape_key = (tuple(sorted((kind, off) for kind, off, _ in groups)), None if pair is None else pair[0])
        if shape_key in seen:
            continue
        seen.add(shape_key)
        concrete = [0] * n
        for kind, off, _ in groups:
            for t in Group(kind, off).tiles:
                concrete[t] += 1
        if pair is not None:
            concrete[pair[0]] += 2
        if max(concrete) > 4:
            continue
        wild_as = tuple(lo + off for off in range(n) for _ in range(concrete[off] - key[off]))
        copies = tuple((lo + off, concrete[off]) for off in range(n) if concrete[off] > key[off])
        sets = tuple(Group(kind, lo + off, w) for kind, off, w in groups)
        pg = None if pair is None else Group("pair", lo + pair[0], pair[1])
        out.append((used, len(sets), pg is not None, sets, pg, wild_as, copies))
    out.sort(key=lambda o: o[0])
    return tuple(out)


# ---------------------------------------------------------------- completeness, for the waits

@lru_cache(maxsize=None)
def suit_complete(key: tuple[int, ...], chows: bool) -> bool:
    """Does this suit split into sets plus at most one pair (pair iff size ≡ 2 mod 3)?"""
    size = sum(key)
    if size % 3 == 1:
        return False
    return _covers(list(key), chows, size % 3 == 2)


def _covers(c: list[int], chows: bool, need_pair: bool) -> bool:
    i = 0
    n = len(c)
    while i < n and c[i] == 0:
        i += 1
    if i == n:
        return not need_pair
    if c[i] >= 3:
        c[i] -= 3
        ok = _covers(c, chows, need_pair)
        c[i] += 3
        if ok:
            return True
    if need_pair and c[i] >= 2:
        c[i] -= 2
        ok = _covers(c, chows, False)
        c[i] += 2
        if ok:
            return True
    if chows and i + 2 < n and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        ok = _covers(c, chows, need_pair)
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1
        if ok:
            return True
    return False


@lru_cache(maxsize=None)
def suit_waits(key: tuple[int, ...], chows: bool) -> tuple[int, ...]:
    """Offsets within the suit whose addition completes it."""
    out = []
    c = list(key)
    for o in range(len(c)):
        if c[o] > 4:
            continue
        c[o] += 1
        if suit_complete(tuple(c), chows):
            out.append(o)
        c[o] -= 1
    return tuple(out)
