"""Money: exact amounts, payments and the zero-sum ledger a settlement closes.

Amounts are exact: stakes are taken as the decimals they are written as (0.1 is 1/10), and the
ledger keeps every amount as an int or a ``Decimal`` of at most ``PLACES`` places, so deltas sum
to exactly zero and print as the JSON numbers they are. A payment's reason is text or data
(``Why``), said in English or Chinese with the players' own names.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from types import MappingProxyType
from typing import Any
from collections.abc import Iterable, Mapping

from ..errors import PluginError, RulesetError, SettlementError
from ..records import show

PLACES = 10                 # decimal places a fractional amount keeps (half-even rounding)
MAX_AMOUNT = 10 ** 15       # amounts stay exact as JSON numbers (15 significant digits)


# --------------------------------------------------------------------------- exact amounts

def number(value, where: str, what: str) -> int | Fraction:
    """A stake or base from the YAML as an exact number: 0.1 is 1/10, not the nearest binary
    float. NaN, infinities, strings and bools are ``ruleset_error``s naming ``where``."""
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction, Decimal)):
        raise RulesetError(f"{where}: {what} must be a number, got {show(value)}")
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if value != value or value in (float("inf"), -float("inf")):
            raise RulesetError(f"{where}: {what} must be a finite number, got {value!r}")
        value = Fraction(repr(value))
    elif isinstance(value, Decimal):
        if not value.is_finite():
            raise RulesetError(f"{where}: {what} must be a finite number, got {value}")
        value = Fraction(value)
    return int(value) if value.denominator == 1 else value


def exact(value) -> int | Fraction:
    """A hand's value or points as an exact number (floats by the decimal they print as)."""
    if isinstance(value, float) and value == value and abs(value) != float("inf"):
        value = Fraction(repr(value))
    elif isinstance(value, Decimal) and value.is_finite():
        value = Fraction(value)
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else value
    return value


def plain(value: int | Fraction) -> int | Decimal:
    """How an amount is kept and shown: an int when whole, else a Decimal of at most PLACES
    places (fewer for large amounts, so that it stays exact as a JSON number)."""
    frac = Fraction(value)
    if frac.denominator == 1:
        return int(frac)
    digits = len(str(abs(frac.numerator) // frac.denominator))
    places = max(0, min(PLACES, 15 - digits))
    scaled = round(frac * 10 ** places)
    if scaled % 10 ** places == 0:
        return scaled // 10 ** places
    return Decimal(scaled).scaleb(-places).normalize()


def _exactly(frac: Fraction) -> int | Decimal:
    """A sum of ``plain`` amounts, unrounded: its denominator divides 10**PLACES."""
    if frac.denominator == 1:
        return int(frac)
    return Decimal(int(frac * 10 ** PLACES)).scaleb(-PLACES).normalize()


def _json_number(value: int | Decimal) -> int | float:
    return value if isinstance(value, int) else float(value)


_PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")


@dataclass(frozen=True, slots=True)
class Why:
    """A payment's reason as data, so a page can say it in its own language with the players'
    own names: ``kind`` (what rule made it), the seats it names (role → seat), its numbers and
    words (name → value), and an English and a Chinese sentence with ``{role}`` / ``{name}``
    placeholders. ``text()`` fills them; with seats as ``seat N`` the English is the payment's
    ``reason``."""

    kind: str
    en: str
    zh: str
    seats: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    values: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    def __post_init__(self):
        for template in (self.en, self.zh):
            for name in _PLACEHOLDER.findall(template):
                if name not in self.seats and name not in self.values:
                    raise PluginError(f"payment reason '{self.kind}': placeholder {{{name}}} names no seat or value")

    def text(self, lang: str = "en", seat_name=lambda seat: f"seat {seat}") -> str:
        def fill(m):
            name = m.group(1)
            if name in self.seats:
                return seat_name(self.seats[name])
            value = self.values[name]
            return str(plain(exact(value))) if isinstance(value, (int, float, Fraction, Decimal)) \
                and not isinstance(value, bool) else str(value)
        return _PLACEHOLDER.sub(fill, self.en if lang == "en" else self.zh)

    def to_dict(self) -> dict:
        values = {k: _json_number(plain(exact(v))) if isinstance(v, (int, float, Fraction, Decimal))
                  and not isinstance(v, bool) else v for k, v in self.values.items()}
        return {"kind": self.kind, "en": self.en, "zh": self.zh, "seats": dict(self.seats), "values": values}


def why(kind: str, en: str, zh: str, seats: Mapping[str, int] | None = None, **values) -> Why:
    """``Why(kind, en, zh, seats, values)``, the values as keywords."""
    return Why(kind, en, zh, MappingProxyType(dict(seats or {})), MappingProxyType(values))


def reason_text(reason) -> tuple[str, tuple[Why, ...]]:
    """A reason given as text, one ``Why`` or a tuple of them (joined by "; "): (the English
    text, the ``Why`` parts)."""
    if isinstance(reason, Why):
        reason = (reason,)
    if isinstance(reason, tuple) and reason and all(isinstance(w, Why) for w in reason):
        return "; ".join(w.text() for w in reason), reason
    return reason, ()


@dataclass(frozen=True, slots=True)
class Payment:
    """One payment; ``why``: its reason as data (``Why`` parts, joined like the reason), shown
    by ``to_dict(why=True)`` — the web page's settlement — and left out of the settlement's JSON
    otherwise."""

    payer: int
    payee: int
    amount: int | float | Fraction | Decimal
    reason: str
    why: tuple[Why, ...] = field(default=(), compare=False)     # the reason's data: equal reasons, equal payments

    @classmethod
    def of(cls, payer: int, payee: int, amount, reason) -> "Payment":
        """A payment whose ``reason`` is text, a ``Why`` or a tuple of them (``reason_text``)."""
        return cls(payer, payee, amount, *reason_text(reason))

    def to_dict(self, why: bool = False) -> dict:
        out = {"from": self.payer, "to": self.payee, "amount": _json_number(self.amount), "reason": self.reason}
        if why and self.why:
            out["why"] = [w.to_dict() for w in self.why]
        return out


@dataclass(frozen=True, slots=True)
class Settlement:
    """Deltas and payment amounts are ints, or Decimals when fractional (exact sums)."""

    deltas: tuple
    payments: tuple[Payment, ...]
    ruleset: str = ""
    notes: tuple[str, ...] = ()

    def to_dict(self, why: bool = False) -> dict:
        out = {"ok": True, "ruleset": self.ruleset, "deltas": [_json_number(d) for d in self.deltas],
               "payments": [p.to_dict(why) for p in self.payments]}
        if self.notes:
            out["notes"] = list(self.notes)
        return out


class Ledger:
    """Collects payments between seats; refuses to close unless every seat's deltas sum to
    exactly zero. Amounts are kept exact (``plain``)."""

    def __init__(self, seats: int):
        self.seats = seats
        self.payments: list[Payment] = []

    def pay(self, payer: int, payee: int, amount, reason) -> None:
        """``reason``: text, a ``Why`` or a tuple of them (``reason_text``)."""
        reason, whys = reason_text(reason)
        if isinstance(amount, bool) or not isinstance(amount, (int, float, Fraction, Decimal)) \
                or (isinstance(amount, float) and (amount != amount or abs(amount) == float("inf"))) \
                or (isinstance(amount, Decimal) and not amount.is_finite()):
            raise SettlementError(f"payment amount must be a finite number, got {show(amount)} ({reason})")
        if not -MAX_AMOUNT < amount < MAX_AMOUNT:
            raise SettlementError(f"payment amount {show(amount)} is too large ({reason})")
        if payer == payee:
            raise SettlementError(f"a seat cannot pay itself ({reason})")
        for s in (payer, payee):
            if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < self.seats:
                raise SettlementError(f"seat {show(s)} does not exist ({reason})")
        amount = plain(exact(amount) if isinstance(amount, float) else amount)
        if amount < 0:
            payer, payee, amount = payee, payer, -amount
        if amount:
            self.payments.append(Payment(payer, payee, amount, reason, whys))

    def extend(self, payments: Iterable[Payment]) -> None:
        for p in payments:
            if not isinstance(p, Payment):
                raise SettlementError(f"a settlement must yield Payment objects, got {type(p).__name__}")
            self.pay(p.payer, p.payee, p.amount, p.why or p.reason)      # (the why's text is the reason)

    @property
    def deltas(self) -> list:
        d = [Fraction(0)] * self.seats
        for p in self.payments:
            d[p.payer] -= Fraction(p.amount)
            d[p.payee] += Fraction(p.amount)
        return [_exactly(x) for x in d]

    def close(self, ruleset: str = "", notes: Iterable[str] = ()) -> Settlement:
        deltas = self.deltas
        if sum(Fraction(x) for x in deltas) != 0:
            raise SettlementError(f"settlement does not sum to zero: {deltas}")
        for x in deltas:
            if isinstance(x, Decimal) and Decimal(repr(float(x))) != x:
                raise SettlementError(f"a delta of {x} has more digits than a JSON number keeps exactly")
        return Settlement(tuple(deltas), tuple(self.payments), ruleset, tuple(notes))
