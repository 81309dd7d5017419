"""The ``units`` value formula's ``multiplier_by_method``: a whole-value multiplier per win method
(Fuzhou version A's self-draw × 3 on (B + 5) × 2 + special, no doubling): its arithmetic, its
errors at ``file:line``, and the bounded search under it against scoring every reading."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import mahjong_core
from mahjong_core.engine.scoring.units import of_amounts

from house_plugins import fans
from scoring_kit import SIT, bounded, exhaustive, outcome, random_hand, refused_at, units_rules


ROBBING = {"hand": "123m456m789m12p5p5p", "win_tile": "3p", "robbing_kong": True}


@pytest.mark.parametrize("params, plain, method, times", [
    ("{multiplier_by_method: {self_drawn: 3}}", "{}", {}, 1),                             # a discard: × 1
    ("{multiplier_by_method: {self_drawn: 3}}", "{}", {"self_drawn": True}, 3),
    ("{base: 5, cap: 40, multiplier_by_method: {discard: 2}}", "{base: 5, cap: 40}", {}, 2),
    ("{multiplier_by_method: {robbing_kong: 2, discard: 4}}", "{}", ROBBING, 2),
    ("{multiplier_by_method: null}", "{}", {"self_drawn": True}, 1),
])
def test_the_win_methods_multiplier_multiplies_the_whole_value(tmp_path, params, plain, method, times):
    """The same hand under the same params less the multiplier, times the method's multiplier."""
    rules = units_rules(tmp_path, params)
    unmultiplied_rules = units_rules(tmp_path, plain, name="plain.yaml")
    sit = {**SIT, **method}
    result, unmultiplied = rules.score(sit), unmultiplied_rules.score(sit)
    assert {"p", "d", "x"} <= set(fans(result)) and fans(result) == fans(unmultiplied)
    assert result.value == times * unmultiplied.value
    assert result.total == unmultiplied.total       # the total is not multiplied


def test_the_multiplier_comes_after_the_cap_and_the_bonus(tmp_path):
    rules = units_rules(tmp_path, "{base: 5, cap: 40, multiplier_by_method: {discard: 2}}")
    assert rules.score(SIT).value == (40 + 5) * 2          # (min((5 + 3) × 2^4, 40) + 5) × 2


@pytest.mark.parametrize("method, times", [({}, 1), ({"self_drawn": True}, 3)])
def test_a_multiplier_that_does_not_take_the_bonus(tmp_path, method, times):
    """The same hand with no multiplier: its value less the bonus 5, times the multiplier, + 5."""
    rules = units_rules(tmp_path, "{base: 5, multiplier_by_method: {self_drawn: 3}, multiplier_takes_bonus: false}")
    plain = units_rules(tmp_path, "{base: 5}", name="plain.yaml")
    sit = {**SIT, **method}
    result, unmultiplied = rules.score(sit), plain.score(sit)
    assert fans(result) == fans(unmultiplied) and fans(result)["x"] == 1
    assert result.value == (unmultiplied.value - 5) * times + 5
    assert of_amounts(3, 4, 5, base=5, multiplier_by_method={"self_drawn": 3}, multiplier_takes_bonus=False) == \
        (5 + 3) * 2 ** 4 * 3 + 5                                # the bound takes the largest multiplier


def test_a_bound_that_does_not_know_the_method_takes_the_largest_multiplier():
    assert of_amounts(3, 1, 5, base=1, multiplier_by_method={"self_drawn": 3, "discard": 2}) == ((1 + 3) * 2 + 5) * 3
    assert of_amounts(3, 1, 5, multiplier_by_method={"discard": 0.5}) == 3 * 2 + 5       # the other methods: × 1


@pytest.mark.parametrize("text, line, message", [
    ("scoring:\n  value: {formula: units,\n    params: {multiplier_by_method: 3}}\n", 4,
     "multiplier_by_method must be a map of win methods (self_drawn, discard, robbing_kong) to multipliers, got 3"),
    ("scoring:\n  value:\n    formula: units\n    params:\n      multiplier_by_method:\n        self_drawm: 3\n", 7,
     "unknown win method 'self_drawm' in multiplier_by_method (did you mean 'self_drawn'?)"),
    ("scoring:\n  value:\n    formula: units\n    params:\n      multiplier_by_method:\n        self_drawn: 0\n", 7,
     "multiplier_by_method.self_drawn must be a number > 0, got 0"),
    ("scoring:\n  value:\n    formula: units\n    params:\n      multiplier_by_method:\n        discard: true\n", 7,
     "multiplier_by_method.discard must be a number > 0, got true"),
    ("scoring:\n  value:\n    formula: units\n    params:\n      multiplier_takes_bonus: 0\n", 6,
     "multiplier_takes_bonus must be true or false, got 0"),
])
def test_errors_name_the_file_and_line(tmp_path, text, line, message):
    refused_at(tmp_path, text, line, message)


@pytest.fixture(scope="module")
def by_method_popular(tmp_path_factory):
    """The popular ruleset valued in units with a multiplier per win method, doublings and
    bonuses among the tail checks' fans."""
    path = tmp_path_factory.mktemp("by_method") / "by_method.yaml"
    path.write_text("""extends: popular
scoring:
  value: {formula: units, params: {base: 2, cap: 300, multiplier_by_method: {self_drawn: 3, robbing_kong: 2}}}
fans:
  mixed_three_shifted_chows: {points: null, doublings: 1}
  mixed_dragon: {points: null, doublings: 1}
  pair_258: {points: null, bonus: 3}
  mixed_straight: {tier: straights}
  pure_straight: {tier: straights}
""", encoding="utf-8")
    return mahjong_core.load_ruleset(str(path))


def test_the_multiplied_ruleset_keeps_the_bounded_search(by_method_popular):
    assert by_method_popular.finisher.units and by_method_popular.plan.tail


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2 ** 32 - 1), k=st.integers(0, 4))
def test_bounded_and_exhaustive_agree_under_method_multipliers(by_method_popular, seed, k):
    """Random hands: about half self-drawn (× 3), a few robbing a kong (× 2), the rest × 1."""
    sit = random_hand(seed, k)
    assert outcome(by_method_popular, bounded, sit) == outcome(by_method_popular, exhaustive, sit)
