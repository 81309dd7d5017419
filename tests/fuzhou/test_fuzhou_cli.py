"""The command line on the Fuzhou rulesets: ``mahjong score`` prints the points line by line, the
special and the value; ``--explain`` says which special won; ``--robbing-gold`` is the declared
抢金 field; ``mahjong waits`` takes 16-tile hands with golds and shows each winning tile's value;
``mahjong settle`` pays a record; ``mahjong rulesets`` lists both lines."""
from __future__ import annotations

import json

from harness import run_cli

# 123m 456m 789m 234p 678p + 5m 5m 5m: three golds (5m), one of them drawn; bonus 1f 3z 5z
HAND = "123456789m234p678p5m5m"
ARGS = ["score", "--ruleset", "fuzhou", HAND, "--wilds", "5m", "--flowers", "1f3z5z", "--self-drawn"]


def test_score_prints_the_points_the_special_and_the_value():
    rc, out, err = run_cli(ARGS)
    assert (rc, err) == (0, "")
    lines = out.splitlines()
    fans = [line.split() for line in lines if line.startswith("  ")]
    # B = 3 bonus tiles + 3 golds = 6; 金雀 (two golds the pair) 30 beats 三金倒 10; S = 2 × 6 + 30
    assert fans == [["金雀", "Gold", "sparrow", "+30"], ["花", "Bonus", "tile", "3", "(1", "×3)"],
                    ["金", "Gold", "3", "(1", "×3)"], ["自摸", "Self-drawn", "×2^1"]]
    assert "total     36" in lines and "value     42" in lines


def test_explain_names_the_special_that_won():
    rc, out, _ = run_cli(ARGS + ["--explain"])
    assert rc == 0
    assert "  not counted: 三金倒 Three golds down  (by 金雀 Gold sparrow)" in out
    assert "  note: B (points) = 3 花 + 3 金 = 6" in out
    assert "  note: special: 金雀 jinque 30 won; the hand also makes 三金倒 sanjindao 10, and only the highest " \
           "special counts" in out
    assert "  note: value S = 2 × B + special = 2 × 6 + 30 = 42 per payer (self-drawn)" in out
    rc, out, _ = run_cli(["score", "--ruleset", "fuzhou-classic", "123456789m234p678p9s9s", "--wilds", "5m",
                          "--explain"])
    assert "  note: special: 无花无杠 wuhua_wugang 30, the only special the hand makes" in out
    rc, out, _ = run_cli(["score", "--ruleset", "fuzhou", "123456789m234p678p9s9s", "--wilds", "5m", "--explain"])
    assert "  note: special: none" in out and "value S = B + special = 1 + 0 = 1 per payer" in out


def test_robbing_gold_is_a_flag():
    # 抢金 on the face-up 5m: it is read as itself, so only the two standing golds score
    rc, out, _ = run_cli(ARGS + ["--robbing-gold", "--json"])
    got = json.loads(out)
    assert rc == 0 and (got["total"], got["value"]) == (35, 40)     # B = 3 + 2; 金雀 30 beats 抢金 20
    rc, out, err = run_cli(["score", "--ruleset", "fuzhou", HAND, "--wilds", "5m", "--robbing-gold"])
    assert rc != 0 and "'self_drawn': true" in err


def test_waits_on_a_sixteen_tile_hand_with_golds_show_the_value():
    rc, out, err = run_cli(["waits", "--ruleset", "fuzhou", "123456789m234p67p9s5m", "--wilds", "5m",
                            "--flowers", "1f3z"])
    assert (rc, err) == (0, "")
    rows = [line.split(None, 1) for line in out.splitlines()[3:]]
    # 5p, 8p, 9s: B = 2 bonus tiles + 2 golds (the 5m standing in 123456789m is one) = 4, doubled
    # on a self-draw. The gold 5m: never won on a discard; self-drawn it is the third gold and no
    # shape: 三金倒, total 5 + 10 = 15, value 2 × 5 + 10 = 20
    assert rows == [["5m", "wild: never discarded    15 → 20"], ["5p", "4      4 → 8"],
                    ["8p", "4      4 → 8"], ["9s", "4      4 → 8"],
                    ["wild:", "never discarded: win_tile 5m is wild and a wild is never discarded "
                              "(table.wilds.discard: false): a win on it must be self-drawn"],
                    ["(total", "→ value)"]]
    rc, out, _ = run_cli(["waits", "--ruleset", "fuzhou", "--json", "123456789m234p67p9s5m", "--wilds", "5m"])
    waits = {w["tile"]: w for w in json.loads(out)["waits"]}
    assert waits["5p"]["self_drawn"] == {"total": 2, "value": 4, "below_minimum": False}
    assert waits["5m"]["discard"] == {"error": "invalid_situation", "reason": "wild: never discarded",
                                      "message": "win_tile 5m is wild and a wild is never discarded "
                                                 "(table.wilds.discard: false): a win on it must be self-drawn"}


def test_settle_pays_a_record():
    record = {"ruleset": "fuzhou", "dealer": 0, "events": [
        {"type": "wild", "indicator": "8s"},
        {"type": "win", "seat": 0, "situation": {"hand": "123456789m23456p8s9s", "win_tile": "9s",
                                                 "first_turn": True, "flowers": "2f7z"}}]}
    rc, out, err = run_cli(["settle", "--json", "-"], stdin=json.dumps(record))
    assert (rc, err) == (0, "")
    assert json.loads(out)["deltas"] == [138, -46, -46, -46]     # 天胡: S = 2 × 3 + 40


def test_rulesets_lists_both_lines():
    rc, out, _ = run_cli(["rulesets"])
    names = [line.split()[0] for line in out.splitlines()]
    assert {"fuzhou", "fuzhou-classic"} <= set(names)
