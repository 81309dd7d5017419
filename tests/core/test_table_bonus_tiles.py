"""Bonus tiles per tile set (TileSet.bonus): honours as bonus tiles, situation flowers as a
multiset of them up to their copies, the number form up to every bonus copy, bonus tiles refused
in the hand, melds and winning tile, and core.flowers counting every bonus tile."""
from __future__ import annotations

import types

import pytest

import table_plugin
from testpaths import DATA
from mahjong_core import MahjongError
from mahjong_core.engine.registry import Engine
from mahjong_core.engine.hand import TableRules, parse_situation
from mahjong_core.plugin import TileSet, hookimpl

HAND = "123m456m789m123p456p1s"          # 16 standing tiles, waiting on 1s


@pytest.fixture(scope="module")
def rules():
    engine = Engine(plugins=[table_plugin], entry_points=False)
    assert engine.failures == {}
    return engine.load_ruleset(DATA / "bonus-16.yaml")


def _error(rules, **situation):
    with pytest.raises(MahjongError) as info:
        rules.score(dict({"hand": HAND, "win_tile": "1s", "self_drawn": True}, **situation))
    return info.value.code, info.value.message


def test_standard_144_has_the_eight_flowers_once_each(core_engine):
    ts = core_engine.registry.tile_sets["standard_144"].item
    assert dict(ts.bonus) == {t: 1 for t in range(34, 42)} and ts.flowers
    assert dict(core_engine.registry.tile_sets["standard_136"].item.bonus) == {}
    assert TableRules().bonus_copies == 8 and TableRules(flowers=False).bonus_copies == 0


def test_honours_are_bonus_tiles_of_the_test_tile_set(rules):
    assert rules.table.bonus_copies == 7 * 4 + 8
    assert rules.table.flowers and 27 not in rules.table.kinds


def test_flowers_may_list_honours_several_times_and_each_counts(rules):
    # hand-worked: self-drawn 1, five bonus tiles 5 (docs/formats.md's `flowers` example)
    res = rules.score({"hand": HAND, "win_tile": "1s", "self_drawn": True, "flowers": "1f6f1z1z5z"})
    assert (res.total, {f.id: f.count for f in res.fans}) == (6, {"bonus_tiles": 5, "self_drawn": 1})
    assert res.situation.flowers == (27, 27, 31, 34, 39)           # sorted: 1z 1z 5z 1f 6f
    assert res.situation.to_dict()["flowers"] == "115z16f"
    every = rules.score({"hand": HAND, "win_tile": "1s", "self_drawn": True, "flowers": "1111234567z12345678f"})
    assert every.total == 1 + 10 + 8           # four 1z, one each of 2z–7z, the eight flowers


def test_the_number_form_runs_to_every_bonus_copy(rules):
    assert rules.score({"hand": HAND, "win_tile": "1s", "self_drawn": True, "flowers": 36}).total == 37
    assert _error(rules, flowers=37) == ("invalid_situation", "field 'flowers' must be 0–36, got 37")


def test_a_bonus_tile_beyond_its_copies_is_too_many(rules):
    assert _error(rules, flowers="11111z") == ("too_many_copies",
                                               "bonus tile 1z appears 5 times; the tile set has 4")
    assert _error(rules, flowers="1f1f") == ("too_many_copies", "flower 1f appears twice; each flower exists once")


def test_a_playable_tile_is_no_bonus_tile(rules):
    assert _error(rules, flowers="1m") == (
        "invalid_tile", "field 'flowers': 1m is not a bonus tile of this ruleset's tile set 'test.bonus_honours' "
                        "(its bonus tiles: 1234567z12345678f)")


@pytest.mark.parametrize("situation", [
    {"hand": "123m456m789m123p456p1z", "win_tile": "1z"},
    {"hand": HAND, "win_tile": "5z"},
    {"hand": "123m456m789m123p1s", "melds": [{"type": "pung", "tiles": "777z"}], "win_tile": "1s"},
], ids=["hand", "win_tile", "meld"])
def test_a_bonus_tile_belongs_in_flowers(rules, situation):
    with pytest.raises(MahjongError) as info:
        rules.score(situation)
    tile = "1z" if "1z" in situation["hand"] else "5z" if situation["win_tile"] == "5z" else "7z"
    assert (info.value.code, info.value.message) == (
        "invalid_situation", f"tile {tile} is a bonus tile of this ruleset's tile set 'test.bonus_honours': it "
                             f"belongs in 'flowers', not in the hand, melds or winning tile")


def test_flowers_keep_their_meaning_where_they_are_the_only_bonus_tiles():
    rules = TableRules()
    s = parse_situation({"hand": "123m456p789s1122z", "win_tile": "1z", "flowers": "8f1f"}, rules)
    assert (s.flowers, s.flower_count) == ((34, 41), 2)
    with pytest.raises(MahjongError) as info:
        parse_situation({"hand": "123m456p789s1122z", "win_tile": "1z", "flowers": "1z"}, rules)
    assert info.value.message == "field 'flowers': 1z is not a flower (flowers are 1f–8f)"


def test_a_kind_both_playable_and_bonus_is_refused_at_registration():
    with pytest.raises(ValueError, match="both playable and a bonus tile"):
        TileSet("x", frozenset(range(34)), bonus={27: 4})

    broken = types.ModuleType("broken_tiles")
    broken.mahjong_tile_sets = hookimpl(lambda: [TileSet("x", frozenset(range(34)), bonus={27: 4})])
    engine = Engine(plugins=[broken], entry_points=False)
    assert "both playable and a bonus tile" in engine.failures["broken_tiles"]
