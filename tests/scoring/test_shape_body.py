"""The shape author's kit ``Body`` (mahjong_core.plugin): a fixed body of tiles beside ``sets``
sets and a pair. Its shanten against the definition read by brute force (the fewest tiles a hand
lacks of some complete hand of the body, the sets and a pair, less one), its draws against its
shanten asked again, its useful kinds against its draws, and its refusals."""
from __future__ import annotations

from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_core.plugin import NEVER, Body, PluginError, parse_tiles

BODIES = [Body(parse_tiles(notation)) for notation in ("147m258p369s", "369m147p258s", "1234567z", "19m19p19s",
                                                       "55m", "111z", "")]
SETS = [(t, t, t) for t in range(34)] + [(t, t + 1, t + 2) for t in range(27) if t % 9 < 7]


def brute_shanten(counts, body: Body, sets: int, chows: bool) -> int:
    """The fewest tiles ``counts`` lack of the body plus ``sets`` sets and a pair, less one."""
    best = NEVER
    groups = [g for g in SETS if chows or g[0] == g[1]]
    for combo in combinations_with_replacement(groups, sets):
        target = [0] * 34
        for t in body.tiles:
            target[t] += 1
        for group in combo:
            for t in group:
                target[t] += 1
        lack = sum(max(0, want - held) for want, held in zip(target, counts))
        for p in range(34):             # the pair: what it adds to the tiles lacked
            more = max(0, target[p] + 2 - counts[p]) - max(0, target[p] - counts[p])
            best = min(best, lack + more - 1)
    return best


@st.composite
def hands(draw):
    body = draw(st.sampled_from(BODIES))
    sets = draw(st.integers(0, 2))
    size = max(0, body.size + 3 * sets + draw(st.sampled_from((1, 2, 0, -2))))   # ready-sized, or short
    wall = [t for t in range(34) for _ in range(4)]
    picks = draw(st.lists(st.integers(0, len(wall) - 1), min_size=size, max_size=size, unique=True))
    counts = [0] * 34
    for i in picks:
        counts[wall[i]] += 1
    return body, sets, tuple(counts), draw(st.booleans())


@settings(max_examples=150, deadline=None)
@given(hands())
def test_shanten_is_the_fewest_tiles_lacked_of_a_complete_hand_less_one(case):
    body, sets, counts, chows = case
    assert body.shanten(counts, sets, chows) == brute_shanten(counts, body, sets, chows)


@settings(max_examples=150, deadline=None)
@given(hands())
def test_draws_are_the_shanten_asked_again_and_useful_the_draws_that_lower_it(case):
    body, sets, counts, chows = case
    here = body.shanten(counts, sets, chows)
    draws = body.shanten_draws(counts, sets, chows)
    useful = body.useful(counts, sets, chows)
    assert len(draws) == 34
    for t in range(34):
        if counts[t] >= 4:
            assert draws[t] == NEVER
            continue
        more = list(counts)
        more[t] += 1
        assert draws[t] == body.shanten(tuple(more), sets, chows), t
        assert bool(useful >> t & 1) == (draws[t] < here), t


@settings(max_examples=100, deadline=None)
@given(hands())
def test_held_missing_and_lacking_count_the_body_in_the_hand(case):
    body, _, counts, _ = case
    want = {t: body.tiles.count(t) for t in body.tiles}
    assert body.held(counts) == sum(min(n, counts[t]) for t, n in want.items())
    assert body.missing(counts) == body.size - body.held(counts)
    assert body.lacking(counts) == sum(1 << t for t, n in want.items() if counts[t] < n)


def test_a_knitted_straight_beside_a_set_and_a_pair():
    straight = BODIES[0]
    counts = [0] * 34
    for t in parse_tiles("147m258p369s123m5z"):             # the body whole, a set, a lone 5z
        counts[t] += 1
    counts = tuple(counts)
    assert straight.shanten(counts, 1) == 0
    assert straight.useful(counts, 1) == 1 << parse_tiles("5z")[0]
    assert straight.shanten(counts, -1) == NEVER and straight.useful(counts, -1) == 0


@pytest.mark.parametrize("tiles, message", [
    ([34], "Body: 34 is not a tile kind (a number 0–33, e.g. from parse_tiles)"),
    (["1m"], "Body: '1m' is not a tile kind"),
    ([True], "Body: True is not a tile kind"),
    ([0] * 5, "Body: kind 0 is in the body more than four times")])
def test_a_body_of_no_tiles_is_refused_by_name(tiles, message):
    with pytest.raises(PluginError, match="^" + message.replace("(", r"\(").replace(")", r"\)")):
        Body(tiles)
