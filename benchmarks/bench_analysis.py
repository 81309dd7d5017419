"""Hand analysis on random hands: mahjong_core against PyMahjongGB, same hands, same run.

    python benchmarks/bench_analysis.py [--n 5000] [--seed 1] [--repeats 3] [--ruleset guobiao]

Hands are 13 (and 14) tiles dealt from a shuffled wall, no melds. Timed, in µs per hand:

* ``rules.shanten(notation)`` (every shape the ruleset enables, parsing included) against
  PyMahjongGB ``MahjongShanten`` (every Guobiao shape);
* ``rules.analyze(notation, waits=False)`` of a 13-tile hand (shanten and useful tiles, every
  shape) against ``RegularShanten`` (shanten and useful tiles, regular form only);
* ``rules.analyze`` of a 14-tile hand: every discard with its shanten and useful tiles;
* the notation read into tiles and counts alone (``Analyzer.plain_counts``), the share of
  ``rules.shanten`` that is parsing.

Each is timed twice: under the ruleset as shipped (Guobiao: its knitted shapes and nine gates
too, each with its own shanten), and under an overlay of it with only the core shapes
(standard, seven pairs, thirteen orphans: the forms ``RegularShanten`` and its two siblings
cover).

The first pass is on hands not seen before (the engine's per-suit tables fill as it goes); the
repeats go over the same hands again, so their caches are warm (the engine keeps no answer per
whole hand, so a repeat still computes each hand: only the per-suit tables are warm). The core-shapes rows get hands
of their own (the same deal, another seed), so their first pass is not warmed by the rows above.
Every repeat times each row once, in turn, so the machine's drift (it is shared) moves all rows
alike and the ratios, taken within the run, stay fair.
"""
from __future__ import annotations

import argparse
import random
import statistics
import tempfile
from pathlib import Path

import common
import reference_gb as ref
from mahjong_core.engine import tiles as T


def deal(seed: int, n: int, size: int) -> list[list[int]]:
    rng = random.Random(seed)
    wall = [t for t in range(34) for _ in range(4)]
    out = []
    for _ in range(n):
        rng.shuffle(wall)
        out.append(sorted(wall[:size]))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--ruleset", default="guobiao")
    args = ap.parse_args(argv)

    import mahjong_core
    rules = mahjong_core.load_ruleset(args.ruleset)
    core_ids = {"standard", "seven_pairs", "thirteen_orphans"}
    others = [shape.id for shape, _, _ in rules.shapes if shape.id not in core_ids]
    with tempfile.TemporaryDirectory() as tmp:
        overlay = Path(tmp) / "core-shapes.yaml"
        overlay.write_text(f"extends: {args.ruleset}\nshapes:\n"
                           + "".join(f"  {i}: {{enabled: false}}\n" for i in others), encoding="utf-8")
        core = mahjong_core.load_ruleset(overlay) if others else rules
    hands = deal(args.seed, args.n, 13)
    fourteen = deal(args.seed + 1, args.n // 5, 14)
    notation = [T.format_tiles(h) for h in hands]
    notation14 = [T.format_tiles(h) for h in fourteen]

    plan = []

    def bench(label, fn, items, note=""):
        plan.append((label, fn, items, note))

    bench("engine rules.shanten", rules.shanten, notation, f"all {args.ruleset} shapes")
    bench("  of which reading the notation", rules.analyzer.plain_counts, notation, "tiles and counts")
    bench("engine rules.analyze, 13 tiles", lambda h: rules.analyze(h, waits=False), notation,
          "shanten + useful tiles")
    bench("engine rules.analyze, 14 tiles", lambda h: rules.analyze(h, waits=False), notation14,
          "every discard")
    other = [T.format_tiles(h) for h in deal(args.seed + 2, args.n, 13)]
    other14 = [T.format_tiles(h) for h in deal(args.seed + 3, args.n // 5, 14)]
    bench("core shapes: rules.shanten", core.shanten, other, "standard, 7 pairs, orphans")
    bench("core shapes: rules.analyze, 13", lambda h: core.analyze(h, waits=False), other,
          "shanten + useful tiles")
    bench("core shapes: rules.analyze, 14", lambda h: core.analyze(h, waits=False), other14,
          "every discard")
    if ref.AVAILABLE:
        import MahjongGB
        codes = [tuple(ref.TILE_CODES[t] for t in h) for h in hands]
        bench("PyMahjongGB MahjongShanten", lambda c: MahjongGB.MahjongShanten(pack=(), hand=c), codes,
              "all Guobiao shapes")
        bench("PyMahjongGB RegularShanten", MahjongGB.RegularShanten, codes, "regular form + useful")

    firsts = {label: common.time_pass(fn, items) / len(items) * 1e6 for label, fn, items, _ in plan}
    passes: dict = {label: [] for label, _, _, _ in plan}
    for _ in range(max(1, args.repeats)):
        for label, fn, items, _ in plan:
            passes[label].append(common.time_pass(fn, items) / len(items) * 1e6)
    results = {label: statistics.median(v) for label, v in passes.items()}
    rows = [(label, f"{firsts[label]:.2f}", f"{results[label]:.2f}", f"{min(passes[label]):.2f}", note)
            for label, _, _, note in plan]

    print(f"{args.n} random 13-tile hands, {len(fourteen)} 14-tile hands (seed {args.seed}), "
          f"median of {args.repeats} repeats after a first pass, rows interleaved")
    print(common.machine_note())
    print(common.table(rows, ("what", "first pass µs", "median µs", "best µs", "shapes")))
    if ref.AVAILABLE:
        print()
        print(f"ratio rules.shanten / MahjongShanten: "
              f"{results['engine rules.shanten'] / results['PyMahjongGB MahjongShanten']:.2f}x")
        print(f"ratio rules.analyze 13 tiles / RegularShanten: "
              f"{results['engine rules.analyze, 13 tiles'] / results['PyMahjongGB RegularShanten']:.2f}x")
        print(f"ratio core shapes rules.shanten / MahjongShanten: "
              f"{results['core shapes: rules.shanten'] / results['PyMahjongGB MahjongShanten']:.2f}x "
              f"(first pass, unseen hands: {firsts['core shapes: rules.shanten'] / results['PyMahjongGB MahjongShanten']:.2f}x)")
        print(f"ratio core shapes rules.analyze 13 tiles / RegularShanten: "
              f"{results['core shapes: rules.analyze, 13'] / results['PyMahjongGB RegularShanten']:.2f}x "
              f"(first pass, unseen hands: {firsts['core shapes: rules.analyze, 13'] / results['PyMahjongGB RegularShanten']:.2f}x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
