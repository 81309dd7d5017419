"""Kong money of the Guangdong profiles (README.md: Options, Choices).

A kong is paid by rates × ``unit``: an exposed kong by the discarder who fed it, an added or
concealed kong by each other player. Whether it stands in a drawn hand is ``kong_paid_on_draw``
(莲花 pays at once, so its money stands; the others void it). The 包 rules change who pays when
a win is a kong bloom on a chain of kongs (杠上杠) or robs a kong (抢杠). A robbed added kong never
completes: it earns nothing.

The kongs are the core kong book's (``KongBook`` of ``mahjong_core.plugin``: ``seat``, ``kind``,
``feeder``, ``on_kong``); it has already left the robbed kong out, and gives the chain a kong
bloom was drawn on (``KongBook.chain``).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import NamedTuple

from mahjong_core.plugin import Payment, why

KINDS = ("exposed", "added", "concealed")
# the rate key of each kind in the ``kong_money`` option
RATE_KEYS = {"exposed": "exposed_from_feeder", "added": "added_each", "concealed": "concealed_each"}
NAMES = {"exposed": "exposed kong (点杠)", "added": "added kong (明杠)", "concealed": "concealed kong (暗杠)"}
NAMES_ZH = {"exposed": "点杠", "added": "明杠（补杠）", "concealed": "暗杠"}


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


# ``kong_on_kong_chain_rates: own_kong_money``: each chain kong at the whole money the profile's own
# ``kong_money`` would have paid for it, rather than at rates of its own (包's 3/1/2 × b)
OWN_KONG_MONEY = "own_kong_money"


class ChainAmount(NamedTuple):
    """What the first feeder of a chain pays for one of its kongs, and the arithmetic, in words."""

    amount: object
    how: str


def chain_amount(kind: str, options: Mapping, seats: int = 4) -> ChainAmount:
    """One chain kong's money under ``kong_on_kong_chain_rates``: a rate × unit, or (``own_kong_money``)
    the ``kong_money`` rate × unit × the payers it would have had (the feeder of an exposed kong;
    every other player of an added or concealed one): the sum of every payer's share."""
    unit, rates = options["unit"], options["kong_on_kong_chain_rates"]
    if rates == OWN_KONG_MONEY:
        rate = options["kong_money"][RATE_KEYS[kind]]
        payers = 1 if kind == "exposed" else seats - 1
        amount = money(Fraction(str(rate)) * payers, unit)
        return ChainAmount(amount, f"{rate} × {unit} × {payers} payer{'s' if payers > 1 else ''}")
    rate = rates[kind]
    amount = money(rate, unit)
    return ChainAmount(amount, f"{rate} × {unit}")


def kong_payments(kong, rates: Mapping[str, float], unit, seats: int = 4) -> list[Payment]:
    """What one completed kong earns its owner at ``rates`` (the ``kong_money`` map) × unit."""
    rate = rates[RATE_KEYS[kong.kind]]
    amount = money(rate, unit)
    if not amount:
        return []
    name, zh = NAMES[kong.kind], NAMES_ZH[kong.kind]
    if kong.kind == "exposed":
        return [Payment.of(kong.feeder, kong.seat, amount, why(
            "exposed_kong", name + ": the feeder pays {rate} × {unit}", "{owner} " + zh + "，点杠的 {payer} 付 {rate} × {unit}",
            {"owner": kong.seat, "payer": kong.feeder}, rate=rate, unit=unit))]
    return [Payment.of(p, kong.seat, amount, why(
        f"{kong.kind}_kong", name + ": each other player pays {rate} × {unit}",
        "{owner} " + zh + "，其他每家付 {rate} × {unit}", {"owner": kong.seat}, rate=rate, unit=unit))
            for p in range(seats) if p != kong.seat]


def kong_money(kongs: Sequence, options: Mapping, *, seats: int = 4, won: bool,
               bloom: Sequence = (), robbed_seat: int | None = None, robbed_chain: Sequence = (),
               robbers: Sequence[int] = ()) -> list[Payment]:
    """Every kong payment of a hand under a ruleset's ``options``.

    * A drawn hand (``won`` false) pays nothing unless ``kong_paid_on_draw``.
    * A hand won by robbing ``robbed_seat``'s kong: with ``rob_kong_pays_chain_exposed`` he pays
      each robber the chain rate of every exposed kong of his current chain (``robbed_chain``,
      ``chain_before``); with
      ``rob_kong_drops_other_kong_points`` no other kong money is paid.
    * A bloom on a chain of two or more kongs whose first was fed (``bloom``) with
      ``kong_on_kong_full_pay``: the feeder pays the winner each chain kong (``chain_amount``:
      at ``kong_on_kong_chain_rates``, or the whole of its own ``kong_money``), and no other
      kong money is paid.
    * Otherwise every completed kong earns its ``kong_money``.
    """
    if not won and not options["kong_paid_on_draw"]:
        return []
    unit, rates = options["unit"], options["kong_money"]
    if robbed_seat is not None:
        out = []
        if options["rob_kong_pays_chain_exposed"]:
            for k in robbed_chain:
                if k.kind == "exposed":
                    c = chain_amount("exposed", options, seats)
                    out += [Payment.of(robbed_seat, w, c.amount, why(
                        "robbed_kong_chain", "robbed kong: the robbed player pays his chain's exposed kong: " + c.how,
                        "{robber} 抢杠：被抢的 {payer} 付其连杠中的点杠：" + c.how, {"robber": w, "payer": robbed_seat}))
                        for w in robbers]
        if options["rob_kong_drops_other_kong_points"]:
            return out
    else:
        out = []
        fed = bloom[0].feeder if bloom else None
        if len(bloom) >= 2 and fed is not None and options["kong_on_kong_full_pay"]:
            winner = bloom[0].seat
            pays = []
            for k in bloom:
                c = chain_amount(k.kind, options, seats)
                pays.append(Payment.of(fed, winner, c.amount, why(
                    "kong_on_kong", f"kong on kong (杠上杠): the feeder pays the chain's {NAMES[k.kind]}: {c.how}",
                    f"杠上杠：点杠的 {{payer}} 付 {{winner}} 连杠中的{NAMES_ZH[k.kind]}：{c.how}",
                    {"payer": fed, "winner": winner})))
            return pays
    for k in kongs:
        out += kong_payments(k, rates, unit, seats)
    return out


def horse_kong_bonus(payments: Sequence[Payment], winner: int, hits: int) -> list[Payment]:
    """马跟杠: the winner's kong money once more per horse hit ([G MGG])."""
    if not hits:
        return []
    hit_words = f"{hits} hit{'s' if hits > 1 else ''}"

    def follows(p: Payment):
        if len(p.why) != 1:
            return f"horses follow kongs (马跟杠): {hit_words} × {p.amount} ({p.reason})"
        kong = p.why[0]
        return why("horse_kong", f"horses follow kongs (马跟杠): {hit_words} × {{amount}} ({kong.en})",
                   f"马跟杠：中 {hits} 匹 × {{amount}}（{kong.zh}）", kong.seats, **{**kong.values, "amount": p.amount})
    return [Payment.of(p.payer, p.payee, p.amount * hits, follows(p)) for p in payments if p.payee == winner]
