"""Differential run: the ``guobiao`` ruleset against PyMahjongGB on random legal hands.

    python benchmarks/diff_guobiao.py --n 100000 --seed 1 [--jobs 2] [--json out.json]

Each generated situation (tests/support/handgen.py) is scored by ``load_ruleset("guobiao").score(sit,
enforce_minimum=False)`` and by the reference (tests/support/reference_gb.py). The run reports how many
totals (flowers included) and fan lists (id → count) agree, and groups the disagreements into
classes — the fans the engine awards that the reference does not (+) and the reverse (−), or the
error either side raised — with one example each. Hands are generated in chunks seeded from
``--seed`` and the chunk number, so the same seed gives the same hands for any ``--jobs``.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import random
import sys
import time
from collections import Counter

import common  # noqa: F401  (sets sys.path)
import handgen
import reference_gb as ref

CHUNK = 1000
RULESET = "guobiao"
_RULES = None


def _rules():
    """The ruleset, loaded once per worker process."""
    global _RULES
    if _RULES is None:
        import mahjong_core
        _RULES = mahjong_core.load_ruleset(RULESET)
    return _RULES


def run_chunk(args: tuple[int, int, int]) -> dict:
    """Generate and compare one chunk; returns counts, classes and one example per class."""
    seed, index, size, form = args
    rng = random.Random(seed * 1_000_003 + index)
    rules = _rules()
    out = {"n": 0, "totals": 0, "fans": 0, "both_refuse": 0, "classes": Counter(),
           "total_differs": Counter(), "examples": {}, "fan_hits": Counter()}
    for _ in range(size):
        sit = handgen.random_situation(rng, form)
        key, detail = ref.compare(sit, rules)
        out["n"] += 1
        if "reference" in detail:
            out["fan_hits"].update(detail["reference"]["fans"].keys())
        if key is None:
            if "engine" in detail or "reference" in detail:
                out["totals"] += 1
                out["fans"] += 1
            else:
                out["both_refuse"] += 1
            continue
        out["classes"][key] += 1
        eng, want = detail.get("engine"), detail.get("reference")
        if eng and want and eng["total"] == want["total"]:
            out["totals"] += 1
        else:
            out["total_differs"][key] += 1
        out["examples"].setdefault(key, detail)
    return out


def merge(parts: list[dict]) -> dict:
    total = {"n": 0, "totals": 0, "fans": 0, "both_refuse": 0, "classes": Counter(),
             "total_differs": Counter(), "examples": {}, "fan_hits": Counter()}
    for p in parts:
        for k in ("n", "totals", "fans", "both_refuse"):
            total[k] += p[k]
        total["classes"].update(p["classes"])
        total["total_differs"].update(p["total_differs"])
        total["fan_hits"].update(p["fan_hits"])
        for k, v in p["examples"].items():
            total["examples"].setdefault(k, v)
    return total


def run(n: int, seed: int, jobs: int = 1, form: str | None = None) -> dict:
    chunks = [(seed, i, min(CHUNK, n - i * CHUNK), form) for i in range((n + CHUNK - 1) // CHUNK)]
    if jobs > 1:
        with mp.get_context("fork").Pool(jobs) as pool:
            parts = pool.map(run_chunk, chunks, chunksize=1)
    else:
        parts = [run_chunk(c) for c in chunks]
    return merge(parts)


def report(res: dict, out=sys.stdout, examples: int = 1) -> None:
    n = res["n"]
    pct = lambda k: f"{res[k]} / {n} ({100 * res[k] / n:.3f}%)" if n else "0"
    out.write(f"hands compared: {n}\n")
    out.write(f"totals agree (flowers included): {pct('totals')}\n")
    out.write(f"fan lists agree (id and count):  {pct('fans')}\n")
    hits = res["fan_hits"]
    rare = sorted((hits[f], f) for f, _, _ in ref.FAN_TABLE)
    out.write(f"fans exercised (reference awards them in at least one hand): "
              f"{sum(1 for c, _ in rare if c)} / {len(rare)}; rarest: "
              + ", ".join(f"{f} {c}" for c, f in rare[:6]) + "\n")
    if res["both_refuse"]:
        out.write(f"both refuse: {res['both_refuse']}\n")
    if not res["classes"]:
        out.write("no disagreements\n")
        return
    rows = [(count, res["total_differs"][key], key) for key, count in res["classes"].most_common()]
    out.write("\ndisagreement classes (engine - reference: + engine only, - reference only)\n")
    out.write(common.table(rows, ("hands", "total differs", "class")) + "\n")
    per_fan: dict[str, list[int]] = {}
    for key, count in res["classes"].items():
        for part in key.split("  (")[0].split():
            if part[0] in "+-" and part[1:2].isalpha():
                fan_id = part[1:].split("*")[0]
                per_fan.setdefault(fan_id, [0, 0])[part[0] == "-"] += count
    if per_fan:
        out.write("\nper fan: hands where the engine awards it and the reference does not (+), and the reverse (-)\n")
        fan_rows = sorted(((p, m, f) for f, (p, m) in per_fan.items()), key=lambda r: -(r[0] + r[1]))
        out.write(common.table(fan_rows, ("+", "-", "fan")) + "\n")
    if examples:
        out.write("\nexamples\n")
        for _, _, key in rows:
            d = res["examples"][key]
            out.write(f"\n[{key}]\n  situation: {json.dumps(d['situation'], ensure_ascii=False)}\n")
            for side in ("engine", "reference"):
                if side in d:
                    out.write(f"  {side}: total {d[side]['total']} {d[side]['fans']}"
                              + (f" {d[side]['decomposition']}" if 'decomposition' in d[side] else "")
                              + "\n")
                if f"{side}_error" in d:
                    out.write(f"  {side} error: {d[f'{side}_error']}\n")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=100_000, help="hands to compare (default 100000)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=mp.cpu_count(), help="worker processes")
    ap.add_argument("--no-examples", action="store_true", help="print the class table only")
    ap.add_argument("--json", help="also write the classes with examples to this file")
    ap.add_argument("--ruleset", default="guobiao", help="ruleset name or YAML path (default guobiao)")
    ap.add_argument("--form", choices=[f for f, _ in handgen.FORMS],
                    help="generate only this kind of hand (default: the usual mix)")
    args = ap.parse_args(argv)
    global RULESET
    RULESET = args.ruleset
    if not ref.AVAILABLE:
        sys.stderr.write("PyMahjongGB is not installed: pip install pymahjonggb\n")
        return 2
    start = time.perf_counter()
    res = run(args.n, args.seed, args.jobs, args.form)
    elapsed = time.perf_counter() - start
    print(f"ruleset {args.ruleset}, form {args.form or 'mix'}, seed {args.seed}, {args.jobs} job(s), {elapsed:.1f} s")
    report(res, examples=0 if args.no_examples else 1)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"n": res["n"], "seed": args.seed, "totals_agree": res["totals"],
                       "fans_agree": res["fans"],
                       "classes": [{"class": k, "hands": c, "total_differs": res["total_differs"][k],
                                    "example": res["examples"][k]}
                                   for k, c in res["classes"].most_common()]},
                      f, ensure_ascii=False, indent=1)
    return 0 if res["fans"] == res["n"] - res["both_refuse"] else 1


if __name__ == "__main__":
    sys.exit(main())
