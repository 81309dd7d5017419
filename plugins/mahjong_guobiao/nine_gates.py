"""九莲宝灯 (nine gates): 1112345678999 of one suit, concealed, won on the ninth-sided wait.

Everything the shape decides lives here: which hands are read as it (``readings``, registered
as the ``nine_gates`` win shape), the fan itself (``special``) and what its extra tile adds
beside it — a straight or short straight in the suit, the terminal pung and concealed pungs of a
2/5/8 win, the fourth copy of a 1 or 9 — which the family checks (standard.py) ask of it.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Iterable

from mahjong_core.plugin import NEVER, Decomposition, ShapeInput, hand_suits, remember, suit_memo

from .wild_budget import draws_less_wilds, less_wilds

_EMPTY: dict = {}
_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


# ---------------------------------------------------------------- the shape

def _is_wild_win(inp: ShapeInput) -> bool:
    """Was the winning tile one of the wilds? (Its kind has no natural copy among the counts,
    which hold the wild kinds' tiles as the wild budget instead.)"""
    return inp.counts[inp.win_tile] == 0


def _readings_wild(inp: ShapeInput, wild_win: bool) -> Iterable[Decomposition]:
    """With wilds: the tiles of one suit plus the wilds make 1112345678999 + x, and the winning
    tile is x — a natural winning tile of rank x, or a wild standing for it."""
    counts = inp.counts
    for base in (0, 9, 18):
        suit = counts[base:base + 9]
        if sum(suit) + inp.wilds == 14 and sum(suit) == sum(counts):
            break
    else:
        return
    for x in range(9):
        target = list(_GATES)
        target[x] += 1
        missing = [target[r] - suit[r] for r in range(9)]
        if min(missing) < 0 or sum(missing) != inp.wilds:
            continue
        if wild_win:
            if not missing[x]:
                continue                # the drawn wild must stand for the extra tile
        elif inp.win_tile != base + x:
            continue
        wild_as = tuple(base + r for r in range(9) for _ in range(missing[r]))
        tiles = tuple(base + r for r in range(9) for _ in range(target[r]))
        yield Decomposition("nine_gates", (), tiles, wild_as)


def readings(inp: ShapeInput) -> Iterable[Decomposition]:
    """1112345678999 of one suit, concealed, plus any tile of that suit (the win tile is the
    extra one: the pre-win hand must be the nine-sided shape)."""
    if inp.meld_groups:
        return
    if inp.wilds:
        if inp.win_tile is not None:
            yield from _readings_wild(inp, _is_wild_win(inp))
        return
    counts = inp.counts
    for base in (0, 9, 18):
        suit = counts[base:base + 9]
        if sum(suit) == 14:
            break
    else:
        return
    if suit[0] < 3 or suit[8] < 3 or any(c == 0 for c in suit):
        return
    win = inp.win_tile
    if win is not None:
        before = list(suit)
        if not base <= win < base + 9:
            return
        before[win - base] -= 1
        if before != [3, 1, 1, 1, 1, 1, 1, 1, 3]:
            return                    # 准九莲: the tiles are there, the nine-sided wait was not
    yield Decomposition("nine_gates", (), inp.natural_tiles, ())


def shape_waits(inp: ShapeInput) -> list[int] | None:
    """The nine-sided wait: a suit holding exactly 1112345678999 waits on all nine of its kinds
    (a 准九莲 pre-win hand such as 1112345678899 never completes the shape, as ``readings``
    asks the pre-win suit to be the gates). With wilds: None (searched)."""
    if inp.wilds:
        return None
    if inp.meld_groups:
        return []
    counts = inp.counts
    for base in (0, 9, 18):
        suit = counts[base:base + 9]
        if suit == _GATES:
            return [t for t in range(base, base + 9) if t in inp.kinds]
        if sum(suit) == 14:
            return []        # ``readings`` reads only the first suit of 14 tiles
    return []


def shanten(inp: ShapeInput) -> int | None:
    """``WinShape.shanten``: 13 − the tiles of 1112345678999 held in the best suit, one fewer
    when all 14 tiles are of that suit around the gates (complete). Never below the standard
    shape's (a nine-gates hand is a standard one), so it only keeps the shape's own answer
    honest. With wilds: the natural tiles' less the wilds (wild_budget.py), as honest."""
    if inp.meld_groups or inp.sets_needed != 4:
        return NEVER
    known = _GATES_SHANTEN.get
    m, p, s, _ = hand_suits(inp.counts)
    return less_wilds(min(known(m) or _gates_of(m), known(p) or _gates_of(p), known(s) or _gates_of(s)), inp.wilds)


def shanten_bound(inp: ShapeInput) -> int:
    """``WinShape.shanten_bound``: a suit holds at most its own tiles of the gates, so 12 − the
    tiles of the fullest suit (one fewer when those 13 are with their fourteenth), less the
    wilds (each one more tile of that suit at best)."""
    if inp.meld_groups or inp.sets_needed != 4:
        return NEVER
    m, p, s, _ = hand_suits(inp.counts)
    return 12 - max(m.size, p.size, s.size) - inp.wilds


def shanten_draws(inp: ShapeInput) -> list[int] | None:
    """``WinShape.shanten_draws``: a drawn tile changes one suit's answer (memoised per suit;
    with wilds, less the wilds)."""
    if inp.meld_groups or inp.sets_needed != 4:
        return [NEVER] * 34
    counts = inp.counts
    suits = [counts[0:9], counts[9:18], counts[18:27]]
    here = [_gates_shanten(suit) for suit in suits]
    out = [min(here)] * 34
    for i, suit in enumerate(suits):
        others = min(here[:i] + here[i + 1:])
        for o, after in enumerate(_gates_draws(suit)):
            out[9 * i + o] = min(others, after)
    if 4 in counts:                     # a fifth copy is never drawn
        for t in range(34):
            if counts[t] >= 4:
                out[t] = NEVER
    return draws_less_wilds(out, inp.wilds)


_GATES_SHANTEN: dict = suit_memo()      # one suit's record -> its nine-gates shanten (never 0: see below)


@lru_cache(maxsize=1 << 16)
def _gates_shanten(suit: tuple) -> int:
    """One suit's nine-gates shanten (memoised: suits recur across hands and draws)."""
    held = sum(min(c, g) for c, g in zip(suit, _GATES))
    return 13 - held - (held == 13 and sum(suit) == 14)


def _gates_of(suit) -> int:
    """One suit's nine-gates shanten by its ``suits.Suit`` record, memoised in a dict read
    inline; an answer of 0 is not kept, so a found one is never falsy."""
    got = _gates_shanten(suit.key)
    if got:
        remember(_GATES_SHANTEN, suit, got)
    return got


@lru_cache(maxsize=1 << 16)
def _gates_draws(suit: tuple) -> tuple:
    """One suit's nine-gates shanten after drawing each of its kinds."""
    out = []
    for o in range(9):
        more = list(suit)
        more[o] += 1
        out.append(_gates_shanten(tuple(more)))
    return tuple(out)


# ---------------------------------------------------------------- its fans

def rank(ctx) -> int:
    """Rank of the extra tile over 1112345678999 in a nine-gates reading (the shape has already
    checked that the winning tile is that extra tile, wilds resolved), else 0."""
    def compute():
        tiles = ctx.decomposition.tiles
        if ctx.decomposition.shape != "nine_gates" or not tiles:
            return 0
        base = tiles[0] - tiles[0] % 9
        counts = [0] * 9
        for t in tiles:
            counts[t - base] += 1
        for r, (have, need) in enumerate(zip(counts, _GATES)):
            if have > need:
                return r + 1
        return 0
    return ctx.memoised("gb.nine_gates", compute)


def special(ctx):
    """九莲宝灯."""
    return {"nine_gates": 1} if rank(ctx) else _EMPTY


def chows(ctx):
    """The extra tile makes 123 456 789 (清龙, a 1 or 9) or two chows three apart (连六)."""
    r = rank(ctx)
    if r in (1, 9):
        return {"pure_straight": 1}
    if r in (2, 3, 4, 6, 7, 8):
        return {"short_straight": 1}
    return _EMPTY


def pungs(ctx):
    """Won on a 2, 5 or 8, the two terminal pungs stand: 幺九刻 as the option counts them."""
    n = ctx.options["nine_gates_pung_of_terminals"]
    if rank(ctx) in (2, 5, 8) and n:
        return {"pung_of_terminals_or_honors": n}
    return _EMPTY


def concealment(ctx):
    """Won on a 2, 5 or 8: the two terminal pungs are concealed (双暗刻)."""
    return {"two_concealed_pungs": 1} if rank(ctx) in (2, 5, 8) else _EMPTY


def tiles(ctx):
    """Won on a 1 or 9: the fourth copy (四归一)."""
    return {"tile_hog": 1} if rank(ctx) in (1, 9) else {}


AWARDS = {"special": {"nine_gates": "special"}}
# fans a nine-gates reading earns beside it, and the function here that decides each
ALSO_AWARDS = {"pure_straight": "chows", "short_straight": "chows", "pung_of_terminals_or_honors": "pungs",
               "two_concealed_pungs": "concealment", "tile_hog": "tiles"}
