"""``table.wilds.face_up`` may name a plugin's declared bool field (``table.extras: {key: {field:
id}}``), not only an inline one: the ruleset loads and a win on the face-up copy reads it as itself."""
from __future__ import annotations

import pytest

import table_plugin
from testpaths import DATA
from mahjong_core import RulesetError
from mahjong_core.engine.registry import Engine

WILDS = "table:\n  wilds: {max_kinds: 1, copies: 3, face_up: %s, claim: false}\n"


@pytest.fixture(scope="module")
def engine():
    return Engine(plugins=[table_plugin], entry_points=False)


def _overlay(tmp_path, face_up: str):
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: {DATA / 'bonus-16.yaml'}\n" + WILDS % face_up, encoding="utf-8")
    return path


def test_face_up_names_a_declared_field(engine, tmp_path):
    rules = engine.load_ruleset(_overlay(tmp_path, "robbing_gold"))
    assert rules.table.wilds.face_up == "robbing_gold"
    # 123m 456m 789m 123p 456p + 1s (face-up, read as itself) with 1s standing: the pair
    sit = {"hand": "123m456m789m123p456p1s", "win_tile": "1s", "wilds": "1s", "self_drawn": True,
           "first_turn": True, "extras": {"robbing_gold": True}}
    assert rules.score(sit).situation.win_natural


def test_face_up_still_names_the_nearest_bool_field(engine, tmp_path):
    with pytest.raises(RulesetError) as info:
        engine.load_ruleset(_overlay(tmp_path, "robbing_glod"))
    assert "must name a bool key declared under table.extras, got 'robbing_glod' (did you mean 'robbing_gold'?)" \
        in info.value.message
