"""`mahjong simulate`: hands per second per core for each playable family, the scaling with
`--jobs 2` and with Ray, the cost of duplicate play, and the time a 100,000-hand comparison of two
rulesets takes for each family (the report's hands: 25,000 walls at four seatings).

    python benchmarks/bench_simulate.py [--walls 20] [--seed 1] [--no-ray] [--json]

Every row runs in a fresh process (garbage collection on), timing the run alone (a Ray row
starts its local instance, 2 CPUs, before the clock starts). Four greedy bots: a wall's four
seatings put the same bots on the same seats, so one hand per wall and ruleset is played
(``played``) and counted four times (``counted``). Duplicate play's cost is measured with bots
that differ per player (three greedy, one random), where all four seatings are played, against
the same walls played once as a series (`mahjong play`'s loop).
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time

import common  # noqa: F401  (sets sys.path)


def _simulate(argv: list[str]) -> dict:
    """The run's wall-clock seconds and this process's CPU seconds (a busy machine stretches the
    first, not the second)."""
    import io
    from mahjong_core.frontends.cli import main
    out, err = io.StringIO(), io.StringIO()
    start, cpu = time.perf_counter(), time.process_time()
    rc = main(argv, out=out, err=err)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    if rc:
        raise SystemExit(err.getvalue() or out.getvalue())
    return {"seconds": seconds, "cpu": cpu}


def row(kind: str, name: str, walls: int, seed: int) -> dict:
    """One measurement, in this process."""
    base = ["simulate", "--ruleset", name, "--hands", str(walls), "--seed", str(seed), "--json"]
    if kind == "jobs1":
        return _simulate(base + ["--jobs", "1"])
    if kind == "jobs2":
        return _simulate(base + ["--jobs", "2"])
    if kind == "ray":
        import ray
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        _simulate(base[:4] + ["1"] + base[5:] + ["--backend", "ray"])      # the workers warm
        got = _simulate(base + ["--backend", "ray"])
        ray.shutdown()
        return got
    if kind == "duplicate":
        return _simulate(base + ["--jobs", "1", "--bots", "greedy,greedy,greedy,random"])
    if kind == "series":
        import mahjong_core
        from mahjong_core.engine.table.match import play_series
        rules = mahjong_core.load_ruleset(name)
        start, cpu = time.perf_counter(), time.process_time()
        for _ in play_series(rules, ("greedy", "greedy", "greedy", "random"), seed, walls, check=False):
            pass
        return {"seconds": time.perf_counter() - start, "cpu": time.process_time() - cpu}
    raise ValueError(kind)


def fresh(kind: str, name: str, walls: int, seed: int) -> dict:
    cmd = [sys.executable, __file__, "--row", kind, name, "--walls", str(walls), "--seed", str(seed)]
    done = subprocess.run(cmd, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--walls", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--no-ray", action="store_true")
    p.add_argument("--json", action="store_true")
    p.add_argument("--row", nargs=2, metavar=("KIND", "RULESET"), help=argparse.SUPPRESS)
    a = p.parse_args()
    if a.row:
        print(json.dumps(row(a.row[0], a.row[1], a.walls, a.seed)))
        return
    from playable import one_per_family
    w = a.walls
    out = {"walls": w, "seed": a.seed, "families": {}}
    for name in one_per_family():
        got = fresh("jobs1", name, w, a.seed)
        s, c = got["seconds"], got["cpu"]
        out["families"][name] = {"seconds": round(s, 2), "cpu": round(c, 2), "played_per_cpu_s": round(w / c, 2),
                                 "counted_per_cpu_s": round(4 * w / c, 2)}
        print(f"{name:<22} --jobs 1: {w} walls in {s:.1f} s ({c:.1f} s CPU) — {w / c:.1f} hands played "
              f"per CPU second ({4 * w / c:.1f} counted)")
    s1 = out["families"]["guobiao"]["seconds"]        # wall clock: the scaling rows are compared on it
    s2 = fresh("jobs2", "guobiao", w, a.seed)["seconds"]
    out["jobs2"] = {"seconds": round(s2, 2), "speedup": round(s1 / s2, 2)}
    print(f"guobiao --jobs 2: {s2:.1f} s, {s1 / s2:.2f}× --jobs 1")
    if not a.no_ray:
        sr = fresh("ray", "guobiao", w, a.seed)["seconds"]
        out["ray"] = {"seconds": round(sr, 2), "speedup": round(s1 / sr, 2)}
        print(f"guobiao Ray (local, 2 CPUs): {sr:.1f} s, {s1 / sr:.2f}× --jobs 1")
    sd = fresh("duplicate", "guobiao", w, a.seed)["cpu"]
    ss = fresh("series", "guobiao", w, a.seed)["cpu"]
    out["duplicate"] = {"seconds": round(sd, 2), "series_seconds": round(ss, 2), "cost": round(sd / ss, 2)}
    print(f"duplicate play (3 greedy + 1 random, all 4 seatings played): {sd:.1f} s CPU against {ss:.1f} s "
          f"for the same walls played once: {sd / ss:.2f}×")
    # a comparison of 100,000 hands as the report counts them (``hands``: walls × 4 seatings) is
    # 25,000 walls per ruleset; four greedy bots play each wall once per ruleset
    per_wall = {n: f["cpu"] / w for n, f in out["families"].items()}
    scale = out["jobs2"]["speedup"]
    out["comparison_100k_hands_minutes"] = {n: {"one_core": round(2 * 25_000 * v / 60, 1),
                                                "two_cores": round(2 * 25_000 * v / 60 / scale, 1)}
                                            for n, v in per_wall.items()}
    print("a 100,000-hand comparison of two rulesets (the report's hands: 25,000 walls at four seatings, "
          "greedy bots), minutes on one core / with --jobs 2 at the measured scaling: " +
          ", ".join(f"{n} {m['one_core']:.0f} / {m['two_cores']:.0f}"
                    for n, m in out["comparison_100k_hands_minutes"].items()))
    print("HEADLINE " + json.dumps({"bench": "simulate", **out}))
    if a.json:
        print(json.dumps(out))


if __name__ == "__main__":
    main()
