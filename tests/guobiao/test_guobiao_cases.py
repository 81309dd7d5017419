"""Golden cases for the Guobiao rulesets (tests/guobiao/data/guobiao.yaml), through the public API.

Each case is scored under guobiao, guobiao-2014, guobiao-strict98 and the test overlay
guobiao-test-wmcc2006; an overlay without its own expectation must score the hand exactly as
guobiao does, so the file pins precisely what every overlay changes.
"""
from __future__ import annotations

import pytest
import yaml

import mahjong_core
from mahjong_core.engine.errors import BelowMinimumError, MahjongError

from testpaths import GUOBIAO_DATA

CASES_DIR = GUOBIAO_DATA
CASES = yaml.safe_load((CASES_DIR / "guobiao.yaml").read_text(encoding="utf-8"))["cases"]
RULESETS = {
    "guobiao": "guobiao",
    "guobiao-2014": "guobiao-2014",
    "guobiao-strict98": "guobiao-strict98",
    "guobiao-test-wmcc2006": str(CASES_DIR / "guobiao-test-wmcc2006.yaml"),
}


@pytest.fixture(scope="module")
def rulesets():
    return {name: mahjong_core.load_ruleset(where) for name, where in RULESETS.items()}


def counts(fans) -> dict:
    return {f.id: f.count for f in fans}


def test_case_file_is_well_formed():
    ids = [c["id"] for c in CASES]
    assert len(ids) == len(set(ids)), "duplicate case ids"
    for c in CASES:
        assert set(c["expect"]) <= set(RULESETS), c["id"]
        assert "guobiao" in c["expect"], c["id"]
    tricky = {c["id"] for c in CASES if c["id"][:1] == "T" and c["id"][1:].isdigit()}
    assert tricky == {f"T{i:02d}" for i in range(1, 71)}


@pytest.mark.parametrize("name", list(RULESETS))
@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_golden_case(case, name, rulesets):
    expect = case["expect"].get(name, case["expect"]["guobiao"])
    rules = rulesets[name]
    if "error" in expect:
        with pytest.raises(MahjongError) as info:
            rules.score(case["situation"])
        assert info.value.code == expect["error"]
        return
    if expect.get("below_minimum"):
        with pytest.raises(BelowMinimumError) as info:
            rules.score(case["situation"])
        result = info.value.result
        assert info.value.code == "below_minimum"
    else:
        result = rules.score(case["situation"])
    assert counts(result.fans) == expect["fans"]
    assert result.total == expect["total"]
    assert result.total == sum(f.points * f.count for f in result.fans)
    assert result.value == result.total


def test_every_fan_fires_in_some_golden_case(rulesets):
    fired = set()
    for c in CASES:
        fired.update(c["expect"]["guobiao"].get("fans", {}))
    fan_ids = {r.id for r in rulesets["guobiao"].fan_rules}
    assert len(fan_ids) == 82
    assert fan_ids - fired == set()


def test_every_overlay_changes_something_pinned():
    for name in ("guobiao-2014", "guobiao-strict98", "guobiao-test-wmcc2006"):
        assert any(name in c["expect"] for c in CASES), name


def test_fan_names_are_the_contract_ones(rulesets):
    """ids, zh and en exactly as in tests/guobiao/data/guobiao_fans.md (reference adapter's table)."""
    import reference_gb as ref
    rules = rulesets["guobiao"]
    table = {fan_id: (zh, points) for fan_id, zh, points in ref.FAN_TABLE}
    assert {r.id: (r.zh, r.points) for r in rules.fan_rules} == table
    en = {r.id: r.en for r in rules.fan_rules}
    assert en["concealed_kong_and_melded_kong"] == "Concealed Kong and Melded Kong"
    assert en["three_suited_terminal_chows"] == "Three-Suited Terminal Chows"
    assert en["robbing_the_kong"] == "Robbing The Kong"


def test_flowers_never_reach_the_minimum(rulesets):
    """T70: 4 points of fans + 4 flowers is still below the 8-point minimum."""
    case = next(c for c in CASES if c["id"] == "T70")
    with pytest.raises(BelowMinimumError) as info:
        rulesets["guobiao"].score(case["situation"])
    assert info.value.result.total == 8
    assert info.value.to_dict()["error"]["code"] == "below_minimum"
    assert rulesets["guobiao"].score(case["situation"], enforce_minimum=False).total == 8


def test_result_does_not_depend_on_meld_or_tile_order(rulesets):
    rules = rulesets["guobiao"]
    checked = 0
    for c in CASES:
        sit = c["situation"]
        if "error" in c["expect"]["guobiao"] or len(sit.get("melds", ())) < 2:
            continue
        tiles = mahjong_core.parse_tiles(sit["hand"])
        shuffled = dict(sit, melds=list(reversed(sit["melds"])),
                        hand=" ".join(mahjong_core.format_tiles([t]) for t in reversed(tiles)))
        a = rules.score(sit, enforce_minimum=False)
        b = rules.score(shuffled, enforce_minimum=False)
        assert (a.total, counts(a.fans)) == (b.total, counts(b.fans)), c["id"]
        checked += 1
    assert checked >= 20


OPTION_CASES = [
    # (option, value, situation, fans that appear (+) / disappear (-) against guobiao)
    ("four_concealed_pungs_fully_concealed", True,
     {"hand": "111m333777s1166z", "win_tile": "1z", "self_drawn": True},           # example-12b
     {"fully_concealed_hand": +1, "self_drawn": -1}),
    ("last_tile_from_melds", False,
     {"hand": "123p456s78s99m", "melds": [{"type": "pung", "tiles": "999s"}], "win_tile": "9s"},
     {"last_tile": -1}),
    ("formal_waits", False,
     {"hand": "1234444678m456p", "win_tile": "1m", "self_drawn": True},              # T21
     {"single_wait": +1}),
    ("melded_and_concealed_kong", "separate",
     {"hand": "123p456p7s", "melds": [{"type": "kong", "tiles": "1111m", "from": "left"},
                                      {"type": "kong", "tiles": "9999s", "concealed": True}],
      "win_tile": "7s"},                                                               # T16
     {"concealed_kong_and_melded_kong": -1, "melded_kong": +1, "concealed_kong": +1}),
    ("special_hands_fully_concealed", True,
     {"hand": "19m19p19s1234567z", "win_tile": "4z", "self_drawn": True},            # T35
     {"fully_concealed_hand": +1, "self_drawn": -1}),
]


@pytest.mark.parametrize("option, value, situation, change", OPTION_CASES, ids=[c[0] for c in OPTION_CASES])
def test_each_option_changes_what_it_documents(option, value, situation, change, rulesets, tmp_path):
    assert option in rulesets["guobiao"].options
    overlay = tmp_path / "house.yaml"
    overlay.write_text(yaml.safe_dump({"extends": "guobiao", "options": {option: value}}), encoding="utf-8")
    house = mahjong_core.load_ruleset(overlay)
    base = counts(rulesets["guobiao"].score(situation, enforce_minimum=False).fans)
    got = counts(house.score(situation, enforce_minimum=False).fans)
    diff = {k: got.get(k, 0) - base.get(k, 0) for k in set(base) | set(got) if got.get(k, 0) != base.get(k, 0)}
    assert diff == change


def test_fan_table_matches_the_rules_document(rulesets):
    """id, zh, en and points of every fan exactly as the rule text lists them (tests/guobiao/data/guobiao_fans.md)."""
    import re
    doc = GUOBIAO_DATA / "guobiao_fans.md"
    rows = re.findall(r"^\| (\d+) \| `(\w+)` \| (\S+) \| ([^|]+?) \| (\d+) \|$",
                      doc.read_text(encoding="utf-8"), flags=re.M)
    assert len(rows) == 82
    table = {fid: (zh, en, int(points)) for _, fid, zh, en, points in rows}
    rules = rulesets["guobiao"]
    assert {r.id: (r.zh, r.en, r.points) for r in rules.fan_rules} == table
