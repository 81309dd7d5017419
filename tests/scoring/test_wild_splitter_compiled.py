"""The compiled wild splitter (``_splits``, csrc/wild_splits.c) answers as the pure one
(``wild_splits.pure_wild_options``): every suit vector of up to seven tiles, exhaustively, with
every budget and both fifth-copy settings; random larger ones; and where it gives up (a count
over four, a budget over its limit), the pure splitter answers through ``wild_options``."""
from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given, settings, strategies as st

from harness import missing
from mahjong_core.engine.shapes import kernel, suits, wild_splits
from mahjong_core.engine.shapes.records import suit_group_codes
from mahjong_core.engine.shapes.wild_splits import pure_wild_options

if kernel._splits is None:
    missing("the compiled wild splitter", "pip install -e . with a C compiler (setup.py builds it)")


@pytest.fixture(autouse=True)
def in_use(monkeypatch):
    monkeypatch.delenv("MAHJONG_CORE_PURE", raising=False)


def compiled(key, lo, chows, budget, fifth):
    sets, pairs = suit_group_codes(lo)
    return kernel.splitter().wild_options(key, lo, chows, budget, fifth, sets, pairs)


def test_every_small_suit_vector_splits_as_the_pure_splitter():
    checked = 0
    for n, lo, chows in ((9, 0, True), (9, 9, False), (7, 27, False)):
        for key in product(range(5), repeat=n):
            if sum(key) > 7:
                continue
            for budget in range(5):
                fifth = budget % 2 == 1
                assert compiled(key, lo, chows, budget, fifth) == pure_wild_options(key, lo, chows, budget, fifth), \
                    (key, lo, chows, budget, fifth)
                checked += 1
    assert checked > 100_000


big_keys = st.lists(st.integers(0, 4), min_size=9, max_size=9).map(tuple).filter(lambda k: 8 <= sum(k) <= 17)


@settings(max_examples=300, deadline=None)
@given(key=big_keys, chows=st.booleans(), budget=st.integers(0, 4), fifth=st.booleans())
def test_larger_suits_split_as_the_pure_splitter(key, chows, budget, fifth):
    assert compiled(key, 18, chows, budget, fifth) == pure_wild_options(key, 18, chows, budget, fifth)


def test_a_known_suit_by_hand_count():
    # 5m and 7m with one wild: the chow 567m only, the wild as 6m (tile 5), one copy of it
    (option,) = compiled((0, 0, 0, 0, 1, 0, 1, 0, 0), 0, True, 1, False)
    used, sets, has_pair, groups, pair, wild_as, copies = option
    assert (used, sets, has_pair, pair, wild_as, copies) == (1, 1, False, None, (5,), ((5, 1),))
    assert [(g.kind, g.tile, g.wilds) for g in groups] == [("chow", 4, 1)]


def test_what_it_does_not_take_goes_to_the_pure_splitter():
    assert compiled((5, 0, 0, 0, 0, 0, 0, 0, 0), 0, True, 1, True) is None       # a count over four
    assert compiled((1, 1, 1, 0, 0, 0, 0, 0, 0), 0, True, 13, False) is None     # a budget over its limit
    assert compiled((1, 1), 0, True, 1, False) is None                           # not a suit's width
    assert compiled((4,) * 9, 0, True, 0, False) is None                         # more sets than a suit holds
    key = (1, 1, 1, 0, 0, 0, 0, 0, 0)
    wild_splits.wild_options.cache_clear()
    assert wild_splits.wild_options(key, 0, True, 13, False) == pure_wild_options(key, 0, True, 13, False)


def test_turned_off_the_pure_splitter_answers(monkeypatch):
    monkeypatch.setenv("MAHJONG_CORE_PURE", "1")
    assert kernel.splitter() is None
    key = (0, 2, 1, 1, 0, 0, 0, 3, 0)
    wild_splits.wild_options.cache_clear()
    assert wild_splits.wild_options(key, 9, True, 3, False) == pure_wild_options(key, 9, True, 3, False)


def test_completeness_waits_and_plain_splits_answer_as_the_pure_ones(monkeypatch):
    """``suits.suit_complete``, ``suit_waits`` and ``suit_groups`` (the splits without wilds)
    take the compiled answers: the same as the pure ones on every suit vector of up to ten
    tiles (counts up to five: the waits probe a fifth copy)."""
    C = kernel.splitter()
    keys = [(key, lo, chows) for n, lo, chows in ((9, 0, True), (9, 9, False), (7, 27, False))
            for key in product(range(5), repeat=n) if sum(key) <= 10]
    compiled_answers = [(C.suit_complete(k, ch), C.suit_waits(k, ch)) for k, _, ch in keys]
    sets, pairs = suit_group_codes(0)
    groups = [C.plain_splits(k, 0, ch, sets, pairs) for k, _, ch in keys[:20000]]
    monkeypatch.setenv("MAHJONG_CORE_PURE", "1")
    pure_answers = [(suits.suit_complete.__wrapped__(k, ch), suits.suit_waits.__wrapped__(k, ch)) for k, _, ch in keys]
    assert compiled_answers == pure_answers
    assert groups == \
        [suits.suit_groups.__wrapped__(k, 0, ch) for k, _, ch in keys[:20000]]
    # five copies (a formal wait on a kind held four times): 11111 is a pung and a pair; 1111 234
    # waits on 1 (111 11 234) and on 4 (111 123 44); 1111 23 (six tiles) waits on nothing
    assert C.suit_complete((5, 0, 0, 0, 0, 0, 0, 0, 0), True) is True
    for key in ((4, 1, 1, 0, 0, 0, 0, 0, 0), (4, 1, 1, 1, 0, 0, 0, 0, 0)):
        assert C.suit_waits(key, True) == suits.suit_waits.__wrapped__(key, True), key
    assert C.suit_waits((4, 1, 1, 1, 0, 0, 0, 0, 0), True) == (0, 3)
    assert C.suit_waits((4, 1, 1, 0, 0, 0, 0, 0, 0), True) == ()


def test_its_answers_are_not_tracked_by_the_garbage_collector():
    """Cached for the life of the process, they would otherwise be objects every full garbage
    collection walks; they hold only ints, None, booleans and Groups, so no cycle can pass
    through them."""
    import gc
    sets, pairs = suit_group_codes(9)
    options = compiled((0, 1, 1, 2, 0, 0, 3, 0, 0), 9, True, 3, False)
    plain = kernel.splitter().plain_splits((1, 1, 1, 0, 0, 2, 2, 2, 0), 9, True, sets, pairs)
    assert options and plain
    containers = [options, plain] + list(options) + list(plain)
    for o in options:
        containers += [o[3], o[5], o[6], *o[6]]
    for split in plain:
        containers.append(split[0])
    assert not any(gc.is_tracked(c) for c in containers)


def _readings(decs) -> list:
    """The readings as comparable values, each family's key numbered in order of first use."""
    keys: dict = {}
    out = []
    for d in decs:
        family = d.family
        if family is not None:
            family = (keys.setdefault(id(family[0]), len(keys)), family[1])
        out.append((d.shape, d.groups, d.tiles, d.wild_as, family))
    return out


@pytest.mark.parametrize("name", ["popular", "guangdong-tuidaohu", "guangdong-lianhua", "fuzhou"])
def test_families_of_readings_are_the_pure_closures(name, monkeypatch):
    """``_splits.standard`` (the combine, its emit and the families: a set or a pair of wilds
    only, one reading per kind it may stand for) lists what ``regular._standard``'s closures
    list: the same readings, in the same order, in the same families, on random hands holding
    1–4 wilds."""
    import random
    import mahjong_core
    from mahjong_core.engine import shapes
    from mahjong_core.engine.shapes import regular
    from wildgen import parsed_hand

    rules = mahjong_core.load_ruleset(name)
    assert regular.compiled_readings() is not None
    families = checked = 0
    rng = random.Random(name)
    for _ in range(400):
        got = parsed_hand(name, rules, rng.randrange(1 << 30), rng.randint(1, 4))
        if got is None:
            continue
        _, s = got
        shapes.standard.cache_clear()
        compiled_readings = rules.decompositions(s)
        with monkeypatch.context() as m:
            m.setattr(regular, "compiled_readings", lambda: None)
            shapes.standard.cache_clear()
            pure_readings = rules.decompositions(s)
        assert _readings(compiled_readings) == _readings(pure_readings), s
        families += sum(d.family is not None for d in pure_readings)
        checked += 1
    shapes.standard.cache_clear()
    assert checked > 150 and families > 1000      # not vacuous: many family members compared


def test_readings_made_compiled_are_not_tracked_by_the_garbage_collector():
    """``_splits.reading`` (``records.reading_maker``): the same Decomposition as the dataclass
    makes, untracked (its fields are immutable: no cycle can pass through one); the readings of a
    hand with wilds, family members and the others, are all such."""
    import gc
    import mahjong_core
    from mahjong_core.engine import shapes
    from mahjong_core.engine.shapes.records import Decomposition, Group, reading_maker

    make = reading_maker()
    groups = (Group("pung", 0, 0), Group("pair", 5, 1))
    made = make("standard", groups, (0, 0, 0, 5, 5), (5,), None)
    assert made == Decomposition("standard", groups, (0, 0, 0, 5, 5), (5,)) and not gc.is_tracked(made)
    rules = mahjong_core.load_ruleset("popular")
    shapes.standard.cache_clear()
    decs = rules.decompositions(rules.parse({"hand": "123m456p78s5s1z1z1z1z", "win_tile": "9s", "wilds": "1z"}))
    assert len(decs) > 20 and any(d.family for d in decs) and any(d.family is None for d in decs)
    assert not any(gc.is_tracked(d) for d in decs)
