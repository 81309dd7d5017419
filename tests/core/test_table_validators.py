"""Validators by id: YAML ``validators`` names registered validators, run after core's own checks;
Sichuan's void-suit veto and ruleset checks are ``sichuan.void_suit``, named by its YAML rather
than guessed from check ids."""
from __future__ import annotations

import types

import pytest

import table_plugin
from testpaths import DATA, MINI
from mahjong_core import MahjongError, NotWinningError, RulesetError
from mahjong_core.engine.registry import Engine
from mahjong_core.plugin import Validator, hookimpl

RULES = DATA / "bonus-16.yaml"
HAND = "123m456m789m123p456p1s"
THREE_SUITS = {"hand": "123m456p789s11s55s", "win_tile": "5s"}     # Sichuan: three suits cannot win


def test_a_named_validator_runs_on_every_situation():
    engine = Engine(plugins=[table_plugin], entry_points=False)
    rules = engine.load_ruleset(RULES)
    assert rules.validators == ("test.gold_at_opening",)
    with pytest.raises(NotWinningError, match="the gold is robbed at the opening"):
        rules.score({"hand": HAND, "win_tile": "1s", "self_drawn": True, "extras": {"robbing_gold": True}})


def test_validators_run_after_cores_own_checks():
    engine = Engine(plugins=[table_plugin], entry_points=False)
    rules = engine.load_ruleset(RULES)
    with pytest.raises(MahjongError) as info:       # a bad tile count is core's, before the validator
        rules.score({"hand": HAND[:-2], "win_tile": "1s", "extras": {"robbing_gold": True}})
    assert info.value.code == "wrong_tile_count"


def test_an_unknown_validator_is_an_error_at_its_line(tmp_path):
    engine = Engine(plugins=[table_plugin], entry_points=False)
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: {RULES}\nvalidators: [test.gold_at_openin]\n", encoding="utf-8")
    with pytest.raises(RulesetError) as info:
        engine.load_ruleset(path)
    assert info.value.message == (f"{path}:2: unknown validator 'test.gold_at_openin' (did you mean "
                                  f"'test.gold_at_opening'?)")
    path.write_text(f"extends: {RULES}\nvalidators: test.gold_at_opening\n", encoding="utf-8")
    with pytest.raises(RulesetError, match=r"house.yaml:2: 'validators' must be a list of validator ids"):
        engine.load_ruleset(path)


def test_a_validator_that_crashes_is_named(tmp_path):
    plugin = types.ModuleType("crashing")
    plugin.mahjong_validators = hookimpl(lambda: [Validator("crash.it", lambda s, r: 1 / 0)])
    engine = Engine(plugins=[plugin], entry_points=False)
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: {MINI}\nvalidators: [crash.it]\n", encoding="utf-8")
    with pytest.raises(MahjongError) as info:
        engine.load_ruleset(path).score({"hand": "123m456p789s1122z", "win_tile": "1z"})
    assert info.value.message == "plugin 'crashing': validator 'crash.it' failed: ZeroDivisionError: division by zero"


def test_a_ruleset_check_of_a_validator_runs_once_at_load(tmp_path):
    seen = []
    plugin = types.ModuleType("watching")
    plugin.mahjong_validators = hookimpl(lambda: [Validator("watch.rules", ruleset=lambda r: seen.append(r.name))])
    engine = Engine(plugins=[plugin], entry_points=False)
    path = tmp_path / "watched.yaml"
    path.write_text(f"extends: {MINI}\nvalidators: [watch.rules]\n", encoding="utf-8")
    rules = engine.load_ruleset(path)
    rules.score({"hand": "123m456p789s1122z", "win_tile": "1z"})
    assert seen == ["watched"]
    engine.load_ruleset(MINI)
    assert seen == ["watched"]


# --------------------------------------------------------------------------- Sichuan

def test_sichuan_names_its_void_suit_validator(engine):
    for name in ("sichuan", "sichuan-xueliu", "sichuan-tencent"):
        assert engine.load_ruleset(name).validators == ("sichuan.void_suit",)
    with pytest.raises(NotWinningError, match="all three suits"):
        engine.load_ruleset("sichuan").score(THREE_SUITS)


def test_the_sichuan_veto_follows_the_yaml_not_the_check_ids(engine, tmp_path):
    """An overlay that drops the validator keeps every Sichuan check yet no longer vetoes: the
    veto is what the YAML names, not a guess from the checks a ruleset uses."""
    path = tmp_path / "no-veto.yaml"
    path.write_text("extends: sichuan\nvalidators: []\n", encoding="utf-8")
    rules = engine.load_ruleset(path)
    assert any(r.check.startswith("sichuan.") for r in rules.fan_rules)
    assert rules.score(THREE_SUITS).ok


def test_the_sichuan_ruleset_checks_come_with_the_validator(engine, tmp_path):
    path = tmp_path / "bad-cap.yaml"
    path.write_text("extends: sichuan\nscoring: {value: {params: {cap_multiplier: 0}}}\n", encoding="utf-8")
    with pytest.raises(RulesetError, match="cap_multiplier must be a multiplier ≥ 1"):
        engine.load_ruleset(path)
