"""The standard shape's shanten tables, precomputed: every suit's count vector mapped to its
capped front's id, and the fronts' joins and tiles missing as lists (``shanten_tables.bin``,
package data made by ``scripts/build_shanten_tables.py``; ``build()`` makes the same bytes).

A suit's *front* (``suits``) is the set of (sets, sets + partial sets) pairs no other pair beats,
without and with a pair kept apart as the head. Here both numbers are capped at ``CAP`` (five
sets: the largest hand, sixteen tiles, needs five), which changes no answer for a hand needing
``CAP`` sets or fewer (``suits.missing`` reads them only through ``min(·, sets needed)``), and
makes the fronts few: capped, a suit's front is one of 172 and a join of suits one of 288,
so a suit's front is one byte of a table indexed by its count vector read in base 5
(``index``), two suits join through a K × K table (``JOIN[a][b]``) and the tiles missing are one
row per (sets needed, tiles held) (``MISSING[need][held][f]``). Nothing is computed per hand
but list look-ups; the tables load once, when ``suits`` makes its first suit record (a few
milliseconds: the file is read and sliced, nothing parsed per entry).

The per-suit tables are built without the search of ``suits._suffix`` but by the same
recurrence on capped fronts held as ids: a suit's front is the union, over the ways its lowest
tile is used (a pung, a pair as head or as a partial set, a chow, the two partial chows, or a
lone tile), of the front of what is left shifted by what that use adds; what is left has a
smaller base-5 index, so one pass in index order fills the table. Vectors of more than
``MAX_TILES`` tiles are not tabled (``NOT_TABLED``); ``suit_id`` computes them by the same
recurrence.
"""
from __future__ import annotations

import json
import sys
from array import array
from itertools import product
from pathlib import Path

CAP = 5                         # sets counted at most (five sets and a pair: the 16-tile hand)
MAX_TILES = 18                  # the most tiles of one suit tabled (17 standing + a draw)
MAX_HELD = 20                   # rows of ``MISSING`` per sets needed: tiles held 0..MAX_HELD
NOT_TABLED = 255
POW5 = tuple(5 ** i for i in range(9))
DATA = Path(__file__).with_name("shanten_tables.bin")
MAGIC = b"mahjong-core shanten tables 1\n"

EMPTY = (((0, 0),), ())         # the front of an empty suit: no sets, no head


def index(key) -> int:
    """A suit's count vector read in base 5, its first kind lowest."""
    i = 0
    for c in reversed(key):
        i = 5 * i + c
    return i


def _pareto(options) -> tuple:
    """The (sets, sets + partials) pairs no other pair beats in both, capped, largest first."""
    out = []
    top = -1
    for m, md in sorted({(min(m, CAP), min(md, CAP)) for m, md in options}, reverse=True):
        if md > top:
            out.append((m, md))
            top = md
    return tuple(out)


def join_fronts(a: tuple, b: tuple) -> tuple:
    """The front of two suits together: sums of their pairs, at most one head."""
    (pa, ha), (pb, hb) = a, b
    return (_pareto([(m + x, md + y) for m, md in pa for x, y in pb]),
            _pareto([(m + x, md + y) for m, md in pa for x, y in hb]
                    + [(m + x, md + y) for m, md in ha for x, y in pb]))


def missing_of(front: tuple, need: int, held: int) -> int:
    """``suits.missing`` of a front given as pairs: the tiles still missing from it to ``need``
    sets and a head, ``held`` tiles held (one fewer per held tile left over to start a set or
    the head from)."""
    best = 99
    no_head, head = front
    for options, h in ((no_head, 0), (head, 1)):
        for m, md in options:
            m = min(m, need)
            d = min(md - m, need - m)
            empty = need - m - d + 1 - h
            spare = held - 3 * m - 2 * d - 2 * h
            best = min(best, d + 3 * (need - m - d) + 2 * (1 - h) - min(spare, empty))
    return best


class _Builder:
    """The recurrence on capped fronts, each interned as an id while building."""

    def __init__(self):
        self.fronts: list = []
        self.ids: dict = {}
        self.memo: dict = {}        # (op, id[, id]) -> id
        self.memo_of: tuple = ({}, {})      # [chows]: base-16 index -> id, for vectors built one by one

    def intern(self, front: tuple) -> int:
        i = self.ids.get(front)
        if i is None:
            i = self.ids[front] = len(self.fronts)
            self.fronts.append(front)
        return i

    def op(self, name: str, a: int, b: int = -1) -> int:
        key = (name, a, b)
        got = self.memo.get(key)
        if got is None:
            plain, head = self.fronts[a]
            if name == "set":
                f = (_pareto((m + 1, md + 1) for m, md in plain), _pareto((m + 1, md + 1) for m, md in head))
            elif name == "part":
                f = (_pareto((m, md + 1) for m, md in plain), _pareto((m, md + 1) for m, md in head))
            elif name == "head":
                f = ((), plain)
            else:                   # union
                bp, bh = self.fronts[b]
                f = (_pareto(plain + bp), _pareto(head + bh))
            got = self.memo[key] = self.intern(f)
        return got

    def front(self, c: list, at: int, get, pow_: tuple, chows: bool) -> int:
        """The id of the front of counts ``c`` (a list, left as found) at index ``at`` (its
        counts read in the base of ``pow_``), the fronts of smaller vectors read by their
        index through ``get``."""
        n = len(c)
        i = 0
        while i < n and not c[i]:
            i += 1
        if i == n:
            return self.intern(EMPTY)
        op = self.op
        first = c[i]
        pi = pow_[i]
        got = [get(at - pi)]                # a lone tile, to replace
        if first >= 3:
            got.append(op("set", get(at - 3 * pi)))
        if first >= 2:
            rest = get(at - 2 * pi)
            got.append(op("head", rest))
            got.append(op("part", rest))
        if chows:
            if i + 2 < n and c[i + 1] and c[i + 2]:
                got.append(op("set", get(at - pi - pow_[i + 1] - pow_[i + 2])))
            if i + 1 < n and c[i + 1]:
                got.append(op("part", get(at - pi - pow_[i + 1])))
            if i + 2 < n and c[i + 2]:
                got.append(op("part", get(at - pi - pow_[i + 2])))
        out = got[0]
        for g in got[1:]:
            out = op("union", out, g) if out <= g else op("union", g, out)
        return out

    def table(self, width: int, chows: bool) -> list:
        """Every vector of ``width`` counts (0–4) of at most ``MAX_TILES`` tiles, by index:
        its front's id (None where not tabled)."""
        out: list = [None] * 5 ** width
        get = out.__getitem__       # smaller vectors: filled before
        front = self.front
        for digits in product(range(5), repeat=width):  # the last digit is the first kind: index order
            if sum(digits) <= MAX_TILES:
                c = list(reversed(digits))
                at = index(c)
                out[at] = front(c, at, get, POW5, chows)
        return out


def build() -> bytes:
    """The tables' bytes: a header (the fronts, in id order, as JSON), the K × K joins (two bytes
    each), the
    tiles missing per (sets needed, tiles held, front), the numbered suits' front ids (with
    chows, 5⁹ bytes) and the honours' (without, 5⁷ bytes)."""
    b = _Builder()
    numbered = b.table(9, True)
    honours = b.table(7, False)
    # the fronts reached: those of suits, and every join of them (closed under joining)
    reached = sorted({f for f in numbered + honours if f is not None})
    seen = set(reached)
    frontier = list(reached)
    base = list(reached)
    while frontier:
        new = []
        for a in frontier:
            for s in base:
                j = b.intern(join_fronts(b.fronts[a], b.fronts[s]))
                if j not in seen:
                    seen.add(j)
                    new.append(j)
        frontier = new
    # the suits' fronts first (their ids fit a byte), then the joins' (two bytes), each in the
    # fronts' own order: the ids do not depend on the order they were met in
    suit_ids = set(reached)
    order = sorted(suit_ids, key=lambda i: b.fronts[i]) + sorted(seen - suit_ids, key=lambda i: b.fronts[i])
    if len(suit_ids) >= NOT_TABLED or len(order) >= 1 << 16:
        raise RuntimeError(f"{len(suit_ids)} suit fronts, {len(order)} in all: more than the tables hold")
    final = {old: new for new, old in enumerate(order)}
    fronts = [b.fronts[i] for i in order]
    k = len(fronts)
    ids = {f: i for i, f in enumerate(fronts)}
    join = bytearray()
    for fx in fronts:
        for fy in fronts:
            join += ids[join_fronts(fx, fy)].to_bytes(2, "little")
    miss = bytearray()
    for need in range(CAP + 1):
        for held in range(MAX_HELD + 1):
            miss += bytes(missing_of(f, need, held) for f in fronts)
    header = json.dumps({"cap": CAP, "max_tiles": MAX_TILES, "max_held": MAX_HELD,
                         "fronts": [[list(map(list, p)), list(map(list, h))] for p, h in fronts]},
                        separators=(",", ":")).encode()
    tables = [bytes(NOT_TABLED if f is None else final[f] for f in t) for t in (numbered, honours)]
    return MAGIC + len(header).to_bytes(4, "big") + header + bytes(join) + bytes(miss) + tables[0] + tables[1]


class Tables:
    """The loaded tables: ``fronts`` (id -> front), ``JOIN[a][b]``, ``MISSING[need][held][f]``
    (lists, for indexing), ``numbered`` / ``honours`` (bytes by ``index``)."""

    __slots__ = ("fronts", "ids", "JOIN", "MISSING", "numbered", "honours", "extra", "_builder", "raw")

    def __init__(self, data: bytes):
        if not data.startswith(MAGIC):
            raise ValueError(f"{DATA.name}: not shanten tables (rebuild with scripts/build_shanten_tables.py)")
        at = len(MAGIC)
        size = int.from_bytes(data[at:at + 4], "big")
        at += 4
        head = json.loads(data[at:at + size])
        at += size
        fronts = [(tuple(map(tuple, p)), tuple(map(tuple, h))) for p, h in head["fronts"]]
        k = len(fronts)
        self.fronts = fronts
        self.ids = {f: i for i, f in enumerate(fronts)}
        if sys.byteorder == "little":   # the rows as views of the bytes: nothing copied
            joins = memoryview(data)[at:at + 2 * k * k].cast("H")
        else:
            joins = array("H", data[at:at + 2 * k * k])
            joins.byteswap()
        self.JOIN = [joins[x * k:x * k + k] for x in range(k)]
        join_bytes = data[at:at + 2 * k * k]
        at += 2 * k * k
        rows = head["max_held"] + 1
        self.MISSING = [[list(data[at + (need * rows + held) * k:at + (need * rows + held + 1) * k])
                         for held in range(rows)] for need in range(head["cap"] + 1)]
        missing_bytes = data[at:at + (head["cap"] + 1) * rows * k]
        at += (head["cap"] + 1) * rows * k
        self.numbered = data[at:at + 5 ** 9]
        self.honours = data[at + 5 ** 9:at + 5 ** 9 + 5 ** 7]
        # the same tables as bytes, for the compiled kernel (kernel.py): the joins little-endian
        self.raw = (self.numbered, self.honours, join_bytes, missing_bytes, k, head["cap"], rows)
        self.extra: dict = {}       # (counts, chows) -> id, for vectors not tabled
        self._builder = _Builder()

    def suit_id(self, key: tuple, chows: bool) -> int:
        """The capped front id of one suit's counts (numbered with chows or honours from the
        tables; anything else by the recurrence, memoised)."""
        got = NOT_TABLED
        if max(key, default=0) <= 4:
            if chows:
                if len(key) == 9:
                    got = self.numbered[index(key)]
            elif len(key) == 7:
                got = self.honours[index(key)]
            else:               # without chows the front depends only on the counts held
                held = sorted(key, reverse=True)
                if len(key) < 7 or not held[7]:
                    got = self.honours[index(held[:7] + [0] * (7 - len(held)))]
        if got == NOT_TABLED:
            got = self.extra.get((key, chows))
            if got is None:
                got = self.extra[(key, chows)] = self._compute(key, chows)
        return got

    def draw_ids(self, key: tuple, chows: bool) -> tuple:
        """The capped front ids of one suit after drawing each of its kinds (-1: a fifth copy)."""
        table = self.numbered if chows and len(key) == 9 else self.honours if not chows and len(key) == 7 else None
        if table is not None and sum(key) < MAX_TILES and max(key) <= 4:
            at = index(key)
            return tuple(table[at + POW5[o]] if c < 4 else -1 for o, c in enumerate(key))
        counts = list(key)
        out = []
        for o, c in enumerate(key):
            if c < 4:
                counts[o] += 1
                out.append(self.suit_id(tuple(counts), chows))
                counts[o] -= 1
            else:
                out.append(-1)
        return tuple(out)

    def _compute(self, key: tuple, chows: bool) -> int:
        b = self._builder
        memo = b.memo_of[chows]

        # counts may pass four (a fifth copy): read them in base 16, the memo keyed by index
        pow_ = tuple(16 ** i for i in range(len(key)))

        def get(at: int) -> int:
            got = memo.get(at)
            if got is None:
                c = [at // p % 16 for p in pow_]
                got = memo[at] = b.front(c, at, get, pow_, chows)
            return got
        front = b.fronts[get(sum(c * p for c, p in zip(key, pow_)))]
        got = self.ids.get(front)
        if got is None:             # a front no tabled suit reaches (never seen: checked by tests)
            raise ValueError(f"suit {key}: its front {front} is not in the shanten tables")
        return got


_TABLES: list = []


def tables() -> Tables:
    """The tables, loaded on first use."""
    if not _TABLES:
        _TABLES.append(Tables(DATA.read_bytes()))
    return _TABLES[0]
