"""Finishing a reading: the fans its checks found (id → count) become a ScoreResult.

The finishing rules, in the order they apply: exclusions (``excludes``, with what
``excluded_by`` and ``tier`` add), reductions (``reduces``), the fallback fan
(``scoring.fallback``, when no counting fan remains besides those with ``rules_out_fallback:
false``, given as ``fallback_besides``), then drops (``dropped_when_others_exceed``). Each rule
is written here twice, side by side: exactly (``finish``), and as a bound (``settled``: at most what the
reading can still total before the checks still to ask, for the bounded search). A new finishing
rule goes into both, next to each other.

Under the ``units`` value formula the bound is kept per unit (``units.Units``: points, doublings,
bonus, each bounded on its own; the value is monotone in each) and the search compares values;
otherwise it is the plain points, which are the value.
"""
from __future__ import annotations

import math
from typing import NamedTuple
from collections.abc import Mapping

from ..fans import Fan
from ..results import ScoreResult
from . import units as U


class FanInfo(NamedTuple):
    """What finishing needs of one fan."""

    order: tuple                # listing order: points, highest first, then YAML order
    fan: Fan                    # the fan with count 1
    points: int
    counts: bool                # counts toward the minimum
    totals: int                 # what one occurrence adds to ``total`` and toward the minimum: 0 for a
                                # unit not in total_units


class Finisher:
    """A ruleset's finishing rules, exact and as bounds (see the module's docstring)."""

    def __init__(self, name: str, fan_rules, fallback: str | None, fallback_besides: frozenset,
                 value_formula, value_params: dict, value_needed: bool, total_units: frozenset = frozenset(U.UNITS)):
        self.name = name
        self._info = {r.id: FanInfo((-r.points, i), Fan(r.id, r.zh, r.en, r.points, 1, r.unit), r.points,
                                    r.counts_to_minimum, r.points if r.unit in total_units else 0)
                      for i, r in enumerate(fan_rules)}
        self._points = {r.id: r.points for r in fan_rules}
        # under ``units`` the bound adds per unit: each fan's amount as Units
        self.units = value_formula is U.units_value
        self.zero = U.Units() if self.units else 0
        self._amounts = {r.id: U.of(r.unit, r.points) for r in fan_rules} if self.units else self._points
        self._value = value_formula
        self._value_params = value_params
        self._value_needed = value_needed
        # exclusions: per fan, the fans it excludes; ``apart``: the fans that can never count
        # beside it (it excludes them, or they exclude it)
        self._excludes = {r.id: r.excludes for r in fan_rules if r.excludes}
        apart: dict[str, set] = {}
        for r in fan_rules:
            for x in r.excludes:
                if x != r.id:
                    apart.setdefault(r.id, set()).add(x)
                    apart.setdefault(x, set()).add(r.id)
        self.apart = {fid: frozenset(xs) for fid, xs in apart.items()}
        # reductions: (fan, ((reduced fan, by how many per copy), ...))
        self._reduces = tuple((r.id, tuple(r.reduces.items())) for r in fan_rules if r.reduces)
        # per fan: the fans it excludes or reduces (what finding it may still take away)
        self.exposes = {r.id: frozenset(r.excludes) | frozenset(r.reduces) for r in fan_rules
                        if r.excludes or r.reduces}
        # the fallback, and the counting fans whose presence rules it out
        self.fallback = fallback
        self.fallback_points = None if fallback is None else self._amounts[fallback]
        self._blocks_fallback = frozenset(r.id for r in fan_rules
                                          if r.counts_to_minimum and r.id not in fallback_besides)
        # drops: (fan, the others' total above which it is dropped)
        self._dropped = tuple((r.id, r.dropped_above) for r in fan_rules if r.dropped_above is not None)
        self._drop_ids = frozenset(fid for fid, _ in self._dropped)
        # a reading's score is bounded by its fans only when every rule above only takes away
        # and the value is the total, or ``units`` (monotone in each unit)
        self.bounded = (not value_needed or self.units) and all(r.points >= 0 for r in fan_rules) \
            and all(n >= 0 for _, reduces in self._reduces for _, n in reduces)

    # ------------------------------------------------------------------ exact and bound, rule by rule
    def finish(self, s, dec, found: dict[str, int]) -> ScoreResult:
        """The reading's result: every finishing rule applied to ``found`` (which it changes)."""
        excluded = self._exclude(found) if self._excludes else {}
        if self._reduces:
            self._reduce(found, excluded)
        if self.fallback is not None and self.fallback not in found:
            self._add_fallback(found)
        dropped = self._drop(found) if self._dropped else ()
        return self._result(s, dec, found, excluded, dropped)

    def settled(self, found: dict, choices, exposed: frozenset) -> tuple:
        """(at most the reading's finished total before the checks still to ask, the part of it
        that does not rule the fallback out, or -inf when a fan that stays rules it out):
        ``finish`` as far as it is already decided. ``exposed``: the fans the checks still to ask
        may exclude or reduce (an open choice's fans add theirs); an open choice counts at its
        best."""
        if choices:
            exposes = self.exposes
            exposed = exposed.union(*(exposes.get(fid, ()) for c in choices for a in c.values() for fid in a))
        kept = found
        exact = True          # every fan not exposed keeps its count to the end
        if self._excludes or self._reduces:
            kept = dict(found)
            if self._excludes:
                self._exclude(kept)
            if self._reduces:
                exact = self._reduce_bound(kept, exposed)
        total, free = self.points(kept)
        if exact and self.fallback_points is not None and free < total:
            free = self._fallback_bound(kept, free, exposed)
        if self._dropped and exact and not self.units:      # (under units the drops are not counted on)
            total, free = self._drop_bound(kept, total, free, exposed)
        if choices:
            for c in choices:
                extra = self.best_points(c)
                total += extra
                free += extra
        return total, free

    # exclusions — exact and bound alike: a fan found excludes for certain
    def _exclude(self, found: dict) -> dict[str, list[str]]:
        """Take out of ``found`` the fans that fans found exclude; return the excluders of each."""
        excludes = self._excludes
        excluded: dict[str, list[str]] = {}
        for fid in found:
            ex = excludes.get(fid)
            if ex is not None:
                for x in ex:
                    if x in found:
                        if x in excluded:
                            excluded[x].append(fid)
                        else:
                            excluded[x] = [fid]
        for fid in excluded:
            del found[fid]
        return excluded

    # reductions
    def _reduce(self, found: dict, excluded: dict) -> None:
        """Each reducer found lowers the count of the fans it reduces (noted as excluders)."""
        for fid, reduces in self._reduces:
            if fid in found:
                for x, n in reduces:
                    if x in found:
                        found[x] -= n * found[fid]
                        excluded.setdefault(x, []).append(fid)

    def _reduce_bound(self, kept: dict, exposed: frozenset) -> bool:
        """The reductions, unless a reducer found is ``exposed`` (a later check may take it away):
        then none is applied (a reduction only takes away) and False says the counts are not
        final."""
        reducers = [(fid, reduces) for fid, reduces in self._reduces if fid in kept]
        if not reducers:
            return True
        if any(fid in exposed for fid, _ in reducers):
            return False
        for fid, reduces in reducers:
            if fid in kept:
                for x, n in reduces:
                    if x in kept:
                        kept[x] -= n * kept[fid]
        return True

    # the fallback
    def _add_fallback(self, found: dict) -> None:
        """The fallback fan, when no fan found rules it out."""
        blocking = self._blocks_fallback
        for fid, n in found.items():
            if n > 0 and fid in blocking:
                return
        found[self.fallback] = 1

    def _fallback_bound(self, kept: dict, free: float, exposed: frozenset) -> float:
        """``free``, or -inf when a fan that rules the fallback out stays whatever comes later
        (exclusions and reductions are settled, drops come after the fallback)."""
        blocking = self._blocks_fallback
        for fid, n in kept.items():
            if n > 0 and fid in blocking and fid not in exposed:
                return -math.inf
        return free

    def ceiling(self, raw, free, room) -> float:
        """The most a reading can total once finished — under ``units``, the most its value can
        be — from its ``settled`` points and ``room`` for the checks not asked yet: the fallback
        comes only beside fans that do not rule it out. (``search.finish_above`` has the plain
        case inline.)"""
        if self.units:
            if self.fallback_points is not None and isinstance(free, U.Units):
                raw = raw.top(self.fallback_points + free)
            top = raw + room
            return U.of_amounts(top[0], top[1], top[2], **self._value_params)
        if self.fallback_points is None:
            return raw + room
        return max(raw, self.fallback_points + free) + room

    # drops
    def _drop(self, found: dict) -> tuple:
        """Drop each fan whose limit the others' total exceeds: ((fan, others, limit), ...)."""
        points = self._points
        dropped = ()
        for fid, limit in self._dropped:
            if found.get(fid, 0) > 0:
                others = sum(points[f] * m for f, m in found.items() if m > 0 and f != fid)
                if others > limit:
                    del found[fid]
                    dropped += ((fid, others, limit),)
        return dropped

    def _drop_bound(self, kept: dict, total, free, exposed: frozenset) -> tuple:
        """(total, free) less the fans whose drop is certain: the others exceed the limit without
        the exposed fans and without any fan that may itself be dropped."""
        points = self._points
        drops = self._drop_ids
        unsure = sum(points[f] * n for f, n in kept.items() if n > 0 and (f in exposed or f in drops))
        for fid, limit in self._dropped:
            n = kept.get(fid, 0)
            if n > 0 and total - unsure > limit:
                own = points[fid] * n
                total -= own
                unsure -= own
                if fid not in self._blocks_fallback:
                    free -= own
        return total, free

    # ------------------------------------------------------------------ points
    def points(self, found: Mapping) -> tuple:
        """(points of ``found``, the part that does not rule the fallback fan out); under
        ``units``, as Units."""
        points = self._amounts
        blocking = self._blocks_fallback
        raw = free = self.zero
        for fid, n in found.items():
            if n > 0:
                p = points[fid] * n
                raw += p
                if fid not in blocking:
                    free += p
        return raw, free

    def best_points(self, options: Mapping) -> float:
        """The points of an open choice's best answer (under ``units``, the best per unit)."""
        if self.units:
            best = None
            for answer in options.values():
                raw, _ = self.points(answer)
                best = raw if best is None else best.top(raw)
            return best
        best = -math.inf
        for answer in options.values():
            raw, _ = self.points(answer)
            if raw > best:
                best = raw
        return best

    def _result(self, s, dec, found: dict, excluded: dict, dropped: tuple) -> ScoreResult:
        """The fans left, listed, totalled and valued."""
        info = self._info
        minimum_points = 0
        total = 0
        keyed = []
        for fid, n in found.items():
            if n > 0:
                order, template, points, counts, totals = info[fid]
                if n == 1:
                    keyed.append((order, template))
                    total += totals
                    if counts:
                        minimum_points += totals
                else:
                    keyed.append((order, Fan(template.id, template.zh, template.en, points, n, template.unit)))
                    total += totals * n
                    if counts:
                        minimum_points += totals * n
        keyed.sort()
        fans = tuple([f for _, f in keyed])
        value = self._value(total, fans, s, **self._value_params) if self._value_needed else total
        return ScoreResult(self.name, total, value, fans, dec, s, minimum_points,
                           tuple([(fid, tuple(by)) for fid, by in excluded.items()]) if excluded else (), dropped)
