"""Hand analysis: shanten (向听数: 0 = ready, −1 = complete), the useful tiles and discard advice.

Each win shape gives its own shanten (``WinShape.shanten``): the standard shape from per-suit
tables (each suit's count vector maps, once, to the best mixes of sets, partial sets and a pair),
seven pairs and thirteen orphans by counting. A plugin shape without one is searched: it
counts only when it makes the hand complete (3n+2 tiles) or ready (3n+1). Wilds are a budget
(one wild is one tile fewer to find); a void suit's tiles (Sichuan) are tiles to replace, and a
Sichuan hand drops one suit (the declared one, else the best).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from operator import itemgetter

from . import tiles as T
from .errors import HandError, MahjongError, show
from .hand import Situation, parse_situation
from .shapes import ORPHANS, ShapeInput
from .shapes.suits import SUIT_RANGES
from .waits import _meld_parts

NEVER = 99      # above any real shanten: the hand can never take this shape


# ---------------------------------------------------------------- the standard shape

def _pareto(options) -> tuple:
    """Keep the (sets, sets + partials) pairs no other pair beats in both."""
    best = sorted(set(options), reverse=True)
    out = []
    top = -1
    for m, md in best:
        if md > top:
            out.append((m, md))
            top = md
    return tuple(out)


@lru_cache(maxsize=None)
def _suffix(c: tuple, chows: bool) -> tuple:
    """The best (sets, sets + partials) of these counts, without and with a pair kept apart as
    the head: ``(no_head, head)``. ``c`` starts at its first held tile."""
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


@lru_cache(maxsize=None)
def suit_front(key: tuple, chows: bool) -> tuple:
    """One suit's best (sets, sets + partials) mixes, ``(no_head, head)``: the classic per-suit
    decomposition, memoised per count vector."""
    i = 0
    while i < len(key) and not key[i]:
        i += 1
    return _suffix(key[i:], chows)


@lru_cache(maxsize=1 << 16)
def _combine(fronts: tuple, need: int, held: int) -> int:
    """The tiles still missing from the suits' fronts, ``held`` natural tiles in all: a set
    lacks nothing, a partial one tile, a set still to make three and the head two, one fewer
    for each held tile left over to start it from (partials count only up to the sets still
    missing; one more partial is two tiles left over). Cached: suits' mixes recur."""
    states = {(0, 0, 0)}
    for no_head, head in fronts:
        states = {(m + a, md + b, h) for m, md, h in states for a, b in no_head} | \
                 {(m + a, md + b, 1) for m, md, h in states if not h for a, b in head}
    best = NEVER
    for m, md, h in states:
        m = min(m, need)
        d = min(md - m, need - m)
        empty = need - m - d + 1 - h                     # sets and head to start
        spare = held - 3 * m - 2 * d - 2 * h            # tiles left over to start them from
        missing = d + 3 * (need - m - d) + 2 * (1 - h) - min(spare, empty)
        best = min(best, missing)
    return best


@lru_cache(maxsize=1 << 16)
def _states(fronts: tuple) -> tuple:
    """The (sets, sets + partials, head) mixes of several suits together, dominated ones
    dropped (more sets, or more sets and partials, never leave more tiles missing)."""
    states = {(0, 0, 0)}
    for no_head, head in fronts:
        nxt = set()
        for m, md, h in states:
            for a, b in no_head:
                nxt.add((m + a, md + b, h))
            if not h:
                for a, b in head:
                    nxt.add((m + a, md + b, 1))
        states = nxt
    out = []
    for h in (0, 1):
        out += [(m, md, h) for m, md in _pareto((m, md) for m, md, hh in states if hh == h)]
    return tuple(out)


@lru_cache(maxsize=1 << 18)
def _missing_with(states, front, need: int, held: int) -> int:
    """``_combine`` of ``states`` and one more suit's front, without building the states;
    cached, as the few mixes of a suit recur across hands."""
    no_head, head = front
    best = NEVER
    for m0, md0, h0 in states:
        for options, h in ((no_head, h0), (() if h0 else head, 1)):
            for a, b in options:
                m = min(m0 + a, need)
                d = min(md0 + b - m, need - m)
                empty = need - m - d + 1 - h
                spare = held - 3 * m - 2 * d - 2 * h
                missing = d + 3 * (need - m - d) + 2 * (1 - h) - (spare if spare < empty else empty)
                if missing < best:
                    best = missing
    return best


def standard_shanten(inp: ShapeInput) -> int:
    """``WinShape.shanten`` of the standard shape: per-suit table look-ups, less the wilds."""
    counts = inp.counts
    fronts = []
    for lo, hi, numbered in SUIT_RANGES:
        key = counts[lo:hi]
        if any(key):
            fronts.append(suit_front(key, inp.chows and numbered))
    return _combine(tuple(fronts), inp.sets_needed, sum(counts)) - 1 - inp.wilds


# ---------------------------------------------------------------- the special shapes

def seven_pairs_shanten(inp: ShapeInput, pairs: int = 7, allow_four: bool = True) -> int:
    """``WinShape.shanten`` of seven pairs: the tiles missing (two per pair lacking, one when a
    single held starts it) less one."""
    counts = inp.counts
    if inp.meld_groups or 3 * inp.sets_needed + 1 != 2 * pairs - 1:
        return NEVER
    ones, threes = counts.count(1), counts.count(3)
    if allow_four:
        held = counts.count(2) + threes + 2 * counts.count(4)
        singles = ones + threes
    else:                               # a third copy cannot start another pair of its kind
        held = counts.count(2) + threes + counts.count(4)
        singles = ones
    lacking = pairs - min(held, pairs)
    return 2 * lacking - min(singles, lacking) - 1 - inp.wilds


def wild_count_shanten(inp: ShapeInput, count: int = 3) -> int:
    """``WinShape.shanten`` of wild_count: each draw may bring one more wild, so ``count`` less
    the wilds held, less one (−1: complete); NEVER when the standing tiles and a drawn tile
    cannot hold ``count``."""
    if 3 * inp.sets_needed + 2 < count:
        return NEVER
    return max(count - inp.wilds - 1, -1)


_orphan_counts = itemgetter(*ORPHANS)


def thirteen_orphans_shanten(inp: ShapeInput) -> int:
    """``WinShape.shanten`` of thirteen orphans: 13 − orphan kinds held − (a pair among them)."""
    counts = inp.counts
    if inp.meld_groups or inp.sets_needed != 4:
        return NEVER
    held = _orphan_counts(counts)
    return 13 - (13 - held.count(0)) - (max(held) >= 2) - inp.wilds


# ---------------------------------------------------------------- each draw at once

def _new_input():
    """``ShapeInput(...)`` for the search's probes, one per kind: the same object, set through
    its slots instead of a frozen dataclass's ``object.__setattr__`` per field."""
    new = object.__new__
    setters = [ShapeInput.__dict__[f].__set__ for f in (
        "counts", "wilds", "meld_groups", "sets_needed", "chows", "kinds", "meld_counts", "win_tile")]
    no_wild_tiles = ShapeInput.__dict__["wild_tiles"].__set__

    def make(*values) -> ShapeInput:
        inp = new(ShapeInput)
        for put, value in zip(setters, values):
            put(inp, value)
        no_wild_tiles(inp, ())          # probes do not name their wild tiles
        return inp
    return make


_input = _new_input()


def _plus(inp: ShapeInput, t: int) -> ShapeInput:
    counts = list(inp.counts)
    counts[t] += 1
    return replace(inp, counts=tuple(counts), win_tile=t)


@lru_cache(maxsize=None)
def _draw_fronts(key: tuple, chows: bool) -> tuple:
    """A suit's fronts after each draw, as (front, the offsets drawn to reach it); draws that
    leave the suit the same front are one entry (a fifth copy is none)."""
    by_front: dict = {}
    counts = list(key)
    for o in range(len(key)):
        if counts[o] < 4:
            counts[o] += 1
            by_front.setdefault(suit_front(tuple(counts), chows), []).append(o)
            counts[o] -= 1
    return tuple((front, tuple(offsets)) for front, offsets in by_front.items())


def _standard_draws(inp: ShapeInput, lo_drop: int) -> list[int]:
    """The standard shanten after drawing each kind: only the drawn tile's suit changes, so the
    other suits are combined once per suit."""
    counts = inp.counts
    need = inp.sets_needed
    held = sum(counts)
    chows = inp.chows
    keys = [counts[lo:hi] for lo, hi, _ in SUIT_RANGES]
    fronts = [suit_front(k, chows and numbered) for k, (_, _, numbered) in zip(keys, SUIT_RANGES)]
    out = [NEVER] * T.NUM_KINDS
    less = 1 + inp.wilds
    base = None
    for i, (lo, hi, numbered) in enumerate(SUIT_RANGES):
        if lo == lo_drop:                   # a void-suit tile drawn is one more to replace
            if base is None:
                base = _combine(tuple(fronts), need, held) - less
            out[lo:hi] = [base] * (hi - lo)
            continue
        rest = _states(tuple(fronts[:i] + fronts[i + 1:]))
        for front, offsets in _draw_fronts(keys[i], chows and numbered):
            got = _missing_with(rest, front, need, held + 1) - less
            for o in offsets:
                out[lo + o] = got
    return out


def _pairs_draws(inp: ShapeInput, lo_drop: int, pairs: int = 7, allow_four: bool = True) -> list[int]:
    """Seven pairs' shanten after drawing each kind: one count changes."""
    base = seven_pairs_shanten(inp, pairs, allow_four)
    if base >= NEVER:
        return [NEVER] * T.NUM_KINDS
    counts = inp.counts
    if allow_four:
        held = sum(c // 2 for c in counts)
        singles = sum(c & 1 for c in counts)
    else:
        held = sum(1 for c in counts if c >= 2)
        singles = sum(1 for c in counts if c == 1)
    by_count = []                       # the shanten after drawing a kind held c times
    for c in range(5):
        h, sg = held, singles
        if allow_four and c & 1 or not allow_four and c == 1:
            h, sg = h + 1, sg - 1
        elif allow_four or c == 0:
            sg += 1
        lacking = pairs - min(h, pairs)
        by_count.append(2 * lacking - min(sg, lacking) - 1 - inp.wilds)
    out = [by_count[c] for c in counts]
    if 0 <= lo_drop < T.NUM_KINDS:
        out[lo_drop:lo_drop + 9] = [base] * 9
    return out


def _orphans_draws(inp: ShapeInput) -> list[int]:
    """Thirteen orphans' shanten after drawing each kind: only a terminal or honour helps."""
    base = thirteen_orphans_shanten(inp)
    out = [base] * T.NUM_KINDS
    if base >= NEVER:
        return out
    counts = inp.counts
    pair = any(counts[t] >= 2 for t in ORPHANS)
    for t in ORPHANS:
        if counts[t] == 0 or counts[t] == 1 and not pair:
            out[t] = base - 1
    return out


# ---------------------------------------------------------------- the analyser of one ruleset

@dataclass(frozen=True, slots=True)
class UsefulTile:
    """A kind whose draw lowers the shanten, and its copies not yet seen."""

    tile: int
    left: int

    def to_dict(self) -> dict:
        return {"tile": T.name(self.tile), "left": self.left}


@dataclass(frozen=True, slots=True)
class Option:
    """A 3n+1 hand's standing: its shanten, useful tiles and (when ready and asked) its waits;
    ``discard`` is the tile let go to reach it from a 3n+2 hand."""

    shanten: int
    useful: tuple[UsefulTile, ...]
    discard: int | None = None
    waits: dict | None = None

    @property
    def useful_left(self) -> int:
        return sum(u.left for u in self.useful)

    def to_dict(self) -> dict:
        out: dict = {}
        if self.discard is not None:
            out["discard"] = T.name(self.discard)
        out["shanten"] = self.shanten
        out["useful"] = [u.to_dict() for u in self.useful]
        out["useful_left"] = self.useful_left
        if self.waits is not None:
            out["waits"] = self.waits["waits"]
        return out


@dataclass(frozen=True, slots=True)
class Analysis:
    """``Ruleset.analyze``'s answer: the hand's shanten; for a 3n+1 hand one ``Option``
    (``hand``), for a 3n+2 hand one per distinct discard, best first (``discards``)."""

    ruleset: str
    standing: int            # standing tiles (3n+1 or 3n+2; melds apart)
    shanten: int
    hand: Option | None = None
    discards: tuple[Option, ...] = ()

    def to_dict(self) -> dict:
        out = {"ok": True, "ruleset": self.ruleset, "standing": self.standing, "shanten": self.shanten}
        if self.hand is not None:
            out.update(self.hand.to_dict())
        else:
            out["discards"] = [o.to_dict() for o in self.discards]
        return out


def _seen_counts(seen, table, held) -> list[int]:
    """The 34 counts of the ``seen`` tiles, each checked against the tile set and the copies
    held."""
    seen_counts = [0] * T.NUM_KINDS
    if seen:
        if not isinstance(seen, str):
            raise HandError(f"field 'seen' must be tiles in notation like '1m5p', got {show(seen)}")
        try:
            seen_tiles = T.parse_tiles(seen)
        except MahjongError as e:
            raise HandError(f"field 'seen': {e.message}", code=e.code) from None
        for t in seen_tiles:
            if t not in table.kinds:
                raise HandError(f"field 'seen': tile {T.name(t)} is not in this ruleset's tile set "
                                f"'{table.tile_set}'", code="invalid_tile")
            seen_counts[t] += 1
        for t in range(T.NUM_KINDS):
            if held[t] + seen_counts[t] > 4:
                raise HandError(f"field 'seen': too many copies of {T.name(t)}: {seen_counts[t]} seen and "
                                f"{held[t]} held make {held[t] + seen_counts[t]} (at most 4)",
                                code="too_many_copies")
    return seen_counts


class Analyzer:
    """Shanten and useful tiles under one ruleset's enabled shapes and table."""

    def __init__(self, rules):
        self.rules = rules
        self.table = rules.table
        self.kinds = tuple(sorted(t for t in rules.table.kinds if t < T.NUM_KINDS))
        self.own = []            # (shanten function, args, shape) of shapes that give their own
        self.searched = []       # (shape, args) of shapes searched through find
        for shape, args, _ in rules.shapes:
            if shape.shanten is None:
                self.searched.append((shape, args))
            else:
                self.own.append((shape.shanten, args, shape))

    # -------------------------------------------------------------- parsing
    def parse(self, hand):
        """``(situation, standing tiles)``: a 3n+1 hand as a pre-win Situation, a 3n+2 hand as a
        Situation whose winning tile is the last tile written (plain tiles: all of them standing);
        only the standing tiles returned are read as the hand."""
        rules = self.rules
        if isinstance(hand, str):
            plain = self.plain(hand)
            if plain is not None:
                return plain
            hand = {"hand": hand}
        if isinstance(hand, dict) and isinstance(hand.get("hand"), str) and "win_tile" not in hand:
            try:
                standing = T.parse_tiles(hand["hand"])
            except MahjongError:
                standing = None          # parse_hand below names the bad tile
            melds = hand.get("melds") or []
            if standing is not None and isinstance(melds, list) \
                    and len(standing) + 3 * len(melds) == self.table.hand_size + 1:
                text = T.format_tiles(standing[:-1])
                s = parse_situation(dict(hand, hand=text, win_tile=T.name(standing[-1])), self.table)
                return s, tuple(sorted(s.hand + (s.win_tile,)))
        s = rules.parse_hand(hand)
        tiles = s.hand if s.win_tile is None else tuple(sorted(s.hand + (s.win_tile,)))
        return s, tiles

    def plain(self, text: str):
        """The common case, standing tiles only, read without the whole situation parse: None
        for anything else (or anything wrong), which the full parse then reads or names."""
        try:
            standing = T.parse_tiles(text)
        except MahjongError:
            return None
        size = self.table.hand_size
        kinds = self.table.kinds
        if len(standing) not in (size, size + 1) or not all(t in kinds for t in standing) \
                or max(map(standing.count, set(standing))) > 4:
            return None
        standing = tuple(sorted(standing))
        return Situation(hand=standing), standing

    # -------------------------------------------------------------- shanten
    def drops(self, s) -> tuple:
        """The suits a hand may leave out: None (no void suit), or the declared void suit, or
        (with none declared) each suit no meld is in. Melds that rule every choice out are an
        error: such a hand can never win."""
        if not self.table.void_suit:
            return (None,)
        melded = {t // 9 for m in s.melds for t in m.tiles if t < 27}
        if s.void_suit is not None:
            void = "mps".index(s.void_suit)
            if void in melded:
                raise HandError(f"field 'void_suit': the melds hold a tile of the void suit {s.void_suit}, "
                                f"so the hand can never win")
            return (void,)
        if len(melded) == 3:
            raise HandError("field 'melds': the melds hold all three suits, so the hand can never win "
                            "(a hand must lack a suit)")
        return tuple(i for i in range(3) if i not in melded)

    def counted(self, s, standing):
        """The wild-free counts and wild budget of standing tiles."""
        counts = [0] * T.NUM_KINDS
        wild = set(s.wilds)
        n_wild = 0
        for t in standing:
            if t in wild:
                n_wild += 1
            else:
                counts[t] += 1
        return counts, n_wild

    def of_counts(self, s, counts, n_wild: int, n_tiles: int, drops, searched: bool = True) -> int:
        """The shanten of these counts (34) and wilds, ``n_tiles`` standing tiles in all
        (``searched``: False leaves out the shapes without a shanten of their own)."""
        floor = -1 if n_tiles % 3 == 2 else 0
        groups, meld_counts = _meld_parts(s.melds)
        melded = bool(groups)
        table = self.table
        need = table.hand_size // 3 - len(s.melds)
        best = NEVER
        for drop in drops:
            c = counts
            if drop is not None and any(counts[9 * drop:9 * drop + 9]):
                c = list(counts)
                c[9 * drop:9 * drop + 9] = [0] * 9
            inp = _input(tuple(c), n_wild, groups, need, table.sequences, table.kinds, meld_counts, None)
            for fn, args, shape in self.own:
                if melded and not shape.melds:
                    continue
                got = fn(inp, **args)
                if got is None:
                    got = self.search([(shape, args)], inp, n_tiles, s)
                if got < best:
                    best = got
                    if best <= floor:
                        return floor
            if searched and best > floor:
                shapes = [(shape, args) for shape, args in self.searched if not (melded and not shape.melds)]
                if shapes:
                    best = min(best, self.search(shapes, inp, n_tiles, s))
        return max(floor, best)

    def search(self, shapes, inp: ShapeInput, n_tiles: int, s) -> int:
        """Shapes without a shanten of their own: −1 if the 3n+2 hand is complete in one, 0 if
        the 3n+1 hand is ready in one (some kind completes it), else NEVER."""
        if n_tiles % 3 == 2:
            done = any(next(iter(shape.find(inp, **args)), None) is not None for shape, args in shapes)
            return -1 if done else NEVER
        return 0 if self.completing(shapes, inp, s, first=True) else NEVER

    def completing(self, shapes, inp: ShapeInput, s, first: bool = False) -> set[int]:
        """The kinds completing a 3n+1 hand in one of these searched shapes: a shape's own
        waits when it gives them, else each kind tried through ``find`` (``first``: stop at the
        first found)."""
        out: set[int] = set()
        tried = []
        for shape, args in shapes:
            got = None if shape.waits is None else shape.waits(inp, **args)
            if got is None:
                tried.append((shape.find, args))
            else:
                out.update(got)
        if not tried or out and first:
            return out
        wild = set(s.wilds)
        counts = list(inp.counts)
        rest = (inp.meld_groups, inp.sets_needed, inp.chows, inp.kinds, inp.meld_counts)
        for t in self.kinds:
            if t in out:
                continue
            if t in wild:
                probe = _input(inp.counts, inp.wilds + 1, *rest, t)
            else:
                counts[t] += 1
                probe = _input(tuple(counts), inp.wilds, *rest, t)
                counts[t] -= 1
            for find, args in tried:
                if next(iter(find(probe, **args)), None) is not None:
                    out.add(t)
                    if first:
                        return out
                    break
        return out

    def shanten(self, hand) -> int:
        s, standing = self.parse(hand)
        counts, n_wild = self.counted(s, standing)
        drops = self.drops(s)
        sh = self.of_counts(s, counts, n_wild, len(standing), drops)
        if sh > 0 and self.searched and len(standing) % 3 == 2:
            # ready after a discard in a searched shape
            wild = set(s.wilds)
            for d in sorted(set(standing)):
                if d in wild:
                    ready = self.searched_completing(s, counts, n_wild - 1, drops)
                else:
                    counts[d] -= 1
                    ready = self.searched_completing(s, counts, n_wild, drops)
                    counts[d] += 1
                if ready:
                    return 0
        return sh

    # -------------------------------------------------------------- useful tiles and advice
    def option(self, s, standing, held, seen, discard=None, with_waits=True) -> Option:
        """Shanten and useful tiles of a 3n+1 standing hand (and its waits when ready)."""
        drops = self.drops(s)
        counts, n_wild = self.counted(s, standing)
        n = len(standing)
        sh = self.of_counts(s, counts, n_wild, n, drops, searched=False)
        after = self.draws(s, counts, n_wild, n, drops)
        if self.searched:                   # a searched shape counts once a draw completes it
            done = self.searched_completing(s, counts, n_wild, drops)
            if done:
                sh = 0
            for t in done:
                after[t] = -1
        useful = tuple(UsefulTile(t, max(0, 4 - held[t] - seen[t])) for t in self.kinds
                       if held[t] < 4 and after[t] < sh)
        waits = None
        if sh == 0 and with_waits:
            waits = self.rules.waits(replace(s, hand=tuple(standing), win_tile=None)).to_dict()
        return Option(sh, useful, discard, waits)

    def searched_completing(self, s, counts, n_wild: int, drops) -> set[int]:
        """The kinds that complete the 3n+1 hand in some searched shape."""
        groups, meld_counts = _meld_parts(s.melds)
        table = self.table
        need = table.hand_size // 3 - len(s.melds)
        out: set[int] = set()
        for drop in drops:
            c = counts
            if drop is not None and any(counts[9 * drop:9 * drop + 9]):
                c = list(counts)
                c[9 * drop:9 * drop + 9] = [0] * 9
            inp = _input(tuple(c), n_wild, groups, need, table.sequences, table.kinds, meld_counts, None)
            shapes = [(shape, args) for shape, args in self.searched if not (groups and not shape.melds)]
            if shapes:
                out |= self.completing(shapes, inp, s)
        return out

    def draws(self, s, counts, n_wild: int, n: int, drops) -> list[int]:
        """The shanten after drawing each kind (34, NEVER for kinds not in play): the core
        shapes change one suit (or one count) per draw, so each draw costs a few look-ups; other
        shapes with a shanten are asked again with the drawn tile; searched shapes are left to
        the caller (``searched_completing``)."""
        out = [NEVER] * T.NUM_KINDS
        wild = set(s.wilds)
        if wild:
            got = self.of_counts(s, counts, n_wild + 1, n + 1, drops)
            for t in wild:
                out[t] = got
        groups, meld_counts = _meld_parts(s.melds)
        melded = bool(groups)
        table = self.table
        need = table.hand_size // 3 - len(s.melds)
        plain = [t for t in self.kinds if t not in wild]
        for drop in drops:
            c = counts
            if drop is not None and any(counts[9 * drop:9 * drop + 9]):
                c = list(counts)
                c[9 * drop:9 * drop + 9] = [0] * 9
            inp = _input(tuple(c), n_wild, groups, need, table.sequences, table.kinds, meld_counts, None)
            lo_drop = NEVER if drop is None else 9 * drop      # no suit starts there
            for fn, args, shape in self.own:
                if melded and not shape.melds:
                    continue
                if fn is standard_shanten:
                    got = _standard_draws(inp, lo_drop)
                elif fn is seven_pairs_shanten:
                    got = _pairs_draws(inp, lo_drop, **args)
                elif fn is thirteen_orphans_shanten:
                    got = _orphans_draws(inp)
                else:
                    # one drawn tile lowers a shape's shanten by one at most: a shape already
                    # two or more above the best found for a draw cannot improve it
                    here = fn(inp, **args)
                    got = [NEVER] * T.NUM_KINDS
                    for t in plain:
                        if here is not None and here - 1 >= out[t]:
                            continue
                        probe = inp if lo_drop <= t < lo_drop + 9 else _plus(inp, t)
                        v = fn(probe, **args)
                        got[t] = self.search([(shape, args)], probe, n + 1, s) if v is None else v
                for t in plain:
                    if got[t] < out[t]:
                        out[t] = got[t]
        floor = -1 if (n + 1) % 3 == 2 else 0
        return [v if v > floor else floor for v in out]

    def analyze(self, hand, seen=None, with_waits: bool = True) -> Analysis:
        s, standing = self.parse(hand)
        held = [0] * T.NUM_KINDS
        for t in standing:
            held[t] += 1
        for m in s.melds:
            for t in m.tiles:
                held[t] += 1
        seen_counts = _seen_counts(seen, self.table, held)
        name = self.rules.name
        if len(standing) % 3 == 1:
            opt = self.option(s, standing, held, seen_counts, None, with_waits)
            return Analysis(name, len(standing), opt.shanten, hand=opt)
        options = []
        for d in sorted(set(standing)):
            rest = list(standing)
            rest.remove(d)
            options.append(self.option(s, tuple(rest), held, seen_counts, d, with_waits))
        options.sort(key=lambda o: (o.shanten, -o.useful_left, o.discard))
        counts, n_wild = self.counted(s, standing)
        sh = self.of_counts(s, counts, n_wild, len(standing), self.drops(s))
        if sh > 0 and self.searched:        # ready after a discard in a searched shape
            sh = min(sh, options[0].shanten)
        return Analysis(name, len(standing), sh, discards=tuple(options))
