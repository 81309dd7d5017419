"""The numbers of a simulation, gathered exactly so that any split of the walls gives the same
report (docs/simulate.md "The report").

Every mean-type number is a ratio ΣY / ΣX of per-wall sums (a wall's hands under its seatings):
the draw rate is draws over hands, a fan's share is wins with it over wins, and so on. A chunk of
walls keeps, per metric, the sums of Y and X and of their products for ruleset A and B (ints and
Fractions, never floats), so chunks merge in any order to the same totals and floats appear only
in the final report. The 95 % interval of a ratio, and of the paired difference A − B on the same
walls, is the delta method's (linearised per wall, a normal interval); the quantiles of the hand
values take a paired bootstrap over walls drawn from a SHA-256 stream of the run's seed.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from mahjong_core.engine.settle.money import exact
from mahjong_core.engine.table.wall import below, number_stream

WINDS = ("E", "S", "W", "N")
Z95 = 1.959963984540054
BOOTSTRAP = 200
MONEY_KINDS = ("kongs", "horses", "not_ready", "liability")     # 杠, 马, 查大叫, 包


def money_kind(payment) -> str | None:
    """Which of ``MONEY_KINDS`` a payment is for, read from its reason's kinds (``Why``): a
    liability (包: one player pays all) first, then 查大叫, horses, kong money."""
    kinds = [w.kind for w in payment.why]
    if any("pays_all" in k or "liable" in k for k in kinds):
        return "liability"
    if "not_ready" in kinds:
        return "not_ready"
    if any("horse" in k for k in kinds):
        return "horses"
    if any(k.endswith("_kong") or k.startswith("kong_on") or k == "robbed_kong_chain" for k in kinds):
        return "kongs"
    return None


def _num(x):
    x = exact(x)
    return x if isinstance(x, int) else Fraction(x)


def wall_metrics(plays: Sequence, seats: int, players: bool) -> tuple[dict, list, dict]:
    """One wall's hands under one ruleset: metric → (Y, X), the values of its wins, fan id →
    (zh, en). ``players``: also the money per player (the bots differ)."""
    m: dict[str, tuple] = {}

    def add(name, y, x):
        oy, ox = m.get(name, (0, 0))
        m[name] = (oy + y, ox + x)

    values, names = [], {}
    n = len(plays)
    add("hands", n, 1)
    add("value_mean", 0, 0)
    for play in plays:
        winners = [e for e in play.record["events"] if e["type"] == "win"]
        add("draw_rate", 0 if winners else 1, 1)
        deltas = [_num(d) for d in play.settlement.deltas]
        for s in range(seats):
            add(f"money_per_hand.{WINDS[s]}", deltas[s], 1)
            if players:
                add(f"money_per_hand.player{(s - play.seating) % seats}", deltas[s], 1)
            won = [e for e in winners if e["seat"] == s]
            add(f"win_rate.{WINDS[s]}", len(won), 1)
            add(f"self_draw_share.{WINDS[s]}", sum("from" not in e for e in won), len(won))
        add("dealer_money_advantage", deltas[0] - Fraction(sum(deltas[1:], 0), seats - 1), 1)
        dealer_wins = sum(e["seat"] == 0 for e in winners)
        add("dealer_advantage", Fraction(dealer_wins) - Fraction(len(winners) - dealer_wins, seats - 1), 1)
        add("self_draw_share", sum("from" not in e for e in winners), len(winners))
        for result in play.wins:
            v = _num(result.value)
            values.append(v)
            add("value_mean", v, 1)
            for fan in result.fans:
                names.setdefault(fan.id, (fan.zh, fan.en))
        for result in play.wins:
            for fid in {fan.id for fan in result.fans}:
                add(f"fan.{fid}", 1, 0)
        total = sum((_num(p.amount) for p in play.settlement.payments), 0)
        for kind in MONEY_KINDS:
            add(f"money_share.{kind}", sum((_num(p.amount) for p in play.settlement.payments
                                            if money_kind(p) == kind), 0), total)
    wins = len(values)
    for name in [k for k in m if k.startswith("fan.")]:
        m[name] = (m[name][0], wins)
    m["value_mean"] = (m["value_mean"][0], wins)
    return m, values, names


@dataclass(slots=True)
class Moments:
    """Per metric: the sums of (YA, XA, YB, XB) over walls and of their pairwise products."""

    first: list = field(default_factory=lambda: [0, 0, 0, 0])
    second: list = field(default_factory=lambda: [0] * 10)

    def add(self, v: Sequence) -> None:
        k = 0
        for i in range(4):
            self.first[i] += v[i]
            for j in range(i, 4):
                self.second[k] += v[i] * v[j]
                k += 1

    def merge(self, other: "Moments") -> None:
        self.first = [a + b for a, b in zip(self.first, other.first)]
        self.second = [a + b for a, b in zip(self.second, other.second)]

    def square(self, c: Sequence) -> Fraction:
        """Σ_w (c · v_w)²."""
        out, k = Fraction(0), 0
        for i in range(4):
            for j in range(i, 4):
                out += (1 if i == j else 2) * c[i] * c[j] * self.second[k]
                k += 1
        return out


def _metric(metrics: dict, name: str) -> tuple:
    """(Y, X) of a metric on one wall; a fan no win of the wall had is (0, the wins)."""
    got = metrics.get(name)
    if got is not None:
        return got
    return (0, metrics["value_mean"][1]) if name.startswith("fan.") else (0, 0)


def with_wins(fan: Moments, wins: Moments) -> Moments:
    """A fan's moments with the terms of X alone taken from the wins' (``value_mean``), which
    count every wall, also those where no win had the fan."""
    first, second = list(fan.first), list(fan.second)
    first[1], first[3] = wins.first[1], wins.first[3]
    for k in (4, 6, 9):                 # XA², XA·XB, XB²
        second[k] = wins.second[k]
    return Moments(first, second)


@dataclass(slots=True)
class Partial:
    """The walls ``start`` … ``stop`` − 1 of one run: mergeable, order-free sums."""

    start: int
    stop: int
    moments: dict = field(default_factory=dict)
    values: list = field(default_factory=lambda: [[], []])      # per side, per wall: its wins' values
    names: dict = field(default_factory=dict)

    def add_wall(self, metrics: Sequence[dict], values: Sequence[list], names: Sequence[dict]) -> None:
        for side in range(len(metrics)):
            self.values[side].append(sorted(values[side]))
            for fid, pair in names[side].items():
                self.names.setdefault(fid, pair)
        keys = set(metrics[0]) | (set(metrics[1]) if len(metrics) > 1 else set())
        for name in keys:
            ya, xa = _metric(metrics[0], name)
            yb, xb = _metric(metrics[1], name) if len(metrics) > 1 else (0, 0)
            self.moments.setdefault(name, Moments()).add((ya, xa, yb, xb))

    def merge(self, other: "Partial") -> "Partial":
        """This chunk followed by ``other`` (the next walls)."""
        if other.start != self.stop:
            raise ValueError(f"chunks merge in order: walls {other.start}… after …{self.stop - 1}")
        for name, mo in other.moments.items():
            self.moments.setdefault(name, Moments()).merge(mo)
        for side in range(2):
            self.values[side].extend(other.values[side])
        for fid, pair in other.names.items():
            self.names.setdefault(fid, pair)
        self.stop = other.stop
        return self


# ------------------------------------------------------------------ the report's numbers
def _f(x) -> float | None:
    return None if x is None else round(float(x), 6)


def ratio(mo: Moments, side: int) -> Fraction | None:
    y, x = mo.first[2 * side], mo.first[2 * side + 1]
    return None if x == 0 else Fraction(y) / Fraction(x)


def difference(mo: Moments, walls: int) -> dict:
    """A − B with its paired 95 % interval (delta method over walls)."""
    ra, rb = ratio(mo, 0), ratio(mo, 1)
    if ra is None or rb is None or walls < 2:
        return {"a": _f(ra), "b": _f(rb), "difference": None, "ci95": None, "excludes_zero": False}
    a, b = Fraction(walls) / mo.first[1], Fraction(walls) / mo.first[3]
    var = mo.square((a, -a * ra, -b, b * rb)) / (walls * (walls - 1))
    half = Z95 * math.sqrt(max(0.0, float(var)))
    d = float(ra - rb)
    lo, hi = d - half, d + half
    return {"a": _f(ra), "b": _f(rb), "difference": _f(d), "ci95": [_f(lo), _f(hi)],
            "excludes_zero": lo > 0 or hi < 0}


def quantile(sorted_values: Sequence, q: Fraction):
    """The nearest-rank quantile (the smallest value with at least q of the values at or below)."""
    if not sorted_values:
        return None
    return sorted_values[max(0, math.ceil(q * len(sorted_values)) - 1)]


QUANTILES = {"median": Fraction(1, 2), "p90": Fraction(9, 10), "max": Fraction(1)}


def bootstrap(per_wall: Sequence[Sequence[list]], seed: int) -> dict:
    """Paired percentile intervals of the quantile differences A − B: walls drawn with
    replacement ``BOOTSTRAP`` times from the stream ``simulate/bootstrap`` of the seed."""
    walls = len(per_wall[0])
    stream = number_stream(seed, walls, "simulate/bootstrap")
    diffs = {name: [] for name in QUANTILES}
    for _ in range(BOOTSTRAP):
        picks = [below(stream, walls) for _ in range(walls)]
        a = sorted(v for w in picks for v in per_wall[0][w])
        b = sorted(v for w in picks for v in per_wall[1][w])
        for name, q in QUANTILES.items():
            qa, qb = quantile(a, q), quantile(b, q)
            if qa is not None and qb is not None:
                diffs[name].append(Fraction(qa) - Fraction(qb))
    out = {}
    for name, ds in diffs.items():
        ds.sort()
        if len(ds) < BOOTSTRAP:
            out[name] = None
        else:
            out[name] = (ds[int(0.025 * BOOTSTRAP)], ds[int(0.975 * BOOTSTRAP) - 1])
    return out


def histogram(values: Sequence) -> list[dict]:
    counts: dict = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    return [{"value": _f(v) if isinstance(v, Fraction) else v, "count": c} for v, c in sorted(counts.items())]


def _number(x):
    """An exact sum as a JSON number: an int when whole."""
    x = Fraction(x)
    return int(x) if x.denominator == 1 else _f(x)


def _moments(part: Partial, name: str) -> Moments:
    mo = part.moments.get(name, Moments())
    return with_wins(mo, part.moments["value_mean"]) if name.startswith("fan.") else mo


def side_report(part: Partial, side: int, name: str, fingerprint: str, seats: int, players: int) -> dict:
    """One ruleset's numbers."""
    r = lambda metric: _f(ratio(_moments(part, metric), side))     # noqa: E731
    values = sorted(v for wall in part.values[side] for v in wall)
    fans = sorted(((ratio(_moments(part, k), side), k[4:]) for k in part.moments if k.startswith("fan.")
                   and part.moments[k].first[2 * side]), key=lambda t: (-t[0], t[1]))
    shares = {k: r(f"money_share.{k}") for k in MONEY_KINDS
              if any(part.moments.get(f"money_share.{k}", Moments()).first[i] for i in (0, 2))}
    out = {"name": name, "fingerprint": fingerprint, "walls": part.stop - part.start,
           "hands": part.moments["hands"].first[2 * side], "draw_rate": r("draw_rate"),
           "self_draw_share": r("self_draw_share"),
           "seats": [{"seat": s, "wind": WINDS[s], "win_rate": r(f"win_rate.{WINDS[s]}"),
                      "self_draw_share": r(f"self_draw_share.{WINDS[s]}"),
                      "money_per_hand": r(f"money_per_hand.{WINDS[s]}"),
                      "money_total": _number(part.moments[f"money_per_hand.{WINDS[s]}"].first[2 * side])}
                     for s in range(seats)],
           "dealer_advantage": {"win_rate": r("dealer_advantage"), "money_per_hand": r("dealer_money_advantage")},
           "value": {"wins": len(values), "mean": r("value_mean"),
                     **{q: _f(quantile(values, f)) for q, f in QUANTILES.items()},
                     "histogram": histogram(values)},
           "fans": [{"id": fid, "zh": part.names.get(fid, ("", ""))[0], "en": part.names.get(fid, ("", ""))[1],
                     "share": _f(share)} for share, fid in fans],
           "money_shares": shares}
    if players:
        out["players"] = [{"player": p, "money_per_hand": r(f"money_per_hand.player{p}")} for p in range(seats)]
    return out


def report(part: Partial, *, seed: int, bots: Sequence[str], seatings: int, rulesets: Sequence[tuple],
           same_walls: bool, seats: int = 4) -> dict:
    """The JSON report: ``rulesets`` is ((name, fingerprint), …), one or two (A, then B)."""
    players = len(set(bots)) > 1
    walls = part.stop - part.start
    out = {"ok": True, "seed": seed, "hands": walls, "seatings": seatings, "bots": list(bots),
           "rulesets": [side_report(part, i, n, f, seats, players) for i, (n, f) in enumerate(rulesets)]}
    if len(rulesets) == 2:
        out["same_walls"] = same_walls
        diffs = [{"metric": name, **difference(_moments(part, name), walls)}
                 for name in sorted(part.moments) if name != "hands" and not (
                     name.startswith("money_share.") and not any(part.moments[name].first[i] for i in (0, 2)))]
        boot = bootstrap(part.values, seed) if walls > 1 else {}
        for q in QUANTILES:
            a, b = out["rulesets"][0]["value"][q], out["rulesets"][1]["value"][q]
            ci = boot.get(q)
            d = None if a is None or b is None else _f(Fraction(a) - Fraction(b))
            diffs.append({"metric": f"value_{q}", "a": a, "b": b, "difference": d,
                          "ci95": None if ci is None else [_f(ci[0]), _f(ci[1])],
                          "excludes_zero": ci is not None and (ci[0] > 0 or ci[1] < 0)})
        out["differences"] = diffs
    return out
