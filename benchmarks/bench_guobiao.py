"""Guobiao scoring speed: mahjong_core against PyMahjongGB, per hand, same run.

    python benchmarks/bench_guobiao.py [--repeats 3] [--corpus tests/data/oracle/guobiao_dev.jsonl]
                                       [--cli-runs 7] [--no-cli]

Headline (each hand one the process has not seen, garbage collection on; the distinct hands of
the corpus, 4,948 of its 5,000 situations, in corpus order):

* ``rules.score(sit, enforce_minimum=False)`` from a situation dict, timed once per hand, against
  PyMahjongGB's ``MahjongFanCalculator`` on the same hand right after (its bare C++ call on
  arguments built before the timing) and through the adapter from the same dict (argument
  building included). The engine goes first on each hand, so nothing the adapter reads can warm
  it; the argument building done beforehand leaves the notation cache emptied.
* ``mahjong score --ruleset guobiao --jsonl --jobs 1`` over the corpus's lines in a subprocess
  (every line distinct, so every hand new to the process): CPU seconds per line (the child's
  user + system time less that of the same command on an empty input), against a plain Python
  loop around the C++ calculator in a subprocess (read a line, build the arguments, call
  ``MahjongFanCalculator``, write the answer as JSON), measured the same way.
* one hand through the command line, ``mahjong score --ruleset guobiao HAND``: the wall time of
  the whole process (``time.perf_counter`` around ``subprocess.run``), against
  ``python -c 'import MahjongGB'``; ``--cli-runs`` runs of each, alternating, medians.

Then, labelled, the same hands again (repeated hands: every cache warm; the median of
``--repeats`` passes per hand), with ``rules.score(Situation)`` (scoring alone, parsing done).
The corpus totals are checked against their labels last.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import tempfile
import sys
import time
from pathlib import Path

import common
import reference_gb as ref
from mahjong_core.engine import tiles as T

ONE_HAND = "[111z,1]123456789m9m 9m"     # a pung of East, a pure straight: 26 points

# a plain loop around the C++ calculator: one JSON situation a line in, one JSON answer out
PEER_LOOP = """import json, sys
import reference_gb
out = sys.stdout
for line in sys.stdin:
    if line.strip():
        try:
            answer = {"ok": True, **reference_gb.reference_score(json.loads(line))}
        except reference_gb.ReferenceError as e:
            answer = {"ok": False, "error": str(e)}
        out.write(json.dumps(answer) + "\\n")
"""


def cli_command() -> list[str]:
    """The ``mahjong`` script beside this interpreter, else the same entry point through it."""
    exe = Path(sys.executable).with_name("mahjong")
    if exe.is_file():
        return [str(exe)]
    return [sys.executable, "-c", "import sys; from mahjong_core.frontends.cli import main; sys.exit(main())"]


_PYCACHE = tempfile.mkdtemp(prefix="mahjong-bench-pycache-")


def _env() -> dict:
    """The subprocesses' environment: the checkout on the path, and compiled files kept (in a
    folder of the benchmark's own) even where the shell sets PYTHONDONTWRITEBYTECODE, so a run
    meets what an installed package meets after its first start: bytecode and the ruleset cache
    in place (the first, untimed run of each command writes them)."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = _PYCACHE
    env["PYTHONPATH"] = os.pathsep.join([str(common.REPO), str(common.REPO / "plugins"),
                                         str(common.REPO / "tests" / "support")]
                                        + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    return env


def run(cmd: list[str], stdin: str = "") -> tuple[float, float, list[str]]:
    """(wall seconds, child CPU seconds, output lines) of one subprocess."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(cmd, input=stdin, capture_output=True, text=True, env=_env())
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed ({proc.returncode}): {proc.stderr.strip()[:500]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, proc.stdout.splitlines()


def jsonl_cpu(sits: list[dict], ruleset: str) -> dict:
    """CPU per line of ``score --jsonl --jobs 1`` against the plain loop, start-up taken off."""
    lines = "".join(json.dumps(s, ensure_ascii=False) + "\n" for s in sits)
    engine = cli_command() + ["score", "--ruleset", ruleset, "--jsonl", "--jobs", "1"]
    peer = [sys.executable, "-c", PEER_LOOP]
    run(engine), run(peer)          # untimed: writes the compiled files, so the idle runs are start-up alone
    _, engine_idle, _ = run(engine)
    _, peer_idle, _ = run(peer)
    engine_wall, engine_cpu, engine_out = run(engine, lines)
    peer_wall, peer_cpu, peer_out = run(peer, lines)
    n = len(sits)
    assert len(engine_out) == n and len(peer_out) == n, (len(engine_out), len(peer_out), n)
    us = (engine_cpu - engine_idle) / n * 1e6
    peer_us = (peer_cpu - peer_idle) / n * 1e6
    return {"hands": n, "us": round(us, 2), "peer_us": round(peer_us, 2), "ratio": round(us / peer_us, 3),
            "hands_per_s": round(n / engine_wall), "peer_hands_per_s": round(n / peer_wall),
            "startup_cpu_s": round(engine_idle, 3), "peer_startup_cpu_s": round(peer_idle, 3)}


def one_hand_cli(runs: int, ruleset: str) -> dict:
    """Wall time of one hand through the command line against ``python -c 'import MahjongGB'``."""
    engine = cli_command() + ["score", "--ruleset", ruleset, ONE_HAND]
    peer = [sys.executable, "-c", "import MahjongGB"]
    walls: dict = {"engine": [], "peer": []}
    run(engine), run(peer)          # untimed: writes the compiled files and the ruleset cache
    for i in range(runs):
        for side, cmd in ((("engine", engine), ("peer", peer)) if i % 2 == 0 else (("peer", peer), ("engine", engine))):
            walls[side].append(run(cmd)[0] * 1e3)
    ms, peer_ms = statistics.median(walls["engine"]), statistics.median(walls["peer"])
    return {"runs": runs, "ms": round(ms, 1), "peer_ms": round(peer_ms, 1), "ratio": round(ms / peer_ms, 3)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeats", type=int, default=3, help="passes of the repeated-hand figures")
    ap.add_argument("--corpus", default=str(common.CORPUS))
    ap.add_argument("--ruleset", default="guobiao")
    ap.add_argument("--cli-runs", type=int, default=7, help="runs of the one-hand command line")
    ap.add_argument("--no-cli", action="store_true", help="skip the command-line timings")
    args = ap.parse_args(argv)

    import mahjong_core
    rules = mahjong_core.load_ruleset(args.ruleset)
    corpus = common.distinct(common.load_corpus(args.corpus),
                             key=lambda c: (c["situation"]["hand"], c["situation"]["win_tile"],
                                            json.dumps(c["situation"].get("melds"), sort_keys=True)))
    sits = [c["situation"] for c in corpus]
    print(f"{len(sits)} distinct corpus hands ({args.corpus}); {common.machine_note()}")
    if not ref.AVAILABLE:
        print("PyMahjongGB not installed (pip install pymahjonggb): no peer, no headline")
        return 1
    import MahjongGB
    calc = MahjongGB.MahjongFanCalculator
    prepared = [ref.reference_args(s) for s in sits]
    T._parse_tiles.cache_clear()              # the argument building read every hand's notation

    score = lambda s: rules.score(s, enforce_minimum=False)  # noqa: E731
    jobs = {"engine score(dict)": (score, sits),
            "PyMahjongGB call only": (lambda kw: calc(**kw), prepared),
            "PyMahjongGB via adapter(dict)": (ref.reference_score, sits)}
    times, failed = common.per_hand(jobs)
    print("\nHEADLINE: unseen hands, fresh process, garbage collection on, each hand timed once")
    print(common.table(common.us_rows(times), ("what", "hands", "mean µs/hand", "median µs/hand")))
    rows = {"score": common.compare(times, "engine score(dict)", "PyMahjongGB call only")}
    adapter = common.compare(times, "engine score(dict)", "PyMahjongGB via adapter(dict)")
    print(f"engine score(dict) / PyMahjongGB call only: {rows['score']['ratio']:.2f}x "
          f"(medians per hand {rows['score']['median_ratio']:.2f}x); / via adapter: {adapter['ratio']:.2f}x"
          + (f"; {failed} hands raised and are left out" if failed else ""))

    if not args.no_cli:
        rows["jsonl"] = jsonl_cpu(sits, args.ruleset)
        j = rows["jsonl"]
        print(f"\nscore --jsonl --jobs 1, {j['hands']} distinct lines: CPU {j['us']:.1f} µs/line "
              f"({j['hands_per_s']:,} lines/s wall, start-up {j['startup_cpu_s']:.2f} s CPU) against a plain "
              f"loop around the C++ calculator {j['peer_us']:.1f} µs/line ({j['peer_hands_per_s']:,} lines/s): "
              f"{j['ratio']:.2f}x")
        rows["cli"] = one_hand_cli(args.cli_runs, args.ruleset)
        c = rows["cli"]
        print(f"one hand, mahjong score: {c['ms']:.0f} ms wall (median of {c['runs']}) against "
              f"python -c 'import MahjongGB' {c['peer_ms']:.0f} ms: {c['ratio']:.2f}x")

    parsed = [rules.parse(s) for s in sits]
    warm, _ = common.per_hand({"engine score(dict)": (score, sits),
                               "engine score(Situation)": (score, parsed),
                               "PyMahjongGB call only": (lambda kw: calc(**kw), prepared)},
                              repeats=args.repeats)
    print(f"\nrepeated hands (the same hands again, caches warm; median of {args.repeats} passes per hand):")
    print(common.table(common.us_rows(warm), ("what", "hands", "mean µs/hand", "median µs/hand")))
    again = common.compare(warm, "engine score(dict)", "PyMahjongGB call only")
    print(f"repeated hands: engine score(dict) / PyMahjongGB call only: {again['ratio']:.2f}x; "
          f"score(Situation) / call only: {common.compare(warm, 'engine score(Situation)', 'PyMahjongGB call only')['ratio']:.2f}x")

    agree = sum(rules.score(s, enforce_minimum=False).total == c["expected"]["total"] for s, c in zip(sits, corpus))
    print(f"\ncorpus totals agreeing with the labels: {agree} / {len(sits)}")
    common.headline("guobiao", rows, repeated={"score": again})
    return 0


if __name__ == "__main__":
    sys.exit(main())
