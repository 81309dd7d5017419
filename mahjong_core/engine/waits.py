"""Waits: the tiles that complete a hand.

Each win shape may answer on its own (``WinShape.waits``): core's shapes do, without wilds, by
table look-ups (the standard shape: a hand is complete exactly when every suit is, so each
suit's count vector maps, once, to "complete?" and "which added tile completes it?"). A shape
without an answer, or one that declines (None: core's shapes with wilds), falls back to trying
every tile kind through its finder. A kind of which the hand and melds already hold all four
tiles is no wait (the per-suit tables are formal: Guobiao's unique-wait fans read them as they
are).
"""
from __future__ import annotations

from functools import lru_cache
from operator import add
from typing import Sequence

from . import shapes as S
from . import tiles as T
# the shapes' own wait tables, also importable from here (plugins read them)
from .shapes import (seven_pairs_waits, standard_waits, suit_complete, suit_waits,  # noqa: F401
                     thirteen_orphans_waits)


def shape_input(standing: Sequence[int], melds, wilds: Sequence[int], table,
                win_tile: int | None = None, group_class=None) -> S.ShapeInput:
    counts = [0] * T.NUM_KINDS
    for t in standing:
        counts[t] += 1
    return counts_input(counts, melds, wilds, table, win_tile, group_class)


def counts_input(counts: Sequence[int], melds, wilds: Sequence[int], table,
                 win_tile: int | None = None, group_class=None) -> S.ShapeInput:
    """The ``ShapeInput`` of standing tiles given as their 34 counts, wild kinds included: the
    tiles of the wild kinds are set apart as the wild budget (``group_class``: when scoring)."""
    natural, wild_tiles = counts, []
    if wilds:
        natural = list(counts)
        for w in (wilds if len(wilds) == 1 else sorted(set(wilds))):
            if w < T.NUM_KINDS and natural[w]:
                wild_tiles += (w,) * natural[w]
                natural[w] = 0
    groups, meld_counts = _meld_parts(melds) if melds else _NO_MELDS
    return S.ShapeInput(tuple(natural), len(wild_tiles), groups, table.hand_size // 3 - len(melds),
                        table.sequences, table.kinds, meld_counts, win_tile, tuple(wild_tiles), table.wilds.fifth_copy,
                        group_class)


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


def waits(ruleset, hand: Sequence[int], melds, wilds: Sequence[int]) -> tuple[int, ...]:
    """The kinds completing ``hand`` + ``melds`` in some enabled shape: the shape's own
    ``waits`` where it answers, else every kind tried through its finder."""
    counts = [0] * T.NUM_KINDS
    for t in hand:
        counts[t] += 1
    return waits_of_counts(ruleset, counts, melds, wilds)


def waits_of_counts(ruleset, counts: Sequence[int], melds, wilds: Sequence[int]) -> tuple[int, ...]:
    """``waits`` of a hand given as its 34 counts, wild kinds included (the table keeps counts)."""
    table = ruleset.table
    base = counts_input(counts, melds, wilds, table)
    found: set[int] = set()
    generic = []
    for shape, args, _ in ruleset.shapes:
        own = shape.waits
        got = None if own is None else own(base, **args)
        if got is None:
            generic.append((shape, args))
        elif got:
            found.update(got)
    if not found and not generic:
        return ()                           # most hands: no shape is ready
    # no fifth copy: a kind whose four tiles are all in the hand and melds cannot be drawn (a
    # wild is a tile of its own kind, never a copy of what it stands for)
    held = list(map(add, base.meld_counts, counts))
    if wilds and not base.wilds and any(base.fifth_copy or held[t] < 4 for t in found):
        # a drawn wild stands for any wait it may be a copy of (table.wilds.fifth_copy)
        found.update(w for w in wilds if w in table.kinds)
    if generic:
        found.update(_searched(table, base, generic, set(wilds), found))
    found = {t for t in found if held[t] < 4}
    return tuple(sorted(found))


def _searched(table, base: S.ShapeInput, shapes, wild_kinds: set, found: set, prune: bool = True) -> set[int]:
    """The kinds, beyond ``found``, that complete ``base`` in one of ``shapes`` (each asked
    through its finder). ``prune``: a shape's own ``shanten``, a lower bound of its distance
    (``WinShape.shanten``), rules out what it can before the finder is asked: a shape at 1 or
    more on the hand before the win takes no tile at all; one at 0 or more on the hand with a
    tile added is not completed by that tile."""
    if prune:
        shapes = [(shape, args) for shape, args in shapes if not _at_least(shape, args, base, 1)]
    out: set[int] = set()
    if not shapes:
        return out
    counts = list(base.counts)
    for t in sorted(table.kinds):
        if t in found:
            continue
        # the pre-win input with one more tile: only the counts (or the wild budget) change
        if t in wild_kinds:
            inp = S.ShapeInput(base.counts, base.wilds + 1, base.meld_groups, base.sets_needed,
                               base.chows, base.kinds, base.meld_counts, t, fifth_copy=base.fifth_copy)
        else:
            counts[t] += 1
            inp = S.ShapeInput(tuple(counts), base.wilds, base.meld_groups, base.sets_needed,
                               base.chows, base.kinds, base.meld_counts, t, fifth_copy=base.fifth_copy)
            counts[t] -= 1
        for shape, args in shapes:
            if prune and _at_least(shape, args, inp, 0):
                continue
            if next(iter(shape.find(inp, **args)), None) is not None:
                out.add(t)
                break
    return out


def _at_least(shape, args, inp: S.ShapeInput, value: int) -> bool:
    """Does the shape's own shanten put ``inp`` at ``value`` or more (False: no answer)? Its
    cheap bound (``WinShape.shanten_bound``, never above its shanten) is asked first."""
    fn = shape.shanten
    if fn is None:
        return False
    bound = shape.shanten_bound
    if bound is not None and bound(inp, **args) >= value:
        return True
    got = fn(inp, **args)
    return got is not None and got >= value

