"""Wild tiles: a winning hand holding wilds against the same hand holding none, same run.

    python benchmarks/bench_popular.py [--n 600] [--seed 1] [--repeats 3] [--ruleset popular]
                                       [--wilds 4] [--compare guobiao]

Random winning hands (tests/support/handgen.py: standard hands with 0–4 melds, chow/pung patterns,
seven pairs, thirteen orphans, knitted hands, nine gates), fitted to the ruleset's table (no
flowers where it has none, a self-draw where only self-draws win, no melded chow where it has
none), get ``--wilds`` of their standing tiles (maybe the winning tile) turned into copies of a
wild kind they do not otherwise hold (tests/support/wildgen.py ``wildify``; the hand stays a
win). The same hand before the turning, with the same kind named as wild and none held (the
usual 大众 hand: 无混), is its pair. Both are scored through the public API,
``rules.score(situation, enforce_minimum=False)`` from a situation dict, parsing included.

Headline: every hand one the process has not seen, in a fresh process, garbage collection on;
each pair timed once, one after the other (which goes first alternates), and the ratio of the
mean time per hand with wilds to that without (the median per hand beside it). A pair on which
either raises (a hand the table refuses) is left out and counted. ``--ruleset
guangdong-tuidaohu`` times its ghosts the same way (``bench_fuzhou.py`` the golds of Fuzhou).

After the headline, labelled: hands with 1, 2 and 3 wilds and with no wild kind named, unseen
hands of their own per row; ``--compare``'s ruleset on hands of its own; the headline's hands
again (repeated hands, caches warm, the median of ``--repeats`` passes); and where the time goes
(readings per hand, the search for them and ``score`` less that search, medians over the hands,
on the headline's hands with the shape search's and the parser's caches emptied).
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

import common  # noqa: F401  (puts the repository, plugins/ and tests/support/ on sys.path)

import handgen
import mahjong_core
from mahjong_core.engine import shapes, tiles as T
from wildgen import FORMS, wildify


def forget_hands() -> None:
    """Empty the shape search's and the notation parser's caches (keyed by a whole hand)."""
    shapes.standard.cache_clear()
    T._parse_tiles.cache_clear()


def fit(sit: dict, rules) -> dict | None:
    """``sit`` as the ruleset's table takes it: no flowers where the tile set has none, a
    self-draw where only self-draws win, None where it melds a chow and the table has none."""
    out = dict(sit)
    if not rules.table.flowers:
        out.pop("flowers", None)
    if tuple(rules.table.win_methods) == ("self_drawn",):
        out["self_drawn"] = True
        for key in ("robbing_kong", "discard_after_kong"):
            out.pop(key, None)
    if not rules.table.chows and any(m.get("type") == "chow" for m in out.get("melds", [])):
        return None
    return out


def _key(sit: dict) -> tuple:
    return sit["hand"], sit["win_tile"], str(sit.get("melds")), sit.get("wilds")


SEEN: set = set()          # every hand made in this process, so that none is timed twice as new


def paired(seed: int, n: int, k: int, rules) -> tuple[list[dict], list[dict]]:
    """``n`` winning situations holding ``k`` wilds, and the same hands before their tiles
    turned: the same wild kind named, none held. No hand repeats one made before."""
    rng = random.Random(seed * 100 + k)
    none, wild = [], []
    while len(wild) < n:
        form = rng.choices([f for f, _ in FORMS], [w for _, w in FORMS])[0]
        sit = fit(handgen.random_situation(rng, form), rules)
        turned = wildify(sit, rng, k) if sit else None
        if turned is None:
            continue
        plain = dict(turned, hand=sit["hand"], win_tile=sit["win_tile"])
        if _key(plain) in SEEN or _key(turned) in SEEN:
            continue
        SEEN.update((_key(plain), _key(turned)))
        none.append(plain)
        wild.append(turned)
    return none, wild


def where_the_time_goes(rules, items: list[dict]) -> tuple[float, float, float]:
    """Medians over the hands: readings per hand, µs finding them (every win shape), µs scoring
    them (``score`` less the finding: the checks, the bound that skips most readings' last checks
    and finish, the choice), the shape search's and the parser's caches emptied before each."""
    readings, finding, scoring = [], [], []
    for item in items:
        try:
            s = rules.parse(item)
            forget_hands()
            start = time.perf_counter()
            decs = rules.decompositions(s)
            found = time.perf_counter()
            forget_hands()
            again = time.perf_counter()
            rules.score(s, enforce_minimum=False)
            done = time.perf_counter()
        except mahjong_core.MahjongError:
            continue
        readings.append(len(decs))
        finding.append((found - start) * 1e6)
        scoring.append((done - again - (found - start)) * 1e6)
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
    ap.add_argument("--n", type=int, default=600, help="hands per row")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeats", type=int, default=3, help="passes of the repeated-hand figures")
    ap.add_argument("--ruleset", default="popular")
    ap.add_argument("--wilds", type=int, default=4, help="wilds held in the headline row")
    ap.add_argument("--compare", default="", help="also time this ruleset, on hands of its own")
    args = ap.parse_args(argv)
    rules = _with_wilds(mahjong_core.load_ruleset(args.ruleset))
    print(f"{args.n} hands per row, seed {args.seed}, ruleset {args.ruleset}; {common.machine_note()}")
    score = lambda s: rules.score(s, enforce_minimum=False)  # noqa: E731
    none, wild = paired(args.seed, args.n, args.wilds, rules)
    top = f"{args.wilds} wilds"
    jobs = {"0 (kind named, none held)": (score, none), top: (score, wild)}
    times, failed = common.per_hand(jobs, alternate=True)
    row = common.compare(times, top, "0 (kind named, none held)")
    print(f"\nHEADLINE: a winning hand with {args.wilds} wilds against the same hand with none, unseen hands, "
          "fresh process, garbage collection on, each timed once")
    print(common.table(common.us_rows(times), ("wilds", "hands", "mean µs/hand", "median µs/hand")))
    print(f"{args.ruleset}: {args.wilds} wilds / none: {row['ratio']:.2f}x (medians per hand {row['median_ratio']:.2f}x)"
          + (f"; {failed} pairs raised (hands the ruleset does not count as wins) and are left out" if failed else ""))

    more = {"no wild kind": (score, [{k: v for k, v in s.items() if k != "wilds"}
                                     for s in paired(args.seed + 1, args.n, 0, rules)[0]])}
    for k in range(1, 4):
        more[f"{k} wilds"] = (score, paired(args.seed + 1 + k, args.n, k, rules)[1])
    extra, _ = common.per_hand(more)
    print("\nafter the headline, unseen hands of their own per row (per-suit tables warmer than the headline's):")
    print(common.table(common.us_rows(extra), ("wilds", "hands", "mean µs/hand", "median µs/hand")))
    if args.compare:
        base = _with_wilds(mahjong_core.load_ruleset(args.compare))
        bnone, bwild = paired(args.seed + 10, args.n, args.wilds, base)
        bscore = lambda s: base.score(s, enforce_minimum=False)  # noqa: E731
        btimes, _ = common.per_hand({"none": (bscore, bnone), top: (bscore, bwild)}, alternate=True)
        print(f"{args.compare}, unseen hands of its own: {args.wilds} wilds / none "
              f"{common.compare(btimes, top, 'none')['ratio']:.2f}x")

    repeated, _ = common.per_hand(jobs, alternate=True, repeats=args.repeats)
    again = common.compare(repeated, top, "0 (kind named, none held)")
    print(f"\nrepeated hands (the headline's hands again, caches warm, median of {args.repeats} passes per hand):")
    print(common.table(common.us_rows(repeated), ("wilds", "hands", "mean µs/hand", "median µs/hand")))
    print(f"repeated hands: {args.wilds} wilds / none {again['ratio']:.2f}x")
    split = []
    for label, (_, items) in jobs.items():
        n, finding, scoring = where_the_time_goes(rules, items)
        split.append([label, f"{n:g}", common.fmt_us(finding), common.fmt_us(scoring)])
    print(f"\nwhere the time goes (repeated hands with the shape search's and parser's caches emptied, "
          f"medians over the hands):")
    print(common.table(split, ["wilds", "readings/hand", "finding them", "scoring them"]))
    common.headline("wilds", {f"{args.ruleset}_{args.wilds}": row}, repeated={f"{args.ruleset}_{args.wilds}": again},
                    left_out=failed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
