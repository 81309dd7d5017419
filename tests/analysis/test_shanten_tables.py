"""The standard shape's precomputed shanten tables (``shapes.tables``): the shipped bytes are
what their definition builds, and the tables answer as the search of the per-suit fronts
(``suits.searched_*``) on every hand the analysis tests deal, the oracle corpus's hands and
random count vectors with a wild budget."""
from __future__ import annotations

import json
import random

from hypothesis import given, settings, strategies as st

from mahjong_core.engine import tiles as T
from mahjong_core.engine.analysis import standard_draws, standard_shanten, standard_useful
from mahjong_core.engine.shapes import ShapeInput
from mahjong_core.engine.shapes import suits, tables

from dealing import knitted_hand, random_hand
from testpaths import ORACLE


def test_the_shipped_tables_are_what_build_makes():
    assert tables.DATA.read_bytes() == tables.build(), \
        "shanten_tables.bin is stale: run python scripts/build_shanten_tables.py"


def test_a_few_suits_read_as_their_fronts_say():
    t = tables.tables()
    # 123m: one set, no head; 11m: a pair, read as the head or as a partial set
    assert t.fronts[t.suit_id((1, 1, 1, 0, 0, 0, 0, 0, 0), True)] == (((1, 1),), ())
    assert t.fronts[t.suit_id((2, 0, 0, 0, 0, 0, 0, 0, 0), True)] == (((0, 1),), ((0, 0),))
    # 13m is a partial chow only with chows; without, two lone tiles
    assert t.fronts[t.suit_id((1, 0, 1, 0, 0, 0, 0, 0, 0), True)] == (((0, 1),), ())
    assert t.fronts[t.suit_id((1, 0, 1, 0, 0, 0, 0, 0, 0), False)] == (((0, 0),), ())
    # 123456789m11z: three sets and a head, nothing missing (14 tiles held)
    counts = T.counts34(T.parse_tiles("123456789m11z"))
    assert suits.hand_missing(tuple(counts), 3, True) == 0


def _agree(counts: tuple, need: int, chows: bool, wilds: int = 0) -> None:
    held = sum(counts)
    assert suits.hand_missing(counts, need, chows) == suits.searched_missing(counts, need, chows), counts
    if held % 3 == 1 or wilds:
        assert suits.hand_draws(counts, need, chows, 1 + wilds) == \
            suits.searched_draws(counts, need, chows, 1 + wilds), counts
        assert suits.hand_useful(counts, need, chows) == suits.searched_useful(counts, need, chows), counts


def _hands():
    """Every hand of the analysis tests' deals (their seeds), knitted deals and the oracle's."""
    rng = random.Random(18)
    for _ in range(6000):
        hand, melds = random_hand(rng)
        yield hand, 4 - len(melds)
    rng = random.Random(1818)
    for _ in range(1500):
        hand, melds = random_hand(rng, 14)
        yield hand, 4 - len(melds)
        for d in set(hand):
            rest = list(hand)
            rest.remove(d)
            yield rest, 4 - len(melds)
    rng = random.Random(5)
    for _ in range(500):
        yield knitted_hand(rng), 4
    for line in ORACLE.read_text(encoding="utf-8").splitlines():
        sit = json.loads(line)["situation"]
        hand = list(T.parse_tiles(sit["hand"]))
        yield hand, 4 - len(sit["melds"])
        yield hand + [T.parse_tiles(sit["win_tile"])[0]], 4 - len(sit["melds"])


def test_tables_answer_as_the_search_on_every_test_hand():
    seen = 0
    for hand, need in _hands():
        counts = tuple(T.counts34(hand))
        for chows in (True, False):
            _agree(counts, need, chows)
        seen += 1
    assert seen > 20000


@settings(max_examples=500, deadline=None)
@given(need=st.integers(0, 5), wilds=st.integers(0, 4), chows=st.booleans(), extra=st.booleans(), data=st.data())
def test_tables_answer_as_the_search_on_random_counts_with_wilds(need, wilds, chows, extra, data):
    """A 3n+1 (or, ``extra``, 3n+2) hand of ``need`` sets to make, wilds among its tiles."""
    size = max(0, 3 * need + 1 + extra - wilds)
    tiles = data.draw(st.lists(st.integers(0, 33), min_size=size, max_size=size))
    counts = tuple(min(c, 4) for c in T.counts34(tiles))
    _agree(counts, need, chows, wilds)
    inp = ShapeInput(counts, wilds, (), need, chows, frozenset(range(34)), (0,) * 34)
    assert standard_shanten(inp) == suits.searched_missing(counts, need, chows) - 1 - wilds
    assert standard_draws(inp) == suits.searched_draws(counts, need, chows, 1 + wilds)
    assert standard_useful(inp) == suits.searched_useful(counts, need, chows)


def test_suits_beyond_the_tables_are_built_by_the_same_recurrence():
    t = tables.tables()
    big = (4, 4, 4, 4, 3, 0, 0, 0, 0)            # 19 tiles: more than tabled
    assert t.numbered[tables.index(big)] == tables.NOT_TABLED
    got = tables.missing_of(t.fronts[t.suit_id(big, True)], 5, 19)
    assert got == suits.missing(suits.front_id(big, True), 5, 19)
