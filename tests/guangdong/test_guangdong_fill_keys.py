"""Guangdong 推倒胡 and 包 read a group of ghosts only by its class (``kind_class``, their one
reading check's ``fill_class``): readings that differ only in what such groups stand for, their
classes equal group by group, get the same answer, each asked on its own; a family's members
with equal keys (the key a class gives) too; and scoring, which leaves out the readings that
could only tie an earlier one and takes the keys' answers, chooses what scoring every reading on
its own chooses, on random hands with 1–4 ghosts."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import mahjong_core

from scoring_kit import assert_fill_classes_hold, assert_fill_keys_hold
from wildgen import parsed_hand

NAMES = ("guangdong-tuidaohu", "guangdong-bao")


@pytest.fixture(scope="module")
def rulesets():
    return {name: mahjong_core.load_ruleset(name) for name in NAMES}


def _reading(r) -> tuple:
    d = r.decomposition
    return r.total, r.value, [(f.id, f.count) for f in r.fans], d.shape, d.groups, d.wild_as


@pytest.mark.parametrize("name", NAMES)
def test_the_shortcuts_are_on_without_a_tail(rulesets, name):
    rules = rulesets[name]
    assert rules.uses_fill_keys and rules.uses_fill_classes and not rules.plan.tail


def test_a_pair_of_ghosts_is_classed_by_honour():
    # four ghosts as 11z in a hand of chows: 平和 needs a pair that is no honour, so 11z and 55m
    # must not share a class, while 55m and 99s may
    from mahjong_guangdong.patterns import kind_class
    from mahjong_core.plugin import Group
    assert kind_class(Group("pair", 27, 2)) != kind_class(Group("pair", 4, 2))
    assert kind_class(Group("pair", 4, 2)) == kind_class(Group("pair", 26, 2))
    assert kind_class(Group("pung", 4, 3)) != kind_class(Group("chow", 4, 3))


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 32 - 1), k=st.integers(1, 4))
def test_fill_keys_hold_and_the_choice_is_every_readings(rulesets, name, seed, k):
    rules = rulesets[name]
    hand = parsed_hand(name, rules, seed, k)
    if hand is None:
        return
    sit, s = hand
    if not rules.decompositions(s):
        return
    assert_fill_keys_hold(rules, sit)
    assert_fill_classes_hold(rules, sit)
    assert _reading(rules.score(sit, enforce_minimum=False)) == _reading(rules.choose(rules.candidates(sit)))
