"""Core's win shapes' own shanten (``WinShape.shanten``, ``shanten_draws`` and
``shanten_useful`` of the standard shape, seven pairs, thirteen orphans and ``wild_count``):
each a few look-ups in the per-suit records of ``shapes.suits`` or a count. Apart from
``analysis`` (which asks them, with the discard advice around them) so that registering the
shapes (``builtin``) does not import the analyser: scoring never asks a shanten.
"""
from __future__ import annotations

from . import tiles as T
from .shapes import ORPHANS, ShapeInput
from .shapes.suits import NEVER, hand_draws, hand_missing, hand_suits, hand_useful


# ---------------------------------------------------------------- the standard shape

def standard_shanten(inp: ShapeInput) -> int:
    """``WinShape.shanten`` of the standard shape: per-suit table look-ups, less the wilds."""
    return hand_missing(inp.counts, inp.sets_needed, inp.chows) - 1 - inp.wilds


def standard_draws(inp: ShapeInput) -> list[int]:
    """``WinShape.shanten_draws`` of the standard shape: a few look-ups per suit."""
    return hand_draws(inp.counts, inp.sets_needed, inp.chows, 1 + inp.wilds)


def standard_useful(inp: ShapeInput) -> int:
    """``WinShape.shanten_useful`` of the standard shape: a few look-ups per suit."""
    return hand_useful(inp.counts, inp.sets_needed, inp.chows)


# ---------------------------------------------------------------- the special shapes

def _pairs_held(counts, allow_four: bool) -> tuple[int, int]:
    """Seven pairs' (pairs held, singles that could start one more), read off the suit
    records' kinds held once, twice, three and four times."""
    m, p, s, z = hand_suits(counts)
    a, b, c, d = m.held, p.held, s.held, z.held
    ones, threes = a[1] + b[1] + c[1] + d[1], a[3] + b[3] + c[3] + d[3]
    if allow_four:
        return a[2] + b[2] + c[2] + d[2] + threes + 2 * (a[4] + b[4] + c[4] + d[4]), ones + threes
    # a third copy cannot start another pair of its kind
    return a[2] + b[2] + c[2] + d[2] + threes + a[4] + b[4] + c[4] + d[4], ones


def seven_pairs_shanten(inp: ShapeInput, pairs: int = 7, allow_four: bool = True) -> int:
    """``WinShape.shanten`` of seven pairs: the tiles missing (two per pair lacking, one when a
    single held starts it) less one."""
    if inp.meld_groups or 3 * inp.sets_needed + 1 != 2 * pairs - 1:
        return NEVER
    held, singles = _pairs_held(inp.counts, allow_four)
    lacking = pairs - min(held, pairs)
    return 2 * lacking - min(singles, lacking) - 1 - inp.wilds


def wild_count_shanten(inp: ShapeInput, count: int = 3) -> int:
    """``WinShape.shanten`` of wild_count: each draw may bring one more wild, so ``count`` less
    the wilds held, less one (−1: complete); NEVER when the standing tiles and a drawn tile
    cannot hold ``count``."""
    if 3 * inp.sets_needed + 2 < count:
        return NEVER
    return max(count - inp.wilds - 1, -1)


def wild_count_draws(inp: ShapeInput, count: int = 3) -> list[int]:
    """``WinShape.shanten_draws`` of wild_count: a drawn tile that is no wild leaves the wilds
    held as they were, so every kind gives the hand's own shanten (NEVER for a fifth copy); a
    drawn wild is the engine's to count (``Analyzer.draws``)."""
    value = wild_count_shanten(inp, count)
    return [NEVER if c + m >= 4 else value for c, m in zip(inp.counts, inp.meld_counts)]


def thirteen_orphans_shanten(inp: ShapeInput) -> int:
    """``WinShape.shanten`` of thirteen orphans: 13 − orphan kinds held − (a pair among them)."""
    if inp.meld_groups or inp.sets_needed != 4:
        return NEVER
    m, p, s, z = hand_suits(inp.counts)
    pair = m.orphan_pair or p.orphan_pair or s.orphan_pair or z.orphan_pair
    return 13 - (m.orphans + p.orphans + s.orphans + z.orphans) - pair - inp.wilds


# ---------------------------------------------------------------- each draw at once

def seven_pairs_draws(inp: ShapeInput, pairs: int = 7, allow_four: bool = True) -> list[int]:
    """``WinShape.shanten_draws`` of seven pairs: one count changes, so the answer depends only
    on how many copies of the drawn kind are held."""
    if inp.meld_groups or 3 * inp.sets_needed + 1 != 2 * pairs - 1:
        return [NEVER] * T.NUM_KINDS
    held, singles = _pairs_held(inp.counts, allow_four)
    by_count = []                       # the shanten after drawing a kind held c times
    for c in range(5):
        h, sg = held, singles
        if allow_four and c & 1 or not allow_four and c == 1:
            h, sg = h + 1, sg - 1
        elif allow_four or c == 0:
            sg += 1
        lacking = pairs - min(h, pairs)
        by_count.append(2 * lacking - min(sg, lacking) - 1 - inp.wilds)
    by_count[4] = NEVER                 # a fifth copy
    return list(map(by_count.__getitem__, inp.counts))


def seven_pairs_useful(inp: ShapeInput, pairs: int = 7, allow_four: bool = True) -> int:
    """``WinShape.shanten_useful`` of seven pairs: while a pair is lacking, a draw that makes
    one (of a kind held once, or three times when four count as two pairs) lowers it by one;
    one that adds a single (a kind not held, or held twice when four count) lowers it while
    fewer singles are held than pairs lacking."""
    if inp.meld_groups or 3 * inp.sets_needed + 1 != 2 * pairs - 1:
        return 0
    counts = inp.counts
    held, singles = _pairs_held(counts, allow_four)
    lacking = pairs - min(held, pairs)
    m, p, s, z = hand_suits(counts)
    out = 0
    for c, helps in ((1, lacking), (3, lacking and allow_four), (0, singles < lacking),
                     (2, singles < lacking and allow_four)):
        if helps:
            out |= m.masks[c] | p.masks[c] << 9 | s.masks[c] << 18 | z.masks[c] << 27
    return out


def thirteen_orphans_draws(inp: ShapeInput) -> list[int]:
    """``WinShape.shanten_draws`` of thirteen orphans: only a terminal or honour helps."""
    base = thirteen_orphans_shanten(inp)
    out = [base] * T.NUM_KINDS
    if base >= NEVER:
        return out
    counts = inp.counts
    pair = any(counts[t] >= 2 for t in ORPHANS)
    for t in ORPHANS:
        if counts[t] == 0 or counts[t] == 1 and not pair:
            out[t] = base - 1
    if 4 in counts:                     # a fifth copy is never drawn
        for t, c in enumerate(counts):
            if c >= 4:
                out[t] = NEVER
    return out


def thirteen_orphans_useful(inp: ShapeInput) -> int:
    """``WinShape.shanten_useful`` of thirteen orphans: an orphan not held, or (no pair yet)
    one held once."""
    if inp.meld_groups or inp.sets_needed != 4:
        return 0
    counts = inp.counts
    pair = any(counts[t] >= 2 for t in ORPHANS)
    out = 0
    for t in ORPHANS:
        if counts[t] == 0 or counts[t] == 1 and not pair:
            out |= 1 << t
    return out
