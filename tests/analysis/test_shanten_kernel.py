"""The compiled shanten kernel (mahjong_core/engine/shapes/kernel.py) answers as the pure path:
each kernel as its shape's own ``shanten``, and ``rules.shanten`` of plain notation as the
analysis without the kernel, on random hands and on hands near each shape (complete ones with
up to three tiles changed). Where it gives up, the pure path answers, errors included."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from harness import missing
from mahjong_core import Engine
from mahjong_core.engine import tiles as T
from mahjong_core.engine.analysis import NEVER
from mahjong_core.engine.shapes import ShapeInput, kernel

if kernel._kernel is None:
    missing("the compiled shanten kernel", "pip install -e . with a C compiler (setup.py builds it)")

ALL = frozenset(range(34))
KNITTED = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
ORPHAN_KINDS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
RULESETS = ("guobiao", "guobiao-2014", "popular", "sichuan", "sichuan-xueliu", "guangdong", "guangdong-100",
            "guangdong-tuidaohu", "guangdong-bao", "guangdong-jipinghu", "fuzhou", "fuzhou-classic")


@pytest.fixture(autouse=True)
def in_use(monkeypatch):
    monkeypatch.delenv("MAHJONG_CORE_PURE", raising=False)


def complete(rng: random.Random, shape: str) -> list[int]:
    """A complete 14-tile hand of ``shape``."""
    if shape == "seven_pairs":
        return [k for k in rng.sample(range(34), 7) for _ in range(2)]
    if shape == "thirteen_orphans":
        return list(ORPHAN_KINDS) + [rng.choice(ORPHAN_KINDS)]
    if shape == "nine_gates":
        s = 9 * rng.randrange(3)
        return [s + o for o, n in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)) for _ in range(n)] + [s + rng.randrange(9)]
    classes = rng.choice(KNITTED)
    knitted = [9 * i + r + 3 * k for i, r in enumerate(classes) for k in range(3)]
    if shape == "honors_and_knitted":
        return sorted(rng.sample(knitted + list(range(27, 34)), 14))
    # a knitted straight, a set and a pair; else the standard shape
    hand = list(knitted) if shape == "knitted_straight" else []
    while len(hand) < 12:
        if rng.random() < 0.5:
            t = rng.randrange(34)
            group = [t] * 3
        else:
            low = 9 * rng.randrange(3) + rng.randrange(7)
            group = [low, low + 1, low + 2]
        if all(hand.count(t) + group.count(t) <= 4 for t in group):
            hand += group
    pair = rng.choice([t for t in range(34) if hand.count(t) <= 2])
    return hand + [pair, pair]


def near(rng: random.Random, shape: str, size: int) -> list[int]:
    """``size`` tiles (13 or 14) near a complete hand of ``shape``: up to three tiles changed."""
    hand = complete(rng, shape)
    for _ in range(rng.randrange(4)):
        hand.remove(rng.choice(hand))
        t = rng.randrange(34)
        while hand.count(t) >= 4:
            t = rng.randrange(34)
        hand.append(t)
    if size == 13:
        hand.remove(rng.choice(hand))
    return sorted(hand)


def hands(seed: int, n: int) -> list[list[int]]:
    rng = random.Random(seed)
    out = []
    shapes = ("standard", "seven_pairs", "thirteen_orphans", "honors_and_knitted", "knitted_straight", "nine_gates")
    for i in range(n):
        size = 13 + i % 2
        if i % 4 == 0:
            wall = [k for k in range(34) for _ in range(4)]
            out.append(sorted(rng.sample(wall, size)))
        else:
            out.append(near(rng, shapes[i % len(shapes)], size))
    return out


def table_hands(kinds, size: int, seed: int, n: int):
    """``n`` hands of ``size`` and ``size + 1`` tiles in turn, of the given kinds: ``hands``'
    tiles of those kinds, topped up (or cut) at random."""
    for i, near_hand in enumerate(hands(seed, n)):
        rng = random.Random(i)
        hand = [t for t in near_hand if t in kinds][:size + i % 2]
        while len(hand) < size + i % 2:
            t = rng.choice(kinds)
            if hand.count(t) < 4:
                hand.append(t)
        yield i, sorted(hand), rng


def counts_of(hand) -> list[int]:
    c = [0] * 34
    for t in hand:
        c[t] += 1
    return c


def test_each_kernel_answers_as_its_shape():
    # every shape that names a kernel, on 1,200 hands, with and without chows, 4 and 5 sets needed
    shapes = {shape.kernel: (shape, args) for name in ("guobiao", "fuzhou")
              for shape, args, _ in Engine().load_ruleset(name).shapes}
    assert set(shapes) == set(kernel.KERNELS)
    checked = 0
    for hand in hands(3, 1200):
        counts = counts_of(hand)
        for need, chows in ((4, True), (4, False), (5, True)):
            inp = ShapeInput(tuple(counts), 0, (), need, chows, ALL, (0,) * 34)
            for name, (shape, args) in shapes.items():
                plan = kernel._step(name, args)
                got = kernel.counts_shanten(counts, need, chows, plan)
                want = shape.shanten(inp, **args)
                if got is None:             # the tables hold no suit of eight kinds or more without chows
                    assert not chows and any(sum(map(bool, counts[9 * s:9 * s + 9])) > 7 for s in range(3))
                    continue
                assert got == (NEVER if want is None else want), (name, T.format_tiles(hand), need, chows)
                checked += 1
    assert checked > 1200 * 3 * 7 * 0.95


@pytest.mark.parametrize("name", RULESETS)
def test_rules_shanten_answers_as_the_pure_path(name):
    rules = Engine().load_ruleset(name)
    analyzer = rules.analyzer
    assert analyzer._kernel is not None, f"{name}: every shape names a kernel, so it should take the kernel"
    seen = 0
    for _, hand, _ in table_hands(sorted(analyzer.kinds), rules.table.hand_size, 11, 1000):
        text = T.format_tiles(sorted(hand)).replace(" ", "")
        plan = analyzer._kernel
        fast = rules.shanten(text)
        analyzer._kernel = None
        try:
            pure = rules.shanten(text)
        finally:
            analyzer._kernel = plan
        assert fast == pure, (name, text)
        seen += 1
    assert seen == 1000


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=13, max_size=14).filter(lambda h: max(h.count(t) for t in h) <= 4))
def test_random_guobiao_hands_agree(hand):
    rules = GUOBIAO
    text = T.format_tiles(sorted(hand)).replace(" ", "")
    fast = rules.analyzer._kernel(text)
    saved, rules.analyzer._kernel = rules.analyzer._kernel, None
    try:
        pure = rules.shanten(text)
    finally:
        rules.analyzer._kernel = saved
    assert fast == pure


GUOBIAO = Engine().load_ruleset("guobiao")


@pytest.mark.parametrize("text", ["123m456p789s1122z 3z", "11111m56p789s1122z",
                                  "123m456p789s12", "123m456p789s", "123m456p789s11228z", "", "1f123m456p789s1122z"])
def test_what_the_kernel_does_not_read_goes_the_pure_way(text):
    # spaces, a fifth copy, digits without a suit, too few tiles, an 8z, nothing, a flower
    analyzer = GUOBIAO.analyzer
    assert analyzer._kernel(text) is None
    outcomes = []
    for plan in (analyzer._kernel, None):
        saved = analyzer._kernel
        analyzer._kernel = plan
        try:
            outcomes.append(("ok", GUOBIAO.shanten(text)))
        except Exception as e:              # the same refusal, word for word
            outcomes.append((type(e).__name__, str(e)))
        finally:
            analyzer._kernel = saved
    assert outcomes[0] == outcomes[1]


def test_a_kind_outside_the_tile_set_goes_the_pure_way():
    rules = Engine().load_ruleset("guangdong-100")       # no dots (p) in its tile set
    assert rules.analyzer._kernel("123m456p789s1122z") is None


def test_a_shape_without_a_kernel_leaves_the_ruleset_to_the_pure_path(monkeypatch):
    rules = Engine().load_ruleset("guobiao")
    shapes = [(shape, args, x) for shape, args, x in rules.shapes]
    assert kernel.plan_of(shapes) is not None
    first = shapes[0][0]
    import dataclasses
    shapes[0] = (dataclasses.replace(first, kernel=None), shapes[0][1], shapes[0][2])
    assert kernel.plan_of(shapes) is None
    assert kernel._step("seven_pairs", {"pairs": 7, "allow_four": False}) == bytes((1, 7, 0))
    assert kernel._step("seven_pairs", {"pairs": 7, "odd": 1}) is None      # arguments it does not take
    assert kernel._step("no_such_kernel", {}) is None


def test_pure_turns_it_off(monkeypatch):
    assert kernel.available()
    monkeypatch.setenv("MAHJONG_CORE_PURE", "1")
    assert not kernel.available()
    assert Engine().load_ruleset("guobiao").analyzer._kernel is None
    assert Engine().load_ruleset("guobiao").shanten("123m456p789s1122z") == 0


@pytest.mark.parametrize("name", RULESETS)
def test_rules_analyze_answers_as_the_pure_path(name):
    # 600 hands of 13/16 and 14/17 tiles, a third with their waits scored, a quarter with tiles seen
    rules = Engine().load_ruleset(name)
    analyzer = rules.analyzer
    kinds = sorted(analyzer.kinds)
    for i, hand, rng in table_hands(kinds, rules.table.hand_size, 5, 600):
        text = T.format_tiles(sorted(hand)).replace(" ", "")
        seen = None
        if i % 4 == 1:
            left = [t for t in kinds if hand.count(t) < 3]
            seen = T.format_tiles(sorted(rng.sample(left, 3))).replace(" ", "")
        assert analyzer._kernel_analyze(text) is not None
        fast = rules.analyze(text, seen=seen, waits=i % 3 == 0).to_dict()
        saved, analyzer._kernel_analyze = analyzer._kernel_analyze, None
        try:
            pure = rules.analyze(text, seen=seen, waits=i % 3 == 0).to_dict()
        finally:
            analyzer._kernel_analyze = saved
        assert fast == pure, (name, text, seen)


def test_analyze_refusals_are_the_pure_paths():
    # tiles seen that do not exist or make a fifth copy are refused as without the kernel
    analyzer = GUOBIAO.analyzer
    for seen in ("9z", "1111m", 5):
        outcomes = []
        for fast in (analyzer._kernel_analyze, None):
            saved, analyzer._kernel_analyze = analyzer._kernel_analyze, fast
            try:
                outcomes.append(GUOBIAO.analyze("1123m456p789s1122z", seen=seen).to_dict())
            except Exception as e:
                outcomes.append((type(e).__name__, str(e)))
            finally:
                analyzer._kernel_analyze = saved
        assert outcomes[0] == outcomes[1] and isinstance(outcomes[0], tuple), seen
