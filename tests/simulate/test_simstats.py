"""The simulation's arithmetic on numbers worked by hand: ratios of per-wall sums, the paired
95 % interval, nearest-rank quantiles, money kinds read from a payment's reasons, and chunks that
merge to the totals of one pass whatever the split."""
from __future__ import annotations

import math
from fractions import Fraction

from hypothesis import given, settings, strategies as st

from mahjong_core.engine.settle.money import Payment, why
from mahjong_core.frontends import simstats as S


def partial_of(walls, start=0):
    """walls: [((YA, XA), (YB, XB)), …] for one metric ``m`` (and value_mean's X, the wins)."""
    part = S.Partial(start, start + len(walls))
    for (ya, xa), (yb, xb) in walls:
        part.add_wall([{"m": (ya, xa), "value_mean": (0, 0)}, {"m": (yb, xb), "value_mean": (0, 0)}],
                      [[], []], [{}, {}])
    return part


def test_a_paired_mean_difference_gets_the_t_free_normal_interval():
    # X = 1 per wall: the metric is a plain mean. A = 1, 2, 3, 4; B = 0, 0, 1, 1.
    # d = 1, 2, 2, 3: mean 2, sample variance ((−1)² + 0 + 0 + 1²)/3 = 2/3,
    # SE = √(2/3 / 4) = √(1/6) = 0.408248…, half-width 1.959964 × 0.408248 = 0.800152
    part = partial_of([((1, 1), (0, 1)), ((2, 1), (0, 1)), ((3, 1), (1, 1)), ((4, 1), (1, 1))])
    d = S.difference(part.moments["m"], 4)
    assert d["a"] == 2.5 and d["b"] == 0.5 and d["difference"] == 2.0
    assert math.isclose(d["ci95"][0], 2 - 0.800152, abs_tol=2e-6)
    assert math.isclose(d["ci95"][1], 2 + 0.800152, abs_tol=2e-6)
    assert d["excludes_zero"] is True


def test_a_ratio_difference_is_linearised_per_wall():
    # A: 1/2 and 3/2 → R_A = 4/4 = 1; B: 0/2 and 2/2 → R_B = 2/4 = 1/2; X̄ = 2 on both sides.
    # u_w = (YA − R_A·XA)/2 − (YB − R_B·XB)/2: wall 0: (1 − 2)/2 − (0 − 1)/2 = 0;
    # wall 1: (3 − 2)/2 − (2 − 1)/2 = 0. Σu² = 0: the interval is the point 1/2.
    part = partial_of([((1, 2), (0, 2)), ((3, 2), (2, 2))])
    d = S.difference(part.moments["m"], 2)
    assert d["difference"] == 0.5 and d["ci95"] == [0.5, 0.5]


def test_no_interval_without_a_denominator_or_a_second_wall():
    assert S.difference(partial_of([((0, 0), (1, 1)), ((0, 0), (1, 1))]).moments["m"], 2)["ci95"] is None
    assert S.difference(partial_of([((1, 1), (0, 1))]).moments["m"], 1)["ci95"] is None


def test_nearest_rank_quantiles():
    values = list(range(1, 11))                 # 1 … 10
    assert S.quantile(values, Fraction(1, 2)) == 5           # ⌈0.5 × 10⌉ = 5th
    assert S.quantile(values, Fraction(9, 10)) == 9          # ⌈0.9 × 10⌉ = 9th
    assert S.quantile(values, Fraction(1)) == 10
    assert S.quantile([7], Fraction(9, 10)) == 7 and S.quantile([], Fraction(1, 2)) is None


def test_money_kinds_come_from_the_reasons_kinds():
    def pay(kind):
        return Payment.of(0, 1, 1, why(kind, "x", "x"))
    assert S.money_kind(pay("added_kong")) == "kongs"
    assert S.money_kind(pay("concealed_kong")) == "kongs"
    assert S.money_kind(pay("horses")) == "horses"
    assert S.money_kind(pay("horse_kong")) == "horses"
    assert S.money_kind(pay("not_ready")) == "not_ready"
    assert S.money_kind(pay("kong_bloom_pays_all")) == "liability"
    assert S.money_kind(pay("single_wait_liable")) == "liability"
    assert S.money_kind(pay("self_drawn_win")) is None
    assert S.money_kind(Payment.of(0, 1, 1, "plain text")) is None


def test_a_fan_absent_from_a_wall_still_counts_that_walls_wins():
    # wall 0: 2 wins, one with the fan; wall 1: 2 wins, none with it → share 1/4, not 1/2
    part = S.Partial(0, 2)
    part.add_wall([{"value_mean": (10, 2), "fan.f": (1, 2)}], [[4, 6]], [{"f": ("番", "Fan")}])
    part.add_wall([{"value_mean": (10, 2)}], [[5, 5]], [{}])
    fan = S.with_wins(part.moments["fan.f"], part.moments["value_mean"])
    assert S.ratio(fan, 0) == Fraction(1, 4)


walls = st.lists(st.tuples(st.tuples(st.integers(-50, 50), st.integers(0, 4)),
                           st.tuples(st.integers(-50, 50), st.integers(0, 4))), min_size=2, max_size=12)


@settings(max_examples=60, deadline=None)
@given(walls, st.integers(1, 11))
def test_chunks_merge_to_one_pass(ws, cut):
    cut = min(cut, len(ws) - 1)
    whole = partial_of(ws)
    merged = partial_of(ws[:cut]).merge(partial_of(ws[cut:], start=cut))
    assert merged.moments["m"].first == whole.moments["m"].first
    assert merged.moments["m"].second == whole.moments["m"].second
    assert S.difference(merged.moments["m"], len(ws)) == S.difference(whole.moments["m"], len(ws))
