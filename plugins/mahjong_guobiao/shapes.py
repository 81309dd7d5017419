"""Guobiao's own win shapes: honours-and-knitted (全不靠/七星不靠), the knitted straight's
regular form (组合龙 + a set + a pair) and nine gates (九莲宝灯, nine-sided pre-win shape)."""
from __future__ import annotations

from typing import Iterable

from mahjong_core.shapes import Decomposition, Group, ShapeInput

from .facts import KNITTED, KNITTED_SETS


def honors_and_knitted(inp: ShapeInput) -> Iterable[Decomposition]:
    """Fourteen distinct tiles: 7–9 from one knitted straight plus 5–7 different honours."""
    if inp.meld_groups or inp.wilds:
        return
    counts = inp.counts
    if max(counts) > 1 or sum(counts) != 14:
        return
    numbered = [t for t in range(27) if counts[t]]
    if not 7 <= len(numbered) <= 9:
        return
    if not any(all(t in k for t in numbered) for k in KNITTED_SETS):
        return
    yield Decomposition("honors_and_knitted", (), inp.natural_tiles, ())


def _set_and_pair(counts, sets: int):
    """Every split of ``counts`` into ``sets`` sets (0 or 1) and one pair."""
    out = []
    kinds = [t for t in range(34) if counts[t]]
    if sets == 0:
        if len(kinds) == 1 and counts[kinds[0]] == 2:
            out.append((Group("pair", kinds[0]),))
        return out
    c = list(counts)
    for t in kinds:
        if c[t] >= 3:
            c[t] -= 3
            rest = [u for u in range(34) if c[u]]
            if len(rest) == 1 and c[rest[0]] == 2:
                out.append((Group("pung", t), Group("pair", rest[0])))
            c[t] += 3
        if t < 27 and t % 9 < 7 and c[t + 1] and c[t + 2]:
            c[t] -= 1
            c[t + 1] -= 1
            c[t + 2] -= 1
            rest = [u for u in range(34) if c[u]]
            if len(rest) == 1 and c[rest[0]] == 2:
                out.append((Group("chow", t), Group("pair", rest[0])))
            c[t] += 1
            c[t + 1] += 1
            c[t + 2] += 1
    return out


def knitted_straight(inp: ShapeInput) -> Iterable[Decomposition]:
    """组合龙 (147/258/369 in three suits) as three sets, plus one set (or one meld) and a pair."""
    if inp.wilds or len(inp.meld_groups) > 1:
        return
    c = counts = inp.counts
    # quick reject: every suit needs one whole 147 / 258 / 369 class
    for b in (0, 9, 18):
        if not ((c[b] and c[b + 3] and c[b + 6]) or (c[b + 1] and c[b + 4] and c[b + 7])
                or (c[b + 2] and c[b + 5] and c[b + 8])):
            return
    for body in KNITTED:
        if all(counts[t] for t in body):
            break
    else:
        return
    rest = list(counts)
    for t in body:
        rest[t] -= 1
    splits = _set_and_pair(rest, 1 - len(inp.meld_groups))
    if len(splits) != 1:       # the calculator accepts only an unambiguous remainder
        return
    knit = tuple(Group("knitted", t) for t in sorted(body[i] for i in (0, 3, 6)))
    yield Decomposition("knitted_straight", inp.meld_groups + knit + splits[0], inp.natural_tiles, ())


def nine_gates(inp: ShapeInput) -> Iterable[Decomposition]:
    """1112345678999 of one suit, concealed, plus any tile of that suit (the win tile is the
    extra one: the pre-win hand must be the nine-sided shape)."""
    if inp.meld_groups or inp.wilds:
        return
    counts = inp.counts
    for base in (0, 9, 18):
        suit = counts[base:base + 9]
        if sum(suit) == 14:
            break
    else:
        return
    if suit[0] < 3 or suit[8] < 3 or any(c == 0 for c in suit):
        return
    win = inp.win_tile
    if win is not None:
        before = list(suit)
        if not base <= win < base + 9:
            return
        before[win - base] -= 1
        if before != [3, 1, 1, 1, 1, 1, 1, 1, 3]:
            return                    # 准九莲: the tiles are there, the nine-sided wait was not
    yield Decomposition("nine_gates", (), inp.natural_tiles, ())
