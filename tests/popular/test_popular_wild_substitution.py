"""Popular under core's ``table.wilds`` variants an overlay can set — a fixed wild (the situation
names none) and two wild kinds turned by ``next_two`` — scores what trying each kind for each
wild scores: every substitution of the wild tiles is scored as a wild-free hand and the best total
must equal the engine's. Small random hands, bounded examples."""
from __future__ import annotations

import random
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import mahjong_core
from mahjong_core.engine import tiles as T
from mahjong_core.engine.errors import MahjongError

from winning_hands import random_winning


@pytest.fixture(scope="module")
def variants(tmp_path_factory):
    folder = tmp_path_factory.mktemp("wild-variants")
    out = {"plain": mahjong_core.load_ruleset("popular")}
    for name, wilds in (("fixed", "{fixed: '5z'}"), ("two", "{max_kinds: 2, indicator: next_two}")):
        path = folder / f"{name}.yaml"
        path.write_text(f"extends: popular\ntable: {{wilds: {wilds}}}\n", encoding="utf-8")
        out[name] = mahjong_core.load_ruleset(str(path))
    return out


def _with_wilds(rng: random.Random, kinds: tuple[int, ...], k: int) -> dict:
    """A winning hand none of whose tiles is of ``kinds``, with ``k`` standing tiles or the
    winning tile (then self-drawn) turned into wilds of those kinds."""
    while True:
        sit = random_winning(rng, melds=rng.randint(0, 1), kinds=[t for t in range(34) if t not in kinds])
        standing = list(T.parse_tiles(sit["hand"])) + [T.tile(sit["win_tile"])]
        if any(t in kinds for t in standing + [t for m in sit["melds"] for t in T.parse_tiles(m["tiles"])]):
            continue                    # a chow starting on another kind runs through a wild kind
        for p in rng.sample(range(len(standing)), k):
            standing[p] = rng.choice(kinds)
        sit.update(hand=T.format_tiles(standing[:-1]), win_tile=T.name(standing[-1]))
        if standing[-1] in kinds:
            sit["self_drawn"] = True
        return sit


def _brute(plain, sit: dict, kinds: tuple[int, ...]) -> int | None:
    standing = list(T.parse_tiles(sit["hand"])) + [T.tile(sit["win_tile"])]
    spots = [i for i, t in enumerate(standing) if t in kinds]
    best = None
    for values in product(range(34), repeat=len(spots)):
        tiles = list(standing)
        for i, v in zip(spots, values):
            tiles[i] = v
        sub = dict(sit, hand=T.format_tiles(tiles[:-1]), win_tile=T.name(tiles[-1]))
        sub.pop("wilds", None)
        try:
            s = plain.parse(sub)
            if not plain.decompositions(s):
                continue
            total = plain.score(s, enforce_minimum=False).total
        except MahjongError:
            continue                                # a fifth copy, or no winning shape
        best = total if best is None else max(best, total)
    return best


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 32 - 1), k=st.integers(1, 2))
def test_a_fixed_wild_equals_substitution(variants, seed, k):
    sit = _with_wilds(random.Random(seed), (T.tile("5z"),), k)
    assert variants["fixed"].score(sit, enforce_minimum=False).total == _brute(variants["plain"], sit,
                                                                               (T.tile("5z"),)), sit


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 32 - 1))
def test_two_wild_kinds_equal_substitution(variants, seed):
    rng = random.Random(seed)
    kinds = tuple(sorted(rng.sample(range(34), 2)))
    sit = dict(_with_wilds(rng, kinds, 2), wilds=T.format_tiles(kinds))
    assert variants["two"].score(sit, enforce_minimum=False).total == _brute(variants["plain"], sit, kinds), sit
