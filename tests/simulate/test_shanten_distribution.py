"""Outside sanity checks of the table and the simulation.

The table's deals against the published distribution of the shanten number of a random 14-tile
hand from a 136-tile wall (tomohxx/shanten-number, computed exactly over every hand): the
dealer's 14 tiles of each deal, after the table's shuffle and its 4-4-4-1 deal plus the first
draw. The shanten is the least of the regular form (four sets and a pair), seven pairs and
thirteen orphans, with **Riichi's seven pairs**: seven different kinds, a four is not two pairs
(``allow_four=False``; Guobiao's rule, which lets a four count twice, gives a slightly lower mean).

The test is Pearson's chi-square goodness of fit over the classes ≤ 1 (−1, 0 and 1 merged, so
that every class expects at least 5 hands), 2, 3, 4, 5 and 6: 6 classes, 5 degrees of freedom,
refused at p < 0.001 (χ² > 20.515); and the mean within four standard errors of 3.156.
The deals are seeded: the numbers below reproduce, and the thresholds say how far from the
published figures a change of the wall or the deal may take them.
"""
from __future__ import annotations

import json
import math

import pytest

from harness import run_cli
from playable import playable_rulesets
from testpaths import TESTS

from mahjong_core import load_ruleset
from mahjong_core.engine.analysis import seven_pairs_shanten, thirteen_orphans_shanten
from mahjong_core.engine.shapes.records import make_input
from mahjong_core.engine.shapes.suits import hand_missing
from mahjong_core.engine.table import Deal, Table, tile_list

# percent of random 14-tile hands at each shanten number, −1 … 6 (mean 3.156)
PUBLISHED = {-1: 0.0003, 0: 0.070, 1: 2.33, 2: 19.50, 3: 43.93, 4: 28.52, 5: 5.50, 6: 0.155}
MEAN = 3.156
CHI2_5_DF_P001 = 20.515
GOLDEN = TESTS / "simulate" / "data" / "golden-guobiao-seed7.json"


def shanten(counts) -> int:
    counts = tuple(counts)
    inp = make_input(counts, 0, (), 4, True, frozenset(range(34)), [0] * len(counts))
    regular = hand_missing(counts, 4, True) - 1
    return min(regular, seven_pairs_shanten(inp, 7, allow_four=False), thirteen_orphans_shanten(inp))


def test_the_shanten_of_hands_worked_by_hand():
    def counts(text):
        from mahjong_core import parse_tiles
        c = [0] * 34
        for t in parse_tiles(text):
            c[t] += 1
        return c
    assert shanten(counts("123m456p789s11122z")) == -1          # four sets and a pair
    assert shanten(counts("11223344556677z")) == -1             # seven pairs
    assert shanten(counts("1111223344556z7z")) == 1             # a four is one pair (Riichi): 5 pairs + 2 singles
    assert shanten(counts("19m19p19s12345677z")) == -1          # thirteen orphans


def _deals(name: str, n: int, seed: int) -> dict[int, int]:
    rules = load_ruleset(name)
    found = {k: 0 for k in PUBLISHED}
    for h in range(n):
        table = Table(rules, Deal(seed, h), check=False)
        found[shanten(table.state.seats[0].counts[:34])] += 1
    return found


def _chi2(found: dict[int, int], n: int) -> float:
    total = sum(PUBLISHED.values())
    classes = [(-1, 0, 1), (2,), (3,), (4,), (5,), (6,)]
    chi2 = 0.0
    for ks in classes:
        expected = n * sum(PUBLISHED[k] for k in ks) / total
        observed = sum(found[k] for k in ks)
        chi2 += (observed - expected) ** 2 / expected
    return chi2


def _mean_ok(found: dict[int, int], n: int) -> tuple[float, float]:
    mean = sum(k * c for k, c in found.items()) / n
    var = sum(c * (k - mean) ** 2 for k, c in found.items()) / (n - 1)
    return mean, 4 * math.sqrt(var / n)


def _a_plain_136_tile_ruleset() -> str:
    for name in playable_rulesets():
        rules = load_ruleset(name)
        if len(tile_list(rules.table)) == 136 and not rules.table.bonus:
            return name
    pytest.skip("no playable ruleset deals from a 136-tile wall")


@pytest.mark.parametrize("n", [6000, pytest.param(200_000, marks=pytest.mark.slow)])
def test_the_tables_deals_give_the_published_shanten_distribution(n):
    found = _deals(_a_plain_136_tile_ruleset(), n, seed=2026)
    assert sum(found.values()) == n
    assert _chi2(found, n) < CHI2_5_DF_P001, found
    mean, four_se = _mean_ok(found, n)
    assert abs(mean - MEAN) < four_se, (mean, found)


def test_the_chi_square_refuses_a_distribution_that_is_off():
    # every hand one shanten worse: the test must see it
    shifted = {k: 0 for k in PUBLISHED}
    for k, pct in PUBLISHED.items():
        shifted[min(k + 1, 6)] += round(60 * pct)
    assert _chi2(shifted, sum(shifted.values())) > CHI2_5_DF_P001


def test_a_seeded_simulation_reproduces_its_golden_summary():
    rc, out, err = run_cli(["simulate", "--ruleset", "guobiao", "--hands", 4, "--seed", 7, "--json"])
    assert rc == 0, err
    assert json.loads(out) == json.loads(GOLDEN.read_text(encoding="utf-8"))
