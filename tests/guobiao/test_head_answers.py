"""Guobiao's compiled head answers (fastpath/heads.py, ``_fans.heads``; the plugin's
``mahjong_head_answers``) against asking the six head checks of each reading, the reference: on
random winning hands with 0–4 wilds (the winning tile among them at times, 和绝张 and 抢杠和 at
times), under every shipped ruleset it serves and Guobiao with a wild kind, the same fans with
the same counts in the same order for every reading it answers; and scoring with them gives what
scoring every reading and choosing gives.
"""
from __future__ import annotations

import random

import pytest

import mahjong_core
from harness import missing
from mahjong_core.engine.fans import FanContext
from mahjong_core.engine.scoring.ask import ask
from mahjong_guobiao.fastpath import compiled

import handgen
from scoring_kit import general_and_every, pure_and_compiled, read_hands, result_or_message
from wildgen import FORMS, wildify

if compiled._fans is None:
    missing("the compiled fast-path fans", "pip install -e . with a C compiler (setup.py builds it)")

SERVED = ("popular", "popular-lianzhong", "guobiao")


def write_overlay(folder, name: str, text: str):
    path = folder / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(autouse=True)
def in_use(monkeypatch):
    monkeypatch.delenv("MAHJONG_CORE_PURE", raising=False)


@pytest.fixture(scope="module")
def rulesets(tmp_path_factory):
    """The rulesets served, built by an engine of their own with compiled code in use (whatever
    the environment says: the answers are what is tested)."""
    path = write_overlay(tmp_path_factory.mktemp("wilds"), "guobiao-wilds",
                         "extends: guobiao\ntable: {wilds: {max_kinds: 1}}\n")
    with pytest.MonkeyPatch.context() as mp:
        mp.delenv("MAHJONG_CORE_PURE", raising=False)
        engine = mahjong_core.Engine()
        out = {name: engine.load_ruleset(name) for name in SERVED}
        out["guobiao-wilds"] = engine.load_ruleset(path)
    return out


def hands(seed: int, n: int):
    """``n`` random winning situations with 0–4 wilds; the flags wildify drops put back at times."""
    rng = random.Random(seed)
    made = 0
    while made < n:
        form = rng.choices([f for f, _ in FORMS], [w for _, w in FORMS])[0]
        sit = handgen.random_situation(rng, form)
        k = rng.randint(0, 4)
        turned = wildify(sit, rng, k) if k else dict(sit, wilds=None)
        if turned is None:
            continue
        if turned.get("wilds") is None:
            turned.pop("wilds")
        elif rng.random() < 0.3 and turned["win_tile"] != turned["wilds"]:
            turned[rng.choice(("fourth_tile", "robbing_kong"))] = True
            if turned.get("robbing_kong"):
                turned["self_drawn"] = False
        made += 1
        yield turned


def asked(rules, s, dec) -> list:
    """The head checks' fans of one reading, asked in turn (what ``Readings.begin`` finds, less
    the per-hand checks')."""
    found: dict = {}
    choices = ask(rules.plan.head, FanContext(s, dec, rules, {}), found)
    assert choices is None, "an answered reading leaves no choice open"
    return list(found.items())


@pytest.mark.parametrize("name", [*SERVED, "guobiao-wilds"])
def test_answers_are_the_checks(rulesets, name):
    rules = rulesets[name]
    answer = rules.readings.head_answers
    assert answer is not None
    answered = readings = 0
    for sit, s, decs in read_hands(rules, hands(7, 400)):
        got = answer(s, decs)
        if got is None:
            continue
        assert len(got) == len(decs)
        for dec, fans in zip(decs, got):
            readings += 1
            if fans is None:
                assert dec.shape != "standard" or s.melds, (sit, dec)
                continue
            answered += 1
            assert list(fans.items()) == asked(rules, s, dec), (name, sit, dec)
    # most readings are standard ones it answers: the comparison is not a vacuous one
    assert answered > 0.7 * readings, (answered, readings)


@pytest.mark.parametrize("name", ["popular", "popular-lianzhong", "guobiao-wilds"])
def test_scoring_with_them_is_scoring_every_reading(rulesets, name):
    rules = rulesets[name]
    for sit, got, want in general_and_every(rules, hands(11, 250)):
        assert (got.total, got.value, [(f.id, f.count) for f in got.fans], got.decomposition) == \
            (want.total, want.value, [(f.id, f.count) for f in want.fans], want.decomposition), (name, sit)


def test_a_wild_standing_for_another_copy_drops_the_last_tile(rulesets):
    """和绝张 said of a natural 9m won on while a wild reads as another 9m: the hand it spells
    holds that copy, so neither the checks nor the answers keep 和绝张."""
    rules = rulesets["popular"]
    s = rules.parse({"hand": "123m456p789s1155z", "win_tile": "9m", "wilds": "5z", "fourth_tile": True})
    decs = rules.decompositions(s)
    got = rules.readings.head_answers(s, decs)
    copies = [(dec, fans) for dec, fans in zip(decs, got) if fans is not None and 8 in dec.wild_as]
    assert copies, "some reading reads a wild as 9m"
    for dec, fans in copies:
        assert "last_tile" not in fans
        assert list(fans.items()) == asked(rules, s, dec)
    assert any("last_tile" in fans for dec, fans in zip(decs, got) if fans is not None and 8 not in dec.wild_as)


def test_a_claimed_wild_is_asked_per_value(rulesets, tmp_path):
    """A wild winning tile claimed from a discard (where a house rule allows it): what it stood
    for decides concealment, so the checks answer per value and the hand gets no answers."""
    path = write_overlay(tmp_path, "claim-wild", "extends: popular\noptions: {win_on_discarded_wild: true}\n")
    rules = mahjong_core.load_ruleset(path)
    s = rules.parse({"hand": "123m456p789s55z11z", "win_tile": "5z", "wilds": "5z"})
    assert rules.readings.head_answers(s, rules.decompositions(s)) is None


@pytest.mark.parametrize("name", ["popular", "popular-lianzhong"])
def test_turned_off_the_checks_answer(monkeypatch, name):
    """``MAHJONG_CORE_PURE=1`` when the ruleset is built: no head answers, the checks asked (with
    the fill keys' sharing among a family), the same results."""
    pure, fast = pure_and_compiled(monkeypatch, name)
    assert pure.readings.head_answers is None and pure.uses_fill_keys
    assert fast.readings.head_answers is not None
    for sit in hands(13, 300):
        assert result_or_message(pure, sit) == result_or_message(fast, sit), sit



@pytest.mark.parametrize("name", [*SERVED, "guobiao-wilds"])
def test_waits_answers_are_the_check(rulesets, name):
    """``guobiao.waits`` answered in the head answers' call (``HeadAnswers.waits``, a tail
    answer): for each reading the fans asking the check gives; none for a hand whose winning
    tile is wild (the check answers per value it may take), nor for readings it was not just
    asked about."""
    rules = rulesets[name]
    ((entries, answer),) = [(e, fn) for e, fn in rules.readings.tail_answers.answers
                            if any(x.check_id == "guobiao.waits" for x in e)]
    readings = answered = fired = wild_wins = 0
    for sit, s, decs in read_hands(rules, hands(23, 400)):
        heads = rules.readings.head_answers(s, decs)
        got = answer(s, decs)
        if heads is None or (s.win_tile in s.wilds and not s.win_natural):
            assert got is None, sit
            wild_wins += heads is not None
            continue
        assert answer(s, decs) is None          # once, for the readings the head answers were for
        assert len(got) == len(decs)
        for dec, fans in zip(decs, got):
            readings += 1
            found: dict = {}
            choice = ask(entries, FanContext(s, dec, rules, {}), found)
            if fans is None:        # another shape
                assert dec.shape not in ("standard", "seven_pairs") or heads[decs.index(dec)] is None, (sit, dec)
                continue
            assert choice is None and list(fans.items()) == list(found.items()), (name, sit, dec)
            answered += 1
            fired += bool(fans)
    # not vacuous: most readings answered, some with a fan; hands won on a wild met
    assert answered > 0.7 * readings and fired > 20, (answered, readings, fired)
    assert wild_wins > 20 or name == "guobiao", wild_wins
