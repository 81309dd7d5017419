"""The settlement toolkit's replayer (mahjong_core.engine.settle.Replayer): dispatch in event order, the
event types its handlers name, the uniform ``events[i] (type):`` errors, a closed hand, in-play
tracking, payments and one-sided changes with the per-event zero-sum check, and a settlement
rule written on it settling through a ruleset."""
from __future__ import annotations

import types
from decimal import Decimal

import pytest

from mahjong_core import MahjongError, SettlementError
from mahjong_core.engine.registry import Engine
from mahjong_core.engine.errors import PluginError
from mahjong_core.plugin import Field, InPlay, Payment, Replayer, hookimpl
from mahjong_core.engine.records import parse_record

from testpaths import MINI

SIT = {"hand": "123m456p789s1122z", "win_tile": "1z"}
SIT2 = {"hand": "123p456s789m3344z", "win_tile": "3z"}     # a second winner's tiles: none of SIT's
SIT_TOO = {"hand": "123p456s789m333z1z", "win_tile": "1z"}   # a second winner on SIT's discard: four 1z in all


def _record(*events, **fields):
    return parse_record(dict(fields, events=list(events)), ("win", "kong", "end", "horses", "bonus"))


class Log(Replayer):
    """Writes down what it is called with."""

    tracks_kongs = False

    def __init__(self, record, ruleset=None, **params):
        super().__init__(record, ruleset, **params)
        self.calls = []

    def on_win(self, event):
        self.calls.append(("win", event.index))

    def on_kong(self, event):
        self.calls.append(("kong", event.index))

    on_end = Replayer.ignore

    def finish(self):
        self.calls.append(("finish", None))


def test_handlers_are_called_in_event_order_then_finish():
    record = _record({"type": "kong", "seat": 1, "kind": "concealed", "tile": "9m"},
                     {"type": "win", "seat": 2, "from": 1, "situation": SIT},
                     {"type": "kong", "seat": 3, "kind": "concealed", "tile": "8m"},
                     {"type": "end"})
    log = Log(record)
    assert log.run() == []
    assert log.calls == [("kong", 0), ("win", 1), ("kong", 2), ("finish", None)]


def test_event_types_are_the_handlers_in_definition_order():
    assert Log.event_types() == ("win", "kong", "end")

    class More(Log):
        def on_bonus(self, event):
            pass

    assert More.event_types() == ("win", "kong", "end", "bonus")
    rule = More.rule("more", lambda record, ruleset: [], "doc")
    assert (rule.id, rule.event_types, rule.doc, rule.event_fields) == ("more", More.event_types(), "doc", {})


def test_an_accepted_event_without_a_handler_is_the_plugins_fault():
    record = _record({"type": "bonus", "seat": 0})
    with pytest.raises(PluginError) as info:
        Log(record).run()
    assert info.value.message == "events[0] (bonus): settlement Log accepts bonus events but has no on_bonus handler"


def test_errors_begin_with_the_events_place():
    record = _record({"type": "kong", "seat": 1, "kind": "concealed", "tile": "9m"})
    err = Replayer.error(record.events[0], "something is wrong")
    assert isinstance(err, SettlementError) and err.code == "invalid_situation"
    assert err.message == "events[0] (kong): something is wrong"


class Closing(Log):
    """The first win closes the hand; a win right after it on the same discard may follow."""

    def on_win(self, event):
        super().on_win(event)
        self.close(f"the win at {event.where()} ended it")

    def may_follow(self, event):
        return event.type == "win" and event.index == 1


def test_an_event_after_the_hand_is_closed_is_refused_unless_it_may_follow():
    win = {"type": "win", "seat": 2, "from": 1, "situation": SIT}
    assert Closing(_record(win, dict(win, seat=3, situation=SIT_TOO))).run() == []
    with pytest.raises(SettlementError) as info:
        Closing(_record(win, dict(win, seat=3, situation=SIT_TOO), {"type": "kong", "seat": 0, "kind": "concealed",
                                                                    "tile": "9p"})).run()
    assert info.value.message == ("events[2] (kong): the hand is already over (the win at events[1] (win) "
                                  "ended it)")


def test_in_play_tracks_who_has_left():
    battle, river = InPlay(4, winners_leave=True), InPlay(4)
    for tracker in (battle, river):
        tracker.won(1)
    assert 1 not in battle and battle.others(0) == [2, 3] and battle.seats_in() == [0, 2, 3]
    assert 1 in river and river.others(0) == [1, 2, 3]
    record = _record({"type": "win", "seat": 1, "situation": SIT})
    with pytest.raises(SettlementError) as info:
        battle.require(record.events[0], 1, "the winner")
    assert info.value.message.startswith("events[0] (win): seat 1 (the winner) has already won and left play")
    river.require(record.events[0], 1, "the winner")


class Money(Log):
    """Pays what the test tells it to, per event index."""

    plan: dict = {}

    def on_win(self, event):
        for how, *args in self.plan.get(event.index, ()):
            getattr(self, how)(*args)


def _money(plan, *events):
    Money.plan = plan
    return Money(_record(*events) if events else _record({"type": "win", "seat": 0, "situation": SIT}))


def test_pay_goes_into_an_exact_ledger():
    m = _money({0: [("pay", 1, 0, 0.1, "a tenth"), ("pay", 2, 0, 0, "nothing"), ("pay", 3, 0, -2, "back")]})
    assert m.run() == [Payment(1, 0, Decimal("0.1"), "a tenth"),
                       Payment(0, 3, 2, "back")]


def test_changes_with_one_gainer_are_paid_by_each_loser():
    m = _money({0: [("change", 0, 30, "self-drawn"), ("change", 1, -10, "pays S"), ("change", 2, -10, "pays S"),
                    ("change", 3, -10, "dealer pays S")]})
    assert m.run() == [Payment(1, 0, 10, "pays S"), Payment(2, 0, 10, "pays S"), Payment(3, 0, 10, "dealer pays S")]


def test_changes_with_one_loser_pay_each_gainer():
    m = _money({0: [("change", 0, -3, "follow"), ("change", 1, 1, "followed"), ("change", 2, 2, "followed twice")]})
    assert m.run() == [Payment(0, 1, 1, "followed"), Payment(0, 2, 2, "followed twice")]


def test_an_unbalanced_settlement_is_stopped_at_its_event():
    """The winner takes 3S, but only two players pay S: the money does not add up at events[1]."""
    win = {"type": "win", "seat": 0, "situation": SIT}
    m = _money({1: [("change", 0, 30, "self-drawn"), ("change", 1, -10, "pays S"), ("change", 2, -10, "pays S")]},
               win, dict(win, seat=1, situation=SIT2))
    with pytest.raises(PluginError) as info:
        m.run()
    assert info.value.code == "ruleset_error"
    assert info.value.message == ("events[1] (win): settlement Money does not sum to zero: seat 0 +30, "
                                  "seat 1 -10, seat 2 -10 (+10 in all)")
    assert m.ledger.payments == []


def test_changes_that_name_nobodys_payments_are_refused():
    m = _money({0: [("change", 0, 5, "a"), ("change", 1, 5, "b"), ("change", 2, -5, "c"), ("change", 3, -5, "d")]})
    with pytest.raises(PluginError, match="several gainers and several losers"):
        m.run()


def test_changes_must_balance_within_their_own_event():
    """Each event's changes are checked on their own: a debt is not carried to the next event."""
    win = {"type": "win", "seat": 0, "situation": SIT}
    m = _money({0: [("change", 0, 10, "won")], 1: [("change", 1, -10, "paid later")]}, win, dict(win, seat=1, situation=SIT2))
    with pytest.raises(PluginError, match=r"^events\[0\] \(win\): .* \(\+10 in all\)"):
        m.run()


def test_horses_are_found_for_their_winner():
    win = {"type": "win", "seat": 1, "from": 0, "situation": SIT}
    one = Log(_record(win, {"type": "horses", "tiles": "1m5p9s2z"}))
    assert (one.horses(1), one.horses(0)) == ((0, 13, 26, 28), ())
    two = Log(_record(win, dict(win, seat=2, situation=SIT_TOO),
                      {"type": "horses", "tiles": "3m", "seat": 2},
                      {"type": "horses", "tiles": "7z4m", "seat": 1}))
    assert (two.horses(1), two.horses(2), two.horses(3)) == ((33, 3), (2,), ())


class Scoring(Log):
    def on_win(self, event):
        self.score(event)


class Refuses:
    def score(self, situation):
        raise SettlementError("wrong tile count: 13 tiles")


def test_score_names_the_event_and_the_winner():
    with pytest.raises(SettlementError) as info:
        Scoring(_record({"type": "win", "seat": 2, "from": 1, "situation": SIT}), Refuses()).run()
    assert info.value.message == "events[0] (win) seat 2: wrong tile count: 13 tiles"


# ---------------------------------------------------------------- a rule written on it, through a ruleset

class Bonus(Replayer):
    """A discard win pays the stake; a ``bonus`` event: each other player still in pays 1."""

    event_fields = {"bonus": {"seat": Field("seat", True), "times": Field("count", doc="how many")}}
    winners_leave = True

    def on_win(self, event):
        loser = event.get("from")
        value = self.score(event).value * self.params["stake"]
        if loser is not None:
            self.pay(loser, event.seat, value, "discard win")
        self.in_play.won(event.seat)

    def on_bonus(self, event):
        others = self.in_play.others(event.seat)
        times = event.get("times", 1)
        for other in others:
            self.change(other, -times, "bonus")
        self.change(event.seat, times * len(others), "bonus")


def _bonus_rules(tmp_path):
    def settle(record, ruleset, stake=1):
        return Bonus(record, ruleset, stake=stake).run()

    mod = types.ModuleType("bonus_plugin")
    mod.mahjong_settlements = hookimpl(lambda: [Bonus.rule("bonus", settle)])
    path = tmp_path / "r.yaml"
    path.write_text(f"extends: {MINI}\nsettlement: {{id: bonus, params: {{stake: 2}}}}\n", encoding="utf-8")
    return Engine(plugins=[mod], entry_points=False).load_ruleset(path)


def test_a_rule_on_the_replayer_settles_through_a_ruleset(tmp_path):
    rules = _bonus_rules(tmp_path)
    value = rules.score(dict(SIT, seat_wind="S")).value
    out = rules.settle({"events": [{"type": "win", "seat": 1, "from": 2, "situation": SIT},
                                   {"type": "bonus", "seat": 0, "times": 3}]})
    assert out.deltas == (6, 2 * value, -2 * value - 3, -3)       # seat 1 has left: it pays no bonus
    assert [p.reason for p in out.payments] == ["discard win", "bonus", "bonus"]


@pytest.mark.parametrize("event, message", [
    ({"type": "bonus", "seat": 0, "tims": 3},
     "events[0] (bonus): unknown field 'tims' (did you mean 'times'?); a bonus event has: type, seat, times"),
    ({"type": "bonus", "seat": 0, "times": -1}, "events[0] (bonus): field 'times' must be a whole number ≥ 0, got -1"),
    ({"type": "bonus", "seat": 0, "times": True},
     "events[0] (bonus): field 'times' must be a whole number ≥ 0, got True"),
    ({"type": "bonus", "times": 1}, "events[0] (bonus): field 'seat' is missing: a bonus needs a 'seat'"),
    ({"type": "bonus", "seat": 9}, "events[0] (bonus): field 'seat' must be a seat number 0–3, got 9"),
    ({"type": "bonsu", "seat": 0}, "events[0]: unknown event type 'bonsu' (did you mean 'bonus'?); "
                                   "this ruleset's event types: win, bonus"),
])
def test_the_rules_declared_event_fields_are_checked_by_core(tmp_path, event, message):
    with pytest.raises(MahjongError) as info:
        _bonus_rules(tmp_path).settle({"events": [event]})
    assert info.value.message == message
