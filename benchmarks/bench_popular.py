"""Popular (大众) scoring speed with 0, 1, 2, 3 and 4 wild tiles.

    python benchmarks/bench_popular.py [--n 300] [--seed 1] [--repeats 5] [--ruleset popular]

Random winning hands (tests/handgen.py: standard hands with 0–4 melds, chow/pung patterns,
seven pairs, thirteen orphans) get k of their standing tiles (maybe the winning tile) turned
into copies of a wild kind they do not otherwise hold (tests/test_popular_wilds.py ``wildify``;
the hand stays a win). For each k the same number of hands is timed through the public API,
``rules.score(situation, enforce_minimum=False)`` from a §2 dict, parsing included. Rows:

* ``0 (no wild kind)`` — the hands as generated, no ``wilds`` field;
* ``0`` — a wild kind is named but none is held (the usual 大众 hand: 无混);
* ``1`` … ``4`` — that many wilds held.

Prints µs per hand: the first pass (cold caches) apart, then the median and best of the
repeats, and the ratio of the 4-wild median to the 0-wild median (target ≤ 10×).
"""
from __future__ import annotations

import argparse
import random
import sys

import common  # noqa: F401  (puts the repository, plugins/ and tests/ on sys.path)

import handgen
import mahjong_core
from mahjong_core import tiles as T
from test_popular_wilds import FORMS, wildify


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


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=300, help="hands per wild count")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--ruleset", default="popular")
    args = ap.parse_args(argv)
    rules = mahjong_core.load_ruleset(args.ruleset)
    score = lambda s: rules.score(s, enforce_minimum=False)  # noqa: E731
    print(f"ruleset {args.ruleset}, {args.n} hands per row, seed {args.seed}; {common.machine_note()}")
    rows = []
    medians = {}
    for label, k in (("0 (no wild kind)", None), ("0", 0), ("1", 1), ("2", 2), ("3", 3), ("4", 4)):
        items = hands(args.seed, args.n, k)
        first, median, best = common.us_per_item(score, items, args.repeats)
        medians[label] = median
        rows.append((label, common.fmt_us(first), common.fmt_us(median), common.fmt_us(best)))
    print(common.table(rows, ("wilds", "first pass", "median", "best")))
    print(f"4 wilds / 0 wilds (median): {common.ratio(medians['4'], medians['0'])}   "
          f"(target ≤ 10x); 4 wilds / no wild kind: {common.ratio(medians['4'], medians['0 (no wild kind)'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
