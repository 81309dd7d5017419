"""The Fuzhou settlement rules as pure functions: streak points (streak.py), the share S and who
pays it (payers.py), the gold-discard rule over a record's events (gold_discard.py)."""
from __future__ import annotations

from types import MappingProxyType

import pytest

import mahjong_core
from mahjong_core.engine.errors import NotWinningError, SettlementError
from mahjong_core.engine.records import Event
from mahjong_core.engine.settle.money import Payment
from mahjong_fuzhou.gold_discard import check_gold_discards
from mahjong_fuzhou.payers import REASONS, share, win_payments
from mahjong_fuzhou.streak import next_streak, streak_points

from testpaths import FUZHOU_DATA

REVISED = mahjong_core.load_ruleset("fuzhou").options
CLASSIC = mahjong_core.load_ruleset("fuzhou-classic").options


# ---------------------------------------------------------------- streak

@pytest.mark.parametrize("streak, points", [(0, 0), (1, 0), (2, 1), (3, 2)])
def test_revised_streak_stands_on_top_once(streak, points):
    # points = max(0, dealer_streak − 1): the first continuation (站顶) counts nothing
    assert streak_points(streak, True, REVISED) == points


@pytest.mark.parametrize("streak, points", [(0, 0), (1, 1), (2, 2)])
def test_classic_streak_counts_every_previous_win(streak, points):
    assert streak_points(streak, True, CLASSIC) == points


def test_only_the_dealer_scores_the_streak_unless_the_option_says():
    assert streak_points(3, False, REVISED) == 0
    assert streak_points(3, False, CLASSIC) == 0
    assert streak_points(3, False, dict(CLASSIC, streak_for_non_dealer_winner=True)) == 3
    assert streak_points(3, True, dict(REVISED, streak_point=2)) == 2 * (3 - 1)


def test_next_streak_per_line():
    assert next_streak(2, "dealer_win", REVISED) == 3
    assert next_streak(2, "draw", REVISED) == 3             # revised: drawn hands extend
    assert next_streak(2, "draw", CLASSIC) == 2             # classic: a drawn hand keeps the count
    assert next_streak(2, "other_win", CLASSIC) == 0
    with pytest.raises(ValueError, match="outcome must be one of"):
        next_streak(2, "won", REVISED)


# ---------------------------------------------------------------- share and payers

WORKED = {"hand": "123456789m23p5p9s",
          "melds": [{"type": "kong", "tiles": "7777s", "concealed": False, "from": "left"}],
          "win_tile": "9s", "flowers": "1f3z6z", "wilds": "5p", "dealer": True}
JINQUE = dict(WORKED, hand="123456789m234p5p", win_tile="5p", self_drawn=True)
VERSION_A = FUZHOU_DATA / "fuzhou-classic-version-a.yaml"


def test_share_adds_the_streak_doubled_on_a_self_draw():
    # the worked example: B = 3 flowers + 1 gold + 1 exposed kong + 1 streak = 6
    rules = mahjong_core.load_ruleset("fuzhou-classic")
    assert share(rules.score(WORKED), 1, rules) == 6                                 # value 5 + 1
    assert share(rules.score(dict(WORKED, self_drawn=True)), 1, rules) == 12         # 2 × 5 + 2 × 1
    assert share(rules.score(JINQUE), 1, rules) == 2 * 7 + 60                        # 金雀: value 72 + 2 × 1
    assert share(rules.score(WORKED), 0, rules) == 5


def test_version_a_share_has_the_streak_inside_b_plus_five():
    rules = mahjong_core.load_ruleset(str(VERSION_A))
    # flowers 3 + golds 1 (the kong scores nothing in version A) + streak 1
    assert share(rules.score(WORKED), 1, rules) == (3 + 1 + 1 + 5) * 2               # 20
    assert share(rules.score(dict(WORKED, self_drawn=True)), 1, rules) == (3 + 1 + 1 + 5) * 2 * 3  # 60
    # 金雀: flowers 3 + golds 2 + streak 2, the special added once after the × 3
    assert share(rules.score(JINQUE), 2, rules) == (3 + 2 + 2 + 5) * 2 * 3 + 60      # 132


def _amounts(payments):
    return [(p.payer, p.payee, p.amount) for p in payments]


def test_all_three_pay_on_a_self_draw_and_in_the_revised_line_on_a_discard():
    self_draw = win_payments(4, 1, 12, REVISED)
    assert _amounts(self_draw) == [(2, 1, 12), (3, 1, 12), (0, 1, 12)]        # +36
    assert {p.reason for p in self_draw} == {REASONS[("self_draw", "all_three")]}
    discard = win_payments(4, 1, 6, REVISED, discarder=3)
    assert _amounts(discard) == [(2, 1, 6), (3, 1, 6), (0, 1, 6)]              # +18
    assert discard[0].reason == "discard win: each of the three others pays S"


def test_classic_discarder_pays_double():
    assert win_payments(4, 1, 6, CLASSIC, discarder=3) == [
        Payment(3, 1, 12, "discard win: the discarder pays 2S")]               # 2 × 6
    assert _amounts(win_payments(4, 1, 12, CLASSIC)) == [(2, 1, 12), (3, 1, 12), (0, 1, 12)]


def test_a_robbed_added_kong_is_a_discard_by_its_declarer():
    got = win_payments(4, 0, 5, CLASSIC, discarder=2, robbed_kong=True)
    assert got == [Payment(2, 0, 10, "robbed added kong: its declarer pays 2S as the discarder")]


@pytest.mark.parametrize("rule, amounts", [
    ("discarder", [(3, 1, 6)]),
    ("discarder_all", [(3, 1, 18)]),        # 3 × 6
])
def test_the_other_discard_rules(rule, amounts):
    options = dict(REVISED, payers={"self_draw": "all_three", "discard": rule})
    assert _amounts(win_payments(4, 1, 6, options, discarder=3)) == amounts


# ---------------------------------------------------------------- gold discards

def _events(*items) -> list[Event]:
    return [Event(d["type"], i, MappingProxyType(d)) for i, d in enumerate(items)]


WILD = {"type": "wild", "indicator": "5p"}
GOLD_DISCARD = {"type": "discard", "seat": 2, "tile": "5p"}
DISCARD_WIN = {"type": "win", "seat": 2, "from": 3, "situation": {"hand": "x", "win_tile": "9s"}}
SELF_DRAW = {"type": "win", "seat": 2, "situation": {"hand": "x", "win_tile": "9s"}}


def test_a_discarded_gold_is_an_error_where_forbidden():
    with pytest.raises(SettlementError, match=r"events\[1\] \(discard\): seat 2 discards 5p, the gold"):
        check_gold_discards(_events(WILD, GOLD_DISCARD), REVISED)


def test_other_discards_are_fine_where_golds_are_forbidden():
    assert check_gold_discards(_events(WILD, dict(GOLD_DISCARD, tile="4p"), DISCARD_WIN), REVISED) == {}


def test_after_a_gold_discard_only_self_draw_for_the_rest_of_the_hand():
    with pytest.raises(NotWinningError, match=r"seat 2 discarded the gold 5p at events\[1\] and may win "
                                              r"only by self-draw for the rest of the hand"):
        check_gold_discards(_events(WILD, GOLD_DISCARD, dict(GOLD_DISCARD, tile="1m"), DISCARD_WIN), CLASSIC)
    assert check_gold_discards(_events(WILD, GOLD_DISCARD, SELF_DRAW), CLASSIC) == {2: 1}


def test_the_round_rule_lifts_at_the_next_discard():
    options = dict(CLASSIC, gold_discard="self_draw_only_rest_of_round")
    with pytest.raises(NotWinningError, match="until his next discard"):
        check_gold_discards(_events(WILD, GOLD_DISCARD, DISCARD_WIN), options)
    assert check_gold_discards(_events(WILD, GOLD_DISCARD, dict(GOLD_DISCARD, tile="1m"), DISCARD_WIN),
                               options) == {}


def test_a_discarded_gold_cannot_be_won_on():
    win = {"type": "win", "seat": 0, "from": 2, "situation": {"hand": "x", "win_tile": "5p"}}
    with pytest.raises(SettlementError, match="a discarded gold cannot be claimed or won on") as info:
        check_gold_discards(_events(WILD, GOLD_DISCARD, win), CLASSIC)
    assert info.value.code == "invalid_situation"


def test_a_gold_named_directly():
    with pytest.raises(SettlementError, match="discards 7s, the gold"):
        check_gold_discards(_events({"type": "wild", "tile": "7s"}, dict(GOLD_DISCARD, tile="7s")), REVISED)
