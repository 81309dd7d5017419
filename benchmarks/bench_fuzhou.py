"""Fuzhou scoring speed: 16-tile hands holding three golds against the same hands with none.

    python benchmarks/bench_fuzhou.py [--n 300] [--seed 1] [--repeats 5] [--ruleset fuzhou] [--warm]

Random winning 16 + 1 hands (tests/support/fuzhou_recordgen.py: five sets and a pair, 0–3 melds, bonus
tiles, a discard win or a self-draw) holding no gold, the gold a kind they do not hold; then the
same hands with three of their standing tiles turned into golds (the hand stays a win; a self-drawn
one now also reads as 三金倒). Both are timed through the public API, ``rules.score(situation)``
from a situation dict, parsing included, each hand as a new hand (the whole-hand caches emptied before
every call, as bench_popular.py does; ``--warm`` keeps them), rows interleaved. Prints µs per hand
(median and mean over the hands) and the ratio of three golds to none (target ≤ 3×).
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys

import common  # noqa: F401  (puts the repository, plugins/ and tests/support/ on sys.path)

import mahjong_core
from bench_popular import per_hand_us
from fuzhou_recordgen import bonus_tiles, winning_hand
from mahjong_core.engine import tiles as T


def pairs(seed: int, n: int) -> tuple[list[dict], list[dict]]:
    """``n`` winning situations with no gold held, and the same ones holding three golds."""
    rng = random.Random(seed)
    none, three = [], []
    while len(none) < n:
        gold = rng.randrange(27)
        hand = winning_hand(rng, gold, extra_golds=0)
        standing = hand["standing"]
        if gold in standing or any(gold in T.parse_tiles(m["tiles"]) for m in hand["melds"]):
            continue
        win = standing[-1]
        sit = {"melds": hand["melds"], "win_tile": T.name(win), "flowers": bonus_tiles(rng),
               "wilds": T.name(gold), "self_drawn": rng.random() < 0.5}
        rest = standing[:-1]
        golden = list(rest)
        for i in rng.sample(range(len(golden)), 3):
            golden[i] = gold
        none.append(dict(sit, hand=T.format_tiles(sorted(rest))))
        three.append(dict(sit, hand=T.format_tiles(sorted(golden))))
    return none, three


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=300, help="hands per row")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--ruleset", default="fuzhou")
    ap.add_argument("--warm", action="store_true", help="keep the whole-hand caches between calls")
    args = ap.parse_args(argv)
    rules = mahjong_core.load_ruleset(args.ruleset)
    none, three = pairs(args.seed, args.n)
    for s in none + three:                  # every hand wins (and warms the per-suit tables)
        rules.score(s)
    print(f"{args.n} hands per row, seed {args.seed}, {args.repeats} repeats, ruleset {args.ruleset}, "
          f"{'warm' if args.warm else 'cold'} whole-hand caches; {common.machine_note()}")
    jobs = {label: (rules.score, items) for label, items in (("no gold", none), ("three golds", three))}
    times = per_hand_us(jobs, args.repeats, args.warm)
    medians = {label: statistics.median(t) for label, t in times.items()}
    rows = [[label, common.fmt_us(medians[label]), common.fmt_us(statistics.fmean(times[label]))] for label in jobs]
    print(common.table(rows, ["golds held", "median/hand", "mean/hand"]))
    print(f"three golds / no gold (median per hand) = {common.ratio(medians['three golds'], medians['no gold'])}"
          f"  (target ≤ 3x); mean: {common.ratio(statistics.fmean(times['three golds']), statistics.fmean(times['no gold']))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
