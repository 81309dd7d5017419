"""Guangdong 推倒胡 and 包 read each group of a reading by its class (``kind_class``, their one
reading check's ``group_class``: chow, pung or kong, or the pair, and whether it is an honour),
which gives their fill key too. tests/scoring/test_group_classes.py holds the promise, the keys
and the choice on random hands with 1–4 ghosts."""
from __future__ import annotations

import pytest

import mahjong_core


NAMES = ("guangdong-tuidaohu", "guangdong-bao")


@pytest.fixture(scope="module")
def rulesets():
    return {name: mahjong_core.load_ruleset(name) for name in NAMES}


@pytest.mark.parametrize("name", NAMES)
def test_the_shortcuts_are_on_without_a_tail(rulesets, name):
    rules = rulesets[name]
    assert rules.uses_fill_keys and rules.uses_group_classes and not rules.plan.tail


def test_a_pair_of_ghosts_is_classed_by_honour():
    # four ghosts as 11z in a hand of chows: 平和 needs a pair that is no honour, so 11z and 55m
    # must not share a class, while 55m and 99s may
    from mahjong_guangdong.patterns import kind_class
    from mahjong_core.plugin import Group
    assert kind_class(Group("pair", 27, 2)) != kind_class(Group("pair", 4, 2))
    assert kind_class(Group("pair", 4, 2)) == kind_class(Group("pair", 26, 2))
    assert kind_class(Group("pung", 4, 3)) != kind_class(Group("chow", 4, 3))
