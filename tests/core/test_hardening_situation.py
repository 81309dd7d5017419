"""Situations that cannot have happened are refused, parsing never guesses or depends on history,
each field is accepted only where the ruleset gives it a meaning (wilds, void suit, extras), and the
rules bugs of the hardening round: Sichuan 天胡/地胡 with a kong, waits on a kind already held four
times, 和绝张 read through a wild, eight flowers given as a number."""
from __future__ import annotations

import pytest

import mahjong_core
from mahjong_core import MahjongError
from mahjong_core.engine import tiles as T
from mahjong_core.engine.hand import TableRules, parse_situation

from harness import run_cli


@pytest.fixture(scope="module")
def rules():
    return {name: mahjong_core.load_ruleset(name)
            for name in ("guobiao", "popular", "popular-lianzhong", "sichuan")}


def _code(call) -> tuple[str, str]:
    with pytest.raises(MahjongError) as e:
        call()
    return e.value.code, e.value.message


def _fans(result) -> dict[str, int]:
    return {f.id: f.count for f in result.fans}


# 13 tiles + 1: melded pung of 5p, waiting on 5p (the last copy)
LAST_COPY = {"hand": "123m456m11z46p", "melds": [{"type": "pung", "tiles": "555p", "from": "left"}],
             "win_tile": "5p"}
PLAIN = {"hand": "123m456p789s1122z", "win_tile": "1z"}
NOT_HELD = {"hand": "123m456p789s11z45m", "win_tile": "6m"}     # the winner holds no 6m


# ------------------------------------------------------------------ impossible situations

@pytest.mark.parametrize("source", ["across", "right"])
def test_a_chow_is_claimed_only_from_the_left(source):
    data = {"hand": "456p789s1122z", "melds": [{"type": "chow", "tiles": "123m", "from": source}],
            "win_tile": "1z"}
    code, message = _code(lambda: parse_situation(data))
    assert code == "invalid_meld"
    assert message.startswith("melds[0].from: a chow is claimed only from the player on the left")
    parse_situation(dict(data, melds=[{"type": "chow", "tiles": "123m", "from": "left"}]))


def test_fourth_tile_false_with_three_melded_copies_is_refused(rules):
    code, message = _code(lambda: rules["guobiao"].score(dict(LAST_COPY, fourth_tile=False)))
    assert code == "invalid_situation" and "'fourth_tile'" in message and "5p" in message
    # left out, the ruleset sees the three melded copies itself; said true, it agrees
    assert "last_tile" in _fans(rules["guobiao"].score(LAST_COPY))
    assert "last_tile" in _fans(rules["guobiao"].score(dict(LAST_COPY, fourth_tile=True)))


@pytest.mark.parametrize("flags, fields", [
    ({"robbing_kong": True, "last_tile": True}, ("'robbing_kong'", "'last_tile'")),
    ({"first_turn": True, "last_tile": True, "self_drawn": True}, ("'first_turn'", "'last_tile'")),
    ({"first_turn": True, "robbing_kong": True}, ("'first_turn'", "'robbing_kong'")),
])
def test_flags_that_cannot_hold_together(flags, fields):
    code, message = _code(lambda: parse_situation(dict(NOT_HELD, **flags)))
    assert code == "invalid_situation"
    assert all(f in message for f in fields), message


def test_the_dealer_sits_east(rules, tmp_path):
    for name in ("guobiao", "popular", "sichuan"):
        hand = PLAIN if name != "sichuan" else {"hand": "123m456m789m11p23p", "win_tile": "4p"}
        code, message = _code(lambda: rules[name].score(dict(hand, dealer=True, seat_wind="S")))
        assert code == "invalid_situation" and "'dealer'" in message and "'seat_wind'" in message
        rules[name].score(dict(hand, dealer=True, seat_wind="E"))
    overlay = tmp_path / "dealer-anywhere.yaml"
    overlay.write_text("extends: guobiao\ntable: {dealer_east: false}\n")
    assert mahjong_core.load_ruleset(overlay).score(dict(PLAIN, dealer=True, seat_wind="S")).ok


def test_a_record_seats_its_dealer_east(rules):
    """Records fill ``dealer`` and ``seat_wind`` from the seats: a dealer other than seat 0 wins."""
    record = {"dealer": 2, "events": [{"type": "win", "seat": 2, "from": 1, "situation": PLAIN}]}
    deltas = rules["guobiao"].settle(record).to_dict()["deltas"]
    assert deltas[2] > 0 and sum(deltas) == 0


# ------------------------------------------------------------------ fields a ruleset gives meaning to

def test_wilds_only_on_a_ruleset_with_wild_tiles(rules):
    for name, hand in (("guobiao", PLAIN), ("sichuan", {"hand": "123m456m789m11p23p", "win_tile": "4p"})):
        code, message = _code(lambda: rules[name].score(dict(hand, wilds="5m")))
        assert code == "invalid_situation"
        assert message.startswith("field 'wilds': this ruleset has no wild tiles")
    code, message = _code(lambda: rules["popular"].score(dict(PLAIN, wilds="5m6m")))
    assert code == "invalid_situation" and "at most 1 wild kind" in message
    assert rules["popular"].score(dict(PLAIN, wilds="5m")).ok
    # the waits of a pre-win hand too, and every kind at once is no longer a search
    code, _ = _code(lambda: rules["guobiao"].waits({"hand": "123m456p789s1122z", "wilds": "123456789m"}))
    assert code == "invalid_situation"


def test_table_wilds_key(tmp_path):
    two = tmp_path / "two-wilds.yaml"
    two.write_text("extends: guobiao\ntable: {wilds: {max_kinds: 2}}\n")
    assert mahjong_core.load_ruleset(two).table.max_wild_kinds == 2
    typo = tmp_path / "typo.yaml"
    typo.write_text("extends: guobiao\ntable: {wilds: {max_kind: 2}}\n")
    code, message = _code(lambda: mahjong_core.load_ruleset(typo))
    assert code == "ruleset_error" and "max_kinds" in message and "typo.yaml:" in message
    flat = tmp_path / "flat.yaml"
    flat.write_text("extends: guobiao\ntable: {wilds: 0}\n")
    code, message = _code(lambda: mahjong_core.load_ruleset(flat))
    assert code == "ruleset_error" and "'table.wilds' must be a map" in message
    code, message = _code(lambda: mahjong_core.load_ruleset("popular").score(
        {"hand": "123456789m1234p", "win_tile": "4p", "wilds": "5z6z"}))
    assert code == "invalid_situation" and "at most 1 wild" in message


def test_void_suit_only_on_a_ruleset_with_one(rules):
    code, message = _code(lambda: rules["guobiao"].score(dict(PLAIN, void_suit="s")))
    assert code == "invalid_situation" and message.startswith("field 'void_suit'")
    assert rules["sichuan"].score({"hand": "123m456m789m11p23p", "win_tile": "4p", "void_suit": "s"}).ok
    rc, _, err = run_cli(["score", "--ruleset", "guobiao", "--void", "s", "123m456p789s1122z1z"])
    assert rc == 2 and "invalid_situation" in err and "void_suit" in err


# ------------------------------------------------------------------ parsing never guesses

def test_concealed_must_be_a_bool_every_time():
    """The meld cache compared ``1 == True``: ``concealed: 1`` passed once ``true`` had been seen."""
    kong = {"hand": "123m456p789s1z", "melds": [{"type": "kong", "tiles": "2222z", "concealed": True}],
            "win_tile": "1z"}
    parse_situation(kong)
    for bad in (1, 1.0, 0):
        data = dict(kong, melds=[{"type": "kong", "tiles": "2222z", "concealed": bad}])
        code, message = _code(lambda: parse_situation(data))
        assert (code, message) == ("invalid_meld", f"melds[0].concealed must be true or false, got {bad!r}")


def test_a_kong_says_whether_it_is_concealed(rules):
    base = {"hand": "123m456p789s1z", "win_tile": "1z"}
    code, message = _code(lambda: parse_situation(dict(base, melds=[{"type": "kong", "tiles": "2222z"}])))
    assert code == "invalid_meld" and '"concealed": true' in message and "[2222z]" in message
    melded = [{"type": "kong", "tiles": "2222z", "concealed": False},
              {"type": "kong", "tiles": "2222z", "from": "right"},
              {"type": "kong", "tiles": "2222z", "claimed": "2z"}]
    for meld in melded:
        assert not parse_situation(dict(base, melds=[meld])).melds[0].concealed
    # the command line's [2222z] is the JSON's concealed: true
    rc, out, _ = run_cli(["score", "--ruleset", "guobiao", "--json", "[2222z]123m456p789s1z1z"])
    api = rules["guobiao"].score(dict(base, melds=[{"type": "kong", "tiles": "2222z", "concealed": True}]))
    import json
    assert rc == 0 and json.loads(out)["total"] == api.total
    assert "concealed_kong" in _fans(api)


def test_extras_keys_are_declared(rules):
    flowers = dict(PLAIN, flowers="1f2f3f4f5f6f7f")
    lz = rules["popular-lianzhong"]
    assert "seven_robs_one" in _fans(lz.score(dict(flowers, extras={"eighth_flower_held_by_other": True})))
    code, message = _code(lambda: lz.score(dict(flowers, extras={"eighth_flower_held_by_othr": True})))
    assert code == "invalid_situation"
    assert "'eighth_flower_held_by_othr'" in message and "did you mean 'eighth_flower_held_by_other'" in message
    code, message = _code(lambda: lz.score(dict(flowers, extras={"eighth_flower_held_by_other": 1})))
    assert code == "invalid_situation" and "true or false" in message
    code, message = _code(lambda: rules["guobiao"].score(dict(PLAIN, extras={"robbing_gold": True})))
    assert code == "invalid_situation" and "declares no extras" in message
    assert lz.table.extras[0].doc       # declared with its meaning


def test_table_extras_key(tmp_path):
    bad = tmp_path / "bad-extras.yaml"
    bad.write_text("extends: guobiao\ntable: {extras: {robbing_gold: {type: boolean}}}\n")
    code, message = _code(lambda: mahjong_core.load_ruleset(bad))
    assert code == "ruleset_error" and "did you mean 'bool'" in message
    good = tmp_path / "gold.yaml"
    good.write_text("extends: guobiao\ntable: {extras: {robbing_gold: {type: bool, doc: 抢金}}}\n")
    assert mahjong_core.load_ruleset(good).score(dict(PLAIN, extras={"robbing_gold": True})).ok


def test_unknown_fields_list_the_valid_ones():
    code, message = _code(lambda: parse_situation(dict(PLAIN, hnad="1m")))
    assert code == "invalid_situation"
    assert message.endswith("a situation has hand, melds, win_tile, self_drawn, seat_wind, round_wind, flowers, "
                            "last_tile, after_kong, robbing_kong, discard_after_kong, fourth_tile, dealer, "
                            "first_turn, ready_at_start, declared_ready, wilds, void_suit, extras")
    code, message = _code(lambda: parse_situation(
        {"hand": "456p789s1122z", "melds": [{"type": "pung", "tiles": "111m", "frm": "left"}], "win_tile": "1z"}))
    assert (code, message) == ("invalid_meld", "melds[0]: unknown field 'frm' (did you mean 'from'?); a meld has "
                                               "type, tiles, concealed, claimed, from")


# ------------------------------------------------------------------ rules bugs

def test_sichuan_heaven_and_earth_need_the_dealt_tiles(rules):
    """A kong's replacement tile is no dealt tile: 7777m + 123m 456m 11p 234p, self-drawn on the
    replacement, is 根 + 杠上花 + 自摸 (×8), not 天胡 (×32, ×64 with 杠上花)."""
    hand = {"hand": "123m456m11p23p", "melds": [{"type": "kong", "tiles": "7777m", "concealed": True}],
            "win_tile": "4p", "self_drawn": True, "first_turn": True, "after_kong": True}
    for dealer in (True, False):
        result = rules["sichuan"].score(dict(hand, dealer=dealer))
        assert not {"tianhu", "dihu"} & set(_fans(result)), _fans(result)
        assert result.value == 8
    assert "tianhu" in _fans(rules["sichuan"].score({"hand": "123m456m789m11p23p", "win_tile": "4p",
                                                     "dealer": True, "first_turn": True, "self_drawn": True}))


@pytest.mark.parametrize("name", ["guobiao", "popular", "sichuan"])
def test_waits_skip_a_kind_held_four_times(rules, name):
    assert rules[name].waits("1111m456789p234p").tiles == ()
    melded = {"hand": "9s123m456m789m" if name != "sichuan" else "9s123m456s789s",
              "melds": [{"type": "pung", "tiles": "999s", "from": "left"}]}
    if name == "sichuan":
        melded = {"hand": "9p123m456m789m", "melds": [{"type": "pung", "tiles": "999p", "from": "left"}]}
    assert rules[name].waits(melded).tiles == ()
    assert rules[name].waits("111m456789p234p5p").tiles != ()


def test_cli_waits_table_has_no_fifth_copy():
    rc, out, err = run_cli(["waits", "--ruleset", "guobiao", "1111m456789p234p"])
    assert "too_many_copies" not in out + err


def test_popular_a_wild_read_as_the_winning_tile_is_a_copy(rules):
    """A reading is scored as the natural hand it spells: where a wild reads as another copy of
    the winning tile, the winner would hold that copy, so the reading has neither 和绝张 nor 抢杠和
    (the natural hand is refused outright); readings where the wilds read otherwise keep them."""
    pop = rules["popular"]
    natural = {"hand": "123m456p789s111z3z", "win_tile": "3z"}
    only_copy = {"hand": "123m456p789s111z5z", "win_tile": "3z", "wilds": "5z"}     # the wild must be 3z
    for flag, fan in (("fourth_tile", "last_tile"), ("robbing_kong", "robbing_the_kong")):
        assert _code(lambda: pop.score(dict(natural, **{flag: True})))[0] == "invalid_situation"
        sit = dict(only_copy, **{flag: True})
        assert fan not in _fans(pop.score(sit, enforce_minimum=False))
        assert all(fan not in _fans(c) for c in pop.candidates(sit))
        # 12m 45m + the winning 3m: the wild reads as 3m (345m or 123m) or as 6m (456m)
        both = {"hand": "1245m456p789s11z5z", "win_tile": "3m", "wilds": "5z", flag: True}
        got = pop.candidates(both)
        assert {2 in c.decomposition.wild_as for c in got} == {True, False}
        for c in got:
            assert (fan in _fans(c)) == (2 not in c.decomposition.wild_as), c.decomposition.labels()
        assert fan in _fans(pop.score(both, enforce_minimum=False))
        # groups made of wilds only share answers (fill keys) unless they read as the winning 3m
        for hand in ("12m456p789s11z555z", "12m456p789s1z5555z"):
            sit = {"hand": hand, "win_tile": "3m", "wilds": "5z", flag: True}
            got = pop.candidates(sit)
            for c in got:
                assert (fan in _fans(c)) == (2 not in c.decomposition.wild_as), c.decomposition.labels()
            best = pop.score(sit, enforce_minimum=False)
            assert best.total == max(c.total for c in got)
            assert (fan in _fans(best)) == (2 not in best.decomposition.wild_as)
    # the bounded search shares answers between readings that differ only in a group made of
    # wilds (fill keys): a group read as the winning tile must keep its own answer
    for sit, fan in (
            ({"hand": "6m111456s", "melds": [{"type": "chow", "tiles": "678m"},
                                             {"type": "chow", "tiles": "567m", "claimed": "7m", "from": "left"}],
              "win_tile": "5m", "seat_wind": "W", "round_wind": "S", "wilds": "1s", "fourth_tile": True},
             "last_tile"),
            ({"hand": "6666p466s", "melds": [{"type": "kong", "tiles": "2222s", "concealed": True},
                                             {"type": "pung", "tiles": "111s", "from": "right", "claimed": "1s"}],
              "win_tile": "5s", "round_wind": "S", "dealer": True, "wilds": "6p", "robbing_kong": True},
             "robbing_the_kong")):
        best = pop.score(sit, enforce_minimum=False)
        assert best.total == max(c.total for c in pop.candidates(sit))
        assert (fan in _fans(best)) == (T.tile(sit["win_tile"]) not in best.decomposition.wild_as)
    # waits count tiles: four 1m held is no 1m wait; four wilds held, no fifth wild either
    assert 0 not in pop.waits({"hand": "1111m456789p234p", "wilds": "5z"}).tiles
    assert 31 not in pop.waits({"hand": "5555z456789p234p", "wilds": "5z"}).tiles
    assert 31 in pop.waits({"hand": "555z1m456789p234p", "wilds": "5z"}).tiles


def test_popular_eight_flowers_as_a_number(rules):
    named = rules["popular"].score(dict(PLAIN, flowers="1f2f3f4f5f6f7f8f"))
    counted = rules["popular"].score(dict(PLAIN, flowers=8))
    assert _fans(counted) == _fans(named)
    assert _fans(counted)["four_gentlemen"] == 2
    lz = rules["popular-lianzhong"]
    assert _fans(lz.score(dict(PLAIN, flowers=8))) == _fans(lz.score(dict(PLAIN, flowers="1f2f3f4f5f6f7f8f")))


def test_table_rules_defaults_keep_the_old_reading():
    t = TableRules()
    assert (t.dealer_east, t.max_wild_kinds, t.void_suit, t.extras) == (True, 0, False, ())
