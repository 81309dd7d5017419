"""Who deals the next hand under each Guangdong profile (plugins/mahjong_guangdong/flow.py
``next_dealer``), on hands described by what the rotation reads: the dealer, the winners and
whether the dealer is ready (听牌) when the hand is drawn."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

import mahjong_core

from mahjong_guangdong.flow import next_dealer


def hand(name: str, dealer: int, winners: tuple, ready: bool = False):
    return SimpleNamespace(ruleset=mahjong_core.load_ruleset(name), dealer=dealer, winners=winners, seats=4,
                           waits=lambda seat: (5,) if ready and seat == dealer else ())


@pytest.mark.parametrize("name, dealer, winners, ready, want", [
    # 大胡 table (and its overlays): a winning dealer keeps the deal; otherwise the next seat deals
    ("guangdong", 1, (1,), False, 1),
    ("guangdong", 1, (3,), False, 2),
    ("guangdong", 3, (), True, 0),                # a drawn hand passes it, ready or not
    ("guangdong-100", 2, (2, 0), False, 2),       # the dealer among several robbers
    # 推倒胡: the winner deals; a drawn hand keeps the dealer
    ("guangdong-tuidaohu", 1, (3,), False, 3),
    ("guangdong-tuidaohu", 1, (), False, 1),
    # 莲花: kept when the dealer wins or is ready in a drawn hand, else the next seat
    ("guangdong-lianhua", 2, (2,), False, 2),
    ("guangdong-lianhua", 2, (0,), False, 3),
    ("guangdong-lianhua", 2, (), True, 2),
    ("guangdong-lianhua", 2, (), False, 3),
    # 包: the winner (the first robber) deals; a drawn hand keeps the dealer
    ("guangdong-bao", 0, (2, 3), False, 2),
    ("guangdong-bao", 0, (), False, 0),
])
def test_next_dealer(name, dealer, winners, ready, want):
    assert next_dealer(hand(name, dealer, winners, ready)) == want
