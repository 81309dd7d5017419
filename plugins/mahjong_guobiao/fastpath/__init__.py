"""Guobiao's fast path: ``Ruleset.score`` of a standard hand for the shipped Guobiao rulesets,
with the general path's result, without its machinery.

The one door is ``scorer(ruleset)`` (the plugin's ``mahjong_fast_scorer``). It offers a scorer
only for a ruleset whose scoring tables are exactly ones this path was checked on: the
``scoring_signature`` of the compiled ruleset (every fan's points, check, exclusions and the
other finishing fields; the options; the shapes; the table; the minimums, fallback, prefer and
value formula; the checks the plan asks, in order) must be in ``VERIFIED``. Any change — a club
overlay changing a fan's points or an option — gives another signature, and the ruleset is
scored by the general path alone. tests/guobiao/test_fastpath.py recomputes the signatures of
the shipped rulesets and compares the two paths on every golden and oracle hand and on random
hands.

For a hand it serves (no wilds; no other shape could read it: ``readings.special_possible``),
the scorer enumerates the standard readings on count vectors (the engine's ``standard_splits``:
per-suit split tables keyed by each suit's count vector), finds each
reading's fans in one pass (``fans.Hand``), totals them through the exclusion table (every fan
found, then every fan any of them excludes dropped, then the fallback 无番和 when no fan that
rules it out remains) and finishes only the readings that tie for the best total, through the
ruleset's own finisher and choice, so the record (fans, listing order, excluded, minimum points,
the tie-break) is the general path's. A result below an enforced minimum raises the general path's
BelowMinimumError (``Ruleset.below_minimum``) when every reading is below it too (``below_is_final``).
Anything else — a special shape possible, no standard reading — returns None and the general path
scores it.
"""
from __future__ import annotations

from mahjong_core.plugin import Decomposition, Group, sha256_hex, standard_splits, win_method

from .compiled import compiled_fans
from .fans import Hand, rules_of
from .parse import QuickParse
from .readings import special_possible

# the scoring signatures of guobiao, guobiao-2014 and guobiao-strict98, each checked against the
# general path (tests/guobiao/test_fastpath.py, benchmarks/diff_guobiao.py)
VERIFIED = frozenset({
    "866803cd899490688d038362496b249905de094ecef6289da1dd2519ddf100d0",     # guobiao
    "d7e074d7f38fb40216134529a2887173fa8e333a49569e9023d869ba9eb8413e",     # guobiao-2014
    "ace1588a94b824ca21d334c84a03ff2f247fe0b503dbe7e6c485634fa290a23d",     # guobiao-strict98
})


def scoring_signature(ruleset) -> str:
    """SHA-256 of everything scoring reads of ``ruleset`` besides the plugins' code: names and
    docs left out, so only a change to how a hand scores changes it."""
    fans = tuple((r.id, r.points, r.check, sorted(r.args.items()), r.excludes, sorted(r.reduces.items()),
                  r.counts_to_minimum, r.dropped_above, r.unit, r.tier, r.rules_out_fallback)
                 for r in ruleset.fan_rules)
    shapes = tuple((shape.id, sorted(args.items()), shape.melds, shape.win_methods)
                   for shape, args, _ in ruleset.shapes)
    plan = ruleset.plan
    checks = tuple((e.check_id, sorted(e.args.items()), f"{e.func.__module__}.{e.func.__qualname__}")
                   for e in tuple(plan.per_hand) + tuple(plan.every))
    parts = (fans, sorted(ruleset.options.items()), shapes, repr(ruleset.table), sorted(ruleset.minimums.items()),
             ruleset.fallback, sorted(ruleset.fallback_besides), ruleset.prefer, ruleset.value_formula_id,
             sorted(ruleset.value_params.items()), ruleset.validators, checks)
    return sha256_hex(repr(parts).encode())


def scorer(ruleset):
    """The fast scorer of ``ruleset``, or None when its scoring is not one this path was checked on."""
    if scoring_signature(ruleset) not in VERIFIED:
        return None
    return FastScorer(ruleset).score


class FastScorer:
    """One verified ruleset's fast path (see the module's docstring)."""

    def __init__(self, ruleset):
        self.ruleset = ruleset
        self.parser = QuickParse(ruleset)
        self.rules = rules_of(ruleset)
        self.finisher = ruleset.finisher
        self.minimums = ruleset.minimums
        rules = ruleset.fan_rules
        self.points = {r.id: r.points for r in rules}
        self.excludes = {r.id: frozenset(r.excludes) for r in rules if r.excludes}
        self.blocks_fallback = frozenset(r.id for r in rules
                                         if r.counts_to_minimum and r.id not in ruleset.fallback_besides)
        self.fallback_points = self.points[ruleset.fallback] if ruleset.fallback is not None else None
        # every fan not counted toward the minimum comes once per hand and nothing takes it away:
        # then every reading's total less its points toward the minimum is the same, so when the
        # best reading is below the minimum every reading is
        per_hand = {fid for e in ruleset.plan.per_hand for fid in e.ids}
        taken = {x for r in rules for x in (*r.excludes, *r.reduces)}
        self.below_is_final = all(r.id in per_hand and r.id not in taken for r in rules if not r.counts_to_minimum)
        self.compiled = compiled_fans(self)     # None: the Python loop below finds the fans

    def total(self, found: dict) -> int:
        """The finished total of the fans found, from the exclusion table."""
        gone: set = set()
        excludes = self.excludes
        for fid in found:
            ex = excludes.get(fid)
            if ex is not None:
                gone |= ex
        points = self.points
        blocks = self.blocks_fallback
        total = 0
        blocked = False
        for fid, n in found.items():
            if fid not in gone:
                total += points[fid] * n
                if fid in blocks:
                    blocked = True
        if not blocked and self.fallback_points is not None:
            total += self.fallback_points
        return total

    def score(self, situation, enforce_minimum: bool):
        """``Ruleset.score`` of ``situation``: parsed (``parse``), then scored here when it is a
        standard hand no other shape could read, else by the general path."""
        s, counts = self.parser.parse(situation)
        ruleset = self.ruleset
        if enforce_minimum and len(ruleset.win_methods) < 3:
            ruleset.check_win_method(s)
        result = self.standard(s, counts) if not s.wilds else None
        if result is None:
            return ruleset.score_parsed(s, enforce_minimum)
        if enforce_minimum and result.minimum_points < self.minimums[win_method(s)]:
            if self.below_is_final:
                raise ruleset.below_minimum(s, result)
            return ruleset.score_parsed(s, enforce_minimum)
        return result

    def tied(self, s, counts: list, tiles: tuple, readings: list) -> list:
        """(sets, pair, fans found) of each reading tied for the best total, in reading order:
        the reference the compiled fans are held to."""
        meld_counts = [0] * 34
        for m in s.melds:
            for t in m.tiles:
                meld_counts[t] += 1
        hand = Hand(s, self.rules, counts, meld_counts, tiles)
        best = -1
        tied: list = []
        for sets, pair in readings:
            found = hand.found(sets, pair)
            total = self.total(found)
            if total > best:
                best, tied = total, [(sets, pair, found)]
            elif total == best:
                tied.append((sets, pair, found))
        return tied

    def standard(self, s, counts: list):
        """The best standard reading of ``s`` (``counts``: its standing tiles and winning tile),
        or None when another shape could read the hand or none reads it."""
        melds = s.melds
        if special_possible(counts, bool(melds), s.win_tile):
            return None
        readings = standard_splits(counts, 4 - len(melds), True)
        if not readings:
            return None
        tiles = tuple(sorted(s.hand + (s.win_tile,)))
        if self.compiled is not None:
            _, best_readings = self.compiled.best(s, counts, readings)
            tied = [readings[i] + (found,) for i, found in best_readings]
        else:
            tied = self.tied(s, counts, tiles, readings)
        meld_groups = tuple(Group(m.kind, m.tile, 0, i) for i, m in enumerate(melds))
        finish = self.finisher.finish
        candidates = [finish(s, Decomposition("standard", meld_groups + sets + (pair,), tiles), found)
                      for sets, pair, found in tied]
        return candidates[0] if len(candidates) == 1 else self.ruleset.choose(candidates)
