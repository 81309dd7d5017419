"""Guangdong checks read on their own (the golden hands score them through the rulesets; the
rulesets are held to the plugin in test_guangdong_rulesets.py)."""
from __future__ import annotations

from types import SimpleNamespace

from mahjong_core.engine import tiles as T
from mahjong_core.engine.hand import Situation
from mahjong_guangdong import patterns as P
from mahjong_guangdong.facts import ghost_tiles, natural_counts, suits_of_counts



def ctx(**fields) -> SimpleNamespace:
    data = {k: (T.parse_tiles(v) if k in ("hand", "flowers", "wilds") else v) for k, v in fields.items()}
    if "win_tile" in data:
        data["win_tile"] = T.tile(data["win_tile"])
    return SimpleNamespace(situation=Situation(**data), options={})


def test_four_red_dragons_is_the_bonus_win_reading():
    # 四红中 (莲花, BestGuo2020): core's table.bonus_win reading (the fourth drawn, three in
    # flowers, whatever the hand); a reading of any other shape is none, whatever `flowers` say
    def read(shape, **fields):
        c = ctx(**fields)
        c.decomposition = SimpleNamespace(shape=shape)
        return c
    assert P.four_bonus(read("bonus_win", hand="1357m2468p135s9s", flowers="7z7z7z", win_tile="7z")) == 1
    assert P.four_bonus(read("standard", hand="234m567p123s111z9s", flowers="7z7z7z", win_tile="9s")) == 0


def test_four_ghosts_and_no_ghost_bonus():
    held = ctx(hand="5m5m5m123p456p789s1z", win_tile="5m", wilds="5m", self_drawn=True,
               extras={"before_first_discard": True})
    assert P.four_wilds(held) == 1 and P.no_wilds(held) == 0
    # 四鬼胡牌 only before the first discard: first_turn says so too; neither, no 四鬼
    assert P.four_wilds(ctx(hand="5m5m5m123p456p789s1z", win_tile="5m", wilds="5m", self_drawn=True,
                            first_turn=True)) == 1
    assert P.four_wilds(ctx(hand="5m5m5m123p456p789s1z", win_tile="5m", wilds="5m", self_drawn=True)) == 0
    three = ctx(hand="5m5m123p456p789s1z2z", win_tile="5m", wilds="5m")
    assert P.four_wilds(three) == 0
    none = ctx(hand="123m123p456p789s1z", win_tile="1z", wilds="5m")
    assert P.no_wilds(none) == 1
    # a game without ghosts has no 无鬼加倍 / 四鬼
    plain = ctx(hand="123m123p456p789s1z", win_tile="1z")
    assert P.no_wilds(plain) == 0 and P.four_wilds(plain) == 0


def test_bloom_needs_a_self_drawn_replacement():
    assert P.bloom(ctx(hand="1m", win_tile="1m", after_kong=1, self_drawn=True)) == {"gangshang_kaihua": 1}
    assert P.bloom(ctx(hand="1m", win_tile="1m", after_kong=3, self_drawn=True)) == {"gangshang_gang_kaihua": 1}
    assert P.bloom(ctx(hand="1m", win_tile="1m", after_kong=1)) == {}
    assert P.bloom(ctx(hand="1m", win_tile="1m", self_drawn=True)) == {}


def test_plain_row_named_by_the_win_method():
    assert P.plain_by_method(ctx(hand="1m", win_tile="1m", robbing_kong=True)) == {"qianggang_hu": 1}
    assert P.plain_by_method(ctx(hand="1m", win_tile="1m", self_drawn=True)) == {"putong_zimo": 1}
    assert P.fallback(ctx(hand="1m", win_tile="1m")) == 0


def test_natural_tiles_leave_every_ghost_kind_tile_out():
    s = ctx(hand="111z123s", win_tile="1z", wilds="1z").situation
    counts = natural_counts(s)
    assert sum(counts) == 3 and suits_of_counts(counts).numbered == frozenset({2})
    assert ghost_tiles(s) == 4
    assert ghost_tiles(ctx(hand="111z123s", win_tile="1z").situation) == 0
