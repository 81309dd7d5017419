"""Fuzhou scoring speed: 16-tile hands holding three golds against the same hands with none.

    python benchmarks/bench_fuzhou.py [--n 600] [--seed 1] [--repeats 3] [--ruleset fuzhou]

Random winning 16 + 1 hands (tests/support/fuzhou_recordgen.py: five sets and a pair, 0–3 melds, bonus
tiles, a discard win or a self-draw) holding no gold, the gold a kind they do not hold; then the
same hands with three of their standing tiles turned into golds (the hand stays a win; a self-drawn
one now also reads as 三金倒). Both are scored through the public API, ``rules.score(situation)``
from a situation dict, parsing included.

Headline: every hand one the process has not seen, fresh process, garbage collection on, each
pair timed once, one after the other (which goes first alternates); the ratio of the mean time
per hand with golds to that without (the median per hand beside it). Then, labelled, the same
hands again (repeated hands, caches warm, median of ``--repeats`` passes per hand).
"""
from __future__ import annotations

import argparse
import random
import sys

import common  # noqa: F401  (puts the repository, plugins/ and tests/support/ on sys.path)

import mahjong_core
from fuzhou_recordgen import bonus_tiles, winning_hand
from mahjong_core.engine import tiles as T


def pairs(seed: int, n: int) -> tuple[list[dict], list[dict]]:
    """``n`` winning situations with no gold held, and the same ones holding three golds."""
    rng = random.Random(seed)
    none, three = [], []
    seen: set = set()                   # no hand timed twice as new
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
        plain = dict(sit, hand=T.format_tiles(sorted(rest)))
        key = (plain["hand"], plain["win_tile"], str(plain["melds"]), plain["wilds"])
        if key in seen:
            continue
        seen.add(key)
        none.append(plain)
        three.append(dict(sit, hand=T.format_tiles(sorted(golden))))
    return none, three


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=600, help="hands per row")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeats", type=int, default=3, help="passes of the repeated-hand figures")
    ap.add_argument("--ruleset", default="fuzhou")
    args = ap.parse_args(argv)
    rules = mahjong_core.load_ruleset(args.ruleset)
    none, three = pairs(args.seed, args.n)
    print(f"{len(none)} hands per row, seed {args.seed}, ruleset {args.ruleset}; {common.machine_note()}")
    jobs = {"no gold": (rules.score, none), "three golds": (rules.score, three)}
    times, failed = common.per_hand(jobs, alternate=True)
    row = common.compare(times, "three golds", "no gold")
    print("\nHEADLINE: a winning hand with three golds against the same hand with none, unseen hands, "
          "fresh process, garbage collection on, each timed once")
    print(common.table(common.us_rows(times), ("golds held", "hands", "mean µs/hand", "median µs/hand")))
    print(f"{args.ruleset}: three golds / none: {row['ratio']:.2f}x (medians per hand {row['median_ratio']:.2f}x)"
          + (f"; {failed} pairs raised (hands the ruleset does not count as wins) and are left out" if failed else ""))
    repeated, _ = common.per_hand(jobs, alternate=True, repeats=args.repeats)
    again = common.compare(repeated, "three golds", "no gold")
    print(f"\nrepeated hands (the same hands again, caches warm, median of {args.repeats} passes per hand):")
    print(common.table(common.us_rows(repeated), ("golds held", "hands", "mean µs/hand", "median µs/hand")))
    print(f"repeated hands: three golds / none {again['ratio']:.2f}x (medians per hand {again['median_ratio']:.2f}x)")
    common.headline("wilds", {f"{args.ruleset}_3": row}, repeated={f"{args.ruleset}_3": again}, left_out=failed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
