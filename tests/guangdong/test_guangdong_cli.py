"""The Guangdong rulesets on the command line: `mahjong rulesets` lists the six, `score` shows the
pattern rows and the value, `--explain` names the row that won and what ruled each other one
out, `waits` gives each winning tile's value per win method and says "self-draw only", `settle`
pays a record, and a bad record is a contract error naming the event (no traceback)."""
from __future__ import annotations

import json

from harness import run_cli

SIX = ["guangdong", "guangdong-100", "guangdong-bao", "guangdong-jipinghu", "guangdong-lianhua",
       "guangdong-tuidaohu"]


def test_rulesets_lists_the_six():
    rc, out, _ = run_cli(["rulesets", "--json"])
    names = [r["name"] for r in json.loads(out)]
    assert rc == 0 and [n for n in names if n.startswith("guangdong")] == SIX
    rc, out, _ = run_cli(["rulesets"])
    assert all(any(line.split()[0] == n for line in out.splitlines()) for n in SIX)


def test_score_shows_the_rows_and_the_value():
    rc, out, err = run_cli(["score", "--ruleset", "guangdong", "--self-drawn", "[111z,1]111m999m555m2z 2z"])
    assert (rc, err) == (0, "")
    assert "  混碰\tHalf Flush All Pungs     4" in out.splitlines() and "total     4" in out.splitlines()
    # 推倒胡: fans add up to the total, the value is 2^total
    rc, out, _ = run_cli(["score", "--ruleset", "guangdong-tuidaohu", "--self-drawn", "1112345678999s 9s"])
    lines = out.splitlines()
    assert rc == 0 and "total     5" in lines and "value     32" in lines
    assert any(line.startswith("  清一色") for line in lines) and any(line.startswith("  自摸") for line in lines)


def test_explain_names_the_winning_row_as_what_ruled_the_others_out():
    rc, out, _ = run_cli(["score", "--ruleset", "guangdong", "--explain", "--self-drawn",
                          "[111z,1]111m999m555m2z 2z"])
    lines = out.splitlines()
    assert rc == 0
    assert "  not counted: 混一色 Half Flush  (by 混碰 Half Flush All Pungs)" in lines
    assert "  not counted: 对对碰 All Pungs  (by 混碰 Half Flush All Pungs)" in lines
    assert "toward the minimum: 4 (minimum 1)" in lines


def test_a_chicken_hand_on_a_discard_is_below_the_minimum():
    rc, out, err = run_cli(["score", "--ruleset", "guangdong", "123m456p789s1122z 2z"])
    assert rc == 2 and "  鸡胡\tChicken Hand     1" in out.splitlines()
    assert "below the minimum of 4 for a win by discard (scoring.minimum.discard)" in err


def test_waits_give_the_value_per_tile_and_method():
    rc, out, _ = run_cli(["waits", "--ruleset", "guangdong", "[111z,1]123m456m789m5m"])
    assert rc == 0 and out.splitlines()[2:] == ["tile  discard  self-draw",
                                            "5m         2*          2",
                                            "* below the minimum: 4 on a discard",
                                            "wins 5m by self-draw only"]
    rc, out, _ = run_cli(["waits", "--ruleset", "guangdong-tuidaohu", "123m456p789s1122z"])
    assert rc == 0 and out.splitlines()[2:] == ["tile      discard  self-draw",
                                            "1z    not allowed      1 → 2",
                                            "2z    not allowed      1 → 2",
                                            "(total → value)",
                                            "wins 1z by self-draw only, 2z by self-draw only"]
    rc, out, _ = run_cli(["waits", "--ruleset", "guangdong", "122334455678m9m"])
    assert out.splitlines()[2:] == ["tile  discard  self-draw", "2m          4          4", "5m          4          4"]


def test_settle_pays_the_seeds_270(tmp_path):
    record = {"dealer": 0, "events": [
        {"type": "kong", "seat": 0, "kind": "concealed", "tile": "9s"},
        {"type": "kong", "seat": 0, "kind": "added", "tile": "1z"},
        {"type": "win", "seat": 0, "situation": {"hand": "234m567p8s", "win_tile": "8s", "melds": [
            {"type": "kong", "tiles": "9999s", "concealed": True},
            {"type": "kong", "tiles": "1111z", "concealed": False}]}},
        {"type": "horses", "tiles": "1m5p2s3s"}]}
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    rc, out, _ = run_cli(["settle", "--ruleset", "guangdong", "--json", path])
    assert rc == 0 and json.loads(out)["deltas"] == [270, -90, -90, -90]


def test_a_bad_record_is_an_error_naming_the_event(tmp_path):
    record = {"events": [{"type": "win", "seat": 0, "situation": {"hand": "234m567m123s111z9s", "win_tile": "9s"}},
                         {"type": "horses", "tiles": "1m5p"}]}
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    rc, out, err = run_cli(["settle", "--ruleset", "guangdong-100", path])
    assert rc == 2 and "Traceback" not in out + err
    assert "events[1] (horses): field 'tiles': 5p is not in this ruleset's tile set (guangdong_100)" in err


def test_bao_declares_claim_liable_as_a_flag():
    rc, out, _ = run_cli(["score", "--ruleset", "guangdong-bao", "--self-drawn", "--claim-liable", "3",
                          "--json", "[111p,1][333p,1][555s,1][777z,1]9s 9s"])
    assert rc == 0 and json.loads(out)["total"] == 12
