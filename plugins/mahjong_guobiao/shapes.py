"""Guobiao's own win shapes: honours-and-knitted (全不靠/七星不靠), the knitted straight's
regular form (组合龙 + a set + a pair) and nine gates (九莲宝灯, nine-sided pre-win shape)."""
from __future__ import annotations

from itertools import combinations
from typing import Iterable

from mahjong_core.shapes import Decomposition, Group, ShapeInput, standard

from .facts import KNITTED, KNITTED_SETS


_HONOR_SET = frozenset(range(27, 34))


def _honors_and_knitted_wild(inp: ShapeInput) -> Iterable[Decomposition]:
    """With wilds: the natural tiles are distinct and fit one knitted straight plus honours; the
    wilds take any of the missing tiles of that set (each choice is a reading)."""
    counts = inp.counts
    if max(counts) > 1 or sum(counts) + inp.wilds != 14:
        return
    naturals = [t for t in range(34) if counts[t]]
    seen = set()
    for k in KNITTED_SETS:
        allowed = k | _HONOR_SET
        if not all(t in allowed for t in naturals):
            continue
        missing = sorted(allowed.difference(naturals))
        for chosen in combinations(missing, inp.wilds):
            tiles = tuple(sorted(naturals + list(chosen)))
            if tiles not in seen:
                seen.add(tiles)
                yield Decomposition("honors_and_knitted", (), tiles, tuple(chosen))


def honors_and_knitted(inp: ShapeInput) -> Iterable[Decomposition]:
    """Fourteen distinct tiles: 7–9 from one knitted straight plus 5–7 different honours."""
    if inp.meld_groups:
        return
    if inp.wilds:
        yield from _honors_and_knitted_wild(inp)
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


def _knitted_straight_wild(inp: ShapeInput) -> Iterable[Decomposition]:
    """With wilds: wilds fill the knitted body's missing tiles, and the rest is read by the
    engine's standard shape (one set or the meld, and a pair), wilds included."""
    counts = inp.counts
    seen = set()
    for body in KNITTED:
        missing = [t for t in body if not counts[t]]
        if len(missing) > inp.wilds:
            continue
        rest = list(counts)
        for t in body:
            if rest[t]:
                rest[t] -= 1
        sub = ShapeInput(tuple(rest), inp.wilds - len(missing), inp.meld_groups, 1 - len(inp.meld_groups),
                         inp.chows, inp.kinds, inp.meld_counts)
        knit = tuple(Group("knitted", lo, sum(1 for t in (lo, lo + 3, lo + 6) if t in missing))
                     for lo in sorted(body[i] for i in (0, 3, 6)))
        for dec in standard(sub):
            tiles = tuple(sorted(body + dec.tiles))
            total = list(inp.meld_counts)
            for t in tiles:
                total[t] += 1
            if any(total[t] > 4 for t in missing + list(dec.wild_as)):
                continue
            groups = dec.groups[:len(inp.meld_groups)] + knit + dec.groups[len(inp.meld_groups):]
            key = (tiles, groups)
            if key not in seen:
                seen.add(key)
                yield Decomposition("knitted_straight", groups, tiles, tuple(sorted(missing + list(dec.wild_as))))


def knitted_straight(inp: ShapeInput) -> Iterable[Decomposition]:
    """组合龙 (147/258/369 in three suits) as three sets, plus one set (or one meld) and a pair."""
    if len(inp.meld_groups) > 1:
        return
    if inp.wilds:
        yield from _knitted_straight_wild(inp)
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


_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def _is_wild_win(inp: ShapeInput) -> bool:
    """Was the winning tile one of the wilds? (Its kind has no natural copy among the counts,
    which hold the wild kinds' tiles as the wild budget instead.)"""
    return inp.counts[inp.win_tile] == 0


def _nine_gates_wild(inp: ShapeInput, wild_win: bool) -> Iterable[Decomposition]:
    """With wilds: the tiles of one suit plus the wilds make 1112345678999 + x, and the winning
    tile is x — a natural winning tile of rank x, or a wild standing for it."""
    counts = inp.counts
    for base in (0, 9, 18):
        suit = counts[base:base + 9]
        if sum(suit) + inp.wilds == 14 and sum(suit) == sum(counts):
            break
    else:
        return
    for x in range(9):
        target = list(_GATES)
        target[x] += 1
        missing = [target[r] - suit[r] for r in range(9)]
        if min(missing) < 0 or sum(missing) != inp.wilds:
            continue
        if wild_win:
            if not missing[x]:
                continue                # the drawn wild must stand for the extra tile
        elif inp.win_tile != base + x:
            continue
        wild_as = tuple(base + r for r in range(9) for _ in range(missing[r]))
        tiles = tuple(base + r for r in range(9) for _ in range(target[r]))
        yield Decomposition("nine_gates", (), tiles, wild_as)


def nine_gates(inp: ShapeInput) -> Iterable[Decomposition]:
    """1112345678999 of one suit, concealed, plus any tile of that suit (the win tile is the
    extra one: the pre-win hand must be the nine-sided shape)."""
    if inp.meld_groups:
        return
    if inp.wilds:
        if inp.win_tile is not None:
            yield from _nine_gates_wild(inp, _is_wild_win(inp))
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
