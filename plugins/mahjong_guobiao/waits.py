"""Formal waits of the 13-tile pre-win hand, as the unique-wait fans need them.

A wait is *formal*: a tile completing the standing tiles into sets + a pair (or seven pairs
when 13 tiles stand) counts even when all four copies are already held.  Only standing tiles
matter (melds are complete); the regular form comes from the engine's per-suit wait tables.
"""
from __future__ import annotations

from .facts import REF_ORDER
from mahjong_core.plugin import standard_waits, suit_complete, suit_waits

ALL_KINDS = frozenset(range(34))


def seven_pairs_wait(counts):
    pairs = 0
    for c in counts:
        if c == 2 or c == 3:
            pairs += 1
        elif c == 4:
            pairs += 2
    if pairs == 6:
        for t in REF_ORDER:
            if counts[t] == 1 or counts[t] == 3:
                return t
    return None


def hand_waits(hand, melds=(), formal: bool = True) -> frozenset:
    """Waits of the standing tiles ``hand`` before the win (regular form, and seven pairs at 13
    tiles); ``melds`` only matter for ``formal=False`` (a kind whose four copies are held is no
    wait then)."""
    counts = [0] * 34
    for t in hand:
        counts[t] += 1
    waits = set(standard_waits(counts, True, ALL_KINDS))      # the engine's per-suit wait tables
    if len(hand) == 13 and len(set(hand)) <= 7:
        t = seven_pairs_wait(counts)
        if t is not None:
            waits.add(t)
    if not formal and waits:
        held = counts[:]
        for m in melds:
            for t in m.tiles:
                held[t] += 1
        waits = {t for t in waits if held[t] < 4}
    return frozenset(waits)


def only_wait(tiles, w, melds=(), formal: bool = True) -> bool:
    """Is ``w`` the only wait of the pre-win hand, ``tiles`` less one ``w``, where ``tiles`` are
    the standing tiles and winning tile of a standard reading? Every suit of a reading is
    complete, so taking ``w`` away leaves at most its own suit incomplete, and then that suit's
    waits are the hand's: one table look-up. Otherwise (the suit complete even without ``w``,
    seven pairs possible, or live waits only: ``formal=False``) ``hand_waits`` decides."""
    lo, n = (w - w % 9, 9) if w < 27 else (27, 7)
    suit = [0] * n
    kinds = set()
    for t in tiles:
        kinds.add(t)
        if lo <= t < lo + n:
            suit[t - lo] += 1
    suit[w - lo] -= 1
    key = tuple(suit)
    chows = w < 27
    if formal and not suit_complete(key, chows) and (melds or len(kinds) - (suit[w - lo] == 0) > 7):
        return suit_waits(key, chows) == (w - lo,)
    hand = list(tiles)
    hand.remove(w)
    return len(hand_waits(tuple(hand), melds, formal)) == 1
