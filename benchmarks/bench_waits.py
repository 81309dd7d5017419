"""Waits on 13-tile ready hands: mahjong_core against PyMahjongGB, same hands, same run.

    python benchmarks/bench_waits.py [--n 20000] [--seed 1] [--repeats 5] [--special 0.0]

Hands come from tests/support/handgen.py (a random regular win minus one tile; ``--special`` mixes in
seven-pairs / thirteen-orphans / knitted ready hands). Timed, in µs per hand:

* ``rules.waits({"hand": ..., "melds": []})`` — the public API (parses the notation, every
  shape the ruleset enables, plugin shapes included);
* ``mahjong_core.engine.waits.waits(rules, tiles, (), ())`` — the same without parsing;
* ``mahjong_core.engine.waits.standard_waits(counts, ...)`` — the regular form alone from a count vector;
* PyMahjongGB ``RegularShanten(hand)`` (shanten and useful tiles, regular form) and, for the
  all-shapes comparison, RegularShanten + SevenPairs + ThirteenOrphans + HonorsAndKnitted +
  KnittedStraight shanten.

Headline: each hand one the process has not seen, timed once, the engine first and then the
peers on the same hand, garbage collection on. Then, labelled, the same hands again (repeated
hands: a first pass and the median of the repeats). Both sides' waits are also compared tile
for tile.
"""
from __future__ import annotations

import argparse
import sys

import common
import handgen
import reference_gb as ref
from mahjong_core.engine import tiles as T


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--special", type=float, default=0.0,
                    help="share of seven-pairs / orphans / knitted ready hands (default 0)")
    ap.add_argument("--ruleset", default="guobiao")
    args = ap.parse_args(argv)

    import mahjong_core
    from mahjong_core.engine import waits as W
    rules = mahjong_core.load_ruleset(args.ruleset)
    hands = common.distinct(handgen.ready_hands(args.seed, args.n, args.special), key=tuple)
    notation = [{"hand": T.format_tiles(h), "melds": []} for h in hands]
    counts = [tuple(T.counts34(h)) for h in hands]
    kinds = rules.table.kinds
    chows = rules.table.chows

    print(f"{len(hands)} distinct ready hands (seed {args.seed}, special {args.special}); {common.machine_note()}")
    headline = {}
    if ref.AVAILABLE:
        import MahjongGB
        codes = [tuple(ref.TILE_CODES[t] for t in h) for h in hands]
        T._parse_tiles.cache_clear()      # building the peer's input read the notation
        times, _ = common.per_hand({"engine rules.waits (public API)": (rules.waits, notation),
                                    "PyMahjongGB all five shanten": (ref.reference_waits, hands),
                                    "PyMahjongGB RegularShanten": (MahjongGB.RegularShanten, codes)})
        headline["waits"] = common.compare(times, "engine rules.waits (public API)", "PyMahjongGB all five shanten")
        print("\nHEADLINE: unseen hands, fresh process, garbage collection on, each hand timed once")
        print(common.table(common.us_rows(times), ("what", "hands", "mean µs/hand", "median µs/hand")))
        print(f"rules.waits / all five shanten: {headline['waits']['ratio']:.2f}x; / RegularShanten: "
              f"{common.compare(times, 'engine rules.waits (public API)', 'PyMahjongGB RegularShanten')['ratio']:.2f}x")
        print("\nrepeated hands (the same hands again; first pass = the second sight of each hand):")

    rows = []
    results = {}

    def bench(label, fn, items, note=""):
        first, med, best = common.us_per_item(fn, items, args.repeats)
        results[label] = med
        rows.append((label, f"{first:.2f}", f"{med:.2f}", f"{best:.2f}", note))

    bench("engine rules.waits (public API)", rules.waits, notation, f"all {args.ruleset} shapes")
    bench("engine waits.waits (no parsing)", lambda h: W.waits(rules, h, (), ()), hands,
          f"all {args.ruleset} shapes")
    bench("engine standard_waits (counts)", lambda c: W.standard_waits(c, chows, kinds), counts,
          "regular form")
    if ref.AVAILABLE:
        bench("PyMahjongGB RegularShanten", MahjongGB.RegularShanten, codes, "regular form")
        bench("PyMahjongGB all five shanten", ref.reference_waits, hands, "all Guobiao shapes")

    print(f"median of {args.repeats} repeats after a first pass, garbage collection on")
    print(common.table(rows, ("what", "first pass µs", "median µs", "best µs", "shapes")))
    if ref.AVAILABLE:
        print()
        print(f"repeated hands: ratio engine public API / RegularShanten: "
              f"{results['engine rules.waits (public API)'] / results['PyMahjongGB RegularShanten']:.2f}x")
        print(f"repeated hands: ratio engine public API / all five shanten: "
              f"{results['engine rules.waits (public API)'] / results['PyMahjongGB all five shanten']:.2f}x")
        print(f"repeated hands: ratio engine standard_waits / RegularShanten: "
              f"{results['engine standard_waits (counts)'] / results['PyMahjongGB RegularShanten']:.2f}x")
        # correctness on the same hands
        regular_diff = [h for h, c in zip(hands, counts)
                        if tuple(sorted(W.standard_waits(c, chows, kinds))) != ref.reference_regular_waits(h)]
        # the reference lists formal waits; a kind whose four tiles the hand holds is none here
        all_diff = [h for h in hands if rules.waits({"hand": T.format_tiles(h)}).tiles
                    != tuple(t for t in ref.reference_waits(h) if list(h).count(t) < 4)]
        print(f"regular-form waits differing from RegularShanten: {len(regular_diff)} / {len(hands)}")
        print(f"all-shape waits differing from the five shanten functions: {len(all_diff)} / {len(hands)}")
        for h in (regular_diff[:3] + all_diff[:3]):
            print(f"  {T.format_tiles(h)}: engine {T.format_tiles(rules.waits({'hand': T.format_tiles(h)}).tiles)}"
                  f" reference {T.format_tiles(ref.reference_waits(h))}"
                  f" regular ref {T.format_tiles(ref.reference_regular_waits(h))}")
        common.headline("waits", headline)
    else:
        print("PyMahjongGB not installed: reference timings skipped (pip install pymahjonggb)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
