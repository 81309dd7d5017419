"""全不靠 / 七星不靠 (honours and knitted tiles): fourteen distinct tiles, 7–9 of one knitted
straight plus 5–7 different honours; with all nine knitted tiles the hand also holds 组合龙.

The shape (``readings``, registered as ``honors_and_knitted``) and its fans (``special``) live
here; the win fans of any special shape are in standard.py's ``win``.
"""
from __future__ import annotations

from itertools import combinations
from typing import Iterable

from mahjong_core.plugin import NEVER, Body, Decomposition, ShapeInput, hand_suits

from .facts import KNITTED_SETS
from .knitted_straight import STRAIGHTS, knitted_missing, most_knitted
from .wild_budget import draws_less_wilds, less_wilds

_HONOR_SET = frozenset(range(27, 34))


def _readings_wild(inp: ShapeInput) -> Iterable[Decomposition]:
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


def readings(inp: ShapeInput) -> Iterable[Decomposition]:
    """Fourteen distinct tiles: 7–9 from one knitted straight plus 5–7 different honours."""
    if inp.meld_groups:
        return
    if inp.wilds:
        yield from _readings_wild(inp)
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


def shape_waits(inp: ShapeInput) -> list[int] | None:
    """Thirteen distinct tiles of one knitted straight and the honours wait on each absent one
    that leaves 7–9 knitted tiles among the fourteen. With wilds: None (searched)."""
    if inp.wilds:
        return None
    counts = inp.counts
    if inp.meld_groups or max(counts) > 1 or sum(counts) != 13:
        return []
    numbered = [t for t in range(27) if counts[t]]
    n = len(numbered)
    if n < 6:
        return []              # five or fewer knitted tiles: one more makes at most six
    out: set[int] = set()
    for k in KNITTED_SETS:
        if all(t in k for t in numbered):
            if n < 9:          # a knitted tile keeps the count within 7–9
                out.update(t for t in k if not counts[t])
            if n >= 7:         # so does an honour
                out.update(t for t in _HONOR_SET if not counts[t])
    kinds = inp.kinds
    return sorted(t for t in out if t in kinds)


def shanten(inp: ShapeInput) -> int | None:
    """``WinShape.shanten``: 13 − the most distinct tiles held of one knitted straight and the
    honours (any 14 distinct of those 16 make the shape); with wilds, that of the natural tiles
    less the wilds (wild_budget.py)."""
    if inp.meld_groups or inp.sets_needed != 4:
        return NEVER
    counts = inp.counts
    return less_wilds(13 - min(14, most_knitted(counts) + 7 - hand_suits(counts)[3].held[0]), inp.wilds)


def shanten_draws(inp: ShapeInput) -> list[int] | None:
    """``WinShape.shanten_draws``: only a kind not held can help — an honour adds one honour,
    a numbered tile one knitted tile to the straights whose class it is in (with wilds: the
    natural tiles' less the wilds)."""
    if inp.meld_groups or inp.sets_needed != 4:
        return [NEVER] * 34
    counts = inp.counts
    joined = [[0] * 3 for _ in range(3)]     # [suit][class]: the most a straight through it holds
    knitted = 0
    for missing, classes in knitted_missing(counts):
        k = 9 - missing
        knitted = max(knitted, k)
        for i, r in enumerate(classes):
            if k > joined[i][r]:
                joined[i][r] = k
    honours = 7 - counts[27:].count(0)
    base = 13 - min(14, knitted + honours)
    out = [base] * 34
    for i in range(3):                  # a tile of class r of suit i joins the best straight through it
        for r in range(3):
            after = 13 - min(14, max(knitted, joined[i][r] + 1) + honours)
            for t in (9 * i + r, 9 * i + r + 3, 9 * i + r + 6):
                if not counts[t]:
                    out[t] = after
    more = 13 - min(14, knitted + honours + 1)
    for t in range(27, 34):
        if not counts[t]:
            out[t] = more
    if 4 in counts:                     # a fifth copy is never drawn
        for t in range(34):
            if counts[t] >= 4:
                out[t] = NEVER
    return draws_less_wilds(out, inp.wilds)


HONOURS = Body(range(27, 34))           # one of each honour


def shanten_useful(inp: ShapeInput) -> int | None:
    """``WinShape.shanten_useful``: an honour not held, and a knitted tile not held of a
    straight holding the most (fourteen distinct tiles of the sixteen: nothing more helps)."""
    if inp.wilds:
        return None
    if inp.meld_groups or inp.sets_needed != 4:
        return 0
    counts = inp.counts
    order = knitted_missing(counts)
    fewest = order[0][0]
    if 9 - fewest + 7 - hand_suits(counts)[3].held[0] >= 14:
        return 0
    out = HONOURS.lacking(counts)
    for missing, classes in order:
        if missing > fewest:
            break
        out |= STRAIGHTS[classes].lacking(counts)
    return out


def special(ctx):
    """七星不靠 with all seven honours; else 全不靠, and 组合龙 when all nine knitted tiles."""
    counts = ctx.counts
    numbered = sum(1 for t in range(27) if counts[t])
    if numbered == 7:
        return {"greater_honors_and_knitted_tiles": 1}
    out = {"lesser_honors_and_knitted_tiles": 1}
    if numbered == 9:
        out["knitted_straight"] = 1
    return out


AWARDS = {"special": {"greater_honors_and_knitted_tiles": "special", "lesser_honors_and_knitted_tiles": "special"}}
# fans an honours-and-knitted reading earns beside it
ALSO_AWARDS = {"knitted_straight": "special"}
