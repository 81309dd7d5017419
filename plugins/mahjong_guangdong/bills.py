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
With ``self_draw_double`` (自摸加倍) a self-drawn win's hand part is doubled in every share before
the 封顶 ceiling; its horses, kong money and 节节高 are not.
"""
from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import NamedTuple

from mahjong_core.plugin import Payment, Why, why

from .kongs import money

METHODS = ("self_drawn", "discard", "robbing_kong")


class Win(NamedTuple):
    """One win as the bill reads it. ``value``: the scored value (F, 2^total, m or V); ``source``:
    the discarder or the robbed player; ``bloom_feeder``: who fed the first kong of the chain a
    kong bloom was drawn on (None: no bloom, or a chain that starts with the winner's own kong);
    ``claim_liable``: 包's ``extras.claim_liable``; ``melds``: the winner's declared melds;
    ``value_how``: how the value was made when more than one number made it (``"3番 × 2
    (无鬼加倍)"``, ``"2^3"``), for the payment reasons."""

    seat: int
    value: int
    method: str = "self_drawn"
    source: int | None = None
    bloom_feeder: int | None = None
    after_kong: int = 0
    claim_liable: int | None = None
    melds: int = 0
    value_how: str = ""


class Payer(NamedTuple):
    """A seat that pays a win, how many shares, and the rule that makes it pay."""

    seat: int
    shares: int
    reason: Why


def _payer(win: Win, seat: int, shares: int, kind: str, en: str, zh: str) -> Payer:
    return Payer(seat, shares, why(kind, en, zh, {"payer": seat, "winner": win.seat}))


def payers(win: Win, seats: int, options: Mapping) -> list[Payer]:
    """Who pays the win and how many shares each (see the module docstring)."""
    if win.method == "robbing_kong":
        if options["rob_kong_full_pay"]:
            return [_payer(win, win.source, 3, "robbed_kong_pays_all", "robbed kong: the robbed player pays all (抢杠全包)",
                           "{winner} 抢 {payer} 的杠，{payer} 全包（抢杠全包）")]
        return [_payer(win, win.source, 1, "robbed_kong", "robbed kong: the robbed player pays",
                       "{winner} 抢 {payer} 的杠，{payer} 付")]
    if win.method == "discard":
        return [_payer(win, win.source, 1, "discard_win", "discard: the discarder pays", "{payer} 点炮给 {winner}")]
    fed = win.bloom_feeder
    if fed is not None and fed != win.seat and options["kong_bloom_full_pay"]:
        return [_payer(win, fed, 3, "kong_bloom_pays_all", "kong bloom: feeder pays all (杠爆全包)",
                       "{winner} 杠上开花，点杠的 {payer} 全包（杠爆全包）")]
    if (options["single_wait_liability"] and not win.after_kong and win.melds == 4
            and win.claim_liable is not None and win.claim_liable != win.seat):
        return [_payer(win, win.claim_liable, 3, "single_wait_liable", "single wait: the liable player pays all (单吊包胡)",
                       "{winner} 单吊，{payer} 包胡（单吊包胡）")]
    return [_payer(win, p, 1, "self_drawn_win", "self-drawn win", "{winner} 自摸") for p in range(seats) if p != win.seat]


class Part(NamedTuple):
    """One part of a share: what it is for (``hand``, ``horses`` or ``cap``), its amount per
    share, and how that amount is made: the arithmetic of one share in words, English (``how``:
    ``"4番 × 20"``, ``"2 hits × 20"``) and Chinese (``how_zh``: ``"中 2 匹 × 20"``)."""

    what: str
    amount: object
    how: str = ""
    how_zh: str = ""


def _exact(x):
    x = Fraction(x)
    return int(x) if x.denominator == 1 else x


def _hits(n: int) -> str:
    return f"{n} hit" if n == 1 else f"{n} hits"


def _hits_zh(n: int) -> str:
    return f"中 {n} 匹"


def _value(win: Win, suffix: str = "番") -> str:
    """The value in words: ``win.value_how`` when it was made of more than one number (``"3番 × 2
    (无鬼加倍)"``), else the value itself."""
    return win.value_how or f"{win.value}{suffix}"


def ceiling(options: Mapping) -> Part | None:
    """The per-share 封顶 as a ``cap`` part, the lower of ``cap_money`` (money) and
    ``cap_in_units`` (× unit, the rooms' multiples of the base, ×5 / ×10), or None."""
    caps = []
    if options["cap_money"] is not None:
        cap = options["cap_money"]
        caps.append(Part("cap", _exact(Fraction(str(cap))), f"capped at {cap} (封顶, cap_money)",
                         f"封顶 {cap}（cap_money）"))
    if options["cap_in_units"] is not None:
        n, unit = options["cap_in_units"], options["unit"]
        amount = money(n, unit)
        caps.append(Part("cap", amount, f"capped at {n} × {unit} = {amount} (封顶, cap_in_units)",
                         f"封顶 {n} × {unit} = {amount}（cap_in_units）"))
    return min(caps, key=lambda c: c.amount) if caps else None


def share(rule: str, win: Win, hits: int, options: Mapping) -> list[Part]:
    """One share of the bill under ``rule``, in parts: the hand, then the horses; or the ceiling."""
    unit, v = options["unit"], win.value
    if rule == "guangdong.dahu":
        hand = money(v, unit)
        per_hit, hit_how, hit_zh = (hand, f"{hand} (the hand)", f"{hand}（牌值）") \
            if options["horse_value"] == "hand_value" else (money(1, unit), f"{unit}", f"{unit}")
        parts = [Part("hand", hand, f"{_value(win)} × {unit}", f"{_value(win)} × {unit}"),
                 Part("horses", per_hit * hits, f"{_hits(hits)} × {hit_how}", f"{_hits_zh(hits)} × {hit_zh}")]
    elif rule == "guangdong.tuidaohu":
        hand = money(v, unit)
        unit_how = f" × {unit}" if unit != 1 else ""
        parts = [Part("hand", hand, f"value {_value(win, '')}{unit_how}", f"{_value(win, '')}{unit_how}"),
                 Part("horses", hand * hits, f"{_hits(hits)} × {hand} (the hand)", f"{_hits_zh(hits)} × {hand}（牌值）")]
    elif rule == "guangdong.lianhua":
        parts = [Part("hand", money(v, unit), f"{unit} × {_value(win, '')}", f"{unit} × {_value(win, '')}"),
                 Part("horses", money(hits, unit), f"{_hits(hits)} × {unit}", f"{_hits_zh(hits)} × {unit}")]
    elif rule == "guangdong.bao":
        parts = [Part("hand", _exact(Fraction(v) * Fraction(str(unit)) / 3), f"{v} × {unit} / 3", f"{v} × {unit} / 3")]
    else:
        raise ValueError(f"unknown Guangdong settlement rule {rule!r}")
    if options["self_draw_double"] and win.method == "self_drawn":
        parts = [_doubled(p) if p.what == "hand" else p for p in parts]
    cap = ceiling(options)
    if cap is not None and sum(p.amount for p in parts) > cap.amount:
        return [cap]
    return [p for p in parts if p.amount]


def _doubled(part: Part) -> Part:
    """The hand part of a self-drawn share under 自摸加倍: twice the amount, said before 包's
    ``/ 3`` so a whole bill still reads as one."""
    def said(text: str, words: str) -> str:
        head, third = (text[:-4], text[-4:]) if text.endswith(" / 3") else (text, "")
        return f"{head} × 2 ({words}){third}"
    return part._replace(amount=part.amount * 2, how=said(part.how, "self-draw double"),
                         how_zh=said(part.how_zh, "自摸加倍"))


_PART_ZH = {"hand": "牌", "horses": "马"}


def _reason(rule: str, part: Part, shares: int, double: bool) -> Why:
    """How one payer's amount of ``part`` is made: the share's arithmetic, then the payer's shares
    (three: the whole bill, which for 包 is V × b itself) and the dealer's double."""
    how, zh = part.how, part.how_zh
    if shares == 3 and rule == "guangdong.bao" and part.what == "hand":
        how, zh = how.removesuffix(" / 3") + " (the whole bill)", zh.removesuffix(" / 3") + "（全包）"
    elif shares > 1:
        how, zh = how + f" × {shares} shares", zh + f" × {shares} 份"
    if double:
        how, zh = how + " × 2 (the dealer pays double)", zh + " × 2（庄家付双倍）"
    if part.what == "cap":
        return why("capped", how, zh)
    return why(part.what, f"{part.what}: {how}", f"{_PART_ZH[part.what]}：{zh}")


def win_payments(rule: str, win: Win, hits: int, options: Mapping, *, seats: int = 4,
                 dealer: int = 0, dealer_streak: int = 0) -> list[Payment]:
    """The payments of one win: each payer's shares of each part, the dealer's double (莲花),
    and 节节高 when the winning dealer has kept the deal ``dealer_streak`` hands."""
    parts = share(rule, win, hits, options)
    bonus = options["dealer_streak_bonus"]
    streak = bonus * dealer_streak if win.seat == dealer else 0
    out = []
    for payer in payers(win, seats, options):
        double = bool(options["dealer_pays_double"] and payer.seat == dealer and win.seat != dealer)
        factor = payer.shares * (2 if double else 1)
        for part in parts:
            out.append(Payment.of(payer.seat, win.seat, _exact(part.amount * factor),
                                  (payer.reason, _reason(rule, part, payer.shares, double))))
        if streak:
            times, times_zh = (f" × {payer.shares} shares", f" × {payer.shares} 份") if payer.shares > 1 else ("", "")
            out.append(Payment.of(payer.seat, win.seat, _exact(streak * payer.shares), why(
                "dealer_streak", "dealer streak (节节高): {streak} × {bonus}" + times,
                "节节高：{winner} 连庄 {streak} × {bonus}" + times_zh,
                {"winner": win.seat}, streak=dealer_streak, bonus=bonus)))
    return out


def follow_dealer(dealer: int, options: Mapping, seats: int = 4) -> list[Payment]:
    """跟庄: the dealer pays ``follow_dealer_amount`` × unit to each other player (nothing when
    the profile's ``follow_dealer`` is off)."""
    if not options["follow_dealer"]:
        return []
    amount = money(options["follow_dealer_amount"], options["unit"])
    return [Payment.of(dealer, p, amount, why("follow_dealer", "follow the dealer (跟庄)", "跟庄：庄家 {dealer} 付",
                                              {"dealer": dealer})) for p in range(seats) if p != dealer]
