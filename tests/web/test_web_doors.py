"""The web API under hostile clients: work is bounded and a request over the time limit frees its
worker process; a POST must say it is JSON; slow clients are cut off; no answer shows the server's
file layout. The server tests start the real server (uvicorn, as ``mahjong serve`` runs it) on a
loopback port."""
from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import socket
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from mahjong_core.engine.ruleset import Ruleset
from mahjong_core.frontends.web import app as web

from testpaths import ROOT

HAND = {"hand": "123456789m9m", "win_tile": "9m",
        "melds": [{"type": "pung", "tiles": "111z", "claimed": "1z", "from": "left"}]}
BELOW = {"hand": "2344m567p789s111z", "win_tile": "1m"}
# three or four wild kinds: minutes and gigabytes of readings before the limits
HOSTILE = {"overlay": "extends: popular\ntable:\n  wilds: {max_kinds: 4}\n",
           "situation": {"hand": "1111222233334m", "win_tile": "4m", "wilds": "1m2m3m", "self_drawn": True}}
# two wild kinds, which an overlay may allow: about 2 s on an idle core (9 s on a loaded one); the
# time limits below are several times shorter, so it overruns them on a fast machine too
HEAVY = {"overlay": "extends: popular\ntable:\n  wilds: {max_kinds: 2}\n",
         "situation": {"hand": "1111222234567m", "win_tile": "8m", "wilds": "1m2m", "self_drawn": True}}


def _fails(r, status: int, code: str) -> str:
    assert r.status_code == status, r.text
    body = r.json()
    assert body["ok"] is False and body["error"]["code"] == code
    return body["error"]["message"]


@pytest.fixture(scope="module")
def client(engine):
    with TestClient(web.create_app(engine)) as c:
        yield c


# ----------------------------------------------------------------------------- Content-Type

@pytest.mark.parametrize("kind", [None, "text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded",
                                  "multipart/form-data; boundary=x", "application/jsonx", "application/json; charset=latin-1"])
def test_a_post_that_is_not_said_to_be_json_is_a_415(client, kind):
    """A page on any site may post text/plain or a form without asking the browser first; JSON it
    may not, so the API takes only that."""
    body = json.dumps({"ruleset": "guobiao", "situation": HAND}).encode()
    headers = {} if kind is None else {"content-type": kind}
    r = client.post("/api/score", content=body, headers=headers)
    message = _fails(r, 415, "unsupported_media_type")
    assert "application/json" in message and (kind is None and "none" in message or kind.split(";")[0] in message)


@pytest.mark.parametrize("kind", ["application/json", "Application/JSON", "application/json; charset=utf-8",
                                  'application/json;charset="UTF-8"'])
def test_json_in_any_spelling_is_taken(client, kind):
    body = json.dumps({"ruleset": "guobiao", "situation": HAND}).encode()
    assert client.post("/api/score", content=body, headers={"content-type": kind}).status_code == 200


def test_the_pages_post_json(client):
    assert '"Content-Type": "application/json"' in (web.STATIC / "js" / "common.js").read_text(encoding="utf-8")


# ----------------------------------------------------------------------------- bounded work

@pytest.mark.parametrize("kinds", [3, 4])
def test_an_overlay_may_not_allow_more_than_two_wild_kinds(client, kinds):
    overlay = f"extends: popular\ntable:\n  wilds: {{max_kinds: {kinds}}}\n"
    r = client.post("/api/score", json={"overlay": overlay, "situation": HOSTILE["situation"]})
    message = _fails(r, 422, "ruleset_error")
    assert f"max_kinds {kinds}" in message and f"at most {web.MAX_WILD_KINDS}" in message


def test_an_overlay_may_allow_two_wild_kinds(client):
    """翻双鬼 (guangdong's two wild kinds, next_two) is a documented overlay."""
    overlay = "extends: guangdong\ntable:\n  wilds: {max_kinds: 2, indicator: next_two}\n"
    situation = {"hand": "123m456p789s1z1z5m5m", "win_tile": "5m", "wilds": "1z2z", "self_drawn": True}
    r = client.post("/api/score", json={"overlay": overlay, "situation": situation})
    assert r.status_code == 200, r.text


def test_work_over_a_workers_memory_is_a_503_and_the_worker_is_replaced(engine, monkeypatch):
    real = Ruleset.score

    def greedy(self, situation, enforce_minimum=True):
        if situation == BELOW:
            return bytearray(1 << 30)          # a gigabyte at once: over the cap below
        return real(self, situation, enforce_minimum)

    monkeypatch.setattr(Ruleset, "score", greedy)      # the forked workers inherit it
    with TestClient(web.create_app(engine, workers=1, worker_memory=256 << 20)) as c:
        pids = {w.pid for w in c.app.state.api.workers.idle}
        message = _fails(c.post("/api/score", json={"ruleset": "guobiao", "situation": BELOW}), 503, "work_too_large")
        assert "memory" in message
        assert c.post("/api/score", json={"ruleset": "guobiao", "situation": HAND}).status_code == 200
        assert {w.pid for w in c.app.state.api.workers.idle}.isdisjoint(pids)


def test_work_over_the_time_limit_frees_its_worker(engine):
    """Before, the answer was a 503 but the thread went on: four such requests held every worker."""
    with TestClient(web.create_app(engine, workers=2, time_limit=0.3)) as c:
        pids = set()
        for _ in range(4):
            pids.add(c.app.state.api.workers.idle[-1].pid)        # the worker the next request takes
            _fails(c.post("/api/score", json=HEAVY), 503, "timeout")
        assert c.post("/api/score", json={"ruleset": "guobiao", "situation": HAND}).status_code == 200
        now = {w.pid for w in c.app.state.api.workers.idle}
        assert len(pids) == 4 and len(now) == 2 and now.isdisjoint(pids)     # each overrun worker replaced
        deadline = time.monotonic() + 10        # killed and reaped (in the background): no zombie left
        while any(Path(f"/proc/{pid}").exists() for pid in pids) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(Path(f"/proc/{pid}").exists() for pid in pids)


# ----------------------------------------------------------------------------- the real server

def _bench():
    spec = importlib.util.spec_from_file_location("bench_web", ROOT / "benchmarks" / "bench_web.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _rss(pid: int) -> int:
    """Resident bytes of a process (Linux /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError(f"no VmRSS for {pid}")


def _children(pid: int) -> set[int]:
    return {int(c) for t in Path(f"/proc/{pid}/task").iterdir() for c in (t / "children").read_text().split()}


@pytest.fixture(scope="module")
def served():
    """The server as ``mahjong serve`` runs it, with a 0.5 s time limit and 1 s head/body deadlines."""
    if not Path("/proc/self/status").exists():
        pytest.skip("needs Linux /proc to measure the server's memory")
    bench = _bench()
    port = bench.free_port()
    proc = bench.start_server(port, app={"time_limit": 0.5}, server={"header_timeout": 1, "body_timeout": 1})
    try:
        yield bench.httpx, f"http://127.0.0.1:{port}", proc, port
    finally:
        bench.stop_server(proc)


def test_four_hostile_requests_then_an_ordinary_one_is_answered_at_once_in_little_memory(served):
    httpx, base, proc, _ = served
    deadline = time.monotonic() + 10          # a loaded machine may still be starting (or reaping) one
    while len(workers := _children(proc.pid)) != web.WORKERS and time.monotonic() < deadline:
        time.sleep(0.1)
    assert len(workers) == web.WORKERS, [Path(f"/proc/{c}/cmdline").read_bytes()[:80] for c in workers
                                         if Path(f"/proc/{c}/cmdline").exists()]

    async def four(body):
        async with httpx.AsyncClient(base_url=base, timeout=60) as c:
            return await asyncio.gather(*(c.post("/api/score", json=body) for _ in range(4)))

    answers = asyncio.run(four(HOSTILE)) + asyncio.run(four(HEAVY))
    for r in answers[:4]:           # refused before any work: more wild kinds than the web allows
        _fails(r, 422, "ruleset_error")
    for r in answers[4:]:           # over the time limit: answered, and their workers killed
        assert "0.5 s" in _fails(r, 503, "timeout")
    start = time.monotonic()
    r = httpx.post(f"{base}/api/score", json={"ruleset": "guobiao", "situation": HAND}, timeout=30)
    seconds = time.monotonic() - start
    assert r.status_code == 200, r.text
    assert seconds < 1.0, seconds
    deadline = time.monotonic() + 10          # the killed workers are reaped in the background
    while len(now := _children(proc.pid)) != web.WORKERS and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(now) == web.WORKERS and now.isdisjoint(workers)        # every worker killed and replaced
    assert _rss(proc.pid) < 500 << 20
    assert all(_rss(pid) < 500 << 20 for pid in now)


def _closed_within(sock: socket.socket, seconds: float) -> bool:
    """The server closed the connection (EOF or reset) within ``seconds``."""
    sock.settimeout(seconds)
    try:
        while sock.recv(4096):
            pass
        return True
    except ConnectionResetError:
        return True
    except socket.timeout:
        return False


@pytest.mark.parametrize("sent", [
    b"",                                                                        # nothing at all
    b"POST /api/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n",   # a head that never ends
    b"POST /api/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
])
def test_a_slow_client_is_cut_off(served, sent):
    """Before the deadlines, each of these held a connection as long as the client liked."""
    _, _, _, port = served
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.sendall(sent)
        assert _closed_within(sock, 10)


def _exchange(sock: socket.socket, body: bytes) -> bytes:
    """One request on an open connection; the answer's status line."""
    sock.sendall(b"POST /api/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                 b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(65536)
    head, rest = data.split(b"\r\n\r\n", 1)
    length = int(next(line.split(b":")[1] for line in head.split(b"\r\n") if line.lower().startswith(b"content-length")))
    while len(rest) < length:
        rest += sock.recv(65536)
    return head.split(b"\r\n")[0]


def test_an_idle_keep_alive_connection_is_not_cut_by_the_head_deadline(served):
    """The head deadline (1 s here) runs from a request's first byte, not through the idle time
    between requests, which the keep-alive limit (5 s) bounds."""
    _, _, _, port = served
    body = json.dumps({"ruleset": "guobiao", "situation": HAND}).encode()
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.settimeout(30)
        assert _exchange(sock, body) == b"HTTP/1.1 200 OK"
        time.sleep(1.5)
        assert _exchange(sock, body) == b"HTTP/1.1 200 OK"


# ----------------------------------------------------------------------------- the server's layout

def _no_layout(text: str) -> None:
    """No answer names a folder of the server: not the checkout, not site-packages, no .yaml path."""
    assert str(ROOT) not in text and "site-packages" not in text and "/rulesets/" not in text, text


def test_a_rulesets_fans_say_where_they_are_set_by_ruleset_name_and_key(client):
    names = [r["name"] for r in client.get("/api/rulesets").json()]
    for name in names:
        for url in (f"/api/rulesets/{name}", f"/api/diff?a={name}"):
            _no_layout(client.get(url).text)
    fans = {f["id"]: f for f in client.get("/api/rulesets/guobiao-258").json()["fans"]}
    assert fans["pair_258"]["where"] == "guobiao-258: fans.pair_258"
    assert fans["big_four_winds"]["where"] == "guobiao: fans.big_four_winds"      # set in the base


def test_a_not_winning_message_names_the_ruleset_and_key(client):
    r = client.post("/api/score", json={"ruleset": "guangdong-tuidaohu",
                                        "situation": {"hand": "123m456p789s11z22z", "win_tile": "2z"}})
    message = _fails(r, 422, "not_winning")
    _no_layout(message)
    assert message.startswith("guangdong-tuidaohu: table.win_methods: ")


def test_an_overlays_errors_name_the_overlay_and_its_base_by_name(client):
    overlay = "extends: guobiao\noptions:\n  tie_brake: engine\n"
    message = _fails(client.post("/api/score", json={"overlay": overlay, "situation": HAND}), 422, "ruleset_error")
    assert message.startswith("overlay:3: unknown option 'tie_brake'")
    overlay = "extends: guangdong-tuidaohu\ntitle: club\n"
    r = client.post("/api/score", json={"overlay": overlay,
                                        "situation": {"hand": "123m456p789s11z22z", "win_tile": "2z"}})
    assert _fails(r, 422, "not_winning").startswith("guangdong-tuidaohu: table.win_methods: ")


def test_the_cli_names_a_ruleset_file_as_the_user_typed_it(tmp_path, monkeypatch):
    from io import StringIO

    from mahjong_core.frontends import cli
    (tmp_path / "clubs").mkdir()
    (tmp_path / "clubs" / "club.yaml").write_text("extends: base.yaml\n", encoding="utf-8")
    (tmp_path / "clubs" / "base.yaml").write_text("extends: guobiao\noptions:\n  tie_brake: engine\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    out, err = StringIO(), StringIO()
    assert cli.main(["score", "--ruleset", "clubs/club.yaml", "123456789m11z22z 2z"], out=out, err=err) == cli.EXIT_ERROR
    message = err.getvalue()
    assert "clubs/base.yaml:3: unknown option 'tie_brake'" in message and str(tmp_path) not in message


def test_a_head_still_unfinished_over_the_size_limit_is_a_400(served):
    from mahjong_core.frontends.web import server
    _, _, _, port = served
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.settimeout(30)
        sock.sendall(b"GET /api/rulesets HTTP/1.1\r\nHost: x\r\nX-Pad: " + b"a" * server.MAX_HEADER_BYTES)
        assert sock.recv(4096).startswith(b"HTTP/1.1 400")
