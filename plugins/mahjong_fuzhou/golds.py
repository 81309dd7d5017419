"""The gold (金): which tiles of a winning hand are playable golds, and whether a hand's
tiles make whole sets once some golds are set aside (for 金雀 and 金龙).

A situation names the gold kind in ``wilds``. Three copies are playable golds; the fourth,
turned face up at the opening, is not wild and is only ever taken by 抢金, as the winning tile
(``extras.robbing_gold``). Golds are never melded, so only the standing tiles and a self-drawn
winning tile can be golds.
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from mahjong_core import tiles as T


def robbing_gold(situation) -> bool:
    """抢金: the hand won by taking the face-up gold at the opening (its winning tile is that
    copy, not a playable gold)."""
    return situation.extras.get("robbing_gold", False) is True


class Golds(NamedTuple):
    """The golds of one winning hand."""

    kinds: tuple[int, ...]       # the gold kind (situation ``wilds``)
    held: int                    # playable golds among the standing tiles and a self-drawn winning tile
    robbed: bool                 # 抢金: the winning tile is the face-up gold


def golds(situation) -> Golds:
    kinds = situation.wilds
    robbed = robbing_gold(situation)
    held = sum(1 for t in situation.hand if t in kinds)
    if situation.self_drawn and not robbed and situation.win_tile in kinds:
        held += 1
    return Golds(kinds, held, robbed)


def natural_counts(situation, facts: Golds) -> tuple[int, ...]:
    """34 counts of the standing tiles and winning tile that are not playable golds (the face-up
    gold of 抢金 counts as its own kind)."""
    counts = [0] * T.NUM_KINDS
    for t in situation.hand:
        if t not in facts.kinds:
            counts[t] += 1
    w = situation.win_tile
    if w is not None and (facts.robbed or w not in facts.kinds):
        counts[w] += 1
    return tuple(counts)


@lru_cache(maxsize=1 << 14)
def fits(counts: tuple[int, ...], wilds: int, sets: int, pair: bool) -> bool:
    """Do ``counts`` (34 kinds) and ``wilds`` wild tiles make exactly ``sets`` sets (runs within a
    suit, pungs; honours only pungs) and, when ``pair``, one pair, every tile used? The lowest
    kind left must belong to some group, so each step tries the groups that hold it."""
    first = next((t for t, c in enumerate(counts) if c), None)
    if first is None:
        return wilds == 3 * sets + 2 * pair
    if wilds < 0 or 3 * sets + 2 * pair != sum(counts) + wilds:
        return False
    c = list(counts)
    if pair:
        for used in (2, 1):               # the pair of the lowest kind: two naturals, or one and a wild
            if c[first] >= used:
                c[first] -= used
                if fits(tuple(c), wilds - (2 - used), sets, False):
                    return True
                c[first] += used
        if wilds >= 2 and fits(counts, wilds - 2, sets, False):    # a pair of wilds only
            return True
    if not sets:
        return False
    for used in (3, 2, 1):                # a pung of the lowest kind
        if c[first] >= used:
            c[first] -= used
            if fits(tuple(c), wilds - (3 - used), sets - 1, pair):
                return True
            c[first] += used
    if first < 27:
        rank = first % 9
        for low in range(max(0, rank - 2), min(rank, 6) + 1):     # runs holding the lowest kind
            start = first - rank + low
            need = [t for t in (start, start + 1, start + 2) if t != first]
            missing = [t for t in need if t < first or not c[t]]
            if len(missing) > wilds:
                continue
            c[first] -= 1
            for t in need:
                if t not in missing:
                    c[t] -= 1
            ok = fits(tuple(c), wilds - len(missing), sets - 1, pair)
            c[first] += 1
            for t in need:
                if t not in missing:
                    c[t] += 1
            if ok:
                return True
    return False
