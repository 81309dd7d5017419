"""Guobiao competition settlement (seed 000): base + points from the discarder, or from every
other player on a self-draw; on a discard win the two bystanders pay the base."""
from __future__ import annotations

from mahjong_core.errors import BelowMinimumError, MahjongError
from mahjong_core.records import Payment, exact, number, plain


def _score(record, ruleset, event):
    where = f"{event.where()}, seat {event.seat}"
    try:
        return ruleset.score(record.situation_dict(event))
    except BelowMinimumError as e:
        raise BelowMinimumError(f"{where}: {e.message}", e.result) from None
    except MahjongError as e:
        raise type(e)(f"{where}: {e.message}", code=e.code) from None


def settle(record, ruleset, base: int = 8):
    """Self-draw: each other seat pays ``base + F``. Discard: the discarder pays ``base + F``,
    the others ``base``. F is the winner's total, flowers included. One win per hand: the
    first player in turn after the discarder takes it (截和)."""
    base = number(base, ruleset.where("settlement.params.base"), "settlement parameter 'base'")
    shown = plain(base)
    record.one_win("Guobiao")
    for event in record.of_type("win"):
        seat = event.seat
        points = exact(_score(record, ruleset, event).total)
        discarder = event.get("from")
        for other in range(record.seats):
            if other == seat:
                continue
            if discarder is None:
                yield Payment(other, seat, base + points,
                              f"self-drawn win by seat {seat}: base {shown} + {plain(points)} points")
            elif other == discarder:
                yield Payment(other, seat, base + points,
                              f"discarded the winning tile to seat {seat}: base {shown} + {plain(points)} points")
            else:
                yield Payment(other, seat, base,
                              f"discard win by seat {seat} off seat {discarder}: base {shown}")
