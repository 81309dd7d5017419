"""Kong money of the Guangdong profiles (README.md: Options, Choices).

A kong is paid by rates × ``unit``: an exposed kong by the discarder who fed it, an added or
concealed kong by each other player. Whether it stands in a drawn hand is ``kong_paid_on_draw``
(莲花 pays at once, so its money stands; the others void it). The 包 rules change who pays when
a win is a kong bloom on a chain of kongs (杠上杠) or robs a kong (抢杠). A robbed added kong never
completes: it earns nothing.

The kongs are the core kong book's (``mahjong_core.settle.KongBook``: ``seat``, ``kind``,
``feeder``, ``on_kong``); it has already left the robbed kong out, and gives the chain a kong
bloom was drawn on (``KongBook.chain``).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from mahjong_core.records import Payment

KINDS = ("exposed", "added", "concealed")
# the rate key of each kind in the ``kong_money`` option
RATE_KEYS = {"exposed": "exposed_from_feeder", "added": "added_each", "concealed": "concealed_each"}
NAMES = {"exposed": "exposed kong (点杠)", "added": "added kong (明杠)", "concealed": "concealed kong (暗杠)"}


def money(rate, unit):
    """rate × unit, exact: an int when whole, else a Fraction (1.5 × 20 = 30; 0.5 × 3 = 3/2)."""
    out = Fraction(str(rate)) * Fraction(str(unit))
    return int(out) if out.denominator == 1 else out


def chain_before(kongs: Sequence, robbed) -> list:
    """The robbed player's current chain: his completed kongs the robbed kong event was made on
    (linked by ``after_kong``), oldest first; [] when it was not made on a replacement tile."""
    if not robbed.get("after_kong"):
        return []
    own = [k for k in kongs if k.seat == robbed.seat]
    start = len(own) - 1
    while start > 0 and own[start].on_kong:
        start -= 1
    return own[start:]


def kong_payments(kong, rates: Mapping[str, float], unit, seats: int = 4,
                  reason: str = "") -> list[Payment]:
    """What one completed kong earns its owner at ``rates`` (the ``kong_money`` map) × unit."""
    amount = money(rates[RATE_KEYS[kong.kind]], unit)
    why = reason or f"{NAMES[kong.kind]}"
    if not amount:
        return []
    if kong.kind == "exposed":
        return [Payment(kong.feeder, kong.seat, amount, f"{why}: the feeder pays")]
    return [Payment(p, kong.seat, amount, f"{why}: each other player pays")
            for p in range(seats) if p != kong.seat]


def kong_money(kongs: Sequence, options: Mapping, *, seats: int = 4, won: bool,
               bloom: Sequence = (), robbed_seat: int | None = None, robbed_chain: Sequence = (),
               robbers: Sequence[int] = ()) -> list[Payment]:
    """Every kong payment of a hand under a profile's resolved ``options``.

    * A drawn hand (``won`` false) pays nothing unless ``kong_paid_on_draw``.
    * A hand won by robbing ``robbed_seat``'s kong: with ``rob_kong_pays_chain_exposed`` he pays
      each robber the chain rate of every exposed kong of his current chain (``robbed_chain``,
      ``chain_before``); with
      ``rob_kong_drops_other_kong_points`` no other kong money is paid.
    * A bloom on a chain of two or more kongs whose first was fed (``bloom``) with
      ``kong_on_kong_full_pay``: the feeder pays the winner each chain kong at
      ``kong_on_kong_chain_rates``, and no other kong money is paid.
    * Otherwise every completed kong earns its ``kong_money``.
    """
    if not won and not options["kong_paid_on_draw"]:
        return []
    unit, rates = options["unit"], options["kong_money"]
    chain_rates = options["kong_on_kong_chain_rates"]
    if robbed_seat is not None:
        out = []
        if options["rob_kong_pays_chain_exposed"]:
            for k in robbed_chain:
                if k.kind == "exposed":
                    amount = money(chain_rates["exposed"], unit)
                    out += [Payment(robbed_seat, w, amount, "robbed kong: the robbed player pays his "
                                    "chain's exposed kong") for w in robbers]
        if options["rob_kong_drops_other_kong_points"]:
            return out
    else:
        out = []
        fed = bloom[0].feeder if bloom else None
        if len(bloom) >= 2 and fed is not None and options["kong_on_kong_full_pay"]:
            winner = bloom[0].seat
            return [Payment(fed, winner, money(chain_rates[k.kind], unit),
                            f"kong on kong (杠上杠): the feeder pays the chain's {NAMES[k.kind]}")
                    for k in bloom]
    for k in kongs:
        out += kong_payments(k, rates, unit, seats)
    return out


def horse_kong_bonus(payments: Sequence[Payment], winner: int, hits: int) -> list[Payment]:
    """马跟杠: the winner's kong money once more per horse hit ([G MGG])."""
    if not hits:
        return []
    return [Payment(p.payer, p.payee, p.amount * hits, f"horses follow kongs (马跟杠): {hits} hits × {p.reason}")
            for p in payments if p.payee == winner]
