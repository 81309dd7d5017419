"""推倒胡 and 包 settled against an independent settlement (tests/support/reference_guangdong.py,
written from the profiles' rule texts without reading the plugin): the same deltas on hands the
table plays with greedy bots (the table's own records, play log and all) and on random records of
every path (kongs of every kind and their chains, robbed kongs, 包's single-wait liability,
several ghosts, horses for every seat)."""
from __future__ import annotations

import json

import pytest

import mahjong_core
from mahjong_core.engine.errors import MahjongError
from mahjong_core.engine.table.match import play_series

import guangdong_recordgen
from reference_guangdong import SETTLE

PROFILES = ["guangdong-tuidaohu", "guangdong-bao"]


@pytest.mark.parametrize("name", PROFILES)
def test_hands_the_table_plays_settle_as_the_reference_settles_them(name):
    rules = mahjong_core.load_ruleset(name)
    wins = 0
    for result in play_series(rules, ["greedy"] * 4, 3, 24):
        record = json.loads(json.dumps(result.record))
        want, notes = SETTLE[name](record)
        assert list(result.deltas) == list(want), (json.dumps(record["events"], ensure_ascii=False), notes)
        wins += bool(result.winners)
    assert wins >= 18


@pytest.mark.parametrize("name", PROFILES)
def test_random_records_settle_as_the_reference_settles_them(name):
    rules = mahjong_core.load_ruleset(name)
    compared = 0
    for record in guangdong_recordgen.records(rules, name, seed=11, n=300):
        try:
            got = list(rules.settle(record).deltas)
        except MahjongError:
            continue                    # a record the format refuses (the reference does not check)
        want, notes = SETTLE[name](record)
        assert got == list(want), (json.dumps(record["events"], ensure_ascii=False), notes)
        compared += 1
    assert compared >= 250
