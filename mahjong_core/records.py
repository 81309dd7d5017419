"""Game records (contract §4), payments and the zero-sum ledger."""
from __future__ import annotations

import math
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any
from collections.abc import Iterable, Mapping

from . import tiles as T
from .errors import SettlementError, did_you_mean


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened; ``data`` is the event object as given (type included)."""

    type: str
    index: int
    data: Mapping[str, Any]

    def get(self, key: str, default=None):
        return self.data.get(key, default)

    @property
    def seat(self) -> int | None:
        return self.data.get("seat")

    def where(self) -> str:
        return f"events[{self.index}] ({self.type})"


@dataclass(frozen=True, slots=True)
class Record:
    seats: int
    dealer: int
    round_wind: int
    events: tuple[Event, ...]
    ruleset: str | None = None

    def seat_wind(self, seat: int) -> int:
        """The dealer sits East, the next seat South, and so on."""
        return (seat - self.dealer) % self.seats % 4

    def situation_dict(self, event: Event) -> dict:
        """A win event's situation with what the record already says filled in: winds, the
        dealer flag and self-draw (a win without ``from``)."""
        situation = dict(event.get("situation") or {})
        seat = event.seat
        situation.setdefault("seat_wind", T.WIND_LETTERS[self.seat_wind(seat)])
        situation.setdefault("round_wind", T.WIND_LETTERS[self.round_wind])
        situation.setdefault("dealer", seat == self.dealer)
        if event.get("from") is None:
            situation.setdefault("self_drawn", True)
        else:
            situation.setdefault("self_drawn", False)
        return situation

    def of_type(self, kind: str) -> list[Event]:
        return [e for e in self.events if e.type == kind]


RECORD_FIELDS = ("ruleset", "seats", "dealer", "round_wind", "events")


def _seat(value, seats: int, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < seats:
        raise SettlementError(f"{where}: seat must be a number 0–{seats - 1}, got {value!r}")
    return value


def parse_record(data, event_types: Iterable[str] | None = None) -> Record:
    """Validate the common shape of a record; rulesets check their own event details."""
    if isinstance(data, Record):
        return data
    if not isinstance(data, Mapping):
        raise SettlementError(f"a record must be a JSON object, got {type(data).__name__}")
    for key in data:
        if key not in RECORD_FIELDS:
            raise SettlementError(f"record: unknown field '{key}'{did_you_mean(str(key), RECORD_FIELDS)}")
    seats = data.get("seats", 4)
    if isinstance(seats, bool) or not isinstance(seats, int) or not 2 <= seats <= 4:
        raise SettlementError(f"record field 'seats' must be 2–4, got {seats!r}")
    dealer = _seat(data.get("dealer", 0), seats, "record field 'dealer'")
    round_wind = T.parse_wind(data.get("round_wind", "E"), "round_wind")
    events_data = data.get("events", [])
    if not isinstance(events_data, list):
        raise SettlementError("record field 'events' must be a list")
    known = tuple(event_types) if event_types is not None else None
    events = []
    for i, e in enumerate(events_data):
        if not isinstance(e, Mapping) or not isinstance(e.get("type"), str):
            raise SettlementError(f"events[{i}] must be an object with a 'type'")
        kind = e["type"]
        if known is not None and kind not in known:
            raise SettlementError(f"events[{i}]: unknown event type '{kind}'{did_you_mean(kind, known)}")
        for key in ("seat", "from"):
            if key in e and e[key] is not None:
                _seat(e[key], seats, f"events[{i}].{key}")
        if "seat" in e and e.get("from") is not None and e["from"] == e["seat"]:
            raise SettlementError(f"events[{i}]: 'from' names the same seat as 'seat'")
        events.append(Event(kind, i, MappingProxyType(dict(e))))
    ruleset = data.get("ruleset")
    return Record(seats, dealer, round_wind, tuple(events), ruleset if isinstance(ruleset, str) else None)


@dataclass(frozen=True, slots=True)
class Payment:
    payer: int
    payee: int
    amount: int | float
    reason: str

    def to_dict(self) -> dict:
        return {"from": self.payer, "to": self.payee, "amount": self.amount, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class Settlement:
    deltas: tuple
    payments: tuple[Payment, ...]
    ruleset: str = ""
    notes: tuple[str, ...] = ()

    def to_dict(self) -> dict:
        out = {"ok": True, "ruleset": self.ruleset, "deltas": list(self.deltas),
               "payments": [p.to_dict() for p in self.payments]}
        if self.notes:
            out["notes"] = list(self.notes)
        return out


class Ledger:
    """Collects payments between seats; refuses to close unless every seat's deltas sum to zero."""

    def __init__(self, seats: int):
        self.seats = seats
        self.payments: list[Payment] = []

    def pay(self, payer: int, payee: int, amount, reason: str) -> None:
        if isinstance(amount, bool) or not isinstance(amount, (int, float)) or not math.isfinite(amount):
            raise SettlementError(f"payment amount must be a finite number, got {amount!r} ({reason})")
        if payer == payee:
            raise SettlementError(f"a seat cannot pay itself ({reason})")
        for s in (payer, payee):
            if not 0 <= s < self.seats:
                raise SettlementError(f"seat {s} does not exist ({reason})")
        if amount < 0:
            payer, payee, amount = payee, payer, -amount
        if amount:
            self.payments.append(Payment(payer, payee, amount, reason))

    def extend(self, payments: Iterable[Payment]) -> None:
        for p in payments:
            if not isinstance(p, Payment):
                raise SettlementError(f"a settlement must yield Payment objects, got {type(p).__name__}")
            self.pay(p.payer, p.payee, p.amount, p.reason)

    @property
    def deltas(self) -> list:
        d = [0] * self.seats
        for p in self.payments:
            d[p.payer] -= p.amount
            d[p.payee] += p.amount
        return d

    def close(self, ruleset: str = "", notes: Iterable[str] = ()) -> Settlement:
        deltas = self.deltas
        total = sum(deltas)
        if abs(total) > 1e-9:
            raise SettlementError(f"settlement does not sum to zero: {deltas}")
        return Settlement(tuple(deltas), tuple(self.payments), ruleset, tuple(notes))
