"""Guangdong bills (plugins/mahjong_guangdong/bills.py): one share per profile, who pays, the 包
rules, the dealer's double, 节节高, 封顶, 跟庄; the horse count (settle.horse_hits)."""
from __future__ import annotations

from fractions import Fraction

import pytest

from mahjong_core.engine import tiles as T
from mahjong_guangdong import bills as B, settle as S
from mahjong_core import load_ruleset

from guangdong_kit import deltas

DAHU, TDH, LIANHUA, BAO = (load_ruleset(r).options for r in ("guangdong", "guangdong-tuidaohu",
                                                              "guangdong-lianhua", "guangdong-bao"))


def test_dahu_self_draw_share_is_f_u_one_plus_h():
    # F = 4, u = 20, H = 2: 80 + 160 = 240 from each (the 大胡 rule text's worked example: +720)
    pays = B.win_payments("guangdong.dahu", B.Win(1, 4), 2, DAHU)
    assert deltas(pays) == [-240, 720, -240, -240]
    assert [p.reason for p in pays[:2]] == ["self-drawn win; hand: 4番 × 20", "self-drawn win; horses: 2 hits × 80 (the hand)"]


def test_dahu_horse_value_base_point():
    # horse_value base_point: a hit is worth u, not the hand: 80 + 2 × 20 = 120
    opts = dict(DAHU, horse_value="base_point")
    assert deltas(B.win_payments("guangdong.dahu", B.Win(1, 4), 2, opts))[1] == 360


def test_discard_and_robbed_kong_payers():
    disc = B.win_payments("guangdong.dahu", B.Win(2, 4, "discard", 1), 0, DAHU)
    assert deltas(disc) == [0, -80, 80, 0]
    robbed = B.Win(2, 1, "robbing_kong", 3)
    assert deltas(B.win_payments("guangdong.dahu", robbed, 0, DAHU)) == [0, 0, 20, -20]
    # 抢杠全包: three shares
    full = dict(DAHU, rob_kong_full_pay=True)
    assert deltas(B.win_payments("guangdong.dahu", robbed, 0, full)) == [0, 0, 60, -60]


def test_kong_bloom_full_pay_on_and_off():
    win = B.Win(1, 2, bloom_feeder=3, after_kong=1)
    assert deltas(B.win_payments("guangdong.dahu", win, 0, DAHU)) == [0, 120, 0, -120]
    off = dict(DAHU, kong_bloom_full_pay=False)
    assert deltas(B.win_payments("guangdong.dahu", win, 0, off)) == [-40, 120, -40, -40]
    # a chain of the winner's own kongs has no feeder: a plain self-draw
    own = B.Win(1, 2, bloom_feeder=None, after_kong=1)
    assert deltas(B.win_payments("guangdong.dahu", own, 0, DAHU)) == [-40, 120, -40, -40]


def test_cap_is_a_per_share_ceiling():
    # F = 10, H = 2: 200 + 400 = 600 per share, capped at 300
    opts = dict(DAHU, cap_money=300)
    pays = B.win_payments("guangdong.dahu", B.Win(0, 10), 2, opts)
    assert deltas(pays) == [900, -300, -300, -300]
    assert pays[0].reason == "self-drawn win; capped at 300 (封顶, cap_money)"


def test_cap_in_units_is_a_multiple_of_the_unit_and_the_lower_cap_holds():
    # ×10 of u = 20: 200 per share; with cap_money 300 as well, the lower (200) holds
    opts = dict(DAHU, cap_in_units=10, cap_money=300)
    pays = B.win_payments("guangdong.dahu", B.Win(0, 10), 2, opts)
    assert deltas(pays) == [600, -200, -200, -200]
    assert pays[0].reason == "self-drawn win; capped at 10 × 20 = 200 (封顶, cap_in_units)"
    # 包: the unit is b = 3, ×5 = 15 a share; a 杠爆 feeder's three shares: 45 (V = 36: T = 108)
    bao = dict(BAO, cap_in_units=5)
    pays = B.win_payments("guangdong.bao", B.Win(1, 36, bloom_feeder=2, after_kong=1), 0, bao)
    assert [(p.payer, p.amount, p.reason) for p in pays] == [
        (2, 45, "kong bloom: feeder pays all (杠爆全包); capped at 5 × 3 = 15 (封顶, cap_in_units) × 3 shares")]


def test_dealer_streak_bonus_for_a_winning_dealer_only():
    # 节节高 2 per hand kept, streak 3: each payer adds 6
    opts = dict(DAHU, dealer_streak_bonus=2)
    assert deltas(B.win_payments("guangdong.dahu", B.Win(0, 1), 0, opts, dealer=0, dealer_streak=3)) == [78, -26, -26, -26]
    assert deltas(B.win_payments("guangdong.dahu", B.Win(1, 1), 0, opts, dealer=0, dealer_streak=3)) == [-20, 60, -20, -20]


def test_tuidaohu_share_is_value_times_one_plus_h():
    # value 2^3 = 8, H = 2: 8 + 16 = 24 from each
    assert deltas(B.win_payments("guangdong.tuidaohu", B.Win(2, 8), 2, TDH)) == [-24, -24, 72, -24]
    # a club allowing discard wins (gofishing): the discarder pays alone
    assert deltas(B.win_payments("guangdong.tuidaohu", B.Win(2, 8, "discard", 0), 0, TDH)) == [-8, 0, 8, 0]


def test_lianhua_dealer_pays_double_unless_off():
    # m = 2, H = 1: P = 200 + 100 = 300; the dealer 600
    win = B.Win(1, 2)
    assert deltas(B.win_payments("guangdong.lianhua", win, 1, LIANHUA, dealer=0)) == [-600, 1200, -300, -300]
    off = dict(LIANHUA, dealer_pays_double=False)
    assert deltas(B.win_payments("guangdong.lianhua", win, 1, off, dealer=0)) == [-300, 900, -300, -300]
    # the dealer winning: his ×2 is inside m already; nobody doubles
    assert deltas(B.win_payments("guangdong.lianhua", B.Win(0, 4), 0, LIANHUA, dealer=0)) == [1200, -400, -400, -400]


def test_lianhua_robbed_dealer_pays_alone_double():
    win = B.Win(2, 2, "robbing_kong", 0)
    assert deltas(B.win_payments("guangdong.lianhua", win, 0, LIANHUA, dealer=0)) == [-400, 0, 400, 0]


def test_bao_shares_are_a_third_of_t():
    # V = 6, b = 3: T = 18, 6 from each; a robbed kong: the robbed player pays T
    assert deltas(B.win_payments("guangdong.bao", B.Win(1, 6), 0, BAO)) == [-6, 18, -6, -6]
    assert deltas(B.win_payments("guangdong.bao", B.Win(1, 6, "robbing_kong", 2), 0, BAO)) == [0, 18, -18, 0]


def test_bao_share_may_be_a_fraction():
    # b = 1: T = 6 × 1, a third is 2; V = 12 with b = 0.5: T = 6, thirds 2; b = 1, V = 1 → 1/3
    assert B.share("guangdong.bao", B.Win(0, 1), 0, dict(BAO, unit=1))[0].amount == Fraction(1, 3)


def test_single_wait_liability_needs_four_melds_no_bloom_and_another_seat():
    win = B.Win(1, 12, claim_liable=3, melds=4)
    assert deltas(B.win_payments("guangdong.bao", win, 0, BAO)) == [0, 36, 0, -36]
    for other in (win._replace(melds=3), win._replace(after_kong=1), win._replace(claim_liable=1),
                  win._replace(claim_liable=None)):
        assert deltas(B.win_payments("guangdong.bao", other, 0, BAO)) == [-12, 36, -12, -12]
    assert deltas(B.win_payments("guangdong.bao", win, 0, dict(BAO, single_wait_liability=False))) == [-12, 36, -12, -12]


def test_follow_dealer_pays_each_other_player():
    assert deltas(B.follow_dealer(2, LIANHUA)) == [100, 100, -300, 100]
    assert B.follow_dealer(2, DAHU) == []
    assert deltas(B.follow_dealer(0, dict(DAHU, follow_dealer=True, follow_dealer_amount=0.5))) == [-30, 10, 10, 10]


def test_unknown_rule():
    with pytest.raises(ValueError):
        B.share("guangdong.nope", B.Win(0, 1), 0, DAHU)


def test_horse_count_streak_and_tuidaohu_ghost_rule():
    # 买马节节高 +2 per hand kept, streak 1: the winning dealer turns 6 horses, 1m×6 all hit
    opts = dict(DAHU, horse_streak_bonus=2)
    winner = S.Winner(B.Win(0, 1), T.parse_tiles("1m1m1m1m1m1m"))
    assert S.horse_hits(winner, opts, dealer=0, dealer_streak=1).hits == 6
    assert S.horse_hits(winner, opts, dealer=0, dealer_streak=0).hits == 4
    # 推倒胡: 4 horses with a ghost held, else 6
    tdh = dict(TDH)
    assert S.horse_hits(winner._replace(ghosts_held=1), tdh, dealer=0).hits == 4
    assert S.horse_hits(winner, tdh, dealer=0).hits == 6
