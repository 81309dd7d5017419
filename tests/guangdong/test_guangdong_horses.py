"""Guangdong horses (plugins/mahjong_guangdong/horses.py): seat tables, horse count, hits."""
from __future__ import annotations

import pytest

from mahjong_core.engine import tiles as T
from mahjong_core.engine.errors import SettlementError
from mahjong_guangdong import horses as H


def seat_of(table: str, tiles: str) -> list:
    return [H.table(table).get(t) for t in T.parse_tiles(tiles)]


def test_dealer_table_positions():
    # gofishing's winHorse: dealer 1/5/9 东 中; next 2/6 南 发; opposite 3/7 西 白; previous 4/8 北
    assert seat_of("dealer_1_5_9_east_red", "1m5p9s1z7z") == [0] * 5
    assert seat_of("dealer_1_5_9_east_red", "2m6s2z6z") == [1] * 4
    assert seat_of("dealer_1_5_9_east_red", "3p7m3z5z") == [2] * 4
    assert seat_of("dealer_1_5_9_east_red", "4s8p4z") == [3] * 3


def test_lianhua_table_positions():
    # 莲花's isHorseForSeat: dealer 1/5/9 东; next 2/6 红中 南; opposite 3/7 发 西; previous 4/8 白 北
    assert seat_of("lianhua", "1m5p9s1z") == [0] * 4
    assert seat_of("lianhua", "2m6s7z2z") == [1] * 4
    assert seat_of("lianhua", "3p7m6z3z") == [2] * 4
    assert seat_of("lianhua", "4s8p5z4z") == [3] * 4


def test_every_kind_has_one_seat_in_each_table():
    for name in H.TABLES:
        assert set(H.table(name)) == set(range(34)), name


def test_unknown_table_names_the_nearest():
    with pytest.raises(SettlementError, match="did you mean 'lianhua'"):
        H.table("lianhau")


def test_position_counts_turn_order_from_the_dealer():
    assert [H.position(s, 2) for s in range(4)] == [2, 3, 0, 1]


def test_horse_count_four_or_six_by_ghosts_held():
    # 推倒胡 (Bertramoon's 买马): 4 with a ghost-kind tile held, else 6
    assert H.horse_count(6, ghosts_held=1, with_ghost=4) == 4
    assert H.horse_count(6, ghosts_held=0, with_ghost=4) == 6
    assert H.horse_count(4, ghosts_held=3) == 4        # no with_ghost rule: always the plain count


def test_horse_count_streak_bonus_only_for_a_winning_dealer():
    # 买马节节高: +2 per hand kept → 4 + 2 × 3 = 10
    assert H.horse_count(4, streak_bonus=2, dealer_streak=3, winner_is_dealer=True) == 10
    assert H.horse_count(4, streak_bonus=2, dealer_streak=3, winner_is_dealer=False) == 4


def test_hits_use_the_first_n_tiles_listed():
    tiles = T.parse_tiles("2m6p1m2z6z")        # next seat: 2m 6p hit, 1m misses, 2z 6z would hit
    assert H.hits(tiles, 3, winner=1, dealer=0, table_name="dealer_1_5_9_east_red") == H.Hits(tiles[:3], 2)
    assert H.hits(tiles, 8, winner=1, dealer=0, table_name="dealer_1_5_9_east_red").hits == 4  # short: all


def test_hits_follow_the_winner_position_not_the_seat_number():
    # dealer is seat 3: seat 0 is his next seat (position 1)
    assert H.hits(T.parse_tiles("2m1m"), 4, winner=0, dealer=3, table_name="dealer_1_5_9_east_red").hits == 1
