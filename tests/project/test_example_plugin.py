"""The third-party example plugin examples/mahjong-258, once installed
(``pip install ./examples/mahjong-258``): its rulesets are listed and its house fan scores."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from mahjong_core import BelowMinimumError, MahjongError

from harness import EXAMPLE_PLUGIN, needs, run_cli
from winning_hands import random_winning

# the console script installed beside the interpreter running the tests, whatever PATH holds
MAHJONG = str(Path(sys.executable).with_name("mahjong"))

mahjong_258 = needs("mahjong_258", EXAMPLE_PLUGIN)

PAIR_5M = {"hand": "123m456p789s777m5m", "win_tile": "5m"}       # pair 55m
PAIR_1Z = {"hand": "123m456p789s777m1z", "win_tile": "1z"}       # pair 11z


def fan_ids(result) -> list[str]:
    return [f.id for f in result.fans]


def test_registered_through_the_entry_point(engine):
    assert "mahjong_258" not in engine.failures
    assert engine.registry.checks["mahjong_258.pair_258"].plugin == "mahjong_258"
    files = engine.ruleset_files()
    assert {"mini-258", "guobiao-258"} <= set(files)
    assert "mini-base" not in files          # the base lives outside the listed folder


def test_mahjong_rulesets_lists_its_rulesets():
    rc, out, err = run_cli(["rulesets", "--json"])
    assert rc == 0
    listed = {r["name"]: r["title"] for r in json.loads(out)}
    assert listed["mini-258"] == "Minimal rules with the 二五八将 house fan"
    assert "guobiao-258" in listed


def test_console_script_scores_the_fan():
    proc = subprocess.run([MAHJONG, "score", "--ruleset", "mini-258", "--json", "123m456p789s1235m", "5m"],
                          capture_output=True, text=True, encoding="utf-8", timeout=60)
    assert (proc.returncode, proc.stderr) == (0, "")
    res = json.loads(proc.stdout)
    assert {"id": "pair_258", "zh": "二五八将", "en": "Pair of 2, 5 or 8", "points": 1, "count": 1} in res["fans"]


@pytest.mark.parametrize("pair, fires", [("2m", True), ("5p", True), ("8s", True), ("1m", False),
                                         ("3p", False), ("9s", False), ("5z", False), ("2z", False)])
def test_mini_258_pair_ranks(engine, pair, fires):
    rules = engine.load_ruleset("mini-258")
    res = rules.score({"hand": f"123m456p789s777m{pair}", "win_tile": pair})
    assert ("pair_258" in fan_ids(res)) is fires
    assert res.total == 1 + fires


def test_mini_258_only_for_the_pair_of_a_standard_hand(engine):
    rules = engine.load_ruleset("mini-258")
    seven = rules.score({"hand": "2255m1199p3388s7z", "win_tile": "7z"})
    assert seven.decomposition.shape == "seven_pairs" and "pair_258" not in fan_ids(seven)
    assert fan_ids(rules.score(PAIR_1Z)) == ["plain_win"]
    assert fan_ids(rules.score(dict(PAIR_5M, self_drawn=True))) == ["plain_win", "self_drawn", "pair_258"]


def test_an_overlay_changes_the_points_without_code(engine, tmp_path):
    path = tmp_path / "club.yaml"
    path.write_text("extends: mini-258\ntitle: Club\nfans:\n  pair_258: {points: 2}\n", encoding="utf-8")
    res = engine.load_ruleset(path).score(PAIR_5M)
    assert res.total == 3 and {f.id: f.points for f in res.fans}["pair_258"] == 2
    path.write_text("extends: mini-258\nfans:\n  pair_258: {enabled: false}\n", encoding="utf-8")
    assert fan_ids(engine.load_ruleset(path).score(PAIR_5M)) == ["plain_win"]


@pytest.fixture(scope="module")
def guobiao_pair(engine):
    if "guobiao" not in engine.ruleset_files():
        pytest.skip("the guobiao ruleset is not installed")
    return engine.load_ruleset("guobiao"), engine.load_ruleset("guobiao-258")


def test_guobiao_258_adds_the_fan(guobiao_pair):
    gb, gb258 = guobiao_pair
    hand = {"hand": "123456789m123p5s", "win_tile": "5s"}                 # pure straight, pair 55s
    base, house = gb.score(hand), gb258.score(hand)
    assert house.total == base.total + 1
    assert sorted(fan_ids(house)) == sorted(fan_ids(base) + ["pair_258"])
    assert "pair_258" not in {r.id for r in gb.fan_rules}
    assert gb258.where("fans.pair_258.points") == "guobiao-258: fans.pair_258.points"     # by name, not path
    assert gb258.where("fans.pure_straight.points") == gb.where("fans.pure_straight.points")


def test_guobiao_258_pair_counts_toward_the_minimum(guobiao_pair):
    gb, gb258 = guobiao_pair
    rng = random.Random(258)
    found = 0
    for _ in range(3000):
        sit = random_winning(rng)
        try:
            base = gb.score(sit, enforce_minimum=False)
        except MahjongError:
            continue
        house = gb258.score(sit, enforce_minimum=False)
        assert base.total <= house.total <= base.total + 1
        if base.minimum_points == gb.minimum - 1 and "pair_258" in fan_ids(house):
            with pytest.raises(BelowMinimumError):
                gb.score(sit)
            assert gb258.score(sit).total >= gb.minimum
            found += 1
            if found >= 3:
                break
    assert found, "no hand one point short of the minimum with a 258 pair among the samples"
