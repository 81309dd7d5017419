"""Hand analysis: shanten (向听数: 0 = ready, −1 = complete), the useful tiles and discard advice.

Each win shape gives its own shanten (``WinShape.shanten``; core's shapes' in ``shanten.py``,
their names imported here too): the standard shape from the precomputed per-suit tables
(``shapes.tables``: each suit's count vector maps to its best mixes of sets, partial sets and
a pair, and those join and read as list look-ups), seven pairs and thirteen orphans by
counting. A plugin shape without one is searched: it
counts only when it makes the hand complete (3n+2 tiles) or ready (3n+1). Wilds are a budget
(one wild is one tile fewer to find); a void suit's tiles (Sichuan) are tiles to replace, and a
Sichuan hand drops one suit (the declared one, else the best).

Speed (a bot asks this for every candidate discard of every turn): for a wild-free hand with
no searched shape the useful tiles come as bit masks (``WinShape.shanten_useful``, ORed over
the shapes tied at the hand's shanten; ``useful_by_masks``) rather than 34 values per shape to
build and compare, and the shapes asked of one hand read its four suits through one record per
distinct suit vector (``shapes.suits.hand_suits``) rather than each slicing and hashing the
counts again. No answer is kept per whole hand: only per-suit tables recur across hands.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import partial
from typing import NamedTuple

from . import tiles as T
from .errors import HandError, MahjongError, show
from .hand import Situation, parse_situation
from .shanten import (seven_pairs_draws, seven_pairs_shanten, seven_pairs_useful, standard_draws,  # noqa: F401
                      standard_shanten, standard_useful, thirteen_orphans_draws, thirteen_orphans_shanten,
                      thirteen_orphans_useful, wild_count_draws, wild_count_shanten)
from .shapes import ShapeInput, kernel
from .shapes.suits import NEVER
from .waits import _NO_MELDS, _meld_parts

_BARE = Situation(hand=())      # the situation of notation holding standing tiles only
_PLAIN = re.compile(r"(?:[1-9]+[mps]|[1-7]+z)+")     # standing tiles in the plainest notation
_ALL_KINDS = (1 << T.NUM_KINDS) - 1
# a character of it: a digit's offset in its suit, or a suit letter as -(its first kind + 1)
_KIND = {**{str(d): d - 1 for d in range(1, 10)}, "m": -1, "p": -10, "s": -19, "z": -28}


# ---------------------------------------------------------------- each draw at once

_slots = [ShapeInput.__dict__[f].__set__ for f in (
    "counts", "wilds", "meld_groups", "sets_needed", "chows", "kinds", "meld_counts", "win_tile")]
_set_wild_tiles = ShapeInput.__dict__["wild_tiles"].__set__
_set_fifth_copy = ShapeInput.__dict__["fifth_copy"].__set__


def _input(counts, wilds, meld_groups, sets_needed, chows, kinds, meld_counts, win_tile,
           fifth_copy: bool = False) -> ShapeInput:
    """``ShapeInput(...)`` for the analysis's inputs and the search's probes, one per kind:
    the same object, set through its slots instead of a frozen dataclass's
    ``object.__setattr__`` per field."""
    inp = object.__new__(ShapeInput)
    c, w, g, n, ch, k, mc, wt = _slots
    c(inp, counts)
    w(inp, wilds)
    g(inp, meld_groups)
    n(inp, sets_needed)
    ch(inp, chows)
    k(inp, kinds)
    mc(inp, meld_counts)
    wt(inp, win_tile)
    _set_wild_tiles(inp, ())          # probes do not name their wild tiles
    _set_fifth_copy(inp, fifth_copy)
    return inp


def _plus(inp: ShapeInput, t: int) -> ShapeInput:
    """``inp`` with one more tile of kind ``t`` (the probe of a draw), every other field kept:
    ``dataclasses.replace`` field by field, set through the slots (a probe per kind per shape)."""
    counts = list(inp.counts)
    counts[t] += 1
    out = _input(tuple(counts), inp.wilds, inp.meld_groups, inp.sets_needed, inp.chows, inp.kinds, inp.meld_counts,
                 t, inp.fifth_copy)
    _set_wild_tiles(out, inp.wild_tiles)
    return out


# ---------------------------------------------------------------- searched shapes

def completing(kinds, shapes, inp: ShapeInput, s, first: bool = False) -> set[int]:
    """The kinds (of ``kinds``) completing a 3n+1 hand in one of these searched shapes: a shape's own
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
    for t in kinds:
        if t in out:
            continue
        if t in wild:
            probe = _input(inp.counts, inp.wilds + 1, *rest, t, inp.fifth_copy)
        else:
            counts[t] += 1
            probe = _input(tuple(counts), inp.wilds, *rest, t, inp.fifth_copy)
            counts[t] -= 1
        for find, args in tried:
            if next(iter(find(probe, **args)), None) is not None:
                out.add(t)
                if first:
                    return out
                break
    return out


# ---------------------------------------------------------------- useful tiles as masks

def useful_by_masks(plan, inputs) -> tuple[int, int] | None:
    """``(shanten, the kinds whose draw lowers it as a mask)`` of a wild-free 3n+1 hand
    when no shape is searched (``Analyzer.plan``'s shapes, ``Analyzer.inputs``' inputs):
    each shape's shanten (a shape whose bound is above the best
    found is left out), then the union of the tied shapes' ``shanten_useful`` (else their
    ``shanten_draws`` read against the shanten), a suit left out giving none; held-four
    kinds may be in the mask. None where a shape's answer is searched or below 0: then
    ``Analyzer.asked`` and ``Analyzer.draws`` read every draw."""
    best = NEVER
    tied: list = []
    for inp, lo_drop in inputs:
        for call, bound, useful, entry in plan:
            if bound is not None and bound(inp) > best:
                continue                # cannot even equal the best: no useful tile of its own
            here = call(inp)
            if here is None:
                return None
            if here <= best:
                if here < best:
                    best, tied = here, []
                tied.append((useful, entry, inp, lo_drop))
    if best < 0:
        return None
    mask = 0
    for useful, (_, args, shape), inp, lo_drop in tied:     # a draw lowers a shape by one at most
        got = None if useful is None else useful(inp)
        if got is None:
            draws = None if shape.shanten_draws is None else shape.shanten_draws(inp, **args)
            if draws is None:
                return None
            got = 0
            for t, v in enumerate(draws):
                if v < best:
                    got |= 1 << t
        if lo_drop < NEVER:             # a tile of the suit left out is one more to replace
            got &= ~(0x1FF << lo_drop)
        mask |= got
    return best, mask


# ---------------------------------------------------------------- the analyser of one ruleset

class UsefulTile(NamedTuple):
    """A kind whose draw lowers the shanten, and its copies not yet seen. A named tuple, not a
    dataclass: a hand has a dozen or more, and each discard of a 14-tile hand as many again,
    so their making is a visible share of ``analyze``."""

    tile: int
    left: int

    def to_dict(self) -> dict:
        return {"tile": T.name(self.tile), "left": self.left}


def _useful(pair: tuple) -> UsefulTile:
    """``UsefulTile(*pair)``, interned: a kind has five counts left at most, so the 34 × 5
    tiles are made once and shared, not made anew a dozen times per hand."""
    return _USEFUL[pair[0]][pair[1]]


_USEFUL = tuple(tuple(tuple.__new__(UsefulTile, (t, left)) for left in range(5)) for t in range(T.NUM_KINDS))


# the kinds of each suit's 9 bits of a mask (bit t for kind t), lowest first: a mask's kinds
# are four look-ups, not a loop over its bits
_M, _P, _S, _Z = (tuple(tuple(lo + o for o in range(9) if bits >> o & 1) for bits in range(512))
                  for lo in (0, 9, 18, 27))


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


def _drops(table, s) -> tuple:
    """The suits a hand may leave out: None (no void suit), or the declared void suit, or
    (with none declared) each suit no meld is in. Melds that rule every choice out are an
    error: such a hand can never win."""
    if not table.void_suit:
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


def _counted(s, standing):
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


def _plain_counts(text: str, size: int, kind_mask: int):
    """``(number of tiles, 34 counts)`` of notation holding ``size`` or ``size + 1`` standing
    tiles of the kinds in ``kind_mask``, no fifth copy; else None."""
    if _PLAIN.fullmatch(text) is None:  # anything else (flowers, spaces, errors): parse_tiles
        try:
            standing = T.parse_tiles(text)
        except MahjongError:
            return None
        counts = [0] * T.NUM_KINDS
        for t in standing:
            if t >= T.NUM_KINDS:
                return None
            counts[t] += 1
    else:
        # digits before their suit letter: read backwards, the letter first (a hand's tiles
        # straight to counts, no tile list made)
        counts = [0] * T.NUM_KINDS
        kind = _KIND
        base = 0
        for ch in reversed(text):
            got = kind[ch]
            if got < 0:
                base = -got - 1
            else:
                counts[base + got] += 1
    n = sum(counts)
    if n != size and n != size + 1 or max(counts) > 4:
        return None
    if kind_mask != _ALL_KINDS and any(c and not kind_mask >> t & 1 for t, c in enumerate(counts)):
        return None
    return n, counts


def _bind(fn, args: dict):
    """``fn`` with the shape's YAML args bound once, not spread into every call."""
    return partial(fn, **args) if args else fn


def _kernel_calls(analyzer) -> tuple:
    """The compiled kernel's ``shanten`` and ``analyze`` bound to this analyzer (``_kernel_args``),
    or None and None."""
    k = _kernel_args(analyzer)
    return (None, None) if k is None else (partial(kernel.shanten, **k), partial(kernel.analyze, **k))


def _kernel_args(analyzer) -> dict | None:
    """What the compiled kernel is asked with for this analyzer's table and shapes (its
    ``shanten`` and ``analyze``), when every shape names a kernel and no wild is fixed (plain
    notation then holds no wild); else None. A bare hand's suits it may leave out (a void suit)
    are a bit mask."""
    table = analyzer.table
    plan = None if table.wilds.fixed else kernel.plan_of(analyzer.rules.shapes)
    if plan is None:
        return None
    return {"size": table.hand_size, "kind_mask": analyzer.kind_mask, "need": table.hand_size // 3,
            "chows": table.sequences, "plan": plan,
            "drops": sum(1 << d for d in _drops(table, _BARE) if d is not None)}


def _kernel_analysis(analyzer, got: tuple, seen, with_waits: bool) -> "Analysis":
    """``Analyzer.analyze``'s answer from the kernel's (``kernel.analyze``): each row's useful
    tiles with their copies left, its waits when ready and asked, the discards best first."""
    n, counts, shanten, rows = got
    held = list(counts)
    seen = _seen_counts(seen, analyzer.table, held)
    made = _USEFUL
    options = []
    for discard, sh, mask in rows:
        kinds = _M[mask & 511] + _P[mask >> 9 & 511] + _S[mask >> 18 & 511] + _Z[mask >> 27]
        useful = tuple([made[t][4 - held[t] - seen[t]] for t in kinds if held[t] < 4])
        waits = None
        if sh == 0 and with_waits:
            standing = [t for t, c in enumerate(held) for _ in range(c - (t == discard))]
            waits = analyzer.rules.waits(replace(_BARE, hand=tuple(standing), win_tile=None)).to_dict()
        options.append(Option(sh, useful, None if discard < 0 else discard, waits))
    name = analyzer.rules.name
    if n % 3 == 1:
        return Analysis(name, n, shanten, hand=options[0])
    options.sort(key=lambda o: (o.shanten, -o.useful_left, o.discard))
    return Analysis(name, n, shanten, discards=tuple(options))


class Analyzer:
    """Shanten and useful tiles under one ruleset's enabled shapes and table."""

    def __init__(self, rules):
        self.rules = rules
        self.table = rules.table
        self.kinds = tuple(sorted(t for t in rules.table.kinds if t < T.NUM_KINDS))
        self.kind_set = frozenset(self.kinds)
        self.kind_mask = sum(1 << t for t in self.kinds)
        self._plan_of = self._plans = None
        self.own = []            # (shanten function, args, shape) of shapes that give their own
        self.searched = []       # (shape, args) of shapes searched through find
        for shape, args, _ in rules.shapes:
            if shape.shanten is None:
                self.searched.append((shape, args))
            else:
                self.own.append((shape.shanten, args, shape))
        self._kernel, self._kernel_analyze = _kernel_calls(self)

    # -------------------------------------------------------------- parsing
    def parse(self, hand):
        """``(situation, standing tiles)``: a 3n+1 hand as a pre-win Situation, a 3n+2 hand as a
        drawn one (a discard to choose); neither has a winning tile, so the order the tiles are
        written in never matters. Only the standing tiles returned are read as the hand."""
        rules = self.rules
        if isinstance(hand, str):           # (notation of standing tiles only is read by plain_counts)
            hand = {"hand": hand}
        if isinstance(hand, dict) and isinstance(hand.get("hand"), str) and "win_tile" not in hand:
            try:
                standing = T.parse_tiles(hand["hand"])
            except MahjongError:
                standing = None          # parse_hand below names the bad tile
            melds = hand.get("melds") or []
            if standing is not None and isinstance(melds, list) \
                    and len(standing) + 3 * len(melds) == self.table.hand_size + 1:
                s = parse_situation(hand, self.table, drawn=True)
                return s, s.hand
        s = rules.parse_hand(hand)
        tiles = s.hand if s.win_tile is None else tuple(sorted(s.hand + (s.win_tile,)))
        return s, tiles

    def plain_counts(self, text: str):
        """``(tiles, 34 counts)`` of notation holding standing tiles only (the hand size or
        one more, of this table's kinds, no fifth copy), else None."""
        got = self._plain(text)
        if got is None:
            return None
        counts = list(got[1])
        return [t for t, c in enumerate(counts) for _ in range(c)], counts

    def _plain(self, text: str):
        """``(number of tiles, 34 counts)`` as ``plain_counts`` reads them, no tile list made."""
        if self.table.wilds.fixed:          # the situation supplies the fixed wilds: parse it
            return None
        return _plain_counts(text, self.table.hand_size, self.kind_mask)

    # -------------------------------------------------------------- shanten
    def inputs(self, s, counts, n_wild: int, drops) -> list:
        """``(ShapeInput, first kind of the suit left out or NEVER)`` for each suit the hand may
        leave out (that suit's tiles taken out of the counts: tiles to replace)."""
        groups, meld_counts = _meld_parts(s.melds) if s.melds else _NO_MELDS
        table = self.table
        need = table.hand_size // 3 - len(s.melds)
        if drops[0] is None:                # no suit to leave out: the common case
            return [(_input(tuple(counts), n_wild, groups, need, table.sequences, table.kinds, meld_counts, None,
                            table.wilds.fifth_copy), NEVER)]
        out = []
        for drop in drops:
            c = counts
            if drop is not None and any(counts[9 * drop:9 * drop + 9]):
                c = list(counts)
                c[9 * drop:9 * drop + 9] = [0] * 9
            out.append((_input(tuple(c), n_wild, groups, need, table.sequences, table.kinds, meld_counts, None,
                               table.wilds.fifth_copy), NEVER if drop is None else 9 * drop))
        return out

    def of_counts(self, s, counts, n_wild: int, n_tiles: int, drops, searched: bool = True) -> int:
        """The shanten of these counts (34) and wilds, ``n_tiles`` standing tiles in all
        (``searched``: False leaves out the shapes without a shanten of their own)."""
        floor = -1 if n_tiles % 3 == 2 else 0
        melded = bool(s.melds)
        best = NEVER
        plan = self.plan(melded)
        for inp, _ in self.inputs(s, counts, n_wild, drops):
            for call, bound, _, (_, args, shape) in plan:
                if bound is not None and bound(inp) >= best:
                    continue
                got = call(inp)
                if got is None:
                    got = self.search([(shape, args)], inp, n_tiles, s)
                if got < best:
                    best = got
                    if best <= floor:
                        return floor
            if searched and best > floor and self.searched:
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
        return 0 if completing(self.kinds, shapes, inp, s, first=True) else NEVER

    def shanten(self, hand) -> int:
        fast = self._kernel(hand) if self._kernel is not None and type(hand) is str else None
        if fast is not None:
            return fast
        got = self._plain(hand) if isinstance(hand, str) else None
        if got is not None:                 # notation of standing tiles: no situation to build
            s, n_wild = _BARE, 0
            n, counts = got
            if self.searched:               # (a discard is tried on the counts below)
                counts = list(counts)
                standing = [t for t, c in enumerate(counts) for _ in range(c)]
        else:
            s, standing = self.parse(hand)
            counts, n_wild = _counted(s, standing)
            n = len(standing)
        drops = _drops(self.table, s)
        sh = self.of_counts(s, counts, n_wild, n, drops)
        if sh > 0 and self.searched and n % 3 == 2:
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
    def option(self, s, standing, held, seen, discard=None, with_waits=True, counts=None) -> Option:
        """Shanten and useful tiles of a 3n+1 standing hand (and its waits when ready);
        ``counts``, when the caller has them, are the standing tiles' (no wilds)."""
        drops = _drops(self.table, s)
        if counts is None:
            counts, n_wild = _counted(s, standing)
        else:
            n_wild = 0
        n = len(standing)
        # copies left: held and seen never make more than four (``_seen_counts`` checks)
        fast = None if n_wild or self.searched else \
            useful_by_masks(self.plan(bool(s.melds)), self.inputs(s, counts, 0, drops))
        if fast is not None:
            sh, mask = fast
            mask &= self.kind_mask
            if s.wilds:                     # none held: a wild kind drawn is a wild, not that kind
                wild_mask = sum(1 << t for t in s.wilds)
                mask &= ~wild_mask
                if self.of_counts(s, counts, 1, n + 1, drops) < sh:
                    mask |= wild_mask & self.kind_mask
            kinds = _M[mask & 511] + _P[mask >> 9 & 511] + _S[mask >> 18 & 511] + _Z[mask >> 27]
            made = _USEFUL
            useful = tuple([made[t][4 - held[t] - seen[t]] for t in kinds if held[t] < 4])
        else:
            asked = self.asked(s, counts, n_wild, n, drops)
            sh = max(0, min([v for _, v, _, _ in asked], default=NEVER))
            after = self.draws(s, counts, n_wild, n, drops, asked, sh)
            if self.searched:               # a searched shape counts once a draw completes it
                done = self.searched_completing(s, counts, n_wild, drops)
                if done:
                    sh = 0
                for t in done:
                    after[t] = -1
            useful = tuple([_useful((t, 4 - held[t] - seen[t])) for t in self.kinds
                            if after[t] < sh and held[t] < 4])
        waits = None
        if sh == 0 and with_waits:
            waits = self.rules.waits(replace(s, hand=tuple(sorted(standing)), win_tile=None)).to_dict()
        return Option(sh, useful, discard, waits)

    def asked(self, s, counts, n_wild: int, n: int, drops) -> list:
        """Each own-shanten shape's answer for each suit left out: ``(own answer or None,
        shanten counted, (fn, args, shape), (ShapeInput, first kind left out))``; a shape whose
        bound is above the best found is left out."""
        melded = bool(s.melds)
        out = []
        best = NEVER
        plan = self.plan(melded)
        for inp, lo_drop in self.inputs(s, counts, n_wild, drops):
            for call, bound, _, entry in plan:
                if bound is not None and bound(inp) > best:
                    continue                # cannot even equal the best: no useful tile of its own
                here = call(inp)
                _, args, shape = entry
                counted = self.search([(shape, args)], inp, n, s) if here is None else here
                if counted < best:
                    best = counted
                out.append((here, counted, entry, (inp, lo_drop)))
        return out

    def plan(self, melded: bool) -> list:
        """The own-shanten shapes to ask of a hand without or with melds, as (shanten, bound,
        useful mask, ``own``'s entry), the YAML args bound into the calls, read off ``own``
        once (again when ``own`` is replaced)."""
        if self._plan_of is not self.own:
            entries = [(_bind(fn, args), shape.shanten_bound and _bind(shape.shanten_bound, args),
                        shape.shanten_useful and _bind(shape.shanten_useful, args), (fn, args, shape))
                       for fn, args, shape in self.own]
            self._plans = (entries, [e for e in entries if e[3][2].melds])
            self._plan_of = self.own
        return self._plans[melded]

    def searched_completing(self, s, counts, n_wild: int, drops) -> set[int]:
        """The kinds that complete the 3n+1 hand in some searched shape."""
        out: set[int] = set()
        shapes = [(shape, args) for shape, args in self.searched if not (s.melds and not shape.melds)]
        if shapes:
            for inp, _ in self.inputs(s, counts, n_wild, drops):
                out |= completing(self.kinds, shapes, inp, s)
        return out

    def draws(self, s, counts, n_wild: int, n: int, drops, asked, sh: int) -> list[int]:
        """The shanten after drawing each kind (34, NEVER for kinds not in play; below −1 where
        a shape's own answer is, unclamped), where it is below ``sh``: a drawn tile lowers a
        shape's shanten by one at most, so only the shapes answering ``sh`` or less are asked
        (``asked``), each through its ``shanten_draws`` (or its ``shanten`` once per kind).
        Searched shapes are left to the caller (``searched_completing``)."""
        out = [NEVER] * T.NUM_KINDS
        wild = s.wilds
        plain = self.kinds
        untouched = not wild                # ``out`` still all NEVER: the first answer is taken whole
        if wild:
            got = self.of_counts(s, counts, n_wild + 1, n + 1, drops)
            for t in wild:
                out[t] = got
            plain = [t for t in self.kinds if t not in wild]
        for here, _, (fn, args, shape), (inp, lo_drop) in asked:
            if here is not None and here > sh:
                continue
            got = None if shape.shanten_draws is None or here is None else shape.shanten_draws(inp, **args)
            if got is None:
                got = [NEVER] * T.NUM_KINDS
                for t in plain:
                    if here is not None and here - 1 >= out[t]:
                        continue
                    probe = inp if lo_drop <= t < lo_drop + 9 else _plus(inp, t)
                    v = fn(probe, **args)
                    got[t] = self.search([(shape, args)], probe, n + 1, s) if v is None else v
            elif lo_drop < NEVER:           # a tile of the suit left out is one more to replace
                got[lo_drop:lo_drop + 9] = [here] * 9
            if untouched:
                out, untouched = got, False
            elif wild:
                for t in plain:
                    if got[t] < out[t]:
                        out[t] = got[t]
            else:
                out = list(map(min, out, got))
        return out

    def analyze(self, hand, seen=None, with_waits: bool = True) -> Analysis:
        fast = self._kernel_analyze(hand) if self._kernel_analyze is not None and type(hand) is str else None
        if fast is not None:
            return _kernel_analysis(self, fast, seen, with_waits)
        got = self.plain_counts(hand) if isinstance(hand, str) else None
        if got is not None:                 # notation of standing tiles: no situation to build
            s, standing, held = _BARE, got[0], got[1]     # (sorted where the waits read them)
        else:
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
            opt = self.option(s, standing, held, seen_counts, None, with_waits, held if s is _BARE else None)
            return Analysis(name, len(standing), opt.shanten, hand=opt)
        options = []
        # notation of standing tiles (no melds, no wilds): each discard's counts are the hand's
        # less one, not counted again
        counts = list(held) if s is _BARE else None
        for d in sorted(set(standing)):
            rest = list(standing)
            rest.remove(d)
            if counts is None:
                options.append(self.option(s, tuple(rest), held, seen_counts, d, with_waits))
            else:
                counts[d] -= 1
                options.append(self.option(s, tuple(rest), held, seen_counts, d, with_waits, tuple(counts)))
                counts[d] += 1
        options.sort(key=lambda o: (o.shanten, -o.useful_left, o.discard))
        counts, n_wild = _counted(s, standing)
        sh = self.of_counts(s, counts, n_wild, len(standing), _drops(self.table, s))
        if sh > 0 and self.searched:        # ready after a discard in a searched shape
            sh = min(sh, options[0].shanten)
        return Analysis(name, len(standing), sh, discards=tuple(options))
