"""Minimum by win method and the allowed methods: ``scoring.minimum`` as a number or a map per
method, ``table.win_methods`` refusing other ways of winning (not_winning naming it), and waits,
``mahjong waits`` and ``mahjong fans`` saying which way a wait wins."""
from __future__ import annotations

import io
import json

import pytest

import table_plugin
from harness import run_cli
from testpaths import DATA, MINI
from mahjong_core import BelowMinimumError, NotWinningError, RulesetError
from mahjong_core.frontends.cli import main
from mahjong_core.engine.registry import Engine

RULES = DATA / "bonus-16.yaml"
HAND = "123m456m789m123p456p1s"          # waits on 1s: plain win 1 (discard), self-drawn 1
OPEN = "123m456m789m123p45p11s"          # waits on 3p / 6p, holding no 6p


@pytest.fixture(scope="module")
def engine():
    return Engine(plugins=[table_plugin], entry_points=False)


@pytest.fixture(scope="module")
def rules(engine):
    return engine.load_ruleset(RULES)


def _overlay(tmp_path, text: str, base=RULES):
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: {base}\n{text}", encoding="utf-8")
    return path


def _cli(engine, argv):
    out, err = io.StringIO(), io.StringIO()
    rc = main([str(a) for a in argv], out=out, err=err, inp=io.StringIO(""), engine=engine)
    return rc, out.getvalue(), err.getvalue()


def test_the_minimum_per_method(rules):
    assert dict(rules.minimums) == {"self_drawn": 0, "discard": 2, "robbing_kong": 2}
    assert rules.minimum == 0 and rules.minimum_by_method
    assert rules.score({"hand": HAND, "win_tile": "1s", "self_drawn": True}).total == 1
    with pytest.raises(BelowMinimumError) as info:
        rules.score({"hand": HAND, "win_tile": "1s"})
    assert info.value.message == ("1 point, below the minimum of 2 for a win by discard (scoring.minimum.discard) "
                                  "for ruleset 'bonus-16'")
    assert rules.explain(rules.score({"hand": HAND, "win_tile": "1s", "self_drawn": True}))["minimum"] == 0


def test_a_number_is_every_methods_minimum(mini):
    assert dict(mini.minimums) == {"self_drawn": 1, "discard": 1, "robbing_kong": 1}
    assert not mini.minimum_by_method and mini.win_methods == ("self_drawn", "discard", "robbing_kong")


def test_robbing_a_kong_takes_the_discard_minimum_unless_given(engine, tmp_path):
    path = _overlay(tmp_path, "table: {win_methods: [self_drawn, discard, robbing_kong]}\n"
                              "scoring: {minimum: {discard: 3}}\n")
    rules = engine.load_ruleset(path)
    assert dict(rules.minimums) == {"self_drawn": 0, "discard": 3, "robbing_kong": 3}
    path = _overlay(tmp_path, "scoring:\n  minimum: {robbing_kong: 0}\n", base=MINI)
    assert dict(engine.load_ruleset(path).minimums) == {"self_drawn": 0, "discard": 0, "robbing_kong": 0}


def test_a_method_left_out_is_not_winning(rules):
    with pytest.raises(NotWinningError) as info:
        rules.score({"hand": OPEN, "win_tile": "6p", "robbing_kong": True})
    assert info.value.message == (f"{RULES}:8: ruleset 'bonus-16' does not allow a win by robbing a kong "
                                  f"('robbing_kong' is not in table.win_methods: self_drawn, discard)")


@pytest.mark.parametrize("text,line,message", [
    ("scoring:\n  minimum: {self_draw: 1}\n", 3,
     "unknown win method 'scoring.minimum.self_draw' (did you mean 'self_drawn'?); the minimum is a number or a "
     "map of self_drawn, discard, robbing_kong"),
    ("scoring:\n  minimum: {discard: two}\n", 3, "'scoring.minimum.discard' must be a whole number, got 'two'"),
    ("table:\n  win_methods: [self_drawn, discrad]\n", 3,
     "unknown win method 'discrad' (did you mean 'discard'?); 'table.win_methods' lists self_drawn, discard, "
     "robbing_kong"),
    ("table:\n  win_methods: []\n", 3,
     "'table.win_methods' lists no way of winning: give at least one of self_drawn, discard, robbing_kong"),
])
def test_bad_keys_are_errors_at_their_line(engine, tmp_path, text, line, message):
    path = _overlay(tmp_path, text)
    with pytest.raises(RulesetError) as info:
        engine.load_ruleset(path)
    assert info.value.message == f"{path}:{line}: {message}"


# --------------------------------------------------------------------------- waits

def test_waits_say_which_method_wins(rules):
    (wait,) = rules.waits(HAND).to_dict()["waits"]
    assert wait == {"tile": "1s",
                    "discard": {"total": 1, "value": 1, "below_minimum": True, "minimum": 2},
                    "self_drawn": {"total": 1, "value": 1, "below_minimum": False, "minimum": 0},
                    "wins_by": ["self_drawn"]}


def test_waits_say_when_a_method_is_not_allowed(engine, tmp_path):
    rules = engine.load_ruleset(_overlay(tmp_path, "table: {win_methods: [self_drawn]}\nscoring: {minimum: 0}\n"))
    (wait,) = rules.waits(HAND).to_dict()["waits"]
    assert wait["discard"] == {"total": 1, "value": 1, "below_minimum": False, "allowed": False}
    assert wait["wins_by"] == ["self_drawn"]
    with pytest.raises(NotWinningError, match="does not allow a win by discard"):
        rules.score({"hand": HAND, "win_tile": "1s"})


def test_mahjong_waits_shows_self_draw_only(engine, tmp_path):
    rc, out, err = _cli(engine, ["waits", "--ruleset", RULES, HAND])
    assert (rc, err) == (0, "")
    assert out.splitlines()[2:] == ["tile  discard  self-draw",
                                "1s         1*          1",
                                "* below the minimum: 2 on a discard",
                                "wins 1s by self-draw only"]
    path = _overlay(tmp_path, "table: {win_methods: [self_drawn]}\nscoring: {minimum: 0}\n")
    rc, out, _ = _cli(engine, ["waits", "--ruleset", path, HAND])
    assert out.splitlines()[2:] == ["tile      discard  self-draw",
                                "1s    not allowed          1",
                                "wins 1s by self-draw only"]
    rc, out, _ = _cli(engine, ["waits", "--ruleset", RULES, "--json", HAND])
    assert json.loads(out)["waits"][0]["wins_by"] == ["self_drawn"]


def test_a_single_minimum_keeps_the_waits_output():
    rc, out, _ = run_cli(["waits", "--ruleset", MINI, "--json", "1112345678999m"])
    assert all("wins_by" not in w and "minimum" not in w["discard"] for w in json.loads(out)["waits"])


def test_mahjong_fans_shows_the_minimum_per_method(engine):
    rc, out, _ = _cli(engine, ["fans", RULES])
    assert out.splitlines()[1] == "minimum   self-draw 0, discard 2 (no win by robbing a kong)"
    rc, out, _ = _cli(engine, ["fans", RULES, "--json"])
    data = json.loads(out)
    assert (data["minimum"], data["win_methods"]) == ({"self_drawn": 0, "discard": 2, "robbing_kong": 2},
                                                      ["self_drawn", "discard"])
    rc, out, _ = run_cli(["fans", MINI])
    assert out.splitlines()[1] == "minimum   1"
