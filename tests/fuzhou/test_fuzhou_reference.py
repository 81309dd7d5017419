"""Fuzhou's settlement against an independent one (tests/support/reference_fuzhou.py, written from
the rule texts without reading the plugin): the same deltas on hands the table plays with greedy
bots (the table's own records, play log and all) and on random records of every special (天胡,
抢金, 三金倒, discard wins, robbed kongs in classic, the dealer streak), in both lines."""
from __future__ import annotations

import json

import pytest

import mahjong_core
from mahjong_core.engine.errors import MahjongError
from mahjong_core.engine.table.match import play_series

import fuzhou_recordgen
from reference_fuzhou import settle as reference_settle

LINES = ["fuzhou", "fuzhou-classic"]


@pytest.mark.parametrize("name", LINES)
def test_hands_the_table_plays_settle_as_the_reference_settles_them(name):
    rules = mahjong_core.load_ruleset(name)
    compared = wins = 0
    for result in play_series(rules, ["greedy"] * 4, 3, 24):
        record = json.loads(json.dumps(result.record))
        want, _ = reference_settle(record, name)
        assert list(result.deltas) == want, json.dumps(record["events"], ensure_ascii=False)
        compared += 1
        wins += bool(result.winners)
    assert compared == 24 and wins >= 18


@pytest.mark.parametrize("name", LINES)
def test_random_records_settle_as_the_reference_settles_them(name):
    rules = mahjong_core.load_ruleset(name)
    compared = 0
    for record in fuzhou_recordgen.records(seed=11, n=300, classic=name == "fuzhou-classic"):
        try:
            got = list(rules.settle(record).deltas)
        except MahjongError:
            continue                    # a record the format refuses (the reference does not check)
        want, detail = reference_settle(record, name)
        assert got == want, (json.dumps(record["events"], ensure_ascii=False), detail)
        compared += 1
    assert compared >= 250
