"""The popular plugin's checks, the wild-tile rules and the next-tile rule, without Guobiao.

Cases live in tests/popular/data/popular_checks.yaml and are scored under tests/popular/data/popular_unit.yaml,
a ruleset holding only the popular checks, through the public API.
"""
from __future__ import annotations

import pytest
import yaml

import mahjong_core
from mahjong_core.engine import tiles as T
from mahjong_core.engine.errors import MahjongError, RulesetError, SettlementError
from mahjong_core.engine.wilds import event_kinds, next_kind

from testpaths import POPULAR_DATA

CASES = POPULAR_DATA
UNIT = CASES / "popular_unit.yaml"
CHECK_CASES = yaml.safe_load((CASES / "popular_checks.yaml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def unit():
    return mahjong_core.load_ruleset(str(UNIT))


@pytest.mark.parametrize("case", CHECK_CASES, ids=[c["name"] for c in CHECK_CASES])
def test_check_case(unit, case):
    if "error" in case:
        with pytest.raises(MahjongError) as info:
            unit.score(case["situation"])
        assert info.value.code == case["error"], info.value.message
        return
    result = unit.score(case["situation"])
    assert {f.id: f.count for f in result.fans} == case["fans"]
    assert result.total == case["total"]


def test_every_unit_fan_fires_somewhere():
    fired = set()
    for case in CHECK_CASES:
        fired.update(case.get("fans", {}))
    every = set(yaml.safe_load(UNIT.read_text(encoding="utf-8"))["fans"])
    assert every - fired == set()


# ------------------------------------------------------------------ next-tile rule (core's wilds)

@pytest.mark.parametrize("indicator, wild", [
    ("1m", "2m"), ("4m", "5m"), ("8p", "9p"), ("9m", "1m"), ("9p", "1p"), ("9s", "1s"),
    ("1z", "2z"), ("3z", "4z"), ("4z", "1z"),           # E→S→W→N→E
    ("7z", "6z"), ("6z", "5z"), ("5z", "7z"),           # 中→发→白→中
])
def test_next_tile(unit, indicator, wild):
    assert T.name(next_kind(T.tile(indicator))) == wild
    assert event_kinds(unit.table, indicator=T.tile(indicator)) == (T.tile(wild),)


def test_next_tile_dragon_cycle_is_an_option(tmp_path):
    def overlay(cycle):
        path = tmp_path / "cycle.yaml"
        path.write_text(f"extends: {UNIT}\ntable: {{wilds: {{dragon_cycle: '{cycle}'}}}}\n", encoding="utf-8")
        return mahjong_core.load_ruleset(str(path))
    table = overlay("567z").table
    assert T.name(event_kinds(table, indicator=T.tile("5z"))[0]) == "6z"
    assert T.name(event_kinds(table, indicator=T.tile("7z"))[0]) == "5z"
    with pytest.raises(RulesetError):
        overlay("556z")


def test_next_tile_refuses_flowers(unit):
    with pytest.raises(MahjongError):
        event_kinds(unit.table, indicator=T.tile("1f"))


def test_wild_kinds_per_table(unit, tmp_path):
    assert event_kinds(unit.table, indicator=T.tile("9s")) == (T.tile("1s"),)
    assert event_kinds(unit.table, tile=T.tile("3p")) == (T.tile("3p"),)
    assert unit.table.wilds.fixed == ()

    def overlay(wilds):
        path = tmp_path / "w.yaml"
        path.write_text(f"extends: {UNIT}\ntable: {{wilds: {wilds}}}\n", encoding="utf-8")
        return mahjong_core.load_ruleset(str(path)).table
    fixed = overlay("{fixed: '5z'}")
    assert fixed.wilds.fixed == (T.tile("5z"),)
    assert event_kinds(fixed, tile=T.tile("5z")) == (T.tile("5z"),)
    with pytest.raises(SettlementError):
        event_kinds(fixed, tile=T.tile("6z"))
    with pytest.raises(SettlementError):
        event_kinds(fixed, indicator=T.tile("6z"))
    none = overlay("{max_kinds: 0}")
    assert none.wilds.fixed == ()
    with pytest.raises(SettlementError):
        event_kinds(none, indicator=T.tile("1m"))
    with pytest.raises(RulesetError):
        overlay("{indicator: flip_self}")


# ------------------------------------------------------------------ settlement

def _record(win, events=(), dealer=0):
    return {"seats": 4, "dealer": dealer, "round_wind": "E", "events": list(events) + [win]}


def test_competition_self_drawn_with_indicator(unit):
    # seat 2 self-draws; wild by indicator 4z → 1z is wild (North → East).
    # Hand 123m 234m 456p 789s + 5p, won on 5p: 二五八将 1; the wild event makes 1z wild and none
    # is held → 无混 2. F = 3; each loser pays 8 + 3 = 11, the winner gets 33.
    win = {"type": "win", "seat": 2, "situation": {"hand": "123m234m456p789s5p", "win_tile": "5p"}}
    out = unit.settle(_record(win, [{"type": "wild", "indicator": "4z"}])).to_dict()
    assert out["deltas"] == [-11, -11, 33, -11]


def test_competition_discard(unit):
    # seat 1 wins on seat 3's discard: F = 1 (二五八将), no wild event. Discarder pays 9, others 8.
    win = {"type": "win", "seat": 1, "from": 3,
           "situation": {"hand": "123m234m456p789s5p", "win_tile": "5p"}}
    out = unit.settle(_record(win)).to_dict()
    assert out["deltas"] == [-8, 25, -8, -9]


def test_record_fills_dealer_flag(unit):
    # the dealer (seat 1) self-draws in the first go-around: 天和 48 → each pays 8 + 48.
    win = {"type": "win", "seat": 1,
           "situation": {"hand": "123m234m456p789s1z", "win_tile": "1z", "first_turn": True}}
    out = unit.settle(_record(win, dealer=1)).to_dict()
    assert out["deltas"] == [-56, 168, -56, -56]


def test_site_formula():
    rules = mahjong_core.load_ruleset(str(CASES / "popular_unit_site.yaml"))
    # F = 3 (二五八将 + 无混), base 10: every loser pays 30, discard or not.
    win = {"type": "win", "seat": 0, "from": 1,
           "situation": {"hand": "123m234m456p789s5p", "win_tile": "5p"}}
    out = rules.settle(_record(win, [{"type": "wild", "tile": "7z"}])).to_dict()
    assert out["deltas"] == [90, -30, -30, -30]


def test_wild_event_must_agree_with_situation(unit):
    win = {"type": "win", "seat": 0, "situation": {"hand": "123m234m456p789s5p", "win_tile": "5p",
                                                   "wilds": "6z"}}
    with pytest.raises(SettlementError):
        unit.settle(_record(win, [{"type": "wild", "tile": "7z"}]))


def test_a_win_that_does_not_score_names_its_event(unit):
    # seat 3 wins on seat 1's discarded 5p, the wild kind: a discarded wild cannot be claimed.
    win = {"type": "win", "seat": 3, "from": 1, "situation": {"hand": "123m234m456p789s5p", "win_tile": "5p"}}
    with pytest.raises(MahjongError) as info:
        unit.settle(_record(win, [{"type": "wild", "tile": "5p"}]))
    assert info.value.code == "invalid_situation"
    assert info.value.message.startswith("events[1] (win) seat 3: win_tile 5p is wild")


def test_one_wild_event_only(unit):
    win = {"type": "win", "seat": 0, "situation": {"hand": "123m234m456p789s5p", "win_tile": "5p"}}
    with pytest.raises(SettlementError):
        unit.settle(_record(win, [{"type": "wild", "tile": "7z"}, {"type": "wild", "tile": "6z"}]))
    with pytest.raises(SettlementError):
        unit.settle(_record(win, [{"type": "wild", "tiles": "7z"}]))


def test_a_popular_check_is_given_only_its_own_arguments(tmp_path):
    # core checks a check's args against its signature: no popular check runs other checks
    bad = tmp_path / "bad.yaml"
    bad.write_text(f"extends: {UNIT}\nfans:\n  four_wilds: {{args: {{checks: [popular.no_wilds]}}}}\n",
                   encoding="utf-8")
    with pytest.raises(RulesetError) as info:
        mahjong_core.load_ruleset(str(bad))
    assert "takes no argument 'checks'" in info.value.message and "bad.yaml:3" in info.value.message


def test_unknown_excluded_by_fan_is_a_ruleset_error(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(f"extends: {UNIT}\nfans:\n  terminal_pair: {{excluded_by: [all_terminalz]}}\n",
                   encoding="utf-8")
    with pytest.raises(RulesetError) as info:
        mahjong_core.load_ruleset(str(bad))
    assert "all_terminalz" in info.value.message and "bad.yaml" in info.value.message
