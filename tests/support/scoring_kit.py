"""Scoring by hand, to hold the engine's bounded search to: every reading scored and the best
chosen as ``score`` chooses (``exhaustive``), what a caller sees either way (``outcome``), random
hands with wilds; and the small house rulesets of the score-unit tests."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from mahjong_core import BelowMinimumError, Engine, MahjongError, RulesetError
from mahjong_core.engine.fans import FanCheck, FanContext
from mahjong_core.engine.scoring import fills
from mahjong_core.engine.shapes import Group

import handgen
from house_plugins import engine_with, overlay
from wildgen import FORMS, wildify

PAIRS_OR_RUNS = {"hand": "2233445566778m", "win_tile": "8m"}     # seven pairs and standard readings


def exhaustive(rules, situation, enforce_minimum=True):
    """Every reading scored, then the choice and the minimum as ``score`` makes them."""
    candidates = rules.candidates(situation)
    best = rules.choose(candidates)
    if enforce_minimum and best.minimum_points < rules.minimum:
        enough = [c for c in candidates if c.minimum_points >= rules.minimum]
        if not enough:
            raise BelowMinimumError("below the minimum", best)
        best = rules.choose(enough)
    return best


def outcome(rules, score, situation):
    """What a caller sees: the result and its explanation, or the error's result."""
    try:
        result = score(rules, situation)
    except BelowMinimumError as e:
        return "below", e.result.to_dict(), rules.explain(e.result)
    return "ok", result.to_dict(), rules.explain(result)


def result_or_message(rules, situation):
    """The result of scoring without the minimum, or the error's message."""
    try:
        return rules.score(situation, enforce_minimum=False)
    except MahjongError as e:
        return e.message


def general_and_every(rules, situations):
    """(``score_general``'s result, choosing among every reading's) for each of ``situations``
    the ruleset scores: what the tests of a fast route through the general path compare."""
    for sit in situations:
        try:
            got = rules.score_general(sit, enforce_minimum=False)
        except MahjongError:
            continue
        yield sit, got, rules.choose(rules.candidates(sit))


def read_hands(rules, situations):
    """(situation, parsed, readings) of each of ``situations`` the ruleset parses into a hand
    with readings."""
    for sit in situations:
        try:
            s = rules.parse(sit)
        except MahjongError:
            continue
        decs = rules.decompositions(s)
        if decs:
            yield sit, s, decs


def pure_and_compiled(monkeypatch, name: str) -> tuple:
    """Ruleset ``name`` built by an engine of its own under ``MAHJONG_CORE_PURE=1`` (compiled
    code unused), and by another with compiled code in use."""
    monkeypatch.setenv("MAHJONG_CORE_PURE", "1")
    pure = Engine().load_ruleset(name)
    monkeypatch.delenv("MAHJONG_CORE_PURE")
    return pure, Engine().load_ruleset(name)


def bounded(rules, situation):
    return rules.score(situation)


def random_hand(seed: int, k: int) -> dict:
    rng = random.Random(seed)
    while True:
        form = rng.choices([f for f, _ in FORMS], [w for _, w in FORMS])[0]
        sit = handgen.random_situation(rng, form)
        hand = sit if k == 0 else wildify(sit, rng, k)
        if hand is not None:
            return hand


# --------------------------------------------------------------------------- score units

SIT = {"hand": "123m456m789m123p5p", "win_tile": "5p"}     # a standard reading only: plain_win


def three(ctx):
    """Three fans at once, for the arithmetic."""
    return {"p": 1, "d": 2, "x": 1}


UNITS_FANS = """fans:
  p: {zh: 点, en: P, points: 3, check: house.three}
  d: {zh: 倍, en: D, doublings: 2, check: house.three}
  x: {zh: 奖, en: X, bonus: 5, check: house.three}
"""


def units_rules(tmp_path, params: str, name="house.yaml"):
    engine = engine_with(FanCheck("house.three", three))
    return engine.load_ruleset(overlay(tmp_path, f"scoring: {{value: {{formula: units, params: {params}}}}}\n"
                                       + UNITS_FANS, name))


def refused_at(tmp_path, text, line, message):
    """The overlay ``text`` of mini is refused with ``message`` at its ``line``."""
    engine = engine_with(FanCheck("house.found", lambda ctx: {}))
    path = overlay(tmp_path, text)
    with pytest.raises(RulesetError) as info:
        engine.load_ruleset(path)
    assert info.value.message.startswith(f"{path}:{line}: "), info.value.message
    assert message in info.value.message


def assert_group_classes_hold(rules, sit) -> int:
    """The promise of a ruleset's ``group_class``es (Guangdong's, a per_shape check's): readings
    of one shape whose groups have the same classes, as a multiset, get the same answer from
    every check asked of a reading, each asked on its own; and scoring's readings are every
    reading less some of such, in the same order. Returns how many readings had another's
    classes."""
    group_class = rules.readings.group_class
    assert group_class is not None, f"{rules.name}: no group classes"
    s = rules.parse(sit)
    every = rules.decompositions(s)
    scored = rules._decompositions(s, group_class)
    at = iter(every)
    assert all(any(d == e for e in at) for d in scored), "scored readings: not a subsequence"
    seen: dict = {}
    repeats = 0
    for dec in every:
        classes = Counter(group_class.group_class(Group(g.kind, g.tile)) for g in dec.groups)
        key = (dec.shape, frozenset(classes.items()))
        ctx = FanContext(s, dec, rules, {})
        answers = [entry.func(ctx, **entry.args) for entry in rules.plan.every]
        repeats += key in seen
        assert seen.setdefault(key, answers) == answers, (dec.groups, key)
    return repeats


def assert_fill_keys_hold(rules, sit) -> int:
    """The promise of a ruleset's ``fill_key``s (Guobiao's, Guangdong's): readings of a family (they differ only in what a
    group made of wilds only stands for) with equal keys get the same answer from every first
    check, each reading asked on its own. Returns how many readings had another's key."""
    s = rules.parse(sit)
    families: dict = {}
    repeats = 0
    for dec in rules.decompositions(s):
        if dec.family is None:
            continue
        family, at = dec.family
        ctx = FanContext(s, dec, rules, {})
        answers = [entry.func(ctx, **entry.args) for entry in rules.plan.head]
        other, seen = families.setdefault(family, (ctx, {}))
        key = tuple(fill(other, dec.groups[at]) for fill in fills.fill_keys_of(rules.plan))
        repeats += key in seen
        assert seen.setdefault(key, answers) == answers, (dec.groups[at], key)
    return repeats


def result_key(r) -> tuple:
    """What two scorings of a hand must agree on: total, value, fans, and the reading chosen."""
    d = r.decomposition
    return r.total, r.value, [(f.id, f.count) for f in r.fans], d.shape, d.groups, d.wild_as
