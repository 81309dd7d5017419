"""Waits: the tiles that complete a hand.

Without wilds the standard shape needs no search at all: a hand is complete exactly when every
suit is, so each suit's count vector maps (once, cached) to "complete?" and "which added tile
completes it?", and a hand's waits are a handful of table look-ups. Wilds and plugin shapes fall
back to trying every tile kind. A kind of which the hand and melds already hold all four tiles is
no wait (the per-suit tables are formal: Guobiao's unique-wait fans read them as they are).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from . import shapes as S
from . import tiles as T

_SUITS = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))


def shape_input(standing: Sequence[int], melds, wilds: Sequence[int], table,
                win_tile: int | None = None) -> S.ShapeInput:
    counts = [0] * T.NUM_KINDS
    n_wild = 0
    if wilds:
        wild_set = set(wilds)
        for t in standing:
            if t in wild_set:
                n_wild += 1
            else:
                counts[t] += 1
    else:
        for t in standing:
            counts[t] += 1
    groups, meld_counts = _meld_parts(melds)
    return S.ShapeInput(tuple(counts), n_wild, groups, table.hand_size // 3 - len(melds),
                        table.sequences, table.kinds, meld_counts, win_tile)


_NO_MELDS = ((), (0,) * T.NUM_KINDS)


@lru_cache(maxsize=1 << 14)
def _meld_parts(melds) -> tuple:
    """The melds as groups, and the 34 counts of their tiles (melds repeat across hands)."""
    if not melds:
        return _NO_MELDS
    meld_counts = [0] * T.NUM_KINDS
    groups = []
    for i, m in enumerate(melds):
        groups.append(S.Group(m.kind, m.tile, 0, i))
        for t in m.tiles:
            meld_counts[t] += 1
    return tuple(groups), tuple(meld_counts)


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


def standard_waits(counts: Sequence[int], chows: bool, kinds) -> list[int]:
    keys = []
    complete = []
    pair_suits = 0
    for lo, hi, numbered in _SUITS:
        key = tuple(counts[lo:hi])
        size = sum(key)
        ok = suit_complete(key, chows and numbered)
        keys.append((lo, key, size, numbered))
        complete.append(ok)
        if ok and size % 3 == 2:
            pair_suits += 1
    incomplete = complete.count(False)
    if incomplete > 1:
        return []
    out: list[int] = []
    for idx, (lo, key, size, numbered) in enumerate(keys):
        if incomplete == 1 and complete[idx]:
            continue
        others_pairs = pair_suits - (1 if complete[idx] and size % 3 == 2 else 0)
        new_mod = (size + 1) % 3
        if new_mod == 1 or others_pairs + (new_mod == 2) != 1:
            continue
        for o in suit_waits(key, chows and numbered):
            if lo + o in kinds:
                out.append(lo + o)
    return out


def seven_pairs_waits(counts: Sequence[int], pairs: int = 7, allow_four: bool = True) -> list[int]:
    if len(counts) - counts.count(0) > pairs or sum(counts) != 2 * pairs - 1:
        return []
    single = [t for t, c in enumerate(counts) if c % 2]
    if len(single) != 1:
        return []
    t = single[0]
    if counts[t] == 3 and not allow_four:
        return []
    if not allow_four and any(c > 2 for c in counts):
        return []
    return single


def thirteen_orphans_waits(counts: Sequence[int]) -> list[int]:
    if any(counts[1:8]) or any(counts[10:17]) or any(counts[19:26]) or sum(counts) != 13:
        return []
    missing = [t for t in S.ORPHANS if counts[t] == 0]
    dup = [t for t in S.ORPHANS if counts[t] >= 2]
    if any(counts[t] > 2 for t in S.ORPHANS) or len(dup) > 1:
        return []
    if not dup and not missing:
        return list(S.ORPHANS)
    if len(missing) == 1 and len(dup) == 1:
        return missing
    return []


def waits(ruleset, hand: Sequence[int], melds, wilds: Sequence[int]) -> tuple[int, ...]:
    table = ruleset.table
    base = shape_input(hand, melds, wilds, table)
    found: set[int] = set()
    generic = []
    for shape, args, _ in ruleset.shapes:
        if base.wilds == 0 and shape.find is S.standard:
            if sum(base.counts) == 3 * base.sets_needed + 1:
                found.update(standard_waits(base.counts, table.sequences, table.kinds))
        elif base.wilds == 0 and shape.find is S.seven_pairs:
            if not melds:
                found.update(seven_pairs_waits(base.counts, **args))
        elif base.wilds == 0 and shape.find is S.thirteen_orphans:
            if not melds:
                found.update(thirteen_orphans_waits(base.counts))
        else:
            generic.append((shape, args))
    if wilds and not base.wilds and found:
        found.update(w for w in wilds if w in table.kinds)   # a drawn wild stands for any wait
    if generic:
        wild_kinds = set(wilds)
        counts = list(base.counts)
        for t in sorted(table.kinds):
            if t in found:
                continue
            # the pre-win input with one more tile: only the counts (or the wild budget) change
            if t in wild_kinds:
                inp = S.ShapeInput(base.counts, base.wilds + 1, base.meld_groups, base.sets_needed,
                                   base.chows, base.kinds, base.meld_counts, t)
            else:
                counts[t] += 1
                inp = S.ShapeInput(tuple(counts), base.wilds, base.meld_groups, base.sets_needed,
                                   base.chows, base.kinds, base.meld_counts, t)
                counts[t] -= 1
            for shape, args in generic:
                if next(iter(shape.find(inp, **args)), None) is not None:
                    found.add(t)
                    break
    if found:
        # no fifth copy: a kind whose four tiles are all in the hand and melds cannot be drawn (a
        # wild is a tile of its own kind, never a copy of what it stands for)
        held = list(base.meld_counts)
        for t in hand:
            held[t] += 1
        found = {t for t in found if held[t] < 4}
    return tuple(sorted(found))
