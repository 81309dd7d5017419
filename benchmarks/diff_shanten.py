"""Shanten against PyMahjongGB on random hands: the standard shape's table look-ups against
``RegularShanten`` (shanten and useful tiles) and the whole Guobiao ruleset's ``rules.shanten``
against ``MahjongShanten`` (every form), hand by hand.

    python benchmarks/diff_shanten.py [--n 20000] [--seed 1]

Hands are 13 tiles dealt from a shuffled wall, no melds (and a quarter with one to three melds:
chows and pungs from the same wall, for the standard shape). Prints how many agree and the first
disagreements; exits 1 if any hand disagrees.
"""
from __future__ import annotations

import argparse
import random
import time

import common  # noqa: F401  (import paths)
import reference_gb as ref
from mahjong_core.engine import tiles as T
from mahjong_core.engine.shapes import suits


def deal(rng: random.Random) -> tuple[list[int], int]:
    """13 tiles less three per meld (0–3 melds a quarter of the time), and the melds' count."""
    wall = [t for t in range(34) for _ in range(4)]
    rng.shuffle(wall)
    melds = rng.randint(1, 3) if rng.random() < 0.25 else 0
    return sorted(wall[:13 - 3 * melds]), melds


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if not ref.AVAILABLE:
        print("PyMahjongGB not installed (pip install -e '.[reference]'): nothing to compare with")
        return 1
    import MahjongGB as G
    import mahjong_core
    rules = mahjong_core.load_ruleset("guobiao")
    rng = random.Random(args.seed)
    start = time.perf_counter()
    bad: list[str] = []
    regular = whole = 0
    for _ in range(args.n):
        hand, melds = deal(rng)
        codes = tuple(ref.TILE_CODES[t] for t in hand)
        counts = tuple(T.counts34(hand))
        want, want_useful = G.RegularShanten(hand=codes)
        got = suits.hand_missing(counts, 4 - melds, True) - 1
        useful = suits.hand_useful(counts, 4 - melds, True)
        got_useful = {ref.TILE_CODES[t] for t in range(34) if useful >> t & 1 and counts[t] < 4}
        want_useful = {c for c in want_useful if counts[ref.TILE_CODES.index(c)] < 4}
        if got != want or got_useful != want_useful:
            bad.append(f"standard {T.format_tiles(hand)} ({melds} melds): {got} {sorted(got_useful)} "
                       f"vs RegularShanten {want} {sorted(want_useful)}")
        regular += 1
        if not melds:
            want = G.MahjongShanten(pack=(), hand=codes)
            got = rules.shanten(T.format_tiles(hand))
            if got != want:
                bad.append(f"rules.shanten {T.format_tiles(hand)}: {got} vs MahjongShanten {want}")
            whole += 1
    took = time.perf_counter() - start
    print(f"{regular} hands: standard shape (tables) against RegularShanten, shanten and useful tiles; "
          f"{whole} of them without melds: rules.shanten against MahjongShanten ({took:.1f} s)")
    print(f"disagreements: {len(bad)}")
    for line in bad[:20]:
        print("  " + line)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
