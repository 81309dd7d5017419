"""``options.formula`` (plugins/mahjong_fuzhou/README.md): version B (the shipped value) or
version A (minyic7's code), the option and the YAML value formula checked against each other at
load, and ``--explain`` saying how S is made under each."""
from __future__ import annotations

from pathlib import Path

import pytest

import mahjong_core
from mahjong_core import RulesetError
from mahjong_core.engine.registry import Engine

from testpaths import FUZHOU_DATA

VERSION_A = FUZHOU_DATA / "fuzhou-classic-version-a.yaml"
A_PARAMS = "{base: 5, multiplier_by_method: {self_drawn: 3}, multiplier_takes_bonus: false}"
A_VALUE = f"scoring:\n  value:\n    formula: units\n    params: {A_PARAMS}\n"
A_FANS = ("fans:\n  every_win: {enabled: true}\n  self_draw: {enabled: false}\n  exposed_kongs: {enabled: false}\n"
          "  concealed_kongs: {enabled: false}\n")
WORKED = {"hand": "123456789m23p5p9s",
          "melds": [{"type": "kong", "tiles": "7777s", "concealed": False, "from": "left"}],
          "win_tile": "9s", "flowers": "1f3z6z", "wilds": "5p", "dealer": True}


def _load(tmp_path, text: str, line: str = "fuzhou-classic"):
    path = tmp_path / "club.yaml"
    path.write_text(f"extends: {line}\n" + text, encoding="utf-8")
    return path, Engine().load_ruleset(path)


def test_the_shipped_lines_are_version_b_and_the_overlay_version_a():
    assert mahjong_core.load_ruleset("fuzhou").options["formula"] == "version_b"
    assert mahjong_core.load_ruleset("fuzhou-classic").options["formula"] == "version_b"
    rules = mahjong_core.load_ruleset(str(VERSION_A))
    assert rules.options["formula"] == "version_a"
    assert rules.score(WORKED).value == (3 + 1 + 5) * 2        # flowers + golds + 5, the kong left out: 18


@pytest.mark.parametrize("line", ["fuzhou", "fuzhou-classic"])
def test_a_club_overlay_selects_version_a_on_either_line(tmp_path, line):
    _, rules = _load(tmp_path, "options:\n  formula: version_a\n" + A_VALUE + A_FANS, line)
    assert rules.score(dict(WORKED, self_drawn=True)).value == (3 + 1 + 5) * 2 * 3 + 0


@pytest.mark.parametrize("text, line, words", [
    # the option alone: the value formula is still version B's
    ("options:\n  formula: version_a\n", 3,
     ["options.formula is version_a", "scoring.value.params.base", "gives base 0",
      "version_a is S = (flowers + golds + streak + 5) × 2 + special, the × 2 part × 3 self-drawn"]),
    # version A's formula without the option
    (A_VALUE + A_FANS, 5,
     ["options.formula is version_b", "set at fuzhou: options.formula", "gives base 5", "or options.formula to version_a"]),
    # the option and the params, the fans left as version B's
    ("options:\n  formula: version_a\n" + A_VALUE, 3,
     ["fans.self_draw", "fan self_draw (fuzhou.self_draw, doublings 1) "
      "switched on"]),
    ("options:\n  formula: version_a\n" + A_VALUE + "fans:\n  self_draw: {enabled: false}\n", 3,
     ["fans.every_win", "no fan of core.always with doublings 1 switched on"]),
    # the multiplier taking the special too (the × 3 of the whole S)
    ("options:\n  formula: version_a\nscoring:\n  value:\n    formula: units\n    params: {base: 5, "
     "multiplier_by_method: {self_drawn: 3}}\n" + A_FANS, 3,
     ["scoring.value.params.multiplier_takes_bonus", "gives multiplier_takes_bonus true"]),
    # the kong points left in B
    ("options:\n  formula: version_a\n" + A_VALUE + "fans:\n  every_win: {enabled: true}\n"
     "  self_draw: {enabled: false}\n", 3,
     ["fans.exposed_kongs", "fan exposed_kongs (fuzhou.kongs) switched on",
      "S = (flowers + golds + streak + 5) × 2 + special"]),
    ("options:\n  formula: version_a\nscoring:\n  value:\n    formula: units\n    params: {base: 5}\n" + A_FANS, 3,
     ["scoring.value.params.multiplier_by_method", "gives multiplier_by_method none"]),
    ("options:\n  formula: version_b\nscoring:\n  value: {formula: units,\n"
     "    params: {multiplier_by_method: {self_drawn: 3}}}\n", 3,
     ["options.formula is version_b", "gives multiplier_by_method {self_drawn: 3}"]),
    ("fans:\n  self_draw: {enabled: false}\n", 3,
     ["options.formula is version_b", "fans.self_draw", "no fan of fuzhou.self_draw with doublings 1"]),
    ("options:\n  formula: version_c\n", 3, ["formula", "version_b", "version_a"]),
])
def test_a_formula_the_option_does_not_name_is_refused_at_its_line(tmp_path, text, line, words):
    path = tmp_path / "club.yaml"
    path.write_text("extends: fuzhou-classic\n" + text, encoding="utf-8")
    with pytest.raises(RulesetError) as info:
        Engine().load_ruleset(path)
    message = info.value.message
    assert message.startswith(f"{path}:{line}: "), message
    for w in words:
        assert w in message, message


def test_a_formula_that_is_not_units_is_refused(tmp_path):
    path = tmp_path / "club.yaml"
    base = tmp_path / "line.yaml"
    text = Path(mahjong_core.__file__).parents[1].joinpath("rulesets", "fuzhou.yaml").read_text(encoding="utf-8")
    base.write_text(text.replace("    formula: units ", "    formula: total ").replace(
        "  total_units: [points, bonus]", "").replace("    params: {base: 0, max_doublings: null, cap: null}", ""),
        encoding="utf-8")
    path.write_text("extends: line.yaml\n", encoding="utf-8")
    with pytest.raises(RulesetError) as info:
        Engine().load_ruleset(path)
    assert "options.formula is version_b" in info.value.message
    assert "scoring.value.formula" in info.value.message and "gives not units" in info.value.message


def test_explain_says_how_version_a_makes_s():
    rules = mahjong_core.load_ruleset(str(VERSION_A))
    discard = rules.explain(rules.score(WORKED))["notes"][-1]
    assert discard.startswith("value S = 2 × (5 + B) + special = 2 × (5 + 4) + 0 = 18 per payer;")
    drawn = rules.explain(rules.score(dict(WORKED, self_drawn=True)))["notes"][-1]
    assert drawn.startswith("value S = 2 × (5 + B) × 3 + special = 2 × (5 + 4) × 3 + 0 = 54 per payer "
                            "(self-drawn);")
    b = mahjong_core.load_ruleset("fuzhou-classic")
    assert b.explain(b.score(dict(WORKED, self_drawn=True)))["notes"][-1].startswith(
        "value S = 2 × B + special = 2 × 5 + 0 = 10 per payer (self-drawn);")
