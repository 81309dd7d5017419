"""The count-vector splitter for wilds (``shapes.wild_splits``) against the reference search it
replaced (``suits.suit_splits`` / ``suits.suit_options``, every path walked): the same splits
per suit, and, on random winning hands with 1–4 wilds of every family that has them, the same
readings in the same order and the same chosen reading (fans, total, value, what each wild
stands for)."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import mahjong_core
from mahjong_core.engine.errors import MahjongError
from mahjong_core.engine.shapes import regular, suits
from mahjong_core.engine.shapes.wild_splits import first_splits, wild_options

from wildgen import parsed_hand

suit_keys = st.one_of(st.lists(st.integers(0, 4), min_size=9, max_size=9),
                      st.lists(st.integers(0, 4), min_size=7, max_size=7)).map(tuple) \
    .filter(lambda k: sum(k) <= 14)


@settings(max_examples=400, deadline=None)
@given(key=suit_keys, chows=st.booleans(), budget=st.integers(0, 4), fifth=st.booleans())
def test_splits_equal_the_reference_search(key, chows, budget, fifth):
    chows = chows and len(key) == 9
    reference = suits.suit_splits.__wrapped__(key, chows, budget)
    firsts, seen = [], set()
    for groups, pair, used in reference:        # the first split of each shape, as suit_options keeps it
        shape = (tuple(sorted(g[:2] for g in groups)), None if pair is None else pair[0])
        if shape not in seen:
            seen.add(shape)
            firsts.append((groups, pair, used))
    assert first_splits(key, chows, budget) == tuple(firsts)
    assert wild_options(key, 18, chows, budget, fifth) == suits.suit_options.__wrapped__(key, 18, chows, budget, fifth)


def test_a_known_suit_splits_by_hand_count():
    # 5m and 7m (offsets 4 and 6) with one wild: only the chow 567m, the wild as 6m (1 wild);
    # 55m would spend the wild and leave 7m needing two more for 777m
    key = (0, 0, 0, 0, 1, 0, 1, 0, 0)
    chow = ((("chow", 4, 1),), None, 1)
    assert first_splits(key, True, 1) == (chow,)
    # with four: also the pung 555m (2 wilds) beside the pair 77m (1 wild), 3 wilds in all, and
    # the pair 55m (1 wild) beside the pung 777m (2 wilds)
    four = first_splits(key, True, 4)
    assert chow in four and ((("pung", 4, 2),), (6, 1), 3) in four and ((("pung", 6, 2),), (4, 1), 3) in four
    # without runs the chow is gone
    assert chow not in first_splits(key, False, 4)
    # as an option: the wild of the chow stands for 6m (tile 5), one copy of it in all
    (option,) = wild_options(key, 0, True, 1)
    assert option[0] == 1 and option[5] == (5,) and option[6] == ((5, 1),)


FAMILIES = ("popular", "guangdong-tuidaohu", "guangdong-bao", "fuzhou")


@pytest.fixture(scope="module")
def rulesets():
    return {name: mahjong_core.load_ruleset(name) for name in FAMILIES}


def _family_shape(decs) -> list:
    """Each reading's family as (first reading of that family, varying group), comparable across runs."""
    first: dict = {}
    out = []
    for i, d in enumerate(decs):
        if d.family is None:
            out.append(None)
        else:
            out.append((first.setdefault(d.family[0], i), d.family[1]))
    return out


def _reading(r) -> tuple:
    d = r.decomposition
    return (r.total, r.value, [(f.id, f.count, f.points) for f in r.fans], d.shape, d.groups, d.tiles, d.wild_as,
            r.minimum_points)


def _score(rules, sit):
    try:
        return _reading(rules.score(sit, enforce_minimum=False))
    except MahjongError as e:
        return type(e).__name__


@pytest.mark.parametrize("name", FAMILIES)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2 ** 32 - 1), k=st.integers(1, 4))
def test_hands_with_wilds_read_and_score_as_the_reference(rulesets, monkeypatch, name, seed, k):
    rules = rulesets[name]
    hand = parsed_hand(name, rules, seed, k)
    if hand is None:
        return
    sit, s = hand
    inp = rules.shape_input(s)
    fast = regular.standard.__wrapped__(inp)
    reference = regular.standard_reference(inp)
    assert list(fast) == list(reference)
    assert [d.groups for d in fast] == [d.groups for d in reference]      # the wilds inside each group too
    assert _family_shape(fast) == _family_shape(reference)
    regular.standard.cache_clear()
    got = _score(rules, sit)
    monkeypatch.setattr(regular, "wild_options", suits.suit_options)
    regular.standard.cache_clear()
    assert _score(rules, sit) == got
    monkeypatch.undo()
    regular.standard.cache_clear()
