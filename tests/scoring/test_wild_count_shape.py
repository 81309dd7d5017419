"""The built-in ``wild_count`` shape (三金倒, 四鬼胡牌): enough wilds win whatever the rest, the
reading lists the tiles, and its own waits and shanten agree with drawing every tile and looking
again."""
from __future__ import annotations

import random

import pytest

from mahjong_core.engine import tiles as T
from mahjong_core.engine.analysis import NEVER
from mahjong_core.engine.errors import MahjongError

RULESET = """title: wild count
table: {tile_set: standard_136, hand_size: SIZE, wilds: {max_kinds: 2}}
shapes: {SHAPES}
scoring: {minimum: 0}
fans:
  win: {points: 1, check: core.always}
  golds_down: {points: 10, check: core.shape, args: {shape: wild_count}}
"""


@pytest.fixture
def make(tmp_path, core_engine):
    def load(size=13, count=3, standard=True):
        shapes = ("standard: {}, " if standard else "") + f"wild_count: {{args: {{count: {count}}}}}"
        path = tmp_path / f"wc{size}-{count}-{standard}.yaml"
        path.write_text(RULESET.replace("SIZE", str(size)).replace("SHAPES", shapes), encoding="utf-8")
        return core_engine.load_ruleset(path)
    return load


def test_three_wilds_win_whatever_the_rest(make):
    rules = make()
    sit = {"hand": "5p5p1m4m7m2s8s9p3z6z7z1z2z", "win_tile": "5p", "self_drawn": True, "wilds": "5p"}
    result = rules.score(sit)
    assert result.decomposition.shape == "wild_count" and result.fan_ids() == ["golds_down", "win"]
    shown = result.to_dict()["decomposition"]
    assert shown[0] == "555p" and sorted(shown[1:]) == sorted(T.name(t) for t in T.parse_tiles("1m4m7m2s8s9p3z6z7z1z2z"))
    assert rules.explain(result)["wilds_as"] == "555p"
    assert sorted(result.decomposition.tiles) == sorted(T.parse_tiles(sit["hand"]) + (T.tile("5p"),))


def test_two_wilds_do_not(make):
    sit = {"hand": "5p1m4m7m2s8s9p3z6z7z1z2z4z", "win_tile": "5p", "self_drawn": True, "wilds": "5p"}
    with pytest.raises(MahjongError) as info:
        make().score(sit)
    assert info.value.code == "not_winning"


def test_melds_and_two_wild_kinds(make):
    rules = make(count=3)
    sit = {"hand": "5p6p1m4m7m2s8s9p3z6z", "melds": [{"type": "pung", "tiles": "111z"}],
           "win_tile": "6p", "self_drawn": True, "wilds": "5p6p"}
    result = rules.score(sit)
    assert result.to_dict()["decomposition"][:3] == ["[111z]", "5p", "66p"]


def _complete(rules, tiles, wilds) -> bool:
    try:
        s = rules.parse({"hand": T.format_tiles(tiles[:-1]), "win_tile": T.name(tiles[-1]),
                         "self_drawn": True, "wilds": wilds})
    except MahjongError:
        return False                    # a fifth copy
    return bool(rules.decompositions(s))


def _brute_shanten(rules, tiles, wilds, depth) -> int:
    """Ready when some drawn kind completes; else one more for each draw-and-discard, to ``depth``."""
    kinds = sorted(rules.table.kinds)
    if len(tiles) % 3 == 2:
        if _complete(rules, tiles, wilds):
            return -1
        return min(_brute_shanten(rules, tiles[:i] + tiles[i + 1:], wilds, depth) for i in range(len(tiles)))
    if any(_complete(rules, tiles + [t], wilds) for t in kinds):
        return 0
    if depth == 0:
        return NEVER
    for t in kinds:
        more = tiles + [t]
        if any(_brute_shanten(rules, more[:i] + more[i + 1:], wilds, 0) == 0 for i in range(len(more))):
            return 1
    return NEVER


@pytest.mark.parametrize("size, count", [(4, 3), (7, 4), (4, 2)])
def test_waits_and_shanten_equal_drawing_every_tile(make, size, count):
    rules = make(size=size, count=count, standard=False)
    rng = random.Random(size * 10 + count)
    kinds = sorted(rules.table.kinds)
    for _ in range(8 if size == 4 else 4):
        wild = rng.choice(kinds)
        n_wild = rng.randint(0, min(count, 3))
        tiles = [wild] * n_wild + [rng.choice([k for k in kinds if k != wild]) for _ in range(size - n_wild)]
        held = {t: tiles.count(t) for t in tiles}
        if max(held.values()) > 4:
            continue
        hand = {"hand": T.format_tiles(tiles), "wilds": T.name(wild)}
        want_waits = [t for t in kinds if held.get(t, 0) < 4 and _complete(rules, tiles + [t], T.name(wild))]
        assert list(rules.waits(hand).tiles) == want_waits, hand
        want = _brute_shanten(rules, sorted(tiles), T.name(wild), 1)
        got = rules.shanten(hand)
        assert got == want if want != NEVER else got > 1, (hand, got, want)
        drawn = dict(hand, hand=T.format_tiles(tiles + [wild]))
        if tiles.count(wild) < 4:
            want = _brute_shanten(rules, sorted(tiles + [wild]), T.name(wild), 1)
            got = rules.shanten(drawn)
            assert got == want if want != NEVER else got > 1, (drawn, got, want)


def test_a_hand_too_short_for_the_count_never_takes_the_shape(make):
    rules = make(size=4, count=6, standard=False)
    assert rules.shanten({"hand": "5p5p5p1m", "wilds": "5p"}) >= NEVER
    assert rules.waits({"hand": "5p5p5p1m", "wilds": "5p"}).tiles == ()
