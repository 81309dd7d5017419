"""The plugin's own tests, written with mahjong_core.testing: golden cases kept as data
(cases.yaml) and a property over generated winning hands."""
from __future__ import annotations

from pathlib import Path

import pytest

import mahjong_core
from mahjong_core.testing import load_cases, situations

# the tests of the installed plugin: its rulesets come through its entry point
pytest.importorskip("mahjong_258", reason="the plugin is not installed: pip install ./examples/mahjong-258")

CASES = load_cases(Path(__file__).parent / "cases.yaml")


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_golden(case):
    case.check()


def _is_258(pair) -> bool:
    return pair is not None and pair.tile < 27 and pair.tile % 9 + 1 in (2, 5, 8)


def test_the_fan_is_awarded_exactly_when_a_reading_has_a_258_pair():
    """mini-258 scores every standard reading alike but for the fan, so the best reading has it
    exactly when some standard reading's pair is a suited 2, 5 or 8."""
    rules = mahjong_core.load_ruleset("mini-258")
    seen = {True: 0, False: 0}
    for sit in situations(rules, seed=258, n=300):
        result = rules.score(sit)
        has_fan = "pair_258" in result.fan_ids()
        readings = [r.decomposition for r in rules.candidates(sit)]
        pair = next((g for g in result.decomposition.groups if g.kind == "pair"), None)
        assert has_fan == any(_is_258(next((g for g in d.groups if g.kind == "pair"), None))
                              for d in readings if d.shape == "standard"), sit
        assert has_fan <= _is_258(pair), sit
        seen[has_fan] += 1
    assert min(seen.values()) > 30, seen


def test_guobiao_258_adds_at_most_the_one_point():
    base, house = mahjong_core.load_ruleset("guobiao"), mahjong_core.load_ruleset("guobiao-258")
    added = 0
    for sit in situations(house, seed=2580, n=200):
        a, b = base.score(sit, enforce_minimum=False), house.score(sit, enforce_minimum=False)
        assert a.total <= b.total <= a.total + 1, sit
        assert b.fan_ids().count("pair_258") <= 1
        added += b.total > a.total
    assert added > 20
