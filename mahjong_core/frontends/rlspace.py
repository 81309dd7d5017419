"""The fixed action space and the observation planes of the learning environment
(docs/rl.md): the table's named actions as numbers 0 … N − 1 and back, the legal-action mask,
and an observation as planes over the 34 tile kinds. Pure data: no learning library imported.

The space is a list of segments, one per action type: a discard, a concealed or an added kong per
kind; a chow by where the claimed tile sits in it (lowest, middle, highest); pung, exposed kong,
win and pass one number each. The same number means the same thing in every family.
"""
from __future__ import annotations

from dataclasses import dataclass

from mahjong_core.engine import tiles as T
from mahjong_core.engine.table import actions as A

KINDS = T.NUM_KINDS


@dataclass(frozen=True, slots=True)
class Segment:
    """Numbers ``start`` … ``start + size − 1`` stand for actions of type ``kind``."""

    kind: str
    start: int
    size: int


def _segments() -> tuple[Segment, ...]:
    out, start = [], 0
    for kind, size in ((A.DISCARD, KINDS), (A.CONCEALED_KONG, KINDS), (A.ADDED_KONG, KINDS), (A.CHOW, 3),
                       (A.PUNG, 1), (A.EXPOSED_KONG, 1), (A.WIN, 1), (A.PASS, 1)):
        out.append(Segment(kind, start, size))
        start += size
    return tuple(out)


SEGMENTS = _segments()
BY_KIND = {s.kind: s for s in SEGMENTS}
SIZE = SEGMENTS[-1].start + SEGMENTS[-1].size


def encode(action: A.Action, window_tile: int | None) -> int:
    """The number of a legal action; ``window_tile``: the tile a claim window is open on."""
    seg = BY_KIND.get(action.kind)
    if seg is None:
        raise ValueError(f"the action space has no number for a '{action.kind}' action")
    if action.kind == A.CHOW:
        return seg.start + (window_tile - action.tile)
    if seg.size == KINDS:
        return seg.start + action.tile
    return seg.start


def decode(number: int, seat: int, window_tile: int | None) -> A.Action | None:
    """The action a number stands for at this moment, or None when it names nothing now (a chow
    or a claim with no window open, a chow reaching outside its suit)."""
    if not 0 <= number < SIZE:
        raise ValueError(f"an action is a number 0 … {SIZE - 1}, got {number}")
    seg = next(s for s in SEGMENTS if s.start <= number < s.start + s.size)
    offset = number - seg.start
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


def mask(legal, window_tile: int | None) -> list[int]:
    out = [0] * SIZE
    for a in legal:
        out[encode(a, window_tile)] = 1
    return out


# ------------------------------------------------------------------ observation planes
PLANES = ("hand", "drawn", "pool_self", "pool_right", "pool_across", "pool_left",
          "melds_self", "melds_right", "melds_across", "melds_left", "wilds", "turned", "window", "scalars")
PHASES = ("turn", "claim", "rob", "over")
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
    s[8 + PHASES.index(obs.phase)] = 1
    for view in obs.seats:
        rel = (view.seat - obs.seat) % n
        s[12 + rel] = len(view.bonus)
        s[16 + rel] = view.concealed
    s[20] = (obs.turn - obs.seat) % n
    s[21] = obs.wall_left
    return rows
