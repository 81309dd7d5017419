"""The last group (option ``last_group``, Fuzhou's last four): once no more than that many tiles
may be drawn, each seat in turn draws one, with no bonus replacement and no discard. A drawn
tile that completes the seat's hand wins at once, self-drawn; any other tile is laid face up in
front of the seat (its pool: nobody may claim it), a bonus tile among its bonus tiles. When the
group is drawn out and nobody won, the hand is drawn (docs/table.md "The last group")."""
from __future__ import annotations

from . import flow, situation, winning
from .state import TURN


def active(table) -> bool:
    """Is the next draw from the front one of the last group?"""
    n = table.rules.last_group
    return n > 0 and 0 < table.state.wall.left <= n


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
        if situation.may_win(table.ruleset, st, seat, tile, table._waits, self_drawn=True) and \
                not flow.barred(table, seat, True):
            winning.win(table, [seat], tile, None)
            return
        me.counts[tile] -= 1
        me.pool.append(tile)
    st.drawn = None
    table._draw(winning.next_in_play(table, seat), tail=False)
