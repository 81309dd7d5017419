"""The `guobiao` settlement: golden records (tests/guobiao/data/guobiao_settlement.yaml) and zero-sum."""
from __future__ import annotations

import pytest
import yaml
from hypothesis import given, settings, strategies as st

import mahjong_core
from mahjong_core.engine.errors import MahjongError

from testpaths import GUOBIAO_DATA

RECORDS = yaml.safe_load((GUOBIAO_DATA / "guobiao_settlement.yaml")
                         .read_text(encoding="utf-8"))["records"]


@pytest.fixture(scope="module")
def rules():
    return mahjong_core.load_ruleset("guobiao")


@pytest.mark.parametrize("case", RECORDS, ids=[r["id"] for r in RECORDS])
def test_settlement_record(case, rules):
    expect = case["expect"]
    if "error" in expect:
        with pytest.raises(MahjongError) as info:
            rules.settle(case["record"])
        assert info.value.code == expect["error"]
        assert "events[" in info.value.message        # names the event
        return
    out = rules.settle(case["record"]).to_dict()
    assert out["deltas"] == expect["deltas"]
    assert out["payments"] == expect["payments"]
    assert sum(out["deltas"]) == 0


def test_base_comes_from_the_yaml(rules, tmp_path):
    overlay = tmp_path / "club.yaml"
    overlay.write_text("extends: guobiao\nsettlement: {id: guobiao, params: {base: 5}}\n", encoding="utf-8")
    club = mahjong_core.load_ruleset(overlay)
    out = club.settle(RECORDS[0]["record"]).to_dict()
    assert out["deltas"] == [-17, -17, 51, -17]


HANDS = [{"hand": "4445677m777p777s", "win_tile": "7m"},              # 22 (T11)
         {"hand": "123m456p789s111z9s", "win_tile": "9s"}]            # 花龙 + winds


@settings(max_examples=60, deadline=None)
@given(winner=st.integers(0, 3), discarder=st.one_of(st.none(), st.integers(0, 3)),
       dealer=st.integers(0, 3), hand=st.sampled_from(HANDS), flowers=st.integers(0, 8))
def test_settlement_is_zero_sum_and_follows_the_formula(winner, discarder, dealer, hand, flowers):
    rules = mahjong_core.load_ruleset("guobiao")
    if discarder == winner:
        discarder = None
    win = {"type": "win", "seat": winner, "situation": dict(hand, flowers=flowers)}
    if discarder is not None:
        win["from"] = discarder
    record = {"seats": 4, "dealer": dealer, "round_wind": "E", "events": [win]}
    out = rules.settle(record).to_dict()
    deltas = out["deltas"]
    assert sum(deltas) == 0
    f = rules.score(_situation(record)).total
    if discarder is None:
        assert deltas[winner] == 3 * (8 + f)
        assert all(deltas[s] == -(8 + f) for s in range(4) if s != winner)
    else:
        assert deltas[winner] == 24 + f
        assert deltas[discarder] == -(8 + f)
        assert all(deltas[s] == -8 for s in range(4) if s not in (winner, discarder))


def _situation(record):
    from mahjong_core.engine.records import parse_record
    rec = parse_record(record)
    return rec.situation_dict(rec.of_type("win")[0])
