"""Bad Fuzhou input gets a contract error whose message names the tile or field: the wrong hand
size (with the size expected), a gold melded or konged, a gold discarded where the line forbids
it (and a win on a discarded gold), a flower or an honour standing in the hand, 三金倒 on a
discard, a record's gold the situation contradicts, and a ruleset whose gold-discard option and
table disagree."""
from __future__ import annotations

import pytest

import mahjong_core
from mahjong_core import RulesetError
from mahjong_core.engine.registry import Engine
from mahjong_core.engine.errors import MahjongError

PLAIN = {"hand": "123456789m234567p9s", "win_tile": "9s", "wilds": "1s"}


@pytest.fixture(scope="module")
def rules():
    return {name: mahjong_core.load_ruleset(name) for name in ("fuzhou", "fuzhou-classic")}


def error_of(call, *args) -> MahjongError:
    with pytest.raises(MahjongError) as info:
        call(*args)
    return info.value


@pytest.mark.parametrize("name", ["fuzhou", "fuzhou-classic"])
@pytest.mark.parametrize("situation, code, words", [
    ({"hand": "123456789m2345p", "win_tile": "5p", "wilds": "1s"}, "wrong_tile_count",
     ["13 standing tiles", "needs 16 before the winning tile", "16 − 3 × melds"]),
    ({"hand": "123456789m234567p99s", "win_tile": "9s", "wilds": "1s"}, "wrong_tile_count", ["17 standing tiles"]),
    ({"hand": "123456789m234p9s", "melds": [{"type": "pung", "tiles": "555p"}], "win_tile": "9s", "wilds": "5p"},
     "invalid_meld", ["melds[0]", "5p is wild", "555p"]),
    ({"hand": "123456789m9s", "melds": [{"type": "chow", "tiles": "234p"},
                                         {"type": "kong", "tiles": "5555p", "concealed": True}],
      "win_tile": "9s", "wilds": "5p"}, "invalid_meld", ["melds[1]", "5p is wild", "concealed kong"]),
    (dict(PLAIN, hand="123456789m234567p3f", win_tile="9s"), "invalid_tile", ["flower 3f", "'flowers'"]),
    (dict(PLAIN, hand="123456789m23456p5z"), "invalid_situation", ["tile 5z is a bonus tile", "'flowers'"]),
    (dict(PLAIN, win_tile="1z", hand="123456789m234567p1z"), "invalid_situation", ["1z", "'flowers'"]),
    (dict(PLAIN, wilds="9s"), "invalid_situation", ["win_tile 9s is wild"]),
    ({"hand": "13479m1479p1258s5p5p5p", "win_tile": "9s", "wilds": "5p"}, "not_winning",
     ["won by discard", "only as shape 'wild_count'", "wins only by self-draw", "shapes.wild_count.win_methods"]),
    (dict(PLAIN, flowers="1z1z1z1z1z"), "too_many_copies", ["1z", "5 times"]),
    (dict(PLAIN, wilds="1z"), "invalid_tile", ["1z", "fuzhou_144"]),
])
def test_bad_situations_name_the_tile_or_field(rules, name, situation, code, words):
    err = error_of(rules[name].score, situation)
    assert err.code == code, err.message
    for w in words:
        assert w in err.message, err.message


def test_a_robbed_gold_must_be_the_gold_and_self_drawn(rules):
    err = error_of(rules["fuzhou"].score, dict(PLAIN, self_drawn=True, extras={"robbing_gold": True}))
    assert err.code == "invalid_situation" and "extras.robbing_gold" in err.message and "9s" in err.message
    err = error_of(rules["fuzhou"].score, dict(PLAIN, wilds="9s", extras={"robbing_gold": True}))
    assert "'self_drawn': true" in err.message


def test_a_self_drawn_shapeless_three_golds_wins(rules):
    # the same hand as the discard above, self-drawn: 三金倒 (3 golds + 10 = 13; S = 2 × 3 + 10)
    got = rules["fuzhou"].score({"hand": "13479m1479p1258s5p5p5p", "win_tile": "9s", "wilds": "5p", "self_drawn": True})
    assert (got.total, got.value, got.decomposition.shape) == (13, 16, "wild_count")


GOLD = {"type": "wild", "indicator": "5p"}


@pytest.mark.parametrize("events, name, words", [
    ([GOLD, {"type": "discard", "seat": 2, "tile": "5p"}], "fuzhou",
     ["events[1] (discard)", "seat 2 discards 5p", "options.gold_discard: forbidden"]),
    ([GOLD, {"type": "kong", "seat": 2, "kind": "concealed", "tile": "5p"}], "fuzhou",
     ["events[1] (kong)", "5p, the gold"]),
    ([GOLD, {"type": "kong", "seat": 2, "kind": "exposed", "tile": "5p", "from": 1}], "fuzhou-classic",
     ["events[1] (kong)", "5p, the gold"]),
    ([GOLD, {"type": "discard", "seat": 3, "tile": "5p"},
      {"type": "win", "seat": 1, "from": 3, "situation": {"hand": "123456789m234p678p9s", "win_tile": "5p"}}],
     "fuzhou-classic", ["events[2] (win)", "the winning tile 5p is the gold seat 3 discarded"]),
    ([GOLD, {"type": "win", "seat": 1, "from": 3, "situation": dict(PLAIN)}], "fuzhou",
     ["events[1] (win)", "situation.wilds 1s is not the record's gold (5p)"]),
    ([{"type": "wild", "indicator": "1z"}], "fuzhou", ["events[0] (wild)", "'indicator' 1z"]),
    ([GOLD, {"type": "discard", "seat": 3}], "fuzhou", ["events[1] (discard)", "tile"]),
])
def test_bad_records_name_the_event_and_tile(rules, events, name, words):
    err = error_of(rules[name].settle, {"dealer": 0, "events": events})
    assert err.code == "invalid_situation", err.message
    for w in words:
        assert w in err.message, err.message


@pytest.mark.parametrize("text, words", [
    ("extends: fuzhou\noptions:\n  gold_discard: self_draw_only_rest_of_hand\n",
     ["options.gold_discard is self_draw_only_rest_of_hand but table.wilds.discard is false"]),
    ("extends: fuzhou-classic\noptions:\n  gold_discard: forbidden\n",
     ["options.gold_discard is forbidden but table.wilds.discard is true"]),
    ("extends: fuzhou\noptions:\n  gold_discard: forbiden\n", ["forbiden", "did you mean 'forbidden'"]),
    ("extends: fuzhou\noptions:\n  payers: {discard: discarder_tripple}\n", ["discarder_tripple"]),
])
def test_inconsistent_overlays_are_ruleset_errors(tmp_path, text, words):
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError) as info:
        Engine().load_ruleset(path)
    assert str(path) in info.value.message
    for w in words:
        assert w in info.value.message, info.value.message
