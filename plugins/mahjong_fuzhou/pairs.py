"""The all-pairs shape (全对子型), a house extra of the revised line that its rule text does not
list (YuRos2/fuzhou-mahjong keeps it: ``Rules._pairs_hand`` in ``scripts/rules.gd``, its
docs/RULES.md, sections 七 and 十一). YAML ``shapes: {fuzhou.all_pairs: {when: {all_pairs_shape: true}}}``.

The concealed tiles (the standing tiles and the winning tile) are all pairs, but for one single
when they are an odd number: 17 tiles are eight pairs and a single, 14 (one meld) seven pairs.
Four of a kind is two pairs. A gold completes a pair or is the single, two golds make a pair of
their own; a gold never stands for a fifth copy of a kind.

Every Fuzhou check reads the situation only, never the reading, so one reading of the hand
stands for all of them: the finder yields one.
"""
from __future__ import annotations

from collections.abc import Iterable

from mahjong_core.plugin import NEVER, Decomposition, Group, ShapeInput


def all_pairs(inp: ShapeInput) -> Iterable[Decomposition]:
    """All the concealed tiles pairs, a single beside them when they are an odd number; golds
    complete pairs, pair up, or are the single."""
    counts = inp.counts
    total = sum(counts) + inp.wilds
    if total < 2:
        return
    room = [4 - c - m for c, m in zip(counts, inp.meld_counts)]
    groups: list[Group] = []
    wild_as: list[int] = []
    odd = []
    for t, c in enumerate(counts):
        groups.extend([Group("pair", t)] * (c // 2))
        if c % 2:
            odd.append(t)
    single = total % 2 == 1
    # an odd kind a gold cannot complete (no copy left) must be the single; else the last one is
    fixed = [t for t in odd if room[t] < 1]
    if len(fixed) > single:
        return
    lone = fixed[0] if fixed else (odd[-1] if single and odd else None)
    for t in odd:
        if t == lone:
            groups.append(Group("single", t))
            continue
        groups.append(Group("pair", t, 1))
        wild_as.append(t)
        room[t] -= 1
    spare = inp.wilds - len(wild_as)
    if spare < 0:
        return
    kinds = [t for t in sorted(inp.kinds) if t < len(counts)]
    if single and lone is None:         # a gold is the single: any kind with a copy left
        t = next((k for k in kinds if room[k] >= 1), None)
        if t is None:
            return
        groups.append(Group("single", t, 1))
        wild_as.append(t)
        room[t] -= 1
        spare -= 1
    while spare >= 2:                   # two golds as a pair of a kind with two copies left
        t = next((k for k in kinds if room[k] >= 2), None)
        if t is None:
            return
        groups.append(Group("pair", t, 2))
        wild_as.extend((t, t))
        room[t] -= 2
        spare -= 2
    if spare:
        return
    tiles = sorted([t for t, c in enumerate(counts) for _ in range(c)] + wild_as)
    yield Decomposition("fuzhou.all_pairs", inp.meld_groups + tuple(groups), tuple(tiles), tuple(sorted(wild_as)))


def shanten(inp: ShapeInput) -> int:
    """``WinShape.shanten``: the fewest tiles the concealed tiles lack of a complete all-pairs
    hand (``3 × sets_needed + 2`` tiles: that many pairs, a single when odd), less one, less the
    golds. The pairs held count first (a four is two), each single with a copy left becomes a
    pair for one tile, any other pair costs two, and the lone single is free while a held tile
    is left over."""
    if inp.sets_needed < 0:
        return NEVER
    counts = inp.counts
    target = 3 * inp.sets_needed + 2
    pairs = sum(c // 2 for c in counts)
    singles = sum(1 for c, m in zip(counts, inp.meld_counts) if c % 2 and c + m < 4)
    want = target // 2
    kept = min(pairs, want)
    topped = min(want - kept, singles)          # a single made a pair: one tile each
    missing = topped + 2 * (want - kept - topped)
    if target % 2 and sum(counts) <= 2 * kept + topped:
        missing += 1                            # no held tile left over to be the single
    return max(-1, missing - 1 - inp.wilds)
