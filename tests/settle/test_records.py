"""Game records (docs/formats.md), and the payments and zero-sum ledger (settle.money) they settle into."""
from __future__ import annotations

import math
import types

import pytest
from hypothesis import given, settings, strategies as st

from mahjong_core import MahjongError, SettlementError
from mahjong_core.engine.registry import Engine
from mahjong_core.engine.hookspecs import SettlementRule, hookimpl
from mahjong_core.engine.records import Record, parse_record
from mahjong_core.engine.settle.money import Ledger, Payment, Settlement

from testpaths import MINI
from winning_hands import random_winning

SIT = {"hand": "123m456p789s1122z", "win_tile": "1z"}
SIT2 = {"hand": "123p456s789m3344z", "win_tile": "3z"}     # a second winner's tiles: none of SIT's
SIT_TOO = {"hand": "123p456s789m333z1z", "win_tile": "1z"}   # a second winner on SIT's discard: four 1z in all


# --------------------------------------------------------------------------- ledger

payments = st.integers(2, 4).flatmap(lambda seats: st.tuples(
    st.just(seats),
    st.lists(st.tuples(st.integers(0, seats - 1), st.integers(0, seats - 1),
                       st.integers(-1000, 1000) | st.floats(-100, 100, allow_nan=False, width=32)), max_size=20)))


@settings(max_examples=100, deadline=None)
@given(payments)
def test_ledger_sums_to_zero_and_matches_the_payments(case):
    seats, pays = case
    ledger = Ledger(seats)
    expected = [0] * seats
    for payer, payee, amount in pays:
        if payer == payee:
            with pytest.raises(SettlementError):
                ledger.pay(payer, payee, amount, "self")
            continue
        ledger.pay(payer, payee, amount, "test")
        expected[payer] -= amount
        expected[payee] += amount
    result = ledger.close("test")
    assert abs(sum(result.deltas)) < 1e-6
    assert all(math.isclose(a, b, abs_tol=1e-6) for a, b in zip(result.deltas, expected))
    assert all(p.amount > 0 and p.payer != p.payee for p in result.payments)
    data = result.to_dict()
    assert data["ok"] is True and data["ruleset"] == "test" and len(data["deltas"]) == seats


def test_negative_amount_flips_direction_and_zero_is_dropped():
    ledger = Ledger(3)
    ledger.pay(0, 1, -5, "refund")
    ledger.pay(1, 2, 0, "nothing")
    assert ledger.payments == [Payment(1, 0, 5, "refund")]
    assert ledger.close().to_dict() == {"ok": True, "ruleset": "", "deltas": [5, -5, 0],
                                        "payments": [{"from": 1, "to": 0, "amount": 5, "reason": "refund"}]}


@pytest.mark.parametrize("payer, payee, message", [
    (0, 0, "a seat cannot pay itself (x)"),
    (0, 4, "seat 4 does not exist (x)"),
    (-1, 2, "seat -1 does not exist (x)"),
])
def test_ledger_refuses_impossible_payments(payer, payee, message):
    with pytest.raises(SettlementError) as info:
        Ledger(4).pay(payer, payee, 1, "x")
    assert info.value.message == message


def test_unbalanced_ledger_is_refused():
    class Leaky(Ledger):
        @property
        def deltas(self):
            return [3, -1, 0, 0]

    with pytest.raises(SettlementError) as info:
        Leaky(4).close()
    assert info.value.message == "settlement does not sum to zero: [3, -1, 0, 0]"


@pytest.mark.parametrize("amount", [float("nan"), float("inf"), -float("inf")])
def test_non_finite_amounts_are_refused(amount):
    """A NaN amount makes every sum NaN, and NaN compares false with any bound: it must be refused
    rather than produce a 'zero-sum' settlement of NaN deltas."""
    ledger = Ledger(4)
    with pytest.raises(SettlementError):
        ledger.pay(0, 1, amount, "x")
        ledger.close()


# --------------------------------------------------------------------------- records

def test_parse_record_defaults_and_views():
    rec = parse_record({"seats": 4, "dealer": 2, "round_wind": "S", "events": [
        {"type": "win", "seat": 1, "from": 3, "situation": SIT},
        {"type": "win", "seat": 2, "situation": dict(SIT2, seat_wind="E")}]})
    assert (rec.seats, rec.dealer, rec.round_wind, rec.ruleset) == (4, 2, 1, None)
    assert [rec.seat_wind(s) for s in range(4)] == [2, 3, 0, 1]
    first, second = rec.of_type("win")
    assert (first.index, first.seat, first.get("from"), first.where()) == (0, 1, 3, "events[0] (win)")
    assert rec.situation_dict(first) == dict(SIT, seat_wind="N", round_wind="S", self_drawn=False, dealer=False)
    assert rec.situation_dict(second) == dict(SIT2, seat_wind="E", round_wind="S", self_drawn=True, dealer=True)
    assert parse_record(rec) is rec
    assert parse_record({}) == Record(4, 0, 0, ())


def test_three_seat_winds():
    rec = parse_record({"seats": 3, "dealer": 1})
    assert [rec.seat_wind(s) for s in range(3)] == [2, 0, 1]


@pytest.mark.parametrize("data, message", [
    ([], "a record must be a JSON object, got list"),
    ({"seets": 4}, "record: unknown field 'seets' (did you mean 'seats'?); a record has: ruleset, seats, dealer, "
                   "round_wind, events, dealer_streak, play"),
    ({"seats": 5}, "record field 'seats' must be 2–4, got 5"),
    ({"seats": True}, "record field 'seats' must be 2–4, got True"),
    ({"dealer": 4}, "record field 'dealer' must be a seat number 0–3, got 4"),
    ({"round_wind": "X"}, "field 'round_wind': invalid wind 'X'; use one of E S W N"),
    ({"events": {}}, "record field 'events' must be a list"),
    ({"events": [{"seat": 1}]}, "events[0] must be an object with a 'type'"),
    ({"events": ["win"]}, "events[0] must be an object with a 'type'"),
    ({"events": [{"type": "wn", "seat": 1}]}, "events[0]: unknown event type 'wn' (did you mean 'win'?); "
                                           "this ruleset's event types: win, kong, end, horses"),
    ({"events": [{"type": "win", "seat": 1, "from": 1, "situation": SIT}]},
     "events[0] (win): 'from' names the same seat as 'seat'"),
    ({"events": [{"type": "win", "seat": 7}]}, "events[0] (win): field 'seat' must be a seat number 0–3, got 7"),
    ({"seats": 3, "events": [{"type": "kong", "seat": 0, "kind": "exposed", "tile": "5p", "from": 3}]},
     "events[0] (kong): field 'from' must be a seat number 0–2, got 3"),
])
def test_bad_records(data, message):
    with pytest.raises(MahjongError) as info:
        parse_record(data, ("win", "kong", "end", "horses"))
    assert info.value.code == "invalid_situation"
    assert info.value.message == message


# --------------------------------------------------------------------------- settlement through a ruleset

def _settling_engine(settle) -> Engine:
    mod = types.ModuleType("payer")
    mod.mahjong_settlements = hookimpl(lambda: [SettlementRule("test", settle)])
    return Engine(plugins=[mod], entry_points=False)


def _rules(engine, tmp_path, params="{}"):
    path = tmp_path / "r.yaml"
    path.write_text(f"extends: {MINI}\nsettlement: {{id: test, params: {params}}}\n", encoding="utf-8")
    return engine.load_ruleset(path)


def test_settlement_pays_per_win(tmp_path):
    def settle(record, ruleset, stake=1):
        for win in record.of_type("win"):
            value = ruleset.score(record.situation_dict(win)).value * stake
            if win.get("from") is None:
                for seat in range(record.seats):
                    if seat != win.seat:
                        yield Payment(seat, win.seat, value, "self-drawn")
            else:
                yield Payment(win.get("from"), win.seat, value, "discard")

    rules = _rules(_settling_engine(settle), tmp_path, "{stake: 3}")
    result = rules.settle({"seats": 4, "events": [{"type": "win", "seat": 2, "situation": SIT}]})
    assert result.to_dict()["deltas"] == [-3, -3, 9, -3]          # self-drawn 1 (no fallback), × 3
    result = rules.settle({"seats": 4, "events": [{"type": "win", "seat": 2, "from": 0, "situation": SIT},
                                                  {"type": "win", "seat": 3, "from": 0, "situation": SIT_TOO}]})
    assert result.deltas == (-6, 0, 3, 3)


@pytest.mark.parametrize("bad", [Payment(0, 1, "8", "text amount"), (0, 1, 8), Payment(0, 9, 8, "no seat 9")])
def test_malformed_payments_from_a_plugin_are_mahjong_errors(tmp_path, bad):
    rules = _rules(_settling_engine(lambda record, ruleset: [bad]), tmp_path)
    with pytest.raises(MahjongError) as info:
        rules.settle({"seats": 4, "events": []})
    assert info.value.code in ("invalid_situation", "ruleset_error")


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False))
def test_installed_settlements_are_zero_sum(engine, rng):
    """Every installed ruleset with a settlement, on random single-win records."""
    names = [n for n in ("guobiao", "sichuan", "popular") if n in engine.ruleset_files()]
    if not names:
        pytest.skip("no ruleset with a settlement installed")
    for name in names:
        try:
            rules = engine.load_ruleset(name)
        except MahjongError:
            continue
        if rules.settlement_rule is None:
            continue
        kinds = range(27) if rules.table.kinds == frozenset(range(27)) else range(34)
        sit = random_winning(rng, kinds=kinds)
        seat = rng.randrange(4)
        event = {"type": "win", "seat": seat, "situation": sit}
        if rng.random() < 0.5:
            event["from"] = rng.choice([s for s in range(4) if s != seat])
        try:
            result = rules.settle({"seats": 4, "dealer": rng.randrange(4), "events": [event]})
        except MahjongError:
            continue
        assert sum(result.deltas) == 0, name
        assert isinstance(result, Settlement)


EVENT_JUNK = [None, 0, 1, 3, 7, -1, True, "E", "5p", "1m5p9s", "concealed", "added", [], {}, {"hand": "1m"}]


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False))
def test_settling_any_record_is_a_result_or_a_mahjong_error(engine, rng):
    """Mutated records under every installed ruleset with a settlement: never another exception."""
    names = [n for n in ("guobiao", "sichuan", "popular") if n in engine.ruleset_files()]
    if not names:
        pytest.skip("no ruleset with a settlement installed")
    try:
        rules = engine.load_ruleset(rng.choice(names))
    except MahjongError:
        return
    if rules.settlement_rule is None:
        return
    kinds = range(27) if rules.table.kinds == frozenset(range(27)) else range(34)
    events = []
    for _ in range(rng.randint(0, 4)):
        seat = rng.randrange(4)
        kind = rng.choice(["win", "win", "kong", "end", "horses", "void"])
        event = {"type": kind, "seat": seat}
        if kind == "win":
            event["situation"] = random_winning(rng, kinds=kinds, melds=0)
            if rng.random() < 0.5:
                event["from"] = (seat + rng.randint(1, 3)) % 4
        elif kind == "kong":
            event.update(kind=rng.choice(["concealed", "exposed", "added"]), tile=rng.choice(["5p", "1m", "9s"]))
        elif kind == "void":
            event["suit"] = rng.choice("mps")
        elif kind == "end":
            event = {"type": "end", "hands": {str((seat + 1) % 4): {"hand": "123m456p789s1122m"}}}
        elif kind == "horses":
            event = {"type": "horses", "tiles": "1m5p9s2z"}
        if rng.random() < 0.4:
            event[rng.choice(["seat", "from", "tile", "kind", "situation", "hands", "suit", "type", "x"])] = \
                rng.choice(EVENT_JUNK)
        events.append(event)
    record = {"seats": 4, "dealer": rng.randrange(4), "events": events}
    if rng.random() < 0.2:
        record[rng.choice(["seats", "dealer", "round_wind", "events", "ruleset", "extra"])] = rng.choice(EVENT_JUNK)
    try:
        result = rules.settle(record)
    except MahjongError as e:
        assert e.message
    else:
        assert sum(result.deltas) == 0


def test_a_record_for_another_ruleset_family_is_refused(tmp_path):
    import mahjong_core
    from mahjong_core import MahjongError
    record = {"ruleset": "sichuan", "seats": 4, "dealer": 0, "events": []}
    with pytest.raises(MahjongError) as info:
        mahjong_core.load_ruleset("guobiao").settle(record)
    assert info.value.message == ("record field 'ruleset': the record is for 'sichuan', but ruleset 'guobiao' "
                                  "does not extend it")
    house = tmp_path / "friday.yaml"
    house.write_text("extends: guobiao\ntitle: Friday\n", encoding="utf-8")
    settled = mahjong_core.load_ruleset(str(house)).settle(dict(record, ruleset="guobiao"))
    assert settled.deltas == (0, 0, 0, 0)
