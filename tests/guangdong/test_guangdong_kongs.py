"""Guangdong kong money (plugins/mahjong_guangdong/kongs.py) over the core kong book's kongs:
amounts, the robbed player's chain, 杠上杠, 抢杠."""
from __future__ import annotations

from fractions import Fraction

from mahjong_core.engine.records import Event
from mahjong_core.engine.settle.money import Payment
from mahjong_core.engine.settle import Kong
from mahjong_guangdong import kongs as K
from mahjong_core import load_ruleset

from guangdong_kit import deltas

DAHU = load_ruleset("guangdong").options
BAO = load_ruleset("guangdong-bao").options


def kong(seat, kind, feeder=None, on_kong=False):
    """A completed kong as the core kong book holds it."""
    data = {"type": "kong", "seat": seat, "kind": kind, "tile": "1m", "from": feeder, "after_kong": on_kong}
    return Kong(seat, kind, 0, Event("kong", 0, data), on_kong)


def test_money_is_exact():
    assert K.money(1.5, 20) == 30 and isinstance(K.money(1.5, 20), int)
    assert K.money(0.5, 3) == Fraction(3, 2)


def test_dahu_amounts_are_ratios_of_u():
    # the 大胡 text's kong money at u = 20: added 10 from each other, exposed 30 from the feeder,
    # concealed 20 each
    ks = [kong(0, "added"), kong(1, "exposed", 3), kong(2, "concealed")]
    pays = K.kong_money(ks, DAHU, won=True)
    # seat 0: +30 −20 = 10; seat 1: −10 +30 −20 = 0; seat 2: −10 +60 = 50; seat 3: −10 −30 −20 = −60
    assert deltas(pays) == [10, 0, 50, -60]


def test_a_drawn_hand_voids_kong_money_unless_paid_on_draw():
    ks = [kong(0, "concealed")]
    assert K.kong_money(ks, DAHU, won=False) == []
    paid = dict(DAHU, kong_paid_on_draw=True)
    assert deltas(K.kong_money(ks, paid, won=False)) == [60, -20, -20, -20]


def test_a_robbed_kong_earns_nothing():
    # the kong book leaves the robbed kong out: nothing is left to pay
    assert K.kong_money([], DAHU, won=True, robbed_seat=3, robbers=[1]) == []


def test_the_robbed_players_chain():
    ks = [kong(1, "concealed"), kong(2, "exposed", 0), kong(1, "exposed", 3),
          kong(1, "concealed", on_kong=True)]
    robbed = Event("kong", 9, {"type": "kong", "seat": 1, "kind": "added", "tile": "5p", "after_kong": True})
    assert K.chain_before(ks, robbed) == [ks[2], ks[3]]
    assert K.chain_before(ks, Event("kong", 9, {"type": "kong", "seat": 1, "kind": "added", "tile": "5p"})) == []


def test_kong_on_kong_full_pay_feeder_pays_the_chain_only():
    # 包's 杠上杠 at b = 3: exposed 3b = 9, concealed 2b = 6 from the feeder; seat 3's own kong drops
    ks = [kong(3, "concealed"), kong(1, "exposed", 2), kong(1, "concealed", on_kong=True)]
    pays = K.kong_money(ks, BAO, won=True, bloom=ks[1:])
    assert [(p.payer, p.payee, p.amount) for p in pays] == [(2, 1, 9), (2, 1, 6)]
    off = dict(BAO, kong_on_kong_full_pay=False)
    # seat 3's concealed: 6 from each of 0, 1, 2; seat 1's exposed: 9 from seat 2; its concealed:
    # 6 from each of 0, 2, 3. Seat 0: −6 −6; seat 1: −6 +9 +18; seat 2: −6 −9 −6; seat 3: +18 −6
    assert deltas(K.kong_money(ks, off, won=True, bloom=ks[1:])) == [-12, 21, -21, 12]


def test_kong_on_kong_chain_rates_added_is_one_share():
    ks = [kong(1, "exposed", 2), kong(1, "added", on_kong=True)]
    assert [p.amount for p in K.kong_money(ks, BAO, won=True, bloom=ks)] == [9, 3]


def test_rob_pays_chain_exposed_and_drops_the_rest():
    # 包's 抢杠: the robbed seat 3 pays each robber 3b = 9 per exposed kong of his chain
    ks = [kong(0, "concealed"), kong(3, "exposed", 0)]           # seat 3's added kong was robbed
    pays = K.kong_money(ks, BAO, won=True, robbed_seat=3, robbed_chain=ks[1:], robbers=[1, 2])
    assert deltas(pays) == [0, 9, 9, -18]
    keep = dict(BAO, rob_kong_drops_other_kong_points=False)
    # + seat 0's concealed (6 each) + seat 3's exposed (9 from seat 0)
    assert deltas(K.kong_money(ks, keep, won=True, robbed_seat=3, robbed_chain=ks[1:], robbers=[1, 2])) == [18 - 9, 9 - 6, 9 - 6, -18 - 6 + 9]
    neither = dict(keep, rob_kong_pays_chain_exposed=False)
    assert deltas(K.kong_money(ks, neither, won=True, robbed_seat=3, robbed_chain=ks[1:], robbers=[1])) == [9, -6, -6, 3]


def test_horse_follows_kong_repeats_the_winners_kong_money_per_hit():
    pays = [Payment(1, 0, 20, "concealed kong"), Payment(2, 3, 30, "exposed kong")]
    extra = K.horse_kong_bonus(pays, winner=0, hits=2)
    assert [(p.payer, p.payee, p.amount) for p in extra] == [(1, 0, 40)]
    assert K.horse_kong_bonus(pays, winner=0, hits=0) == []


def test_own_kong_money_chain_amounts_are_every_payers_share():
    # guangdong (u = 20): exposed 1.5u from its one feeder = 30; added 0.5u × 3 payers = 30;
    # concealed u × 3 = 60. 包 keeps its own rates: concealed 2b = 6
    assert [K.chain_amount(k, DAHU).amount for k in ("exposed", "added", "concealed")] == [30, 30, 60]
    assert K.chain_amount("added", DAHU).how == "0.5 × 20 × 3 payers"
    assert K.chain_amount("concealed", BAO) == K.ChainAmount(6, "2 × 3")
