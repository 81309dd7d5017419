"""The gold (金): which tiles of a winning hand are playable golds, and whether a hand's
tiles make whole sets once some golds are set aside (for 金雀 and 金龙).

A situation names the gold kind in ``wilds``. Three copies are playable golds; the fourth,
turned face up at the opening, is not wild and is only ever taken by 抢金, as the winning tile
(``extras.robbing_gold``). Golds are never melded, so only the standing tiles and a self-drawn
winning tile can be golds.
"""
from __future__ import annotations

from typing import NamedTuple

from mahjong_core.plugin import sets_fit, tiles as T


ANY_COPIES = 1 << 20        # room() under table.wilds.fifth_copy: no kind runs out of copies

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


def room(situation, counts: tuple[int, ...], fifth_copy: bool = False) -> tuple[int, ...]:
    """How many more copies of each kind a wild may stand for: four less the natural copies in
    ``counts`` and in the melds (no reading makes a fifth copy, as in core's shape search), or
    any number with ``fifth_copy`` (``table.wilds.fifth_copy``)."""
    if fifth_copy:
        return (ANY_COPIES,) * len(counts)
    out = [4 - c for c in counts]
    for m in situation.melds:
        for t in m.tiles:
            out[t] -= 1
    return tuple(out)


def fits(counts: tuple[int, ...], wilds: int, sets: int, pair: bool, free: tuple[int, ...] | None = None) -> bool:
    """Do ``counts`` (34 kinds) and ``wilds`` wild tiles make exactly ``sets`` sets (runs within a
    suit, pungs; honours only pungs) and, when ``pair``, one pair, every tile used? A wild stands
    for a kind only while ``free`` (default: four less ``counts``) leaves a copy of it. Core's
    ``sets_fit`` answers: the standard search's per-suit splits, without making readings."""
    return sets_fit(counts, wilds, sets, pair, free)
