"""Blood battle and blood river settled against an independent settlement
(tests/support/reference_sichuan.py, written from the rule texts without reading the plugin): the
same deltas on hands the table plays with greedy bots (their records, play log and all: kongs,
late added kongs, 呼叫转移, several winners, 查大叫 and 退税 at the wall's end) and on random
records of every path (flower pigs among them)."""
from __future__ import annotations

import json

import pytest

import mahjong_core
from mahjong_core.engine.table.match import play_series

import sichuan_recordgen
from reference_sichuan import settle as reference_settle

MODES = {"sichuan": "blood_battle", "sichuan-xueliu": "blood_river"}


def _reference(record: dict, name: str) -> list[int]:
    return reference_settle(record, MODES[name])[0]


@pytest.mark.parametrize("name", MODES)
def test_hands_the_table_plays_settle_as_the_reference_settles_them(name):
    rules = mahjong_core.load_ruleset(name)
    for result in play_series(rules, ["greedy"] * 4, 3, 16):
        record = json.loads(json.dumps(result.record))
        assert list(result.deltas) == _reference(record, name), json.dumps(record["events"], ensure_ascii=False)


def test_random_records_settle_as_the_reference_settles_them():
    compared = {name: 0 for name in MODES}
    for name, record in sichuan_recordgen.seeded_records(240, seed=11):
        if name not in MODES:
            continue                    # sichuan-tencent: a profile the reference does not read
        got = list(mahjong_core.load_ruleset(name).settle(record).deltas)
        assert got == _reference(record, name), json.dumps(record["events"], ensure_ascii=False)
        compared[name] += 1
    assert min(compared.values()) >= 60
