"""Guobiao scoring speed on the oracle corpus: mahjong_core against PyMahjongGB, same run.

    python benchmarks/bench_guobiao.py [--repeats 5] [--corpus tests/data/oracle/guobiao_dev.jsonl]
                                       [--no-cli]

Times, in µs per hand over the corpus's 5,000 situations:

* ``rules.score(sit, enforce_minimum=False)`` — the public API from a situation dict (parsing
  included; ``enforce_minimum=False`` so the 3 % below-minimum hands cost the same as the rest
  instead of adding exception handling);
* ``rules.score(parsed)`` — the same from an already parsed Situation (scoring alone);
* PyMahjongGB ``MahjongFanCalculator`` on pre-built arguments (its C++ call alone), and through
  the adapter from the situation dict (argument building included, the fair counterpart of the first).

The first pass (cold caches) is shown apart from the median of the repeats. Then it times
``mahjong score --ruleset guobiao --jsonl`` over the corpus in a subprocess (start-up included,
and start-up alone on an empty input) and prints hands per second. Agreement of totals with the
corpus labels is printed as a sanity check.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time

import common
import reference_gb as ref


def cli_command() -> list[str]:
    """The installed ``mahjong`` script, else the same entry point through this interpreter."""
    exe = shutil.which("mahjong")
    if exe:
        return [exe]
    return [sys.executable, "-c", "import sys; from mahjong_core.frontends.cli import main; sys.exit(main())"]


def time_cli(lines: str, ruleset: str) -> tuple[float, int, list[str]]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(common.REPO), str(common.REPO / "plugins")]
                                        + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    cmd = cli_command() + ["score", "--ruleset", ruleset, "--jsonl"]
    start = time.perf_counter()
    proc = subprocess.run(cmd, input=lines, capture_output=True, text=True, env=env)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed ({proc.returncode}): {proc.stderr.strip()[:500]}")
    return elapsed, proc.returncode, proc.stdout.splitlines()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--corpus", default=str(common.CORPUS))
    ap.add_argument("--ruleset", default="guobiao")
    ap.add_argument("--no-cli", action="store_true", help="skip the command-line timing")
    args = ap.parse_args(argv)

    import mahjong_core
    rules = mahjong_core.load_ruleset(args.ruleset)
    corpus = common.load_corpus(args.corpus)
    sits = [c["situation"] for c in corpus]
    n = len(sits)
    parsed = [rules.parse(s) for s in sits]

    rows = []
    med = {}

    def bench(label, fn, items):
        first, m, best = common.us_per_item(fn, items, args.repeats)
        med[label] = m
        rows.append((label, f"{first:.1f}", f"{m:.1f}", f"{best:.1f}"))

    bench("engine score(dict)", lambda s: rules.score(s, enforce_minimum=False), sits)
    bench("engine score(Situation)", lambda s: rules.score(s, enforce_minimum=False), parsed)
    if ref.AVAILABLE:
        import MahjongGB
        calc = MahjongGB.MahjongFanCalculator
        prepared = [ref.reference_args(s) for s in sits]
        bench("PyMahjongGB call only", lambda kw: calc(**kw), prepared)
        bench("PyMahjongGB via adapter(dict)", ref.reference_score, sits)

    print(f"{n} corpus hands ({args.corpus}), median of {args.repeats} repeats after a first pass")
    print(common.machine_note())
    print(common.table(rows, ("what", "first pass µs/hand", "median µs/hand", "best µs/hand")))
    if ref.AVAILABLE:
        print()
        print(f"ratio engine score(dict) / PyMahjongGB via adapter: "
              f"{med['engine score(dict)'] / med['PyMahjongGB via adapter(dict)']:.2f}x")
        print(f"ratio engine score(dict) / PyMahjongGB call only:   "
              f"{med['engine score(dict)'] / med['PyMahjongGB call only']:.2f}x")
        print(f"ratio engine score(Situation) / PyMahjongGB call only: "
              f"{med['engine score(Situation)'] / med['PyMahjongGB call only']:.2f}x")

    agree = sum(rules.score(s, enforce_minimum=False).total == c["expected"]["total"]
                for s, c in zip(sits, corpus))
    print(f"\ncorpus totals agreeing with the labels: {agree} / {n}")

    if not args.no_cli:
        lines = "".join(json.dumps(s, ensure_ascii=False) + "\n" for s in sits)
        startup, _, _ = time_cli("", args.ruleset)
        elapsed, _, out = time_cli(lines, args.ruleset)
        ok = sum(json.loads(line).get("ok", False) for line in out)
        print(f"\n{' '.join(cli_command()[:1])} score --ruleset {args.ruleset} --jsonl: {n} hands in "
              f"{elapsed:.2f} s = {n / elapsed:,.0f} hands/s (start-up alone {startup:.2f} s; "
              f"{n / max(elapsed - startup, 1e-9):,.0f} hands/s without it); "
              f"{len(out)} lines out, {ok} ok (the rest below_minimum)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
