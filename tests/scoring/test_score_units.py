"""Score units (a fan's ``points`` / ``doublings`` / ``bonus`` and the ``units`` value formula),
highest-of tiers, and the YAML edits overlays need (``excludes: {add, remove}``, ``excluded_by``,
``rules_out_fallback``): their arithmetic, their errors at ``file:line``, and the bounded search
under ``units`` against scoring every reading."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import mahjong_core
from mahjong_core.engine.fans import FanCheck

from house_plugins import engine_with, fans, overlay
from scoring_kit import (PAIRS_OR_RUNS, SIT, UNITS_FANS, bounded, exhaustive, outcome, random_hand, refused_at,
                         three, units_rules)


def _by(excluded):
    """The excluded fans with what excluded them (their zh and en names aside)."""
    return [{"id": e["id"], "by": e["by"]} for e in excluded]


# --------------------------------------------------------------------------- units arithmetic

@pytest.mark.parametrize("params, value", [
    ("{}", (0 + 3) * 2 ** 4 + 5),                               # P = 3 (p), D = 2 × 2, X = 5
    ("{base: 2}", (2 + 3) * 2 ** 4 + 5),
    ("{base: 2, max_doublings: 3}", (2 + 3) * 2 ** 3 + 5),
    ("{base: 2, max_doublings: 3, cap: 30}", 30 + 5),           # the bonus comes after the cap
    ("{base: 2, cap_multiplier: 4}", (2 + 3) * 4 + 5),
    ("{base: 2, max_doublings: null, cap: null}", (2 + 3) * 2 ** 4 + 5),
])
def test_units_value(tmp_path, params, value):
    rules = units_rules(tmp_path, params)
    result = rules.score(SIT)
    assert fans(result) == {"p": 1, "d": 2, "x": 1}
    assert result.value == value
    assert result.total == 3 + 2 * 2 + 5            # Σ amount × count, whatever the units


def test_a_fan_that_is_not_plain_points_names_its_unit(tmp_path):
    out = {f["id"]: f for f in units_rules(tmp_path, "{}").score(SIT).to_dict()["fans"]}
    assert out["p"] == {"id": "p", "zh": "点", "en": "P", "points": 3, "count": 1}
    assert out["d"] == {"id": "d", "zh": "倍", "en": "D", "points": 2, "count": 2, "unit": "doublings"}
    assert out["x"]["unit"] == "bonus" and out["x"]["points"] == 5


def test_the_total_and_doubling_formulas_still_read_every_unit_as_points(tmp_path):
    engine = engine_with(FanCheck("house.three", three))
    rules = engine.load_ruleset(overlay(tmp_path, UNITS_FANS))
    assert rules.score(SIT).value == 3 + 4 + 5


# --------------------------------------------------------------------------- tiers

def tier_rules(tmp_path, text: str, found=("a", "b", "c"), name="house.yaml"):
    engine = engine_with(FanCheck("house.found", lambda ctx: {f: 1 for f in found}))
    return engine.load_ruleset(overlay(tmp_path, text, name))


def test_a_tier_keeps_its_highest_fan(tmp_path):
    rules = tier_rules(tmp_path, """fans:
  a: {zh: 甲, en: A, points: 2, tier: t, check: house.found}
  b: {zh: 乙, en: B, points: 6, tier: t, check: house.found}
  c: {zh: 丙, en: C, points: 1, check: house.found}
""")
    result = rules.score(SIT)
    assert fans(result) == {"b": 1, "c": 1}
    assert _by(rules.explain(result)["excluded"]) == [{"id": "a", "by": ["b"]}]


def test_explain_names_a_tiers_winner_as_what_excluded_the_others(tmp_path):
    """Three fans of one tier: the lowest is excluded by both above it, but only the winner
    counts, so the explanation names the winner alone."""
    rules = tier_rules(tmp_path, """fans:
  a: {zh: 甲, en: A, points: 2, tier: t, check: house.found}
  b: {zh: 乙, en: B, points: 4, tier: t, check: house.found}
  c: {zh: 丙, en: C, points: 6, tier: t, check: house.found}
""")
    result = rules.score(SIT)
    assert fans(result) == {"c": 1}
    assert sorted(_by(rules.explain(result)["excluded"]), key=str) == [{"id": "a", "by": ["c"]}, {"id": "b", "by": ["c"]}]


def test_a_tier_with_equal_amounts_keeps_the_first_in_yaml_order(tmp_path):
    text = """fans:
  {0}: {{zh: 甲, en: A, points: 4, tier: t, check: house.found}}
  {1}: {{zh: 乙, en: B, points: 4, tier: t, check: house.found}}
"""
    assert fans(tier_rules(tmp_path, text.format("a", "b"), ("a", "b")).score(SIT)) == {"a": 1}
    assert fans(tier_rules(tmp_path, text.format("b", "a"), ("a", "b"), "h2.yaml").score(SIT)) == {"b": 1}


def test_a_tier_and_excludes_work_together(tmp_path):
    """A tier excludes exactly as ``excludes`` does, so exclusions stay order-independent: a fan
    the tier takes out still excludes what its own list names (Sichuan's 天胡 beside a higher
    pattern still takes out 根 and 自摸). A fan may exclude one below it in its tier (no change),
    and the winner's own list applies too."""
    rules = tier_rules(tmp_path, """fans:
  a: {zh: 甲, en: A, points: 2, tier: t, check: house.found, excludes: [c]}
  b: {zh: 乙, en: B, points: 6, tier: t, check: house.found, excludes: [a]}
  c: {zh: 丙, en: C, points: 1, check: house.found}
""")
    result = rules.score(SIT)
    assert fans(result) == {"b": 1}
    assert sorted(_by(rules.explain(result)["excluded"]), key=str) == [{"id": "a", "by": ["b"]}, {"id": "c", "by": ["a"]}]
    rules = tier_rules(tmp_path, """fans:
  a: {zh: 甲, en: A, points: 2, tier: t, check: house.found}
  b: {zh: 乙, en: B, points: 6, tier: t, check: house.found, excludes: [c]}
  c: {zh: 丙, en: C, points: 1, check: house.found}
""", name="h2.yaml")
    assert fans(rules.score(SIT)) == {"b": 1}


def test_a_tier_switched_off_by_an_option(tmp_path):
    text = """scoring: {{tiers: {{t: {{when: {{house_flag: false}}}}}}}}
options: {{house_flag: {0}}}
fans:
  a: {{zh: 甲, en: A, points: 2, tier: t, check: house.found}}
  b: {{zh: 乙, en: B, points: 6, tier: t, check: house.found}}
"""
    assert fans(tier_rules(tmp_path, text.format("false"), ("a", "b")).score(SIT)) == {"b": 1}
    assert fans(tier_rules(tmp_path, text.format("true"), ("a", "b"), "h2.yaml").score(SIT)) == {"a": 1, "b": 1}


def test_sichuan_multiply_all_switches_its_tier_off(tmp_path):
    hand = {"hand": "1112223335559m", "win_tile": "9m"}
    seed = mahjong_core.load_ruleset("sichuan")
    assert "qingyise" in seed.fan_by_id["qingdui"].excludes           # the tier, as excludes
    assert [f.id for f in seed.score(hand).fans] == ["qingdui"] and seed.score(hand).value == 8
    path = tmp_path / "stack.yaml"
    path.write_text("extends: sichuan\noptions: {stacking: multiply_all}\n", encoding="utf-8")
    stacked = mahjong_core.load_ruleset(str(path))
    result = stacked.score(hand)
    assert {f.id for f in result.fans} == {"qingdui", "qingyise", "duiduihu", "pinghu"}
    assert result.total == 3 + 2 + 1 + 0 and result.value == 64


# --------------------------------------------------------------------------- overlay edits

BASE_EXCLUDES = """fans:
  a: {zh: 甲, en: A, points: 2, check: house.found, excludes: [b]}
  b: {zh: 乙, en: B, points: 1, check: house.found}
  c: {zh: 丙, en: C, points: 1, check: house.found}
"""


def edited(tmp_path, edit: str):
    (tmp_path / "mid.yaml").write_text("extends: base.yaml\n" + BASE_EXCLUDES, encoding="utf-8")
    overlay(tmp_path, "")                         # writes base.yaml
    path = tmp_path / "top.yaml"
    path.write_text(f"extends: mid.yaml\nfans:\n  a: {{excludes: {edit}}}\n", encoding="utf-8")
    engine = engine_with(FanCheck("house.found", lambda ctx: {"a": 1, "b": 1, "c": 1}))
    return engine.load_ruleset(path)


@pytest.mark.parametrize("edit, kept", [
    ("{add: [c]}", {"a"}),
    ("{remove: [b]}", {"a", "b", "c"}),
    ("{add: [c], remove: [b]}", {"a", "b"}),
    ("[c]", {"a", "b"}),                          # a list replaces the inherited one
])
def test_excludes_edits(tmp_path, edit, kept):
    assert set(fans(edited(tmp_path, edit).score(SIT))) == kept


def test_excluded_by_makes_the_named_fan_exclude(tmp_path):
    rules = tier_rules(tmp_path, """fans:
  a: {zh: 甲, en: A, points: 2, check: house.found}
  b: {zh: 乙, en: B, points: 6, check: house.found, excluded_by: [a, seven_pairs]}
""", ("a", "b"))
    result = rules.score(SIT)
    assert fans(result) == {"a": 1}
    assert _by(rules.explain(result)["excluded"]) == [{"id": "b", "by": ["a"]}]
    assert "b" in rules.fan_by_id["seven_pairs"].excludes


def test_rules_out_fallback_false(tmp_path):
    text = "fans:\n  a: {{zh: 甲, en: A, points: 2, check: house.found{0}}}\n"
    assert fans(tier_rules(tmp_path, text.format(""), ("a",)).score(SIT)) == {"a": 1}
    beside = tier_rules(tmp_path, text.format(", rules_out_fallback: false"), ("a",), "h2.yaml")
    assert fans(beside.score(SIT)) == {"a": 1, "plain_win": 1}


# --------------------------------------------------------------------------- errors at file:line

@pytest.mark.parametrize("text, line, message", [
    ("fans:\n  a: {zh: 甲, en: A, points: 2,\n      doublings: 1, check: house.found}\n", 4,
     "fan 'a' gives both 'points' and 'doublings': a fan adds in one unit, give one of points, doublings, bonus"),
    ("fans:\n  a: {zh: 甲, en: A, doublings: many, check: house.found}\n", 3,
     "fan 'a' needs numeric 'doublings', got 'many'"),
    ("fans:\n  a: {zh: 甲, en: A, points: 2, check: house.found, teir: t}\n", 3, "did you mean 'tier'?"),
    ("fans:\n  a: {zh: 甲, en: A, points: 2, check: house.found, tier: t}\n"
     "  b: {zh: 乙, en: B,\n      bonus: 1, check: house.found,\n      tier: t}\n", 6,
     "fan 'b' adds bonus but 'a' of the same tier 't' adds points: a tier's fans share one unit"),
    ("fans:\n  a: {zh: 甲, en: A, points: 2, check: house.found, tier: t}\n"
     "  b: {zh: 乙, en: B, points: 1, check: house.found, tier: t,\n      excludes: [a]}\n", 5,
     "fan 'b' excludes 'a', which ranks above it in tier 't'"),
    ("fans:\n  a: {zh: 甲, en: A, points: 2, check: house.found, tier: [t]}\n", 3, "'fans.a.tier' must be a tier id"),
    ("fans:\n  a: {zh: 甲, en: A, points: 2, check: house.found,\n      excluded_by: [self_drawm]}\n", 4,
     "fan 'a' excluded_by unknown fan 'self_drawm' (did you mean 'self_drawn'?)"),
    ("fans:\n  a: {zh: 甲, en: A, points: 2, check: house.found, excluded_by: self_drawn}\n", 3,
     "'excluded_by' must be a list of fan ids"),
    ("fans:\n  a: {zh: 甲, en: A, points: 2, check: house.found,\n      excluded_by: [b]}\n"
     "  b: {zh: 乙, en: B, points: 1, check: house.found, dropped_when_others_exceed: 3}\n", 4,
     "fan 'b' is dropped after the others are counted, so it cannot exclude 'a'"),
    ("fans:\n  a: {zh: 甲, en: A, points: 2, check: house.found,\n      excludes: {ad: [self_drawn]}}\n", 4,
     "unknown key 'fans.a.excludes.ad' (did you mean 'add'?)"),
    ("fans:\n  a: {zh: 甲, en: A, points: 2, check: house.found,\n      excludes: {add: [self_drawm]}}\n", 4,
     "fan 'a' excludes unknown fan 'self_drawm' (did you mean 'self_drawn'?)"),
    ("fans:\n  self_drawn:\n    excludes: {remove: [flowers]}\n", 4,
     "fan 'self_drawn' does not exclude 'flowers', so it cannot be removed from its excludes"),
    ("fans:\n  a: {zh: 甲, en: A, points: 2, check: house.found, rules_out_fallback: 0}\n", 3,
     "'rules_out_fallback' must be true or false"),
    ("scoring:\n  tiers: {bsae: {}}\nfans:\n  a: {zh: 甲, en: A, points: 2, check: house.found, tier: base}\n", 3,
     "no fan has tier 'bsae' (did you mean 'base'?)"),
    ("scoring:\n  tiers: {t: {wehn: {}}}\nfans:\n  a: {zh: 甲, en: A, points: 2, check: house.found, tier: t}\n", 3,
     "unknown key 'scoring.tiers.t.wehn' (did you mean 'when'?)"),
    ("scoring:\n  tiers: {t: {when: {house_flg: true}}}\nfans:\n  a: {zh: 甲, en: A, points: 2, check: house.found, "
     "tier: t}\n", 3, "unknown option 'house_flg' (did you mean 'house_flag'?)"),
    ("scoring:\n  value: {formula: units,\n    params: {max_doublings: -1}}\n", 4,
     "max_doublings must be a whole number ≥ 0 or null, got -1"),
    ("scoring:\n  value: {formula: units,\n    params: {cap_multiplier: 0}}\n", 4,
     "cap_multiplier must be a multiplier ≥ 1 (e.g. 64) or null for no cap, got 0"),
    ("scoring:\n  value: {formula: units,\n    params: {cap_multiplyer: 0}}\n", 4,
     "value formula 'units' takes no argument 'cap_multiplyer' (did you mean 'cap_multiplier'?)"),
])
def test_errors_name_the_file_and_line(tmp_path, text, line, message):
    refused_at(tmp_path, text, line, message)


# --------------------------------------------------------------------------- the bound under units

def test_a_units_ruleset_keeps_the_bounded_search(tmp_path):
    """Seven pairs (4 doublings: ×16) beats every standard reading (1 doubling plus at most the
    tail's 1): the tail check is asked of the seven-pairs reading only, and the answer is the
    one scoring every reading gives."""
    asked = []

    def small(ctx):
        asked.append(ctx.decomposition.shape)
        return 1
    rules = engine_with(FanCheck("house.small", small, most=1)).load_ruleset(overlay(tmp_path, """
scoring: {value: {formula: units, params: {base: 1}}}
fans:
  plain_win: {points: null, doublings: 1}
  seven_pairs: {points: null, doublings: 4}
  self_drawn: {points: null, bonus: 1}
  small: {zh: 小, en: Small, doublings: 1, check: house.small}
"""))
    assert rules.plan.tail
    assert len(rules.candidates(PAIRS_OR_RUNS)) > 2
    asked.clear()
    result = rules.score(PAIRS_OR_RUNS)
    assert asked == ["seven_pairs"]
    assert fans(result) == {"seven_pairs": 1, "small": 1} and result.value == 32
    assert result.to_dict() == exhaustive(rules, PAIRS_OR_RUNS).to_dict()


@pytest.fixture(scope="module")
def units_popular(tmp_path_factory):
    """The popular ruleset (wilds, tail checks) valued in units, with a tier over head and tail
    fans, doublings and bonuses among the tail checks' fans."""
    folder = tmp_path_factory.mktemp("units")
    path = folder / "units.yaml"
    path.write_text("""extends: popular
scoring:
  value: {formula: units, params: {base: 8, max_doublings: 3, cap: 400}}
fans:
  mixed_three_shifted_chows: {points: null, doublings: 1}
  mixed_dragon: {points: null, doublings: 1}
  pair_258: {points: null, bonus: 3}
  terminal_pair: {points: null, bonus: 2}
  mixed_straight: {tier: straights}
  pure_straight: {tier: straights}
  mixed_shifted_chows: {tier: straights}
  all_chows: {tier: straights}
""", encoding="utf-8")
    return mahjong_core.load_ruleset(str(path))


def test_the_units_popular_ruleset_is_bounded(units_popular):
    assert units_popular.finisher.units and units_popular.plan.tail
    units = {r.id: r.unit for r in units_popular.fan_rules}
    assert units["mixed_dragon"] == "doublings" and units["pair_258"] == "bonus"
    assert "mixed_straight" in units_popular.fan_by_id["pure_straight"].excludes


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2 ** 32 - 1), k=st.integers(0, 4))
def test_bounded_and_exhaustive_agree_under_units_and_tiers(units_popular, seed, k):
    sit = random_hand(seed, k)
    assert outcome(units_popular, bounded, sit) == outcome(units_popular, exhaustive, sit)
