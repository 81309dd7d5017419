"""Popular's compiled tail answers (answers.py, ``_patterns.patterns``; the plugin's
``mahjong_tail_answers``) against asking its pattern checks of each reading, the reference: on
random winning hands with 0–4 wilds under both popular rulesets, the same fans with the same
counts in the same order for every reading; scoring with them gives what scoring every reading
and choosing gives; and the engine leaves them unused where they could change a result.
"""
from __future__ import annotations

import random

import pytest

import mahjong_core
from harness import missing
from mahjong_core.engine.errors import PluginError
from mahjong_core.engine.fans import FanContext
from mahjong_core.engine.scoring.ask import ask
from mahjong_core.engine.scoring.tails import TailAnswered
from mahjong_core.plugin import TailAnswers
from mahjong_popular import answers as popular_answers

import handgen
from scoring_kit import general_and_every, pure_and_compiled, read_hands, result_or_message
from wildgen import FORMS, wildify

if popular_answers._patterns is None:
    missing("popular's compiled pattern checks", "pip install -e . with a C compiler (setup.py builds it)")

NAMES = ("popular", "popular-lianzhong")


@pytest.fixture(autouse=True)
def in_use(monkeypatch):
    monkeypatch.delenv("MAHJONG_CORE_PURE", raising=False)


@pytest.fixture(scope="module")
def rulesets():
    """Both rulesets, built by an engine of their own with compiled code in use (whatever the
    environment says: the answers are what is tested)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.delenv("MAHJONG_CORE_PURE", raising=False)
        engine = mahjong_core.Engine()
        return {name: engine.load_ruleset(name) for name in NAMES}


def hands(seed: int, n: int):
    """``n`` random winning situations with 0–4 wilds, pattern hands (shifted sets, dragons)
    among them."""
    rng = random.Random(seed)
    made = 0
    while made < n:
        form = rng.choices([f for f, _ in FORMS], [w for _, w in FORMS])[0]
        sit = handgen.random_situation(rng, form)
        sit.pop("flowers", None)
        k = rng.randint(0, 4)
        turned = wildify(sit, rng, k) if k else dict(sit)
        if turned is None:
            continue
        made += 1
        yield turned


# a hand for each four-set fan (rare among random hands), and 混龙: 111m 222p 333s 444m (pungs
# from ranks 1–4 over three suits), 123m 234p 345s 456m (chows so), 123m 456p 789m (two suits)
CRAFTED = ({"hand": "111m222p333s444m5z", "win_tile": "5z"}, {"hand": "123456m234p345s5z", "win_tile": "5z"},
           {"hand": "123789m456p11z", "win_tile": "1z", "melds": [{"type": "pung", "tiles": "777z", "from": "left"}]})


def popular_answer(rules):
    """Popular's answer among the ruleset's tail answers: (the entries, the function)."""
    (got,) = [(entries, fn) for entries, fn in rules.readings.tail_answers.answers
              if any(e.check_id.startswith("popular.") for e in entries)]
    return got


def asked(rules, s, dec, entries) -> list:
    """The fans of ``entries`` (plan entries) asked of one reading in the plan's order."""
    found: dict = {}
    assert ask(entries, FanContext(s, dec, rules, {}), found) is None
    return list(found.items())


@pytest.mark.parametrize("name", NAMES)
def test_answers_are_the_checks(rulesets, name):
    rules = rulesets[name]
    answered, answer = popular_answer(rules)
    entries = [t.entry for t in rules.plan.tail if t.entry in answered]
    # every pattern check of the tail but 四方大发 (read per value of a wild winning tile)
    assert {e.check_id for e in entries} == {"popular.mixed_shifted", "popular.mixed_dragon", "popular.pair_258",
                                            "popular.terminal_pair"}
    readings = fired = 0
    seen_fans: set = set()
    for sit, s, decs in read_hands(rules, [*CRAFTED, *hands(3, 500)]):
        got = answer(s, decs)
        assert len(got) == len(decs)
        for dec, fans in zip(decs, got):
            readings += 1
            assert list(fans.items()) == asked(rules, s, dec, entries), (name, sit, dec)
            fired += bool(fans)
            seen_fans.update(fans)
    # not vacuous: many readings, many of them with a fan, every fan answered seen
    assert readings > 5000 and fired > 1000, (readings, fired)
    assert seen_fans == {r.id for e in entries for r in e.rules}, seen_fans


@pytest.mark.parametrize("name", NAMES)
def test_scoring_with_them_is_scoring_every_reading(rulesets, name):
    rules = rulesets[name]
    for sit, got, want in general_and_every(rules, hands(5, 300)):
        assert (got.total, got.value, got.fans, got.decomposition, got.excluded) == \
            (want.total, want.value, want.fans, want.decomposition, want.excluded), (name, sit)


def test_a_check_left_before_them_that_excludes_turns_them_off(rulesets):
    """四方大发 (a tail check before the answered ones, whose fan excludes others) stays in a
    hand of winds and 发 only: its fans would be listed after the answered ones', so the hand is
    scored without the answers (``CheckPlan.left`` is None), and as every reading scores it."""
    rules = rulesets["popular"]
    answered = rules.readings.tail_answers.entries
    sit = {"hand": "111z222z333z44z66z", "win_tile": "4z", "wilds": "6z", "self_drawn": True}
    s = rules.parse(sit)
    tail = rules.plan.hand_tail(s)
    assert "popular.four_winds_green_pair" in [t.entry.check_id for t in tail.checks]
    assert rules.plan.left(tail, answered) is None
    # elsewhere the pattern checks (popular's) and the waits (Guobiao's) are all answered: no room
    whole = rules.plan.hand_tail(rules.parse({"hand": "123m456p789s11z22z", "win_tile": "2z"}))
    left = rules.plan.left(whole, answered)
    assert left.checks == () and left.room[0] == 0 < whole.room[0]
    got = rules.score_general(sit, enforce_minimum=False)
    assert got == rules.choose(rules.candidates(sit))


def test_a_golden_hand_through_the_answers(rulesets):
    """123m 234p 345m 567s 55p: chows from ranks 1, 2 and 3 over two suits (m, p) — 混三步
    (``mixed_shifted``, kind chow, length 3, suits 2); the pair 55p is a 5 — 二五八将. No chow
    from rank 4 (no run of four ranks), no 123/456/789 of chows (no 混龙), no 1 or 9 pair."""
    rules = rulesets["popular"]
    s = rules.parse({"hand": "123345m234p567s5p", "win_tile": "5p"})
    decs = rules.decompositions(s)
    got = popular_answer(rules)[1](s, decs)
    wanted = [fans for dec, fans in zip(decs, got)
              if sorted((g.kind, g.tile) for g in dec.groups) == [("chow", 0), ("chow", 2), ("chow", 10), ("chow", 22),
                                                                  ("pair", 13)]]
    assert wanted == [{"mixed_three_shifted_chows": 1, "pair_258": 1}]


def test_an_answer_naming_other_checks_is_a_plugin_error(rulesets):
    rules = rulesets["popular"]
    head, tail = rules.plan.head[0], rules.plan.tail[-1].entry
    with pytest.raises(PluginError, match="not tail checks"):
        TailAnswered("house", rules.plan, [TailAnswers((head,), lambda s, decs: None)])
    with pytest.raises(PluginError, match="no checks"):
        TailAnswered("house", rules.plan, [TailAnswers((), lambda s, decs: None)])
    with pytest.raises(PluginError, match=f"two mahjong_tail_answers answers name the tail check '{tail.check_id}'"):
        TailAnswered("house", rules.plan, [TailAnswers((tail,), lambda s, decs: None)] * 2)


def test_an_answer_out_of_turn_is_left_out(rulesets):
    """Answers' fans go in answer after answer: an answer whose checks that may exclude a fan
    come before an earlier answer's is left out (its checks are asked), one after them kept."""
    rules = rulesets["popular"]
    exposing = [t.entry for t in rules.plan.tail if t.exposes]
    assert len(exposing) >= 2
    early, late = exposing[0], exposing[-1]
    nothing = lambda s, decs: None      # noqa: E731
    kept = TailAnswered("house", rules.plan, [TailAnswers((late,), nothing), TailAnswers((early,), nothing)])
    assert [entries for entries, _ in kept.answers] == [frozenset({late})]
    kept = TailAnswered("house", rules.plan, [TailAnswers((early,), nothing), TailAnswers((late,), nothing)])
    assert [entries for entries, _ in kept.answers] == [frozenset({early}), frozenset({late})]


@pytest.mark.parametrize("name", NAMES)
def test_turned_off_the_checks_answer(monkeypatch, name):
    """``MAHJONG_CORE_PURE=1`` when the ruleset is built: no tail answers, the same results."""
    pure, fast = pure_and_compiled(monkeypatch, name)
    assert pure.readings.tail_answers is None
    assert fast.readings.tail_answers is not None
    for sit in hands(17, 200):
        assert result_or_message(pure, sit) == result_or_message(fast, sit), sit

