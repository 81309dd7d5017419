"""Formal waits of the 13-tile pre-win hand, as the unique-wait fans need them.

A wait is *formal*: a tile completing the standing tiles into sets + a pair (or seven pairs
when 13 tiles stand) counts even when all four copies are already held.  Only standing tiles
matter (melds are complete).  Each suit's count vector is looked up in a cache that says
whether it is complete with/without a pair and which added tile completes it.
"""
from __future__ import annotations

from functools import lru_cache

from .facts import REF_KEY, REF_ORDER



@lru_cache(maxsize=None)
def _complete(key: tuple, pair: bool, honors: bool) -> bool:
    n = len(key)
    i = 0
    while i < n and key[i] == 0:
        i += 1
    if i == n:
        return not pair
    c = key[i]
    lst = list(key)
    if c >= 3:
        lst[i] -= 3
        if _complete(tuple(lst), pair, honors):
            return True
        lst[i] += 3
    if pair and c >= 2:
        lst[i] -= 2
        if _complete(tuple(lst), False, honors):
            return True
        lst[i] += 2
    if not honors and i + 2 < n and key[i + 1] and key[i + 2]:
        lst[i] -= 1
        lst[i + 1] -= 1
        lst[i + 2] -= 1
        if _complete(tuple(lst), pair, honors):
            return True
    return False


@lru_cache(maxsize=None)
def _suit_info(key: tuple, honors: bool):
    """(complete without pair, complete with pair, offsets completing it without a pair,
    offsets completing it with a pair)."""
    c0 = _complete(key, False, honors)
    c2 = _complete(key, True, honors)
    w0 = []
    w2 = []
    r = sum(key) % 3
    if r in (1, 2):
        lst = list(key)
        for x in range(len(key)):
            if not honors:
                if not (key[x] or (x > 0 and key[x - 1]) or (x + 1 < len(key) and key[x + 1])
                        or (x > 1 and key[x - 2]) or (x + 2 < len(key) and key[x + 2])):
                    continue
            elif not key[x]:
                continue
            lst[x] += 1
            k = tuple(lst)
            if r == 2 and _complete(k, False, honors):
                w0.append(x)
            if r == 1 and _complete(k, True, honors):
                w2.append(x)
            lst[x] -= 1
    return c0, c2, tuple(w0), tuple(w2)


def regular_waits(counts) -> set:
    """Tiles completing ``counts`` (34 standing counts, 3n+1 tiles) into n+1 sets and a pair."""
    keys = (tuple(counts[0:9]), tuple(counts[9:18]), tuple(counts[18:27]), tuple(counts[27:34]))
    rs = [sum(k) % 3 for k in keys]
    out: set = set()
    if rs.count(1) == 1 and rs.count(2) == 0:
        s = rs.index(1)
        for i in range(4):
            if i != s and not _suit_info(keys[i], i == 3)[0]:
                return out
        base = 9 * s
        out.update(base + x for x in _suit_info(keys[s], s == 3)[3])
    elif rs.count(2) == 2 and rs.count(1) == 0:
        a = rs.index(2)
        b = rs.index(2, a + 1)
        for i in range(4):
            if i != a and i != b and not _suit_info(keys[i], i == 3)[0]:
                return out
        ia = _suit_info(keys[a], a == 3)
        ib = _suit_info(keys[b], b == 3)
        if ib[1]:
            out.update(9 * a + x for x in ia[2])
        if ia[1]:
            out.update(9 * b + x for x in ib[2])
    return out


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


def hand_waits(situation, formal: bool = True) -> frozenset:
    """Waits of the standing tiles before the win (regular form, and seven pairs at 13 tiles)."""
    hand = situation.hand
    counts = [0] * 34
    for t in hand:
        counts[t] += 1
    waits = regular_waits(counts)
    if len(hand) == 13 and len(set(hand)) <= 7:
        t = seven_pairs_wait(counts)
        if t is not None:
            waits.add(t)
    if not formal and waits:
        held = counts[:]
        for m in situation.melds:
            for t in m.tiles:
                held[t] += 1
        waits = {t for t in waits if held[t] < 4}
    return frozenset(waits)


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
