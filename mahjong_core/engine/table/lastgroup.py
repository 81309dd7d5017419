"""The last group (option ``last_group``, Fuzhou's last four): once no more than that many tiles
may be drawn, each seat in turn draws one, with no bonus replacement and no discard. A drawn
tile that completes the seat's hand wins at once, self-drawn; any other tile is laid face up in
front of the seat (its pool: nobody may claim it), a bonus tile among its bonus tiles. When the
group is drawn out and nobody won, the hand is drawn (docs/table.md "The last group"). A kong
before it must leave the group whole: its replacement and the tiles it holds back come from
beyond the group (``short``)."""
from __future__ import annotations

from . import actions as A
from . import flow, situation, winning
from .state import TURN, TableMeld


def active(table) -> bool:
    """Is the next draw from the front one of the last group?"""
    n = table.rules.last_group
    return n > 0 and 0 < table.state.wall.left <= n


def short(table, seat: int, kind: str, tile: int) -> int:
    """How many tiles short of a whole last group a kong (``kind``: an action kind) would leave:
    after it, its replacement drawn and the reserve grown by what the kong holds back, at least
    ``last_group`` tiles must be left to draw. 0: it fits (or there is no last group)."""
    n = table.rules.last_group
    if not n:
        return 0
    return max(0, n - (table.state.wall.left - 1 - held_back(table, seat, kind, tile)))


def held_back(table, seat: int, kind: str, tile: int) -> int:
    """The tiles a kong would add to the flow's reserve: the reserve with the kong standing (the
    meld made for the question, then undone) less the reserve now."""
    st = table.state
    if table.flow is None or table.flow.reserve is None:
        return 0
    melds = st.seats[seat].melds
    pung = next((m for m in melds if m.kind == "pung" and m.tile == tile), None) if kind == A.ADDED_KONG else None
    if pung is not None:
        pung.kind = "kong"
    else:
        melds.append(TableMeld("kong", tile, concealed=kind == A.CONCEALED_KONG))
    try:
        return flow.reserve_now(table) - st.wall.reserve
    finally:
        if pung is not None:
            pung.kind = "pung"
        else:
            melds.pop()


def draw(table, seat: int) -> None:
    """``seat`` draws one tile of the last group: a win at once, or the next seat draws."""
    st = table.state
    me = st.seats[seat]
    tile = st.wall.draw()
    if tile in table.ruleset.table.bonus:
        me.bonus.append(tile)
        flow.update_reserve(table)
    else:
        me.counts[tile] += 1
        st.phase, st.turn, st.drawn, st.from_tail, st.claimed, st.window = TURN, seat, tile, False, False, None
        st.kong_chain = 0
        if situation.may_win(table.ruleset, st, seat, tile, table._waits, self_drawn=True,
                             extras=flow.extras_of(table, seat)) and \
                not flow.barred(table, seat, True):
            winning.win(table, [seat], tile, None)
            return
        me.counts[tile] -= 1
        me.pool.append(tile)
    st.drawn = None
    table._draw(winning.next_in_play(table, seat), tail=False)
