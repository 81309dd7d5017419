"""Popular (大众) scoring speed with 0, 1, 2, 3 and 4 wild tiles.

    python benchmarks/bench_popular.py [--n 300] [--seed 1] [--repeats 5] [--ruleset popular]

Random winning hands (tests/support/handgen.py: standard hands with 0–4 melds, chow/pung patterns,
seven pairs, thirteen orphans) get k of their standing tiles (maybe the winning tile) turned
into copies of a wild kind they do not otherwise hold (tests/support/wildgen.py ``wildify``;
the hand stays a win). For each k the same number of hands is timed through the public API,
``rules.score(situation, enforce_minimum=False)`` from a situation dict, parsing included. Rows:

* ``0 (no wild kind)`` — the hands as generated, no ``wilds`` field;
* ``0`` — a wild kind is named but none is held (the usual 大众 hand: 无混);
* ``1`` … ``4`` — that many wilds held.

After one warm-up pass (which fills the per-suit tables, as any long run does), each hand is timed
``--repeats`` times (its median kept; each round visits every row, so the machine's drift moves
all rows alike), with the caches keyed by a whole hand — the shape search's
and the notation parser's — emptied before every call, so each call pays for its hand as a new
hand would (``--warm`` keeps them: the cost of scoring the same hand again); the table shows
the median and the mean over the hands, in µs, for the ruleset and (``--compare``, default
``guobiao``) its base on the same hands — what the wild-tile search costs in the engine and the
Guobiao checks versus what the popular fans add — then where the time goes (readings per hand,
the search for them and ``score`` less that search, medians of one cold pass) and the ratio of the 4-wild
median to the 0-wild median (target ≤ 10×). The mean is dominated by the few hands with
hundreds of readings.
"""
from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time

import common  # noqa: F401  (puts the repository, plugins/ and tests/support/ on sys.path)

import handgen
import mahjong_core
from mahjong_core.engine import shapes, tiles as T
from wildgen import FORMS, wildify


def hands(seed: int, n: int, k: int | None) -> list[dict]:
    """``n`` winning situations with ``k`` wilds (None: no wild kind at all)."""
    rng = random.Random(seed * 10 + (k if k is not None else 9))
    out = []
    while len(out) < n:
        form = rng.choices([f for f, _ in FORMS], [w for _, w in FORMS])[0]
        sit = handgen.random_situation(rng, form)
        if k is None:
            out.append(sit)
            continue
        if k == 0:
            held = set(T.parse_tiles(sit["hand"])) | {T.tile(sit["win_tile"])}
            for m in sit.get("melds", []):
                held |= set(T.parse_tiles(m["tiles"]))
            free = [t for t in range(34) if t not in held]
            out.append(dict(sit, wilds=T.name(rng.choice(free))))
            continue
        wild = wildify(sit, rng, k)
        if wild is not None:
            out.append(wild)
    return out


def forget_hands() -> None:
    """Empty the caches keyed by a whole hand (not the per-suit tables every hand shares)."""
    shapes.standard.cache_clear()
    T._parse_tiles.cache_clear()


def time_once(fn, item, warm: bool) -> float:
    """One call, in µs (whole-hand caches emptied first unless ``warm``)."""
    if not warm:
        forget_hands()
    start = time.perf_counter()
    fn(item)
    return (time.perf_counter() - start) * 1e6


def per_hand_us(jobs: dict, repeats: int, warm: bool = False) -> dict:
    """Each job's per-hand median times over ``repeats`` rounds, in µs. Every round takes the
    i-th hand of every job before the (i+1)-th of any, so a machine that speeds up or slows
    down meanwhile (a shared machine does, within seconds) moves all rows alike and the ratios
    between rows hold (garbage collection paused)."""
    times = {key: [[] for _ in items] for key, (_, items) in jobs.items()}
    longest = max(len(items) for _, items in jobs.values())
    gc_was = gc.isenabled()
    gc.disable()
    try:
        for _ in range(repeats):
            for i in range(longest):
                for key, (fn, items) in jobs.items():
                    if i < len(items):
                        times[key][i].append(time_once(fn, items[i], warm))
    finally:
        if gc_was:
            gc.enable()
    return {key: [statistics.median(t) for t in per_hand] for key, per_hand in times.items()}


def where_the_time_goes(rules, items: list[dict]) -> tuple[float, float, float]:
    """Medians over the hands of one cold pass: readings per hand, µs finding them (every win
    shape), µs scoring them (``score`` less the finding: the checks, the bound that skips most
    readings' last checks and finish, the choice)."""
    readings, finding, scoring = [], [], []
    gc_was = gc.isenabled()
    gc.disable()
    try:
        for item in items:
            s = rules.parse(item)
            forget_hands()
            start = time.perf_counter()
            decs = rules.decompositions(s)
            found = time.perf_counter()
            forget_hands()
            again = time.perf_counter()
            rules.score(s, enforce_minimum=False)
            done = time.perf_counter()
            readings.append(len(decs))
            finding.append((found - start) * 1e6)
            scoring.append((done - again - (found - start)) * 1e6)
    finally:
        if gc_was:
            gc.enable()
    return statistics.median(readings), statistics.median(finding), statistics.median(scoring)


def _with_wilds(rules):
    """``rules`` itself, or (a base without wild tiles, e.g. ``guobiao``) an overlay of it whose
    table allows the one wild kind the hands name, so its checks are timed on the same hands."""
    if rules.table.max_wild_kinds:
        return rules
    import tempfile
    from pathlib import Path
    path = Path(tempfile.mkdtemp()) / f"{rules.name}-wilds.yaml"
    path.write_text(f"extends: {rules.name}\ntable: {{wilds: {{max_kinds: 1}}}}\n", encoding="utf-8")
    return mahjong_core.load_ruleset(path)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=300, help="hands per wild count")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--ruleset", default="popular")
    ap.add_argument("--compare", default="guobiao", help="also time this ruleset on the same hands ('' = no)")
    ap.add_argument("--warm", action="store_true", help="keep the whole-hand caches between calls")
    args = ap.parse_args(argv)
    names = [args.ruleset] + ([args.compare] if args.compare else [])
    rulesets = [_with_wilds(mahjong_core.load_ruleset(n)) for n in names]
    print(f"{args.n} hands per row, seed {args.seed}, {args.repeats} repeats, "
          f"{'warm' if args.warm else 'cold'} whole-hand caches; {common.machine_note()}")
    labels = (("0 (no wild kind)", None), ("0", 0), ("1", 1), ("2", 2), ("3", 3), ("4", 4))
    jobs = {}
    for label, k in labels:
        items = hands(args.seed, args.n, k)
        for name, rules in zip(names, rulesets):
            score = lambda s, rules=rules: rules.score(s, enforce_minimum=False)  # noqa: E731
            for s in items:                   # warm the per-suit tables
                score(s)
            jobs[name, label] = (score, items)
    times = per_hand_us(jobs, args.repeats, args.warm)
    rows = []
    medians: dict = {}
    for label, _ in labels:
        row = [label]
        for name in names:
            median = medians[name, label] = statistics.median(times[name, label])
            row += [common.fmt_us(median), common.fmt_us(statistics.fmean(times[name, label]))]
        rows.append(row)
    headers = ["wilds"]
    for name in names:
        headers += [f"{name} median/hand", f"{name} mean/hand"]
    print(common.table(rows, headers))
    split = []
    for label, _ in labels:
        n, finding, scoring = where_the_time_goes(rulesets[0], jobs[names[0], label][1])
        split.append([label, f"{n:g}", common.fmt_us(finding), common.fmt_us(scoring)])
    print(f"\nwhere the time goes ({names[0]}, medians over the hands, one cold pass):")
    print(common.table(split, ["wilds", "readings/hand", "finding them", "scoring them"]))
    for name in names:
        print(f"{name}: 4 wilds / 0 wilds (median per hand) = {common.ratio(medians[name, '4'], medians[name, '0'])}"
              f"  (target ≤ 10x); 4 wilds / no wild kind = "
              f"{common.ratio(medians[name, '4'], medians[name, '0 (no wild kind)'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
