"""The standard shape: n sets and a pair, for any hand size, wilds included.

Each suit's splits come from the per-suit tables (``suits``); wild tiles are a budget spent
while combining suits. Only groups made entirely of wilds need their concrete tiles enumerated,
and those are rare: their fills of one set (or of the pair) are one family of readings.
"""
from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache
from itertools import combinations_with_replacement, product
from typing import Sequence

from .records import Decomposition, Group, GroupClasses, ShapeInput, _decomposition, compiled_readings, reading_maker
from .suits import SUIT_RANGES, hand_missing, suit_complete, suit_groups, suit_options, suit_waits
from .wild_splits import wild_options


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


@lru_cache(maxsize=32)
def standard(inp: ShapeInput) -> tuple[Decomposition, ...]:
    """n sets + a pair, for any hand size; wilds may complete any set or the pair.
    Cached for the hands met again soon (a table asking whether a discard wins, a batch line
    repeated): 32 hands, which a table's bots hit as often as 256. Not more: a hand with wilds
    keeps a hundred readings or more, and every reading kept is an object each full garbage
    collection walks, a cost that new hands (which no cache answers) would pay."""
    if not inp.wilds:
        return _standard_natural(inp)
    return tuple(_standard(inp, wild_options))


def standard_reference(inp: ShapeInput) -> tuple[Decomposition, ...]:
    """``standard`` with each suit's splits from the reference splitter (``suits.suit_options``,
    every path of the search walked), uncached: what tests compare the count-vector splitter
    (``wild_splits``) against, reading for reading."""
    if not inp.wilds:
        return _standard_natural(inp)
    return tuple(_standard(inp, suit_options))


def _standard_natural(inp: ShapeInput) -> tuple[Decomposition, ...]:
    """The common case, no wilds: the splits of the counts (``standard_splits``), each with the melds."""
    splits = standard_splits(inp.counts, inp.sets_needed, inp.chows)
    if not splits:
        return ()
    tiles = inp.natural_tiles
    melds = inp.meld_groups
    make = reading_maker()
    return tuple(make("standard", melds + sets + (pair,), tiles, (), None) for sets, pair in splits)


def standard_splits(counts: Sequence[int], sets_needed: int, chows: bool) -> list[tuple[tuple[Group, ...], Group]]:
    """Every split of the wild-free tile counts ``counts`` (34) into ``sets_needed`` sets and a
    pair, as (the sets sorted, the pair): each suit's splits come from the table, combined as they
    are (a suit's size decides whether it holds the pair). ``chows``: runs count as sets."""
    per_suit = []
    for lo, hi, numbered in SUIT_RANGES:
        key = tuple(counts[lo:hi])
        if not any(key):
            continue
        options = suit_groups(key, lo, chows and numbered)
        if not options:
            return []
        per_suit.append(options)
    out = []
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
            if pair is None or len(sets) != sets_needed:
                continue
            sets.sort()
            out.append((tuple(sets), pair))
    return out


def sets_fit(counts: Sequence[int], wilds: int, sets: int, pair: bool, room: Sequence[int] | None = None,
             chows: bool = True) -> bool:
    """Do the natural ``counts`` (34 kinds) and ``wilds`` wild tiles make exactly ``sets`` sets
    (runs within a suit when ``chows``; pungs; honours only pungs) and, when ``pair``, one pair,
    every tile used? A wild stands for a kind only while ``room`` (default: four less ``counts``)
    leaves a copy of it; wilds left over once every natural tile is placed make groups of their
    own, of any kind (fourteen to seventeen tiles always leave some kind with room). Each suit's
    splits come from ``wild_options`` (cached per suit): the standard search's, without readings."""
    if wilds < 0 or 3 * sets + 2 * pair != sum(counts) + wilds:
        return False
    if room is None:
        room = [4 - c for c in counts]
    # (wilds used, sets, pairs) of the suits so far; the tile count above makes the wilds left
    # over exactly the whole groups still missing
    reach = {(0, 0, 0)}
    for lo, hi, numbered in SUIT_RANGES:
        key = tuple(counts[lo:hi])
        if not any(key):
            continue
        grown = set()
        for w, ns, has, _, _, _, copies in wild_options(key, lo, chows and numbered, wilds, True):
            if (has and not pair) or any(c - counts[t] > room[t] for t, c in copies):
                continue
            for used, n, pairs in reach:
                if used + w <= wilds and n + ns <= sets and pairs + has <= pair:
                    grown.add((used + w, n + ns, pairs + has))
        if not grown:
            return False
        reach = grown
    return True


# every group its own class (its kind and lowest tile): the weights that tell two readings with
# the same groups of tiles, wherever their wilds sit (shared by every hand: a few hundred groups)
_EXACT = GroupClasses(lambda group: group)


def _first(seen: set, key) -> bool:
    """Whether ``key`` is new to ``seen`` (then added)."""
    if key in seen:
        return False
    seen.add(key)
    return True


def _standard(inp: ShapeInput, options_of=wild_options) -> list[Decomposition] | tuple:
    """Suits are combined one at a time, dropping a partial choice as soon as it spends more
    wilds than the hand holds, holds two pairs or too many sets, or would make a fifth copy of
    a melded tile; the wilds left over must then make whole sets (and the pair) on their own.
    What the wilds stand for comes with each suit's split (cached), so a reading is assembled,
    not searched for."""
    per_suit = []
    kinds = inp.kinds
    fifth = inp.fifth_copy
    for lo, hi, numbered in SUIT_RANGES:
        key = inp.counts[lo:hi]
        if not any(key):
            continue
        options = options_of(key, lo, inp.chows and numbered, inp.wilds, fifth)
        if not kinds.issuperset(range(lo, hi)):       # a wild stands only for a kind of the tile set
            options = tuple(o for o in options if kinds.issuperset(o[5]))
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
    if melds and not fifth:     # no split may make a fifth copy of a melded tile
        per_suit = [tuple(o for o in options if not any(c + meld_counts[t] > 4 for t, c in o[6]))
                    for options in per_suit]
    # a reading is listed when it is the first with its groups of tiles (those with the same
    # score alike, wherever the wilds sit): the same multiset of groups, told by the sum of their
    # weights (``_EXACT``: a class per kind and lowest tile). With a group class (when scoring),
    # the first with its groups' classes: another could only tie it, after it, and readings with
    # the same groups of tiles have the same classes (a class reads a group's kind and lowest
    # tile only), so the readings listed are then the full list's, less some
    seen: set = set()
    out: list[Decomposition] = []
    weight = (inp.group_class or _EXACT).weight
    # natural copies, standing and melded; with fifth_copy nothing is counted against four
    held = [0 if fifth else c + m for c, m in zip(counts, meld_counts)]
    cap = 1 << 30 if fifth else 4
    # the combine below, compiled (``_splits.standard``: the same readings in the same order),
    # where the splitter was built; not for the reference search. NotImplemented leaves the hand
    # to the closures, from the start
    compiled = compiled_readings() if options_of is wild_options else None
    if compiled is not None:
        if compiled.standard(out, seen, weight, per_suit, budget, need, melds, naturals, held, cap,
                             _pure_wild_groups, inp.kinds, inp.chows) is None:
            return out
        out.clear()
        seen.clear()

    def emit(hand_groups: list, pg: Group, wild_as: tuple) -> None:
        """Add a reading (no family's: ``set_fills`` and ``pair_fills`` add those)."""
        if not _first(seen, sum(map(weight.__getitem__, hand_groups)) + weight[pg]):
            return
        hand_groups.sort()
        out.append(_decomposition("standard", melds + tuple(hand_groups) + (pg,),
                                  tuple(sorted(naturals + wild_as)), tuple(sorted(wild_as)), None))

    def pair_fills(hand_groups: list, wild_as: tuple, fills: tuple) -> None:
        """``emit`` for each kind a pair of wilds only may stand for beside ``hand_groups``
        (sorted): one family, whose sets, their weights and tiles are worked out once."""
        rest = sum(map(weight.__getitem__, hand_groups))
        groups = melds + tuple(hand_groups)
        family = (object(), len(groups))
        tiles = tuple(sorted(naturals + wild_as))
        wilds = tuple(sorted(wild_as))
        for _, pg, extra, copies in fills:
            t, c = copies[0]
            if held[t] + c + wild_as.count(t) > cap:        # no fifth copy of a kind
                continue
            if not _first(seen, rest + weight[pg]):
                continue
            i, j = bisect_left(tiles, t), bisect_left(wilds, t)        # the pair's two tiles, in order
            out.append(_decomposition("standard", groups + (pg,), tiles[:i] + extra + tiles[i:],
                                      wilds[:j] + extra + wilds[j:], family))

    def set_fills(hand_sets: list, pg: Group, wild_as: tuple, fills: tuple) -> None:
        """``emit`` for each kind a set of wilds only may stand for beside ``hand_sets`` (sorted)
        and the pair ``pg``: one family, whose other groups, their weights and tiles are worked
        out once; the set goes where sorting would put it (``bisect``)."""
        rest = sum(map(weight.__getitem__, hand_sets)) + weight[pg]
        family = object()
        tiles = naturals + wild_as
        for extra_sets, _, extra, copies in fills:
            for t, c in copies:        # no fifth copy of a kind
                if held[t] + c + wild_as.count(t) > cap:
                    break
            else:
                g = extra_sets[0]
                if not _first(seen, rest + weight[g]):
                    continue
                at = bisect_left(hand_sets, g)
                out.append(_decomposition("standard", melds + tuple(hand_sets[:at]) + extra_sets
                                          + tuple(hand_sets[at:]) + (pg,), tuple(sorted(tiles + extra)),
                                          tuple(sorted(wild_as + extra)), (family, len(melds) + at)))

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
            if free_sets == 1 and not need_pair:     # one set of wilds only: one family
                set_fills(sorted(sets), pair, wild_as, fills)
                return
            for extra_sets, extra_pair, extra, copies in fills:
                for t, c in copies:        # no fifth copy of a kind
                    if held[t] + c + wild_as.count(t) > cap:
                        break
                else:
                    emit(list(sets + extra_sets), pair if extra_pair is None else extra_pair, wild_as + extra)
            return
        for w, ns, has_pair, groups, pg, option_wilds, _ in per_suit[i]:
            if used + w > budget:
                break
            if n_sets + ns > need or (has_pair and pair is not None):
                continue
            combine(i + 1, sets + groups, pg if has_pair else pair, used + w, n_sets + ns,
                    wild_as + option_wilds)

    combine(0, (), None, 0, 0, ())
    # the recursive closure holds itself through its cell, and the readings through ``out``:
    # cleared, the cycle is gone and the readings are freed as soon as the last caller drops
    # them, instead of waiting for the garbage collector (a hand with wilds makes a hundred)
    combine = None  # noqa: F841
    return out


# ---------------------------------------------------------------- waits

def standard_waits(counts: Sequence[int], chows: bool, kinds) -> list[int]:
    """The kinds completing the wild-free standing ``counts`` into sets and a pair: a hand is
    complete exactly when every suit is, so this is a handful of per-suit table look-ups."""
    keys = []
    complete = []
    pair_suits = 0
    for lo, hi, numbered in SUIT_RANGES:
        key = tuple(counts[lo:hi])
        size = sum(key)
        ok = suit_complete(key, chows and numbered)
        keys.append((lo, key, size, numbered))
        complete.append(ok)
        if ok and size % 3 == 2:
            pair_suits += 1
    incomplete = complete.count(False)
    if incomplete > 1:
        return []
    out: list[int] = []
    for idx, (lo, key, size, numbered) in enumerate(keys):
        if incomplete == 1 and complete[idx]:
            continue
        others_pairs = pair_suits - (1 if complete[idx] and size % 3 == 2 else 0)
        new_mod = (size + 1) % 3
        if new_mod == 1 or others_pairs + (new_mod == 2) != 1:
            continue
        for o in suit_waits(key, chows and numbered):
            if lo + o in kinds:
                out.append(lo + o)
    return out


def standard_shape_waits(inp: ShapeInput) -> list[int] | None:
    """``WinShape.waits`` of the standard shape: the table look-ups without wilds; with them,
    none when the hand is not ready even with every wild as the tile it lacks (the tiles it
    misses, a lower bound from the suit tables, exceed the wilds and the tile drawn), else None
    (try each kind)."""
    if inp.wilds:
        return [] if hand_missing(inp.counts, inp.sets_needed, inp.chows) > inp.wilds + 1 else None
    if sum(inp.counts) != 3 * inp.sets_needed + 1:
        return []
    return standard_waits(inp.counts, inp.chows, inp.kinds)
