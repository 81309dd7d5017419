"""Whole hands at the table: hands per second per core for each played ruleset, random and greedy bots.

    python benchmarks/bench_table.py [--hands 40] [--seed 1] [--rulesets guobiao,popular,sichuan,…] [--no-check] [--json]

The default rows are Guobiao, popular, Sichuan (血战 and 血流) and every Guangdong profile and both Fuzhou lines (``RULESETS``).

Each (ruleset, bots) row runs in a fresh process with garbage collection on, as a bot author's
run meets it: ``--hands`` hands from ``--seed`` (hand numbers 0, 1, …, the deal moving on), four
bots of one kind, the table's invariants checked after every action unless ``--no-check``. It
prints hands per second (one process: per core) and where the time went: the bots' analysis
(``Ruleset.analyze`` and ``Ruleset.shanten``), scoring (``Ruleset.score``: the table asks it
whether a win may be declared, and the settlement scores the win), and the rest (the table
itself: dealing, legal actions, claim windows, observations, invariants, the record and its
settlement). Targets: greedy ≥ 20 hands/s for Guobiao, Sichuan and 推倒胡, random ≥ 200 hands/s (figures in docs/table.md "Bots").
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time

import common  # noqa: F401  (sets sys.path)

PARTS = {"analysis": ("analyze", "shanten"), "scoring": ("score",)}


# the default rows: Guobiao, popular and every Guangdong profile (each its own flow and settlement)
RULESETS = ("guobiao", "popular", "sichuan", "sichuan-xueliu", "guangdong", "guangdong-jipinghu", "guangdong-100",
            "guangdong-tuidaohu", "guangdong-lianhua", "guangdong-bao", "fuzhou", "fuzhou-classic")


def _timed(ruleset, spent: dict) -> None:
    """Wrap the ruleset's analysis and scoring methods (on this instance) to add up their time."""
    for part, names in PARTS.items():
        for name in names:
            inner = getattr(ruleset, name)

            def wrapper(*args, _inner=inner, _part=part, **kwargs):
                start = time.perf_counter()
                try:
                    return _inner(*args, **kwargs)
                finally:
                    spent[_part] += time.perf_counter() - start
            setattr(ruleset, name, wrapper)


def one_row(ruleset_name: str, bots: str, hands: int, seed: int, check: bool) -> dict:
    """One row, in this process (the parent runs each row in a fresh child)."""
    import mahjong_core
    from mahjong_core.engine.table.match import play_series

    ruleset = mahjong_core.load_ruleset(ruleset_name)
    spent = {part: 0.0 for part in PARTS}
    _timed(ruleset, spent)
    start = time.perf_counter()
    wins = actions = 0
    for result in play_series(ruleset, [bots] * 4, seed, hands, check):
        wins += bool(result.winners)
        actions += result.actions
    wall = time.perf_counter() - start
    shares = {part: round(t / wall, 3) for part, t in spent.items()}
    shares["table"] = round(1 - sum(shares.values()), 3)
    return {"ruleset": ruleset_name, "bots": bots, "hands": hands, "seconds": round(wall, 3),
            "hands_per_s": round(hands / wall, 1), "won": wins, "actions_per_hand": round(actions / hands, 1),
            "shares": shares, "checked": check}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=40, help="hands per row")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rulesets", default=",".join(RULESETS), help="comma-separated played rulesets")
    ap.add_argument("--no-check", action="store_true", help="skip the invariant checks after each action")
    ap.add_argument("--json", action="store_true", help="one JSON object per row")
    ap.add_argument("--row", help=argparse.SUPPRESS)     # RULESET:BOTS, run by the parent in a child
    args = ap.parse_args(argv)
    if args.row:
        name, bots = args.row.split(":")
        print(json.dumps(one_row(name, bots, args.hands, args.seed, not args.no_check)))
        return 0
    print(f"{args.hands} hands per row from seed {args.seed}, four bots of one kind, each row in a fresh "
          f"process, GC on, invariants {'off' if args.no_check else 'checked after every action'}; "
          f"{common.machine_note()}")
    for name in args.rulesets.split(","):
        for bots in ("random", "greedy"):
            cmd = [sys.executable, __file__, "--row", f"{name}:{bots}", "--hands", str(args.hands),
                   "--seed", str(args.seed)] + (["--no-check"] if args.no_check else [])
            proc = subprocess.run(cmd, capture_output=True, text=True)
            if proc.returncode != 0:
                raise SystemExit(f"{name} with {bots} bots failed: {proc.stderr.strip()[-800:]}")
            row = json.loads(proc.stdout.splitlines()[-1])
            if args.json:
                print(json.dumps(row))
                continue
            s = row["shares"]
            print(f"{name:<20} {bots:<7} {row['hands_per_s']:>7.1f} hands/s  ({row['won']}/{row['hands']} won, "
                  f"{row['actions_per_hand']:.0f} actions a hand)  time: analysis {s['analysis']:.0%}, "
                  f"scoring {s['scoring']:.0%}, table {s['table']:.0%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
