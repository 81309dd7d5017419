"""Bonus tiles at the table: which a seat sets aside now, and ``table.bonus_win`` — the last copy
of the bonus kind collected is not set aside but wins at once, as the winning tile with the other
copies among the seat's bonus tiles (莲花's 四红中). A seat dealt that last copy holds one tile
short: one more replacement from the tail comes first."""
from __future__ import annotations

from . import flow


def winning_copy(table, seat) -> int | None:
    """The ``table.bonus_win`` kind when ``seat`` holds its last copy, every other set aside."""
    kind = table.bonus_win
    if kind is None or not seat.counts[kind]:
        return None
    return kind if seat.bonus.count(kind) == table.bonus[kind] - 1 else None


def to_replace(table, seat, hand_size: int) -> tuple[list[int], int]:
    """The bonus kinds ``seat`` sets aside now (one tile each, each replaced from the tail), and
    1 when it holds the winning copy with a dealt hand (one tile short), else 0."""
    win = winning_copy(table, seat)
    held = [t for t in table.bonus if seat.counts[t] and t != win]
    return held, int(win is not None and not held and seat.size == hand_size)


def replace_in_rounds(table, order) -> None:
    """The dealt bonus tiles replaced in rounds (``TableFlow.bonus_in_rounds``): each round, in
    ``order`` (from the dealer), every seat holding bonus tiles sets all of them aside and takes as
    many from the tail; bonus tiles among those wait for the next round. The dealer's extra tile
    (``first_tile``), when a bonus tile, becomes his last replacement. Stops when the wall is out."""
    st, kinds = table.state, table.ruleset.table.bonus
    last = _rounds(table, order, kinds)
    if st.first_tile in kinds and last is not None:
        st.first_tile = last


def _rounds(table, order, kinds) -> int | None:
    """Play the rounds; the dealer's last replacement (None: he took none)."""
    st, last = table.state, None
    while True:
        due = [(seat, [t for t in kinds for _ in range(st.seats[seat].counts[t])]) for seat in order]
        due = [(seat, held) for seat, held in due if held]
        if not due:
            return last
        for seat, held in due:
            me = st.seats[seat]
            for t in held:
                me.counts[t] -= 1
                me.bonus.append(t)
            flow.update_reserve(table)
            for _ in held:
                if st.wall.left == 0:
                    return last
                got = st.wall.draw_tail()
                me.counts[got] += 1
                if seat == st.deal.dealer:
                    last = got
