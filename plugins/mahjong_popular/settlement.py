"""Settlement for the popular rulesets: Guobiao's competition formula or the game-site formula.

Both score each ``win`` event with the ruleset (F = the hand's value, flowers included) after
filling in what the record already says: winds, self-draw, the dealer flag and the wild kind
named by the record's ``wild`` event under ``table.wilds`` (``mahjong_core.wilds.record_wilds``).
Kong events carry no money here.

* ``popular.competition`` (国标比赛计分, seed 000): self-draw — each other player pays base + F;
  discard — the discarder pays base + F, every other player pays base. ``base`` defaults to 8.
* ``popular.site`` (游戏平台计分, seed 001): each other player pays base × F (no discard/self-draw
  distinction), so the winner gets base × F × (players − 1); ``cap`` optionally limits what one
  loser pays.
"""
from __future__ import annotations

from mahjong_core import tiles as T
from mahjong_core.errors import SettlementError
from mahjong_core.records import Payment, exact, number, plain
from mahjong_core.wilds import record_wilds


EVENT_TYPES = ("win", "wild", "kong", "end")


def _scored_wins(record, ruleset):
    """(event, value) for every win, each situation completed from the record. Popular plays
    Guobiao's 截和: one win per hand."""
    record.one_win("popular")
    wilds = record_wilds(record, ruleset.table)
    for ev in record.of_type("win"):
        situation = record.situation_dict(ev)
        if wilds:
            given = situation.get("wilds")
            if given is None:
                situation["wilds"] = T.format_tiles(wilds)
            elif set(T.parse_tiles(given)) != set(wilds):
                raise SettlementError(f"{ev.where()}: situation wilds '{given}' disagree with the record's "
                                      f"wild {T.format_tiles(wilds)}")
        result = ruleset.score(situation)
        yield ev, exact(result.value)


def _stake(ruleset, key: str, value):
    return number(value, ruleset.where(f"settlement.params.{key}"), f"settlement parameter '{key}'")


def competition(record, ruleset, base: int = 8):
    """Guobiao competition formula: (base + F) from the discarder or from everyone on self-draw,
    base from the others on a discard."""
    base = _stake(ruleset, "base", base)
    for ev, value in _scored_wins(record, ruleset):
        winner, loser = ev.seat, ev.get("from")
        for seat in range(record.seats):
            if seat == winner:
                continue
            if loser is None:
                yield Payment(seat, winner, base + value, f"self-drawn win ({plain(value)})")
            elif seat == loser:
                yield Payment(seat, winner, base + value, f"discarded the winning tile ({plain(value)})")
            else:
                yield Payment(seat, winner, base, "base payment")


def site(record, ruleset, base: int = 1, cap: int | None = None):
    """Game-site formula: every other player pays base × F (capped per loser when ``cap`` is set)."""
    base = _stake(ruleset, "base", base)
    cap = None if cap is None else _stake(ruleset, "cap", cap)
    for ev, value in _scored_wins(record, ruleset):
        amount = base * value
        if cap is not None:
            amount = min(amount, cap)
        for seat in range(record.seats):
            if seat != ev.seat:
                yield Payment(seat, ev.seat, amount, f"win ({plain(value)} × {plain(base)})")
