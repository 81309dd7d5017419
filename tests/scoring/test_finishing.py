"""How the engine finishes a reading: a fan dropped when the others total too much, a fallback
awarded beside listed fans, checks asked once per hand, and Alternatives — one choice shared by
several checks (what a wild winning tile stood for), the best kept."""
from __future__ import annotations

import pytest

from mahjong_core import PluginError, RulesetError
from mahjong_core.engine.registry import Engine
from mahjong_core.engine.fans import Alternatives, FanCheck, FanContext
from mahjong_core.engine.scoring.ask import ask

from house_plugins import engine_with, fans, overlay

SIT = {"hand": "123m456p789s1122z", "win_tile": "1z"}            # mini: plain win, 1 point
SELF = dict(SIT, self_drawn=True, flowers=2)                    # 自摸 1 + flowers 2


# --------------------------------------------------------------------------- dropped fans

def bonus(ctx):
    return 1


@pytest.mark.parametrize("limit, kept", [(3, True), (2, False)])
def test_a_fan_is_dropped_when_the_others_exceed_its_limit(tmp_path, limit, kept):
    engine = engine_with(FanCheck("house.bonus", bonus))
    rules = engine.load_ruleset(overlay(tmp_path, f"""fans:
  bonus: {{zh: 奖, en: Bonus, points: 10, check: house.bonus, dropped_when_others_exceed: {limit}}}
"""))
    result = rules.score(SELF)                                  # others: 自摸 1 + flowers 2 = 3
    assert ("bonus" in fans(result)) is kept
    assert result.total == (13 if kept else 3)
    explained = rules.explain(result)
    if kept:
        assert "dropped" not in explained
    else:
        assert explained["dropped"] == [{"id": "bonus", "zh": "奖", "en": "Bonus", "others": 3, "limit": 2}]


def test_the_others_include_the_fallback(tmp_path):
    """The fallback is awarded first, then counted among the others."""
    engine = engine_with(FanCheck("house.bonus", bonus))
    rules = engine.load_ruleset(overlay(tmp_path, """fans:
  plain_win: {points: 5}
  bonus: {zh: 奖, en: Bonus, points: 10, check: house.bonus, dropped_when_others_exceed: 4,
          rules_out_fallback: false}
"""))
    result = rules.score(SIT)
    assert fans(result) == {"plain_win": 1} and rules.explain(result)["dropped"][0]["others"] == 5


@pytest.mark.parametrize("text, message", [
    ("  self_drawn: {dropped_when_others_exceed: many}\n",
     "'fans.self_drawn.dropped_when_others_exceed' must be a whole number, got 'many'"),
    ("  self_drawn: {dropped_when_others_exceed: 3, excludes: [flowers]}\n",
     "fan 'self_drawn' is dropped after the others are counted, so it cannot exclude or reduce them"),
    ("  self_drawn: {dropped_when_other_exceed: 3}\n",
     "did you mean 'dropped_when_others_exceed'?"),
])
def test_drop_limit_errors(tmp_path, text, message):
    with pytest.raises(RulesetError) as info:
        Engine(entry_points=False).load_ruleset(overlay(tmp_path, "fans:\n" + text))
    assert message in info.value.message and "house.yaml:" in info.value.message


# --------------------------------------------------------------------------- the fallback beside listed fans

def test_fallback_besides(tmp_path):
    engine = engine_with(FanCheck("house.bonus", bonus))
    base = """fans:
  bonus: {zh: 奖, en: Bonus, points: 10, check: house.bonus}
"""
    plain = engine.load_ruleset(overlay(tmp_path, base))
    assert fans(plain.score(SIT)) == {"bonus": 1}               # a counting fan: no fallback
    beside = engine.load_ruleset(overlay(tmp_path, base.replace("}", ", rules_out_fallback: false}"), "b.yaml"))
    assert fans(beside.score(SIT)) == {"bonus": 1, "plain_win": 1}
    assert fans(beside.score(dict(SIT, self_drawn=True))) == {"bonus": 1, "self_drawn": 1}


@pytest.mark.parametrize("text, message", [
    ("scoring: {fallback_besides: [self_drawn]}\n",
     "'scoring.fallback_besides' is no longer read: give each fan it listed 'rules_out_fallback: false'"),
    ("fans:\n  self_drawn: {rules_out_fallback: maybe}\n", "'rules_out_fallback' must be true or false"),
    ("fans:\n  self_drawn: {rules_out_falback: false}\n", "did you mean 'rules_out_fallback'?"),
])
def test_fallback_besides_errors(tmp_path, text, message):
    with pytest.raises(RulesetError) as info:
        Engine(entry_points=False).load_ruleset(overlay(tmp_path, text))
    assert message in info.value.message and "house.yaml:" in info.value.message


# --------------------------------------------------------------------------- per-hand checks

def test_a_per_hand_check_is_asked_once_per_hand(tmp_path):
    calls = []

    def situational(ctx):
        calls.append(ctx.decomposition.shape)
        return 1
    engine = engine_with(FanCheck("house.once", situational, per_hand=True))
    rules = engine.load_ruleset(overlay(tmp_path, """fans:
  once: {zh: 一, en: Once, points: 2, check: house.once}
"""))
    # 22334455667788m + 8m: seven pairs and several standard readings
    results = rules.candidates({"hand": "2233445566778m", "win_tile": "8m"})
    assert len(results) > 1 and all("once" in fans(r) for r in results)
    assert len(calls) == 1


def test_readings_finding_the_same_fans_are_finished_once_and_keep_their_own_reading(tmp_path, monkeypatch):
    """Finishing depends only on the fans found, so it is done once per hand for each set of
    them; every reading still comes back with its own decomposition and the same result a
    finish of its own would give."""
    engine = engine_with(FanCheck("house.once", lambda ctx: 1, per_hand=True))
    rules = engine.load_ruleset(overlay(tmp_path, """fans:
  once: {zh: 一, en: Once, points: 2, check: house.once}
"""))
    finish = rules.finisher.finish
    finished = []
    monkeypatch.setattr(rules.finisher, "finish", lambda s, dec, found: finished.append(dec) or finish(s, dec, found))
    results = rules.candidates({"hand": "2233445566778m", "win_tile": "8m"})
    fan_sets = {tuple(sorted(fans(r).items())) for r in results}
    assert len({r.decomposition for r in results}) == len(results) > len(fan_sets) == len(finished)
    for r in results:
        ctx = FanContext(r.situation, r.decomposition, rules, {})
        found: dict = {}
        ask(rules.plan.per_hand + rules.plan.every, ctx, found)
        alone = finish(r.situation, r.decomposition, found)
        assert (alone.total, alone.fans, alone.decomposition) == (r.total, r.fans, r.decomposition)


# --------------------------------------------------------------------------- Alternatives

def waits_by_value(ctx):
    return Alternatives({("win_as", 1): {"edge": 1}, ("win_as", 2): {}})


def win_by_value(ctx):
    return Alternatives({("win_as", 1): 0, ("win_as", 2): 1})


ALT_YAML = """fans:
  edge: {zh: 边, en: Edge, points: 3, check: house.waits}
  late: {zh: 晚, en: Late, points: 2, check: house.win}
"""


def test_alternatives_share_their_choice_and_the_best_is_kept(tmp_path):
    """Choice 1 gives edge (3), choice 2 gives late (2): never both."""
    engine = engine_with(FanCheck("house.waits", waits_by_value), FanCheck("house.win", win_by_value))
    rules = engine.load_ruleset(overlay(tmp_path, ALT_YAML))
    assert fans(rules.score(SIT)) == {"edge": 1}


def test_alternatives_with_no_choice_in_common_are_a_plugin_error(tmp_path):
    def elsewhere(ctx):
        return Alternatives({("win_as", 9): 1})
    engine = engine_with(FanCheck("house.waits", waits_by_value), FanCheck("house.win", elsewhere))
    rules = engine.load_ruleset(overlay(tmp_path, ALT_YAML))
    with pytest.raises(PluginError) as info:
        rules.score(SIT)
    assert "fan checks offer alternatives with no choice in common" in info.value.message


def test_an_alternative_of_the_wrong_type_names_the_check(tmp_path):
    def odd(ctx):
        return Alternatives({("win_as", 1): "three"})
    engine = engine_with(FanCheck("house.waits", odd), FanCheck("house.win", win_by_value))
    rules = engine.load_ruleset(overlay(tmp_path, ALT_YAML))
    with pytest.raises(PluginError) as info:
        rules.score(SIT)
    assert info.value.message == ("plugin 'house': fan check 'house.waits' returned an alternative of type "
                                  "str; expected a count or a mapping")


def test_per_win_value_leaves_a_choice_only_when_the_values_answer_differently(tmp_path):
    rules = engine_with().load_ruleset(overlay(tmp_path, "fans: {}\n"))
    s = rules.parse({"hand": "123m456p78s11225z", "win_tile": "5z", "wilds": "5z", "self_drawn": True})
    dec = next(d for d in rules.decompositions(s) if len(set(d.wild_as)) == 2)
    ctx = FanContext(s, dec, rules, {})
    assert ctx.win_wild
    assert ctx.per_win_value(lambda c: {"late": 1}) == {"late": 1}
    choice = ctx.per_win_value(lambda c: int(c.win_tile >= 27))
    assert isinstance(choice, Alternatives)
    assert choice == {("win_as", t): int(t >= 27) for t in sorted(set(dec.wild_as))}
