"""Memos stay bounded (shapes/suits.py "bounded memos"): a long-running process keeps meeting new
suit vectors, so every cache holds a bounded number of keys and the dict memos (core's and those
plugin shapes keep per suit record) are emptied together once one is full. Emptying them must
change no answer: the same hands give the same analysis, waits and scores with memos that fill
and empty every few hands as with memos that never do."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from mahjong_core import Engine
from mahjong_core.engine import tiles as T
from mahjong_core.engine.shapes import suits
from winning_hands import random_winning

ROOT = Path(__file__).resolve().parents[2]


def hands(seed: int, n: int, wilds: bool) -> list[dict]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        s = random_winning(rng, melds=rng.choice([0, 0, 1]))
        if wilds:
            s["wilds"] = T.name(rng.randrange(34))
        out.append(s)
    return out


def answers(rules, situations) -> list:
    """What each hand gives: its score (or the refusal), and for a concealed hand the analysis
    of its 14 tiles and the waits of its 13."""
    out = []
    for s in situations:
        try:
            r = rules.score(s, enforce_minimum=False)
            got = [r.total, r.value, sorted((f.id, f.count) for f in r.fans)]
        except Exception as e:          # a hand the ruleset refuses: the refusal is the answer
            got = [type(e).__name__, str(e)]
        if not s["melds"]:
            probe = {"hand": s["hand"] + s["win_tile"], **({"wilds": s["wilds"]} if "wilds" in s else {})}
            got.append(rules.analyze(probe).to_dict())
            got.append(rules.waits({"hand": s["hand"], **({"wilds": s["wilds"]} if "wilds" in s else {})}).tiles)
        out.append(got)
    return out


@pytest.mark.parametrize("name,wilds", [("guobiao", False), ("popular", True), ("guangdong-tuidaohu", False)])
def test_emptying_the_memos_changes_no_answer(monkeypatch, name, wilds):
    # 60 hands answered with room to spare, then again from empty memos that hold 40 keys each
    rules = Engine().load_ruleset(name)
    situations = hands(7, 60, wilds)
    suits.forget()
    plain = answers(rules, situations)
    monkeypatch.setattr(suits, "MEMO_LIMIT", 40)
    suits.forget()
    emptied = []
    real_forget = suits.forget
    monkeypatch.setattr(suits, "forget", lambda: (emptied.append(1), real_forget()))
    assert answers(rules, situations) == plain
    assert emptied, "the memos never filled: the test did not empty them"
    assert all(len(memo) <= 40 for memo in suits._MEMOS)


def test_plugin_memos_are_part_of_the_generation():
    # the memos plugin shapes keep per suit record (nine gates, the knitted straight) are emptied too
    from mahjong_guobiao import knitted_straight, nine_gates
    for memo in (nine_gates._GATES_SHANTEN, knitted_straight._HELD, knitted_straight._ORDERS):
        assert any(memo is m for m in suits._MEMOS)
    rules = Engine().load_ruleset("guobiao")
    rules.analyze({"hand": "147m258p369s1234z5m"})     # near a knitted straight: its memos fill
    rules.analyze({"hand": "1112345678999m1p"})        # near nine gates (a dict: the pure path)
    assert knitted_straight._HELD and knitted_straight._ORDERS and nine_gates._GATES_SHANTEN
    suits.forget()
    assert not knitted_straight._HELD and not knitted_straight._ORDERS and not nine_gates._GATES_SHANTEN


def test_remember_empties_every_memo_once_one_is_full(monkeypatch):
    monkeypatch.setattr(suits, "MEMO_LIMIT", 3)
    a, b = suits.suit_memo(), suits.suit_memo()
    try:
        for k in range(3):
            suits.remember(a, k, k)
        suits.remember(b, "x", 1)
        assert len(a) == 3 and b == {"x": 1}
        assert suits.remember(a, "new", 9) == 9     # a is full: both emptied, then the new key kept
        assert a == {"new": 9} and b == {}
    finally:
        suits._MEMOS.remove(a)
        suits._MEMOS.remove(b)


def test_no_cache_is_unbounded():
    # every functools cache in the engine and the plugins names its bound
    unbounded = re.compile(r"@(functools\.)?(lru_cache\(maxsize=None\)|cache\b)")
    found = [f"{p.relative_to(ROOT)}:{i}" for folder in ("mahjong_core", "plugins") for p in (ROOT / folder).rglob("*.py")
             for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if unbounded.search(line)]
    assert not found, f"unbounded caches: {found}"
