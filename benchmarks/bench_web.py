"""Load test of the JSON API: ``python benchmarks/bench_web.py [--requests 20000] [--concurrency 50]``.

Starts the app as ``mahjong serve`` does (uvicorn with its limits) on 127.0.0.1 on a free port (loopback only), sends ``--requests``
requests from ``--concurrency`` connections at once, stops the server and prints throughput,
latency (p50, p99, max) and the count of every status. One request in ten is malformed, in turns:
a body that is not JSON, a hand with a tile that does not exist, a ruleset that is not installed,
a body over the size limit. The rest score the hands of the oracle corpus
(``tests/data/oracle/guobiao_dev.jsonl``), with a few waits and
ruleset look-ups between them. Beside it, the same ``/api/score`` requests' work as a library
call in this process, one after another (``Ruleset.score(...).to_dict()`` and its JSON): what the
HTTP layer, the worker processes and the client add.

Every answer is checked: no 5xx, every malformed request answered with its contract status and
code, every good one with 200 (or 422 ``below_minimum`` for the corpus hands labelled so). The
exit status is 0 only then. Bounded: the run stops after ``--time-limit`` seconds whatever happens.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import NamedTuple

import httpx2 as httpx

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO / "tests" / "data" / "oracle" / "guobiao_dev.jsonl"
MAX_BODY = 1 << 20             # the app's default body limit

_FALLBACK = [      # hands of docs/formats.md, when the corpus is not beside the repository
    ({"hand": "123456789m9m", "win_tile": "9m",
      "melds": [{"type": "pung", "tiles": "111z", "claimed": "1z", "from": "left"}]}, False),
    ({"hand": "2344m567p789s111z", "win_tile": "1m"}, True),
]


class Probe(NamedTuple):
    """One request and the answer it must get."""

    kind: str
    method: str
    path: str
    body: bytes | None
    status: int
    code: str | None            # the failure code, or None for a success


def _corpus(path: Path) -> list[tuple[dict, bool]]:
    if not path.is_file():
        return _FALLBACK
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [(row["situation"], row["expected"]["below_minimum"]) for row in rows]


def _score(situation, ruleset: str = "guobiao") -> bytes:
    return json.dumps({"ruleset": ruleset, "situation": situation}).encode()


_BAD = [
    lambda i: Probe("bad_json", "POST", "/api/score", b'{"ruleset": "guobiao", "situation": {', 400,
                    "invalid_situation"),
    lambda i: Probe("bad_tile", "POST", "/api/score", _score({"hand": "123456789m9x", "win_tile": "9m"}), 422,
                    "invalid_tile"),
    lambda i: Probe("unknown_ruleset", "POST", "/api/score", _score({"hand": "1m", "win_tile": "1m"}, "guobaio"),
                    422, "unknown_ruleset"),
    lambda i: Probe("oversized", "POST", "/api/score", b" " * (MAX_BODY + 1), 413, "request_too_large"),
]


def plan(n: int, hands: list[tuple[dict, bool]]) -> list[Probe]:
    """``n`` requests: every tenth malformed (the four kinds in turn), the rest mostly scores."""
    out = []
    for i in range(n):
        if i % 10 == 9:
            out.append(_BAD[(i // 10) % len(_BAD)](i))
        elif i % 50 == 3:
            out.append(Probe("waits", "POST", "/api/waits",
                             json.dumps({"ruleset": "guobiao", "hand": "2344m567p789s111z"}).encode(), 200, None))
        elif i % 100 == 5:
            out.append(Probe("rulesets", "GET", "/api/rulesets", None, 200, None))
        else:
            situation, below = hands[i % len(hands)]
            out.append(Probe("score", "POST", "/api/score", _score(situation),
                             422 if below else 200, "below_minimum" if below else None))
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


_SERVE = """import json, sys
from mahjong_core.frontends.web.app import create_app
from mahjong_core.frontends.web.server import run
run(create_app(**json.loads(sys.argv[2])), "127.0.0.1", int(sys.argv[1]), access_log=False, log_level="warning",
    **json.loads(sys.argv[3]))
"""


def start_server(port: int, wait: float = 60.0, app: dict | None = None, server: dict | None = None) -> subprocess.Popen:
    """``mahjong serve``'s server (``create_app(**app)`` under ``mahjong_core.frontends.web.server.run`` with
    its limits, ``server`` overriding them) on 127.0.0.1:port, once it answers."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(REPO), str(REPO / "plugins"),
                                                       os.environ.get("PYTHONPATH", "")]))
    proc = subprocess.Popen([sys.executable, "-c", _SERVE, str(port), json.dumps(app or {}), json.dumps(server or {})],
                            cwd=REPO, env=env, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with status {proc.returncode}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/rulesets", timeout=5).status_code == 200:
                return proc
        except httpx.TransportError:
            time.sleep(0.2)
    stop_server(proc)
    raise RuntimeError(f"the server did not answer within {wait:g} s")


def stop_server(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


class Outcome(NamedTuple):
    probe: Probe
    status: int | None          # None: no answer (a transport error)
    code: str | None
    seconds: float


async def _send(client, probe: Probe) -> Outcome:
    start = time.perf_counter()
    try:
        r = await client.request(probe.method, probe.path, content=probe.body,
                                 headers={"content-type": "application/json"})
    except httpx.TransportError as e:
        return Outcome(probe, None, type(e).__name__, time.perf_counter() - start)
    seconds = time.perf_counter() - start
    code = None
    if r.status_code >= 400:
        try:
            code = r.json()["error"]["code"]
        except (ValueError, KeyError, TypeError):
            code = "(not a failure object)"
    return Outcome(probe, r.status_code, code, seconds)


async def run(base: str, probes: list[Probe], concurrency: int, time_limit: float) -> tuple[list[Outcome], float]:
    """Every probe, ``concurrency`` at a time; (outcomes, seconds taken)."""
    queue = list(reversed(probes))
    outcomes: list[Outcome] = []
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=30) as client:
        async def worker():
            while queue:
                outcomes.append(await _send(client, queue.pop()))

        start = time.perf_counter()
        tasks = [asyncio.create_task(worker()) for _ in range(concurrency)]
        done, pending = await asyncio.wait(tasks, timeout=time_limit)
        for t in pending:
            t.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
        for t in done:
            t.result()
        return outcomes, time.perf_counter() - start


class LibraryTiming(NamedTuple):
    calls: int
    seconds: float
    latencies: list[float]


def library(probes: list[Probe], time_limit: float) -> LibraryTiming:
    """The score probes' work as library calls, one at a time: parse the body, score, dump the
    answer (the result dict, or the error's)."""
    from mahjong_core import default_engine
    from mahjong_core.frontends import wire
    from mahjong_core.engine.errors import MahjongError
    engine = default_engine()
    work = [json.loads(p.body) for p in probes if p.kind == "score"]
    latencies = []
    start = time.perf_counter()
    for body in work:
        t = time.perf_counter()
        rules = engine.load_ruleset(body["ruleset"])
        try:
            answer = rules.score(body["situation"]).to_dict()
        except MahjongError as e:
            answer = e.to_dict()
        wire.dumps(answer)
        latencies.append(time.perf_counter() - t)
        if t - start > time_limit:
            break
    return LibraryTiming(len(latencies), time.perf_counter() - start, latencies)


def _percentiles(seconds: list[float]) -> dict:
    latencies = sorted(seconds) or [0.0]
    return {"p50_ms": round(statistics.median(latencies) * 1000, 3),
            "p99_ms": round(latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000, 3),
            "max_ms": round(latencies[-1] * 1000, 3)}


def report(outcomes: list[Outcome], seconds: float, planned: int) -> dict:
    wrong = [o for o in outcomes if (o.status, o.code) != (o.probe.status, o.probe.code)]
    return {
        "requests": len(outcomes), "planned": planned, "seconds": round(seconds, 2),
        "throughput_rps": round(len(outcomes) / seconds, 1) if seconds else 0.0,
        **_percentiles([o.seconds for o in outcomes]),
        "score": {"requests": sum(o.probe.kind == "score" for o in outcomes),
                  **_percentiles([o.seconds for o in outcomes if o.probe.kind == "score"])},
        "statuses": dict(sorted(Counter(str(o.status) for o in outcomes).items())),
        "malformed": sum(o.probe.code is not None and o.probe.kind != "score" for o in outcomes),
        "server_errors": sum(o.status is None or o.status >= 500 for o in outcomes),
        "wrong": [{"kind": o.probe.kind, "want": [o.probe.status, o.probe.code], "got": [o.status, o.code]}
                  for o in wrong[:10]],
        "wrong_count": len(wrong),
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--requests", type=int, default=20_000)
    p.add_argument("--concurrency", type=int, default=50)
    p.add_argument("--time-limit", type=float, default=600.0, help="stop after this many seconds")
    p.add_argument("--corpus", type=Path, default=CORPUS)
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--no-library", action="store_true", help="skip the library-call row")
    args = p.parse_args(argv)
    if not 0 < args.requests <= 1_000_000:
        p.error("--requests must be 1 to 1,000,000")
    probes = plan(args.requests, _corpus(args.corpus))
    port = free_port()
    server = start_server(port)
    try:
        outcomes, seconds = asyncio.run(run(f"http://127.0.0.1:{port}", probes, args.concurrency, args.time_limit))
    finally:
        stop_server(server)
    result = report(outcomes, seconds, len(probes))
    if not args.no_library:
        lib = library(probes, args.time_limit)
        result["library"] = {"calls": lib.calls, "calls_per_s": round(lib.calls / lib.seconds, 1) if lib.seconds else 0.0,
                             **_percentiles(lib.latencies)}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.2f}")
        print(f"{result['requests']} of {result['planned']} requests ({result['malformed']} malformed) at "
              f"{args.concurrency} concurrent in {result['seconds']} s: {result['throughput_rps']} req/s")
        print(f"latency p50 {result['p50_ms']} ms, p99 {result['p99_ms']} ms, max {result['max_ms']} ms")
        sc = result["score"]
        print(f"/api/score alone ({sc['requests']} requests): p50 {sc['p50_ms']} ms, p99 {sc['p99_ms']} ms")
        if "library" in result:
            lib = result["library"]
            print(f"library call, one at a time ({lib['calls']} scores): {lib['calls_per_s']} calls/s, "
                  f"p50 {lib['p50_ms']} ms, p99 {lib['p99_ms']} ms")
        print("statuses " + ", ".join(f"{k}: {v}" for k, v in result["statuses"].items()))
        print(f"5xx or no answer: {result['server_errors']}; answers not as the contract says: {result['wrong_count']}")
        for w in result["wrong"]:
            print(f"  {w}")
    ok = result["requests"] == result["planned"] and result["server_errors"] == 0 and result["wrong_count"] == 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
