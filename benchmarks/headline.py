"""The headline ratios of the benchmarks: every measurement three times, each in a fresh process.

    python benchmarks/headline.py [--runs 3] [--json headline.json] [--markdown]

Runs each script below ``--runs`` times (one process per run, the scripts in turn within a run,
so the machine's drift spreads over all of them), reads the ``HEADLINE {json}`` line each prints
last, and prints, for every row of the issue's table, the median of the runs' ratios, their
range, the figure on repeated hands (the same hands again, caches warm; labelled, never the
headline) and the target. Each ratio is taken within one run, against the peer timed in the same
process on the same hands (the peer for the rows with wilds: the same hands holding none). The
"Headline ratios" table of benchmarks/README.md is this script's ``--markdown`` output.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent

SCRIPTS = [
    ["bench_guobiao.py", "--repeats", "1"],
    ["bench_analysis.py", "--repeats", "1"],
    ["bench_popular.py", "--repeats", "1"],
    ["bench_popular.py", "--ruleset", "guangdong-tuidaohu", "--repeats", "1"],
    ["bench_fuzhou.py", "--repeats", "1"],
]

# (row key, what, target, unit of the engine's own figure)
ROWS = [
    ("score", "Guobiao `score(dict)` vs the bare C++ `MahjongFanCalculator` call, per hand", "≤ 8×", "µs"),
    ("shanten_fresh", "`rules.shanten` vs `MahjongShanten`, fresh process", "≤ 1×", "µs"),
    ("shanten_long", "`rules.shanten` vs `MahjongShanten`, long run", "≤ 1×", "µs"),
    ("analyze14", "14-tile `rules.analyze` (a bot's turn) vs PyMahjongGB's five shanten forms per discard",
     "≤ 0.12×", "µs"),
    ("popular_4", "a winning hand with 4 wilds vs the same hand with none (popular)", "≤ 6×", "µs"),
    ("guangdong-tuidaohu_4", "the same with 4 ghosts (guangdong-tuidaohu)", "≤ 4×", "µs"),
    ("fuzhou_3", "the same with 3 golds (fuzhou)", "≤ 3×", "µs"),
    ("jsonl", "`score --jsonl --jobs 1`, distinct lines: CPU per line vs a plain loop around the C++ calculator",
     "≤ 3×", "µs"),
    ("cli", "one-hand `mahjong score` CLI wall time vs `python -c 'import MahjongGB'`", "≤ 3.5×", "ms"),
]


# the repeated-hand figure each headline row is shown beside (the same hands again, caches warm)
REPEATED = {"shanten_fresh": "shanten", "shanten_long": "shanten"}


def run_once(script: list[str]) -> dict:
    proc = subprocess.run([sys.executable, str(HERE / script[0])] + script[1:], cwd=REPO,
                          capture_output=True, text=True)
    lines = [line for line in proc.stdout.splitlines() if line.startswith("HEADLINE {")]
    if proc.returncode or not lines:
        raise SystemExit(f"{' '.join(script)} failed ({proc.returncode}):\n{proc.stdout[-2000:]}{proc.stderr[-2000:]}")
    return json.loads(lines[-1][len("HEADLINE "):])


def commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True,
                              text=True).stdout.strip() or "?"
    except OSError:
        return "?"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--json", help="write every run's rows and the medians to this file")
    ap.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    args = ap.parse_args(argv)

    runs: dict = {key: [] for key, *_ in ROWS}
    loads = [os.getloadavg()[0]] if hasattr(os, "getloadavg") else []
    start = time.monotonic()
    for i in range(args.runs):
        for script in SCRIPTS:
            data = run_once(script)
            if data.get("load") is not None:
                loads.append(data["load"])
            for key, row in data["rows"].items():
                if key in runs:
                    again = data.get("repeated", {}).get(REPEATED.get(key, key))
                    runs[key].append(dict(row, repeated_ratio=again["ratio"]) if again else row)
            print(f"run {i + 1}/{args.runs} {' '.join(script)}: "
                  + ", ".join(f"{k} {r['ratio']:.2f}x" for k, r in data["rows"].items()), file=sys.stderr)
    table = []
    for key, what, target, unit in ROWS:
        got = runs[key]
        if not got:
            table.append((what, "n/a", "", "", "", target))
            continue
        ratios = sorted(r["ratio"] for r in got)
        own = statistics.median(r.get("us", r.get("ms")) for r in got)
        peer = statistics.median(r.get("peer_us", r.get("peer_ms")) for r in got)
        medians = [r["median_ratio"] for r in got if "median_ratio" in r]
        table.append((what, f"**{statistics.median(ratios):.2f}×**",
                      f"{ratios[0]:.2f}–{ratios[-1]:.2f}×" + (f"; per-hand medians {statistics.median(medians):.2f}×"
                                                             if medians else ""),
                      f"{own:,.1f} {unit} vs {peer:,.1f} {unit}",
                      f"{statistics.median(again):.2f}×" if (again := [r["repeated_ratio"] for r in got
                                                                     if "repeated_ratio" in r]) else "",
                      target))
    note = (f"{time.strftime('%Y-%m-%d')}, commit {commit()}, {args.runs} runs, "
            f"load average {min(loads):.1f}–{max(loads):.1f} on {os.cpu_count()} CPU(s), "
            f"{time.monotonic() - start:.0f} s")
    headers = ("what", "median ratio", "range of the runs", "engine vs peer (medians of the runs)",
               "repeated hands", "target")
    if args.markdown:
        print(f"{note}:\n")
        print("| " + " | ".join(headers) + " |")
        print("|" + "---|" * len(headers))
        for row in table:
            print("| " + " | ".join(row) + " |")
    else:
        print(note)
        for row in table:
            print("  ".join(c.replace("**", "") for c in row))
    if args.json:
        Path(args.json).write_text(json.dumps({"note": note, "runs": runs}, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
