"""A suit's splits with wilds, searched by count vectors: the fast path behind the standard
search's ``wild_options``.

Invariant: ``wild_options`` equals ``suits.suit_options`` (the reference, kept callable and
compared in tests/scoring/test_wild_splits.py) — the same options in the same order, with the
same wilds counted inside each group. The reference walks every order in which the same groups
can be taken and every place the wilds may sit, then keeps the first split of each shape (the
same groups of tiles and pair); here the search is memoised on what is left — the count vector,
whether the pair is still free, the wilds left — and keeps only the least split of each shape
as it goes, so a remainder met again along another path is answered once (per process, across
hands: suits recur). Nothing here reads a fan or a ruleset.
"""
from __future__ import annotations

from functools import lru_cache

from .kernel import splitter
from .records import interned_group, suit_group_codes
from .suits import MEMO_LIMIT


def first_splits(key: tuple[int, ...], chows: bool, budget: int) -> tuple:
    """Of each set of ``suits.suit_splits`` that differ only in where the wilds sit (the same
    groups of tiles and pair), the first in its order, in that order."""
    return tuple(sorted(_first(key, chows, True, budget).values()))


@lru_cache(maxsize=MEMO_LIMIT)
def wild_options(key: tuple[int, ...], lo: int, chows: bool, budget: int, fifth_copy: bool = False) -> tuple:
    """``suits.suit_options`` (the reference): a suit's splits, fewest wilds first, as (wilds
    used, number of sets, has a pair, set Groups, pair Group, the tiles the wilds stand for,
    (tile, copies) of each such tile); none uses a fifth copy of a tile unless ``fifth_copy``.
    The compiled splitter answers where it was built (``kernel.splitter``), else
    ``pure_wild_options``."""
    compiled = splitter()
    if compiled is not None:
        sets, pairs = suit_group_codes(lo)
        out = compiled.wild_options(key, lo, chows, budget, fifth_copy, sets, pairs)
        if out is not None:
            return out
    return pure_wild_options(key, lo, chows, budget, fifth_copy)


def pure_wild_options(key: tuple[int, ...], lo: int, chows: bool, budget: int, fifth_copy: bool = False) -> tuple:
    """``wild_options`` from ``first_splits``, in Python: the reference the compiled splitter
    is held to (tests/scoring/test_wild_splits.py)."""
    out = []
    n = len(key)
    for groups, pair, used in first_splits(key, chows, budget):
        concrete = [0] * n
        for kind, off, _ in groups:
            if kind == "pung":
                concrete[off] += 3
            else:
                concrete[off] += 1
                concrete[off + 1] += 1
                concrete[off + 2] += 1
        if pair is not None:
            concrete[pair[0]] += 2
        if not fifth_copy and max(concrete) > 4:
            continue
        wild_as = []
        copies = []
        for off in range(n):
            c = concrete[off]
            if c > key[off]:
                wild_as.extend((lo + off,) * (c - key[off]))
                copies.append((lo + off, c))
        sets = tuple([interned_group(kind, lo + off, w) for kind, off, w in groups])
        pg = None if pair is None else interned_group("pair", lo + pair[0], pair[1])
        out.append((used, len(sets), pg is not None, sets, pg, tuple(wild_as), tuple(copies)))
    out.sort(key=_used)
    return tuple(out)


def _used(option: tuple) -> int:
    return option[0]


@lru_cache(maxsize=1 << 15)
def _first(counts: tuple[int, ...], chows: bool, pair_free: bool, budget: int) -> dict:
    """The least split of ``counts`` (the tiles not yet grouped) per shape — the groups' (kind,
    lowest tile) and the pair's tile — keyed by that shape, spending at most ``budget`` wilds,
    with a pair only when ``pair_free``; a split is (sorted groups, pair or None, wilds used).
    The lowest natural tile ``i`` is in one group, made of ``k`` naturals of ``i`` and wilds (a
    pung or the pair) or a chow through ``i`` whose tiles below ``i`` are wilds and each tile
    above a natural (when one is left) or a wild; the rest is the remainder's. Exact because the least split of a shape is a group
    of the lowest natural tile joined to the least split of the remainder's shape: adding the
    same group to two sorted sequences keeps their order."""
    n = len(counts)
    i = 0
    while i < n and counts[i] == 0:
        i += 1
    if i == n:
        return {((), None): ((), None, 0)}
    out: dict = {}
    c = counts[i]
    base = list(counts)
    for k in range(min(c, 3), 0, -1):          # a pung of i: k naturals, 3 - k wilds
        w = 3 - k
        if w <= budget:
            base[i] = c - k
            _join_first(out, ("pung", i, w), _first(tuple(base), chows, pair_free, budget - w), w)
            base[i] = c
    if pair_free:                              # the pair of i
        for k in range(min(c, 2), 0, -1):
            w = 2 - k
            if w <= budget:
                base[i] = c - k
                for (shape, _), (groups, _, used) in _first(tuple(base), chows, False, budget - w).items():
                    split = (groups, (i, w), used + w)
                    known = out.get((shape, i))
                    if known is None or split < known:
                        out[(shape, i)] = split
                base[i] = c
    if chows:                                  # chows through i, i their lowest natural tile
        for s in (i - 2, i - 1, i):
            if s < 0 or s + 2 >= n or i - s > budget:
                continue
            above = range(i + 1, s + 3)
            for mask in range(1 << len(above)):       # bit set: that tile above i is natural
                w = i - s
                rest = list(counts)
                rest[i] -= 1
                ok = True
                for b, j in enumerate(above):
                    if mask >> b & 1:
                        if not rest[j]:
                            ok = False
                            break
                        rest[j] -= 1
                    else:
                        w += 1
                if ok and w <= budget:
                    _join_first(out, ("chow", s, w), _first(tuple(rest), chows, pair_free, budget - w), w)
    return out


def _join_first(out: dict, group: tuple, rests: dict, w: int) -> None:
    """Add ``group`` (spending ``w`` wilds) to the least split of each remainder shape, keeping
    the least per new shape."""
    kind_tile = group[:2]
    for (shape, pair), (groups, p, used) in rests.items():
        key = (tuple(sorted(shape + (kind_tile,))), pair)
        split = (tuple(sorted(groups + (group,))), p, used + w)
        known = out.get(key)
        if known is None or split < known:
            out[key] = split
