"""The fixed action space and the observation planes of the learning environment
(docs/rl.md): the table's named actions as numbers 0 … N − 1 and back, the legal-action mask,
and an observation as planes over the 34 tile kinds. Pure data: no learning library imported.

The space is a list of segments, one per action type: a discard, a concealed or an added kong per
kind; a chow by where the claimed tile sits in it (lowest, middle, highest); pung, exposed kong,
win and pass one number each; then the opening steps' choices, numbered by what a choice names
(three tiles of one suit: 换三张; a suit: 定缺; ``take`` and ``pass`` share win's and pass's
numbers: 抢金), so the space is fixed without knowing any family. The same number means the same
thing in every family.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations_with_replacement

from .. import tiles as T
from ..errors import MahjongError
from . import actions as A

KINDS = T.NUM_KINDS
THREES = tuple(combinations_with_replacement(range(9), 3))    # three kinds of one suit, as ranks 0–8
THREE_INDEX = {ranks: i for i, ranks in enumerate(THREES)}
SUITS = "mps"
THREE, SUIT = "three_of_a_suit", "suit"                        # the opening choices' segments
WORDS = {"take": A.WIN, "pass": A.PASS}                        # a word choice shares an action's number


@dataclass(frozen=True, slots=True)
class Segment:
    """Numbers ``start`` … ``start + size − 1`` stand for actions of type ``kind``."""

    kind: str
    start: int
    size: int


def _segments() -> tuple[Segment, ...]:
    out, start = [], 0
    for kind, size in ((A.DISCARD, KINDS), (A.CONCEALED_KONG, KINDS), (A.ADDED_KONG, KINDS), (A.CHOW, 3),
                       (A.PUNG, 1), (A.EXPOSED_KONG, 1), (A.WIN, 1), (A.PASS, 1),
                       (THREE, 3 * len(THREES)), (SUIT, len(SUITS))):
        out.append(Segment(kind, start, size))
        start += size
    return tuple(out)


SEGMENTS = _segments()
BY_KIND = {s.kind: s for s in SEGMENTS}
SIZE = SEGMENTS[-1].start + SEGMENTS[-1].size


def encode(action: A.Action, window_tile: int | None) -> int:
    """The number of a legal action; ``window_tile``: the tile a claim window is open on."""
    if action.choice is not None:
        return _encode_choice(action)
    seg = BY_KIND.get(action.kind)
    if seg is None:
        raise ValueError(f"the action space has no number for a '{action.kind}' action")
    if action.kind == A.CHOW:
        return seg.start + (window_tile - action.tile)
    if seg.size == KINDS:
        return seg.start + action.tile
    return seg.start


def _encode_choice(action: A.Action) -> int:
    """An opening step's choice by what it names; ValueError for a choice of another shape."""
    choice = action.choice
    if choice in WORDS:
        return BY_KIND[WORDS[choice]].start
    if choice in SUITS:
        return BY_KIND[SUIT].start + SUITS.index(choice)
    try:
        kinds = sorted(T.parse_tiles(choice))
    except MahjongError:
        kinds = []
    if len(kinds) == 3 and kinds[2] < 27 and kinds[0] // 9 == kinds[2] // 9:
        suit = kinds[0] // 9
        return BY_KIND[THREE].start + suit * len(THREES) + THREE_INDEX[tuple(k % 9 for k in kinds)]
    raise ValueError(f"the action space has no number for the {action.kind} choice '{choice}' "
                     "(it numbers three tiles of one suit, a suit, take and pass)")


def decode(number: int, seat: int, window_tile: int | None, opening: str | None = None) -> A.Action | None:
    """The action a number stands for at this moment, or None when it names nothing now (a chow
    or a claim with no window open, a chow reaching outside its suit, a choice outside an opening
    step). ``opening``: the kind of the opening step being chosen, when one is."""
    if not 0 <= number < SIZE:
        raise ValueError(f"an action is a number 0 … {SIZE - 1}, got {number}")
    seg = next(s for s in SEGMENTS if s.start <= number < s.start + s.size)
    offset = number - seg.start
    if opening is not None and seg.kind in (THREE, SUIT, A.WIN, A.PASS):
        return A.Action(opening, seat, None, _choice(seg.kind, offset))
    if seg.kind in (THREE, SUIT):
        return None
    if seg.size == KINDS:
        return A.Action(seg.kind, seat, offset)
    if seg.kind == A.CHOW:
        if window_tile is None or window_tile >= 27:
            return None
        low = window_tile - offset
        if low < 0 or low // 9 != window_tile // 9 or low % 9 > 6:
            return None
        return A.Action(A.CHOW, seat, low)
    if seg.kind == A.EXPOSED_KONG:
        return None if window_tile is None else A.Action(A.EXPOSED_KONG, seat, window_tile)
    return A.Action(seg.kind, seat)


def _choice(segment: str, offset: int) -> str:
    if segment == SUIT:
        return SUITS[offset]
    if segment == THREE:
        suit, ranks = divmod(offset, len(THREES))
        return T.format_tiles([suit * 9 + r for r in THREES[ranks]])
    return next(word for word, kind in WORDS.items() if kind == segment)


def mask(legal, window_tile: int | None) -> list[int]:
    out = [0] * SIZE
    for a in legal:
        out[encode(a, window_tile)] = 1
    return out


# ------------------------------------------------------------------ observation planes
PLANES = ("hand", "drawn", "pool_self", "pool_right", "pool_across", "pool_left",
          "melds_self", "melds_right", "melds_across", "melds_left", "wilds", "turned", "window", "scalars",
          "won")
PHASES = ("turn", "claim", "rob", "over")      # one-hot in scalars 8–11; the opening phase is column 22
HIGH = 144          # the largest number a plane holds (the tiles in a wall)


def planes(obs) -> list[list[int]]:
    """The observation of one seat as ``len(PLANES)`` rows of 34 numbers (docs/rl.md)."""
    rows = [[0] * KINDS for _ in PLANES]
    n = len(obs.seats)
    for t in obs.hand:
        rows[0][t] += 1
    if obs.drawn is not None:
        rows[1][obs.drawn] = 1
    for view in obs.seats:
        rel = (view.seat - obs.seat) % n
        for t in view.pool:
            rows[2 + rel][t] += 1
        for m in view.melds:
            for t in T.parse_tiles(m["tiles"]) if "tiles" in m else ():
                rows[6 + rel][t] += 1
    for t in obs.wilds:
        rows[10][t] = 1
    for t in obs.turned:
        if t < KINDS:
            rows[11][t] += 1
    if obs.tile is not None:
        rows[12][obs.tile] = 1
    s = rows[13]
    s[(obs.dealer - obs.seat) % n] = 1
    s[4 + obs.round_wind] = 1
    if obs.phase in PHASES:
        s[8 + PHASES.index(obs.phase)] = 1
    s[22] = obs.opening is not None
    for view in obs.seats:
        rel = (view.seat - obs.seat) % n
        s[12 + rel] = len(view.bonus)
        s[16 + rel] = view.concealed
    s[20] = (obs.turn - obs.seat) % n
    s[21] = obs.wall_left
    for seat, suit in enumerate(obs.voids):
        if suit is not None:
            s[23 + (seat - obs.seat) % n] = 1 + SUITS.index(suit)
    for seat in obs.out:
        s[27 + (seat - obs.seat) % n] = 1
    for view in obs.seats:
        for t in view.won:
            rows[14][t] += 1
    return rows
