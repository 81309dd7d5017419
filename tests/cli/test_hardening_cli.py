"""The command line on a clean machine and under hostile input: the CLI is started through the
interpreter running the tests, never from PATH; every failure under ``--json`` is the contract's
failure object; no flag is silently ignored or swallowed; records name rulesets, never files;
``fans``, ``diff`` and ``--version`` do what the README says."""
from __future__ import annotations

import importlib.metadata
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from harness import run_cli
from testpaths import MINI, ROOT, TESTS
from mahjong_core import load_ruleset
from mahjong_core.engine import tiles as T
from mahjong_core.engine.errors import TileError

M = str(MINI)
HAND = "123m456p789s1122z 1z"
CODES = {"invalid_tile", "wrong_tile_count", "too_many_copies", "invalid_meld", "invalid_situation",
         "not_winning", "below_minimum", "unknown_ruleset", "ruleset_error"}


def strict_json(text: str):
    """Parse one JSON document, refusing NaN and Infinity (which Python's json accepts)."""
    def refuse(name):
        raise ValueError(f"not strict JSON: {name}")
    return json.loads(text, parse_constant=refuse)


def failure(out: str) -> dict:
    data = strict_json(out)
    assert data["ok"] is False and set(data["error"]) == {"code", "message"}
    assert data["error"]["code"] in CODES
    return data["error"]


def _write(tmp_path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


GUOBIAO_RECORD = {"seats": 4, "dealer": 0, "events": [
    {"type": "win", "seat": 1, "from": 2, "situation": {"hand": "123456789m123p5s", "win_tile": "5s"}}]}


# --------------------------------------------------------------------------- clean machine

def test_no_test_starts_mahjong_from_path():
    """A test that runs the bare command name depends on the shell's PATH holding a venv."""
    offenders = []
    for path in sorted(TESTS.rglob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"""subprocess\.\w+\(\s*\[\s*["']mahjong["']""", line):
                offenders.append(f"{path.name}:{n}")
    assert offenders == []


def test_python_dash_m_mahjong_core_runs_the_cli():
    proc = subprocess.run([sys.executable, "-m", "mahjong_core", "score", "--ruleset", M, "--json", HAND],
                          capture_output=True, text=True, encoding="utf-8", timeout=60,
                          env={"PATH": "", "PYTHONIOENCODING": "utf-8"})
    assert (proc.returncode, proc.stderr) == (0, "")
    assert strict_json(proc.stdout)["total"] == 1


# --------------------------------------------------------------------------- --version

def test_version_from_package_metadata():
    rc, out, err = run_cli(["--version"])
    assert (rc, out, err) == (0, f"mahjong {importlib.metadata.version('mahjong-core')}\n", "")


def test_version_through_the_script_beside_the_interpreter():
    script = Path(sys.executable).with_name("mahjong")
    proc = subprocess.run([str(script), "--version"], capture_output=True, text=True, timeout=60)
    assert (proc.returncode, proc.stdout) == (0, f"mahjong {importlib.metadata.version('mahjong-core')}\n")


# --------------------------------------------------------------------------- settle: the record's ruleset

def test_record_ruleset_field_never_opens_a_path(tmp_path):
    """A record is data from elsewhere: its 'ruleset' field names an installed ruleset, and a path
    there (which would open any file the user can read) is unknown_ruleset naming the field."""
    overlay = _write(tmp_path, "club.yaml", "extends: guobiao\ntitle: Club\n")
    for field in (overlay, "../../etc/x.yaml", "/tmp/a.yaml", "club.yaml", "sub/dir"):
        rec = _write(tmp_path, "record.json", json.dumps(dict(GUOBIAO_RECORD, ruleset=field)))
        rc, out, err = run_cli(["settle", rec], "")
        assert (rc, out) == (2, ""), field
        assert err.startswith(f"error [unknown_ruleset]: unknown ruleset '{field}' in record field "
                              f"'ruleset'; installed: "), err
        rc, out, _ = run_cli(["settle", rec, "--json"])
        assert rc == 2 and failure(out)["code"] == "unknown_ruleset"


def test_record_ruleset_field_names_an_installed_ruleset():
    rc, out, err = run_cli(["settle", "-", "--json"], json.dumps(dict(GUOBIAO_RECORD, ruleset="guobiao")))
    assert (rc, err) == (0, "")
    assert sum(strict_json(out)["deltas"]) == 0 and strict_json(out)["ruleset"] == "guobiao"
    rc, _, err = run_cli(["settle", "-"], json.dumps(dict(GUOBIAO_RECORD, ruleset="guobiao-2104")))
    assert rc == 2 and "did you mean 'guobiao-2014'?" in err
    rc, _, err = run_cli(["settle", "-"], json.dumps(dict(GUOBIAO_RECORD, ruleset=7)))
    assert (rc, err) == (2, "error [invalid_situation]: record field 'ruleset' must be the name of an "
                            "installed ruleset, got 7\n")


def test_record_ruleset_must_agree_with_the_option(tmp_path):
    text = json.dumps(dict(GUOBIAO_RECORD, ruleset="guobiao"))
    rc, _, err = run_cli(["settle", "-", "--ruleset", "sichuan"], text)
    assert rc == 2 and err.startswith("error [invalid_situation]: record field 'ruleset': the record is for "
                                      "'guobiao'")
    overlay = _write(tmp_path, "club.yaml", "extends: guobiao\ntitle: Club\n")
    rc, out, err = run_cli(["settle", "-", "--ruleset", overlay, "--json"], text)
    assert (rc, err) == (0, "") and strict_json(out)["ruleset"] == "club"


# --------------------------------------------------------------------------- settle: hostile files

@pytest.mark.parametrize("content, words", [
    (b'{"seats": 4, "events": [], "ruleset": "guobiao\xff"}', "not UTF-8"),
    (b"[" * 100000 + b"]" * 100000, "nested too deeply"),
    (b'{"ruleset": "guobiao", "seats": ' + b"7" * 5000 + b"}", "too long"),
], ids=["non-utf8", "deep", "huge-int"])
def test_hostile_record_file_is_a_contract_error(tmp_path, content, words):
    path = tmp_path / "record.json"
    path.write_bytes(content)
    rc, out, err = run_cli(["settle", str(path)])
    assert (rc, out) == (2, "")
    assert err.startswith(f"error [invalid_situation]: {path}") and words in err, err
    rc, out, _ = run_cli(["settle", str(path), "--json"])
    assert rc == 2 and words in failure(out)["message"]


def test_non_utf8_record_on_stdin_is_a_contract_error():
    proc = subprocess.run([sys.executable, "-m", "mahjong_core", "settle", "-", "--ruleset", "guobiao"],
                          input=b'{"seats": 4, "events": [], "x": "\xff\xfe"}', capture_output=True,
                          timeout=60, env={"PATH": "", "PYTHONIOENCODING": "utf-8"})
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.decode().startswith("error [invalid_situation]: -: not UTF-8"), proc.stderr


def test_hostile_situation_option_is_a_contract_error():
    for text, words in (("[" * 100000 + "]" * 100000, "nested too deeply"),
                        ('{"hand": "1m", "win_tile": "1m", "after_kong": ' + "9" * 5000 + "}", "too long")):
        rc, out, err = run_cli(["score", "--ruleset", M, "--situation", text])
        assert rc == 2 and err.startswith("error [invalid_situation]: --situation") and words in err, err


# --------------------------------------------------------------------------- strict JSON

def test_output_is_strict_json_even_when_a_total_overflows(tmp_path):
    """Points of 1e308 sum to infinity; Python's json would print ``Infinity``, which no strict
    JSON reader accepts."""
    path = _write(tmp_path, "huge.yaml", f"extends: {M}\nfans:\n  plain_win: {{points: 1.0e+308}}\n"
                                         f"  flowers: {{points: 1.0e+308}}\n")
    for extra in ([], ["--explain"]):
        rc, out, err = run_cli(["score", "--ruleset", path, "--json", "--flowers", "2", *extra, HAND])
        assert rc == 2 and err == ""
        assert failure(out)["code"] == "ruleset_error"
    rc, out, _ = run_cli(["waits", "--ruleset", path, "--json", "--flowers", "2", "123m456p789s1122z"])
    assert rc == 2 and failure(out)["code"] == "ruleset_error"


# --------------------------------------------------------------------------- --json failures

@pytest.mark.parametrize("args, code", [
    (["score", "--ruleset", "no-such-rules", "--json", HAND], "unknown_ruleset"),
    (["score", "--ruleset", M, "--json", "123m456p789s1122q"], "invalid_tile"),
    (["score", "--ruleset", M, "--json", "123m456p789s1123z 5z"], "not_winning"),
    (["score", "--ruleset", M, "--json"], "invalid_situation"),
    (["waits", "--ruleset", M, "--json", "123m456p789s11223z"], "wrong_tile_count"),
    (["waits", "--ruleset", "no-such-rules", "--json", "123m"], "unknown_ruleset"),
    (["settle", "/no/such/record.json", "--json"], "invalid_situation"),
    (["settle", "-", "--json", "--ruleset", M], "invalid_situation"),
    (["fans", "no-such-rules", "--json"], "unknown_ruleset"),
    (["diff", M, "no-such-rules", "--json"], "unknown_ruleset"),
    (["score", "--ruleset", M, "--json", "--slef-drawn", HAND], "invalid_situation"),
])
def test_json_failures_are_the_contract_object_on_stdout(args, code):
    rc, out, err = run_cli(args, "not json")
    assert rc == 2
    assert failure(out)["code"] == code
    assert "Traceback" not in out + err


# --------------------------------------------------------------------------- flags never ignored

@pytest.mark.parametrize("extra, named", [
    (["--self-drawn"], "--self-drawn"),
    (["--seat", "S", "--round", "W"], "--seat, --round"),
    ([HAND], "HAND"),
    (["--after-kong"], "--after-kong"),
    (["--flowers", "2", "--wilds", "5m", "--void", "m", "--win", "1z"], "--flowers, --wilds, --void, --win"),
])
def test_flags_beside_situation_are_errors_naming_them(extra, named):
    sit = json.dumps({"hand": "123m456p789s1122z", "win_tile": "1z"})
    rc, out, err = run_cli(["score", "--ruleset", M, "--situation", sit, *extra])
    assert (rc, out) == (2, "")
    assert err == (f"error [invalid_situation]: --situation gives the whole situation: {named} cannot be "
                   f"added to it (put them in the JSON)\n")


@pytest.mark.parametrize("extra, named", [
    ([HAND], "HAND"),
    (["--self-drawn", "--seat", "S"], "--self-drawn, --seat"),
    (["--situation", "{}"], "--situation"),
    (["--explain"], "--explain"),
])
def test_hand_and_flags_beside_jsonl_are_errors(extra, named):
    rc, out, err = run_cli(["score", "--ruleset", M, "--jsonl", *extra],
                           json.dumps({"hand": "123m456p789s1122z", "win_tile": "1z"}) + "\n")
    assert (rc, out) == (2, "")
    assert err == (f"error [invalid_situation]: --jsonl reads every situation from stdin: {named} cannot be "
                   f"added to them (put them in each line's JSON)\n")


def test_after_kong_never_swallows_the_hand():
    rc, out, err = run_cli(["score", "--ruleset", M, "--json", "--self-drawn", "--after-kong",
                            "[1111z]123m456p789s2z", "2z"])
    assert (rc, err) == (0, "") and strict_json(out)["ok"] is True
    # the count is written --after-kong=N and reaches the situation
    rc, _, err = run_cli(["score", "--ruleset", M, "--self-drawn", "--after-kong=2", "[1111z]123m456p789s2z 2z"])
    assert (rc, err) == (2, "error [invalid_situation]: 'after_kong': 2 consecutive kong replacements need as "
                            "many kongs, the melds hold 1\n")
    rc, out, _ = run_cli(["score", "--ruleset", M, "--json", "--self-drawn", "--after-kong=2",
                          "[1111z][2222z]123m456p3z 3z"])
    assert rc == 0 and strict_json(out)["ok"] is True
    # a bare count after the switch would be read as tiles of the hand: refused, with the right form
    rc, _, err = run_cli(["score", "--ruleset", M, "--self-drawn", "--after-kong", "2", "[1111z]123m456p789s2z 2z"])
    assert rc == 2 and "write the count as --after-kong=2" in err
    for bad in ("0", "x", ""):
        rc, _, err = run_cli(["score", "--ruleset", M, "--self-drawn", f"--after-kong={bad}", HAND])
        assert rc == 2 and "--after-kong=N" in err and "whole number" in err, bad


@pytest.mark.parametrize("args, hint", [
    (["score", "--ruleset", M, "--slef-drawn", HAND], "'--slef-drawn' (did you mean '--self-drawn'?)"),
    (["score", "--ruleset", M, "--jsno", HAND], "'--jsno' (did you mean '--json'?)"),
    (["waits", "--ruleset", M, "--flower", "2", "123m456p789s1122z"], "'--flower' (did you mean '--flowers'?)"),
    (["settle", "-", "--rulset", "guobiao"], "'--rulset' (did you mean '--ruleset'?)"),
    (["scroe", HAND], "'scroe' (did you mean 'score'?)"),
])
def test_misspelt_flag_gets_did_you_mean(args, hint):
    rc, out, err = run_cli(args)
    assert (rc, out) == (2, "")
    assert "usage: mahjong" in err and hint in err, err


def test_abbreviated_flags_do_not_pass_silently():
    """argparse takes '--self' for '--self-drawn' (and '--s' fails only while ambiguous): a typo
    that happens to be a prefix must not change the situation."""
    rc, out, err = run_cli(["score", "--ruleset", M, "--self", HAND])
    assert (rc, out) == (2, "")
    assert "'--self' (did you mean '--self-drawn'?)" in err


def test_usage_error_under_json_is_the_failure_object():
    rc, out, err = run_cli(["score", "--ruleset", M, "--json", "--after-kong=x", HAND])
    assert rc == 2 and "usage: mahjong score" in err
    assert "--after-kong=N" in failure(out)["message"]


@pytest.mark.parametrize("text, shown", [("10p", "10p"), ("123m10s", "10s"), ("110m", "10m"), ("0z", "0z"),
                                         ("1 0 p", "10p")])
def test_ten_is_reported_as_written(text, shown):
    with pytest.raises(TileError) as info:
        T.parse_tiles(text)
    assert f"invalid tile '{shown}'" in info.value.message, info.value.message
    if shown.startswith("1"):
        assert "'0" not in info.value.message and "'1" + shown[-1] + "'" not in info.value.message


def test_ten_on_the_command_line():
    rc, _, err = run_cli(["score", "--ruleset", M, "123m456p789s112z 10p"])
    assert rc == 2 and err.startswith("error [invalid_tile]: invalid tile '10p' in '123m456p789s112z 10p'"), err


# --------------------------------------------------------------------------- waits: one shape

def test_waits_json_is_the_api_shape(mini):
    hand = "[999s][7777p]23m456p11z"
    rc, out, err = run_cli(["waits", "--ruleset", M, "--json", hand])
    assert (rc, err) == (0, "")
    cli = strict_json(out)
    api = mini.waits({"hand": "23m456p11z", "melds": [{"type": "pung", "tiles": "999s"},
                                                       {"type": "kong", "tiles": "7777p", "concealed": True}]})
    assert api.to_dict() == cli
    assert cli == {"ok": True, "ruleset": "mini", "ready": True, "waits": [
        {"tile": "1m", "discard": {"total": 1, "value": 1, "below_minimum": False},
         "self_drawn": {"total": 1, "value": 1, "below_minimum": False}},
        {"tile": "4m", "discard": {"total": 1, "value": 1, "below_minimum": False},
         "self_drawn": {"total": 1, "value": 1, "below_minimum": False}}]}
    assert [w["tile"] for w in cli["waits"]] == [T.name(t) for t in api.tiles] == ["1m", "4m"]
    assert mini.waits("123m456p789s1234z").to_dict() == {"ok": True, "ruleset": "mini", "ready": False,
                                                         "waits": []}


def test_waits_table_cells_never_run_together():
    from mahjong_core.frontends.cli import write_waits_table
    from mahjong_core.engine.ruleset import Wait, WaitScore
    import io
    rows = (Wait(0, WaitScore(error="too_many_copies"), WaitScore(error="too_many_copies")),
            Wait(1, WaitScore(8, 8, False), WaitScore(1234567890123, 1234567890123, True)))
    out = io.StringIO()
    write_waits_table(rows, 8, out)
    lines = out.getvalue().splitlines()
    assert [line.split() for line in lines] == [
        ["tile", "discard", "self-draw"], ["1m", "no", "copy", "left", "no", "copy", "left"],
        ["2m", "8", "1234567890123*"], ["*", "below", "the", "minimum", "of", "8"]]
    rc, out, _ = run_cli(["waits", "--ruleset", "sichuan", "123m456p789s1122m"])
    lines = out.splitlines()
    table = [line for line in lines[2:] if line[:2] in ("ti", "1m", "2m", "3m", "4m")]
    last = lines[-1]               # after the ruleset and hand lines, the table, each message once
    assert rc == 0 and len(table) == 5 and all(len(re.split(r" {2,}", row.strip())) == 3 for row in table), out
    assert last == "not ready: ruleset 'sichuan' refuses every win on these tiles"     # three suits held


# --------------------------------------------------------------------------- score names its ruleset

def test_score_names_title_and_fingerprint(mini, tmp_path):
    rc, out, _ = run_cli(["score", "--ruleset", M, HAND])
    assert rc == 0
    assert out.splitlines()[0] == f"ruleset   mini: Minimal test ruleset [fingerprint {mini.fingerprint}]"
    path = _write(tmp_path, "plain.yaml", f"extends: {M}\n")
    untitled = load_ruleset(path)
    rc, out, _ = run_cli(["score", "--ruleset", path, HAND])
    assert out.splitlines()[0] == f"ruleset   plain: Minimal test ruleset [fingerprint {untitled.fingerprint}]"
    rc, out, _ = run_cli(["score", "--ruleset", M, "--json", HAND])
    data = strict_json(out)
    assert (data["title"], data["fingerprint"]) == ("Minimal test ruleset", mini.fingerprint)
    assert {k: v for k, v in data.items() if k not in ("title", "fingerprint")} == mini.score(
        {"hand": "123m456p789s1122z", "win_tile": "1z"}).to_dict()


# --------------------------------------------------------------------------- fans

def test_fans_lists_every_enabled_fan_with_where_it_comes_from(engine):
    rules = engine.load_ruleset("guobiao-2014")
    rc, out, err = run_cli(["fans", "guobiao-2014", "--json"])
    assert (rc, err) == (0, "")
    data = strict_json(out)
    assert (data["ok"], data["ruleset"], data["fingerprint"]) == (True, "guobiao-2014", rules.fingerprint)
    assert [f["id"] for f in data["fans"]] == [r.id for r in rules.fan_rules]
    by_id = {f["id"]: f for f in data["fans"]}
    assert "concealed_kong_and_melded_kong" not in by_id           # disabled by the overlay
    two = by_id["two_concealed_kongs"]
    assert (two["points"], two["where"]) == (8, rules.where("fans.two_concealed_kongs"))
    assert two["where"] == "guobiao-2014: fans.two_concealed_kongs"   # the overlay's key, not the base's
    for r in rules.fan_rules:
        f = by_id[r.id]
        assert (f["zh"], f["en"], f["points"], f["excludes"]) == (r.zh, r.en, r.points, list(r.excludes))
    rc, text, _ = run_cli(["fans", "guobiao-2014"])
    assert rc == 0
    first = {line.split()[0]: line for line in text.splitlines() if not line.startswith(" ")}
    assert set(first) >= set(by_id)
    assert first["two_concealed_kongs"].endswith(two["where"]) and " 8 " in first["two_concealed_kongs"]
    pure = by_id["pure_straight"]
    assert f"    excludes {', '.join(pure['excludes'])}" in text.splitlines()


# --------------------------------------------------------------------------- diff

def _club(tmp_path) -> str:
    return _write(tmp_path, "club.yaml", f"""extends: {M}
title: Club
scoring: {{minimum: 3}}
options: {{house_flag: true}}
fans:
  plain_win: {{points: 5}}
  seven_pairs: {{enabled: false}}
  all_pairs: {{zh: 对对, en: All Pairs, points: 2, check: core.shape, args: {{shape: seven_pairs}}}}
""")


def test_diff_of_an_overlay_against_its_base(tmp_path, mini):
    club = _club(tmp_path)
    rc, out, err = run_cli(["diff", M, club, "--json"])
    assert (rc, err) == (0, "")
    data = strict_json(out)
    rules = load_ruleset(club)
    assert data == {
        "ok": True,
        "a": {"name": "mini", "title": "Minimal test ruleset", "fingerprint": mini.fingerprint},
        "b": {"name": "club", "title": "Club", "fingerprint": rules.fingerprint},
        "fans": {"added": [{"id": "all_pairs", "zh": "对对", "en": "All Pairs", "points": 2}],
                 "removed": [{"id": "seven_pairs", "zh": "七对", "en": "Seven Pairs", "points": 4}],
                 "changed": [{"id": "plain_win", "changes": {"points": [1, 5]}}]},
        "options": {"house_flag": [False, True]},
        "settings": {"scoring.minimum": [1, 3]},
    }
    rc, one, _ = run_cli(["diff", club, "--json"])          # one ruleset: against its base
    assert rc == 0 and strict_json(one) == data
    rc, text, _ = run_cli(["diff", club])
    assert rc == 0
    assert text.splitlines() == [
        f"a  mini: Minimal test ruleset [fingerprint {mini.fingerprint}]",
        f"b  club: Club [fingerprint {rules.fingerprint}]",
        "+ fan all_pairs  对对 All Pairs  2",
        "- fan seven_pairs  七对 Seven Pairs  4",
        "~ fan plain_win  points: 1 → 5",
        "~ option house_flag: false → true",
        "~ scoring.minimum: 1 → 3",
    ]


def test_diff_of_any_two_rulesets_and_of_a_ruleset_with_no_base(engine):
    rc, out, _ = run_cli(["diff", "guobiao", "guobiao-2014", "--json"])
    data = strict_json(out)
    assert rc == 0
    assert {"id": "concealed_kong_and_melded_kong"}.items() <= data["fans"]["removed"][0].items()
    changed = {c["id"]: c["changes"] for c in data["fans"]["changed"]}
    assert changed["two_concealed_kongs"]["points"] == [6, 8]
    assert data["options"]["melded_and_concealed_kong"][1] == "melded"
    rc, same, _ = run_cli(["diff", "guobiao", "guobiao"])
    assert rc == 0 and same.splitlines()[-1] == "no differences"
    rc, out, err = run_cli(["diff", M])
    assert (rc, out) == (2, "")
    assert err == "error [invalid_situation]: ruleset 'mini' extends no other ruleset: name a second ruleset to compare\n"
    rc, out, _ = run_cli(["diff", "guobiao", "sichuan", "--json"])
    data = strict_json(out)
    assert rc == 0 and data["settings"]["table.tile_set"] == ["standard_144", "suits_108"]


# --------------------------------------------------------------------------- the README

def test_readme_documents_every_command():
    from mahjong_core.frontends.cli import build_parser
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Command line", 1)[1].split("\n## ", 1)[0]
    for command in build_parser().commands:
        assert f"mahjong {command}" in section, command
    for flag in ("--version", "--after-kong=N", "did you mean"):
        assert flag in section, flag
