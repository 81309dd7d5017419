"""The fill-key promise (plugins/mahjong_guobiao/fills.py): readings of one family — they differ
only in what one group made of wilds only stands for — with equal keys get equal answers from
every head check, each reading asked on its own.

The head checks are found from the ruleset (every check asked of each reading that is not a
tail check with ``most``), so a head check added without a key, or a key that leaves out what a
check reads, fails here. A key with one component dropped must fail too: the corpus below holds
the hands that tell every component apart.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import mahjong_core
from mahjong_core.engine.fans import FanContext
from mahjong_guobiao import fills, mahjong_fan_checks

import handgen
from wildgen import FORMS, wildify

RULESETS = ("popular", "popular-lianzhong")


@pytest.fixture(scope="module")
def rulesets():
    return {name: mahjong_core.load_ruleset(name) for name in RULESETS}


def head_checks(rules) -> list:
    """(check id, function, args, fill key) of every check the ruleset asks of each reading
    before the bound: neither once per hand nor a tail check promising at most ``most`` fans."""
    registry = rules.engine.registry.checks
    out = {}
    for r in rules.fan_rules:
        item = registry[r.check].item
        if item.per_hand or item.most:
            continue
        out.setdefault((r.check, repr(sorted(r.args.items()))), (r.check, item.func, dict(r.args), item.fill_key))
    return list(out.values())


def family_kind(dec) -> str:
    """What varies in a family: a pair of seven pairs, or a pair, pung or chow of a standard reading."""
    group = dec.groups[dec.family[1]]
    return "seven_pairs" if dec.shape == "seven_pairs" else group.kind


def assert_fill_keys_hold(rules, sit, key=None) -> dict:
    """Compare, per family, every head check's answers of each pair of readings with equal keys
    (``key(other, group)``, by default the ruleset's fill key). Returns per family kind how many
    readings had another reading's key."""
    checks = head_checks(rules)
    if key is None:
        (key,) = {c[3] for c in checks}
    s = rules.parse(sit)
    families: dict = {}
    repeats: dict = {}
    for dec in rules.decompositions(s):
        if dec.family is None:
            continue
        family, at = dec.family
        ctx = FanContext(s, dec, rules, {})
        answers = [func(ctx, **args) for _, func, args, _ in checks]
        other, seen = families.setdefault(family, (ctx, {}))
        k = key(other, dec.groups[at])
        if k in seen:
            kind = family_kind(dec)
            repeats[kind] = repeats.get(kind, 0) + 1
        assert seen.setdefault(k, answers) == answers, (sit, dec.groups[at], k)
    return repeats


def random_hand(rng: random.Random, k: int) -> dict:
    while True:
        form = rng.choices([f for f, _ in FORMS], [w for _, w in FORMS])[0]
        hand = wildify(handgen.random_situation(rng, form), rng, k)
        if hand is not None:
            return hand


# hands that tell apart what random hands seldom show (each line: what the varying group decides)
HANDS = [
    # a pair of wilds beside four chows of 123 and 789: 5s makes 三色双龙会, 5m or 5p none
    {"hand": "12378m123789p77z", "win_tile": "9m", "wilds": "7z"},
    # a claimed 5m in its pung: a chow of wilds holding a 5m keeps the pung concealed (三暗刻)
    {"hand": "55m222p777s99p111z", "win_tile": "5m", "wilds": "1z"},
    # six pairs in a row and a pair of wilds: 1m or 8m makes 连七对, any other kind 七对
    {"hand": "22334455667m77z", "win_tile": "7m", "wilds": "7z"},
    # three kongs and wilds making a pair or a set of any kind
    {"hand": "1p666z", "win_tile": "6z", "self_drawn": True, "wilds": "6z",
     "melds": [{"type": "kong", "tiles": "9999s", "concealed": True},
               {"type": "kong", "tiles": "3333p", "from": "left"},
               {"type": "kong", "tiles": "9999m", "concealed": True}]},
]
# deterministic random hands with 2–4 wilds, the popular rulesets' range
CORPUS = HANDS + [random_hand(random.Random(seed), 2 + seed % 3) for seed in range(400)]


@pytest.mark.parametrize("name", RULESETS)
def test_every_head_check_has_the_fill_key_and_is_guobiao(rulesets, name):
    """The rulesets whose wild readings share answers ask exactly Guobiao's head checks first,
    each with the one fill key: a check added without a key would be asked of every reading."""
    checks = head_checks(rulesets[name])
    head = [c.id for c in mahjong_fan_checks() if c.fill_key is not None]
    assert len(head) == 6 and sorted(c[0] for c in checks) == sorted(head)
    assert {c[3] for c in checks} == {fills.fill_key}


@pytest.mark.parametrize("name", RULESETS)
def test_the_corpus_shares_keys_in_every_family_kind(rulesets, name):
    """Equal keys, equal answers over the corpus, and every kind of family (a pair, pung or chow
    of wilds in a standard reading, a pair of wilds in seven pairs) had readings sharing a key."""
    total: dict = {}
    for sit in CORPUS:
        for kind, n in assert_fill_keys_hold(rulesets[name], sit).items():
            total[kind] = total.get(kind, 0) + n
    assert set(total) == {"pair", "pung", "chow", "seven_pairs"}, total


@pytest.mark.parametrize("name", RULESETS)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2 ** 32 - 1), k=st.integers(2, 4))
def test_readings_with_equal_fill_keys_get_the_same_answers(rulesets, name, seed, k):
    assert_fill_keys_hold(rulesets[name], random_hand(random.Random(seed), k))


# the components of each kind's key (fills.fill_key), by position
COMPONENTS = {
    "seven_pairs": {1: "the kind beside six pairs of a suit", 2: "traits", 3: "fourth copy"},
    "pair": {0: "a 5 beside terminal chows", 1: "outside/five/even class", 2: "honour beside honour pungs",
             3: "traits", 4: "fourth copy"},
    "pung": {0: "pung relationships", 1: "outside/five/even class", 2: "traits", 3: "fourth copy",
             4: "dragon", 5: "wind", 6: "prevalent wind", 7: "seat wind", 8: "terminal"},
    "chow": {0: "chow relationships", 1: "outside/five/even class", 2: "traits", 3: "fourth copies",
             4: "holds the claimed tile"},
}


def dropping(kind: str, i: int):
    """``fills.fill_key`` with component ``i`` left out of the keys of ``kind``."""
    def key(other, group):
        k = fills.fill_key(other, group)
        if isinstance(k, tuple) and (k[0] == "pairs") == (kind == "seven_pairs") \
                and (kind == "seven_pairs" or group.kind == kind):
            return k[:i] + k[i + 1:]
        return k
    return key


@pytest.mark.parametrize("kind,i", [(kind, i) for kind, parts in COMPONENTS.items() for i in parts],
                         ids=[f"{kind}-{part}" for kind, parts in COMPONENTS.items() for part in parts.values()])
def test_a_key_without_one_component_breaks_the_promise(rulesets, kind, i):
    """Each component of the key holds something a head check reads: without it two readings
    of some corpus hand share a key but not their answers."""
    rules = rulesets["popular"]
    key = dropping(kind, i)
    with pytest.raises(AssertionError):
        for sit in CORPUS:
            assert_fill_keys_hold(rules, sit, key)
