"""Bonus tiles at the table: which a seat sets aside now, and ``table.bonus_win`` — the last copy
of the bonus kind collected is not set aside but wins at once, as the winning tile with the other
copies among the seat's bonus tiles (莲花's 四红中). A seat dealt that last copy holds one tile
short: one more replacement from the tail comes first."""
from __future__ import annotations


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
