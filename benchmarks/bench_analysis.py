"""Hand analysis on random hands: mahjong_core against PyMahjongGB, per hand, same run.

    python benchmarks/bench_analysis.py [--n 2000] [--warmup 20000] [--seed 1] [--repeats 3]
                                        [--ruleset guobiao] [--part shanten|analyze]

Hands are 13 (and 14) tiles dealt from a shuffled wall, no melds, every one distinct. Two parts,
each in a fresh process of its own (without ``--part`` the script runs both, one subprocess each,
so neither warms the other's tables):

``shanten`` — ``rules.shanten(notation)`` (every shape the ruleset enables, parsing included)
against PyMahjongGB ``MahjongShanten`` (every Guobiao shape), each hand timed once, the engine
first, then the peer, on the same hand, garbage collection on:

* fresh process: the first ``--n`` hands the process sees;
* long run: ``--n`` more unseen hands after ``--warmup`` other hands went through
  ``rules.shanten`` untimed (the per-suit tables as full as a long run leaves them).

``analyze`` — ``rules.analyze(notation, waits=False)`` of a 14-tile hand (every discard with
its shanten and useful tiles: a bot's turn) against PyMahjongGB's five shanten forms
(``RegularShanten``, ``SevenPairsShanten``, ``ThirteenOrphansShanten``,
``HonorsAndKnittedTilesShanten``, ``KnittedStraightShanten``) on the 13 tiles left by every
distinct discard, the best shanten and the union of its forms' useful tiles: fresh process,
``--n // 4`` hands. Then, on hands of their own, a 13-tile ``analyze`` against ``RegularShanten``.

After the headline, labelled: the core shapes alone (an overlay with standard, seven pairs and
thirteen orphans only) on unseen hands, the notation read alone (``Analyzer.plain_counts``),
and the long-run hands again (repeated hands, caches warm, median of ``--repeats`` passes).
"""
from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

import common
import reference_gb as ref
from mahjong_core.engine import tiles as T

FIVE = ("RegularShanten", "SevenPairsShanten", "ThirteenOrphansShanten", "HonorsAndKnittedTilesShanten",
        "KnittedStraightShanten")


def deal(seed: int, n: int, size: int, seen: set) -> list[str]:
    """``n`` hands of ``size`` tiles in notation, none in ``seen`` (which takes them)."""
    rng = random.Random(seed)
    wall = [t for t in range(34) for _ in range(4)]
    out = []
    while len(out) < n:
        rng.shuffle(wall)
        hand = T.format_tiles(sorted(wall[:size]))
        if hand not in seen:
            seen.add(hand)
            out.append(hand)
    return out


def five_forms_per_discard(gb):
    """PyMahjongGB's answer to a 14-tile hand: for every distinct discard, the best shanten of
    its five forms on the 13 tiles left and the union of the useful tiles of the forms at it."""
    forms = [getattr(gb, name) for name in FIVE]

    def analyze(codes: tuple) -> dict:
        out = {}
        for i, code in enumerate(codes):
            if code in out:
                continue
            rest = codes[:i] + codes[i + 1:]
            best, useful = 99, set()
            for form in forms:
                shanten, tiles = form(rest)
                if shanten < best:
                    best, useful = shanten, set(tiles)
                elif shanten == best:
                    useful.update(tiles)
            out[code] = (best, useful)
        return out
    return analyze


def codes(hands: list[str]) -> list[tuple]:
    out = [tuple(ref.TILE_CODES[t] for t in T.parse_tiles(h)) for h in hands]
    T._parse_tiles.cache_clear()          # reading the notation for the peer warms nothing of the engine's
    return out


def core_overlay(mahjong_core, rules, name: str):
    core_ids = {"standard", "seven_pairs", "thirteen_orphans"}
    others = [shape.id for shape, _, _ in rules.shapes if shape.id not in core_ids]
    if not others:
        return rules
    with tempfile.TemporaryDirectory() as tmp:
        overlay = Path(tmp) / "core-shapes.yaml"
        overlay.write_text(f"extends: {name}\nshapes:\n"
                           + "".join(f"  {i}: {{enabled: false}}\n" for i in others), encoding="utf-8")
        return mahjong_core.load_ruleset(overlay)


def table(times: dict) -> str:
    return common.table(common.us_rows(times), ("what", "hands", "mean µs/hand", "median µs/hand"))


def part_shanten(args, rules, core, gb) -> dict:
    seen: set = set()
    shanten = lambda c: gb.MahjongShanten(pack=(), hand=c)  # noqa: E731
    fresh = deal(args.seed, args.n, 13, seen)
    times, _ = common.per_hand({"engine rules.shanten": (rules.shanten, fresh),
                                "PyMahjongGB MahjongShanten": (shanten, codes(fresh))})
    rows = {"shanten_fresh": common.compare(times, "engine rules.shanten", "PyMahjongGB MahjongShanten")}
    print(f"\nHEADLINE: rules.shanten, fresh process: the first {args.n} hands, each timed once, garbage collection on")
    print(table(times))
    for hand in deal(args.seed + 1, args.warmup, 13, seen):
        rules.shanten(hand)
    long = deal(args.seed + 2, args.n, 13, seen)
    times, _ = common.per_hand({"engine rules.shanten": (rules.shanten, long),
                                "PyMahjongGB MahjongShanten": (shanten, codes(long))})
    rows["shanten_long"] = common.compare(times, "engine rules.shanten", "PyMahjongGB MahjongShanten")
    print(f"HEADLINE: rules.shanten, long run: {args.n} unseen hands after {args.warmup} others")
    print(table(times))
    print(f"rules.shanten / MahjongShanten: fresh process {rows['shanten_fresh']['ratio']:.2f}x, "
          f"long run {rows['shanten_long']['ratio']:.2f}x (medians per hand "
          f"{rows['shanten_fresh']['median_ratio']:.2f}x / {rows['shanten_long']['median_ratio']:.2f}x)")

    other = deal(args.seed + 3, args.n, 13, seen)
    times, _ = common.per_hand({"core shapes: rules.shanten": (core.shanten, other),
                                "PyMahjongGB MahjongShanten": (shanten, codes(other)),
                                "reading the notation alone": (rules.analyzer.plain_counts, other)})
    print(f"\nafter the headline, unseen hands: the core shapes alone (standard, seven pairs, orphans)")
    print(table(times))
    repeated, _ = common.per_hand({"engine rules.shanten": (rules.shanten, long),
                                   "PyMahjongGB MahjongShanten": (shanten, codes(long))}, repeats=args.repeats)
    again = common.compare(repeated, "engine rules.shanten", "PyMahjongGB MahjongShanten")
    print(f"\nrepeated hands (the long-run hands again, caches warm, median of {args.repeats} passes per hand)")
    print(table(repeated))
    print(f"repeated hands: rules.shanten / MahjongShanten {again['ratio']:.2f}x")
    return {"rows": rows, "repeated": {"shanten": again}}


def part_analyze(args, rules, core, gb) -> dict:
    seen: set = set()
    n14 = max(1, args.n // 4)
    hands = deal(args.seed + 4, n14, 14, seen)
    analyze = lambda h: rules.analyze(h, waits=False)  # noqa: E731
    peer = five_forms_per_discard(gb)
    times, _ = common.per_hand({"engine rules.analyze, 14 tiles": (analyze, hands),
                                "PyMahjongGB five forms per discard": (peer, codes(hands))})
    rows = {"analyze14": common.compare(times, "engine rules.analyze, 14 tiles", "PyMahjongGB five forms per discard")}
    print(f"\nHEADLINE: 14-tile rules.analyze (every discard), fresh process: the first {n14} hands, each timed once")
    print(table(times))
    print(f"rules.analyze 14 tiles / five shanten forms per discard: {rows['analyze14']['ratio']:.2f}x "
          f"(medians per hand {rows['analyze14']['median_ratio']:.2f}x)")

    thirteen = deal(args.seed + 5, args.n, 13, seen)
    times, _ = common.per_hand({"engine rules.analyze, 13 tiles": (analyze, thirteen),
                                "PyMahjongGB RegularShanten": (gb.RegularShanten, codes(thirteen))})
    r13 = common.compare(times, "engine rules.analyze, 13 tiles", "PyMahjongGB RegularShanten")
    print(f"\nafter the headline, unseen hands: 13-tile analyze (shanten + useful tiles) against RegularShanten")
    print(table(times))
    print(f"rules.analyze 13 tiles / RegularShanten: {r13['ratio']:.2f}x")
    core14 = deal(args.seed + 6, n14, 14, seen)
    times, _ = common.per_hand({"core shapes: rules.analyze, 14": (lambda h: core.analyze(h, waits=False), core14),
                                "PyMahjongGB five forms per discard": (peer, codes(core14))})
    print("core shapes alone, unseen hands:")
    print(table(times))
    repeated, _ = common.per_hand({"engine rules.analyze, 14 tiles": (analyze, hands),
                                   "PyMahjongGB five forms per discard": (peer, codes(hands))}, repeats=args.repeats)
    again = common.compare(repeated, "engine rules.analyze, 14 tiles", "PyMahjongGB five forms per discard")
    print(f"\nrepeated hands (the headline's 14-tile hands again, caches warm, median of {args.repeats} passes)")
    print(table(repeated))
    print(f"repeated hands: rules.analyze 14 tiles / five forms per discard {again['ratio']:.2f}x")
    return {"rows": rows, "repeated": {"analyze14": again, "analyze13_unseen": r13}}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=2000, help="13-tile hands per row (14-tile: a quarter)")
    ap.add_argument("--warmup", type=int, default=20000, help="hands seen before the long-run row")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--ruleset", default="guobiao")
    ap.add_argument("--part", choices=("shanten", "analyze"), help="one part in this process")
    args, rest = ap.parse_known_args(argv)
    if args.part is None:                 # each part in a fresh process of its own
        merged: dict = {"rows": {}, "repeated": {}}
        for part in ("shanten", "analyze"):
            proc = subprocess.run([sys.executable, __file__, "--part", part] + (argv if argv is not None else sys.argv[1:]),
                                  capture_output=True, text=True)
            if proc.returncode:
                raise SystemExit(proc.stdout + proc.stderr)
            lines = proc.stdout.splitlines()
            print("\n".join(line for line in lines if not line.startswith("HEADLINE {")))
            data = json.loads(next(line for line in lines if line.startswith("HEADLINE {"))[len("HEADLINE "):])
            merged["rows"].update(data["rows"])
            merged["repeated"].update(data["repeated"])
        common.headline("analysis", merged["rows"], repeated=merged["repeated"])
        return 0

    import mahjong_core
    if not ref.AVAILABLE:
        print("PyMahjongGB not installed (pip install pymahjonggb): no peer, no headline")
        return 1
    import MahjongGB
    # the analyser's modules, imported before the timing as the peer's module is: the command
    # line and scoring no longer import them at start, so a first rules.shanten would (once)
    import mahjong_core.engine.analysis  # noqa: F401
    rules = mahjong_core.load_ruleset(args.ruleset)
    core = core_overlay(mahjong_core, rules, args.ruleset)
    print(f"part {args.part}, seed {args.seed}, ruleset {args.ruleset}; {common.machine_note()}")
    out = (part_shanten if args.part == "shanten" else part_analyze)(args, rules, core, MahjongGB)
    common.headline("analysis", out["rows"], repeated=out["repeated"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
