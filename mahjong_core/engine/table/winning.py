"""Wins at the table and what follows them (``PlayRules.after_win``, docs/table.md "After a win").

Several seats may win one discard or rob one added kong where the flow allows it (一炮多响,
``one_winner`` false): each gets a ``win`` event, nearest in turn order from the discarder
first; the tile joins the first winner's hand only. Then the hand ends (``end``), or the
winners leave play and the others go on until one is left (``leave``, 血战到底), or the winners
set the winning tile aside and play on with their hands fixed (``stay``, 血流成河). Play goes on
with the seat after the last winner (skipping seats out of play). When the wall runs out the
``end`` event lists the hands still in play where the flow shows them (查花猪 / 查大叫).
"""
from __future__ import annotations

from .. import tiles as T
from .. import waits as W
from ..hand import Meld
from . import flow, situation
from .state import OVER, TableState


def playing(state: TableState, seats: int) -> list[int]:
    """The seats still in play (a 血战 winner has left)."""
    return [s for s in range(seats) if s not in state.out]


def next_in_play(table, seat: int) -> int:
    """The seat in play after ``seat`` in turn order."""
    n = table.rules.seats
    seat = (seat + 1) % n
    while seat in table.state.out:
        seat = (seat + 1) % n
    return seat


def fixed(table, seat: int) -> bool:
    """Has ``seat`` won and played on (``stay``): its hand may only win again, let its drawn
    tile go, or declare a kong that keeps its waits (``kong_keeps_waits``); it claims no other meld."""
    return table.rules.after_win == "stay" and seat in table.state.winners


def kong_keeps_waits(table, seat: int, kind: int, kong: str) -> bool:
    """血流: a seat playing on with its hand fixed may declare a kong of ``kind`` (``kong``: an
    action type) only when its waits after the kong are the waits it won with — the hand before
    the drawn tile (a concealed or added kong) or as it stands (an exposed kong of a discard)."""
    st = table.state
    me = st.seats[seat]
    held = list(me.tiles())
    if st.drawn is not None and kong != "exposed_kong":
        held.remove(st.drawn)
    before = W.waits(table.ruleset, tuple(held), situation.melds(st, seat), st.wilds)
    after_held = list(me.tiles())
    melds = list(situation.melds(st, seat))
    if kong == "added_kong":
        after_held.remove(kind)
        melds = [Meld("kong", m.tile, False) if m.kind == "pung" and m.tile == kind else m for m in melds]
    else:
        for _ in range(4 if kong == "concealed_kong" else 3):
            after_held.remove(kind)
        melds.append(Meld("kong", kind, kong == "concealed_kong"))
    return bool(before) and W.waits(table.ruleset, tuple(after_held), tuple(melds), st.wilds) == before


def win(table, winners: list[int], tile: int, source: int | None, robbing: bool = False,
        pool: list | None = None) -> None:
    """``winners`` win on ``tile`` (``source`` None: self-drawn), each situation with the flow's
    ``extras`` (``win_extras``), then the hand goes on or ends;
    ``pool``: the discarder's, whose last tile (the one won on) leaves it once every situation
    is written (they count it among the tiles in sight)."""
    built = [situation.with_extras(situation.build(table.state, seat, tile, self_drawn=source is None,
                                                   robbing=robbing), flow.extras_of(table, seat))
             for seat in winners]           # co-winners see the table as it was before any of them won
    for i, (seat, s) in enumerate(zip(winners, built)):
        _win(table, seat, s, tile, source, take=i == 0)
    if pool is not None:
        pool.pop()
    after(table, winners[-1])


def _win(table, seat: int, s: dict, tile: int, source: int | None, take: bool) -> None:
    st = table.state
    event = {"type": "win", "seat": seat}
    if source is not None:
        event["from"] = source
    event["situation"] = s
    st.events.append(event)
    st.winners.append(seat)
    me = st.seats[seat]
    if source is not None and take:
        me.counts[tile] += 1        # the claimed or robbed tile joins the (first) winner's hand
    mode = table.rules.after_win
    if mode == "stay":
        if source is None or take:
            me.counts[tile] -= 1    # set aside face up: the hand plays on with its tiles before the win
            me.won.append(tile)
        return
    me.holds_win = source is None or take
    if mode == "leave":
        st.out.append(seat)


def after(table, last: int) -> None:
    """After a win whose last winner is ``last``: end the hand, or the next seat in play draws."""
    st, n = table.state, table.rules.seats
    if table.rules.after_win == "end" or len(playing(st, n)) <= 1:
        end(table, exhausted=False)
        return
    st.kong_chain, st.discard_after_kong = 0, False
    table._draw(next_in_play(table, last), tail=False)


def end(table, exhausted: bool) -> None:
    """The hand is over: the wall ran out (``exhausted``: an ``end`` event, with the hands still
    in play where ``show_hands``), or a win ended it; then the flow's end step."""
    st = table.state
    st.phase, st.window, st.drawn = OVER, None, None
    if exhausted:
        event: dict = {"type": "end"}
        if table.rules.show_hands:
            event["hands"] = {str(s): hand_shown(st, s) for s in playing(st, table.rules.seats)}
        st.events.append(event)
    flow.run(table, "end")


def hand_shown(state: TableState, seat: int) -> dict:
    """A seat's hand as the ``end`` event shows it: concealed tiles and melds."""
    me = state.seats[seat]
    out: dict = {"hand": T.format_tiles(me.tiles())}
    if me.melds:
        out["melds"] = [m.to_dict(seat, len(state.seats)) for m in me.melds]
    return out
