"""End-of-wall 查大叫 check in Sichuan blood battle: µs per check of three 13-tile hands.

    python benchmarks/bench_sichuan.py [--n 2000] [--seed 1] [--repeats 5] [--ready 0.5]

Each item is the end of a hand where one player has won and three hands remain. A hand is, with
probability ``--ready``, a random two-suit winning hand minus one tile (so ready, sometimes on
several waits) and otherwise 13 random tiles of two suits (almost never ready). Timed, in µs
per item (three hands):

* ``end check``: the settlement's end-of-wall step alone — parse the three hands, flower pig,
  waits (``ruleset.waits_of_situation``), the best wait's value (``ruleset.score`` per wait),
  查大叫 and 退税 payments;
* ``settle (public API)``: ``rules.settle(record)`` of the record [win, end], minus nothing —
  it includes scoring the win.

No peer. The first pass is the headline: every record one the process has not seen, garbage
collection on; the median of the repeats (the same records again, caches warm) follows, labelled.
"""
from __future__ import annotations

import argparse
import random
import statistics
from collections import Counter
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
for _p in (REPO, REPO / "plugins", REPO / "benchmarks"):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))

import mahjong_core  # noqa: E402
from mahjong_core.engine import tiles as T
from mahjong_core.engine.records import parse_record  # noqa: E402
from common import time_pass  # noqa: E402
from mahjong_sichuan import settlement  # noqa: E402

WIN = {"type": "win", "seat": 0, "from": 1, "situation": {"hand": "123m456m789m11p23p", "win_tile": "4p"}}


def winning_hand(rng: random.Random, suits: tuple[int, int]) -> list[int]:
    """Four sets and a pair drawn from two suits, at most four copies of a tile."""
    while True:
        counts = [0] * 27
        tiles: list[int] = []
        ok = True
        for i in range(5):
            s = rng.choice(suits) * 9
            if i == 4:
                group = [s + rng.randrange(9)] * 2
            elif rng.random() < 0.6:
                r = rng.randrange(7)
                group = [s + r, s + r + 1, s + r + 2]
            else:
                group = [s + rng.randrange(9)] * 3
            for t in group:
                counts[t] += 1
                ok &= counts[t] <= 4
            tiles += group
        if ok:
            return tiles


def random_hand(rng: random.Random, ready_share: float) -> str:
    suits = tuple(rng.sample((0, 1, 2), 2))
    if rng.random() < ready_share:
        tiles = winning_hand(rng, suits)
        tiles.pop(rng.randrange(len(tiles)))
    else:
        pool = [s * 9 + r for s in suits for r in range(9) for _ in range(4)]
        tiles = rng.sample(pool, 13)
    return T.format_tiles(tiles)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--ready", type=float, default=0.5, help="share of ready hands (default 0.5)")
    ap.add_argument("--ruleset", default="sichuan")
    args = ap.parse_args(argv)

    rules = mahjong_core.load_ruleset(args.ruleset)
    rng = random.Random(args.seed)
    records = []
    won = Counter(T.parse_tiles(WIN["situation"]["hand"] + WIN["situation"]["win_tile"]))
    while len(records) < 2 * args.n:
        hands = {str(s): {"hand": random_hand(rng, args.ready)} for s in (1, 2, 3)}
        held = won + Counter(t for h in hands.values() for t in T.parse_tiles(h["hand"]))
        if max(held.values()) > 4:        # more copies than the table has: not a record
            continue
        records.append({"seats": 4, "events": [WIN, {"type": "end", "hands": hands}]})
    parsed = [parse_record(r, settlement.EVENT_TYPES) for r in records]

    def end_check(rec):
        hand = settlement._Hand(rec, rules)
        hand.wins[0] = 1              # seat 0 won (the record's first event) and left
        hand.in_play.won(0)
        hand.on_end(rec.events[1])

    print(f"{args.n} end-of-wall checks of 3 hands each, ruleset {args.ruleset}, garbage collection on; "
          f"each row on records of its own")
    print(f"{'timed':28} {'unseen µs':>10} {'repeated µs':>12}")
    half = len(records) // 2
    for label, fn, items in (("end check (3 hands)", end_check, parsed[:half]),
                             ("settle [win, end] (API)", rules.settle, records[half:])):
        first = time_pass(fn, items) / len(items) * 1e6
        rest = [time_pass(fn, items) / len(items) * 1e6 for _ in range(max(1, args.repeats))]
        print(f"{label:28} {first:10.1f} {statistics.median(rest):12.1f}")
    ready = sum(settlement.best_wait(rules, settlement.standing_hand(h, rules), None) is not None
                for r in records for h in r["events"][1]["hands"].values())
    print(f"{ready / (3 * len(records)):.0%} of hands ready")
    return 0


if __name__ == "__main__":
    sys.exit(main())
