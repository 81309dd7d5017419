"""Settlement for the popular rulesets: Guobiao's competition formula or the game-site formula.

Both take the wild-selection parameters ``wild_selection``, ``fixed_wild``, ``dragon_cycle``
(wilds.py) and score each ``win`` event with the ruleset (F = the hand's value, flowers included) after
filling in what the record already says: winds, self-draw, the dealer flag and the wild kind
named by the record's ``wild`` event (see wilds.py). Kong events carry no money here.

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

from .wilds import wild_kinds

EVENT_TYPES = ("win", "wild", "kong", "end")


def record_wilds(record, selection: dict) -> tuple[int, ...]:
    """The wild kinds of the hand from its ``wild`` event (or the fixed wild) under the
    ``selection`` parameters (see wilds.py); the record's parser has checked the event's fields."""
    events = record.of_type("wild")
    if len(events) > 1:
        raise SettlementError(f"{events[1].where()}: a hand has one wild event, found {len(events)}")
    tile = indicator = None
    where = "wild"
    if events:
        ev = events[0]
        where = ev.where()
        if ev.get("tile") is None and ev.get("indicator") is None:
            raise SettlementError(f"{where}: a wild event needs 'tile' (the wild) or 'indicator'")
        tile = T.tile(ev.get("tile")) if ev.get("tile") is not None else None
        indicator = T.tile(ev.get("indicator")) if ev.get("indicator") is not None else None
    return wild_kinds(selection, tile=tile, indicator=indicator, where=where)


def _scored_wins(record, ruleset, selection: dict):
    """(event, value) for every win, each situation completed from the record. Popular plays
    Guobiao's 截和: one win per hand."""
    record.one_win("popular")
    wilds = record_wilds(record, selection)
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


def competition(record, ruleset, base: int = 8, wild_selection: str = "flip_next",
                fixed_wild: str | None = None, dragon_cycle: str = "765z"):
    """Guobiao competition formula: (base + F) from the discarder or from everyone on self-draw,
    base from the others on a discard. The wild parameters pick the wild kind (wilds.py)."""
    selection = dict(wild_selection=wild_selection, fixed_wild=fixed_wild, dragon_cycle=dragon_cycle)
    base = _stake(ruleset, "base", base)
    for ev, value in _scored_wins(record, ruleset, selection):
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


def site(record, ruleset, base: int = 1, cap: int | None = None, wild_selection: str = "flip_next",
         fixed_wild: str | None = None, dragon_cycle: str = "765z"):
    """Game-site formula: every other player pays base × F (capped per loser when ``cap`` is set).
    The wild parameters pick the wild kind (wilds.py)."""
    selection = dict(wild_selection=wild_selection, fixed_wild=fixed_wild, dragon_cycle=dragon_cycle)
    base = _stake(ruleset, "base", base)
    cap = None if cap is None else _stake(ruleset, "cap", cap)
    for ev, value in _scored_wins(record, ruleset, selection):
        amount = base * value
        if cap is not None:
            amount = min(amount, cap)
        for seat in range(record.seats):
            if seat != ev.seat:
                yield Payment(seat, ev.seat, amount, f"win ({plain(value)} × {plain(base)})")
