"""Guobiao's special shapes answer their own waits (honours-and-knitted, knitted straight, nine
gates): each answer equals adding every kind of the table in turn and asking the shape's finder,
on random ready and near-ready hands and on edge cases (every nine-gates pre-win form, knitted
hands with honours, melds, a 16-tile table, tables missing kinds); and the public
``rules.waits`` gives what it gave when these shapes were searched kind by kind."""
from __future__ import annotations

import copy
import dataclasses
import random

import pytest

import handgen
import mahjong_core
from mahjong_core.engine import tiles as T
from mahjong_core.engine.shapes import Group, ShapeInput
from mahjong_guobiao import honors_and_knitted, knitted_straight, nine_gates
from mahjong_guobiao.facts import KNITTED

SHAPES = {"honors_and_knitted": (honors_and_knitted.readings, honors_and_knitted.shape_waits),
          "knitted_straight": (knitted_straight.readings, knitted_straight.shape_waits),
          "nine_gates": (nine_gates.readings, nine_gates.shape_waits)}
ALL_KINDS = frozenset(range(34))
HONORS = list(range(27, 34))


def make_input(tiles, melds=(), kinds=ALL_KINDS, sets_needed=None, wilds=0) -> ShapeInput:
    """The pre-win input of standing ``tiles`` beside ``melds`` (a list of (kind, tile))."""
    counts = [0] * 34
    for t in tiles:
        counts[t] += 1
    meld_counts = [0] * 34
    groups = []
    for i, (kind, t) in enumerate(melds):
        groups.append(Group(kind, t, 0, i))
        for u in ((t, t + 1, t + 2) if kind == "chow" else (t,) * (4 if kind == "kong" else 3)):
            meld_counts[u] += 1
    if sets_needed is None:
        sets_needed = 4 - len(melds)
    return ShapeInput(tuple(counts), wilds, tuple(groups), sets_needed, True, kinds, tuple(meld_counts))


def searched(find, inp: ShapeInput) -> list[int]:
    """The kinds completing the shape: each kind of the table added in turn, the finder asked."""
    out = []
    for t in sorted(inp.kinds):
        counts = list(inp.counts)
        counts[t] += 1
        grown = dataclasses.replace(inp, counts=tuple(counts), win_tile=t)
        if next(iter(find(grown)), None) is not None:
            out.append(t)
    return out


def check(inp: ShapeInput, shapes=SHAPES) -> int:
    """Each shape's own waits equal the search; the number of shapes with a wait."""
    hits = 0
    for name in shapes:
        find, own = SHAPES[name]
        want = searched(find, inp)
        assert sorted(own(inp)) == want, (name, T.format_tiles(inp.natural_tiles), inp.meld_groups)
        hits += bool(want)
    return hits


# ----------------------------------------------------------------------- hand sources

def knitted_body(rng) -> list[int]:
    return list(rng.choice(KNITTED))


def knitted_ready(rng) -> tuple[list[int], list]:
    """A knitted-straight win (body + a set or a meld + a pair) less one standing tile."""
    body = knitted_body(rng)
    t = rng.randrange(34)
    if t < 27 and t % 9 < 7 and rng.random() < 0.6:
        group = ("chow", t)
    else:
        group = ("pung", t)
    pair = rng.randrange(34)
    melds = [group] if rng.random() < 0.35 else []
    standing = body + [pair, pair]
    if not melds:
        standing += [group[1] + i for i in range(3)] if group[0] == "chow" else [t] * 3
    standing.remove(rng.choice(standing))
    return standing, melds


def honors_knitted_ready(rng) -> list[int]:
    """Thirteen distinct tiles of one knitted straight and the honours (maybe not ready)."""
    pool = knitted_body(rng) + HONORS
    return rng.sample(pool, 13)


def nine_gates_forms() -> list[list[int]]:
    """Every 13-tile one-suit hand that is 1112345678999 + x less one tile y, in each suit."""
    out = set()
    for base in (0, 9, 18):
        for x in range(9):
            full = [3, 1, 1, 1, 1, 1, 1, 1, 3]
            full[x] += 1
            for y in range(9):
                if full[y]:
                    c = list(full)
                    c[y] -= 1
                    out.add(tuple(base + r for r in range(9) for _ in range(c[r])))
    return [list(h) for h in sorted(out)]


def spoil(rng, tiles: list[int]) -> list[int]:
    tiles = list(tiles)
    tiles[rng.randrange(len(tiles))] = rng.randrange(34)
    return tiles


# ----------------------------------------------------------------------- each shape

def test_random_ready_hands():
    """Regular and special ready hands of the waits benchmark, and the same spoiled."""
    rng = random.Random(7)
    for hand in handgen.ready_hands(18, 1500, special=0.6):
        check(make_input(hand))
        check(make_input(spoil(rng, hand)))


def test_knitted_straight_ready_hands_with_and_without_a_meld():
    rng = random.Random(11)
    hits = 0
    for _ in range(3000):
        standing, melds = knitted_ready(rng)
        hits += check(make_input(standing, melds), ("knitted_straight",))
        check(make_input(spoil(rng, standing), melds), ("knitted_straight",))
    assert hits > 2000          # most of them really are ready, so the exact waits are tested


def test_knitted_straight_edge_cases():
    body = list(KNITTED[0])
    cases = [
        body + [27, 27, 27, 28],              # single wait on the pair, or the pung's fourth
        body + [0, 1, 2, 28],                 # 1m duplicated by a chow of the body
        body + [3, 4, 28, 28],                # 2-5m / 3-6m with body tiles inside
        body + [1, 1, 5, 5],                  # two pairs: either way round
        body[1:] + [0, 1, 2, 27, 27],         # the body lacks 1m, the rest complete
        body[1:] + [0, 0, 27, 27, 27],        # the missing 1m is also in the remainder
        body[2:] + [0, 1, 2, 27, 27, 27],     # two body tiles missing: none
        body + [33, 33, 33, 33],              # the fourth copy held
    ]
    for tiles in cases:
        check(make_input(tiles), ("knitted_straight",))
    check(make_input(body + [27], [("pung", 28)]), ("knitted_straight",))
    check(make_input(body[1:] + [27, 27], [("chow", 18)]), ("knitted_straight",))
    check(make_input(body[1:] + [27], [("pung", 28), ("pung", 29)]), ("knitted_straight",))
    assert knitted_straight.shape_waits(make_input(body + [27, 27, 27, 28])) == [28]


def test_every_nine_gates_form_and_its_neighbours():
    rng = random.Random(3)
    forms = nine_gates_forms()
    assert len(forms) == 3 * (1 + 9 * 8)      # the gates themselves, or x != y
    for hand in forms:
        check(make_input(hand))
        check(make_input(spoil(rng, hand)))
        check(make_input(hand, kinds=ALL_KINDS - {hand[0] + 4}))
    # only the first suit of 14 tiles is read: a later one's gates are no wait
    gates_p = [9, 9, 9] + list(range(10, 17)) + [17, 17, 17]
    assert check(make_input([0] * 4 + [1] * 4 + [2] * 4 + [3, 3] + gates_p, sets_needed=9)) == 0
    assert check(make_input([0] * 4 + [1] * 4 + [2] * 4 + [3] + gates_p, sets_needed=9)) == 1
    pure = make_input([0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8])
    assert nine_gates.shape_waits(pure) == list(range(9))
    # 1112345678899: ready in the regular form, but never the nine-sided pre-win shape
    assert nine_gates.shape_waits(make_input([0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 7, 8, 8])) == []


def test_honors_and_knitted_hands():
    rng = random.Random(5)
    hits = 0
    for _ in range(3000):
        hand = honors_knitted_ready(rng)
        hits += check(make_input(hand), ("honors_and_knitted",))
        check(make_input(spoil(rng, hand)), ("honors_and_knitted",))
    assert hits > 1000
    body = list(KNITTED[2])
    check(make_input(HONORS + body[:6]))              # six knitted: only a knitted tile
    check(make_input(HONORS[:4] + body))              # all nine: only an honour
    check(make_input(HONORS[:5] + body[:8]))          # either
    check(make_input(HONORS[:5] + body[:8], [("pung", 27)], sets_needed=3))


def test_melds_sixteen_tiles_and_missing_kinds():
    rng = random.Random(9)
    no_honors = frozenset(range(27))
    for _ in range(800):
        standing, melds = knitted_ready(rng)
        extra = rng.sample(range(34), 3)
        # a 16-tile table: five sets, three more tiles standing
        check(make_input(standing + extra, melds, sets_needed=5 - len(melds)))
        check(make_input(standing, melds, kinds=frozenset(rng.sample(range(34), 30))))
        check(make_input(standing, melds, kinds=no_honors))
        hand = honors_knitted_ready(rng)
        check(make_input(hand, kinds=frozenset(rng.sample(range(34), 28))))
        check(make_input(hand[:10], [("pung", rng.randrange(27, 34))], sets_needed=3))
    for hand in nine_gates_forms():
        check(make_input(hand + [27, 28, 29], sets_needed=5))
        check(make_input(hand[:10], [("pung", 31)], sets_needed=3))
        check(make_input(hand, kinds=no_honors))


def test_with_wilds_each_shape_declines():
    """With a wild in hand the shapes leave the search to the engine (None)."""
    inp = make_input(list(KNITTED[0]) + [27, 27, 28], wilds=1)
    assert all(own(inp) is None for _, own in SHAPES.values())


# ----------------------------------------------------------------------- the public API

def searched_rules(rules):
    """The same ruleset with the Guobiao shapes searched kind by kind (no own waits)."""
    out = copy.copy(rules)
    out.shapes = tuple((dataclasses.replace(s, waits=None) if s.id in SHAPES else s, a, p)
                       for s, a, p in rules.shapes)
    return out


def test_guobiao_registers_the_three_shape_waits():
    shapes = {s.id: s for s, _, _ in mahjong_core.load_ruleset("guobiao").shapes}
    assert {name: shapes[name].waits for name in SHAPES} == {name: own for name, (_, own) in SHAPES.items()}


@pytest.mark.parametrize("name", ["guobiao", "guobiao-2014", "guobiao-strict98"])
def test_public_waits_unchanged(name):
    rules = mahjong_core.load_ruleset(name)
    old = searched_rules(rules)
    rng = random.Random(name)
    hands = [{"hand": T.format_tiles(h), "melds": []} for h in handgen.ready_hands(21, 1200, special=0.5)]
    for form in (None, "knitted_straight", "honors_knitted", "nine_gates"):
        for sit in handgen.situations(len(hands), 400 if form else 1200, form):
            hands.append({"hand": sit["hand"], "melds": sit["melds"]})
    for h in nine_gates_forms():
        hands.append({"hand": T.format_tiles(h), "melds": []})
    nonempty = 0
    for hand in hands:
        for h in (hand, {"hand": T.format_tiles(spoil(rng, T.parse_tiles(hand["hand"]))),
                         "melds": hand["melds"]}):
            try:
                want = old.waits(h).tiles
            except mahjong_core.MahjongError:
                continue                # a spoiled hand with a fifth copy
            assert rules.waits(h).tiles == want, h
            nonempty += bool(want)
    assert nonempty > len(hands)


def test_public_waits_unchanged_with_a_wild_kind():
    """大众 (Guobiao's shapes with a wild kind): a wild held leaves the search to the engine, a
    wild kind named but not held is added to the shapes' own waits as before."""
    rules = mahjong_core.load_ruleset("popular")
    old = searched_rules(rules)
    rng = random.Random(4)
    hands = [T.parse_tiles(sit["hand"]) for form in ("knitted_straight", "honors_knitted", "nine_gates")
             for sit in handgen.situations(5, 100, form)]
    hands += handgen.ready_hands(6, 200, special=0.6) + nine_gates_forms()[::4]
    nonempty = 0
    for tiles in hands:
        for h in (tiles, spoil(rng, tiles)):
            for wild in (rng.choice(h), rng.randrange(34)):
                hand = {"hand": T.format_tiles(h), "wilds": T.name(wild)}
                try:
                    want = old.waits(hand).tiles
                except mahjong_core.MahjongError:
                    continue
                assert rules.waits(hand).tiles == want, hand
                nonempty += bool(want)
    assert nonempty > len(hands)


def test_the_knitted_count_of_the_waits_is_the_shanten_ones():
    """``most_knitted`` counts the knitted tiles held straight from the counts; the shanten's
    ``knitted_missing`` reads them through the suit records: the two agree on hands of every size."""
    rng = random.Random(258)
    for _ in range(3000):
        counts = [0] * 34
        for _ in range(rng.choice((5, 10, 13, 14))):
            t = rng.randrange(34)
            counts[t] += counts[t] < 4
        assert knitted_straight.most_knitted(tuple(counts)) == 9 - knitted_straight.knitted_missing(tuple(counts))[0][0]
