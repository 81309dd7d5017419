"""What must hold after every action (docs/table.md "Invariants"): every tile in exactly one
place, each hand of the right size, the discarder's answers only where a window is open.
A violation is a bug of the table: ``InvariantError`` names the seed, the hand and the action."""
from __future__ import annotations

from .. import tiles as T
from ..errors import InvariantError
from .state import CLAIM, OPENING, OVER, ROB, TURN


def places(table) -> list[int]:
    """How many tiles of each kind lie somewhere now: the wall, hands, melds, bonus tiles, pools,
    winning tiles set aside (血流), the tiles a flow turned up, a tile in the air."""
    st = table.state
    got = list(map(sum, zip(st.wall.remaining_counts(), *(seat.counts for seat in st.seats))))
    for where in _loose(st):
        for t in where:
            got[t] += 1
    return got


def _loose(st):
    """Every place outside the wall and the hands' concealed counts, each a sequence of tiles."""
    yield st.turned
    for seat in st.seats:
        for m in seat.melds:
            yield m.tiles
        yield seat.bonus
        yield seat.pool
        yield seat.won
    if st.phase == ROB:
        yield (st.window.tile,)     # the added kong's tile, not yet the kong's or a robber's


def problems(table) -> list[str]:
    st, size = table.state, table.rules.hand_size
    out = []
    want = st.wall.counts()
    got = places(table)
    if got != want:
        out.extend(f"tile {T.name(t)} is in {got[t]} places, the tile set holds {want[t]}"
                   for t in range(T.NUM_TILES) if got[t] != want[t])
    for i, seat in enumerate(st.seats):
        if min(seat.counts) < 0:
            out.append(f"seat {i} holds a negative count")
        acting = st.phase == TURN and i == st.turn
        expected = size + (1 if acting or seat.holds_win else 0)     # an added kong's tile in the air leaves 13
        expected += st.extra.get(i, 0) + (1 if st.first_tile is not None and i == st.deal.dealer else 0)
        if seat.size != expected:
            out.append(f"seat {i} holds {seat.size} tiles (melds as three), expected {expected}")
    if st.winners and st.phase != OVER and table.rules.after_win == "end":
        out.append(f"seat(s) {st.winners} won but the hand goes on")
    if st.phase == TURN and st.turn in st.out:
        out.append(f"seat {st.turn} has left play but is to move")
    if st.phase == OPENING and (st.opening is None or not st.opening.waiting):
        out.append("an opening step with no seat left to choose")
    if st.phase in (CLAIM, ROB) and (st.window is None or not st.window.waiting):
        out.append(f"a {st.phase} window with no seat left to answer")
    if st.phase == CLAIM and st.seats[st.window.source].pool[-1:] != [st.window.tile]:
        out.append("the claimed discard is not the last in its discarder's pool")
    return out


def check(table) -> None:
    found = problems(table)
    if found:
        deal = table.state.deal
        at = len(table.state.actions)
        start = f"seed {deal.seed} hand {deal.hand}" if deal.tiles is None else "an explicit wall"
        raise InvariantError(f"table invariant broken ({start}, after action {at}): {'; '.join(found)}")
