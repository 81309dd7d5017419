"""Duplicate play: one wall played under several seatings, so that what a ruleset (or a bot)
changes is measured on the same deals (docs/simulate.md "Duplicate play").

Wall ``w`` of a seed is the table's own wall of (seed, hand ``w``), the dealer at seat 0 and the
prevalent wind ``w mod 4``. Seating ``r`` (0 … 3) puts player ``p`` (the p-th bot named) at seat
``(p + r) mod 4``: across the four seatings every player holds every hand of the wall. Two
seatings that put the same bots on the same seats give the same hand (a greedy bot is the same
bot for every player; a random bot draws from its player's own stream), so such a hand is played
once and its ``HandPlay`` given for each seating.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .bots import play_out
from .roster import make_bot
from .rules import play_rules
from .state import Deal
from .table import Table

SEATINGS = 4


@dataclass(frozen=True, slots=True)
class HandPlay:
    """One hand of duplicate play: its wall and seating, the record (with its play log), the
    settlement the table reports, and each win's ``ScoreResult`` in event order."""

    wall: int
    seating: int
    record: dict
    settlement: object
    wins: tuple


def player_at(seat: int, seating: int, seats: int) -> int:
    """The player sitting at ``seat`` under ``seating``."""
    return (seat - seating) % seats


def _signature(bot_names: Sequence[str], seating: int, seats: int) -> tuple:
    """What decides a hand besides the wall: each seat's bot, and for a random bot its player
    (the stream it draws from)."""
    out = []
    for seat in range(seats):
        p = player_at(seat, seating, seats)
        out.append((bot_names[p], p if bot_names[p] == "random" else None))
    return tuple(out)


def play_wall(ruleset, bot_names: Sequence[str], seed: int, wall: int, seatings: int = SEATINGS,
              check: bool = True) -> list[HandPlay]:
    """Wall ``wall`` of ``seed`` under seatings 0 … ``seatings`` − 1, in that order."""
    rules = play_rules(ruleset)
    deal = Deal(seed, wall, None, 0, wall % 4, 0)
    played: dict[tuple, HandPlay] = {}
    out = []
    for seating in range(seatings):
        key = _signature(bot_names, seating, rules.seats)
        hand = played.get(key)
        if hand is None:
            bots = [make_bot(bot_names[p], ruleset, seed, wall, p)
                    for p in (player_at(s, seating, rules.seats) for s in range(rules.seats))]
            table = Table(ruleset, deal, check)
            play_out(table, bots)
            record = table.record()
            wins = tuple(ruleset.score(e["situation"]) for e in record["events"] if e["type"] == "win")
            hand = played[key] = HandPlay(wall, seating, record, table.settle(record), wins)
        out.append(hand if hand.seating == seating else
                   HandPlay(wall, seating, hand.record, hand.settlement, hand.wins))
    return out
