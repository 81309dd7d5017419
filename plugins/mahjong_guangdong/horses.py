"""Buying horses (买马): which seat a horse tile names, how many horses a win turns, how many hit.

Positions are counted from the dealer in turn order (README.md: Horse tables): 0 the dealer, 1 his next
seat (下家), 2 the opposite seat, 3 the previous seat. Tables:

* ``dealer_1_5_9_east_red`` ([G winHorse]): dealer 1/5/9 of any
  suit, 东, 中; next 2/6, 南, 发; opposite 3/7, 西, 白; previous 4/8, 北.
* ``lianhua`` ([L:tiles.ts isHorseForSeat]): dealer 1/5/9, 东; next 2/6, 红中, 南; opposite 3/7, 发, 西;
  previous 4/8, 白, 北.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from mahjong_core.plugin import tiles as T
from mahjong_core.plugin import SettlementError, did_you_mean

_RANKS = {0: (1, 5, 9), 1: (2, 6), 2: (3, 7), 3: (4, 8)}


def _table(honours: dict[int, str]) -> dict[int, int]:
    """Kind → position: the ranks of every suit (as above) plus the honours given."""
    out = {9 * s + r - 1: pos for pos, ranks in _RANKS.items() for r in ranks for s in range(3)}
    for pos, names in honours.items():
        for kind in T.parse_tiles(names):
            out[kind] = pos
    return out


TABLES: dict[str, dict[int, int]] = {
    "dealer_1_5_9_east_red": _table({0: "1z7z", 1: "2z6z", 2: "3z5z", 3: "4z"}),
    "lianhua": _table({0: "1z", 1: "7z2z", 2: "6z3z", 3: "5z4z"}),
}


def table(name: str) -> dict[int, int]:
    """The seat table ``name``; a SettlementError naming the nearest one otherwise."""
    try:
        return TABLES[name]
    except KeyError:
        raise SettlementError(f"horse_table: unknown table '{name}'{did_you_mean(name, TABLES)}; "
                              f"tables: {', '.join(TABLES)}") from None


def position(seat: int, dealer: int, seats: int = 4) -> int:
    """The seat's position counted from the dealer in turn order (0 = the dealer)."""
    return (seat - dealer) % seats


def horse_count(horses: int, *, ghosts_held: int = 0, with_ghost: int | None = None,
                streak_bonus: int = 0, dealer_streak: int = 0, winner_is_dealer: bool = False) -> int:
    """N, the horses a win uses. ``horses``: the plain count (guangdong 4, lianhua 8). 推倒胡:
    ``with_ghost`` (4) when the winner holds a ghost-kind tile, else ``horses`` (6). 买马节节高:
    ``streak_bonus`` more per hand a winning dealer has already kept the deal ([G],
    gofishing +2)."""
    n = with_ghost if with_ghost is not None and ghosts_held else horses
    if winner_is_dealer:
        n += streak_bonus * dealer_streak
    return n


class Hits(NamedTuple):
    """The horses of one win: the tiles used (the first N listed) and how many hit the winner."""

    used: tuple[int, ...]
    hits: int


def hits(tiles: Sequence[int], n: int, winner: int, dealer: int, table_name: str, seats: int = 4) -> Hits:
    """H: among the first ``n`` tiles listed (all of them when fewer; a settlement refuses a short list), those whose
    seat in ``table_name`` is the winner's position relative to the dealer. A tile the table
    does not name (none in these tables) never hits."""
    seat_of = table(table_name)
    used = tuple(tiles[:n])
    pos = position(winner, dealer, seats)
    return Hits(used, sum(1 for t in used if seat_of.get(t) == pos))
