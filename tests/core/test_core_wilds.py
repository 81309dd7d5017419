"""Core's wild tiles: every ``table.wilds`` key (values and load errors), the rules core applies
to winning situations, the ``wild`` record event under each indicator rule, and the face-up
copy (``copies: 3``, ``face_up``), on small core-only rulesets written here."""
from __future__ import annotations

import pytest

from mahjong_core.engine import tiles as T
from mahjong_core.engine.errors import MahjongError, RulesetError, SettlementError
from mahjong_core.engine.hand import Situation, TableRules, parse_situation
from mahjong_core.engine.records import parse_record
from mahjong_core.engine.wilds import WildRules, event_kinds, record_wilds

BASE = """title: core wilds
table:
  tile_set: standard_136
  hand_size: 13
  extras: {robbing_gold: {type: bool, doc: "抢金"}, streak: {type: int}}
  wilds: {max_kinds: 1}
shapes: {standard: {}}
scoring: {minimum: 0}
options: {discard_wins: DISCARD_WINS, size: 3}
option_types: {discard_wins: bool, size: int}
fans:
  win: {points: 1, check: core.always}
"""

PLAIN = {"hand": "123m456p789s1122z", "win_tile": "2z", "self_drawn": True}


@pytest.fixture
def load(tmp_path, core_engine):
    """Load BASE with ``wilds`` (the YAML flow map of table.wilds) in place of its own."""
    def make(wilds: str, discard_wins: bool = False):
        path = tmp_path / "w.yaml"
        text = BASE.replace("wilds: {max_kinds: 1}", f"wilds: {wilds}")
        path.write_text(text.replace("DISCARD_WINS", str(discard_wins).lower()), encoding="utf-8")
        return core_engine.load_ruleset(path)
    return make


def _error(fn):
    with pytest.raises(MahjongError) as info:
        fn()
    return info.value


# ------------------------------------------------------------------ table.wilds keys

def test_every_key_loads_into_the_table(load):
    rules = load("{max_kinds: 2, indicator: next_two, dragon_cycle: '567z', copies: 3, claim: false, "
                 "concealed_kong: false, discard: false, face_up: robbing_gold}")
    w = rules.table.wilds
    assert rules.table.max_wild_kinds == 2
    assert (w.fixed, w.indicator, w.dragon_cycle, w.copies) == ((), "next_two", T.parse_tiles("567z"), 3)
    assert (w.claim, w.concealed_kong, w.discard, w.win_on_discard, w.face_up) == \
        (False, False, False, False, "robbing_gold")


def test_defaults_restrict_nothing(load):
    w = load("{max_kinds: 1}").table.wilds
    assert w == WildRules() and (w.claim, w.concealed_kong, w.discard, w.win_on_discard) == (True,) * 4
    assert (w.indicator, w.copies, w.dragon_cycle) == ("same", 4, T.parse_tiles("765z"))


def test_name_is_what_the_badge_shows(load):
    assert load("{max_kinds: 1}").table.wilds.name == "混"
    assert load("{max_kinds: 1, name: 癞子}").table.wilds.name == "癞子"


def test_fixed_sets_max_kinds_by_default(load):
    rules = load("{fixed: '5z'}")
    assert rules.table.max_wild_kinds == 1 and rules.table.wilds.fixed == (T.tile("5z"),)


def test_win_on_discard_named_option_follows_the_option(load):
    off = load("{max_kinds: 1, win_on_discard: discard_wins}").table.wilds
    assert (off.win_on_discard, off.win_on_discard_option) == (False, "discard_wins")
    on = load("{max_kinds: 1, win_on_discard: discard_wins}", discard_wins=True).table.wilds
    assert on.win_on_discard is True


@pytest.mark.parametrize("wilds, message", [
    ("{max_kinds: 1, indicater: next}", "unknown key 'table.wilds.indicater' (did you mean 'indicator'?)"),
    ("{max_kinds: 5}", "'table.wilds.max_kinds' must be a whole number 0–4"),
    ("{max_kinds: '1'}", "'table.wilds.max_kinds' must be a whole number 0–4"),
    ("{max_kinds: 1, fixed: '5z6z'}", "'table.wilds.fixed' names 2 kind(s), more than table.wilds.max_kinds (1)"),
    ("{fixed: 5}", "'table.wilds.fixed' must be tiles in notation"),
    ("{fixed: '5x'}", "'table.wilds.fixed': "),
    ("{fixed: '1f'}", "'table.wilds.fixed': 1f is not a playable kind of the tile set"),
    ("{max_kinds: 1, indicator: nxt}", "'table.wilds.indicator' must be one of same, next, next_two, got 'nxt' "
                                       "(did you mean 'next'?)"),
    ("{max_kinds: 1, indicator: next_two}", "next_two makes two kinds wild, but table.wilds.max_kinds is 1"),
    ("{max_kinds: 1, dragon_cycle: '556z'}", "'table.wilds.dragon_cycle' must name the three dragons once each"),
    ("{max_kinds: 1, dragon_cycle: '5677z'}", "'table.wilds.dragon_cycle' must name the three dragons once each"),
    ("{max_kinds: 1, copies: 2}", "'table.wilds.copies' must be 4 (every copy is wild) or 3"),
    ("{max_kinds: 1, copies: true}", "'table.wilds.copies' must be 4 (every copy is wild) or 3"),
    ("{max_kinds: 1, claim: 'no'}", "'table.wilds.claim' must be true or false"),
    ("{max_kinds: 1, concealed_kong: 1}", "'table.wilds.concealed_kong' must be true or false"),
    ("{max_kinds: 1, discard: null}", "'table.wilds.discard' must be true or false"),
    ("{max_kinds: 1, win_on_discard: discard_win}", "'table.wilds.win_on_discard' must be true, false or the "
                                                    "name of a bool option, got 'discard_win' (did you mean "
                                                    "'discard_wins'?)"),
    ("{max_kinds: 1, win_on_discard: size}", "'table.wilds.win_on_discard' must be true, false or the name"),
    ("{max_kinds: 1, discard: false, win_on_discard: true}", "'table.wilds.win_on_discard' is true, but a wild "
                                                             "is never discarded"),
    ("{max_kinds: 1, copies: 3, face_up: robbing_gol}", "'table.wilds.face_up' must name a bool key declared "
                                                        "under table.extras, got 'robbing_gol' (did you mean "
                                                        "'robbing_gold'?)"),
    ("{max_kinds: 1, copies: 3, face_up: streak}", "'table.wilds.face_up' must name a bool key"),
    ("{max_kinds: 1, face_up: robbing_gold}", "needs table.wilds.copies: 3"),
    ("[1]", "'table.wilds' must be a map"),
    ("{max_kinds: 1, name: 7}", "'table.wilds.name' must be the short word the family calls a wild"),
    ("{max_kinds: 1, name: ''}", "'table.wilds.name' must be the short word the family calls a wild"),
    ("{max_kinds: 1, name: the wild tile}", "'table.wilds.name' must be the short word"),
])
def test_load_errors_name_the_key_at_its_line(load, tmp_path, wilds, message):
    e = _error(lambda: load(wilds))
    assert isinstance(e, RulesetError) and e.message.startswith(f"{tmp_path / 'w.yaml'}:6: "), e.message
    assert message in e.message, e.message


# ------------------------------------------------------------------ situations

def test_claim_false_refuses_a_claimed_meld_holding_a_wild(load):
    rules = load("{max_kinds: 1, claim: false}")
    sit = {"hand": "456p789s1122z", "melds": [{"type": "pung", "tiles": "555m"}], "win_tile": "2z",
           "self_drawn": True, "wilds": "5m"}
    e = _error(lambda: rules.score(sit))
    assert e.code == "invalid_meld" and "5m is wild" in e.message and "table.wilds.claim" in e.message
    chow = dict(sit, melds=[{"type": "chow", "tiles": "456m"}])
    assert "table.wilds.claim" in _error(lambda: rules.score(chow)).message
    assert load("{max_kinds: 1}").score(sit).ok            # claim: true (the default)


def test_concealed_kong_of_wilds_follows_its_switch(load):
    sit = {"hand": "456p789s1122z", "melds": [{"type": "kong", "tiles": "5555m", "concealed": True}],
           "win_tile": "2z", "self_drawn": True, "wilds": "5m"}
    assert load("{max_kinds: 1, claim: false}").score(sit).ok
    e = _error(lambda: load("{max_kinds: 1, concealed_kong: false}").score(sit))
    assert e.code == "invalid_meld" and "5m" in e.message and "table.wilds.concealed_kong" in e.message


def test_win_on_a_discarded_wild(load):
    sit = {"hand": "123m456p789s1122z", "win_tile": "5m", "wilds": "5m"}
    assert load("{max_kinds: 1}").score(sit).ok
    e = _error(lambda: load("{max_kinds: 1, win_on_discard: false}").score(sit))
    assert e.code == "invalid_situation" and "win_tile 5m is wild" in e.message
    assert "table.wilds.win_on_discard: false" in e.message
    e = _error(lambda: load("{max_kinds: 1, win_on_discard: discard_wins}").score(sit))
    assert "option discard_wins" in e.message
    assert load("{max_kinds: 1, win_on_discard: discard_wins}", discard_wins=True).score(sit).ok
    robbed = dict(sit, hand="123m456p789s1122z", robbing_kong=True)
    assert "win_on_discard" in _error(lambda: load("{max_kinds: 1, win_on_discard: false}").score(robbed)).message
    e = _error(lambda: load("{max_kinds: 1, discard: false}").score(sit))
    assert e.code == "invalid_situation" and "table.wilds.discard: false" in e.message and "5m" in e.message
    assert load("{max_kinds: 1, discard: false}").score(dict(sit, self_drawn=True)).ok


def test_fixed_kinds_are_supplied_and_others_refused(load):
    rules = load("{fixed: '5z'}")
    sit = {"hand": "123m456p789s1122z", "win_tile": "5z", "self_drawn": True}
    result = rules.score(sit)
    assert result.situation.wilds == (T.tile("5z"),) and len(result.decomposition.wild_as) == 1
    assert rules.score(dict(sit, wilds="5z")).situation.wilds == (T.tile("5z"),)
    e = _error(lambda: rules.score(dict(sit, wilds="6z")))
    assert e.code == "invalid_situation" and "table.wilds.fixed" in e.message and "6z" in e.message
    given = Situation(hand=tuple(T.parse_tiles(sit["hand"])), win_tile=T.tile("5z"), self_drawn=True)
    assert rules.score(given).situation.wilds == (T.tile("5z"),)


# ------------------------------------------------------------------ no fifth copy, no missing kind

FIVE = {"hand": "1111p123s456s789s", "win_tile": "5m", "self_drawn": True, "wilds": "5m"}


def test_a_wild_never_stands_for_a_fifth_copy_unless_the_table_allows_it(load):
    """Four 1p and a drawn wild: the only readings make the wild a fifth 1p (the pair 11p beside
    111p, or the pung 111p beside 11p); a chow 123p would need two wilds. By default
    (table.wilds.fifth_copy: false) not a win; a club's fifth_copy: true reads 111p 11p."""
    rules = load("{max_kinds: 1}")
    assert rules.table.wilds.fifth_copy is False
    assert _error(lambda: rules.score(FIVE)).code == "not_winning"
    before = {k: v for k, v in FIVE.items() if k in ("hand", "wilds")}
    assert rules.waits_of_situation(rules.parse_hand(before)) == ()
    club = load("{max_kinds: 1, fifth_copy: true}")
    assert club.table.wilds.fifth_copy is True
    result = club.score(FIVE)
    assert T.format_tiles(result.decomposition.wild_as) == "1p"
    assert club.waits_of_situation(club.parse_hand(before)) == (T.tile("5m"),)


def test_a_wild_pair_of_seven_pairs_is_never_a_fifth_and_sixth_copy(load, tmp_path, core_engine):
    path = tmp_path / "p.yaml"
    sit = {"hand": "1111p2233s4455s5m", "win_tile": "5m", "self_drawn": True, "wilds": "5m"}
    for fifth, ok in (("false", False), ("true", True)):
        path.write_text(BASE.replace("wilds: {max_kinds: 1}", f"wilds: {{max_kinds: 1, fifth_copy: {fifth}}}")
                        .replace("shapes: {standard: {}}", "shapes: {seven_pairs: {}}")
                        .replace("DISCARD_WINS", "false"), encoding="utf-8")
        rules = core_engine.load_ruleset(path)
        # 11p 11p 22s 33s 44s 55s and a pair of wilds, which may be 66z (or any kind with room)
        # either way, but 11p (a fifth and a sixth 1p) only with fifth_copy
        readings = {T.format_tiles(d.wild_as) for d in rules.decompositions(parse_situation(sit, rules.table))}
        assert ("11p" in readings) is ok and "66z" in readings


def test_fifth_copy_must_be_a_switch(load, tmp_path):
    e = _error(lambda: load("{max_kinds: 1, fifth_copy: 1}"))
    assert isinstance(e, RulesetError) and "'table.wilds.fifth_copy' must be true or false" in e.message


def test_a_wild_stands_only_for_kinds_of_the_tile_set():
    """guangdong-bao's 108 tiles hold 1m and 9m only: a ghost beside 9m is never 7m or 8m."""
    import mahjong_core
    bao = mahjong_core.load_ruleset("guangdong-bao")
    sit = {"hand": "9m5z5z1s", "melds": [{"type": "pung", "tiles": t} for t in ("999m", "111p", "222p")],
           "win_tile": "1s", "self_drawn": True, "wilds": "5z"}
    assert _error(lambda: bao.score(sit)).code == "not_winning"
    assert bao.waits_of_situation(bao.parse_hand({k: sit[k] for k in ("hand", "melds", "wilds")})) == ()
    sit = dict(sit, hand="1m5z5z1s")            # 1m with ghosts: 111m or 11m, never 123m (2m, 3m)
    readings = {T.format_tiles(d.wild_as) for d in bao.decompositions(parse_situation(sit, bao.table))}
    assert readings == {"11m", "1m1s"}


# ------------------------------------------------------------------ copies: 3 and the face-up copy

GOLD = "{max_kinds: 1, copies: 3, face_up: robbing_gold}"


def test_four_copies_of_a_three_copy_gold_are_refused(load):
    rules = load(GOLD)
    sit = {"hand": "555m456p789s1122z", "win_tile": "5m", "self_drawn": True, "wilds": "5m"}
    e = _error(lambda: rules.score(sit))
    assert e.code == "too_many_copies" and "5m" in e.message and "table.wilds.copies: 3" in e.message
    assert "extras.robbing_gold" in e.message
    assert load("{max_kinds: 1}").score(sit).ok              # copies: 4


def test_the_face_up_copy_taken_is_read_as_itself(load):
    rules = load(GOLD)
    # the standing 5m is wild (it completes 111z or 222z); the face-up 5m won on is a natural 5m of 345m
    sit = {"hand": "34m5m456p789s1122z", "win_tile": "5m", "self_drawn": True, "wilds": "5m",
           "extras": {"robbing_gold": True}}
    result = rules.score(sit)
    assert result.situation.win_natural and len(result.decomposition.wild_as) == 1
    assert T.tile("5m") in result.decomposition.tiles
    # without the flag both 5m are wild
    drawn = rules.score(dict(sit, extras={}))
    assert not drawn.situation.win_natural and len(drawn.decomposition.wild_as) == 2
    # with three golds standing the face-up one makes four: allowed, and still not wild
    three = {"hand": "555m456p789s1122z", "win_tile": "5m", "self_drawn": True, "wilds": "5m",
             "extras": {"robbing_gold": True}}
    assert rules.score(three).ok


def test_face_up_needs_a_wild_winning_tile(load):
    sit = {"hand": "123m456p789s1122z", "win_tile": "2z", "self_drawn": True, "wilds": "5m",
           "extras": {"robbing_gold": True}}
    e = _error(lambda: load(GOLD).score(sit))
    assert e.code == "invalid_situation" and "extras.robbing_gold" in e.message and "2z" in e.message
    assert load(GOLD).score(dict(sit, extras={"robbing_gold": False})).ok


def test_the_face_up_copy_does_not_count_as_a_wild_held(load, tmp_path, core_engine):
    """Three standing golds win by wild_count; two standing golds and the face-up one do not."""
    path = tmp_path / "g.yaml"
    path.write_text(BASE.replace("wilds: {max_kinds: 1}", f"wilds: {GOLD}").replace("DISCARD_WINS", "false").replace(
        "shapes: {standard: {}}", "shapes: {standard: {}, wild_count: {args: {count: 3}}}"), encoding="utf-8")
    rules = core_engine.load_ruleset(path)
    three = {"hand": "555m1p3p7p9s1s2z4z5z6z7z", "win_tile": "8s", "self_drawn": True, "wilds": "5m"}
    assert rules.score(three).decomposition.shape == "wild_count"
    taken = dict(three, hand="55m1p3p7p8s9s1s2z4z5z6z7z", win_tile="5m", extras={"robbing_gold": True})
    assert _error(lambda: rules.score(taken)).code == "not_winning"
    drawn = dict(taken, extras={})
    assert rules.score(drawn).decomposition.shape == "wild_count"


# ------------------------------------------------------------------ the wild event

def _table(indicator="same", fixed="", cycle="765z", kinds=2):
    return TableRules(max_wild_kinds=kinds, wilds=WildRules(fixed=T.parse_tiles(fixed) if fixed else (),
                                                             indicator=indicator, dragon_cycle=T.parse_tiles(cycle)))


@pytest.mark.parametrize("indicator, turned, wild", [
    ("same", "4m", "4m"), ("same", "9s", "9s"), ("same", "7z", "7z"),
    ("next", "1m", "2m"), ("next", "9m", "1m"), ("next", "9p", "1p"), ("next", "8s", "9s"),
    ("next", "1z", "2z"), ("next", "4z", "1z"),
    ("next", "7z", "6z"), ("next", "6z", "5z"), ("next", "5z", "7z"),
    ("next_two", "8m", "19m"), ("next_two", "9s", "12s"), ("next_two", "3z", "14z"), ("next_two", "4z", "12z"),
    ("next_two", "6z", "57z"), ("next_two", "5z", "67z"),
])
def test_an_indicator_under_each_rule(indicator, turned, wild):
    assert T.format_tiles(event_kinds(_table(indicator), indicator=T.tile(turned))) == wild
    assert event_kinds(_table(indicator), tile=T.tile(turned)) == (T.tile(turned),)


def test_the_dragon_cycle_is_the_tables():
    table = _table("next", cycle="567z")
    assert T.name(event_kinds(table, indicator=T.tile("5z"))[0]) == "6z"
    assert T.name(event_kinds(table, indicator=T.tile("7z"))[0]) == "5z"


def test_a_fixed_wild_takes_no_indicator():
    table = _table(fixed="5z", kinds=1)
    assert event_kinds(table, tile=T.tile("5z")) == (T.tile("5z"),)
    e = _error(lambda: event_kinds(table, indicator=T.tile("4m"), where="events[0] (wild)"))
    assert isinstance(e, SettlementError) and e.message.startswith("events[0] (wild): ")
    assert "table.wilds.fixed" in e.message and "indicator" in e.message and "4m" in e.message
    e = _error(lambda: event_kinds(table, tile=T.tile("6z"), where="events[0] (wild)"))
    assert "table.wilds.fixed" in e.message and "6z" in e.message


@pytest.mark.parametrize("kw, table, message", [
    ({"tile": 0, "indicator": 1}, _table(), "give either 'tile' (the wild kind) or 'indicator'"),
    ({}, _table(), "give either 'tile'"),
    ({"tile": 0}, _table(kinds=0), "this ruleset plays without wild tiles (table.wilds.max_kinds: 0)"),
    ({"indicator": T.tile("1f")}, _table(), "'indicator' 1f is a flower"),
])
def test_event_errors_name_the_event(kw, table, message):
    e = _error(lambda: event_kinds(table, where="events[2] (wild)", **kw))
    assert isinstance(e, SettlementError) and e.message.startswith("events[2] (wild): ") and message in e.message


def test_record_wilds_reads_the_records_one_event():
    def record(*events):
        win = {"type": "win", "seat": 0, "situation": {"hand": "123m456p789s1122z", "win_tile": "2z"}}
        return parse_record({"seats": 4, "dealer": 0, "events": list(events) + [win]}, ("win", "wild"))
    assert record_wilds(record({"type": "wild", "indicator": "9m"}), _table("next")) == (T.tile("1m"),)
    assert record_wilds(record(), _table("next")) == ()
    assert record_wilds(record(), _table(fixed="5z", kinds=1)) == (T.tile("5z"),)
    e = _error(lambda: record_wilds(record({"type": "wild", "tile": "1m"}, {"type": "wild", "tile": "2m"}),
                                    _table()))
    assert e.message.startswith("events[1] (wild): a hand has one wild event")
    e = _error(lambda: record_wilds(record({"type": "wild", "indicator": "2m"}), _table(fixed="5z", kinds=1)))
    assert e.message.startswith("events[0] (wild): ")


# ------------------------------------------------------------------ popular overlays set each rule

@pytest.fixture
def popular_overlay(tmp_path):
    import mahjong_core

    def make(text: str):
        path = tmp_path / "club.yaml"
        path.write_text("extends: popular\n" + text, encoding="utf-8")
        return mahjong_core.load_ruleset(str(path))
    return make


def _popular_record(*events, hand="123m456p789s1122z"):
    win = {"type": "win", "seat": 2, "situation": {"hand": hand, "win_tile": "2z"}}
    return {"seats": 4, "dealer": 0, "events": list(events) + [win]}


def test_a_popular_overlay_fixes_the_wild(popular_overlay):
    rules = popular_overlay("table: {wilds: {fixed: '5z'}}\n")
    assert rules.table.wilds.fixed == (T.tile("5z"),)
    assert rules.score({"hand": "123m456p789s5z11z2z", "win_tile": "2z", "self_drawn": True}).ok
    assert record_wilds(parse_record(_popular_record()), rules.table) == (T.tile("5z"),)
    assert rules.settle(_popular_record(hand="123m456p789s5z11z2z")).to_dict()["ok"]
    with pytest.raises(SettlementError) as info:
        rules.settle(_popular_record({"type": "wild", "indicator": "4m"}))
    assert info.value.message.startswith("events[0] (wild): ") and "table.wilds.fixed" in info.value.message


def test_a_popular_overlay_plays_without_wilds(popular_overlay):
    rules = popular_overlay("table: {wilds: {max_kinds: 0}}\n")
    with pytest.raises(SettlementError) as info:
        rules.settle(_popular_record({"type": "wild", "tile": "5m"}))
    assert "table.wilds.max_kinds: 0" in info.value.message
    assert rules.settle(_popular_record()).to_dict()["ok"]


def test_a_popular_overlay_turns_the_dragons_its_way(popular_overlay):
    rules = popular_overlay("table: {wilds: {dragon_cycle: '567z'}}\n")
    assert record_wilds(parse_record(_popular_record({"type": "wild", "indicator": "5z"})), rules.table) == \
        (T.tile("6z"),)


def test_the_old_settlement_wild_params_are_refused(popular_overlay):
    with pytest.raises(RulesetError) as info:
        popular_overlay("settlement: {params: {wild_selection: fixed}}\n")
    assert "wild_selection" in info.value.message and "club.yaml:2" in info.value.message
