"""The command line and the library under hostile input and faults: one answer per batch line
whatever characters it echoes, output failures that are not bugs, a hand to analyse without a
winning tile, ``ready`` meaning some tile wins, impossible records refused, running out of memory
reported as such."""
from __future__ import annotations

import errno
import io
import json
import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from harness import run_cli
from testpaths import MINI
from mahjong_core import ResourceError, load_ruleset
from mahjong_core.frontends import batch
from mahjong_core.frontends.cli import EXIT_OUTPUT, main as cli_main
from mahjong_core.engine.registry import Engine

M = str(MINI)
GOOD = {"hand": "123m456p789s1122z", "win_tile": "1z"}
CLI = [sys.executable, "-c", "import sys; from mahjong_core.frontends.cli import main; sys.exit(main())"]

# every character str.splitlines() breaks on, and lone surrogates (high, low, at the ends of their ranges)
BREAKS = ["\r", "\v", "\f", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029", "\r\n"]
SURROGATES = ["\ud800", "\udbff", "\udc00", "\udfff", "\ud83d"]


def _answers(raw: bytes, n: int) -> list[dict]:
    """The batch's output as bytes: strict UTF-8, ``n`` lines split on newline only, each one JSON
    value that str.splitlines() leaves whole."""
    text = raw.decode("utf-8")                   # strict: a lone surrogate would fail here
    assert text.endswith("\n") or n == 0
    lines = text.split("\n")[:-1]
    assert len(lines) == n
    assert text.splitlines() == lines
    return [json.loads(line) for line in lines]


# --------------------------------------------------------------------------- item 1: one line, one answer

@pytest.mark.parametrize("jobs", ["1", "2"])
def test_line_breaks_and_surrogates_echoed_keep_one_answer_per_line(jobs):
    lines = ['{"hand": "\\ud800", "win_tile": "1m"}', '{"hand": "1m", "win_tile": "\\u2028"}']
    # enough lines for two chunks, so that --jobs 2 runs workers; the hostile lines in both
    lines = lines + [json.dumps(dict(GOOD, id=i)) for i in range(batch.CHUNK)] + lines
    proc = subprocess.run(CLI + ["score", "--ruleset", "guobiao", "--jsonl", "--jobs", jobs],
                          input="\n".join(lines).encode() + b"\n", capture_output=True, timeout=120)
    assert (proc.returncode, proc.stderr) == (0, b"")
    answers = _answers(proc.stdout, len(lines))
    for i in (0, len(lines) - 2):
        assert answers[i]["error"]["code"] == "invalid_tile" and "\ud800" in answers[i]["error"]["message"]
        assert answers[i + 1]["error"]["code"] == "invalid_tile" and "\u2028" in answers[i + 1]["error"]["message"]
    assert [a["id"] for a in answers[2:-2]] == list(range(batch.CHUNK))
    assert b"\xe2\x80\xa8" not in proc.stdout and b"\\u2028" in proc.stdout


def test_json_line_escapes_what_a_line_reader_splits_on():
    text = batch.json_line({"id": "a\u2028b\u2029c\x85d\ud800e", "ok": False})
    assert text == '{"id": "a\\u2028b\\u2029c\\u0085d\\ud800e", "ok": false}\n'
    assert json.loads(text) == {"id": "a\u2028b\u2029c\x85d\ud800e", "ok": False}
    assert batch.json_line({"x": "中文 ✓"}) == '{"x": "中文 ✓"}\n'     # the rest stays as it is


def _hostile_text():
    piece = st.sampled_from(BREAKS + SURROGATES) | st.sampled_from(list("1m2z中\"\\ ")) | st.characters()
    return st.lists(piece, max_size=6).map("".join)


def _situation(draw) -> dict:
    """A situation whose fields (and keys) may echo any line break or surrogate."""
    h = _hostile_text()
    sit = {}
    for field, valid in (("hand", GOOD["hand"]), ("win_tile", GOOD["win_tile"]), ("wilds", ""),
                         ("seat_wind", "E"), ("flowers", "1f")):
        choice = draw(st.integers(0, 2))
        if choice == 1:
            sit[field] = valid
        elif choice == 2:
            sit[field] = draw(h)
    if draw(st.booleans()):
        sit["id"] = draw(h)
    if draw(st.booleans()):
        sit["melds"] = [{"type": draw(st.sampled_from(["pung", draw(h)])), "tiles": draw(h)}]
    if draw(st.booleans()):
        sit["extras"] = {draw(h): draw(h)}
    if draw(st.booleans()):
        sit[draw(h)] = draw(h)
    return sit


@st.composite
def _line(draw) -> bytes:
    """One input line: a situation as escaped JSON, as raw UTF-8 (lone surrogates then make bytes
    that are not UTF-8), or with the escaped controls written raw (no longer JSON); never a newline."""
    sit = _situation(draw)
    how = draw(st.sampled_from(["escaped", "raw", "raw controls", "good"]))
    if how == "good":
        return json.dumps(dict(GOOD, id=draw(_hostile_text()))).encode()
    if how == "escaped":
        return json.dumps(sit).encode()
    text = json.dumps(sit, ensure_ascii=False)
    if how == "raw controls":
        for c in "\r\v\f\x1c\x1d\x1e":
            text = text.replace(json.dumps(c)[1:-1], c)
    return text.encode("utf-8", "surrogatepass")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(lines=st.lists(_line(), min_size=1, max_size=9), chunk=st.integers(1, 4))
def test_every_hostile_line_gets_exactly_one_answer_with_one_and_two_jobs(lines, chunk, monkeypatch):
    """Random lines echoing every line break and surrogate in every field, at every place of a
    chunk (chunks of 1–4 lines), in one process and with two workers: one answer each, in order."""
    monkeypatch.setattr(batch, "CHUNK", chunk)
    rules = _rules()
    data = b"\n".join(lines) + b"\n"
    got = {}
    for jobs in (1, 2):
        out = io.StringIO()
        batch.run(rules, io.BytesIO(data), out, jobs)
        got[jobs] = out.getvalue()
        answers = _answers(got[jobs].encode("utf-8"), len(lines))
        for line, answer in zip(lines, answers):
            try:
                sent = json.loads(line.decode("utf-8"))
            except (UnicodeDecodeError, ValueError):
                assert answer["ok"] is False and answer["error"]["code"] == "invalid_situation"
                continue
            if isinstance(sent, dict) and isinstance(sent.get("id"), str):
                assert answer["id"] == sent["id"]
    assert got[1] == got[2]


_RULES = []


def _rules():
    if not _RULES:
        _RULES.append(load_ruleset("guobiao"))
    return _RULES[0]


# --------------------------------------------------------------------------- item 2: output failures

@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("args, stdin", [
    (["score", "--ruleset", M, "123m456p789s1122z 1z"], b""),
    (["score", "--ruleset", M, "123m456p789s1122z 1z", "--json"], b""),
    (["score", "--ruleset", M, "--jsonl", "--jobs", "1"], json.dumps(GOOD).encode() + b"\n"),
    (["score", "--ruleset", M, "--jsonl", "--jobs", "2"], (json.dumps(GOOD).encode() + b"\n") * 1000),
    (["rulesets"], b""),
])
def test_a_full_disk_is_an_output_failure_not_a_bug(args, stdin):
    with open("/dev/full", "wb") as full:
        proc = subprocess.run(CLI + args, input=stdin, stdout=full, stderr=subprocess.PIPE, timeout=120)
    assert proc.returncode == EXIT_OUTPUT == 4
    assert proc.stderr.decode() == "error: cannot write the output: No space left on device\n"


class _BrokenDevice(io.StringIO):
    def write(self, text):
        raise OSError(errno.EIO, "Input/output error")


def test_an_os_error_on_output_in_process():
    err = io.StringIO()
    rc = cli_main(["score", "--ruleset", M, "123m456p789s1122z 1z"], out=_BrokenDevice(), err=err)
    assert (rc, err.getvalue()) == (EXIT_OUTPUT, "error: cannot write the output: Input/output error\n")


def test_a_closed_pipe_stays_quiet():
    proc = subprocess.Popen(CLI + ["fans", "guobiao"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.read(10)
    proc.stdout.close()
    assert proc.wait(timeout=60) == 0
    assert proc.stderr.read() == b""


# --------------------------------------------------------------------------- item 10: out of memory

def test_running_out_of_memory_in_a_builtin_check_is_not_the_plugins_fault(monkeypatch):
    from mahjong_core.engine import builtin

    def hungry(ctx, **kw):
        raise MemoryError
    monkeypatch.setattr(builtin, "shape_is", hungry)
    rules = Engine(entry_points=False).load_ruleset(MINI)
    with pytest.raises(ResourceError) as info:
        rules.score(GOOD)
    assert info.value.code == "out_of_memory"
    assert "plugin" not in info.value.message and "builtin" not in info.value.message
    assert info.value.message.startswith("ran out of memory")
    text = batch.score_text(rules, json.dumps(GOOD))
    assert json.loads(text)["error"]["code"] == "out_of_memory"


def test_running_out_of_memory_on_the_command_line(monkeypatch):
    from mahjong_core.frontends import cli

    def hungry(*a, **kw):
        raise MemoryError
    monkeypatch.setattr(cli, "cmd_score", hungry)
    rc, out, err = run_cli(["score", "--ruleset", M, "123m456p789s1122z 1z"])
    assert rc == 2 and out == ""
    assert err.startswith("error [out_of_memory]: ran out of memory") and "internal" not in err


# --------------------------------------------------------------------------- item 3: no winning tile to analyse

@pytest.mark.parametrize("first, second", [
    ("123m456p789s1122z5m", "5m123m456p789s1122z"),       # the wild written last, then first
    ("5m5m123m456p789s111z", "123m456p789s111z5m5m"),
])
def test_analysis_does_not_depend_on_the_order_of_the_tiles(first, second):
    rules = load_ruleset("popular")      # table.wilds.win_on_discard: false, so no wild is won on a discard
    a = rules.analyze({"hand": first, "wilds": "5m"}).to_dict()
    assert a == rules.analyze({"hand": second, "wilds": "5m"}).to_dict()
    assert a["shanten"] == -1            # complete, a wild standing for any tile: 123m 456p 789s 11z+5m 22z,
                                         # or 123m 456p 789s 111z 5m5m
    for hand in (first, second):
        rc, out, err = run_cli(["analyze", "--ruleset", "popular", hand, "--wilds", "5m"])
        assert (rc, err) == (0, "") and out.startswith("shanten -1 (complete), 14 standing tiles")


def test_a_drawn_hand_still_meets_the_wild_rules():
    rules = load_ruleset("popular")      # table.wilds.claim: false
    hand = {"hand": "123m456p789s1z5m", "melds": [{"type": "pung", "tiles": "555m"}], "wilds": "5m"}
    with pytest.raises(Exception) as info:
        rules.analyze(hand)
    assert info.value.code == "invalid_meld" and "5m is wild" in info.value.message


# --------------------------------------------------------------------------- item 4: ready means a win

def test_ready_means_some_tile_wins_under_the_ruleset():
    rules = load_ruleset("sichuan")
    holding_void = rules.waits({"hand": "1112345678999m", "void_suit": "m"})
    assert len(holding_void.tiles) == 9            # nine tiles complete the shape (九莲宝灯 shape)...
    assert holding_void.ready is False            # ...but a hand holding its void suit never wins
    assert holding_void.to_dict()["ready"] is False
    assert all(w["discard"]["error"] == "not_winning" for w in holding_void.to_dict()["waits"])
    assert rules.waits({"hand": "1112345678999m", "void_suit": "p"}).ready is True


def test_waits_takes_void_on_the_command_line():
    rc, out, err = run_cli(["waits", "--ruleset", "sichuan", "1112345678999m", "--void", "m", "--json"])
    assert (rc, err) == (0, "") and json.loads(out)["ready"] is False
    rc, out, err = run_cli(["waits", "--ruleset", "sichuan", "1112345678999m", "--void", "m"])
    assert rc == 0 and out.endswith("not ready: ruleset 'sichuan' refuses every win on these tiles\n")
    rc, out, err = run_cli(["waits", "--ruleset", "sichuan", "1112345678999m", "--void", "p", "--json"])
    assert json.loads(out)["ready"] is True and len(json.loads(out)["waits"]) == 9
    rc, out, err = run_cli(["waits", "--ruleset", "guobiao", "1112345678999m", "--void", "m"])
    assert rc == 2 and "this ruleset has no void suit" in err


# --------------------------------------------------------------------------- item 5: impossible records

SC_WIN = {"hand": "123m456m789m11p23p", "win_tile": "4p"}
SC_HANDS = ["111m222m333p44p55p", "456789m678p99p11s", "12345678s2266p9p", "999m1234567p9s2s"]


def _refused(rules, record, *parts):
    from mahjong_core import SettlementError
    with pytest.raises(SettlementError) as info:
        rules.settle(record)
    assert info.value.code == "invalid_situation"
    for part in parts:
        assert part in info.value.message, info.value.message


@pytest.mark.parametrize("second", [0, 1])
@pytest.mark.parametrize("name", ["sichuan", "guangdong", "popular", "fuzhou"])
def test_a_second_kong_of_one_kind_is_refused(name, second):
    rules = load_ruleset(name)
    record = {"events": [{"type": "kong", "seat": 0, "kind": "concealed", "tile": "5p"},
                         {"type": "kong", "seat": second, "kind": "concealed", "tile": "5p"}]}
    _refused(rules, record, "events[1] (kong): 5p is already konged at events[0] (kong)")


@pytest.mark.parametrize("name", ["sichuan", "sichuan-xueliu", "guangdong", "guangdong-bao", "fuzhou"])
def test_more_than_four_copies_of_an_unkonged_kind_are_refused(name):
    # two players win on one discard of 4p, each holding two more: 2 + 2 + the discard = 5 copies
    rules = load_ruleset(name)
    if name.startswith("fuzhou"):
        hand = {"hand": "123m456m789m123s44p56p", "win_tile": "4p"}
    else:
        hand = {"hand": "123m456m789m44p56p", "win_tile": "4p"}
    record = {"events": [{"type": "win", "seat": 1, "from": 0, "situation": hand},
                         {"type": "win", "seat": 2, "from": 0, "situation": hand}]}
    if name.startswith("sichuan"):
        record["events"][:0] = [{"type": "void", "seat": s, "suit": "s"} for s in range(4)]
    second = len(record["events"]) - 1
    _refused(rules, record, f"events[{second}] (win): the table would hold 5 copies of 4p, of which there are four")


def test_the_copies_of_a_kind_across_seats_and_their_end_hands_add_up():
    # sichuan: seat 1 wins holding 1111m in a 龙七对; at the wall's end seat 2 shows 1m too: five
    rules = load_ruleset("sichuan")
    record = {"events": [{"type": "void", "seat": s, "suit": "s"} for s in range(4)] + [
        {"type": "win", "seat": 1, "from": 0, "situation": {"hand": "1111m2233m4455p6p", "win_tile": "6p"}},
        {"type": "end", "hands": {"0": {"hand": "123456789p2468m"}, "2": {"hand": "123456789m2468p"},
                                  "3": {"hand": "999p888p777p66p55m"}}}]}
    _refused(rules, record, "events[5] (end): the table would hold 5 copies of 1m")


@pytest.mark.parametrize("keys, problem", [
    (("0", "1", "01", "2"), "events[0] (end): field 'hands': key '01' is not a seat number 0–3"),
    (("0", " 1", "2", "3"), "events[0] (end): field 'hands': key ' 1' is not a seat number 0–3"),
    (("0", "1", "+2", "3"), "events[0] (end): field 'hands': key '+2' is not a seat number 0–3"),
    (("0", "1", "2", "4"), "events[0] (end): field 'hands': key '4' is not a seat number 0–3"),
])
def test_end_hands_are_keyed_by_seat_numbers_each_once(keys, problem):
    record = {"events": [{"type": "end", "hands": {k: {"hand": h} for k, h in zip(keys, SC_HANDS)}}]}
    _refused(load_ruleset("sichuan"), record, problem)


def test_two_hands_for_one_seat_are_refused():
    from mahjong_core.engine.records import parse_record
    from mahjong_core import SettlementError
    with pytest.raises(SettlementError, match="events\\[0\\] \\(end\\): field 'hands': seat 1 has two hands"):
        parse_record({"events": [{"type": "end", "hands": {1: {"hand": "1m"}, "1": {"hand": "2m"}}}]})


def test_a_bad_void_suit_in_an_end_hand_is_named_not_a_plugin_crash():
    rules = load_ruleset("sichuan")
    for bad in ("x", 5, "sp"):
        hands = {str(s): {"hand": h} for s, h in enumerate(SC_HANDS)}
        hands["0"]["void_suit"] = bad
        _refused(rules, {"events": [{"type": "end", "hands": hands}]},
                 "events[0] (end).hands.0: field 'void_suit' must be 'm', 'p' or 's', got")


# --------------------------------------------------------------------------- found by the fuzzing

def test_an_option_over_a_base_without_options_is_unknown_not_a_crash(tmp_path):
    # the example plugin's mini-258 declares no options: an overlay setting one is a typo
    path = tmp_path / "house.yaml"
    path.write_text("extends: mini-258\noptions:\n  x: 1\n", encoding="utf-8")
    rc, out, err = run_cli(["score", "--ruleset", path, "123m456p789s1122z 1z"])
    assert rc == 2 and err == f"error [ruleset_error]: {path}:3: unknown option 'x'\n"
