"""Golden hands (tests/popular/data/popular.yaml) under `popular` (大众) and `popular-lianzhong` (联众),
every popular fan covered, plus settlement of the 大众 worked example."""
from __future__ import annotations

import io

import pytest
import yaml

import mahjong_core
from mahjong_core.frontends import cli
from mahjong_core.engine.errors import MahjongError

from testpaths import POPULAR_DATA

CASES = yaml.safe_load((POPULAR_DATA / "popular.yaml").read_text(encoding="utf-8"))
RULESETS = {"popular": "popular", "lianzhong": "popular-lianzhong"}


@pytest.fixture(scope="module")
def rules():
    return {key: mahjong_core.load_ruleset(name) for key, name in RULESETS.items()}


@pytest.mark.parametrize("key", sorted(RULESETS))
@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_golden(rules, case, key):
    expected = case[key]
    ruleset = rules[key]
    if "error" in expected:
        with pytest.raises(MahjongError) as info:
            ruleset.score(case["situation"])
        assert info.value.code == expected["error"], info.value.message
        return
    result = ruleset.score(case["situation"], enforce_minimum=case.get("enforce_minimum", True))
    if "fans" in expected:
        assert {f.id: f.count for f in result.fans} == expected["fans"]
    assert result.total == expected["total"]
    assert result.total == sum(f.points * f.count for f in result.fans)


def test_every_popular_fan_fires_in_a_golden_hand(rules):
    """Each fan the popular rulesets add or change fires in some golden hand of each ruleset
    that enables it."""
    base = {r.id for r in mahjong_core.load_ruleset("guobiao").fan_rules}
    for key, ruleset in rules.items():
        own = {r.id for r in ruleset.fan_rules if r.check.startswith("popular.") and
               r.id not in base | {"chicken_hand"}}
        own |= {"flower_tiles"}
        fired = set()
        for case in CASES:
            fired.update(case[key].get("fans", {}))
        fired.update(f for case in CASES for f in _fans_of(ruleset, case))
        assert own - fired == set(), key


def _fans_of(ruleset, case):
    try:
        return {f.id for f in ruleset.score(case["situation"], enforce_minimum=False).fans}
    except MahjongError:
        return set()


def test_same_hand_differs_between_presets(rules):
    """The 四方大发 hand: 大众 297, 联众 233 (联众 also drops 字一色); the opening fans differ."""
    hand = {"hand": "111222333444z6z", "win_tile": "6z"}
    assert rules["popular"].score(hand).total == 297
    assert rules["lianzhong"].score(hand).total == 233
    values = {key: {r.id: r.points for r in rs.fan_rules} for key, rs in rules.items()}
    assert (values["popular"]["heavenly_hand"], values["lianzhong"]["heavenly_hand"]) == (48, 168)
    assert (values["popular"]["earthly_hand"], values["lianzhong"]["earthly_hand"]) == (32, 158)
    assert (values["popular"]["human_hand"], values["lianzhong"]["human_hand"]) == (24, 108)
    assert (values["popular"]["heavenly_ready"], values["lianzhong"]["heavenly_ready"]) == (16, 32)
    assert "wild_kong" not in values["popular"] and values["lianzhong"]["wild_kong"] == 88
    assert "eight_immortals" not in values["popular"] and values["lianzhong"]["eight_immortals"] == 88
    assert "four_wilds" in values["popular"] and "four_wilds" not in values["lianzhong"]


# ------------------------------------------------------------------ settlement (the worked example)

# South (seat 1, dealer seat 0) self-draws 混一色 碰碰和 with a 中 pung; the record turns up 4m, so
# 5m is wild (flip_next) and the winner holds none.
# Guobiao: 碰碰和 6 + 混一色 6 + 箭刻 2 + 自摸 1 + 单钓将 1 = 16 (the worked example counts 14, leaving
# out 自摸 and the single wait); popular: + 无混 2 + 季花 1 (夏 for South) + 花牌 2 = F = 21.
EXAMPLE_WIN = {"type": "win", "seat": 1,
               "situation": {"hand": "3p", "win_tile": "3p", "flowers": "2f",
                             "melds": [{"type": "pung", "tiles": "777z"}, {"type": "pung", "tiles": "222p"},
                                       {"type": "pung", "tiles": "666p"}, {"type": "pung", "tiles": "888p"}]}}
EXAMPLE = {"seats": 4, "dealer": 0, "round_wind": "E",
           "events": [{"type": "wild", "indicator": "4m"}, EXAMPLE_WIN]}


def test_example_score(rules):
    situation = dict(EXAMPLE_WIN["situation"], seat_wind="S", self_drawn=True, wilds="5m")
    result = rules["popular"].score(situation)
    assert {f.id: f.count for f in result.fans} == {
        "all_pungs": 1, "half_flush": 1, "dragon_pung": 1, "self_drawn": 1, "single_wait": 1,
        "no_wilds": 1, "seat_flower": 1, "flower_tiles": 1}
    assert result.total == 21


def test_example_competition_settlement(rules):
    # each loser pays 8 + 21 = 29; the winner receives 87.
    assert rules["popular"].settle(EXAMPLE).to_dict()["deltas"] == [-29, 87, -29, -29]


def test_example_site_settlement(tmp_path):
    overlay = tmp_path / "club.yaml"
    overlay.write_text("extends: popular\nsettlement: {id: popular.site, params: {base: 10}}\n",
                       encoding="utf-8")
    rules = mahjong_core.load_ruleset(str(overlay))
    # each loser pays 10 × 21 = 210; the winner receives 630.
    assert rules.settle(EXAMPLE).to_dict()["deltas"] == [-210, 630, -210, -210]


def test_discard_settlement(rules):
    # the same hand won on seat 3's discard: all four sets melded + a discard = 全求人 6 (excludes
    # 单钓将) instead of 自摸 1 + 单钓将 1: F = 21 - 2 + 6 = 25 → discarder 8 + 25 = 33, others 8.
    win = dict(EXAMPLE_WIN, **{"from": 3})
    record = dict(EXAMPLE, events=[EXAMPLE["events"][0], win])
    out = rules["popular"].settle(record).to_dict()
    assert out["deltas"] == [-8, 49, -8, -33]


def test_below_minimum_counter_example(rules):
    """The worked example's counter-example: 混一色 + 无混 2 + 花牌 2 — the non-counting fans
    cannot lift a hand over the minimum. [234p] 789p 111p 55p 22z won on a discarded 5p (waits
    5p/2z; the 555p it makes counts as melded): 混一色 6 + 幺九刻 1 = 7 count, + 无混 2 + 花牌 2 = 11
    → below 8."""
    situation = {"hand": "789p55p111p22z", "melds": [{"type": "chow", "tiles": "234p"}], "win_tile": "5p",
                 "wilds": "9s", "flowers": "8f", "seat_wind": "S"}
    with pytest.raises(MahjongError) as info:
        rules["popular"].score(situation)
    assert info.value.code == "below_minimum"
    out = info.value.to_dict()
    assert {f["id"]: f["count"] for f in out["fans"]} == {
        "half_flush": 1, "pung_of_terminals_or_honors": 1, "no_wilds": 1, "flower_tiles": 1}
    assert out["total"] == 11


def test_dropped_four_wilds_is_explained(rules):
    """四混 beside 93 points of other fans is not counted; --explain says why, in JSON and on the
    console."""
    hand = {"hand": "5555m111234567p", "win_tile": "8p", "wilds": "5m", "self_drawn": True}
    result = rules["popular"].score(hand)
    assert "four_wilds" not in result.fan_ids() and result.total == 93
    assert rules["popular"].explain(result)["dropped"] == [{"id": "four_wilds", "zh": "四混", "en": "Four Wilds",
                                                             "others": 93, "limit": 32}]
    out = io.StringIO()
    code = cli.main(["score", "--ruleset", "popular", "--wilds", "5m", "--self-drawn", "--explain",
                     "5555m111234567p 8p"], out=out)
    assert code == 0
    assert "not counted: 四混 Four Wilds  (the other fans total 93, more than 32)" in out.getvalue()
