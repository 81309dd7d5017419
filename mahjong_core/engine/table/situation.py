"""The winning situation of a seat at the table (docs/formats.md "Situation"), and whether the
ruleset lets that seat declare the win: ``ruleset.score`` accepts it, the minimum included."""
from __future__ import annotations

from .. import tiles as T
from .. import waits as W
from ..errors import MahjongError
from ..hand import Meld
from .state import TableState


def visible(state: TableState, kind: int) -> int:
    """Copies of ``kind`` face up: in the discard pools, in melds (concealed kongs are face down)
    and among the tiles a flow turned up (an indicator)."""
    n = state.turned.count(kind)
    for seat in state.seats:
        n += seat.pool.count(kind)
        n += sum(m.tiles.count(kind) for m in seat.melds if not m.concealed)
    return n


def build(state: TableState, seat: int, tile: int, *, self_drawn: bool, robbing: bool = False) -> dict:
    """The situation of ``seat`` winning on ``tile``: its concealed tiles without it, its melds,
    the winds, flowers and every flag the table knows (only those that hold are written)."""
    me = state.seats[seat]
    hand = me.tiles()
    if self_drawn:
        hand.remove(tile)
    seats = len(state.seats)
    deal = state.deal
    s: dict = {"hand": T.format_tiles(hand), "win_tile": T.name(tile)}
    if me.melds:
        s["melds"] = [m.to_dict(seat, seats) for m in me.melds]
    s["self_drawn"] = self_drawn
    s["seat_wind"] = T.WIND_LETTERS[(seat - deal.dealer) % seats % 4]
    s["round_wind"] = T.WIND_LETTERS[deal.round_wind]
    s["dealer"] = seat == deal.dealer
    if me.bonus:
        s["flowers"] = T.format_tiles(me.bonus)
    if state.wilds:
        s["wilds"] = T.format_tiles(state.wilds)
    if seat in state.voids:
        s["void_suit"] = state.voids[seat]
    last = state.wall.left == 0
    if self_drawn:
        if state.kong_chain and state.from_tail:
            s["after_kong"] = state.kong_chain
        elif state.bloom_draw:
            s["after_kong"] = 1
        if last:            # a kong's replacement may be the wall's last tile: both (杠上开花 and 妙手回春)
            s["last_tile"] = True
    elif robbing:
        s["robbing_kong"] = True
    else:
        if last:
            s["last_tile"] = True
        if state.discard_after_kong:
            s["discard_after_kong"] = True
    if visible(state, tile) - (0 if self_drawn or robbing else 1) == 3:
        s["fourth_tile"] = True
    if not state.melded and not state.winners and me.discarded == 0:      # a win, like a meld, ends the first go-around
        s["first_turn"] = True
    return s


def melds(state: TableState, seat: int) -> tuple[Meld, ...]:
    return tuple(Meld(m.kind, m.tile, m.concealed) for m in state.seats[seat].melds)


def waits(ruleset, state: TableState, seat: int, cache: dict) -> tuple[int, ...]:
    """The kinds completing ``seat``'s 3n+1 concealed tiles and melds (cached per hand)."""
    me = state.seats[seat]
    key = (bytes(me.counts), tuple((m.kind, m.tile) for m in me.melds) if me.melds else ())
    got = cache.get(key)
    if got is None:
        got = cache[key] = W.waits_of_counts(ruleset, me.counts[:T.NUM_KINDS], melds(state, seat), state.wilds)
    return got


def with_extras(s: dict, extras) -> dict:
    """The situation ``s`` with the flow's ``extras`` for its winner (``extras``: a callable giving
    them, or None), as the table writes it: a flow's extras may decide whether the win is legal
    (Guangdong's ``before_first_discard``)."""
    got = extras() if extras is not None else None
    if got:
        s["extras"] = {**s.get("extras", {}), **got}
    return s


def may_win(ruleset, state: TableState, seat: int, tile: int, cache: dict, *, self_drawn: bool,
            robbing: bool = False, extras=None) -> bool:
    """Would the ruleset score this win, its minimum and ways of winning included (``extras``: the
    flow's, a callable)?"""
    me = state.seats[seat]
    if self_drawn:
        me.counts[tile] -= 1
        try:
            ready = tile in waits(ruleset, state, seat, cache)
        finally:
            me.counts[tile] += 1
    else:
        ready = tile in waits(ruleset, state, seat, cache)
    if not ready:
        return False
    try:
        ruleset.score(with_extras(build(state, seat, tile, self_drawn=self_drawn, robbing=robbing), extras))
    except MahjongError:
        return False
    return True


def why_not(ruleset, state: TableState, seat: int, tile: int, *, self_drawn: bool, robbing: bool = False,
            extras=None) -> str:
    """The ruleset's reason a win would be refused (not winning, below the minimum, …)."""
    try:
        ruleset.score(with_extras(build(state, seat, tile, self_drawn=self_drawn, robbing=robbing), extras))
    except MahjongError as e:
        return f"{e.code}: {e.message}"
    return "the win is not allowed here"
