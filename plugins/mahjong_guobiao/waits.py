"""Formal waits of the 13-tile pre-win hand, as the unique-wait fans need them.

A wait is *formal*: a tile completing the standing tiles into sets + a pair (or seven pairs
when 13 tiles stand) counts even when all four copies are already held.  Only standing tiles
matter (melds are complete); the regular form comes from the engine's per-suit wait tables.
"""
from __future__ import annotations

from .facts import REF_KEY, REF_ORDER
from mahjong_core.waits import standard_waits, suit_complete, suit_waits

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


# ---------------------------------------------------------------- the knitted-straight quirk

def _eigen(a, b, c):
    return (REF_KEY[a] << 16) | (REF_KEY[b] << 8) | REF_KEY[c]


def _pack_waiting(table, out):
    for t in REF_ORDER:
        c = table[t]
        if c < 1:
            continue
        if c > 1:
            out.add(t)
            return
        if t < 27:
            r = t % 9 + 1
            if r > 1 and table[t - 1]:
                if r < 9:
                    out.add(t + 1)
                if r > 2:
                    out.add(t - 2)
                return
            if r > 2 and table[t - 2]:
                out.add(t - 1)
                return


def _reference_waiting(table, cnt, prev, out):
    """The calculator's own wait search, kept verbatim in behaviour for the knitted remainder
    (whose win tile may have been taken by the knitted body; the count then wraps to 65535)."""
    if cnt == 1:
        for t in REF_ORDER:
            if table[t] == 1:
                out.add(t)
                break
        return
    if cnt == 4:
        for t in REF_ORDER:
            if table[t] < 2:
                continue
            table[t] -= 2
            _pack_waiting(table, out)
            table[t] += 2
    for t in REF_ORDER:
        if table[t] < 1:
            continue
        if table[t] > 2:
            e = _eigen(t, t, t)
            if e > prev:
                table[t] -= 3
                _reference_waiting(table, cnt - 3, e, out)
                table[t] += 3
        if t < 27 and t % 9 < 7 and table[t + 1] and table[t + 2]:
            e = _eigen(t, t + 1, t + 2)
            if e >= prev:
                table[t] -= 1
                table[t + 1] -= 1
                table[t + 2] -= 1
                _reference_waiting(table, cnt - 3, e, out)
                table[t] += 1
                table[t + 1] += 1
                table[t + 2] += 1


def knitted_remainder_unique(rest_counts, win_tile) -> bool:
    """Is the win tile the only wait of the 4 tiles left beside the knitted body?"""
    table = list(rest_counts)
    table[win_tile] = (table[win_tile] - 1) % 65536
    out: set = set()
    _reference_waiting(table, 4, 0, out)
    return len(out) == 1
