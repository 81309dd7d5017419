"""Hand analysis (mahjong_core.engine.analysis): shanten and useful tiles against the reference
calculator PyMahjongGB on random Guobiao hands with melds (its regular, seven-pairs and
thirteen-orphans shanten: the core shapes), and against brute force (draw every tile, look
again) on hands with wilds, 16-tile hands and Sichuan's void suit; the discard advice, the
result record and the errors."""
from __future__ import annotations

import random
from itertools import combinations_with_replacement
from dataclasses import replace

import pytest

from mahjong_core import MahjongError, load_ruleset
from mahjong_core.engine import tiles as T
from mahjong_core.engine.analysis import NEVER, standard_shanten
from mahjong_core.engine.errors import NotWinningError

from dealing import held_counts, random_hand
from harness import needs
from reference_gb import TILE_CODES
from testpaths import DATA
from winning_hands import random_winning

G = needs("MahjongGB", "pip install -e '.[reference]'")         # the reference calculator

CORE_GB = "extends: guobiao\nshapes:\n  honors_and_knitted: {enabled: false}\n" \
          "  knitted_straight: {enabled: false}\n  nine_gates: {enabled: false}\n"


@pytest.fixture(scope="module")
def core_gb(tmp_path_factory):
    """Guobiao with its core shapes only: the shapes PyMahjongGB's three functions cover."""
    path = tmp_path_factory.mktemp("analysis") / "core-gb.yaml"
    path.write_text(CORE_GB, encoding="utf-8")
    return load_ruleset(path)


def reference(hand: list[int], melded: bool) -> tuple[int, set[int]]:
    """PyMahjongGB's shanten over the core shapes and the useful tiles of the best of them."""
    codes = tuple(TILE_CODES[t] for t in hand)
    answers = [G.RegularShanten(hand=codes)]
    if not melded:
        answers += [G.SevenPairsShanten(hand=codes), G.ThirteenOrphansShanten(hand=codes)]
    best = min(a[0] for a in answers)
    useful = {TILE_CODES.index(c) for a in answers if a[0] == best for c in a[1]}
    return best, useful


def test_shanten_and_useful_tiles_match_the_reference_on_13_tile_hands(core_gb):
    rng = random.Random(18)
    for _ in range(6000):
        hand, melds = random_hand(rng)
        want, want_useful = reference(hand, bool(melds))
        got = core_gb.analyze({"hand": T.format_tiles(hand), "melds": melds}, waits=False)
        held = held_counts(hand, melds)
        assert got.shanten == want, (T.format_tiles(hand), melds)
        assert {u.tile for u in got.hand.useful} == {t for t in want_useful if held[t] < 4}, \
            (T.format_tiles(hand), melds)
        for u in got.hand.useful:
            assert u.left == 4 - held[u.tile]


def test_14_tile_hands_match_the_reference_discard_by_discard(core_gb):
    rng = random.Random(1818)
    for _ in range(1500):
        hand, melds = random_hand(rng, 14)
        got = core_gb.analyze({"hand": T.format_tiles(hand), "melds": melds}, waits=False)
        held = held_counts(hand, melds)
        by_discard = {}
        for d in set(hand):
            rest = list(hand)
            rest.remove(d)
            by_discard[d] = reference(rest, bool(melds))
        assert {o.discard for o in got.discards} == set(by_discard)
        for o in got.discards:
            want, useful = by_discard[o.discard]
            assert o.shanten == want
            assert {u.tile for u in o.useful} == {t for t in useful if held[t] < 4}
        won = any(w == 0 and d in useful for d, (w, useful) in by_discard.items())
        assert got.shanten == (-1 if won else min(w for w, _ in by_discard.values()))
        assert core_gb.shanten({"hand": T.format_tiles(hand), "melds": melds}) == got.shanten


def test_whole_ruleset_shanten_matches_mahjong_shanten():
    """Guobiao's knitted shapes and nine gates give their own shanten: the whole ruleset's
    equals the reference's over every form."""
    gb = load_ruleset("guobiao")
    rng = random.Random(7)
    for _ in range(300):
        hand, melds = random_hand(rng)
        pack = tuple(("PENG" if m["type"] == "pung" else "CHI",
                      TILE_CODES[T.parse_tiles(m["tiles"])[m["type"] == "chow"]], 0) for m in melds)
        want = G.MahjongShanten(pack=pack, hand=tuple(TILE_CODES[t] for t in hand))
        got = gb.shanten({"hand": T.format_tiles(hand), "melds": melds})
        assert got == want, (T.format_tiles(hand), melds)
    # a knitted straight + a set + a pair, one tile short: ready only in the plugin shape
    ready = "147m223458p36s55z"
    assert G.MahjongShanten(pack=(), hand=tuple(TILE_CODES[t] for t in T.parse_tiles(ready))) == 0
    assert gb.shanten(ready) == 0
    assert gb.shanten(ready + "9s") == -1
    assert gb.shanten(ready + "1z") == 0 == gb.analyze(ready + "1z", waits=False).shanten
    assert gb.analyze(ready + "1z", waits=False).discards[0].discard == T.parse_tiles("1z")[0]


# ---------------------------------------------------------------- brute force

def complete(rules, tiles, base) -> bool:
    """Does the 3n+2 hand win under the ruleset (its shapes and its plugin vetoes)?"""
    sit = dict(base, hand=T.format_tiles(tiles[:-1]), win_tile=T.name(tiles[-1]))
    try:
        s = rules.parse(sit)
    except NotWinningError:
        return False
    except MahjongError:
        return False                       # a fifth copy: never drawn
    return bool(rules.decompositions(s))


def brute(rules, tiles, base, depth: int) -> int:
    """Shanten by drawing every kind and letting go of every tile, to ``depth``; NEVER beyond."""
    kinds = sorted(rules.table.kinds)
    if len(tiles) % 3 == 2:
        if complete(rules, sorted(tiles), base):
            return -1
        return min(brute(rules, tiles[:i] + tiles[i + 1:], base, depth) for i in range(len(tiles))
                   if tiles[i] not in tiles[:i])
    if any(complete(rules, sorted(tiles + [t]), base) for t in kinds):
        return 0
    if depth == 0:
        return NEVER
    best = NEVER
    for t in kinds:
        more = sorted(tiles + [t])
        for i, d in enumerate(more):
            if d == t or d in more[:i]:
                continue
            rest = more[:i] + more[i + 1:]
            if brute(rules, rest, base, depth - 1) == depth - 1:
                return depth
    return best


def near_complete(rng, rules, spoil: int) -> tuple[list[int], dict]:
    sit = random_winning(rng, melds=rng.randint(0, 2), kinds=sorted(rules.table.kinds),
                         n_sets=rules.table.hand_size // 3, chows=rules.table.chows)
    tiles = list(T.parse_tiles(sit["hand"]))
    kinds = sorted(rules.table.kinds)
    for _ in range(spoil):
        tiles[rng.randrange(len(tiles))] = rng.choice(kinds)
    return tiles, {"melds": sit["melds"]}


def check_against_brute(rules, tiles, base, depth: int = 1) -> None:
    held = held_counts(tiles, base["melds"])
    if max(held) > 4:
        return
    hand = dict(base, hand=T.format_tiles(tiles))
    got = rules.shanten(hand)
    want = brute(rules, list(tiles), base, depth)
    if want == NEVER:
        assert got > depth, hand
    else:
        assert got == want, hand


@pytest.mark.parametrize("name", ["mini", "mini-16", "mini-108"])
def test_shanten_matches_brute_force_with_wilds_and_other_hand_sizes(core_engine, name):
    rules = core_engine.load_ruleset(DATA / f"{name}.yaml")
    rng = random.Random(name)
    kinds = sorted(rules.table.kinds)
    for i in range(40):
        tiles, base = near_complete(rng, rules, rng.randint(0, 2))
        if i % 2 and rules.table.max_wild_kinds:
            base["wilds"] = T.name(rng.choice(kinds))
        check_against_brute(rules, tiles, base, depth=1 if i < 12 else 0)
    for i in range(10):                         # 3n+2 hands: complete or not, and one discard on
        tiles, base = near_complete(rng, rules, rng.randint(0, 1))
        tiles.append(rng.choice(kinds))
        if i % 2 and rules.table.max_wild_kinds:
            base["wilds"] = T.name(rng.choice(kinds))
        check_against_brute(rules, tiles, base, depth=0)


@pytest.mark.parametrize("name", ["guangdong-tuidaohu", "popular"])
def test_useful_tiles_with_a_wild_kind_named_are_the_draws_that_lower_the_shanten(name):
    """Held or not, a wild kind drawn is a wild: useful exactly when one more wild lowers the
    shanten; any other kind when the hand with it drawn is nearer (by the 14-tile shanten)."""
    rules = load_ruleset(name)
    rng = random.Random(name)
    held_none = 0
    for i in range(60):
        tiles, base = near_complete(rng, rules, rng.randint(1, 3))
        tiles = tiles[:len(tiles) - (len(tiles) % 3 != 1)] if len(tiles) % 3 != 1 else tiles
        melded = {t for m in base["melds"] for t in T.parse_tiles(m["tiles"])}      # no wild in a meld
        wild = rng.choice([t for t in (tiles if i % 2 else range(34)) if t not in melded and (i % 2 or t not in tiles)])
        held_none += wild not in tiles
        hand = dict(base, hand=T.format_tiles(tiles), wilds=T.name(wild))
        held = held_counts(tiles, base["melds"])
        _check_useful(rules, hand, tiles, held)
    assert held_none >= 25
    for i in range(30):                         # near 组合龙 and 全不靠, one or two wilds held
        natural, wild = _wild_hand(rng, 13, 1 + i % 2)
        tiles = natural + [wild] * (1 + i % 2)
        held = held_counts(natural, [])
        if max(held) <= 4:
            _check_useful(rules, {"hand": T.format_tiles(sorted(tiles)), "wilds": T.name(wild)}, tiles, held)


def _check_useful(rules, hand, tiles, held):
    got = rules.analyze(hand, waits=False).hand
    if got.shanten == NEVER:
        return
    want = {t for t in range(34) if held[t] < 4 and
            rules.shanten(dict(hand, hand=T.format_tiles(sorted(tiles + [t])))) < got.shanten}
    assert {u.tile for u in got.useful} == want, hand


KNITTED_BODIES = [(a, b + 9, c + 18) for a, b, c in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))]


def _wild_hand(rng, size: int, wilds: int):
    """(natural tiles, wild kind): near 组合龙 + a set and a pair, near 全不靠, or any tiles."""
    lows = rng.choice(KNITTED_BODIES)
    body = [lo + 3 * i for lo in lows for i in range(3)]
    pick = rng.randrange(3)
    if pick == 0:
        tiles = body + [rng.randrange(34)] * 2 + [rng.randrange(27)] * 3
    elif pick == 1:
        tiles = rng.sample(body, rng.randint(7, 9))
        tiles += rng.sample(range(27, 34), 14 - len(tiles))
    else:
        tiles = [rng.randrange(34) for _ in range(14)]
    wild = rng.randrange(34)
    natural = [t for t in rng.sample(tiles, 14) if t != wild][:size - wilds]
    if natural and rng.random() < 0.5:
        natural[rng.randrange(len(natural))] = rng.randrange(34)
    natural = [t for t in natural if t != wild]
    while len(natural) < size - wilds:
        natural.append(rng.choice([t for t in range(34) if t != wild]))
    return natural, wild


@pytest.mark.parametrize("name", ["popular", "guangdong-tuidaohu"])
def test_shanten_with_wilds_is_that_of_the_best_hand_the_wilds_could_stand_for(name):
    """Every shape (组合龙 and 全不靠 too): a hand's shanten with one or two wilds is the least
    shanten of the same hand with the wilds as natural tiles, over every kind they could be
    (no fifth copy). 300 random hands of each ruleset answered so when this test was written."""
    rules = load_ruleset(name)
    rng = random.Random(f"wilds {name}")
    checked = 0
    for i in range(90):
        wilds = 1 + i % 2
        natural, wild = _wild_hand(rng, 13 if i % 5 < 3 else 14, wilds)
        if max(natural.count(t) for t in natural) > 4:
            continue
        got = rules.shanten({"hand": T.format_tiles(sorted(natural + [wild] * wilds)), "wilds": T.name(wild)})
        want = NEVER
        for stand in combinations_with_replacement(range(34), wilds):
            hand = sorted(natural + list(stand))
            if max(hand.count(t) for t in stand) <= 4:
                want = min(want, rules.shanten(T.format_tiles(hand)))
        assert got == want, (T.format_tiles(sorted(natural)), T.name(wild), wilds)
        checked += 1
    assert checked >= 80


def test_fuzhou_all_pairs_shanten_counts_the_pairs_before_ready(tmp_path):
    """全对子型 (options.all_pairs_shape) has a shanten of its own: 17 tiles are eight pairs and a
    single, so six pairs and four singles are one from ready, as drawing and letting go finds."""
    path = tmp_path / "pairs.yaml"
    path.write_text("extends: fuzhou\noptions:\n  all_pairs_shape: true\n", encoding="utf-8")
    rules = load_ruleset(path)
    # 6 pairs + 4 singles: a drawn copy of a single makes 7 pairs + 3, one single let go → ready
    assert rules.shanten("113355m224466p1379s") == 1
    assert rules.shanten({"hand": "113355m224466p137s9s", "wilds": "9s"}) == 0     # a gold: one tile nearer
    rng = random.Random("all pairs")
    kinds = sorted(rules.table.kinds)
    for i in range(12):
        held = rng.sample(kinds, 12)
        tiles = [k for k in held[:rng.randint(6, 7)] for _ in range(2)]
        tiles += held[len(tiles) // 2:][:16 - len(tiles)]
        check_against_brute(rules, tiles, {"melds": []}, depth=1)


def test_sichuan_void_suit_tiles_are_tiles_to_replace_and_three_suits_never_win():
    rules = load_ruleset("sichuan")
    assert rules.shanten("123456789p1234s") == 0
    assert rules.shanten({"hand": "123456789p1234s", "void_suit": "p"}) == 9       # every p to replace
    assert rules.shanten("12345678p1234s5m") == 1          # the lone 5m must go (three suits)
    assert rules.shanten({"hand": "115599p1155s99s7m", "void_suit": "m"}) == 1     # six pairs, 7m to go
    rng = random.Random(4)
    for i in range(30):
        tiles, base = near_complete(rng, rules, rng.randint(0, 2))
        if i % 3:
            base["void_suit"] = "mps"[i % 3]
            if any(t // 9 == i % 3 for m in base["melds"] for t in T.parse_tiles(m["tiles"])):
                with pytest.raises(MahjongError, match="field 'void_suit'"):
                    rules.shanten(dict(base, hand=T.format_tiles(tiles)))
                continue
        check_against_brute(rules, tiles, base, depth=1 if i < 8 else 0)


# ---------------------------------------------------------------- the advice and its record

def test_analyze_a_14_tile_hand_ranks_the_discards_and_scores_the_waits_of_ready_ones():
    rules = load_ruleset("guobiao")
    a = rules.analyze("123456789m12p58s9s", seen="3p3p")
    assert a.shanten == 1 and a.standing == 14
    first = a.discards[0]
    assert first.discard == T.parse_tiles("5s")[0] and first.shanten == 1
    useful = {T.name(u.tile): u.left for u in first.useful}
    assert useful == {"1p": 3, "2p": 3, "3p": 2, "7s": 4, "8s": 3, "9s": 3}
    keys = [(o.shanten, -o.useful_left) for o in a.discards]
    assert keys == sorted(keys)
    ready = rules.analyze("123456789m123p5s7s")
    best = ready.discards[0]
    assert best.shanten == 0 and best.waits is not None
    data = ready.to_dict()
    assert data["ok"] and data["shanten"] == 0 and data["discards"][0]["waits"][0]["tile"]


def test_analyze_a_13_tile_ready_hand_gives_its_waits_as_waits_does():
    rules = load_ruleset("guobiao")
    a = rules.analyze("123456789m1234p")
    assert a.shanten == 0
    assert a.to_dict()["waits"] == rules.waits("123456789m1234p").to_dict()["waits"]
    assert [T.name(u.tile) for u in a.hand.useful] == ["1p", "4p"]


def test_analysis_errors_name_the_field():
    rules = load_ruleset("guobiao")
    with pytest.raises(MahjongError) as e:
        rules.analyze("123456789m1234p", seen="1p1p1p1p")
    assert e.value.code == "too_many_copies" and "'seen'" in e.value.message
    with pytest.raises(MahjongError) as e:
        rules.analyze("123456789m1234p", seen="1x")
    assert e.value.code == "invalid_tile" and "'seen'" in e.value.message
    with pytest.raises(MahjongError) as e:
        rules.analyze("123456789m1234p", seen="1f")
    assert e.value.code == "invalid_tile" and "'seen'" in e.value.message
    with pytest.raises(MahjongError) as e:
        load_ruleset("sichuan").analyze("123456789m1234p", seen="1z")
    assert e.value.code == "invalid_tile" and "tile set" in e.value.message
    with pytest.raises(MahjongError) as e:
        rules.shanten("123456789m12p")
    assert e.value.code == "wrong_tile_count"


def test_a_plugin_shape_without_its_own_shanten_is_searched(core_engine):
    rules = core_engine.load_ruleset(DATA / "mini.yaml")
    # seven pairs with its shanten taken away: ready and complete are still found through find
    rules.analyzer.searched = [(s, a) for f, a, s in rules.analyzer.own if s.id == "seven_pairs"]
    rules.analyzer.own = [o for o in rules.analyzer.own if o[2].id != "seven_pairs"]
    try:
        assert rules.shanten("113355m77p1133s5z") == 0
        assert [T.name(u.tile) for u in rules.analyze("113355m77p1133s5z").hand.useful] == ["5z"]
        assert rules.shanten("113355m77p1133s5z5z") == -1
        assert rules.shanten("113355m79p1133s4z") > 0
    finally:
        del rules.__dict__["_analyzer"]


def test_standard_shanten_counts_wilds_as_a_budget():
    from mahjong_core.engine.shapes import ShapeInput
    counts = [0] * 34
    for t in T.parse_tiles("123456789m12p5s"):
        counts[t] += 1
    inp = ShapeInput(tuple(counts), 1, (), 4, True, frozenset(range(34)), (0,) * 34)
    assert standard_shanten(inp) == 0           # the wild makes 3p, 5s waits for its pair
    counts[T.parse_tiles("5s")[0]] += 1
    assert standard_shanten(replace(inp, counts=tuple(counts))) == -1


# ---------------------------------------------------------------- the command

HANDS = {"guobiao": "123456789m12p58s9s", "guobiao-2014": "147m223458p36s55z", "guobiao-strict98": "2344m567p789s111z",
         "popular": "123456789m12p5z5z", "popular-lianzhong": "[123m]456789m1234p",
         "sichuan": "123456789p1234s5m", "sichuan-xueliu": "11223344p556677s", "sichuan-tencent": "123456789p1234s"}


@pytest.mark.parametrize("name", sorted(HANDS))
def test_analyze_command_works_for_every_shipped_ruleset(name):
    import json

    from harness import run_cli
    hand = HANDS[name]
    rc, out, err = run_cli(["analyze", "--ruleset", name, hand, "--json"])
    assert rc == 0, err
    data = json.loads(out)
    rules = load_ruleset(name)
    api = hand
    if "[" in hand:
        from mahjong_core.frontends.wire import parse_notation
        api = {"hand": hand[hand.index("]") + 1:], "melds": parse_notation(hand + " 1m")["melds"]}
    assert data == rules.analyze(api).to_dict()
    assert data["shanten"] == rules.shanten(api)
    rc, text, err = run_cli(["analyze", "--ruleset", name, hand])
    assert rc == 0 and text.startswith(f"shanten {data['shanten']} ")
    if "discards" in data:
        assert text.splitlines()[1].split() == ["discard", "shanten", "left", "useful"]
        assert text.splitlines()[2].split()[0] == data["discards"][0]["discard"]
    else:
        assert f"({data['useful_left']} left)" in text


def test_analyze_command_reads_seen_wilds_and_void_and_fails_plainly():
    import json

    from harness import run_cli
    rc, out, _ = run_cli(["analyze", "--ruleset", "guobiao", "123456789m1234p", "--seen", "1p1p", "--json"])
    assert rc == 0 and json.loads(out)["useful"][0] == {"tile": "1p", "left": 1}
    rc, out, _ = run_cli(["analyze", "--ruleset", "popular", "123456789m12p5s", "--wilds", "5z", "--json"])
    assert rc == 2 and json.loads(out)["error"]["code"] == "wrong_tile_count"
    rc, out, _ = run_cli(["analyze", "--ruleset", "popular", "123456789m12p5s5z", "--wilds", "5z", "--json"])
    assert rc == 0 and json.loads(out)["shanten"] == 0
    rc, out, _ = run_cli(["analyze", "--ruleset", "sichuan", "123456789p1234s", "--void", "p", "--json"])
    assert rc == 0 and json.loads(out)["shanten"] == 9
    rc, _, err = run_cli(["analyze", "--ruleset", "guobiao", "123456789m1234p", "--seen", "1p1p1p1p"])
    assert rc == 2 and err.startswith("error [too_many_copies]: field 'seen'")
