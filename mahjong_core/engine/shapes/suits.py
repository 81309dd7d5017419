"""Per-suit tables, each keyed by one suit's count vector and built once (cached): the suit's
splits into sets and at most one pair, with or without wilds, for the standard search; whether
the suit is complete, and which added tile completes it, for its waits; and its best mixes of
sets, partial sets and a head (its front, interned as a small int), for the analysis's shanten
(read from the precomputed tables of ``tables`` wherever they reach; the fronts computed here
are their reference, ``searched_*``, and answer beyond them);
and one ``Suit`` record per count vector, through which every shape the analysis asks of a hand
reads that hand's suits (``hand_suits``)."""
from __future__ import annotations

from functools import lru_cache
from itertools import product

from .kernel import splitter
from .records import Group, suit_group_codes
from .tables import CAP, MAX_HELD, missing_of, tables

# The precomputed shanten tables, loaded when the first suit record is made (``_load``): every
# reader below reads them through a suit record made before, so a command that never reads a
# hand's suits (scoring a hand does not) never loads them.
_T = None


def _load():
    global _T
    _T = tables()
    return _T

NEVER = 99      # above any real shanten: the hand can never take this shape (analysis.NEVER)

# (first kind, end, numbered): the three numbered suits and the honours
SUIT_RANGES = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))

SuitSplit = tuple  # (groups: tuple[(kind, offset, wilds)], pair: (offset, wilds) | None, wilds_used)


# ---------------------------------------------------------------- bounded memos
#
# Everything memoised per suit vector (or per ``Suit`` record) is bounded, since a long-running
# process (a server, a batch of millions of hands) keeps meeting new vectors: the caches below
# hold ``MEMO_LIMIT`` keys each (least recently used first out), and the dict memos are one
# generation: ``remember`` empties all of them together once one is full, those plugin shapes
# keep per record included (``suit_memo``). Emptying them together keeps a record from living on
# as a key of one memo after the others forgot it. Kept for good: the interned fronts and
# signatures (a memo's answer may be such an id, which must keep its meaning), the joins and
# rows between them, few by construction.

MEMO_LIMIT = 1 << 16            # keys per cache or memo (a memo full empties them all)
_MEMOS: list = []               # every memo of the generation


def suit_memo() -> dict:
    """A new memo of answers per suit vector or per ``Suit`` record, read with ``get`` and
    written through ``remember`` (emptied with the others)."""
    memo: dict = {}
    _MEMOS.append(memo)
    return memo


def remember(memo: dict, key, value):
    """``memo[key] = value``; every memo emptied first when ``memo`` is full. Returns ``value``."""
    if len(memo) >= MEMO_LIMIT:
        forget()
    memo[key] = value
    return value


def forget() -> None:
    """Empty every memo of the generation (``remember`` does, once one is full)."""
    global _last_suits
    for memo in _MEMOS:
        memo.clear()
    _last_suits = ((), ())


# ---------------------------------------------------------------- splits, for the search

@lru_cache(maxsize=MEMO_LIMIT)
def suit_splits(key: tuple[int, ...], chows: bool, budget: int) -> tuple[SuitSplit, ...]:
    """Every way to cover a suit's counts with sets and at most one pair, spending ≤ budget wilds."""
    counts = list(key)
    n = len(counts)
    out: set = set()

    def rec(start: int, groups: list, pair, used: int) -> None:
        i = start
        while i < n and counts[i] == 0:
            i += 1
        if i == n:
            out.add((tuple(sorted(groups)), pair, used))
            return
        c = counts[i]
        # pung containing tile i: k naturals, 3 - k wilds
        for k in range(min(c, 3), 0, -1):
            w = 3 - k
            if used + w <= budget:
                counts[i] -= k
                groups.append(("pung", i, w))
                rec(i, groups, pair, used + w)
                groups.pop()
                counts[i] += k
        # pair containing tile i
        if pair is None:
            for k in range(min(c, 2), 0, -1):
                w = 2 - k
                if used + w <= budget:
                    counts[i] -= k
                    rec(i, groups, (i, w), used + w)
                    counts[i] += k
        # chows containing tile i as their lowest natural tile
        if chows:
            for s in (i - 2, i - 1, i):
                if s < 0 or s + 2 >= n:
                    continue
                below = i - s                      # tiles under i must be wilds
                if used + below > budget:
                    continue
                counts[i] -= 1
                above = [j for j in range(i + 1, s + 3)]
                # each tile above i: natural if available, or a wild
                for choice in product((True, False), repeat=len(above)):
                    w = below
                    ok = True
                    for j, natural in zip(above, choice):
                        if natural:
                            if counts[j] == 0:
                                ok = False
                                break
                        else:
                            w += 1
                    if not ok or used + w > budget:
                        continue
                    for j, natural in zip(above, choice):
                        if natural:
                            counts[j] -= 1
                    groups.append(("chow", s, w))
                    rec(i, groups, pair, used + w)
                    groups.pop()
                    for j, natural in zip(above, choice):
                        if natural:
                            counts[j] += 1
                counts[i] += 1

    rec(0, [], None, 0)
    return tuple(sorted(out))


@lru_cache(maxsize=MEMO_LIMIT)
def suit_groups(key: tuple[int, ...], lo: int, chows: bool) -> tuple:
    """A suit's wild-free splits as ready-made Groups: (sets, pair or None) per split, in
    ``suit_splits``' order; from the compiled splitter (a budget of no wilds) where it was built."""
    compiled = splitter()
    if compiled is not None:
        sets, pairs = suit_group_codes(lo)
        splits = compiled.plain_splits(key, lo, chows, sets, pairs)
        if splits is not None:
            return splits
    return tuple((tuple(Group(kind, lo + off) for kind, off, _ in groups),
                  None if pair is None else Group("pair", lo + pair[0]))
                 for groups, pair, _ in suit_splits(key, chows, 0))


@lru_cache(maxsize=MEMO_LIMIT)
def suit_options(key: tuple[int, ...], lo: int, chows: bool, budget: int, fifth_copy: bool = False) -> tuple:
    """A suit's splits, fewest wilds first, as (wilds used, number of sets, has a pair, set
    Groups, pair Group, the tiles the wilds stand for, (tile, copies) of each such tile). Splits
    that differ only in where the wilds sit are kept once; none uses a fifth copy of a tile
    unless ``fifth_copy`` (``table.wilds.fifth_copy``)."""
    out = []
    seen = set()
    n = len(key)
    for groups, pair, used in suit_splits(key, chows, budget):
        shape_key = (tuple(sorted((kind, off) for kind, off, _ in groups)), None if pair is None else pair[0])
        if shape_key in seen:
            continue
        seen.add(shape_key)
        concrete = [0] * n
        for kind, off, _ in groups:
            for t in Group(kind, off).tiles:
                concrete[t] += 1
        if pair is not None:
            concrete[pair[0]] += 2
        if max(concrete) > 4 and not fifth_copy:
            continue
        wild_as = tuple(lo + off for off in range(n) for _ in range(concrete[off] - key[off]))
        copies = tuple((lo + off, concrete[off]) for off in range(n) if concrete[off] > key[off])
        sets = tuple(Group(kind, lo + off, w) for kind, off, w in groups)
        pg = None if pair is None else Group("pair", lo + pair[0], pair[1])
        out.append((used, len(sets), pg is not None, sets, pg, wild_as, copies))
    out.sort(key=lambda o: o[0])
    return tuple(out)


# ---------------------------------------------------------------- completeness, for the waits

@lru_cache(maxsize=MEMO_LIMIT)
def suit_complete(key: tuple[int, ...], chows: bool) -> bool:
    """Does this suit split into sets plus at most one pair (pair iff size ≡ 2 mod 3)? Answered
    by the compiled splitter where it was built (the same recursion)."""
    compiled = splitter()
    if compiled is not None:
        got = compiled.suit_complete(key, chows)
        if got is not None:
            return got
    size = sum(key)
    if size % 3 == 1:
        return False
    return _covers(list(key), chows, size % 3 == 2)


def _covers(c: list[int], chows: bool, need_pair: bool) -> bool:
    i = 0
    n = len(c)
    while i < n and c[i] == 0:
        i += 1
    if i == n:
        return not need_pair
    if c[i] >= 3:
        c[i] -= 3
        ok = _covers(c, chows, need_pair)
        c[i] += 3
        if ok:
            return True
    if need_pair and c[i] >= 2:
        c[i] -= 2
        ok = _covers(c, chows, False)
        c[i] += 2
        if ok:
            return True
    if chows and i + 2 < n and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        ok = _covers(c, chows, need_pair)
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1
        if ok:
            return True
    return False


@lru_cache(maxsize=MEMO_LIMIT)
def suit_waits(key: tuple[int, ...], chows: bool) -> tuple[int, ...]:
    """Offsets within the suit whose addition completes it (compiled where it was built)."""
    compiled = splitter()
    if compiled is not None:
        got = compiled.suit_waits(key, chows)
        if got is not None:
            return got
    out = []
    c = list(key)
    for o in range(len(c)):
        if c[o] > 4:
            continue
        c[o] += 1
        if suit_complete(tuple(c), chows):
            out.append(o)
        c[o] -= 1
    return tuple(out)


# ---------------------------------------------------------------- shanten fronts, for the analysis
#
# A suit's *front* is its best mixes of sets and partial sets, without and with a pair kept
# apart as the head: ``(no_head, head)``, each a tuple of the (sets, sets + partials) pairs no
# other pair beats in both. A hand's standard shanten joins its four suits' fronts and reads the
# tiles still missing off the joined one. Over every suit vector there are only 179 distinct
# numbered fronts and 47 honour ones, so each distinct front (joined ones too) is interned as a
# small int, and the suit look-up, the join and the reading are dicts keyed by ints: hashing
# and comparing nested tuples on every call cost more than the arithmetic they stand for.

_FRONTS: list = [None]          # id -> front; ids start at 1, so a found id is never falsy
_FRONT_IDS: dict = {}
_SUIT_IDS: tuple = (suit_memo(), suit_memo())     # [chows]: one suit's counts -> its front's id
_JOINS: dict = {}               # (id, id) -> the id of the two fronts joined
_MISSING: dict = {}             # (id, sets needed, tiles held) -> tiles missing
_DRAWS: tuple = (suit_memo(), suit_memo())        # [chows]: one suit's counts -> ((front id, offsets drawn), ...)


def _pareto(options) -> tuple:
    """Keep the (sets, sets + partials) pairs no other pair beats in both."""
    out = []
    top = -1
    for m, md in sorted(set(options), reverse=True):
        if md > top:
            out.append((m, md))
            top = md
    return tuple(out)


@lru_cache(maxsize=MEMO_LIMIT)
def _suffix(c: tuple, chows: bool) -> tuple:
    """The front of these counts; ``c`` starts at its first held tile."""
    if not c:
        return (((0, 0),), ())
    n = len(c)
    plain: list = []
    headed: list = []

    def go(rest: list, dm: int, dd: int, head: bool) -> None:
        i = 0
        while i < len(rest) and not rest[i]:
            i += 1
        no_head, with_head = _suffix(tuple(rest[i:]), chows)
        if not head:
            plain.extend((m + dm, md + dm + dd) for m, md in no_head)
            headed.extend((m + dm, md + dm + dd) for m, md in with_head)
        else:
            headed.extend((m + dm, md + dm + dd) for m, md in no_head)

    first = c[0]
    if first >= 3:
        go([first - 3, *c[1:]], 1, 0, False)
    if first >= 2:
        go([first - 2, *c[1:]], 0, 0, True)
        go([first - 2, *c[1:]], 0, 1, False)
    if chows:
        if n > 2 and c[1] and c[2]:
            go([first - 1, c[1] - 1, c[2] - 1, *c[3:]], 1, 0, False)
        if n > 1 and c[1]:
            go([first - 1, c[1] - 1, *c[2:]], 0, 1, False)
        if n > 2 and c[2]:
            go([first - 1, c[1], c[2] - 1, *c[3:]], 0, 1, False)
    go([first - 1, *c[1:]], 0, 0, False)          # a lone tile, to replace
    return _pareto(plain), _pareto(headed)


def _intern(front: tuple) -> int:
    i = _FRONT_IDS.get(front)
    if i is None:
        i = _FRONT_IDS[front] = len(_FRONTS)
        _FRONTS.append(front)
    return i


def suit_front(key: tuple, chows: bool) -> tuple:
    """One suit's front (the classic per-suit decomposition of its count vector)."""
    return _FRONTS[front_id(key, chows)]


def front_id(key: tuple, chows: bool) -> int:
    """The interned front of one suit's counts (memoised per count vector)."""
    ids = _SUIT_IDS[chows]
    i = ids.get(key)
    if i is None:
        start = 0
        while start < len(key) and not key[start]:
            start += 1
        i = remember(ids, key, _intern(_suffix(key[start:], chows)))
    return i


def join(a: int, b: int) -> int:
    """The front of two suits together (``a`` and ``b`` interned fronts)."""
    i = _JOINS.get((a, b))
    if i is None:
        (pa, ha), (pb, hb) = _FRONTS[a], _FRONTS[b]
        plain = _pareto((m + x, md + y) for m, md in pa for x, y in pb)
        headed = _pareto([(m + x, md + y) for m, md in pa for x, y in hb]
                         + [(m + x, md + y) for m, md in ha for x, y in pb])
        i = _JOINS[(a, b)] = _intern((plain, headed))
    return i


def missing(f: int, need: int, held: int) -> int:
    """The tiles still missing from the front ``f`` of ``held`` natural tiles to ``need`` sets
    and a head: a set lacks nothing, a partial one tile, a set still to make three and the head
    two, one fewer for each held tile left over to start it from (partials count only up to
    the sets still missing; one more partial is two tiles left over)."""
    got = _MISSING.get((f, need, held))
    if got is None:
        got = _MISSING[(f, need, held)] = missing_of(_FRONTS[f], need, held)
    return got


def draw_fronts(key: tuple, chows: bool) -> tuple:
    """A suit's fronts after each draw, as (front id, the offsets drawn to reach it); draws
    that leave the suit the same front are one entry (a fifth copy is none). Memoised."""
    table = _DRAWS[chows]
    got = table.get(key)
    if got is None:
        by_front: dict = {}
        counts = list(key)
        for o in range(len(key)):
            if counts[o] < 4:
                counts[o] += 1
                by_front.setdefault(front_id(tuple(counts), chows), []).append(o)
                counts[o] -= 1
        got = remember(table, key, tuple((f, tuple(offsets)) for f, offsets in by_front.items()))
    return got


def hand_missing(counts, need: int, chows: bool) -> int:
    """The tiles a hand's counts still miss to ``need`` sets and a head: the four suits'
    capped fronts joined and read off the precomputed tables (``tables``); a hand beyond
    them (more sets or tiles than tabled) through the fronts computed here."""
    m, p, s, z = hand_suits(counts)
    held = m.size + p.size + s.size + z.size
    if need <= CAP and held <= MAX_HELD:
        j = _T.JOIN
        return _T.MISSING[need][held][j[j[j[m.cap[chows]][p.cap[chows]]][s.cap[chows]]][z.cap[0]]]
    return searched_missing(counts, need, chows)


def searched_missing(counts, need: int, chows: bool) -> int:
    """``hand_missing`` through the fronts computed here (``_suffix``): the reference the
    tables are checked against, and the answer beyond them."""
    m, p, s, z = hand_suits(counts)
    held = m.size + p.size + s.size + z.size
    joins = _JOINS
    a, b = m.front[chows] or _front_of(m, chows), p.front[chows] or _front_of(p, chows)
    f = joins.get((a, b)) or join(a, b)
    b = s.front[chows] or _front_of(s, chows)
    f = joins.get((f, b)) or join(f, b)
    b = z.front[0] or _front_of(z, False)
    f = joins.get((f, b)) or join(f, b)
    got = _MISSING.get((f, need, held))
    return missing(f, need, held) if got is None else got


def hand_draws(counts, need: int, chows: bool, less: int = 0) -> list[int]:
    """The tiles missing after drawing each kind (34), less ``less`` (99 for a fifth copy):
    only the drawn tile's suit changes, so each suit's row of draws is read beside the other
    three suits' joined front: memoised per (that front, the suit's draws), as both recur."""
    sm, sp, ss, sz_ = hand_suits(counts)
    held = sm.size + sp.size + ss.size + sz_.size + 1
    if need <= CAP and held <= MAX_HELD:
        j = _T.JOIN
        m, p, s, z = sm.cap[chows], sp.cap[chows], ss.cap[chows], sz_.cap[0]
        mp, sz = j[m][p], j[s][z]
        rows = _CAP_ROWS
        out: list = []
        for suit, suit_chows, beside in ((sm, chows, j[p][sz]), (sp, chows, j[m][sz]),
                                         (ss, chows, j[mp][z]), (sz_, False, j[mp][s])):
            sig = suit.cap_draws[suit_chows] or _cap_draws_of(suit, suit_chows)
            row = rows.get((beside, sig, need, held, less))
            if row is None:
                row = _cap_row(beside, sig, need, held, less)
            out += row
        return out
    return searched_draws(counts, need, chows, less)


def searched_draws(counts, need: int, chows: bool, less: int = 0) -> list[int]:
    """``hand_draws`` through the fronts computed here (the tables' reference)."""
    sm, sp, ss, sz_ = hand_suits(counts)
    held = sm.size + sp.size + ss.size + sz_.size + 1
    m, p = sm.front[chows] or _front_of(sm, chows), sp.front[chows] or _front_of(sp, chows)
    s, z = ss.front[chows] or _front_of(ss, chows), sz_.front[0] or _front_of(sz_, False)
    joins = _JOINS
    mp, sz = joins.get((m, p)) or join(m, p), joins.get((s, z)) or join(s, z)
    rows = _DRAW_ROWS
    out = []
    for suit, suit_chows, rest in ((sm, chows, joins.get((p, sz)) or join(p, sz)),
                                   (sp, chows, joins.get((m, sz)) or join(m, sz)),
                                   (ss, chows, joins.get((mp, z)) or join(mp, z)),
                                   (sz_, False, joins.get((mp, s)) or join(mp, s))):
        sig = suit.draws[suit_chows] or _draws_of(suit, suit_chows)
        row = rows.get((rest, sig, need, held, less))
        if row is None:
            row = _draw_row(rest, sig, need, held, less, len(suit.key))
        out += row
    return out


# A suit's capped draws: the capped front id after drawing each of its kinds (-1: a fifth
# copy), interned as a small int per distinct tuple (ids from 1); rows and masks are memoised
# per (the other suits' joined front, that id, ...).
_CAP_SIGS: list = [None]
_CAP_SIG_IDS: dict = {}
_CAP_ROWS: dict = suit_memo()   # (beside, draws id, need, held, less) -> the suit's row
_CAP_MASKS: dict = suit_memo()  # (beside, front, draws id, need, held) -> the suit's useful offsets


def _cap_draws_of(suit, chows: bool) -> int:
    """``suit.cap_draws[chows]``, filled on first read."""
    sig = _T.draw_ids(suit.key, chows)
    i = _CAP_SIG_IDS.get(sig)
    if i is None:
        i = _CAP_SIG_IDS[sig] = len(_CAP_SIGS)
        _CAP_SIGS.append(sig)
    suit.cap_draws[chows] = i
    return i


def _cap_row(beside: int, sig: int, need: int, held: int, less: int) -> tuple:
    j, row_of = _T.JOIN[beside], _T.MISSING[need][held]
    row = remember(_CAP_ROWS, (beside, sig, need, held, less), tuple(
        99 if d < 0 else row_of[j[d]] - less for d in _CAP_SIGS[sig]))
    return row


_DRAW_IDS: tuple = (suit_memo(), suit_memo())     # [chows]: one suit's counts -> the id of its draws' fronts
_DRAW_SIGS: list = [None]       # id -> ((front id, offsets), ...); ids start at 1
_DRAW_SIG_IDS: dict = {}
_DRAW_ROWS: dict = suit_memo()  # (beside, draws id, need, held, less) -> the suit's row


def _draw_id(key: tuple, chows: bool) -> int:
    sig = draw_fronts(key, chows)
    i = _DRAW_SIG_IDS.get(sig)
    if i is None:
        i = _DRAW_SIG_IDS[sig] = len(_DRAW_SIGS)
        _DRAW_SIGS.append(sig)
    remember(_DRAW_IDS[chows], key, i)
    return i


def _draw_row(rest: int, sig: int, need: int, held: int, less: int, size: int) -> tuple:
    row = [99] * size
    for f, offsets in _DRAW_SIGS[sig]:
        got = missing(join(rest, f), need, held) - less
        for o in offsets:
            row[o] = got
    row = remember(_DRAW_ROWS, (rest, sig, need, held, less), tuple(row))
    return row


# ---------------------------------------------------------------- one record per suit, shared
#
# Every shape the analysis asks of a hand reads its four suits: rather than each slicing the
# counts and hashing the slices again, ``hand_suits`` looks the four up once per counts tuple
# (the shapes asked of one ShapeInput share its counts) and each distinct suit vector gets one
# ``Suit`` record, made once, holding what the core shapes read of it. Plugin shapes keep their
# own per-suit answers in dicts keyed by the record (an identity hash, cheaper than a tuple's).

_SUITS: dict = suit_memo()      # one suit's counts -> its Suit record
_last_suits: tuple = ((), ())   # the counts tuple last looked up, and its four records


class Suit:
    """One suit's count vector (``key``) and what the analysis reads of it: its tiles
    (``size``), its standard front and the ids of its draws, without and with chows
    (``front[chows]``, ``draws[chows]``, ``use[chows]``, 0 until first read through
    ``_front_of`` / ``_draws_of`` / ``_use_of``, so a suit seen once costs no more than
    asked; an honour suit's are read without chows), how many of its kinds are held 0–4 times
    and their masks (``held[c]``, ``masks[c]``, bit o for offset o), and of its terminals (or
    honours) how many kinds are held and whether one is paired (``orphans``, ``orphan_pair``)."""

    __slots__ = ("key", "size", "front", "draws", "use", "held", "masks", "orphans", "orphan_pair", "cap",
                 "cap_draws")

    def __init__(self, key: tuple):
        self.key = key
        self.size = sum(key)
        self.front, self.draws, self.use = [0, 0], [0, 0], [0, 0]
        self.cap_draws = [0, 0]
        # capped front ids (``tables``) without and with chows (an honour suit's: without)
        t = _T or _load()
        honours = t.suit_id(key, False)
        self.cap = (honours, honours if len(key) == 7 else t.suit_id(key, True))
        held = [0] * max(5, max(key) + 1)
        masks = [0] * len(held)
        for o, c in enumerate(key):
            held[c] += 1
            masks[c] |= 1 << o
        self.held, self.masks = tuple(held), tuple(masks)
        ends = (key[0], key[8]) if len(key) == 9 else key
        self.orphans = sum(1 for c in ends if c)
        self.orphan_pair = max(ends) >= 2


def _front_of(suit: Suit, chows: bool) -> int:
    """``suit.front[chows]``, filled on first read."""
    got = suit.front[chows] = front_id(suit.key, chows)
    return got


def _draws_of(suit: Suit, chows: bool) -> int:
    """``suit.draws[chows]``, filled on first read."""
    got = suit.draws[chows] = _DRAW_IDS[chows].get(suit.key) or _draw_id(suit.key, chows)
    return got


def _use_of(suit: Suit, chows: bool) -> int:
    """``suit.use[chows]``, filled on first read."""
    got = suit.use[chows] = _USE_IDS[chows].get(suit.key) or _use_id(suit.key, chows)
    return got


def hand_suits(counts) -> tuple:
    """The Suit records of a hand's m, p, s and honours (34 counts); a counts tuple asked
    again right after (the next shape asked of the same hand) is answered from the last."""
    global _last_suits
    last = _last_suits
    if counts is last[0]:
        return last[1]
    get = _SUITS.get
    m, p, s, z = counts[0:9], counts[9:18], counts[18:27], counts[27:34]
    got = (get(m) or _suit(m), get(p) or _suit(p), get(s) or _suit(s), get(z) or _suit(z))
    if type(counts) is tuple:           # a list may change in place: not kept
        _last_suits = (counts, got)     # one tuple, swapped whole: threads never see half of another's
    return got


def _suit(key: tuple) -> Suit:
    got = remember(_SUITS, key, Suit(key))
    return got


# ---------------------------------------------------------------- useful draws as bit masks
#
# The analysis needs of a shape tied at the hand's shanten only which draws lower it, so these
# answer with a 34-bit mask (bit t for kind t) instead of a list of 34 values to compare.

_USE_IDS: tuple = (suit_memo(), suit_memo())      # [chows]: one suit's counts -> the id of (its front, its draws' fronts)
_USE_SIGS: list = [None]        # id -> (front id, ((front id, offsets), ...)); ids start at 1
_USE_SIG_IDS: dict = {}
_USE_MASKS: dict = suit_memo()  # (beside, use id, need, held) -> the suit's offsets whose draw helps


def _use_id(key: tuple, chows: bool) -> int:
    sig = (front_id(key, chows), draw_fronts(key, chows))
    i = _USE_SIG_IDS.get(sig)
    if i is None:
        i = _USE_SIG_IDS[sig] = len(_USE_SIGS)
        _USE_SIGS.append(sig)
    remember(_USE_IDS[chows], key, i)
    return i


def _use_mask(beside: int, use: int, need: int, held: int) -> int:
    front, draws = _USE_SIGS[use]
    now = missing(join(beside, front), need, held)
    mask = 0
    for f, offsets in draws:
        if missing(join(beside, f), need, held + 1) < now:
            for o in offsets:
                mask |= 1 << o
    remember(_USE_MASKS, (beside, use, need, held), mask)
    return mask


def hand_useful(counts, need: int, chows: bool) -> int:
    """The kinds whose draw lowers the tiles a hand's counts miss to ``need`` sets and a head,
    as a mask: each suit's offsets are memoised per (the other three suits' joined front, the
    suit's front and draws), as ``hand_draws``'s rows are."""
    sm, sp, ss, sz_ = hand_suits(counts)
    held = sm.size + sp.size + ss.size + sz_.size
    if need <= CAP and held < MAX_HELD:
        j = _T.JOIN
        m, p, s, z = sm.cap[chows], sp.cap[chows], ss.cap[chows], sz_.cap[0]
        mp, sz = j[m][p], j[s][z]
        masks = _CAP_MASKS
        out = 0
        for suit, suit_chows, f, beside, lo in ((sm, chows, m, j[p][sz], 0), (sp, chows, p, j[m][sz], 9),
                                                (ss, chows, s, j[mp][z], 18), (sz_, False, z, j[mp][s], 27)):
            sig = suit.cap_draws[suit_chows] or _cap_draws_of(suit, suit_chows)
            got = masks.get((beside, f, sig, need, held))
            if got is None:
                got = _cap_mask(beside, f, sig, need, held)
            out |= got << lo
        return out
    return searched_useful(counts, need, chows)


def searched_useful(counts, need: int, chows: bool) -> int:
    """``hand_useful`` through the fronts computed here (the tables' reference)."""
    sm, sp, ss, sz_ = hand_suits(counts)
    held = sm.size + sp.size + ss.size + sz_.size
    m, p = sm.front[chows] or _front_of(sm, chows), sp.front[chows] or _front_of(sp, chows)
    s, z = ss.front[chows] or _front_of(ss, chows), sz_.front[0] or _front_of(sz_, False)
    joins = _JOINS
    mp, sz = joins.get((m, p)) or join(m, p), joins.get((s, z)) or join(s, z)
    masks = _USE_MASKS
    out = 0
    for use, beside, lo in ((sm.use[chows] or _use_of(sm, chows), joins.get((p, sz)) or join(p, sz), 0),
                            (sp.use[chows] or _use_of(sp, chows), joins.get((m, sz)) or join(m, sz), 9),
                            (ss.use[chows] or _use_of(ss, chows), joins.get((mp, z)) or join(mp, z), 18),
                            (sz_.use[0] or _use_of(sz_, False), joins.get((mp, s)) or join(mp, s), 27)):
        got = masks.get((beside, use, need, held))
        if got is None:
            got = _use_mask(beside, use, need, held)
        out |= got << lo
    return out


def _cap_mask(beside: int, f: int, sig: int, need: int, held: int) -> int:
    j = _T.JOIN[beside]
    now = _T.MISSING[need][held][j[f]]
    after = _T.MISSING[need][held + 1]
    mask = 0
    for o, d in enumerate(_CAP_SIGS[sig]):
        if d >= 0 and after[j[d]] < now:
            mask |= 1 << o
    remember(_CAP_MASKS, (beside, f, sig, need, held), mask)
    return mask


# ---------------------------------------------------------------- one set and a pair at most
#
# Beside a special shape's body (Guobiao's knitted straight) the rest must make one set (none
# with a meld) and a pair. With at most one set needed, a front matters only through its
# (sets, sets + partials) capped at one and its head: six states, so a front is a 6-bit mask,
# two suits join through a 64 × 64 table and the tiles missing are a 64-entry row per (sets
# needed, tiles held) — list indexing where the general front needs dict look-ups.

_SMALL_STATES = tuple((h, m, md) for h in (0, 1) for m, md in ((0, 0), (0, 1), (1, 1)))
_SMALL_MASKS: tuple = (suit_memo(), suit_memo())          # [chows]: one suit's counts -> its mask
_SMALL_DRAWS: tuple = (suit_memo(), suit_memo())          # [chows]: one suit's counts -> its mask after each draw
_SMALL_ROWS: dict = {}                  # (sets needed, tiles held) -> tiles missing per mask
_small_join: list = []                  # [mask][mask] -> mask, built on first use


_SMALL_BITS = {(h, m, md): 1 << _SMALL_STATES.index((h, min(m, 1), min(md, 1)))
               for h in (0, 1) for m in range(CAP + 1) for md in range(m, CAP + 1)}


def _small_bit(h: int, m: int, md: int) -> int:
    got = _SMALL_BITS.get((h, m, md))
    return 1 << _SMALL_STATES.index((h, min(m, 1), min(md, 1))) if got is None else got


def small_join() -> list:
    """The 64 × 64 join of two suits' masks (built once: a mask's join is the union of its
    states' joins, each state's read once per mask)."""
    if not _small_join:
        pair = [[_small_bit(h1 + h2, m1 + m2, d1 + d2) if h1 + h2 <= 1 else 0
                 for h2, m2, d2 in _SMALL_STATES] for h1, m1, d1 in _SMALL_STATES]
        bits = [[i for i in range(6) if a >> i & 1] for a in range(64)]
        # by_state[i][b]: state i joined with every state of mask b
        by_state = []
        for i in range(6):
            row = []
            for b in range(64):
                got = 0
                for j in bits[b]:
                    got |= pair[i][j]
                row.append(got)
            by_state.append(row)
        for a in range(64):
            row = [0] * 64
            for i in bits[a]:
                state = by_state[i]
                row = [x | y for x, y in zip(row, state)]
            _small_join.append(row)
    return _small_join


def small_mask(key: tuple, chows: bool) -> int:
    """One suit's front as a 6-bit mask of the capped states it reaches (memoised)."""
    table = _SMALL_MASKS[chows]
    got = table.get(key)
    if got is None:
        t = _T or _load()
        no_head, head = t.fronts[t.suit_id(key, chows)]     # capped at CAP ≥ 1 sets: the same states
        got = 0
        for options, h in ((no_head, 0), (head, 1)):
            for m, md in options:
                got |= _small_bit(h, m, md)
        remember(table, key, got)
    return got


def small_draws(key: tuple, chows: bool) -> tuple:
    """One suit's mask after drawing each of its kinds (0, no state, for a fifth copy)."""
    table = _SMALL_DRAWS[chows]
    got = table.get(key)
    if got is None:
        out = []
        counts = list(key)
        for o in range(len(key)):
            if counts[o] < 4:
                counts[o] += 1
                out.append(small_mask(tuple(counts), chows))
                counts[o] -= 1
            else:
                out.append(0)
        got = remember(table, key, tuple(out))
    return got


def small_missing(need: int, held: int) -> list:
    """Tiles missing per mask to ``need`` (0 or 1) sets and a head, ``held`` tiles in all
    (``missing``'s reading; 99 for the empty mask)."""
    row = _SMALL_ROWS.get((need, held))
    if row is None:
        row = []
        for mask in range(64):
            best = 99
            for i, (h, m, md) in enumerate(_SMALL_STATES):
                if mask >> i & 1:
                    m = min(m, need)
                    d = min(md - m, need - m)
                    empty = need - m - d + 1 - h
                    spare = held - 3 * m - 2 * d - 2 * h
                    best = min(best, d + 3 * (need - m - d) + 2 * (1 - h) - min(spare, empty))
            row.append(best)
        row = _SMALL_ROWS[(need, held)] = row
    return row
