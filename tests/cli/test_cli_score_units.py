"""``mahjong score`` text output: each fan's amount in its unit — points as a number, doublings
as ×2^n, a bonus as +n — so a units ruleset's table reads as its value formula."""
from __future__ import annotations

import pytest

from harness import run_cli
from testpaths import MINI


@pytest.fixture
def units_ruleset(tmp_path):
    path = tmp_path / "units.yaml"
    path.write_text(f"""extends: {MINI}
scoring: {{value: {{formula: units, params: {{base: 0}}}}}}
fans:
  seven_pairs: {{points: null, doublings: 2}}
  self_drawn: {{points: null, bonus: 10}}
""", encoding="utf-8")
    return path


def test_each_fan_shows_its_unit(units_ruleset):
    # 七对 2 doublings, 自摸 a bonus of 10, two flowers 1 point each:
    # value = (0 + 2) × 2^2 + 10 = 18; total = 2 + 10 + 2 = 14
    rc, out, err = run_cli(["score", "--ruleset", units_ruleset, "--self-drawn", "--flowers", "1f3f",
                            "1122334455667m 7m"])
    assert (rc, err) == (0, "")
    assert out.splitlines()[3:] == [
        "  自摸\tSelf-Drawn    +10",
        "  七对\tSeven Pairs  ×2^2",
        "  花牌\tFlowers         2  (1 ×2)",
        "total     14",
        "value     18",
    ]


def test_a_counted_doubling_says_each_occurrence(units_ruleset, tmp_path):
    path = tmp_path / "each.yaml"
    path.write_text(f"extends: {units_ruleset}\nfans:\n  flowers: {{points: null, doublings: 1}}\n", encoding="utf-8")
    rc, out, _ = run_cli(["score", "--ruleset", path, "--flowers", "1f3f", "1122334455667m 7m"])
    # a discard: 平胡 1 point, the two flowers a doubling each: value = 1 × 2^2 = 4
    assert rc == 0 and out.splitlines()[3:] == ["  平胡\tPlain Win     1", "  花牌\tFlowers    ×2^2  (1 doubling ×2)",
                                                "total     3", "value     4"]
