"""Group classes (``FanCheck.group_class``): where every check asked of a reading reads each group
only by its class and the first tied reading is the choice, scoring lists fewer readings (the
shapes leave out those whose groups' classes an earlier reading has) and chooses exactly what
scoring every reading chooses — the same total, value, fans and reading — on random hands with
wilds under every shipped ruleset that uses them; where a check reads more, or a plugin chooses
among ties, every reading is listed.
"""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import mahjong_core
from mahjong_core.engine.fans import FanCheck
from mahjong_core.engine.hand import win_method
from mahjong_core.engine.scoring.fills import group_class_of
from mahjong_core.engine.shapes import Group

from scoring_kit import assert_fill_keys_hold, assert_group_classes_hold, result_key
from wildgen import parsed_hand

USING = ("guangdong-tuidaohu", "guangdong-bao", "guangdong-lianhua", "fuzhou", "fuzhou-classic")


@pytest.fixture(scope="module")
def rulesets():
    return {name: mahjong_core.load_ruleset(name) for name in USING}


def test_which_shipped_rulesets_use_them():
    using = {name for name, _ in mahjong_core.ruleset_names() if mahjong_core.load_ruleset(name).uses_group_classes}
    assert using == set(USING)


@pytest.mark.parametrize("name", USING)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 32 - 1), k=st.integers(1, 4))
def test_the_choice_is_every_readings(rulesets, name, seed, k):
    rules = rulesets[name]
    hand = parsed_hand("fuzhou" if name.startswith("fuzhou") else name, rules, seed, k)
    if hand is None:
        return
    sit, s = hand
    if not rules.decompositions(s):
        return
    assert_group_classes_hold(rules, sit)
    if rules.uses_fill_keys:
        assert_fill_keys_hold(rules, sit)
    candidates = rules.candidates(sit)
    assert result_key(rules.score(sit, enforce_minimum=False)) == result_key(rules.choose(candidates))
    try:                        # the minimum enforced: the best reading that meets it, or none
        got = result_key(rules.score(sit))
    except mahjong_core.BelowMinimumError:
        got = None
    except mahjong_core.MahjongError:       # not won in a way the table allows: nothing to compare
        return
    enough = [c for c in candidates if c.minimum_points >= rules.minimum_of(win_method(s))]
    assert got == (result_key(rules.choose(enough)) if enough else None)


def test_a_class_is_given_the_kind_and_tile_only():
    given_groups = []

    def spy(group):
        given_groups.append(group)
        return group.kind
    check = FanCheck("house.kinds", lambda ctx: 0, group_class=spy)
    assert check.fill_key(None, Group("pung", 5, 3, -1)) == "pung"
    assert given_groups == [Group("pung", 5)]


class _Plan:
    def __init__(self, *checks):
        self.every = [type("E", (), {"check": c})() for c in checks]


def test_one_check_without_a_class_turns_them_off():
    shape_only = FanCheck("house.shape", lambda ctx: 0, per_shape=True)
    classed = FanCheck("house.kinds", lambda ctx: 0, group_class=lambda g: g.kind)
    plain = FanCheck("house.plain", lambda ctx: 0)
    assert group_class_of(_Plan(shape_only, classed)) is not None
    assert group_class_of(_Plan(shape_only)) is not None
    assert group_class_of(_Plan(shape_only, classed, plain)) is None


def test_popular_lists_everyresult_key():
    # Guobiao's checks read far more of a group than a class could say
    assert not mahjong_core.load_ruleset("popular").uses_group_classes
