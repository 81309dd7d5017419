"""Win shapes: how standing tiles split into groups, wild tiles included.

Per-suit splits come from a table keyed by the suit's count vector (built once, cached); wild
tiles are a budget spent while combining suits. Only groups made entirely of wilds need their
concrete tiles enumerated, and those are rare.
"""
from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations_with_replacement, product
from typing import Iterable, NamedTuple, Sequence

from . import tiles as T


_LABELS: dict = {}


class Group(NamedTuple):
    """One group of a decomposition. ``tile`` is the lowest tile; ``meld`` is the index of the
    declared meld it comes from, or -1 for standing tiles; ``wilds`` counts wild tiles inside it."""

    kind: str            # chow | pung | kong | pair (plugins may add their own, e.g. knitted)
    tile: int
    wilds: int = 0
    meld: int = -1

    @property
    def tiles(self) -> tuple[int, ...]:
        k = self.kind
        if k == "chow":
            return (self.tile, self.tile + 1, self.tile + 2)
        if k == "pung":
            return (self.tile,) * 3
        if k == "kong":
            return (self.tile,) * 4
        if k == "pair":
            return (self.tile,) * 2
        if k == "knitted":                     # one third of a knitted straight: 147, 258 or 369
            return (self.tile, self.tile + 3, self.tile + 6)
        return (self.tile,)

    def label(self) -> str:
        key = (self.kind, self.tile, self.meld >= 0)
        text = _LABELS.get(key)
        if text is None:
            text = T.format_tiles(self.tiles)
            text = _LABELS[key] = f"[{text}]" if self.meld >= 0 else text
        return text


@dataclass(frozen=True, slots=True)
class Decomposition:
    """A reading of a winning hand: the groups (melds included) or a special form.

    ``tiles`` are the standing tiles plus the winning tile with every wild replaced by what it
    stands for; ``wild_as`` lists those replacements. ``family`` is ``(key, i)`` when the reading
    is one of a hand's readings that differ only in what ``groups[i]``, made of wilds only,
    stands for: they share the key (a shape leaves it None when it does not say).
    """

    shape: str
    groups: tuple[Group, ...]
    tiles: tuple[int, ...]
    wild_as: tuple[int, ...] = ()
    family: tuple | None = field(default=None, compare=False, repr=False)

    def labels(self) -> list[str]:
        if self.groups:
            return [g.label() for g in self.groups]
        return [T.format_tiles(self.tiles)]


def _new_decomposition():
    """``Decomposition(shape, groups, tiles, wild_as, family)`` for the shape search's inner
    loops: the same object, set through its slots instead of a frozen dataclass's
    ``object.__setattr__`` per field."""
    new = object.__new__
    set_shape, set_groups, set_tiles, set_wild_as, set_family = (
        Decomposition.__dict__[f].__set__ for f in ("shape", "groups", "tiles", "wild_as", "family"))

    def make(shape: str, groups: tuple, tiles: tuple, wild_as: tuple, family) -> Decomposition:
        d = new(Decomposition)
        set_shape(d, shape)
        set_groups(d, groups)
        set_tiles(d, tiles)
        set_wild_as(d, wild_as)
        set_family(d, family)
        return d
    return make


_decomposition = _new_decomposition()


@dataclass(frozen=True, slots=True)
class ShapeInput:
    """What every win-shape finder receives: standing tiles + winning tile as counts (wild copies
    removed), the number of wilds, the melds as groups, and the table's constraints."""

    counts: tuple[int, ...]            # 34 counts, standing + winning tile, wilds removed
    wilds: int                         # wild tiles among them
    meld_groups: tuple[Group, ...]
    sets_needed: int                   # sets still to find among the standing tiles
    chows: bool                        # runs allowed as sets (table.sequences)
    kinds: frozenset                   # tile kinds that exist in this tile set
    meld_counts: tuple[int, ...]       # 34 counts of tiles in melds (for the 4-copy cap)
    # the winning tile, for shapes defined on the pre-win hand (nine gates); not part of the
    # cache key, as the standard splits do not depend on it
    win_tile: int | None = field(default=None, compare=False)

    @property
    def natural_tiles(self) -> tuple[int, ...]:
        out: list[int] = []
        for t, c in enumerate(self.counts):
            if c:
                out.extend((t,) * c)
        return tuple(out)


# ---------------------------------------------------------------- per-suit splits

SuitSplit = tuple  # (groups: tuple[(kind, offset, wilds)], pair: (offset, wilds) | None, wilds_used)


def _suit_splits(key: tuple[int, ...], chows: bool, budget: int) -> tuple[SuitSplit, ...]:
    """Every way to cover a suit's counts with sets and at most one pair, spending ≤ budget wilds."""
    return _suit_splits_cached(key, chows, budget)


@lru_cache(maxsize=None)
def _suit_splits_cached(key: tuple[int, ...], chows: bool, budget: int) -> tuple[SuitSplit, ...]:
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


_SUIT_RANGES = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))


@lru_cache(maxsize=64)
def _pure_wild_groups(n_sets: int, need_pair: bool, kinds: frozenset, chows: bool) -> tuple:
    """All concrete choices for groups made only of wilds (any set or pair the tile set allows),
    each as (set Groups, pair Group or None, the tiles they stand for, (tile, copies) of each
    such tile). Cached: it depends only on the tile set and how many groups the wilds make."""
    ks = [t for t in sorted(kinds) if t < 34]
    options = [Group("pung", t, 3) for t in ks]
    if chows:
        options += [Group("chow", t, 3) for t in ks if t < 27 and t % 9 <= 6 and t + 1 in kinds and t + 2 in kinds]
    sets_choices = list(combinations_with_replacement(options, n_sets)) if n_sets else [()]
    pairs = [Group("pair", t, 2) for t in ks] if need_pair else [None]
    out = []
    for sets in sets_choices:
        for pair in pairs:
            tiles = tuple(t for g in sets + ((pair,) if pair else ()) for t in g.tiles)
            copies = tuple((t, tiles.count(t)) for t in sorted(set(tiles)))
            out.append((sets, pair, tiles, copies))
    return tuple(out)


@lru_cache(maxsize=1 << 16)
def standard(inp: ShapeInput) -> tuple[Decomposition, ...]:
    """n sets + a pair, for any hand size; wilds may complete any set or the pair.
    Cached: batch scoring and wait searches meet the same hands again and again."""
    if not inp.wilds:
        return _standard_natural(inp)
    return tuple(_standard(inp))


@lru_cache(maxsize=None)
def _suit_groups(key: tuple[int, ...], lo: int, chows: bool) -> tuple:
    """A suit's wild-free splits as ready-made Groups: (sets, pair or None) per split."""
    return tuple((tuple(Group(kind, lo + off) for kind, off, _ in groups),
                  None if pair is None else Group("pair", lo + pair[0]))
                 for groups, pair, _ in _suit_splits(key, chows, 0))


def _standard_natural(inp: ShapeInput) -> tuple[Decomposition, ...]:
    """The common case, no wilds: each suit's splits come from the table, combined as they are
    (a suit's size decides whether it holds the pair)."""
    per_suit = []
    counts = inp.counts
    for lo, hi, numbered in _SUIT_RANGES:
        key = counts[lo:hi]
        if not any(key):
            continue
        options = _suit_groups(key, lo, inp.chows and numbered)
        if not options:
            return ()
        per_suit.append(options)
    out = []
    tiles = None
    for combo in product(*per_suit):
        sets: list[Group] = []
        pair = None
        for groups, p in combo:
            sets.extend(groups)
            if p is not None:
                if pair is not None:
                    break
                pair = p
        else:
            if pair is None or len(sets) != inp.sets_needed:
                continue
            sets.sort()
            if tiles is None:
                tiles = inp.natural_tiles
            out.append(_decomposition("standard", inp.meld_groups + tuple(sets) + (pair,), tiles, (), None))
    return tuple(out)


@lru_cache(maxsize=None)
def _suit_options(key: tuple[int, ...], lo: int, chows: bool, budget: int) -> tuple:
    """A suit's splits, fewest wilds first, as (wilds used, number of sets, has a pair, set
    Groups, pair Group, the tiles the wilds stand for, (tile, copies) of each such tile). Splits
    that differ only in where the wilds sit are kept once; none uses a fifth copy of a tile."""
    out = []
    seen = set()
    n = len(key)
    for groups, pair, used in _suit_splits(key, chows, budget):
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
        if max(concrete) > 4:
            continue
        wild_as = tuple(lo + off for off in range(n) for _ in range(concrete[off] - key[off]))
        copies = tuple((lo + off, concrete[off]) for off in range(n) if concrete[off] > key[off])
        sets = tuple(Group(kind, lo + off, w) for kind, off, w in groups)
        pg = None if pair is None else Group("pair", lo + pair[0], pair[1])
        out.append((used, len(sets), pg is not None, sets, pg, wild_as, copies))
    out.sort(key=lambda o: o[0])
    return tuple(out)


def _standard(inp: ShapeInput) -> list[Decomposition] | tuple:
    """Suits are combined one at a time, dropping a partial choice as soon as it spends more
    wilds than the hand holds, holds two pairs or too many sets, or would make a fifth copy of
    a melded tile; the wilds left over must then make whole sets (and the pair) on their own.
    What the wilds stand for comes with each suit's split (cached), so a reading is assembled,
    not searched for."""
    per_suit = []
    for lo, hi, numbered in _SUIT_RANGES:
        key = inp.counts[lo:hi]
        if not any(key):
            continue
        options = _suit_options(key, lo, inp.chows and numbered, inp.wilds)
        if not options:
            return ()
        per_suit.append(options)
    budget = inp.wilds
    need = inp.sets_needed
    last = len(per_suit)
    counts = inp.counts
    meld_counts = inp.meld_counts
    naturals = inp.natural_tiles
    melds = inp.meld_groups
    if melds:               # no split may make a fifth copy of a melded tile
        per_suit = [tuple(o for o in options if not any(c + meld_counts[t] > 4 for t, c in o[6]))
                    for options in per_suit]
    seen: set = set()
    out: list[Decomposition] = []
    held = [c + m for c, m in zip(counts, meld_counts)]      # natural copies, standing and melded

    def emit(hand_groups: list, pg: Group, wild_as: tuple, family=None, varies: Group | None = None) -> None:
        """Add a reading; ``family`` (with ``varies``, its one set of wilds only) when it is one
        of several fills of that set."""
        hand_groups.sort()
        # readings with the same groups of tiles score alike, wherever the wilds sit
        key = (tuple([g[:2] for g in hand_groups]), pg.tile)
        if key in seen:
            return
        seen.add(key)
        if family is not None:
            family = (family, len(melds) + hand_groups.index(varies))
        out.append(_decomposition("standard", melds + tuple(hand_groups) + (pg,),
                                  tuple(sorted(naturals + wild_as)), tuple(sorted(wild_as)), family))

    def pair_fills(hand_groups: list, wild_as: tuple, fills: tuple) -> None:
        """``emit`` for each kind a pair of wilds only may stand for beside ``hand_groups``
        (sorted): one family, whose sets, key prefix and tiles are worked out once."""
        prefix = tuple([g[:2] for g in hand_groups])
        groups = melds + tuple(hand_groups)
        family = (object(), len(groups))
        tiles = tuple(sorted(naturals + wild_as))
        wilds = tuple(sorted(wild_as))
        for _, pg, extra, copies in fills:
            t, c = copies[0]
            if held[t] + c + wild_as.count(t) > 4:        # no fifth copy of a kind
                continue
            key = (prefix, t)
            if key in seen:
                continue
            seen.add(key)
            i, j = bisect_left(tiles, t), bisect_left(wilds, t)        # the pair's two tiles, in order
            out.append(_decomposition("standard", groups + (pg,), tiles[:i] + extra + tiles[i:],
                                      wilds[:j] + extra + wilds[j:], family))

    def combine(i: int, sets: tuple, pair, used: int, n_sets: int, wild_as: tuple) -> None:
        if i == last:
            free_sets = need - n_sets
            need_pair = pair is None
            if budget - used != 3 * free_sets + (2 if need_pair else 0):
                return
            if not (free_sets or need_pair):
                emit(list(sets), pair, wild_as)
                return
            fills = _pure_wild_groups(free_sets, need_pair, inp.kinds, inp.chows)
            if not free_sets:           # a pair of wilds only: the sets are the same for every fill
                pair_fills(sorted(sets), wild_as, fills)
                return
            # one set of wilds only: its fills are one family of readings
            family = object() if free_sets == 1 and not need_pair else None
            for extra_sets, extra_pair, extra, copies in fills:
                for t, c in copies:        # no fifth copy of a kind
                    if held[t] + c + wild_as.count(t) > 4:
                        break
                else:
                    emit(list(sets + extra_sets), pair if extra_pair is None else extra_pair, wild_as + extra,
                         family, extra_sets[0])
            return
        for w, ns, has_pair, groups, pg, option_wilds, _ in per_suit[i]:
            if used + w > budget:
                break
            if n_sets + ns > need or (has_pair and pair is not None):
                continue
            combine(i + 1, sets + groups, pg if has_pair else pair, used + w, n_sets + ns,
                    wild_as + option_wilds)

    combine(0, (), None, 0, 0, ())
    return out


def _build(inp: ShapeInput, shape: str, hand_groups: tuple[Group, ...],
           tiles: Sequence[int] | None = None) -> Decomposition | None:
    """Assemble a decomposition, recovering the wild substitutions; None if a kind would exceed 4
    or the groups do not use every natural tile."""
    if not inp.wilds:
        if tiles is None:
            tiles = inp.natural_tiles
        return Decomposition(shape, inp.meld_groups + hand_groups, tuple(tiles), ())
    if tiles is None:
        tiles = [t for g in hand_groups for t in g.tiles]
    concrete: dict[int, int] = {}
    for t in tiles:
        concrete[t] = concrete.get(t, 0) + 1
    counts = inp.counts
    meld_counts = inp.meld_counts
    wild_as: list[int] = []
    for t, c in concrete.items():
        extra = c - counts[t]
        if extra < 0:
            return None
        if extra:
            # a wild may not stand for a fifth copy; natural copies were validated already
            if c + meld_counts[t] > 4:
                return None
            wild_as.extend([t] * extra)
    if len(wild_as) != inp.wilds:        # some natural tile left out of the groups
        return None
    wild_as.sort()
    return Decomposition(shape, inp.meld_groups + hand_groups, tuple(sorted(tiles)), tuple(wild_as))


def seven_pairs(inp: ShapeInput, pairs: int = 7, allow_four: bool = True) -> Iterable[Decomposition]:
    """``pairs`` pairs from a concealed hand; four of a kind counts as two pairs when allowed.
    Each natural kind makes its pairs (an odd one completed by a wild); spare wilds pair up as
    any kinds, which are the only thing enumerated."""
    counts = inp.counts
    if inp.meld_groups or sum(counts) + inp.wilds != 2 * pairs:
        return
    base: list[Group] = []
    wild_as: list[int] = []
    held = [0] * T.NUM_KINDS
    for t, c in enumerate(counts):
        if not c:
            continue
        if c > 2 and not allow_four:
            return
        full, odd = divmod(c, 2)
        base.extend([Group("pair", t)] * full)
        if odd:
            base.append(Group("pair", t, 1))
            wild_as.append(t)
        held[t] = c + odd
    spare = inp.wilds - len(wild_as)
    if spare < 0 or spare % 2:
        return
    base_tiles = [t for g in base for t in (g.tile, g.tile)]
    extra = spare // 2
    if not extra:
        yield Decomposition("seven_pairs", tuple(base), tuple(base_tiles), tuple(wild_as))
        return
    limit = 4 if allow_four else 2
    kinds = [t for t in sorted(inp.kinds) if t < 34]
    family = object() if extra == 1 else None       # one pair of wilds only: one family
    for chosen in combinations_with_replacement(kinds, extra):
        if any(held[t] + 2 * chosen.count(t) > limit for t in chosen):
            continue
        doubled = [t for t in chosen for _ in (0, 1)]
        groups = tuple(sorted(base + [Group("pair", t, 2) for t in chosen]))
        yield _decomposition("seven_pairs", groups, tuple(sorted(base_tiles + doubled)), tuple(sorted(wild_as + doubled)),
                             None if family is None else (family, groups.index(Group("pair", chosen[0], 2))))


ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def thirteen_orphans(inp: ShapeInput) -> Iterable[Decomposition]:
    """One of each terminal and honour plus a duplicate of any of them."""
    c = inp.counts
    if inp.meld_groups or any(c[1:8]) or any(c[10:17]) or any(c[19:26]) or sum(c) + inp.wilds != 14:
        return
    missing = 0
    dup = None
    for t, c in enumerate(inp.counts):
        if c and t not in ORPHANS:
            return
    for t in ORPHANS:
        c = inp.counts[t]
        if c == 0:
            missing += 1
        elif c == 2:
            if dup is not None:
                return
            dup = t
        elif c > 2:
            return
    spare = inp.wilds - missing
    if spare < 0 or spare > 1 or (dup is None) != (spare == 1):
        return
    base = list(ORPHANS)
    for pair_kind in ([dup] if dup is not None else ORPHANS):
        dec = _build(inp, "thirteen_orphans", (), base + [pair_kind])
        if dec is not None:
            yield dec


def make_input(counts: Sequence[int], wilds: int, meld_groups: tuple[Group, ...], sets_needed: int,
               chows: bool, kinds: frozenset, meld_counts: Sequence[int]) -> ShapeInput:
    return ShapeInput(tuple(counts), wilds, meld_groups, sets_needed, chows, kinds, tuple(meld_counts))

