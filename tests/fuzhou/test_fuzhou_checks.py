"""The Fuzhou fan checks (plugins/mahjong_fuzhou: points.py, specials.py, golds.py), asked directly.

``situation_of`` builds the frozen ``Situation`` from a contract-style dict without the table's
validation (so a check is asked about exactly what the test gives it), and ``ctx_of`` wraps it in
the context a check reads; the rulesets themselves are tested through tests/fuzhou/test_fuzhou_golden.py.
Arithmetic in the comments.
"""
from __future__ import annotations

from types import MappingProxyType, SimpleNamespace

import pytest

from mahjong_core import load_ruleset
from mahjong_core.engine import tiles as T
from mahjong_core.engine.fans import FanContext
from mahjong_core.engine.hand import Meld, Situation
from mahjong_core.engine.shapes import Decomposition
from mahjong_fuzhou import mahjong_fan_checks
from mahjong_fuzhou.golds import fits, golds, natural_counts
from mahjong_core.engine.errors import HandError
from mahjong_fuzhou.points import flower_sets
from mahjong_fuzhou.validate import check_situation

CHECKS = {c.id: c.func for c in mahjong_fan_checks()}     # id → the function declared with it

CLASSIC = {"grabbed_gold_scores": False}


def situation_of(d: dict) -> Situation:
    """A Situation from a golden-case dict: hand, melds ({type, tiles, concealed}), win_tile,
    flowers (notation with honours, or a number), wilds, flags, extras."""
    melds = []
    for m in d.get("melds", ()):
        ts = sorted(T.parse_tiles(m["tiles"]))
        melds.append(Meld(m["type"], ts[0], bool(m.get("concealed", False))))
    flowers = d.get("flowers", 0)
    if isinstance(flowers, int):
        bonus, count = (), flowers
    else:
        bonus = tuple(sorted(T.parse_tiles(flowers)))
        count = len(bonus)
    flags = {k: d[k] for k in ("self_drawn", "dealer", "first_turn", "robbing_kong") if k in d}
    return Situation(hand=tuple(sorted(T.parse_tiles(d["hand"]))), melds=tuple(melds),
                     win_tile=T.tile(d["win_tile"]), flowers=bonus, flower_count=count,
                     wilds=tuple(T.parse_tiles(d.get("wilds", ""))),
                     extras=MappingProxyType(dict(d.get("extras", {}))), **flags)


def ctx_of(d: dict, options: dict | None = None, shape: str = "standard") -> FanContext:
    """A context whose ruleset plays ``fuzhou``'s options, with ``options`` laid over them."""
    played = dict(load_ruleset("fuzhou").options, **(options or {}))
    return FanContext(situation_of(d), Decomposition(shape, (), ()), SimpleNamespace(options=played))


def ask(check: str, d: dict, options: dict | None = None, shape: str = "standard"):
    return CHECKS[check](ctx_of(d, options, shape))


# a 16-tile hand (five sets and a pair once 9s comes): 123m 456m 789m 234p 567p + 9s9s
PLAIN = {"hand": "123456789m234567p9s", "win_tile": "9s"}


def test_every_check_is_registered_per_hand_with_a_doc():
    got = {c.id: c for c in mahjong_fan_checks()}
    assert set(got) == set(CHECKS) and len(got) == 12
    assert all(c.doc and c.id.startswith("fuzhou.") for c in got.values())
    # 天胡 reads the reading's shape (三金倒's shapeless reading is no 天胡); the others, the situation
    assert {cid for cid, c in got.items() if not c.per_hand} == {"fuzhou.heavenly"}


# ---------------------------------------------------------------- points

@pytest.mark.parametrize("flowers, count, sets", [
    ("", 0, 0),
    ("1f2f3f", 3, 0),                   # three seasons: no set
    ("1f2f3f4f", 4, 1),                 # 春夏秋冬: one set (classic 4 + 2 = 6)
    ("5f6f7f8f1z1z1z1z", 8, 2),         # 梅兰竹菊 + four East: two sets
    ("1f2f3f4f5f6f7f8f", 8, 2),
    ("5z5z5z6z", 4, 0),                 # three 白 and a 发: no set
    ("1z1z1z1z2z2z2z2z", 8, 2),
    (5, 5, 0),                          # a number: no sets known
])
def test_bonus_tiles_and_sets(flowers, count, sets):
    d = dict(PLAIN, flowers=flowers)
    assert ask("fuzhou.bonus_tiles", d) == {"flowers": count, "flower_sets": sets}


def test_flower_sets_needs_four_identical_honours():
    assert flower_sets(tuple(T.parse_tiles("7z7z7z"))) == 0
    assert flower_sets(tuple(T.parse_tiles("7z7z7z7z"))) == 1


def test_golds_held_count_standing_golds_and_a_self_drawn_winning_gold():
    # 5p is the gold: standing 123m 456m 789m 2345p 5p 9s 9s, won on 9s: both standing 5p are golds
    d = {"hand": "123456789m2345p5p99s", "win_tile": "9s", "wilds": "5p"}
    # every standing 5p is a gold: 2
    assert golds(situation_of(d)).held == 2
    assert ask("fuzhou.golds", d) == 2
    # self-drawn winning gold: 2 standing + 1 drawn = 3
    d2 = {"hand": "123456789m2345p9s99s", "win_tile": "5p", "wilds": "5p", "self_drawn": True}
    assert ask("fuzhou.golds", d2) == 1 + 1


def test_a_discard_winning_tile_is_never_counted_as_a_gold():
    d = {"hand": "123456789m234p5p6p9s9s", "win_tile": "5p", "wilds": "5p"}
    assert ask("fuzhou.golds", d) == 1          # only the standing 5p


def test_the_robbed_face_up_gold_scores_nothing_unless_the_option_says():
    d = {"hand": "123456789m234p5p6p9s9s", "win_tile": "5p", "wilds": "5p", "self_drawn": True,
         "extras": {"robbing_gold": True}}
    assert ask("fuzhou.golds", d) == 1                                      # the standing gold only
    assert ask("fuzhou.golds", d, {"grabbed_gold_scores": True}) == 1 + 1   # + the face-up copy


def test_kong_points_split_exposed_and_concealed():
    d = {"hand": "123m234p9s", "win_tile": "9s", "melds": [
        {"type": "kong", "tiles": "7777s", "concealed": True},
        {"type": "kong", "tiles": "1111p", "concealed": False},
        {"type": "pung", "tiles": "888m"}]}
    assert ask("fuzhou.kongs", d) == {"exposed_kongs": 1, "concealed_kongs": 1}   # YAML: 1 × 1 + 1 × 2


def test_self_draw():
    assert ask("fuzhou.self_draw", PLAIN) == 0
    assert ask("fuzhou.self_draw", dict(PLAIN, self_drawn=True)) == 1


# ---------------------------------------------------------------- specials

def test_heavenly_win_needs_dealer_first_turn_and_self_draw():
    d = dict(PLAIN, dealer=True, first_turn=True, self_drawn=True)
    assert ask("fuzhou.heavenly", d) == 1
    for missing in ("dealer", "first_turn", "self_drawn"):
        assert ask("fuzhou.heavenly", dict(d, **{missing: False})) == 0
    assert ask("fuzhou.heavenly", d, shape="wild_count") == 0         # 三金倒's shapeless reading
    assert ask("fuzhou.heavenly", d, shape="fuzhou.all_pairs") == 1
    assert ask("fuzhou.heavenly", dict(d, extras={"robbing_gold": True})) == 0     # 抢金: never 天胡


def test_robbing_the_gold():
    d = {"hand": "123456789m234p5p6p9s9s", "win_tile": "5p", "wilds": "5p", "self_drawn": True}
    assert ask("fuzhou.robbing_gold", d) == 0
    assert ask("fuzhou.robbing_gold", dict(d, extras={"robbing_gold": True})) == 1


def test_three_golds_needs_three_playable_golds_and_a_self_draw():
    # gold 5p: standing 5p 5p, drawn 5p; the rest is no shape at all
    d = {"hand": "13479m1479p12589s5p5p", "win_tile": "5p", "wilds": "5p", "self_drawn": True}
    assert ask("fuzhou.three_golds", d) == 1
    assert ask("fuzhou.three_golds", dict(d, self_drawn=False)) == 0


def test_robbing_the_gold_does_not_make_the_third_gold():
    # two golds in hand + the face-up copy grabbed: not 三金倒 (classic line, minyic7's rules research)
    d = {"hand": "13479m1479p12589s5p5p", "win_tile": "5p", "wilds": "5p", "self_drawn": True,
         "extras": {"robbing_gold": True}}
    assert ask("fuzhou.three_golds", d) == 0


def test_gold_sparrow_two_golds_as_the_pair():
    # gold 5s; 123m 456m 789m 234p 567p + 5s5s as the pair
    d = {"hand": "123456789m234567p5s", "win_tile": "5s", "wilds": "5s", "self_drawn": True}
    assert ask("fuzhou.gold_sparrow", d) == 1
    # the same tiles winning on 9s with one gold: no pair of golds
    assert ask("fuzhou.gold_sparrow", {"hand": "123456789m234567p5s", "win_tile": "9s", "wilds": "5s"}) == 0


def test_gold_sparrow_when_another_reading_puts_a_gold_in_a_set():
    # gold 1s, all three held (two standing, one drawn); one gold may complete 23p, or the pair
    d = {"hand": "123456789m23567p1s1s", "win_tile": "1s", "wilds": "1s", "self_drawn": True}
    # naturals 123m 456m 789m 23p 567p (14), golds 3: 23p + gold = 234p, two golds = the pair
    assert ask("fuzhou.gold_sparrow", d) == 1
    assert ask("fuzhou.three_golds", d) == 1                    # and 三金倒: the tier keeps the higher


def test_gold_dragon_three_golds_at_face_value():
    # gold 7s: three 7s at face value are a pung of 7s; 123m 456m 789m 234p + 9p9p pair
    d = {"hand": "123456789m2349p7s7s1s", "win_tile": "9p", "wilds": "7s"}
    assert ask("fuzhou.gold_dragon", d) == 0                     # only two golds held
    d = {"hand": "123456789m234p99p7s7s", "win_tile": "7s", "wilds": "7s", "self_drawn": True}
    assert ask("fuzhou.gold_dragon", d) == 1                     # 777s + 123m 456m 789m 234p + 99p
    # the rest must win on its own: 23p 99p 1s is no sets and a pair
    d = {"hand": "123456789m2399p1s7s7s", "win_tile": "7s", "wilds": "7s", "self_drawn": True}
    assert ask("fuzhou.gold_dragon", d) == 0


def test_no_bonus_no_kong_and_one_bonus():
    assert ask("fuzhou.no_bonus_no_kong", PLAIN) == 1
    assert ask("fuzhou.no_bonus_no_kong", dict(PLAIN, wilds="9s")) == 1        # golds do not matter
    assert ask("fuzhou.no_bonus_no_kong", dict(PLAIN, flowers="3z")) == 0
    assert ask("fuzhou.one_bonus", dict(PLAIN, flowers="3z")) == 1
    assert ask("fuzhou.one_bonus", dict(PLAIN, flowers="3z4f")) == 0
    kong = {"hand": "123456m234p9s", "win_tile": "9s", "melds": [
        {"type": "kong", "tiles": "7777s", "concealed": True}, {"type": "pung", "tiles": "888m"}]}
    assert ask("fuzhou.no_bonus_no_kong", kong) == 0
    assert ask("fuzhou.one_bonus", dict(kong, flowers=1)) == 0


def test_one_suit():
    pure = {"hand": "111234555678999m7m", "win_tile": "7m"}
    assert ask("fuzhou.one_suit", pure) == {"quanqingyise": 1}
    # gold 5p held among pure characters: half pure
    half = {"hand": "11123456778999m5p5p", "win_tile": "6m", "wilds": "5p"}
    assert ask("fuzhou.one_suit", half) == {"banqingyise": 1}
    assert ask("fuzhou.one_suit", PLAIN) == {}


# ---------------------------------------------------------------- the set search

def _counts(text: str) -> tuple:
    c = [0] * 34
    for t in T.parse_tiles(text):
        c[t] += 1
    return tuple(c)


@pytest.mark.parametrize("tiles, wilds, sets, pair, ok", [
    ("123m456m", 0, 2, False, True),
    ("123m456m", 0, 2, True, False),          # no pair
    ("13m", 1, 1, False, True),                # 1?3m: a wild in the middle
    ("89m", 1, 1, False, True),                # 789m with a wild below
    ("9m1p", 1, 1, False, False),              # runs do not cross suits
    ("1z1z", 1, 1, False, True),               # an honour pung with a wild
    ("1z2z", 1, 1, False, False),              # honours never run
    ("", 2, 0, True, True),                    # a pair of wilds only
    ("11m", 3, 1, True, True),                 # 11m pair + a set of wilds
    ("11123455678999m", 0, 4, True, True),     # 111 234 55 678 999
    ("1m", 0, 0, True, False),
    ("1111s", 1, 1, True, False),             # 111s + 1s and a wild as 1s would be a fifth 1s
    ("1111s2s", 1, 1, True, False),           # seven tiles for one set and a pair
    ("111s3s", 1, 1, True, True),             # 11s pair + 1s 2s(wild) 3s
])
def test_fits(tiles, wilds, sets, pair, ok):
    assert fits(_counts(tiles), wilds, sets, pair) is ok


def test_natural_counts_keep_the_robbed_gold_as_its_kind():
    s = situation_of({"hand": "123m5p5p", "win_tile": "5p", "wilds": "5p", "self_drawn": True,
                      "extras": {"robbing_gold": True}})
    c = natural_counts(s, golds(s))
    assert c[T.tile("5p")] == 1 and sum(c) == 4


# ---------------------------------------------------------------- 抢金 must be possible

def test_robbing_the_gold_is_self_drawn_on_the_gold():
    ok = {"hand": "123456789m234p5p6p9s9s", "win_tile": "5p", "wilds": "5p", "self_drawn": True,
          "extras": {"robbing_gold": True}}
    check_situation(situation_of(ok))
    check_situation(situation_of(dict(ok, extras={})))                 # no 抢金: nothing to check
    with pytest.raises(HandError, match="needs 'self_drawn': true"):
        check_situation(situation_of(dict(ok, self_drawn=False)))
    with pytest.raises(HandError, match=r"the winning tile 6p must be the gold \(5p\)"):
        check_situation(situation_of(dict(ok, hand="123456789m234p5p5p9s9s", win_tile="6p")))
    with pytest.raises(HandError, match=r"must be the gold \(none given in 'wilds'\)"):
        check_situation(situation_of(dict(ok, wilds="")))


def test_fits_agrees_with_the_core_shape_search():
    """``fits`` (whole sets and a pair, wilds spent anywhere) against core's standard search on
    seeded random suited hands of 17 tiles with 0–3 wilds, about half of them winning."""
    import random

    from mahjong_core.engine.shapes import make_input, standard

    rng = random.Random(17)
    kinds = frozenset(range(27))
    agree = wins = 0
    for _ in range(400):
        counts = [0] * 34
        wild = rng.randint(0, 3)
        if rng.random() < 0.5:                       # built from sets, then wilds replace tiles
            tiles = []
            for _ in range(5):
                t = rng.randrange(27)
                run = t % 9 <= 6 and rng.random() < 0.6
                tiles += [t, t + 1, t + 2] if run else [t] * 3
            tiles += [rng.randrange(27)] * 2
            rng.shuffle(tiles)
            tiles = tiles[wild:]
        else:
            tiles = [rng.randrange(27) for _ in range(17 - wild)]
        for t in tiles:
            counts[t] += 1
        if max(counts) > 4:
            continue
        got = fits(tuple(counts), wild, 5, True)
        want = bool(standard(make_input(counts, wild, (), 5, True, kinds, [0] * 34)))
        assert got == want, (T.format_tiles(sorted(tiles)), wild)
        agree += 1
        wins += got
    assert agree > 300 and 50 < wins < agree - 50
