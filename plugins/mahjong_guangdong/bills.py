"""What a Guangdong win costs whom (README.md: Options, Choices): pure functions from
a win's facts and its horse hits to named payments.

Each profile prices one **share** of the bill (per payer, in money):

* ``guangdong.dahu``: X = F × u × (1 + H) (``horse_value: base_point``: F × u + H × u);
* ``guangdong.tuidaohu``: S = value × (1 + H), value = 2^total;
* ``guangdong.lianhua``: P = b × m + b × H, m = 2^total;
* ``guangdong.bao``: T / 3 with T = V × b (the whole bill T is three shares).

Who pays is shared by every profile (``payers``): the discarder one share; the robbed player one
share, or three with ``rob_kong_full_pay``; on a self-draw each other player one share, except
that a kong bloom fed by another player (``kong_bloom_full_pay``) or a four-meld single wait with
``extras.claim_liable`` (``single_wait_liability``) puts all three shares on that one player.
莲花's dealer pays his share twice when the winner is not the dealer (``dealer_pays_double``).
"""
from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import NamedTuple

from mahjong_core.records import Payment

from .kongs import money

METHODS = ("self_drawn", "discard", "robbing_kong")


class Win(NamedTuple):
    """One win as the bill reads it. ``value``: the scored value (F, 2^total, m or V); ``source``:
    the discarder or the robbed player; ``bloom_feeder``: who fed the first kong of the chain a
    kong bloom was drawn on (None: no bloom, or a chain that starts with the winner's own kong);
    ``claim_liable``: 包's ``extras.claim_liable``; ``melds``: the winner's declared melds."""

    seat: int
    value: int
    method: str = "self_drawn"
    source: int | None = None
    bloom_feeder: int | None = None
    after_kong: int = 0
    claim_liable: int | None = None
    melds: int = 0


class Payer(NamedTuple):
    """A seat that pays a win, how many shares, and the rule that makes it pay."""

    seat: int
    shares: int
    reason: str


def payers(win: Win, seats: int, options: Mapping) -> list[Payer]:
    """Who pays the win and how many shares each (see the module docstring)."""
    if win.method == "robbing_kong":
        if options["rob_kong_full_pay"]:
            return [Payer(win.source, 3, "robbed kong: the robbed player pays all (抢杠全包)")]
        return [Payer(win.source, 1, "robbed kong: the robbed player pays")]
    if win.method == "discard":
        return [Payer(win.source, 1, "discard: the discarder pays")]
    fed = win.bloom_feeder
    if fed is not None and fed != win.seat and options["kong_bloom_full_pay"]:
        return [Payer(fed, 3, "kong bloom: feeder pays all (杠爆全包)")]
    if (options["single_wait_liability"] and not win.after_kong and win.melds == 4
            and win.claim_liable is not None and win.claim_liable != win.seat):
        return [Payer(win.claim_liable, 3, "single wait: the liable player pays all (单吊包胡)")]
    return [Payer(p, 1, "self-drawn win") for p in range(seats) if p != win.seat]


class Part(NamedTuple):
    """One part of a share: what it is for, and its amount per share."""

    what: str
    amount: object


def _exact(x):
    x = Fraction(x)
    return int(x) if x.denominator == 1 else x


def share(rule: str, win: Win, hits: int, options: Mapping) -> list[Part]:
    """One share of the bill under ``rule``, in parts: the hand, then the horses."""
    unit, v = options["unit"], win.value
    if rule == "guangdong.dahu":
        hand = money(v, unit)
        per_hit = hand if options["horse_value"] == "hand_value" else money(1, unit)
        parts = [Part(f"hand: {v}番 × {unit}", hand), Part(f"horses: {hits} hits", per_hit * hits)]
    elif rule == "guangdong.tuidaohu":
        hand = money(v, unit)
        parts = [Part(f"hand: value {v}", hand), Part(f"horses: {hits} hits", hand * hits)]
    elif rule == "guangdong.lianhua":
        parts = [Part(f"hand: {unit} × {v}", money(v, unit)), Part(f"horses: {hits} hits", money(hits, unit))]
    elif rule == "guangdong.bao":
        parts = [Part(f"hand: {v} × {unit}, a third", _exact(Fraction(v) * Fraction(str(unit)) / 3))]
    else:
        raise ValueError(f"unknown Guangdong settlement rule {rule!r}")
    cap = options["cap"]
    if cap is not None and sum(p.amount for p in parts) > cap:
        return [Part(f"capped at {cap} (封顶)", cap)]
    return [p for p in parts if p.amount]


def win_payments(rule: str, win: Win, hits: int, options: Mapping, *, seats: int = 4,
                 dealer: int = 0, dealer_streak: int = 0) -> list[Payment]:
    """The payments of one win: each payer's shares of each part, the dealer's double (莲花),
    and 节节高 when the winning dealer has kept the deal ``dealer_streak`` hands."""
    parts = share(rule, win, hits, options)
    streak = options["dealer_streak_bonus"] * dealer_streak if win.seat == dealer else 0
    out = []
    for payer in payers(win, seats, options):
        factor = payer.shares
        reason = payer.reason
        if options.get("dealer_pays_double") and payer.seat == dealer and win.seat != dealer:
            factor *= 2
            reason += ", the dealer pays double"
        for part in parts:
            out.append(Payment(payer.seat, win.seat, _exact(part.amount * factor), f"{reason}; {part.what}"))
        if streak:
            out.append(Payment(payer.seat, win.seat, _exact(streak * payer.shares),
                               f"dealer streak (节节高): {dealer_streak} × {options['dealer_streak_bonus']}"))
    return out


def follow_dealer(dealer: int, options: Mapping, seats: int = 4) -> list[Payment]:
    """跟庄: the dealer pays ``follow_dealer_amount`` × unit to each other player (nothing when
    the profile's ``follow_dealer`` is off)."""
    if not options["follow_dealer"]:
        return []
    amount = money(options["follow_dealer_amount"], options["unit"])
    return [Payment(dealer, p, amount, "follow the dealer (跟庄)") for p in range(seats) if p != dealer]
