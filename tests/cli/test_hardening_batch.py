"""Batch mode (``mahjong score --jsonl``) under hostile input and hostile circumstances: one answer
per input line, in order, whatever the line holds; ids echoed; strict JSON out; a worker that dies or
a Ctrl-C never hangs the run nor leaves a process behind."""
from __future__ import annotations

import dataclasses
import io
import json
import os
import select
import signal
import subprocess
import sys
import threading
import time

import pytest

from harness import run_cli
from testpaths import MINI
from mahjong_core import ResourceError, load_ruleset
from mahjong_core.frontends import batch, wire

M = str(MINI)
GOOD = {"hand": "123m456p789s1122z", "win_tile": "1z"}
GOOD_LINE = json.dumps(GOOD)
CLI = [sys.executable, "-c", "import sys; from mahjong_core.frontends.cli import main; sys.exit(main())"]


def _strict(text: str):
    """Parse as strict JSON: NaN and Infinity are not JSON."""
    def refuse(name):
        raise ValueError(f"not strict JSON: {name}")
    return json.loads(text, parse_constant=refuse)


def _run_bytes(data: bytes, jobs: int = 1, rules=None) -> list[dict]:
    """batch.run on a binary stdin, as the CLI feeds it."""
    out = io.StringIO()
    batch.run(rules or load_ruleset(M), io.BytesIO(data), out, jobs)
    return [_strict(line) for line in out.getvalue().splitlines()]


def _code(res: dict) -> str | None:
    return None if res["ok"] else res["error"]["code"]


# --------------------------------------------------------------------------- one line in, one line out

def test_blank_and_whitespace_lines_get_an_error_line_each():
    text = f"{GOOD_LINE}\n\n   \n\t\r\n{GOOD_LINE}\n"
    rc, out, err = run_cli(["score", "--ruleset", M, "--jsonl"], text)
    assert (rc, err) == (0, "")
    results = [_strict(x) for x in out.splitlines()]
    assert [_code(r) for r in results] == [None, "invalid_situation", "invalid_situation",
                                           "invalid_situation", None]
    assert results[1]["error"]["message"] == "empty line"


def test_no_final_newline_and_no_input():
    rc, out, _ = run_cli(["score", "--ruleset", M, "--jsonl"], f"{GOOD_LINE}\n{GOOD_LINE}")
    assert rc == 0 and len(out.splitlines()) == 2
    rc, out, _ = run_cli(["score", "--ruleset", M, "--jsonl"], "")
    assert (rc, out) == (0, "")


IDS = ["q-1", 7, 2.5, -3, "问", 10 ** 30]


@pytest.mark.parametrize("jobs", [1, 2])
def test_id_is_echoed_on_success_and_failure_and_each_line_is_the_contract_json(jobs):
    rules = load_ruleset(M)
    sits = [dict(GOOD), {"hand": "1122334455667m", "win_tile": "7m", "self_drawn": True},
            {"hand": "123m456p789s1122z", "win_tile": "3z"},          # not winning
            {"hand": "123m456p789s1122z", "win_tile": "9z"},          # invalid tile
            {"hand": "123m456p789s1122z", "win_tile": "1z", "flowers": "1f2f"}]
    lines, expected = [], []
    for i in range(batch.CHUNK * 2 + 11):      # several chunks, so workers answer on jobs=2
        sit = sits[i % len(sits)]
        ident = IDS[i % len(IDS)]
        lines.append(json.dumps(dict(sit, id=ident) if i % 7 else sit))
        try:
            contract = rules.score(sit).to_dict()
        except Exception as e:
            contract = e.to_dict()
        expected.append(json.dumps({"id": ident, **contract} if i % 7 else contract, ensure_ascii=False))
    rc, out, err = run_cli(["score", "--ruleset", M, "--jsonl", "--jobs", jobs], "\n".join(lines) + "\n")
    assert (rc, err) == (0, "")
    assert out.splitlines() == expected


@pytest.mark.parametrize("value, kind", [([1], "a list"), ({"a": 1}, "an object"), (True, "true or false"),
                                         (None, "null")])
def test_an_id_that_is_not_a_string_or_number_is_refused_on_its_line(value, kind):
    text = json.dumps(dict(GOOD, id=value)) + "\n" + json.dumps(dict(GOOD, id="next")) + "\n"
    rc, out, err = run_cli(["score", "--ruleset", M, "--jsonl"], text)
    assert (rc, err) == (0, "")
    first, second = [_strict(x) for x in out.splitlines()]
    assert first == {"ok": False, "error": {"code": "invalid_situation",
                                            "message": f"'id' must be a string or a number, not {kind}"}}
    assert second["ok"] is True and second["id"] == "next"


# --------------------------------------------------------------------------- resource limits

def test_an_integer_too_long_to_convert_is_that_lines_error():
    digits = sys.get_int_max_str_digits() + 1
    bad = '{"hand": "123m456p789s1122z", "win_tile": "1z", "flowers": ' + "1" * digits + "}"
    rc, out, err = run_cli(["score", "--ruleset", M, "--jsonl"], f"{bad}\n{GOOD_LINE}\n")
    assert (rc, err) == (0, "")
    first, second = [_strict(x) for x in out.splitlines()]
    assert first == {"ok": False, "error": {"code": "invalid_situation", "message":
                     f"a number has more than {sys.get_int_max_str_digits()} digits"}}
    assert second["ok"] is True


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity", "1e999", "-1e400"])
def test_nan_and_infinite_numbers_are_refused_and_never_echoed(literal):
    lines = ['{"hand": "123m456p789s1122z", "win_tile": "1z", "flowers": ' + literal + "}",
             '{"id": ' + literal + ', "hand": "123m456p789s1122z", "win_tile": "1z"}', GOOD_LINE]
    rc, out, err = run_cli(["score", "--ruleset", M, "--jsonl"], "\n".join(lines) + "\n")
    assert (rc, err) == (0, "")
    results = [_strict(x) for x in out.splitlines()]
    assert [_code(r) for r in results] == ["invalid_situation", "invalid_situation", None]
    assert all("NaN" not in x and "Infinity" not in x for x in out.splitlines()[2:])
    assert "JSON allows no NaN or infinity" in results[0]["error"]["message"]


class _NanRules:
    """A ruleset whose results carry a NaN total (a plugin bug): the output must stay strict JSON."""

    def __init__(self, rules):
        self.rules = rules

    def score(self, data):
        return dataclasses.replace(self.rules.score(data), total=float("nan"))


def test_a_result_holding_nan_becomes_an_error_line_not_invalid_json():
    rules = _NanRules(load_ruleset(M))
    with_id = json.dumps(dict(GOOD, id=4))
    results = _run_bytes(f"{GOOD_LINE}\n{with_id}\n".encode(), rules=rules)
    assert [_code(r) for r in results] == ["internal_error", "internal_error"]
    assert "NaN or infinity" in results[0]["error"]["message"]
    assert results[1]["id"] == 4
    assert json.loads(batch.json_line(batch.score_line(rules, GOOD_LINE))) == results[0]


def test_nesting_too_deep_is_refused_before_parsing():
    deep = '{"hand": ' + "[" * wire.MAX_DEPTH + "]" * wire.MAX_DEPTH + ', "win_tile": "1z"}'
    huge = "[" * 100_000 + "]" * 100_000
    # brackets inside strings are not nesting: that line is a tile error, not a depth error
    in_string = json.dumps(dict(GOOD, hand="[" * 50 + "123m"))
    melds = json.dumps({"hand": "789s1122z", "win_tile": "1z",
                        "melds": [{"type": "chow", "tiles": "123m", "from": "left"},
                                  {"type": "pung", "tiles": "555p", "from": "across"}]})
    text = "\n".join([deep, huge, in_string, melds]) + "\n"
    rc, out, err = run_cli(["score", "--ruleset", M, "--jsonl"], text)
    assert (rc, err) == (0, "")
    results = [_strict(x) for x in out.splitlines()]
    message = f"JSON nested deeper than {wire.MAX_DEPTH} levels (a situation needs at most 4)"
    refused = {"ok": False, "error": {"code": "invalid_situation", "message": message}}
    assert results[0] == results[1] == refused
    assert results[2]["error"]["code"] == "invalid_tile"
    assert results[3]["ok"] is True


def test_the_depth_check_is_linear_on_unclosed_strings():
    """A string scan that restarts at every quote would take hours on this line; the subprocess's
    timeout is the hang guard."""
    line = "[" * (wire.MAX_DEPTH + 1) + '"\\' * 400_000
    proc = subprocess.run(CLI + ["score", "--ruleset", M, "--jsonl"], input=f"{line}\n{GOOD_LINE}\n",
                          capture_output=True, text=True, timeout=60)
    assert (proc.returncode, proc.stderr) == (0, "")
    assert [_code(_strict(x)) for x in proc.stdout.splitlines()] == ["invalid_situation", None]


def test_bytes_that_are_not_utf8_cost_their_line_naming_the_offset():
    bad = b'{"hand": "123m\xff456p"}'
    results = _run_bytes(GOOD_LINE.encode() + b"\n" + bad + b"\n\xc3\n" + GOOD_LINE.encode() + b"\n")
    assert [_code(r) for r in results] == [None, "invalid_situation", "invalid_situation", None]
    assert results[1]["error"]["message"] == "line is not UTF-8: byte 0xff at offset 14"
    assert results[2]["error"]["message"] == "line is not UTF-8: byte 0xc3 at offset 0"


def test_bytes_that_are_not_utf8_through_a_real_stdin():
    data = GOOD_LINE.encode() + b"\n" + b'{"hand": "\xe9"}\n' + GOOD_LINE.encode() + b"\n"
    proc = subprocess.run(CLI + ["score", "--ruleset", M, "--jsonl"], input=data, capture_output=True,
                          timeout=60)
    assert (proc.returncode, proc.stderr) == (0, b"")
    results = [_strict(x) for x in proc.stdout.decode().splitlines()]
    assert [_code(r) for r in results] == [None, "invalid_situation", None]
    assert results[1]["error"]["message"] == "line is not UTF-8: byte 0xe9 at offset 10"


class _Stream(io.BytesIO):
    """Records the largest read asked for, to prove no line is read whole."""

    largest = 0

    def readline(self, size=-1):
        assert size is not None and size >= 0, "an unbounded readline"
        _Stream.largest = max(_Stream.largest, size)
        return super().readline(size)


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_line_too_long_is_skipped_in_bounded_reads(jobs):
    longest = json.dumps(GOOD)[:-1] + " " * (batch.MAX_LINE - len(GOOD_LINE)) + "}"   # exactly the limit
    assert len(longest) == batch.MAX_LINE
    too_long = longest + " "
    data = "\n".join([GOOD_LINE, too_long, longest, too_long * 3] + [GOOD_LINE] * batch.CHUNK * 2) + "\n"
    out = io.StringIO()
    _Stream.largest = 0
    batch.run(load_ruleset(M), _Stream(data.encode()), out, jobs)
    assert 0 < _Stream.largest <= batch.MAX_LINE + 1
    results = [_strict(x) for x in out.getvalue().splitlines()]
    assert len(results) == 4 + batch.CHUNK * 2
    assert [_code(r) for r in results[:5]] == [None, "invalid_situation", None, "invalid_situation", None]
    assert results[1]["error"]["message"] == f"line too long: over {batch.MAX_LINE} bytes"
    assert all(r["ok"] for r in results[4:])


class _HungryRules:
    """Runs out of memory on one hand, as a pathological situation would."""

    def __init__(self, rules):
        self.rules = rules

    def score(self, data):
        if data.get("flowers") == 8:
            raise MemoryError
        return self.rules.score(data)


def test_memory_error_is_that_lines_error_and_the_batch_goes_on():
    rules = _HungryRules(load_ruleset(M))
    hungry = json.dumps(dict(GOOD, flowers=8, id="h"))
    results = _run_bytes(f"{GOOD_LINE}\n{hungry}\n{GOOD_LINE}\n".encode(), rules=rules)
    assert results[1] == {"id": "h", **ResourceError().to_dict()}
    assert results[1]["error"]["code"] == "out_of_memory"
    assert results[0]["ok"] and results[2]["ok"]


@pytest.mark.parametrize("value", ["65", "-1", "100000"])
def test_jobs_out_of_bounds_is_a_usage_error(value):
    proc = subprocess.run(CLI + ["score", "--ruleset", M, "--jsonl", "--jobs", value], input="",
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and proc.stdout == ""
    assert f"--jobs: {value} is not a number of processes from 1 to {batch.MAX_JOBS} (0: one per core)" \
        in proc.stderr
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize("value", ["0", "1", "64"])
def test_jobs_within_bounds_run(value):
    rc, out, err = run_cli(["score", "--ruleset", M, "--jsonl", "--jobs", value], GOOD_LINE + "\n")
    assert (rc, err) == (0, "") and _strict(out)["ok"] is True


# --------------------------------------------------------------------------- dying workers, Ctrl-C

# A worker that meets the line holding "die" kills itself with SIGKILL, as the kernel's OOM killer would.
_KILLER = """
import os, signal, sys
from mahjong_core.frontends import batch
score_text = batch.score_text
parent = os.getpid()
def deadly(rules, line):
    if os.getpid() != parent and b"die" in (line if isinstance(line, bytes) else line.encode()):
        os.kill(os.getpid(), signal.SIGKILL)
    return score_text(rules, line)
batch.score_text = deadly
from mahjong_core.frontends.cli import main
sys.exit(main())
"""


def test_a_worker_killed_mid_chunk_answers_its_lines_with_an_error_and_the_run_goes_on():
    n = batch.CHUNK * 5
    lines = [json.dumps(dict(GOOD, id=i)) for i in range(n)]
    doomed = batch.CHUNK * 2 + 17
    lines[doomed] = json.dumps(dict(GOOD, id=doomed, hand="die"))
    lines[doomed + 1] = "not json"
    proc = subprocess.run([sys.executable, "-c", _KILLER, "score", "--ruleset", M, "--jsonl", "--jobs", "2"],
                          input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=120)
    assert (proc.returncode, proc.stderr) == (0, "")
    results = [_strict(x) for x in proc.stdout.splitlines()]
    assert len(results) == n
    lost = [i for i, r in enumerate(results) if not r["ok"]]
    # the doomed line's chunk, no other line: it is exactly one chunk's span
    assert doomed in lost and len(lost) == batch.CHUNK and lost == list(range(lost[0], lost[0] + batch.CHUNK))
    for i in lost:
        if i == doomed + 1:       # a line that cannot be parsed gets its own error
            assert results[i]["error"]["message"].startswith("not valid JSON")
            continue
        assert results[i]["id"] == i
        assert results[i]["error"] == {"code": "internal_error", "message":
                                       "the worker process scoring this line died (killed by signal 9)"}
    assert all(results[i]["id"] == i and results[i]["total"] == 1 for i in range(n) if i not in lost)


def test_a_dead_worker_where_sigchld_is_ignored():
    """An embedding program that ignores SIGCHLD leaves no exit status to read: still one error
    line per lost line, and the run goes on."""
    lines = [GOOD_LINE] * (batch.CHUNK * 3)
    lines[batch.CHUNK + 5] = json.dumps(dict(GOOD, hand="die"))
    script = "import signal; signal.signal(signal.SIGCHLD, signal.SIG_IGN)\n" + _KILLER
    proc = subprocess.run([sys.executable, "-c", script, "score", "--ruleset", M, "--jsonl", "--jobs", "2"],
                          input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=120)
    assert (proc.returncode, proc.stderr) == (0, "")
    results = [_strict(x) for x in proc.stdout.splitlines()]
    assert len(results) == len(lines)
    lost = [r["error"]["message"] for r in results if not r["ok"]]
    assert lost == ["the worker process scoring this line died (exit status unknown)"] * batch.CHUNK


def _children(pid: int) -> list[int]:
    kids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                kids.append(int(entry))
    return kids


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _read_lines(stream, count: int, timeout: float) -> bytes:
    """At least ``count`` lines from a pipe, or what came before the timeout (a hang guard)."""
    got = b""
    deadline = time.monotonic() + timeout
    while got.count(b"\n") < count and time.monotonic() < deadline:
        ready, _, _ = select.select([stream], [], [], 0.5)
        if ready:
            part = os.read(stream.fileno(), 1 << 16)
            if not part:
                break
            got += part
    return got


def _start_slow_batch(jobs: int = 2):
    """A batch whose stdin stays open after several chunks were given."""
    proc = subprocess.Popen(CLI + ["score", "--ruleset", "guobiao", "--jsonl", "--jobs", str(jobs)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    line = json.dumps({"hand": "123m456p789s1122z", "win_tile": "2z", "seat_wind": "E"}) + "\n"
    proc.stdin.write(line.encode() * batch.CHUNK * 6)
    proc.stdin.flush()
    got = _read_lines(proc.stdout, batch.CHUNK, 60)
    assert got.count(b"\n") >= batch.CHUNK, proc
    return proc, line, got


def _feed_forever(proc, line: str) -> threading.Thread:
    """An endless producer: keeps the workers busy until the batch stops reading."""
    def feed():
        data = line.encode() * batch.CHUNK
        try:
            while True:
                proc.stdin.write(data)
                proc.stdin.flush()
        except (OSError, ValueError):
            pass

    def drain():
        try:
            while os.read(proc.stdout.fileno(), 1 << 16):
                pass
        except OSError:
            pass
    threading.Thread(target=drain, daemon=True).start()
    thread = threading.Thread(target=feed, daemon=True)
    thread.start()
    return thread


@pytest.mark.parametrize("target, jobs", [("group", 2), ("parent", 2), ("group", 1)])
def test_ctrl_c_stops_promptly_without_traceback_and_leaves_no_process(target, jobs):
    proc, line, _ = _start_slow_batch(jobs)
    try:
        kids = _children(proc.pid)
        assert len(kids) == (jobs if jobs > 1 else 0), "the batch runs on one worker process per job"
        _feed_forever(proc, line)
        time.sleep(0.5)       # not a timing assertion: lets the producer get the workers busy
        if target == "group":
            os.killpg(proc.pid, signal.SIGINT)
        else:
            os.kill(proc.pid, signal.SIGINT)
        rc = proc.wait(timeout=30)
        err = proc.stderr.read().decode()
        assert rc == 130
        assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
        assert [k for k in kids if _alive(k)] == []
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            try:
                stream.close()
            except OSError:
                pass


def test_a_worker_killed_from_outside_never_hangs_the_run():
    """SIGKILL a live worker (busy or idle, as the OOM killer picks): every line still gets its one
    answer, each a result or the worker's error, and the run ends when its input does."""
    proc, line, got = _start_slow_batch()
    try:
        kids = _children(proc.pid)
        assert kids
        os.kill(kids[0], signal.SIGKILL)
        out, err = proc.communicate(line.encode() * batch.CHUNK * 3, timeout=60)
        assert (proc.returncode, err) == (0, b"")
        results = [_strict(x) for x in (got + out).decode().splitlines()]
        assert len(results) == batch.CHUNK * 9
        assert all(r["ok"] or r["error"]["code"] in ("below_minimum", "internal_error") for r in results)
        assert [k for k in kids if _alive(k)] == []
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
