"""``Body``: the shape author's kit for a shape made of a fixed body of tiles beside a standard
remainder (Guobiao's knitted straight: its nine tiles, then one set and a pair).

A ``Body`` is a fixed multiset of tile kinds. Asked of a hand's 34 counts, it says how many of
its tiles the hand holds (``held``), lacks (``missing``) and which kinds it lacks (``lacking``),
and, reading the rest of the hand (the counts less the body tiles held) as a standard shape of
``sets`` sets and a pair, how far the hand is from "the body plus those sets and a pair":
its shanten (``shanten``), its shanten after drawing each kind (``shanten_draws``) and the
kinds whose draw lowers it (``useful``): what ``WinShape.shanten``, ``shanten_draws`` and
``shanten_useful`` answer for such a shape, one body at a time.

Definition: the shanten is the fewest tiles the hand lacks of some complete hand made of the
body, ``sets`` sets (pungs; chows too in a numbered suit when ``chows``) and a pair, less one —
read, as the standard shape's is, from the per-suit fronts (``suits``), so a hand short of
tiles counts them as tiles to draw and no limit of four copies is placed on the target.

Each answer is memoised per suit: a body's part in a suit and that suit's counts (its
``suits.Suit`` record) map once to what the rest of the suit holds, so a body costs a few dict
hits and table joins per hand. With at most one set beside the body, the remainder is read
from six capped states per suit (``suits.small_*``); with more, from the general fronts.
"""
from __future__ import annotations

from collections.abc import Iterable

from ..errors import PluginError, show
from . import suits
from .suits import (_small_join as _JOINED, NEVER, SUIT_RANGES, draw_fronts, front_id,
                    hand_suits, join, missing, remember, small_draws, small_join, small_mask, small_missing,
                    suit_memo)

__all__ = ["Body"]


class _Rest:
    """One suit's counts beside one body's part in that suit: the body tiles it holds
    (``held``), the offsets it lacks as a mask (``lacking``), the rest of the suit (``key``),
    its tiles (``size``), whether it reads chows (``chows``), and the rest's small mask, general front and draws,
    0 / None until first read."""

    __slots__ = ("held", "lacking", "key", "size", "chows", "small", "small_draws", "front")

    def __init__(self, key: tuple, take: tuple, chows: bool):
        rest = list(key)
        held = lacking = 0
        for o, k in enumerate(take):
            if k:
                c = rest[o]
                if c < k:
                    lacking |= 1 << o
                    held += c
                    rest[o] = 0
                else:
                    held += k
                    rest[o] = c - k
        rest = tuple(rest)
        self.held, self.lacking = held, lacking
        self.key = rest
        self.size = sum(rest)
        self.chows = chows
        self.small = small_mask(rest, chows)
        self.small_draws = None
        self.front = 0


# (suit index, the body's part of the suit, chows) -> {suit record: (its rest's small mask, body
# tiles held, rest tiles, the _Rest)}; bodies sharing a part share its memo. The three numbers
# come first so that the shanten, asked of every hand the knitted straight is read for, unpacks
# them rather than reading attributes.
_PARTS: dict = {}


def _part_memo(i: int, take: tuple, chows: bool) -> dict:
    got = _PARTS.get((i, take, chows))
    if got is None:     # few: one per suit of each body (the memos inside are bounded: suits.remember)
        got = _PARTS[(i, take, chows)] = suit_memo()
    return got


_USEFUL: dict = suit_memo()     # (beside, drawn masks id, sets, rest tiles after the draw, rest missing now) -> (offsets, drawn)


class Body:
    """A fixed multiset of tile kinds a shape sets aside, the rest of the hand read as ``sets``
    sets and a pair (module doc). ``tiles``: the kinds (0–33), each at most four times.

    >>> straight = Body(parse_tiles("147m258p369s"))
    >>> straight.shanten(counts, sets=1)        # doctest: +SKIP
    """

    __slots__ = ("tiles", "size", "_memos", "_gets", "_used", "_take", "_kinds")

    def __init__(self, tiles: Iterable[int]):
        tiles = tuple(tiles)
        take = [0] * 34
        for t in tiles:
            if isinstance(t, bool) or not isinstance(t, int) or not 0 <= t < 34:
                raise PluginError(f"Body: {show(t)} is not a tile kind (a number 0–33, e.g. from parse_tiles)")
            take[t] += 1
            if take[t] > 4:
                raise PluginError(f"Body: kind {t} is in the body more than four times")
        self.tiles = tuple(sorted(tiles))
        self.size = len(tiles)
        parts = tuple(tuple(take[lo:hi]) for lo, hi, _ in SUIT_RANGES)
        self._take = parts
        # [chows]: per suit, the memo of that suit's rest beside this body's part of it
        self._memos = tuple(tuple(_part_memo(i, parts[i], chows and numbered)
                                  for i, (_, _, numbered) in enumerate(SUIT_RANGES)) for chows in (False, True))
        self._gets = tuple(tuple(memo.get for memo in memos) for memos in self._memos)     # bound, for speed
        # a body of distinct kinds (the common case) lacks exactly its kinds the hand holds none of
        self._kinds = sum(1 << t for t in set(tiles)) if len(set(tiles)) == len(tiles) else None
        self._used = tuple(i for i, part in enumerate(parts) if any(part))

    def __repr__(self) -> str:
        return f"Body({list(self.tiles)})"

    def _rests(self, counts, chows: bool) -> tuple:
        """The four suits' ``_Rest`` records of ``counts`` beside this body."""
        m, p, s, z = hand_suits(counts)
        gm, gp, gs, gz = self._gets[chows]
        return ((gm(m) or self._rest(0, m, chows))[3], (gp(p) or self._rest(1, p, chows))[3],
                (gs(s) or self._rest(2, s, chows))[3], (gz(z) or self._rest(3, z, chows))[3])

    def _rest(self, i: int, suit, chows: bool) -> tuple:
        numbered = SUIT_RANGES[i][2]
        rest = _Rest(suit.key, self._take[i], chows and numbered)
        return remember(self._memos[chows][i], suit, (rest.small, rest.held, rest.size, rest))

    # ------------------------------------------------------------ the body itself

    def held(self, counts) -> int:
        """The tiles of the body the hand's counts hold (a kind the body has twice counts up to
        twice)."""
        suits = hand_suits(counts)
        memos = self._memos[True]
        out = 0
        for i in self._used:
            suit = suits[i]
            out += (memos[i].get(suit) or self._rest(i, suit, True))[1]
        return out

    def missing(self, counts) -> int:
        """The tiles of the body the hand's counts lack."""
        return self.size - self.held(counts)

    def lacking(self, counts) -> int:
        """The kinds the hand holds fewer of than the body has, as a mask (bit t for kind t)."""
        suits = hand_suits(counts)
        if self._kinds is not None:
            return self._kinds & _absent(suits)
        memos = self._memos[True]
        out = 0
        for i in self._used:
            suit = suits[i]
            out |= (memos[i].get(suit) or self._rest(i, suit, True))[3].lacking << SUIT_RANGES[i][0]
        return out

    # ------------------------------------------------------------ the body and sets and a pair

    def shanten(self, counts, sets: int, chows: bool = True) -> int:
        """Tiles from ready of the hand read as the body plus ``sets`` sets and a pair (−1:
        complete); ``NEVER`` when ``sets`` is negative."""
        if sets < 0:
            return NEVER
        # on the shanten hot path, so inlined: the hand's suits as the last counts asked left
        # them (``hand_suits``), each suit's rest by one bound dict look-up, and the tables read
        # as they stand (IndexError: not yet built, or no row yet for this many tiles)
        last = suits._last_suits
        m, p, s, z = last[1] if counts is last[0] else hand_suits(counts)
        gm, gp, gs, gz = self._gets[chows]
        ma, ha, na, a = gm(m) or self._rest(0, m, chows)
        mb, hb, nb, b = gp(p) or self._rest(1, p, chows)
        mc, hc, nc, c = gs(s) or self._rest(2, s, chows)
        mz, hz, nz, z = gz(z) or self._rest(3, z, chows)
        size = na + nb + nc + nz
        if sets <= 1:
            try:
                rest = _ROW_LISTS[sets][size][_JOINED[_JOINED[_JOINED[ma][mb]][mc]][mz]]
            except IndexError:
                joined = small_join()
                rest = _rows(sets, size)[joined[joined[joined[ma][mb]][mc]][mz]]
        else:
            rest = missing(join(join(join(_front(a), _front(b)), _front(c)), _front(z)), sets, size)
        return self.size - ha - hb - hc - hz + rest - 1

    @staticmethod
    def _rest_missing(rests, sets: int, size: int) -> int:
        a, b, c, z = rests
        if sets <= 1:
            joined = small_join()
            return small_missing(sets, size)[joined[joined[joined[a.small][b.small]][c.small]][z.small]]
        f = join(join(join(_front(a), _front(b)), _front(c)), _front(z))
        return missing(f, sets, size)

    def shanten_draws(self, counts, sets: int, chows: bool = True) -> list[int]:
        """The shanten after drawing each kind (34 values; ``NEVER`` for a fifth copy): a kind
        the body lacks fills it (one lower), any other joins the rest."""
        if sets < 0:
            return [NEVER] * 34
        rests = self._rests(counts, chows)
        a, b, c, z = rests
        held = a.held + b.held + c.held + z.held
        size = a.size + b.size + c.size + z.size
        here = self.size - held + self._rest_missing(rests, sets, size) - 1
        less = self.size - held - 1
        out: list = []
        if sets <= 1:
            joined = small_join()
            row = small_missing(sets, size + 1)
            ab, cz = joined[a.small][b.small], joined[c.small][z.small]
            for rest, beside in ((a, joined[b.small][cz]), (b, joined[a.small][cz]), (c, joined[ab][z.small]),
                                 (z, joined[ab][c.small])):
                line = joined[beside]
                out += [row[line[d]] + less if d else NEVER for d in _small_draws(rest)]
        else:
            fa, fb, fc, fz = _front(a), _front(b), _front(c), _front(z)
            ab, cz = join(fa, fb), join(fc, fz)
            for rest, beside in ((a, join(fb, cz)), (b, join(fa, cz)), (c, join(ab, fz)), (z, join(ab, fc))):
                line = [NEVER] * len(rest.key)
                for f, offsets in draw_fronts(rest.key, rest.chows):
                    got = missing(join(beside, f), sets, size + 1) + less
                    for o in offsets:
                        line[o] = got
                out += line
        lacking = self.lacking(counts)
        while lacking:
            t = (lacking & -lacking).bit_length() - 1
            out[t] = here - 1
            lacking &= lacking - 1
        for t, n in enumerate(counts):
            if n >= 4:
                out[t] = NEVER
        return out

    def useful(self, counts, sets: int, chows: bool = True) -> int:
        """The kinds whose draw lowers the shanten, as a mask (bit t for kind t; kinds held
        four times may be set or not, as ``WinShape.shanten_useful`` allows): the kinds the body
        lacks, and those that bring the rest nearer its sets and pair."""
        if sets < 0:
            return 0
        if sets > 1:
            here = self.shanten(counts, sets, chows)
            return sum(1 << t for t, v in enumerate(self.shanten_draws(counts, sets, chows)) if v < here)
        rests = self._rests(counts, chows)
        a, b, c, z = rests
        size = a.size + b.size + c.size + z.size
        now = self._rest_missing(rests, sets, size)
        joined = small_join()
        ab, cz = joined[a.small][b.small], joined[c.small][z.small]
        out = self.lacking(counts)
        for lo, rest, beside in ((0, a, joined[b.small][cz]), (9, b, joined[a.small][cz]),
                                 (18, c, joined[ab][z.small]), (27, z, joined[ab][c.small])):
            out |= _rest_useful(beside, _small_draws(rest), sets, size + 1, now) << lo
        return out


_last_absent: tuple = (None, 0)     # the suits last read by _absent, and their kinds held none


def _absent(suits) -> int:
    """The kinds a hand (its four ``Suit`` records) holds none of, as a mask; the last answer is
    kept (as one tuple, swapped whole), as a hand's bodies are asked one after the other."""
    global _last_absent
    last = _last_absent
    if suits is last[0]:
        return last[1]
    m, p, s, z = suits
    got = m.masks[0] | p.masks[0] << 9 | s.masks[0] << 18 | z.masks[0] << 27
    _last_absent = (suits, got)
    return got


_ROW_LISTS = ([], [])    # [sets]: per rest size, ``small_missing(sets, size)``


def _rows(sets: int, size: int) -> list:
    """``small_missing(sets, size)``, the list of rows by size grown to hold it."""
    rows = _ROW_LISTS[sets]
    while len(rows) <= size:
        rows.append(small_missing(sets, len(rows)))
    return rows[size]


def _front(rest: _Rest) -> int:
    """The rest's general front id, filled on first read."""
    got = rest.front or front_id(rest.key, rest.chows)
    rest.front = got
    return got


def _small_draws(rest: _Rest) -> tuple:
    """The rest's small masks after drawing each of its kinds (``suits.small_draws``; kept)."""
    got = rest.small_draws
    if got is None:
        got = rest.small_draws = small_draws(rest.key, rest.chows)
    return got


def _rest_useful(beside: int, drawn: tuple, sets: int, size: int, below: int) -> int:
    """The offsets of one suit whose draw leaves the rest missing fewer than ``below`` tiles
    (memoised; ``drawn`` is one of the tuples ``small_draws`` keeps, keyed by identity, and
    the entry holds it, so no other tuple takes its id while the entry lasts)."""
    key = (beside, id(drawn), sets, size, below)
    got = _USEFUL.get(key)
    if got is None:
        line = small_join()[beside]
        row = small_missing(sets, size)
        mask = 0
        for o, d in enumerate(drawn):
            if d and row[line[d]] < below:
                mask |= 1 << o
        return remember(_USEFUL, key, (mask, drawn))[0]
    return got[0]
