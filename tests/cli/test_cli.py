"""The ``mahjong`` command (docs/cli.md): every subcommand, its JSON forms, and bad input that
prints ``error [code]: message`` and exits 2 — never a traceback."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from harness import run_cli
from testpaths import MINI, ORACLE

M = str(MINI)
# the console script installed beside the interpreter running the tests, whatever PATH holds
MAHJONG = str(Path(sys.executable).with_name("mahjong"))


def test_rulesets_text_and_json(engine):
    rc, out, err = run_cli(["rulesets", "--json"])
    assert rc == 0
    listed = json.loads(out)
    assert [r["name"] for r in listed] == sorted(engine.ruleset_files())
    assert all(set(r) == {"name", "title"} for r in listed)
    rc, text, _ = run_cli(["rulesets"])
    assert rc == 0
    assert [line.split()[0] for line in text.splitlines()] == [r["name"] for r in listed]
    for r in listed:
        assert any(line.split()[0] == r["name"] and line.rstrip().endswith(r["title"].rstrip())
                   for line in text.splitlines())


def test_score_notation_table(mini):
    rc, out, err = run_cli(["score", "--ruleset", M, "123m456p789s1122z", "1z"])
    assert (rc, err) == (0, "")
    assert out.splitlines() == [
        f"ruleset   mini: Minimal test ruleset [fingerprint {mini.fingerprint}]",
        "hand      123m456p789s1122z  wins on 1z (discard)",
        "reading   123m 456p 789s 111z 22z  (standard)",
        "  平胡\tPlain Win     1",
        "total     1",
    ]


def test_score_json_matches_the_api(mini):
    rc, out, err = run_cli(["score", "--ruleset", M, "--json", "--self-drawn", "--flowers", "1f3f",
                            "--seat", "S", "1122334455667m 7m"])
    assert (rc, err) == (0, "")
    sit = {"hand": "1122334455667m", "win_tile": "7m", "self_drawn": True, "flowers": "1f3f", "seat_wind": "S"}
    assert json.loads(out) == dict(mini.score(sit).to_dict(), title=mini.title, fingerprint=mini.fingerprint)
    data = json.loads(out)
    assert (data["ok"], data["ruleset"], data["total"], data["value"]) == (True, "mini", 7, 7)
    assert [f["id"] for f in data["fans"]] == ["seven_pairs", "self_drawn", "flowers"]
    assert data["decomposition"] == ["11m", "22m", "33m", "44m", "55m", "66m", "77m"]


def test_score_brackets_are_melds_with_sources():
    rc, out, _ = run_cli(["score", "--ruleset", M, "--json", "--explain",
                          "[123m][555p,2][7777s,3][1111z]2z 2z"])
    assert rc == 0
    data = json.loads(out)
    assert data["decomposition"] == ["[123m]", "[555p]", "[7777s]", "[1111z]", "22z"]
    assert data["points_toward_minimum"] == 1 and data["excluded"] == []


def test_score_notation_kinds_of_meld(mini):
    from mahjong_core.frontends.wire import parse_notation
    sit = parse_notation("[123m][555p,2][7777s,3][1111z]2z 2z")
    assert sit == {"hand": "2z", "win_tile": "2z", "melds": [
        {"type": "chow", "tiles": "123m"},
        {"type": "pung", "tiles": "555p", "from": "across"},
        {"type": "kong", "tiles": "7777s", "from": "right", "concealed": False},
        {"type": "kong", "tiles": "1111z", "concealed": True}]}
    s = mini.parse(sit)
    assert [(m.kind, m.concealed, m.source) for m in s.melds] == [
        ("chow", False, None), ("pung", False, "across"), ("kong", False, "right"), ("kong", True, None)]


def test_score_flags_reach_the_situation():
    rc, out, _ = run_cli(["score", "--ruleset", M, "--json", "--self-drawn", "--after-kong=1",
                          "[1111z]123m456p789s2z 2z"])
    assert rc == 0 and json.loads(out)["ok"] is True
    rc, _, err = run_cli(["score", "--ruleset", M, "123m456p789s1122z 1z", "--after-kong"])
    assert (rc, err) == (2, "error [invalid_situation]: 'after_kong' (a win on the kong replacement tile) "
                            "needs 'self_drawn': true\n")


def test_score_explain_text():
    rc, out, _ = run_cli(["score", "--ruleset", M, "--explain", "--self-drawn", "123m456p789s1122z 1z"])
    assert rc == 0
    assert out.splitlines()[-2:] == ["total     1", "toward the minimum: 1 (minimum 1)"]


def test_score_situation_json():
    sit = json.dumps({"hand": "123m456p789s1122z", "win_tile": "1z", "dealer": True})
    rc, out, _ = run_cli(["score", "--ruleset", M, "--json", "--situation", sit])
    assert rc == 0 and json.loads(out)["total"] == 1


def test_score_jsonl_in_order():
    lines = [{"hand": "123m456p789s1122z", "win_tile": "1z"},
             {"hand": "1122334455667m", "win_tile": "7m"},
             {"hand": "123m456p789s1122z", "win_tile": "3z"},
             {"hand": "123m456p789s1122z", "win_tile": "1z", "flowers": 2}]
    text = "\n".join(json.dumps(x) for x in lines) + "\n\n"
    rc, out, err = run_cli(["score", "--ruleset", M, "--jsonl"], text)
    assert (rc, err) == (0, "")
    results = [json.loads(x) for x in out.splitlines()]
    assert [r.get("total") for r in results] == [1, 4, None, 3, None]
    assert results[2]["error"]["code"] == "not_winning"
    assert results[4]["error"] == {"code": "invalid_situation", "message": "empty line"}   # the blank line


def test_ruleset_by_path_and_overlay(tmp_path):
    path = tmp_path / "friday.yaml"
    path.write_text(f"extends: {M}\ntitle: Friday\nfans:\n  plain_win: {{points: 5}}\n", encoding="utf-8")
    rc, out, _ = run_cli(["score", "--ruleset", path, "--json", "123m456p789s1122z 1z"])
    assert rc == 0
    data = json.loads(out)
    assert (data["ruleset"], data["total"]) == ("friday", 5)


def test_below_minimum_json_keeps_the_breakdown(tmp_path):
    path = tmp_path / "strict.yaml"
    path.write_text(f"extends: {M}\nscoring: {{minimum: 3}}\n", encoding="utf-8")
    rc, out, err = run_cli(["score", "--ruleset", path, "--json", "--flowers", "4", "123m456p789s1122z 1z"])
    assert rc == 2
    data = json.loads(out)
    assert data["ok"] is False and data["error"]["code"] == "below_minimum"
    assert data["total"] == 5 and [f["id"] for f in data["fans"]] == ["plain_win", "flowers"]
    assert data["error"]["message"] == ("1 point, below the minimum of 3 for ruleset 'strict' (not counted "
                                        "toward it: 花牌 Flowers 4)")
    rc, out, err = run_cli(["score", "--ruleset", path, "123m456p789s1122z 1z"])
    assert rc == 2 and out.startswith("ruleset   strict: Minimal test ruleset [fingerprint ")
    assert err == "error [below_minimum]: 1 point, below the minimum of 3 for ruleset 'strict'\n"


def test_waits_table_and_json():
    rc, out, err = run_cli(["waits", "--ruleset", M, "1112345678999m"])
    assert (rc, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("ruleset   mini: Minimal test ruleset [fingerprint ") and lines[1] == "hand      1112345678999m"
    lines = lines[2:]
    assert lines[0].split() == ["tile", "discard", "self-draw"]
    assert [line.split()[0] for line in lines[1:]] == [f"{r}m" for r in range(1, 10)]
    rc, out, _ = run_cli(["waits", "--ruleset", M, "--json", "[999s][7777p]23m456p11z"])
    data = json.loads(out)
    assert (data["ok"], data["ready"]) == (True, True)
    assert [w["tile"] for w in data["waits"]] == ["1m", "4m"]
    assert data["waits"][0]["discard"] == {"total": 1, "value": 1, "below_minimum": False}
    assert data["waits"][0]["self_drawn"] == {"total": 1, "value": 1, "below_minimum": False}
    rc, out, _ = run_cli(["waits", "--ruleset", M, "123m456p789s1234z"])
    assert rc == 0 and out.splitlines()[2:] == ["not ready: no tile completes this hand"]


def _record(tmp_path, data, name="record.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def test_settle_json_when_a_settlement_is_installed(engine, tmp_path):
    if "guobiao" not in engine.ruleset_files():
        pytest.skip("needs an installed ruleset with a settlement (guobiao)")
    rec = _record(tmp_path, {"ruleset": "guobiao", "seats": 4, "dealer": 0, "events": [
        {"type": "win", "seat": 1, "from": 2, "situation": {"hand": "123456789m123p5s", "win_tile": "5s"}}]})
    rc, out, err = run_cli(["settle", rec, "--json"])
    assert (rc, err) == (0, "")
    data = json.loads(out)
    assert data["ok"] is True and sum(data["deltas"]) == 0 and data["deltas"][1] > 0
    assert sum(p["amount"] for p in data["payments"] if p["to"] == 1) == data["deltas"][1]
    rc, text, _ = run_cli(["settle", "-", "--ruleset", "guobiao"], open(rec, encoding="utf-8").read())
    assert rc == 0 and text.splitlines()[-1].startswith("result    seat 0: ")


@pytest.mark.parametrize("args, stdin, message", [
    (["settle", "{missing}"], "", "error [invalid_situation]: cannot read record '{missing}': No such file or "
                                  "directory\n"),
    (["settle", "-", "--ruleset", M], '{\n"seats": 4,\n oops}', "error [invalid_situation]: -:3: not valid "
                                                                "JSON: Expecting property name enclosed in "
                                                                "double quotes\n"),
    (["settle", "-"], "[1]", "error [invalid_situation]: give --ruleset or a 'ruleset' field in the record\n"),
    (["settle", "-", "--ruleset", M], '{"seats": 4, "events": []}',
     f"error [ruleset_error]: {MINI}:1: ruleset 'mini' defines no settlement\n"),
    (["settle", "-"], '{"ruleset": "no-such-rules", "events": []}', None),
])
def test_settle_error_paths(tmp_path, args, stdin, message):
    args = [a.replace("{missing}", str(tmp_path / "nope.json")) for a in args]
    rc, out, err = run_cli(args, stdin)
    assert (rc, out) == (2, "")
    if message is None:
        assert err.startswith("error [unknown_ruleset]: unknown ruleset 'no-such-rules'")
    else:
        assert err == message.replace("{missing}", str(tmp_path / "nope.json"))


@pytest.mark.parametrize("args, code, message", [
    (["score", "--ruleset", M, "123m456p789s1122q"], "invalid_tile",
     "invalid tile character 'q' at position 17 of '123m456p789s1122q' (tiles are digits followed by one of "
     "m p s z f, e.g. '123m')"),
    (["score", "--ruleset", M], "invalid_situation",
     "give a hand in notation (e.g. '123m456p789s11z22z2z', last tile wins), --situation JSON, or --jsonl"),
    (["score", "--ruleset", M, "[123m 456p"], "invalid_tile", "unbalanced brackets in '[123m 456p'"),
    (["score", "--ruleset", M, "[1111m,4]456p789s22z 2z"], "invalid_tile",
     "meld [1111m,4]: source must be 1, 2 or 3 (left, across, right)"),
    (["score", "--ruleset", M, "[]"], "invalid_meld",
     "meld []: a meld has 3 tiles (a chow or a pung) or 4 (a kong), got 0 ()"),
    (["score", "--ruleset", M, "[123m]"], "invalid_tile",
     "no standing tiles in '[123m]': the last tile written is the winning tile"),
    (["score", "--ruleset", M, "--situation", "{bad"], "invalid_situation",
     "--situation is not valid JSON: Expecting property name enclosed in double quotes: line 1 column 2 "
     "(char 1)"),
    (["score", "--ruleset", M, "123m456p789s112z 1z"], "wrong_tile_count",
     "wrong tile count: 12 standing tiles + 0 melds make 12, this ruleset needs 13 before the winning tile "
     "(standing tiles = 13 − 3 × melds)"),
    (["score", "--ruleset", M, "--seat", "Q", "123m456p789s1122z 1z"], "invalid_situation",
     "field 'seat_wind': invalid wind 'Q'; use one of E S W N"),
    (["score", "--ruleset", M, "--flowers", "9m", "123m456p789s1122z 1z"], "invalid_tile",
     "field 'flowers': 9m is not a flower (flowers are 1f–8f)"),
    (["score", "--ruleset", M, "123m456p789s1123z 5z"], "not_winning",
     "not a winning hand: 123m456p789s1123z + 5z forms no winning shape of ruleset 'mini'"),
    (["waits", "--ruleset", M, "123m456p789s11223z"], "wrong_tile_count",
     "wrong tile count: 14 standing tiles + 0 melds make 14, this ruleset needs 13 before the winning tile "
     "(standing tiles = 13 − 3 × melds)"),
    (["score", "--ruleset", "/no/such/rules.yaml", "1z"], "unknown_ruleset", "no ruleset file '/no/such/rules.yaml'"),
])
def test_bad_input_prints_code_and_exits_2(args, code, message):
    rc, out, err = run_cli(args)
    assert (rc, err) == (2, f"error [{code}]: {message}\n")
    assert "Traceback" not in out + err


def test_unknown_ruleset_name_suggests():
    rc, _, err = run_cli(["score", "--ruleset", "mini-25", "123m456p789s1122z 1z"])
    assert rc == 2 and err.startswith("error [unknown_ruleset]: unknown ruleset 'mini-25'")
    assert "installed: " in err


def test_an_unknown_ruleset_lists_what_may_be_loaded_not_the_family_bases():
    """guangdong-base is what the Guangdong profiles extend, never a ruleset of its own: the list
    of installed rulesets (as `mahjong rulesets` prints it) and the did-you-mean leave it out."""
    rc, _, err = run_cli(["score", "--ruleset", "guangdong-bas", "123m456p789s1122z 1z"])
    assert rc == 2 and "installed: " in err
    installed = err.split("installed: ")[1].split(", ")
    assert "guangdong" in installed and "guangdong-bao" in installed
    assert "guangdong-base" not in err


def test_broken_ruleset_file_is_a_ruleset_error(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(f"extends: {M}\nfans:\n  plain_wn: {{points: 2}}\n", encoding="utf-8")
    rc, _, err = run_cli(["score", "--ruleset", path, "123m456p789s1122z 1z"])
    assert (rc, err) == (2, f"error [ruleset_error]: {path}:3: unknown fan id 'plain_wn' (did you mean "
                            f"'plain_win'?) (a new fan needs 'check')\n")


def test_usage_errors_exit_2_without_traceback():
    proc = subprocess.run([MAHJONG, "score", "--no-such-option"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "usage: mahjong" in proc.stderr and "Traceback" not in proc.stderr
    proc = subprocess.run([MAHJONG], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


def test_console_script_error_and_success():
    proc = subprocess.run([MAHJONG, "score", "--ruleset", M, "123m456p789s1122z", "9z"],
                          capture_output=True, text=True, encoding="utf-8", timeout=60)
    assert (proc.returncode, proc.stdout) == (2, "")
    assert proc.stderr == "error [invalid_tile]: invalid tile '9z' in '123m456p789s1122z 9z' (did you mean '7z'? z runs 1–7)\n"
    proc = subprocess.run([MAHJONG, "score", "--ruleset", M, "--json", "123m456p789s1122z", "1z"],
                          capture_output=True, text=True, encoding="utf-8", timeout=60)
    assert proc.returncode == 0 and json.loads(proc.stdout)["total"] == 1


def test_jsonl_on_several_processes_keeps_input_order():
    """A batch larger than one chunk runs on worker processes; the output is line for line the
    single-process output."""
    from mahjong_core.frontends import batch
    lines = [{"hand": "123m456p789s1122z", "win_tile": "1z"},
             {"hand": "1122334455667m", "win_tile": "7m"},
             {"hand": "123m456p789s1122z", "win_tile": "3z"},
             {"hand": "123m456p789s1122z", "win_tile": "2z", "flowers": 2}] * (batch.CHUNK // 2 + 7)
    text = "\n".join(json.dumps(x) for x in lines) + "\n"
    outs = []
    for jobs in ("1", "2"):
        rc, out, err = run_cli(["score", "--ruleset", M, "--jsonl", "--jobs", jobs], text)
        assert (rc, err) == (0, "")
        outs.append(out)
    assert outs[0] == outs[1]
    assert len(outs[1].splitlines()) == len(lines)
    assert [json.loads(x).get("total") for x in outs[1].splitlines()[:4]] == [1, 4, None, 3]


def test_batch_lines_equal_the_contract_json_of_each_result():
    """The batch writes each result from cached pieces; it must be exactly json.dumps of to_dict."""
    from mahjong_core.frontends import batch
    from mahjong_core import load_ruleset
    rules = load_ruleset(M)
    lines = [{"hand": "123m456p789s1122z", "win_tile": "1z", "flowers": "1f2f"},
             {"hand": "1122334455667m", "win_tile": "7m", "self_drawn": True},
             {"hand": "123m456p789s1122z", "win_tile": "3z"}]
    for sit in lines:
        text = batch.score_text(rules, json.dumps(sit))
        try:
            expected = rules.score(sit).to_dict()
        except Exception as e:
            expected = e.to_dict()
        assert text == json.dumps(expected, ensure_ascii=False)


def test_batch_json_equals_the_contract_json_on_the_oracle_corpus():
    from mahjong_core.frontends import batch
    from mahjong_core import load_ruleset
    corpus = ORACLE
    rules = load_ruleset("guobiao")
    for line in corpus.read_text(encoding="utf-8").splitlines()[:1000]:
        sit = json.dumps(json.loads(line)["situation"])
        assert batch.score_text(rules, sit) == batch.json_line(batch.score_line(rules, sit))[:-1]
