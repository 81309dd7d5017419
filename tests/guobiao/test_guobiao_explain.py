"""Explanations of Guobiao results: structural notes (combination principles, waits) and the
YAML exclusions the engine reports."""
from __future__ import annotations

import pytest

import mahjong_core
from mahjong_guobiao.explain import explain


@pytest.fixture(scope="module")
def rules():
    return mahjong_core.load_ruleset("guobiao")


def test_links_capped_by_the_once_only_principle(rules):
    result = rules.score({"hand": "234567s23456p55m", "win_tile": "7p"}, enforce_minimum=False)   # T01
    out = explain(result, rules)
    assert any(n.startswith("套算一次: 4 pairwise chow links found, at most 3 count") for n in out["notes"])
    assert {"id": "no_honors", "zh": "无字", "by": ["all_simples", "all_chows"]} in out["excluded"]


def test_three_chow_fan_and_the_fourth_chow(rules):
    result = rules.score({"hand": "112233456789m1z", "win_tile": "1z"})                          # T04
    notes = explain(result, rules)["notes"]
    assert notes[0] == ("清龙: 123m 456m 789m (不拆移: not re-linked among themselves); the fourth chow "
                        "123m adds one link, 一般高 (套算一次, 不得相同)")
    assert "waited only on 1z" in notes[1]


def test_wind_pungs_and_discard_completed_pungs(rules):
    result = rules.score({"hand": "111m333777s1116z", "win_tile": "6z"})                         # example-12 + 6z
    notes = " | ".join(explain(result, rules)["notes"])
    assert "111z scores 圈风刻 and 门风刻, so it is not also 幺九刻" in notes


def test_discard_pung_note(rules):
    result = rules.score({"hand": "111m333777s11z66z", "win_tile": "1z"})
    notes = " | ".join(explain(result, rules)["notes"])
    assert "the discarded 1z completes 111z, which therefore counts as melded" in notes


def test_special_shape_note(rules):
    result = rules.score({"hand": "19m19p19s1234567z", "win_tile": "5z"})
    assert explain(result, rules)["notes"][0].startswith("read as thirteen orphans")
