"""The special shapes of the core: seven pairs and thirteen orphans, each with its waits."""
from __future__ import annotations

from bisect import bisect_left
from itertools import combinations_with_replacement
from typing import Iterable, Sequence

from .. import tiles as T
from .records import Decomposition, Group, ShapeInput, interned_group, reading_maker


def _build(inp: ShapeInput, shape: str, hand_groups: tuple[Group, ...],
           tiles: Sequence[int] | None = None) -> Decomposition | None:
    """Assemble a decomposition, recovering the wild substitutions; None if a wild would stand
    for a kind outside the tile set or a fifth copy (unless ``fifth_copy``), or the groups do
    not use every natural tile."""
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
            if t not in inp.kinds:
                return None
            # a wild may not stand for a fifth copy; natural copies were validated already
            if c + meld_counts[t] > 4 and not inp.fifth_copy:
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
    limit = 2 if not allow_four else 1 << 30 if inp.fifth_copy else 4
    kinds = [t for t in sorted(inp.kinds) if t < 34]
    family = object() if extra == 1 else None       # one pair of wilds only: one family
    # with a group class (when scoring): each kind's pair of wilds only's weight, and the classes
    # (weights' sums) of the readings listed; the other pairs are the same in every reading, so a
    # reading whose pairs of wilds only have an earlier one's classes could only tie it, after it
    weights = None if inp.group_class is None else {t: inp.group_class.weight[interned_group("pair", t, 2)]
                                                    for t in kinds}
    listed: set = set()
    make = reading_maker()
    pair_of = {t: interned_group("pair", t, 2) for t in kinds}
    base_t, tiles_t, wilds_t = tuple(base), tuple(base_tiles), tuple(wild_as)      # each sorted
    # a kind one more pair of which would pass the limit is never chosen; a choice of distinct
    # kinds adds one pair to each, so only a kind chosen twice or more needs its count checked
    roomy = [t for t in kinds if held[t] + 2 <= limit]
    for chosen in combinations_with_replacement(roomy, extra):
        if extra > 1 and len(set(chosen)) < extra and any(held[t] + 2 * chosen.count(t) > limit for t in chosen):
            continue
        if weights is not None:
            classes = sum(weights[t] for t in chosen)
            if classes in listed:
                continue
            listed.add(classes)
        if extra <= 2:          # the pairs go in where sorting would put them (base is sorted)
            groups, tiles, wilds, at = _with_pairs(chosen, pair_of, base_t, tiles_t, wilds_t)
            yield make("seven_pairs", groups, tiles, wilds, None if family is None else (family, at))
            continue
        doubled = [t for t in chosen for _ in (0, 1)]
        groups = tuple(sorted(base + [Group("pair", t, 2) for t in chosen]))
        yield make("seven_pairs", groups, tuple(sorted(base_tiles + doubled)), tuple(sorted(wild_as + doubled)), None)


def _with_pairs(chosen: tuple, pair_of: dict, base: tuple, tiles: tuple, wilds: tuple) -> tuple:
    """(groups, tiles, wild_as, the first new pair's place) of ``base`` (sorted pairs) with one
    or two pairs of wilds only (``chosen``, sorted), as sorting them all in would give."""
    if len(chosen) == 1:
        (t,) = chosen
        g = pair_of[t]
        at, i, j = bisect_left(base, g), bisect_left(tiles, t), bisect_left(wilds, t)
        return base[:at] + (g,) + base[at:], tiles[:i] + (t, t) + tiles[i:], wilds[:j] + (t, t) + wilds[j:], at
    t, u = chosen
    g, h = pair_of[t], pair_of[u]
    a, b = bisect_left(base, g), bisect_left(base, h)
    i, k = bisect_left(tiles, t), bisect_left(tiles, u)
    j, m = bisect_left(wilds, t), bisect_left(wilds, u)
    return (base[:a] + (g,) + base[a:b] + (h,) + base[b:], tiles[:i] + (t, t) + tiles[i:k] + (u, u) + tiles[k:],
            wilds[:j] + (t, t) + wilds[j:m] + (u, u) + wilds[m:], a)


def seven_pairs_waits(counts: Sequence[int], pairs: int = 7, allow_four: bool = True) -> list[int]:
    """The kind completing wild-free ``counts`` into ``pairs`` pairs: its one odd count."""
    if len(counts) - counts.count(0) > pairs or sum(counts) != 2 * pairs - 1:
        return []
    single = [t for t, c in enumerate(counts) if c % 2]
    if len(single) != 1:
        return []
    t = single[0]
    if counts[t] == 3 and not allow_four:
        return []
    if not allow_four and any(c > 2 for c in counts):
        return []
    return single


def seven_pairs_shape_waits(inp: ShapeInput, pairs: int = 7, allow_four: bool = True) -> list[int] | None:
    """``WinShape.waits`` of seven pairs: no wait with melds; with wilds, none when the kinds of
    odd count outnumber the wilds by two or more (a natural tile added leaves at least one fewer
    odd kind, a wild added one more wild: either way a wild short), else None (try each kind)."""
    if inp.meld_groups:
        return []
    if inp.wilds:
        odd = sum(c & 1 for c in inp.counts)
        return [] if odd - 1 > inp.wilds else None
    return seven_pairs_waits(inp.counts, pairs, allow_four)


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


def thirteen_orphans_waits(counts: Sequence[int]) -> list[int]:
    """The kinds completing wild-free ``counts`` into thirteen orphans: the missing one, or any
    of the thirteen when none is missing and none doubled."""
    if any(counts[1:8]) or any(counts[10:17]) or any(counts[19:26]) or sum(counts) != 13:
        return []
    missing = [t for t in ORPHANS if counts[t] == 0]
    dup = [t for t in ORPHANS if counts[t] >= 2]
    if any(counts[t] > 2 for t in ORPHANS) or len(dup) > 1:
        return []
    if not dup and not missing:
        return list(ORPHANS)
    if len(missing) == 1 and len(dup) == 1:
        return missing
    return []


def thirteen_orphans_shape_waits(inp: ShapeInput) -> list[int] | None:
    """``WinShape.waits`` of thirteen orphans: no wait with melds, None (try each kind) with wilds."""
    if inp.wilds:
        return None
    if inp.meld_groups:
        return []
    return thirteen_orphans_waits(inp.counts)
