"""``scoring.total_units``: which units a result's ``total`` adds up (default all three), so a
ruleset whose doublings only act on the value (Fuzhou's self-draw × 2) reports ``total`` as
points + bonus; the minimum counts what ``total`` counts; the value and the search read every unit.
Errors at ``file:line``."""
from __future__ import annotations

import pytest

from mahjong_core import RulesetError
from mahjong_core.engine.fans import FanCheck

from house_plugins import engine_with, fans, overlay
from scoring_kit import SIT, UNITS_FANS, three


def rules_with(tmp_path, scoring: str):
    engine = engine_with(FanCheck("house.three", three))
    return engine.load_ruleset(overlay(tmp_path, f"scoring:\n{scoring}" + UNITS_FANS))


@pytest.mark.parametrize("units, total", [
    (None, 3 + 2 * 2 + 5),              # the default: every unit
    ("[points, bonus]", 3 + 5),         # the doublings d × 2 left out
    ("[points]", 3),
    ("[doublings]", 2 * 2),
])
def test_total_adds_only_the_named_units(tmp_path, units, total):
    extra = f"  total_units: {units}\n" if units else ""
    rules = rules_with(tmp_path, "  value: {formula: units}\n" + extra)
    result = rules.score(SIT)
    assert fans(result) == {"p": 1, "d": 2, "x": 1}
    assert result.total == total
    assert result.value == 3 * 2 ** 4 + 5            # the value reads every unit whatever the total
    assert rules.explain(result)["points_toward_minimum"] == total     # the minimum counts what total counts


@pytest.mark.parametrize("text, line, message", [
    ("  value: {formula: units}\n  total_units: [points, bonsu]\n", 4,
     "unknown unit 'bonsu' in 'scoring.total_units' (did you mean 'bonus'?)"),
    ("  value: {formula: units}\n  total_units: points\n", 4,
     "'scoring.total_units' must be a non-empty list of units (points, doublings, bonus)"),
    ("  value: {formula: units}\n  total_units: []\n", 4, "must be a non-empty list"),
    ("  total_units: [points]\n", 3, "'scoring.total_units' needs the value formula units"),
])
def test_errors_name_the_file_and_line(tmp_path, text, line, message):
    engine = engine_with(FanCheck("house.three", three))
    path = overlay(tmp_path, "scoring:\n" + text + UNITS_FANS)
    with pytest.raises(RulesetError) as info:
        engine.load_ruleset(path)
    assert info.value.message.startswith(f"{path}:{line}: "), info.value.message
    assert message in info.value.message
