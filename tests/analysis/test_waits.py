"""Waits: the table look-ups in mahjong_core.engine.waits against brute force (add every tile kind and ask
the shape finders), for standard hands with melds, seven pairs, thirteen orphans, formal waits,
other hand sizes and tile sets."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from mahjong_core import MahjongError
from mahjong_core.engine import tiles as T
from mahjong_core.engine import waits as W

from testpaths import DATA
from winning_hands import random_winning


def brute_waits(rules, hand, melds, wilds=()) -> tuple[int, ...]:
    held = T.counts34(list(hand) + [t for m in melds for t in m.tiles])
    out = []
    for t in sorted(rules.table.kinds):
        if held[t] == 4:
            continue              # no fifth copy to draw
        inp = W.shape_input(list(hand) + [t], melds, wilds, rules.table)
        if any(next(iter(shape.find(inp, **args)), None) is not None for shape, args, _ in rules.shapes):
            out.append(t)
    return tuple(out)


@pytest.fixture(scope="module")
def variants(core_engine):
    return {name: core_engine.load_ruleset(DATA / f"{name}.yaml")
            for name in ("mini", "mini-strict", "mini-16", "mini-108")}


def near_ready(rng: random.Random, rules) -> dict:
    """Mostly ready hands (a winning hand minus one tile), sometimes spoiled by a swapped tile."""
    kinds = sorted(rules.table.kinds)
    r = rng.random()
    shapes = {shape.id for shape, _, _ in rules.shapes}
    if r < 0.15 and "seven_pairs" in shapes:       # seven pairs, one tile short
        pairs = rng.sample(kinds, 7)
        if rng.random() < 0.3:
            pairs[1] = pairs[0]                    # four of a kind as two pairs
        tiles = [t for p in pairs for t in (p, p)]
        tiles.pop(rng.randrange(14))
        return {"hand": T.format_tiles(tiles), "melds": []}
    if r < 0.22 and "thirteen_orphans" in shapes:                   # thirteen orphans, one tile short
        from mahjong_core.engine.shapes import ORPHANS
        tiles = list(ORPHANS) + [rng.choice(ORPHANS)]
        tiles.pop(rng.randrange(14))
        return {"hand": T.format_tiles(tiles), "melds": []}
    n_sets = rules.table.hand_size // 3
    sit = random_winning(rng, melds=rng.randint(0, 3), kinds=kinds, n_sets=n_sets, chows=rules.table.chows)
    tiles = list(T.parse_tiles(sit["hand"]))
    if rng.random() < 0.25:                        # spoil it
        tiles[rng.randrange(len(tiles))] = rng.choice(kinds)
    counts = T.counts34(tiles + [t for m in sit["melds"] for t in T.parse_tiles(m["tiles"])])
    if max(counts) > 4:
        return near_ready(rng, rules)
    return {"hand": T.format_tiles(tiles), "melds": sit["melds"]}


@settings(max_examples=250, deadline=None)
@given(st.randoms(use_true_random=False),
       st.sampled_from(("mini", "mini", "mini-strict", "mini-16", "mini-108")))
def test_fast_waits_equal_brute_force(variants, rng, name):
    rules = variants[name]
    hand = near_ready(rng, rules)
    s = parse_pre_win(rules, hand)
    assert W.waits(rules, s.hand, s.melds, s.wilds) == brute_waits(rules, s.hand, s.melds)


def parse_pre_win(rules, hand):
    """The hand as a Situation, with a stand-in winning tile of which fewer than 4 are held."""
    held = T.counts34(list(T.parse_tiles(hand["hand"])) +
                      [t for m in hand.get("melds", []) for t in T.parse_tiles(m["tiles"])])
    probe = next(t for t in sorted(rules.table.kinds) if held[t] < 4)
    return rules.parse(dict(hand, win_tile=T.name(probe)))


def test_waits_when_a_kind_is_split_between_hand_and_melds(variants):
    """1m in a melded pung and one in hand: a valid 13-tile hand whose only (formal) wait, 1m, is
    all held: no wait."""
    rules = variants["mini"]
    hand = {"hand": "1m456p789s123s", "melds": [{"type": "pung", "tiles": "111m"}]}
    assert W.waits(rules, *_parts(parse_pre_win(rules, hand))) == ()
    assert rules.waits(hand).tiles == ()


def _parts(s):
    return s.hand, s.melds, s.wilds


def test_ready_hands_are_found_often_enough(variants):
    """Guard against a generator that only makes hands nobody waits with."""
    rng = random.Random(3)
    rules = variants["mini"]
    ready = sum(rules.waits(near_ready(rng, rules)).ready for _ in range(200))
    assert 100 < ready < 200


@pytest.mark.parametrize("name, hand, waits", [
    ("mini", "11123456789999m", None),                           # 14 tiles: not a pre-win hand
    ("mini", "1112345678999m", "123456789m"),                   # nine gates
    ("mini", "1111m456p789s123s", ""),                           # all four 1m held: no fifth to draw
    ("mini", "1111m2222p33334s", "4s"),                          # seven pairs, fours as two pairs
    ("mini-strict", "1111m2222p33334s", ""),
    ("mini", "1122334455667m", "147m"),                           # seven pairs and chows
    ("mini", "1133557799m11p5p", "5p"),
    ("mini", "1111223344556m", "2356m"),
    ("mini", "19m19p19s1234567z", "19m19p19s1234567z"),          # thirteen-sided
    ("mini", "19m19p19s123456z1m", "7z"),
    ("mini", "19m19p19s12345z11m", ""),
    ("mini", "123m456p789s1234z", ""),
    ("mini", "111p444p777s1123m", "14m"),
    ("mini-strict", "111p444p777s1123m", ""),                    # no chows
    ("mini-strict", "111m444p777s1112z", "2z"),
    ("mini-108", "11123456789999p", None),
    ("mini-108", "1112345678999p", "123456789p"),
    ("mini-108", "123456789p1234s", "14s"),
    ("mini-16", "123456789m123p789s5z", "5z"),
])
def test_known_waits(variants, name, hand, waits):
    rules = variants[name]
    if waits is None:
        with pytest.raises(MahjongError) as info:
            rules.waits(hand)
        assert info.value.code == "wrong_tile_count"
        return
    got = rules.waits(hand)
    assert T.format_tiles(got.tiles) == waits
    s = rules.parse_hand(hand)
    assert got.tiles == brute_waits(rules, s.hand, s.melds)


def test_waits_with_melds(variants):
    rules = variants["mini"]
    hand = {"hand": "23m456p11z", "melds": [{"type": "pung", "tiles": "999s"}, {"type": "kong", "tiles": "7777p",
                                                                            "concealed": True}]}
    assert T.format_tiles(rules.waits(hand).tiles) == "14m"
    assert [w["tile"] for w in rules.waits(hand).to_dict()["waits"]] == ["1m", "4m"]


def test_waits_with_wilds_equal_brute_force(variants):
    rules = variants["mini"]
    rng = random.Random(11)
    for _ in range(40):
        hand = near_ready(rng, rules)
        hand["wilds"] = T.name(rng.randrange(34))
        s = parse_pre_win(rules, hand)
        assert W.waits(rules, s.hand, s.melds, s.wilds) == brute_waits(rules, s.hand, s.melds, s.wilds)


def test_drawing_a_wild_completes_a_ready_hand(variants):
    """The hand holds no wild, but a drawn wild (5z) can stand for the 2z it waits on: 5z is a wait,
    as rules.score of the same hand winning on 5z confirms."""
    rules = variants["mini"]
    hand = {"hand": "123m456p789s1112z", "wilds": "5z"}
    assert rules.score(dict(hand, win_tile="5z")).decomposition.wild_as == (28,)
    assert T.format_tiles(rules.waits(hand).tiles) == "25z"


def test_waits_refuse_a_winning_tile(variants):
    with pytest.raises(MahjongError) as info:
        variants["mini"].waits({"hand": "1112345678999m", "win_tile": "5m"})
    assert info.value.message == "field 'win_tile': waits are asked of the hand before the winning tile"


def test_suit_tables():
    assert W.suit_complete((3, 1, 1, 1, 0, 0, 0, 0, 2), True)
    assert not W.suit_complete((1, 1, 1, 1, 0, 0, 0, 0, 0), True)
    assert W.suit_waits((3, 1, 1, 1, 1, 1, 1, 1, 3), True) == tuple(range(9))
    assert W.suit_waits((0, 0, 0, 0, 0, 0, 0), False) == ()
    assert W.thirteen_orphans_waits(T.counts34(T.parse_tiles("19m19p19s1234567z"))) == list(
        T.parse_tiles("19m19p19s1234567z"))


JUNK = [None, 5, [], {}, "", "1m", "0m", "123", "1f", "🀄", "1111m1m", "123m456p789s1234z5z"]


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False))
def test_waits_of_any_input_is_a_result_or_a_mahjong_error(variants, rng):
    rules = variants[rng.choice(["mini", "mini-strict", "mini-108"])]
    hand = near_ready(rng, rules)
    for _ in range(rng.randint(1, 2)):
        if not isinstance(hand, dict):
            break
        op = rng.randrange(5)
        if op == 0:
            current = hand.get("hand")
            hand["hand"] = rng.choice(JUNK) if rng.random() < 0.5 or not isinstance(current, str) \
                else current + T.name(rng.randrange(42))
        elif op == 1:
            hand[rng.choice(["wilds", "flowers", "seat_wind", "win_tile", "self_drawn", "melds", "hnd"])] = \
                rng.choice(JUNK)
        elif op == 2:
            if not isinstance(hand.get("melds"), list):
                hand["melds"] = []
            hand["melds"].append({"type": rng.choice(["chow", "pung", "kong", "x"]),
                                                 "tiles": rng.choice(JUNK + ["555p", "5555p", "345s"])})
        elif op == 3:
            hand = rng.choice(JUNK + ["1112345678999m", "[123m]456p"])
        else:
            hand["wilds"] = T.name(rng.randrange(34))
    try:
        got = rules.waits(hand)
    except MahjongError as e:
        assert e.code in ("invalid_tile", "wrong_tile_count", "too_many_copies", "invalid_meld",
                          "invalid_situation") and e.message
    else:
        assert all(t in rules.table.kinds for t in got.tiles)


@pytest.mark.parametrize("name", ["guobiao", "sichuan"])
def test_waits_under_installed_plugin_rulesets_equal_brute_force(engine, name):
    """Plugin win shapes (knitted hands, …) go through the generic path next to the tables."""
    if name not in engine.ruleset_files():
        pytest.skip(f"the {name} ruleset is not installed")
    rules = engine.load_ruleset(name)
    rng = random.Random(5)
    checked = 0
    for _ in range(150):
        hand = near_ready(rng, rules)
        try:
            s = parse_pre_win(rules, hand)
        except MahjongError:
            continue                     # e.g. a melded chow where the ruleset has none
        got = W.waits(rules, s.hand, s.melds, s.wilds)
        assert got == brute_waits(rules, s.hand, s.melds), hand
        assert rules.waits(hand).tiles == got
        checked += 1
    assert checked >= 30


# --------------------------------------------------------------------------- a shape's own waits

def pungs_and_pairs(inp):
    """A house shape for the tests: two pungs and four pairs, concealed, no wilds."""
    c = inp.counts
    if inp.meld_groups or inp.wilds or any(n not in (0, 2, 3) for n in c):
        return
    pungs = [t for t in range(34) if c[t] == 3]
    pairs = [t for t in range(34) if c[t] == 2]
    if len(pungs) == 2 and len(pairs) == 4:
        from mahjong_core.engine.shapes import Decomposition, Group
        groups = tuple(Group("pung", t) for t in pungs) + tuple(Group("pair", t) for t in pairs)
        yield Decomposition("pungs_and_pairs", groups, inp.natural_tiles)


def pungs_and_pairs_waits(inp):
    """Its waits, from the counts alone: the single of 3-3-2-2-2-1, or any pair of 3-2-2-2-2-2."""
    if inp.wilds:
        return None
    c = inp.counts
    if inp.meld_groups or sum(c) != 13 or max(c) > 3:
        return []
    by = {n: [t for t in range(34) if c[t] == n] for n in (1, 2, 3)}
    if (len(by[3]), len(by[2]), len(by[1])) == (2, 3, 1):
        return by[1]
    if (len(by[3]), len(by[2]), len(by[1])) == (1, 5, 0):
        return by[2]
    return []


@pytest.fixture(scope="module")
def house(tmp_path_factory):
    """The mini ruleset plus the house shape, whose finder counts its calls."""
    from mahjong_core.engine.registry import Engine
    from mahjong_core.engine.hookspecs import WinShape, hookimpl
    calls = {"find": 0}

    def find(inp):
        calls["find"] += 1
        return pungs_and_pairs(inp)

    class Plugin:
        @staticmethod
        @hookimpl
        def mahjong_win_shapes():
            return [WinShape("pungs_and_pairs", find, waits=pungs_and_pairs_waits)]

    path = tmp_path_factory.mktemp("house") / "house.yaml"
    path.write_text((DATA / "mini.yaml").read_text(encoding="utf-8").replace(
        "  thirteen_orphans: {}\n", "  thirteen_orphans: {}\n  pungs_and_pairs: {}\n"), encoding="utf-8")
    rules = Engine(plugins=[Plugin], entry_points=False).load_ruleset(path)
    return rules, calls


def house_ready(rng: random.Random) -> list[int]:
    """Two pungs and four pairs less one tile, sometimes spoiled by a swapped tile."""
    kinds = rng.sample(range(34), 6)
    tiles = [t for t in kinds[:2] for _ in range(3)] + [t for t in kinds[2:] for _ in range(2)]
    tiles.pop(rng.randrange(14))
    if rng.random() < 0.2:
        tiles[rng.randrange(13)] = rng.randrange(34)
    return tiles if max(T.counts34(tiles)) <= 4 else house_ready(rng)


def test_a_plugin_shape_answers_its_own_waits(house):
    """Without wilds the shape's ``waits`` answers: its finder is never asked, and the waits
    are those of trying every kind."""
    rules, calls = house
    rng = random.Random(8)
    waited = 0
    for _ in range(200):
        tiles = house_ready(rng)
        calls["find"] = 0
        got = W.waits(rules, tiles, (), ())
        assert calls["find"] == 0
        assert got == brute_waits(rules, tiles, ())
        waited += any(t in got for t in set(tiles))       # a wait only the house shape gives
    assert waited > 50


def test_a_shape_whose_waits_decline_is_searched(house):
    """With a wild in hand the shape's ``waits`` says None: each kind goes through its finder."""
    rules, calls = house
    tiles = [0, 0, 0, 9, 9, 9, 18, 18, 27, 27, 30, 30, 31]
    with_wild = tiles[:-1] + [33]
    calls["find"] = 0
    got = W.waits(rules, with_wild, (), (33,))
    assert calls["find"] == len(rules.table.kinds) - len(got)     # each kind no earlier shape gave
    assert got == brute_waits(rules, with_wild, (), (33,))
    assert W.waits(rules, tiles, (), ()) == (31,)


def test_core_shapes_bring_their_waits(core_engine):
    """Core's shapes answer by table look-ups without wilds and (but for a seven-pairs hand a wild
    short) decline with them."""
    from mahjong_core.engine import shapes as S
    registry = core_engine.registry.shapes
    assert {sid: registry[sid].item.waits for sid in ("standard", "seven_pairs", "thirteen_orphans")} == {
        "standard": S.standard_shape_waits, "seven_pairs": S.seven_pairs_shape_waits,
        "thirteen_orphans": S.thirteen_orphans_shape_waits}
    table = core_engine.load_ruleset(DATA / "mini.yaml").table
    ready = W.shape_input(list(T.parse_tiles("1122334455667m")), (), (), table)
    assert S.standard_shape_waits(ready) == [0, 3, 6]
    assert S.seven_pairs_shape_waits(ready) == [6]
    wild = W.shape_input(list(T.parse_tiles("1122334455667m")), (), (6,), table)
    assert (S.standard_shape_waits(wild), S.seven_pairs_shape_waits(wild),
            S.thirteen_orphans_shape_waits(wild)) == (None, None, None)
    # seven pairs with wilds answers "none" where a wild would be short: 1m 3m 5m 7m 9m 8p are of
    # odd count (6 kinds), one wild (7p); a tile drawn leaves at least 5 odd kinds for 1 or 2 wilds
    scattered = W.shape_input(list(T.parse_tiles("13579m2244668p7p")), (), (15,), table)
    assert scattered.wilds == 1
    assert S.seven_pairs_shape_waits(scattered) == []
