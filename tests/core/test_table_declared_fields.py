"""Declared situation fields: a plugin declares an ``extras`` key (SituationField), a ruleset
enables it by id under ``table.extras``, core checks it and fills its default, and the CLI offers
each declared key of the chosen ruleset as a flag (resolved from ``--ruleset`` first)."""
from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

import table_plugin
from testpaths import DATA, MINI
from mahjong_core import MahjongError, RulesetError
from mahjong_core.frontends.cli import main
from mahjong_core.engine.registry import Engine
from mahjong_core.plugin import SituationField

RULES = DATA / "bonus-16.yaml"
HAND = "123m456m789m123p456p1s"


@pytest.fixture(scope="module")
def engine():
    return Engine(plugins=[table_plugin], entry_points=False)


def _overlay(tmp_path, text: str):
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: {RULES}\n{text}", encoding="utf-8")
    return path


def _load_error(engine, path) -> str:
    with pytest.raises(RulesetError) as info:
        engine.load_ruleset(path)
    return info.value.message


def test_a_declared_field_is_enabled_by_id(engine):
    rules = engine.load_ruleset(RULES)
    (f,) = rules.table.extras
    assert (f.name, f.type, f.default, f.field, f.cli_flag) == ("robbing_gold", "bool", False, "test.robbing_gold",
                                                               "--robbing-gold")
    assert f.doc.startswith("抢金")


def test_its_default_is_filled_and_its_value_read(engine):
    rules = engine.load_ruleset(RULES)
    plain = rules.score({"hand": HAND, "win_tile": "1s", "self_drawn": True})
    assert dict(plain.situation.extras) == {"robbing_gold": False} and plain.total == 1
    gold = rules.score({"hand": HAND, "win_tile": "1s", "self_drawn": True, "first_turn": True,
                        "extras": {"robbing_gold": True}})
    assert (gold.total, sorted(gold.fan_ids())) == (11, ["robbing_gold", "self_drawn"])


@pytest.mark.parametrize("extras,message", [
    ({"robbing_gld": True}, "field 'extras': unknown key 'robbing_gld' (did you mean 'robbing_gold'?); this ruleset "
                            "declares robbing_gold"),
    ({"robbing_gold": 1}, "field 'extras.robbing_gold' must be true or false, got 1"),
])
def test_core_checks_a_declared_field(engine, extras, message):
    rules = engine.load_ruleset(RULES)
    with pytest.raises(MahjongError) as info:
        rules.score({"hand": HAND, "win_tile": "1s", "self_drawn": True, "extras": extras})
    assert (info.value.code, info.value.message) == ("invalid_situation", message)


@pytest.mark.parametrize("entry,message", [
    # an unknown id, with the nearest declared one
    ("robbing_gold: {field: test.robing_gold}",
     "unknown situation field 'test.robing_gold' (did you mean 'test.robbing_gold'?)"),
    # a declared field under another key
    ("gold: {field: test.robbing_gold}",
     "field 'test.robbing_gold' is the extras key 'robbing_gold', not 'gold': write robbing_gold: "
     "{field: test.robbing_gold}"),
    # a declared field brings its own type
    ("robbing_gold: {field: test.robbing_gold, type: int}",
     "'table.extras.robbing_gold' names a declared field, which brings its own type and doc: remove 'type'"),
    # a misspelt 'field' is suggested
    ("streak: {fild: test.robbing_gold}", "unknown key 'table.extras.streak.fild' (did you mean 'field'?)"),
], ids=["unknown-id", "other-key", "own-type", "misspelt"])
def test_a_bad_extras_entry_is_an_error_at_its_line(engine, tmp_path, entry, message):
    path = _overlay(tmp_path, f"table:\n  extras:\n    {entry}\n")
    assert _load_error(engine, path) == f"{path}:4: {message}"


@pytest.mark.parametrize("kw,problem", [
    ({"type": "float"}, "type must be bool, int or string"),
    ({"default": 1}, "default 1 is not a bool"),
    ({"flag": "gold"}, "flag must start with '--'"),
])
def test_a_malformed_declaration_is_refused(kw, problem):
    with pytest.raises(ValueError, match=problem):
        SituationField(**dict({"id": "x.gold", "name": "gold", "type": "bool"}, **kw))


# --------------------------------------------------------------------------- the command line

def _cli(engine, argv):
    out, err = io.StringIO(), io.StringIO()
    rc = main([str(a) for a in argv], out=out, err=err, inp=io.StringIO(""), engine=engine)
    return rc, out.getvalue(), err.getvalue()


def test_the_cli_offers_a_plugin_declared_field_as_a_flag(engine):
    rc, out, err = _cli(engine, ["score", "--ruleset", RULES, "--json", "--self-drawn", "--first-turn",
                                 "--robbing-gold", HAND, "1s"])
    assert (rc, err) == (0, "")
    assert json.loads(out)["total"] == 11
    rc, out, err = _cli(engine, ["score", "--ruleset", RULES, "--json", "--self-drawn", HAND, "1s"])
    assert json.loads(out)["total"] == 1


def test_help_with_a_ruleset_lists_its_fields(engine, capsys):
    with pytest.raises(SystemExit):
        _cli(engine, ["waits", "--ruleset", RULES, "--help"])
    shown = capsys.readouterr().out
    assert "situation fields of ruleset 'bonus-16' (extras):" in shown
    assert "--robbing-gold" in shown and "抢金: won by taking the turned-up gold at the opening" in shown


def test_a_field_flag_beside_a_whole_situation_is_refused(engine):
    rc, _, err = _cli(engine, ["score", "--ruleset", RULES, "--robbing-gold", "--situation",
                               json.dumps({"hand": HAND, "win_tile": "1s"})])
    assert rc == 2 and "--robbing-gold" in err and "--situation gives the whole situation" in err


def test_waits_and_analyze_take_the_field_flags(engine):
    rc, out, _ = _cli(engine, ["waits", "--ruleset", RULES, "--json", "--robbing-gold", HAND])
    assert rc == 0 and json.loads(out)["waits"][0]["tile"] == "1s"
    rc, out, _ = _cli(engine, ["analyze", "--ruleset", RULES, "--json", "--robbing-gold", HAND])
    assert rc == 0 and json.loads(out)["shanten"] == 0


INLINE = """extends: {mini}
table:
  extras:
    robbing_gold: {{type: bool, doc: "won by taking the turned-up gold"}}
    streak: {{type: int, doc: "hands the dealer kept"}}
fans:
  gold: {{zh: 抢金, en: Robbing the Gold, points: 10, check: core.flag, args: {{flag: extras}}}}
"""


def _python_m(*argv):
    return subprocess.run([sys.executable, "-m", "mahjong_core", *map(str, argv)], capture_output=True, text=True,
                          timeout=120)


def test_python_m_offers_the_ruleset_fields_as_flags(tmp_path):
    path = tmp_path / "gold.yaml"
    path.write_text(INLINE.format(mini=MINI), encoding="utf-8")
    proc = _python_m("score", "--ruleset", path, "--help")
    assert proc.returncode == 0
    assert "situation fields of ruleset 'gold' (extras):" in proc.stdout
    assert "--robbing-gold" in proc.stdout and "won by taking the turned-up gold" in proc.stdout
    assert "--streak INT" in proc.stdout
    proc = _python_m("score", "--ruleset", path, "--json", "--robbing-gold", "--streak", "3", "123m456p789s1122z", "1z")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert [f["id"] for f in data["fans"]] == ["gold"]
    proc = _python_m("score", "--ruleset", path, "--robbing-gld", "123m456p789s1122z", "1z")
    assert proc.returncode == 2
    assert "unrecognized arguments: '--robbing-gld' (did you mean '--robbing-gold'?)" in proc.stderr


def test_a_ruleset_without_fields_has_no_such_flag():
    proc = _python_m("score", "--ruleset", MINI, "--robbing-gold", "123m456p789s1122z", "1z")
    assert proc.returncode == 2 and "unrecognized arguments: '--robbing-gold'" in proc.stderr


def test_a_field_whose_flag_is_taken_is_a_ruleset_error(tmp_path):
    path = tmp_path / "clash.yaml"
    path.write_text(f"extends: {MINI}\ntable:\n  extras:\n    seat: {{type: string}}\n", encoding="utf-8")
    proc = _python_m("score", "--ruleset", path, "123m456p789s1122z", "1z")
    assert proc.returncode == 2
    assert proc.stderr == (f"error [ruleset_error]: {path}:4: extras key 'seat' would take the flag --seat, "
                           f"already an option of 'mahjong score'\n")
