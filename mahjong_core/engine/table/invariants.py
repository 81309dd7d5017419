"""What must hold after every action (docs/table.md "Invariants"): every tile in exactly one
place, each hand of the right size, the discarder's answers only where a window is open.
A violation is a bug of the table: ``InvariantError`` names the seed, the hand and the action.

The tile count runs after every action, so it is done on packed counts first: a place's count
of each kind as one byte of an integer (kind t at byte t), the places' integers added and
compared with the tile set's. Invariant that makes this exact: no kind's total reaches 256, so
no byte carries into the next: a hand's counts are bytes (0–255, a negative count fails to
pack), and while every hand has its right size (checked beside it: at most 18 tiles) the wall
holds at most 8 of a kind and the pools, melds and other places at most the whole tile set
(under 256). Any difference, or a count that does not pack, goes to ``places``, the per-kind
count, which names the kinds."""
from __future__ import annotations

from .. import tiles as T
from ..errors import InvariantError
from .state import CLAIM, OPENING, OVER, ROB, TURN


def _conserved(st) -> bool:
    """Do the places hold exactly the tile set? Packed counts (module docstring): the wall's
    remaining tiles, each hand, then one count of every tile outside them."""
    try:
        total = st.wall.remaining_packed()
        for seat in st.seats:
            total += int.from_bytes(bytes(seat.counts), "little")
    except ValueError:          # a negative count: the per-kind count says where
        return False
    loose = [0] * T.NUM_TILES
    for t in _loose_tiles(st):
        loose[t] += 1
    return total + int.from_bytes(bytes(loose), "little") == st.wall.packed()


def _loose_tiles(st) -> list[int]:
    """Every tile outside the wall and the hands' concealed counts: the tiles a flow turned up,
    melds, bonus tiles, pools, winning tiles set aside (血流), an added kong's tile in the air."""
    out = list(st.turned)
    for seat in st.seats:
        for m in seat.melds:
            out += m.tiles
        out += seat.bonus
        out += seat.pool
        out += seat.won
    if st.phase == ROB:
        out.append(st.window.tile)  # the added kong's tile, not yet the kong's or a robber's
    return out


def places(table) -> list[int]:
    """How many tiles of each kind lie somewhere now: the wall, hands, melds, bonus tiles, pools,
    winning tiles set aside (血流), the tiles a flow turned up, a tile in the air."""
    st = table.state
    got = list(map(sum, zip(st.wall.remaining_counts(), *(seat.counts for seat in st.seats))))
    for t in _loose_tiles(st):
        got[t] += 1
    return got


def problems(table) -> list[str]:
    st, size = table.state, table.rules.hand_size
    out = []
    if not _conserved(st):
        want = st.wall.counts()
        got = places(table)
        out.extend(f"tile {T.name(t)} is in {got[t]} places, the tile set holds {want[t]}"
                   for t in range(T.NUM_TILES) if got[t] != want[t])
        out.extend(f"seat {i} holds a negative count" for i, seat in enumerate(st.seats) if min(seat.counts) < 0)
    acting_seat = st.turn if st.phase == TURN else None
    dealer_extra = st.deal.dealer if st.first_tile is not None else None
    for i, seat in enumerate(st.seats):
        expected = size + (1 if i == acting_seat or seat.holds_win else 0)     # an added kong's tile in the air leaves 13
        if st.extra:
            expected += st.extra.get(i, 0)
        if i == dealer_extra:
            expected += 1
        if sum(seat.counts) + 3 * len(seat.melds) != expected:
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
