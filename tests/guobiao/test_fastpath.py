"""Guobiao's fast path (plugins/mahjong_guobiao/fastpath/) against the general path.

``Ruleset.score`` asks the fast scorer first for the shipped Guobiao rulesets; ``score_general``
is the general path alone. Every outcome must be the same: the result (total, value, fans with
counts in their listing order, the chosen reading, the situation, the fans excluded and by what,
the points toward the minimum) or the error (class, code, message, and a BelowMinimumError's
result). Compared on every golden case, every oracle hand, and random winning hands with random
flags; a ruleset whose scoring differs from the shipped ones in any fan or option gets no fast
path at all.
"""
from __future__ import annotations

import json
import random

import pytest
import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

import mahjong_core
from mahjong_core.engine.errors import BelowMinimumError, MahjongError
from mahjong_core.testing import random_situation
from mahjong_guobiao import fastpath

from testpaths import GUOBIAO_DATA, ORACLE

SHIPPED = ("guobiao", "guobiao-2014", "guobiao-strict98")
CASES = yaml.safe_load((GUOBIAO_DATA / "guobiao.yaml").read_text(encoding="utf-8"))["cases"]
ORACLE_SITUATIONS = [json.loads(line)["situation"] for line in ORACLE.read_text(encoding="utf-8").splitlines()
                     if line.strip()]


@pytest.fixture(scope="module")
def shipped():
    return {name: mahjong_core.load_ruleset(name) for name in SHIPPED}


def _record(r) -> tuple:
    return (r.to_dict(), r.fans, r.excluded, r.minimum_points, r.dropped, r.decomposition, r.situation)


def outcome(score, situation, enforce_minimum: bool) -> tuple:
    try:
        return ("result",) + _record(score(situation, enforce_minimum=enforce_minimum))
    except BelowMinimumError as e:
        return ("below", e.code, e.message) + _record(e.result)
    except MahjongError as e:
        return ("error", type(e).__name__, e.code, e.message)


def assert_same(rules, situation) -> None:
    for enforce in (False, True):
        fast = outcome(rules.score, situation, enforce)
        general = outcome(rules.score_general, situation, enforce)
        assert fast == general, (rules.name, situation, enforce)


def test_shipped_rulesets_are_the_verified_ones(shipped):
    for name, rules in shipped.items():
        assert fastpath.scoring_signature(rules) in fastpath.VERIFIED, \
            f"{name}: its scoring changed; compare the paths (this file, benchmarks/diff_guobiao.py), then " \
            f"put the new signature in fastpath.VERIFIED"
        assert rules.fast_scorer is not None


def test_the_fast_path_answers_standard_hands_and_leaves_the_others(shipped):
    rules = shipped["guobiao"]
    scorer = fastpath.FastScorer(rules)

    def standard(hand, win):
        return scorer.standard(*scorer.parser.parse({"hand": hand, "win_tile": win}))

    assert standard("123m456m789m123p5s", "5s") is not None            # four chows and a pair
    for hand, win in (("1122m3344p5566s7z", "7z"),          # seven pairs
                      ("19m19p19s1234567z", "5z"),          # thirteen orphans
                      ("147m258p369s1234z", "5z"),          # 全不靠
                      ("147m258s369p1112z", "2z"),          # 组合龙 + a pung + a pair
                      ("1112345678999m", "5m")):            # nine gates
        assert standard(hand, win) is None, hand
        assert_same(rules, {"hand": hand, "win_tile": win})


@pytest.mark.parametrize("name", SHIPPED)
def test_every_golden_case(shipped, name):
    rules = shipped[name]
    for case in CASES:
        assert_same(rules, case["situation"])
        try:
            fast, general = (score(case["situation"], enforce_minimum=False) for score in
                             (rules.score, rules.score_general))
        except MahjongError:
            continue
        assert rules.explain(fast) == rules.explain(general), case["id"]


@pytest.mark.parametrize("name", SHIPPED)
def test_every_oracle_hand(shipped, name):
    for situation in ORACLE_SITUATIONS:
        assert_same(shipped[name], situation)


def test_below_the_minimum_is_raised_by_the_fast_path(shipped, monkeypatch):
    """The shipped tables count every fan toward the minimum but the flowers (once per hand,
    excluded by nothing), so a standard hand whose best reading is below the minimum has no
    reading that meets it: the fast path raises the general path's error itself (compared
    above, on every oracle hand) without scoring the hand again."""
    rules = shipped["guobiao"]
    assert rules.fast_scorer.__self__.below_is_final
    below = []
    for situation in ORACLE_SITUATIONS:
        try:
            rules.score(situation)
        except BelowMinimumError:
            below.append(situation)
        except MahjongError:
            pass
    assert len(below) > 50

    def general(*args, **kwargs):
        raise AssertionError("scored again by the general path")
    monkeypatch.setattr(rules, "score_parsed", general)
    served = 0
    for situation in below:
        try:
            rules.score(situation)
        except BelowMinimumError:
            served += 1
        except AssertionError:
            pass                # a special shape possible: the general path's hand
    assert served > 40


FLAGS = ("self_drawn", "last_tile", "after_kong", "robbing_kong", "fourth_tile")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), flags=st.lists(st.sampled_from(FLAGS), max_size=2, unique=True),
       flowers=st.integers(0, 8), winds=st.tuples(st.sampled_from("ESWN"), st.sampled_from("ESWN")))
def test_random_winning_hands(shipped, seed, flags, flowers, winds):
    """Random standard winning hands (``mahjong_core.testing``), with flags, flowers and winds
    drawn beside them: an inconsistent flag must be refused alike."""
    base = shipped["guobiao"]
    situation = random_situation(base, random.Random(seed))
    situation.update({f: True for f in flags}, flowers=flowers, seat_wind=winds[0], round_wind=winds[1])
    for rules in shipped.values():
        assert_same(rules, situation)


def _overlay(tmp_path, text: str):
    path = tmp_path / "club.yaml"
    path.write_text("title: a club's Guobiao\nextends: guobiao\n" + text, encoding="utf-8")
    return mahjong_core.load_ruleset(str(path))


def test_an_overlay_changing_a_fan_falls_back(tmp_path):
    """A club scoring 一般高 2 gets the general path, and its own points."""
    club = _overlay(tmp_path, "fans:\n  pure_double_chow: {points: 2}\n")
    assert club.fast_scorer is None
    hand = {"hand": "112233m456p789s5z", "win_tile": "5z"}     # two 123m: 一般高 once, 2 points instead of 1
    base = mahjong_core.load_ruleset("guobiao")
    assert club.score(hand, enforce_minimum=False).total == base.score(hand, enforce_minimum=False).total + 1
    assert_same(club, hand)


def test_an_overlay_changing_an_option_or_an_exclusion_falls_back(tmp_path):
    assert _overlay(tmp_path, "options:\n  melded_and_concealed_kong: separate\n").fast_scorer is None
    assert _overlay(tmp_path, "fans:\n  full_flush: {excludes: []}\n").fast_scorer is None
    assert mahjong_core.load_ruleset(str(GUOBIAO_DATA / "guobiao-test-wmcc2006.yaml")).fast_scorer is None
    # the same scoring under another file name is the same ruleset: served
    assert _overlay(tmp_path, "").fast_scorer is not None


PUNG = {"type": "pung", "tiles": "555p", "from": "left"}
KONG = {"type": "kong", "tiles": "7777s", "concealed": True}


@pytest.mark.parametrize("situation", [
    {"hand": "123m456p789s11z", "win_tile": "1z"},                      # 12 tiles
    {"hand": "123m456p789s1122z", "win_tile": "1z"},                    # 14 tiles
    {"hand": "11112m456p789s11z", "win_tile": "1m"},                    # a fifth 1m
    {"hand": "123m456p789s1z", "win_tile": "1z", "melds": [PUNG, PUNG]},  # seven 5p
    {"hand": "123m456p789s1z", "win_tile": "1z", "melds": [PUNG]},      # 13 + 3
    {"hand": "123m456p789s1z", "win_tile": "1z", "melds": [{"type": "kong", "tiles": "7777s"}]},  # concealed?
    {"hand": "123m456p789s11z", "win_tile": "1z", "melds": {}},         # melds not a list
    {"hand": "123m456p789s11z", "win_tile": "1z", "melds": None},
    {"hand": "123m456p789s1z", "win_tile": "1z", "melds": [{**PUNG, "concealed": 0}]},   # 0 is not false
    {"hand": "123m456p789s1z", "win_tile": "1z", "melds": [KONG], "after_kong": True, "self_drawn": True},
    {"hand": "123m456p789s1z", "win_tile": "1z", "melds": [KONG], "after_kong": True},  # needs self-draw
    {"hand": "123m456p789s11z", "win_tile": "1z", "fourth_tile": True},  # holds another 1z
    {"hand": "123m456p789s5z", "win_tile": "5z", "melds": [{"type": "pung", "tiles": "555z"}],
     "fourth_tile": False},                                             # the melds hold three 5z
    {"hand": "123m456p789s11z", "win_tile": "1z", "self_drawn": 1},    # 1 is not true
    {"hand": "123m456p789s11z", "win_tile": "1z", "seat_wind": "X"},
    {"hand": "123m456p789s11z", "win_tile": "1z", "round_wind": 2},
    {"hand": "123m456p789s11z", "win_tile": "1z", "flowers": 9},
    {"hand": "123m456p789s11z", "win_tile": "1z", "flowers": True},
    {"hand": "123m456p789s11z", "win_tile": "1z", "flowers": "1f2f"},
    {"hand": "123m456p789s11z", "win_tile": "1z", "flower": 2},         # misspelt field
    {"hand": "123m 456p 789s 11z", "win_tile": "1z"},                   # another notation
    {"hand": "123m456p789s11z", "win_tile": "1z1z"},
    {"hand": "123m456p789s11z", "win_tile": "8z"},
    {"hand": "123m456p789s11z", "win_tile": "1f"},
    {"hand": "0m23m456p789s11z", "win_tile": "1z"},
    {"hand": "123m456p789s11z", "win_tile": "1z", "robbing_kong": True, "self_drawn": True},
    {"hand": "123m456p789s11z", "win_tile": "1z", "dealer": True, "seat_wind": "S"},
    {"hand": "123m456p789s11z", "win_tile": "1z", "wilds": "5m"},
    {"hand": "123m456p789s1z", "win_tile": "1z", "melds": [{"type": "pung", "tiles": ["5p", "5p", "5p"]}]},
    {"hand": "123m456p789s11z"},
    {"hand": 123, "win_tile": "1z"},
])
def test_unusual_input_is_answered_alike(shipped, situation):
    """What the quick parse declines goes through the ruleset's parse: the same error or result."""
    for rules in shipped.values():
        assert_same(rules, situation)


def test_a_situation_object_is_answered_alike(shipped):
    rules = shipped["guobiao"]
    for situation in ORACLE_SITUATIONS[:300]:
        assert_same(rules, rules.parse(situation))
