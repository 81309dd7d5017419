"""组合龙 (knitted straight) in its regular form: 147/258/369 in three suits as three sets, plus
one set (or one meld) and a pair.

Everything the shape decides lives here: which hands are read as it (``readings``, registered
as the ``knitted_straight`` win shape), the fan (``special``), and what its fourth set and pair
add beside it — pung, kong, concealment, 平和/五门齐/无字/四归一 and the unique waits, with the
competition calculator's own wait search for the four tiles beside the knitted body — which the
family checks (standard.py) ask of it. 组合龙 inside 全不靠 is honors_and_knitted.py's.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Iterable

from mahjong_core.plugin import NEVER, Body, Decomposition, Group, ShapeInput, hand_suits, remember, standard, suit_memo

from .facts import DRAGON, KNITTED, REF_KEY, REF_ORDER, TERMINAL, WIND, facts, standing, wind_fans
from .wild_budget import draws_less_wilds, less_wilds

_EMPTY: dict = {}


# ---------------------------------------------------------------- the shape

def _set_and_pair(counts, sets: int):
    """Every split of ``counts`` into ``sets`` sets (0 or 1) and one pair."""
    out = []
    kinds = [t for t in range(34) if counts[t]]
    if sets == 0:
        if len(kinds) == 1 and counts[kinds[0]] == 2:
            out.append((Group("pair", kinds[0]),))
        return out
    c = list(counts)
    for t in kinds:
        if c[t] >= 3:
            c[t] -= 3
            rest = [u for u in range(34) if c[u]]
            if len(rest) == 1 and c[rest[0]] == 2:
                out.append((Group("pung", t), Group("pair", rest[0])))
            c[t] += 3
        if t < 27 and t % 9 < 7 and c[t + 1] and c[t + 2]:
            c[t] -= 1
            c[t + 1] -= 1
            c[t + 2] -= 1
            rest = [u for u in range(34) if c[u]]
            if len(rest) == 1 and c[rest[0]] == 2:
                out.append((Group("chow", t), Group("pair", rest[0])))
            c[t] += 1
            c[t + 1] += 1
            c[t + 2] += 1
    return out


def _readings_wild(inp: ShapeInput) -> Iterable[Decomposition]:
    """With wilds: wilds fill the knitted body's missing tiles, and the rest is read by the
    engine's standard shape (one set or the meld, and a pair), wilds included."""
    counts = inp.counts
    seen = set()
    for body in KNITTED:
        missing = [t for t in body if not counts[t]]
        if len(missing) > inp.wilds:
            continue
        rest = list(counts)
        for t in body:
            if rest[t]:
                rest[t] -= 1
        sub = ShapeInput(tuple(rest), inp.wilds - len(missing), inp.meld_groups, 1 - len(inp.meld_groups),
                         inp.chows, inp.kinds, inp.meld_counts, fifth_copy=inp.fifth_copy)
        knit = tuple(Group("knitted", lo, sum(1 for t in (lo, lo + 3, lo + 6) if t in missing))
                     for lo in sorted(body[i] for i in (0, 3, 6)))
        for dec in standard(sub):
            tiles = tuple(sorted(body + dec.tiles))
            total = list(inp.meld_counts)
            for t in tiles:
                total[t] += 1
            if not inp.fifth_copy and any(total[t] > 4 for t in missing + list(dec.wild_as)):
                continue
            groups = dec.groups[:len(inp.meld_groups)] + knit + dec.groups[len(inp.meld_groups):]
            key = (tiles, groups)
            if key not in seen:
                seen.add(key)
                yield Decomposition("knitted_straight", groups, tiles, tuple(sorted(missing + list(dec.wild_as))))


def _complete(counts, n_melds: int):
    """The knitted body and the one split of the rest (a set unless a meld stands for it, and a
    pair) that read ``counts`` as the shape, or None."""
    c = counts
    # quick reject: every suit needs one whole 147 / 258 / 369 class
    for b in (0, 9, 18):
        if not ((c[b] and c[b + 3] and c[b + 6]) or (c[b + 1] and c[b + 4] and c[b + 7])
                or (c[b + 2] and c[b + 5] and c[b + 8])):
            return None
    for body in KNITTED:
        if all(c[t] for t in body):
            break
    else:
        return None
    rest = list(c)
    for t in body:
        rest[t] -= 1
    splits = _set_and_pair(rest, 1 - n_melds)
    if len(splits) != 1:       # the calculator accepts only an unambiguous remainder
        return None
    return body, splits[0]


def readings(inp: ShapeInput) -> Iterable[Decomposition]:
    """组合龙 (147/258/369 in three suits) as three sets, plus one set (or one meld) and a pair."""
    if len(inp.meld_groups) > 1:
        return
    if inp.wilds:
        yield from _readings_wild(inp)
        return
    found = _complete(inp.counts, len(inp.meld_groups))
    if found is None:
        return
    body, split = found
    knit = tuple(Group("knitted", t) for t in sorted(body[i] for i in (0, 3, 6)))
    yield Decomposition("knitted_straight", inp.meld_groups + knit + split, inp.natural_tiles, ())


def shape_waits(inp: ShapeInput) -> list[int] | None:
    """The kinds ``readings`` accepts as the winning tile: it completes a knitted body
    that lacks only it, or joins the four tiles (one with a meld) beside a whole body — so only
    those tiles, or the kinds the remainder can use, are tried. With wilds: None (searched)."""
    if inp.wilds:
        return None
    n_melds = len(inp.meld_groups)
    counts = inp.counts
    if n_melds > 1 or sum(counts) != 13 - 3 * n_melds or most_knitted(counts) < 8:
        return []                           # a ready hand lacks one knitted tile at most
    tried: set[int] = set()
    for body in KNITTED:
        missing = [t for t in body if not counts[t]]
        if len(missing) == 1:
            tried.add(missing[0])
        elif not missing:
            rest = list(counts)
            for t in body:
                rest[t] -= 1
            for t in range(34):
                if rest[t]:
                    tried.add(t)                    # a pair or pung of it
                    if t < 27:                      # a chow with it holds a neighbour
                        r = t % 9
                        if r:
                            tried.add(t - 1)
                        if r < 8:
                            tried.add(t + 1)
    out = []
    c = list(counts)
    kinds = inp.kinds
    for t in sorted(tried):
        if t in kinds:
            c[t] += 1
            if _complete(c, n_melds) is not None:
                out.append(t)
            c[t] -= 1
    return out


@lru_cache(maxsize=1 << 16)
def suit_classes(suit: tuple) -> tuple:
    """For each 147/258/369 class of one suit's nine counts: (its kinds held, the suit with one
    of each taken out). Memoised: suits recur across hands and draws."""
    a, b, c, d, e, f, g, h, i = suit
    return ((bool(a) + bool(d) + bool(g), (a and a - 1, b, c, d and d - 1, e, f, g and g - 1, h, i)),
            (bool(b) + bool(e) + bool(h), (a, b and b - 1, c, d, e and e - 1, f, g, h and h - 1, i)),
            (bool(c) + bool(f) + bool(i), (a, b, c and c - 1, d, e, f and f - 1, g, h, i and i - 1)))


def _straight(classes) -> Body:
    """The knitted straight of these classes in m, p and s (0: 147, 1: 258, 2: 369) as a body."""
    return Body(9 * i + r + 3 * k for i, r in enumerate(classes) for k in range(3))


def class_held(suit) -> tuple:
    """The kinds held of each 147/258/369 class of one suit (its ``hand_suits`` record; memoised)."""
    got = _HELD.get(suit)
    if got is None:
        got = remember(_HELD, suit, tuple(held for held, _ in suit_classes(suit.key)))
    return got


_HELD: dict = suit_memo()               # one suit's record -> knitted kinds held per class
# each knitted straight by its classes in m, p and s: the shanten of the shape reads the rest
# beside it as one set (none with a meld) and a pair (``Body``)
STRAIGHTS = {classes: _straight(classes)
             for classes in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))}


def most_knitted(c) -> int:
    """The most tiles held of one knitted straight, counted straight from the counts (no suit
    records: the table asks the waits of a new hand every turn, and few come near the shape)."""
    a0, a1, a2 = (c[0] > 0) + (c[3] > 0) + (c[6] > 0), (c[1] > 0) + (c[4] > 0) + (c[7] > 0), \
        (c[2] > 0) + (c[5] > 0) + (c[8] > 0)
    b0, b1, b2 = (c[9] > 0) + (c[12] > 0) + (c[15] > 0), (c[10] > 0) + (c[13] > 0) + (c[16] > 0), \
        (c[11] > 0) + (c[14] > 0) + (c[17] > 0)
    c0, c1, c2 = (c[18] > 0) + (c[21] > 0) + (c[24] > 0), (c[19] > 0) + (c[22] > 0) + (c[25] > 0), \
        (c[20] > 0) + (c[23] > 0) + (c[26] > 0)
    return max(a0 + b1 + c2, a0 + b2 + c1, a1 + b0 + c2, a1 + b2 + c0, a2 + b0 + c1, a2 + b1 + c0)


_ORDERS: dict = suit_memo()     # the three suits' kinds held per class -> the six straights, fewest missing first
_last: tuple = (None, None)             # the counts last read by knitted_missing, and its answer


def knitted_missing(counts) -> tuple:
    """(the tiles of a knitted straight not held, its classes taken in m, p and s) for each of
    the six, fewest missing first: memoised per the suits' kinds held per class (coarse, so
    they recur across hands). The engine asks honours-and-knitted and this shape (its bound,
    then its shanten) of the same counts one after the other, so the last answer is kept too
    (as one tuple, swapped whole, so threads never see half of another's)."""
    global _last
    last = _last
    if counts is last[0]:
        return last[1]
    m, p, s, _ = hand_suits(counts)
    known = _HELD.get
    key = (known(m) or class_held(m), known(p) or class_held(p), known(s) or class_held(s))
    got = _ORDERS.get(key)
    if got is None:
        (a0, a1, a2), (b0, b1, b2), (c0, c1, c2) = key
        got = remember(_ORDERS, key, tuple(sorted([
            (9 - a0 - b1 - c2, (0, 1, 2)), (9 - a0 - b2 - c1, (0, 2, 1)), (9 - a1 - b0 - c2, (1, 0, 2)),
            (9 - a1 - b2 - c0, (1, 2, 0)), (9 - a2 - b0 - c1, (2, 0, 1)), (9 - a2 - b1 - c0, (2, 1, 0))])))
    if type(counts) is tuple:           # a list may change in place: not kept
        _last = (counts, got)
    return got


def shanten_bound(inp: ShapeInput) -> int:
    """``WinShape.shanten_bound``: the fewest knitted tiles missing, less one (the rest can at
    best be complete), less the wilds (each fills one missing tile at best)."""
    if inp.sets_needed < 3 or len(inp.meld_groups) > 1:
        return NEVER
    return 8 - most_knitted(inp.counts) - inp.wilds


def _bodies(inp: ShapeInput, every: bool = False):
    """For each knitted straight, best first: (its tiles not held plus the standard shanten of
    the rest as one set (none with a meld) and a pair, its tiles not held, its classes); None
    when the hand can never take the shape. A straight missing ``k`` tiles is at best
    ``k − 1`` (its rest complete), so unless ``every`` is asked for, those that cannot equal
    the best found are not read (those that tie give useful tiles too)."""
    need = inp.sets_needed - 3
    if need < 0 or len(inp.meld_groups) > 1:
        return None
    counts = inp.counts
    chows = inp.chows
    out = []
    best = NEVER
    for missing, classes in knitted_missing(counts):
        if missing - 1 > best and not every:
            break
        value = STRAIGHTS[classes].shanten(counts, need, chows)
        out.append((value, missing, classes))
        if value < best:
            best = value
    out.sort()
    return out


def shanten(inp: ShapeInput) -> int | None:
    """``WinShape.shanten``: for each knitted straight, its tiles not held plus the standard
    shanten of the rest (the held ones taken out) as one set (none with a meld) and a pair;
    the best of the six; with wilds, that of the natural tiles less the wilds (wild_budget.py)."""
    global _last_bodies
    bodies = _bodies(inp)
    _last_bodies = (inp, bodies)        # for shanten_useful, asked next of the same input
    return NEVER if bodies is None else less_wilds(bodies[0][0], inp.wilds)


_last_bodies: tuple = (None, None)      # the input last read by shanten, and its bodies


def shanten_draws(inp: ShapeInput) -> list[int] | None:
    """``WinShape.shanten_draws``: the best of the knitted straights' own (``Body.shanten_draws``:
    a drawn tile a straight lacks fills it, any other joins the rest). Knitted straights whose
    shanten is already two above every draw's best are not read. With wilds: the natural
    tiles' less the wilds."""
    bodies = _bodies(inp, every=True)
    if bodies is None:
        return [NEVER] * 34
    counts = inp.counts
    chows = inp.chows
    need = inp.sets_needed - 3
    # a fifth copy is never drawn: held at −99 while the straights are read, so that ``top``
    # (the worst answer so far, past which no straight can lower any draw) skips it
    out = [-99 if c >= 4 else NEVER for c in counts]
    top = NEVER
    for value, _missing, classes in bodies:
        if value - 1 >= top:
            break
        out = list(map(min, out, STRAIGHTS[classes].shanten_draws(counts, need, chows)))
        top = max(out)
    if 4 in counts:
        for t in range(34):
            if counts[t] >= 4:
                out[t] = NEVER
    return draws_less_wilds(out, inp.wilds)


def shanten_useful(inp: ShapeInput) -> int | None:
    """``WinShape.shanten_useful``: the draws that lower a knitted straight at the shape's
    shanten (``Body.useful``: the tiles it lacks, and those that bring the rest beside it
    nearer). With wilds: None."""
    if inp.wilds:
        return None
    last = _last_bodies
    bodies = last[1] if inp is last[0] else _bodies(inp)
    if bodies is None:
        return 0
    here = bodies[0][0]
    counts = inp.counts
    chows = inp.chows
    need = inp.sets_needed - 3
    out = 0
    for value, _missing, classes in bodies:
        if value > here:
            break
        out |= STRAIGHTS[classes].useful(counts, need, chows)
    return out


# ---------------------------------------------------------------- its fans

def special(ctx):
    """组合龙."""
    return {"knitted_straight": 1}


def pungs(ctx):
    """A fourth set that is a pung or kong: 箭刻, 圈风刻/门风刻, else 幺九刻 of a terminal or wind."""
    g = facts(ctx).fourth
    if g is None or g.kind == "chow":
        return _EMPTY
    t = g.tile
    if t in DRAGON:
        return {"dragon_pung": 1}
    out = {}
    if t in WIND:
        s = ctx.situation
        wind_fans((t,), 27 + s.round_wind, 27 + s.seat_wind, out)
        if not out:
            out["pung_of_terminals_or_honors"] = 1
    elif t in TERMINAL:
        out["pung_of_terminals_or_honors"] = 1
    return out


def concealment(ctx):
    """A fourth set that is a kong: 明杠 or 暗杠."""
    g = facts(ctx).fourth
    if g is not None and g.kind == "kong":
        return {"concealed_kong" if ctx.situation.melds[g.meld].concealed else "melded_kong": 1}
    return _EMPTY


def win(ctx) -> dict:
    """门前清 (and 不求人 on a self-draw) unless the fourth set is a claimed meld; 自摸 on a
    self-draw (a new dict: the family check adds the situational fans)."""
    out = {}
    self_drawn = ctx.situation.self_drawn
    g = facts(ctx).fourth
    if g is None or g.meld < 0 or ctx.situation.melds[g.meld].concealed:
        out["concealed_hand"] = 1
        if self_drawn:
            out["fully_concealed_hand"] = 1     # with 门前清 and 自摸, which its YAML excludes
    if self_drawn:
        out["self_drawn"] = 1
    return out


def tiles(ctx):
    """平和 (a chow and a number pair), 五门齐 (a wind set and a dragon pair, or the reverse),
    无字, and 四归一 of the fourth set's or the pair's kind."""
    counts = ctx.counts
    out: dict = {}
    f = facts(ctx)
    g = f.fourth
    pair = f.pair
    if g.kind == "chow":
        if pair < 27:
            out["all_chows"] = 1
        if counts[pair] == 4:
            out["tile_hog"] = 1
    else:
        t = g.tile
        if t in WIND:
            if pair in DRAGON:
                out["all_types"] = 1
        elif t in DRAGON:
            if pair in WIND:
                out["all_types"] = 1
        else:
            if pair < 27:
                out["no_honors"] = 1
            if g.kind != "kong" and counts[t] == 4:
                out["tile_hog"] = 1
    return out


def waits(ctx, w):
    """边张/嵌张/单钓将 of the fourth set and the pair, when the four tiles beside the knitted body
    had ``w`` as their only wait (the calculator's search); a winning tile of the body counts
    only as the option says."""
    f = facts(ctx)
    body = set()
    for lo in f.knitted:
        body.update((lo, lo + 3, lo + 6))
    in_body = w in body
    if not in_body or ctx.options["knitted_straight_body_waits"]:
        if not ctx.situation.melds:
            rest = list(ctx.counts)
            for t in body:
                rest[t] -= 1
            if not remainder_unique(rest, w):
                return _EMPTY
            g = f.fourth
            if g.kind == "chow":
                if w == g.tile + 1:
                    return {"closed_wait": 1}
                if w == g.tile or w == g.tile + 2:
                    return {"edge_wait": 1}
            if f.pair == w:
                return {"single_wait": 1}
            return _EMPTY
        if not in_body:
            return {"single_wait": 1}
        if standing(ctx).count(w) + 1 == 3:
            return {"single_wait": 1}
    return _EMPTY


# ---------------------------------------------------------------- the calculator's wait search

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


def remainder_unique(rest_counts, win_tile) -> bool:
    """Is the win tile the only wait of the 4 tiles left beside the knitted body?"""
    table = list(rest_counts)
    table[win_tile] = (table[win_tile] - 1) % 65536
    out: set = set()
    _reference_waiting(table, 4, 0, out)
    return len(out) == 1


AWARDS = {"special": {"knitted_straight": "special"}}
# fans a knitted-straight reading earns beside it, and the function here that decides each
ALSO_AWARDS = {"dragon_pung": "pungs", "prevalent_wind": "pungs", "seat_wind": "pungs",
               "pung_of_terminals_or_honors": "pungs", "concealed_kong": "concealment",
               "melded_kong": "concealment", "fully_concealed_hand": "win", "concealed_hand": "win",
               "self_drawn": "win", "all_chows": "tiles", "all_types": "tiles", "no_honors": "tiles",
               "tile_hog": "tiles", "closed_wait": "waits", "edge_wait": "waits", "single_wait": "waits"}
