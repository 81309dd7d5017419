"""The tile-trait fans (suits, honours, green, reversible, terminals, rank ranges) read from a
compact key of the kinds held equal their definitions read from the kinds themselves."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from mahjong_guobiao.traits import traits as _traits
from mahjong_guobiao.facts import GREEN, REVERSIBLE

WINDS, DRAGONS = set(range(27, 31)), set(range(31, 34))


def by_definition(kinds: set) -> dict:
    suits = {t // 9 for t in kinds if t < 27}
    ranks = {t % 9 + 1 for t in kinds if t < 27}
    honors = {t for t in kinds if t >= 27}
    out = {}
    if len(suits) == 1:
        out["half_flush" if honors else "full_flush"] = 1
    else:
        if not honors:
            out["no_honors"] = 1
        if len(suits) < 3:
            out["one_voided_suit"] = 3 - len(suits)
        elif honors & WINDS and honors & DRAGONS:
            out["all_types"] = 1
    simples = not honors and not ranks & {1, 9}
    if simples:
        out["all_simples"] = 1
    if kinds <= REVERSIBLE:
        out["reversible_tiles"] = 1
    if kinds <= GREEN:
        out["all_green"] = 1
    if not simples:
        if not ranks:
            out["all_honors"] = 1
        elif ranks <= {1, 9}:
            out["all_terminals_and_honors" if honors else "all_terminals"] = 1
    if not honors:
        if ranks <= {1, 2, 3, 4}:
            out["lower_four" if 4 in ranks else "lower_tiles"] = 1
        elif ranks <= {6, 7, 8, 9}:
            out["upper_four" if 6 in ranks else "upper_tiles"] = 1
        elif ranks <= {4, 5, 6}:
            out["middle_tiles"] = 1
    return out


kinds_held = st.one_of(st.sets(st.integers(0, 33), min_size=1, max_size=14),
                       st.sets(st.sampled_from(sorted(GREEN | REVERSIBLE)), min_size=1, max_size=9),
                       st.sets(st.sampled_from([0, 8, 9, 17, 18, 26, *range(27, 34)]), min_size=1, max_size=9))


@settings(max_examples=1500, deadline=None)
@given(kinds=kinds_held)
def test_tile_traits_match_their_definitions(kinds):
    mask = 0
    for t in kinds:
        mask |= 1 << t
    assert _traits(mask) == by_definition(kinds)
