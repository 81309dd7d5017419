"""Records that cannot have happened, bad event fields, exact fractional stakes and strict JSON
settlement output, and records that are not JSON-like data."""
from __future__ import annotations

import json
import types
from decimal import Decimal
from fractions import Fraction

import pytest

import mahjong_core
from mahjong_core import MahjongError, RulesetError, SettlementError
from mahjong_core.engine.registry import Engine
from mahjong_core.engine.hookspecs import SettlementRule, hookimpl
from mahjong_core.engine.settle.money import Ledger, Payment

from testpaths import MINI

GB_HAND = {"hand": "4445677m777p777s", "win_tile": "7m"}          # 22 points (T11)
SC_HAND = {"hand": "123m456m789m11p23p", "win_tile": "4p"}
POP_HAND = {"hand": "4445677m777p777s", "win_tile": "7m"}


@pytest.fixture(scope="module")
def gb():
    return mahjong_core.load_ruleset("guobiao")


@pytest.fixture(scope="module")
def sc():
    return mahjong_core.load_ruleset("sichuan")


@pytest.fixture(scope="module")
def pop():
    return mahjong_core.load_ruleset("popular")


def _refused(rules, record, start, *parts):
    with pytest.raises(SettlementError) as info:
        rules.settle(record)
    assert info.value.code == "invalid_situation"
    assert info.value.message.startswith(start), info.value.message
    for part in parts:
        assert part in info.value.message, info.value.message
    return info.value.message


def _win(seat, frm=None, sit=GB_HAND, **extra):
    event = {"type": "win", "seat": seat, "situation": dict(sit, **extra)}
    if frm is not None:
        event["from"] = frm
    return event


# --------------------------------------------------------------------------- several winners

@pytest.mark.parametrize("name", ["gb", "pop"])
def test_one_winner_per_record_where_the_ruleset_allows_one(name, request):
    rules = request.getfixturevalue(name)
    other = {"hand": "111m999m222p333s5z", "win_tile": "5z"}
    record = {"events": [_win(1, 3), _win(2, 3, other)]}
    _refused(rules, record, "events[1] (win):", "one win", "events[0] (win)")


def test_sichuan_still_takes_several_winners_on_one_discard(sc):
    out = sc.settle({"events": [_win(0, 3, SC_HAND), _win(1, 3, SC_HAND)]})
    assert sum(out.deltas) == 0 and out.deltas[3] < 0


# --------------------------------------------------------------------------- events after end

@pytest.mark.parametrize("name, sit", [("gb", GB_HAND), ("sc", SC_HAND), ("pop", POP_HAND)])
def test_no_event_after_end(name, sit, request):
    rules = request.getfixturevalue(name)
    hands = {"0": {"hand": "111222333444m5m"}, "1": {"hand": "555666777888m9m"},
             "2": {"hand": "111222333444p5p"}, "3": {"hand": "111222333444s5s"}}
    record = {"events": [{"type": "end", "hands": hands}, _win(1, 3, sit)]}
    _refused(rules, record, "events[1] (win):", "events[0] (end)")


# --------------------------------------------------------------------------- more than four copies

def test_two_kongs_of_one_tile_are_refused(gb):
    record = {"events": [{"type": "kong", "seat": 0, "kind": "concealed", "tile": "5p"},
                         {"type": "kong", "seat": 2, "kind": "concealed", "tile": "5p"}]}
    _refused(gb, record, "events[1] (kong):", "5p", "four")


def test_a_kong_and_a_winning_hand_holding_the_same_tile(gb):
    record = {"events": [{"type": "kong", "seat": 0, "kind": "concealed", "tile": "7m"}, _win(1, 3)]}
    _refused(gb, record, "events[1] (win):", "7m")


def test_a_winner_s_own_kong_and_shared_discards_count_once(gb, sc):
    """The winner's kong is also in his melds; two winners on one discard take one tile."""
    sit = {"hand": "4445677m777p", "win_tile": "7m",
           "melds": [{"type": "kong", "tiles": "7777s", "concealed": True}]}
    gb.settle({"events": [{"type": "kong", "seat": 1, "kind": "concealed", "tile": "7s"}, _win(1, 3, sit)]})
    pair = {"hand": "111m222m333m44s55s", "win_tile": "5s"}
    single = {"hand": "666m777m888m999s5s", "win_tile": "5s"}
    sc.settle({"events": [_win(0, 3, pair), _win(1, 3, single)]})      # 2 + 1 + the one discard


def test_robbed_kong_tile_is_not_counted_twice(sc):
    record = {"events": [{"type": "kong", "seat": 3, "kind": "added", "tile": "4p"},
                         _win(0, 3, SC_HAND, robbing_kong=True)]}
    sc.settle(record)


# --------------------------------------------------------------------------- contradicting the record

@pytest.mark.parametrize("name, sit", [("gb", GB_HAND), ("sc", SC_HAND), ("pop", POP_HAND)])
def test_self_drawn_contradicting_from(name, sit, request):
    rules = request.getfixturevalue(name)
    _refused(rules, {"events": [_win(1, 3, sit, self_drawn=True)]}, "events[0] (win):", "self_drawn", "from")
    _refused(rules, {"events": [_win(1, None, sit, self_drawn=False)]}, "events[0] (win):", "self_drawn")


@pytest.mark.parametrize("name, sit", [("gb", GB_HAND), ("sc", SC_HAND), ("pop", POP_HAND)])
def test_situation_dealer_and_winds_contradicting_the_record(name, sit, request):
    rules = request.getfixturevalue(name)
    _refused(rules, {"dealer": 0, "events": [_win(1, 3, sit, dealer=True)]}, "events[0] (win):", "dealer")
    _refused(rules, {"dealer": 0, "events": [_win(1, 3, sit, seat_wind="E")]}, "events[0] (win):",
             "seat_wind", "S")
    _refused(rules, {"round_wind": "S", "events": [_win(1, 3, sit, round_wind="E")]}, "events[0] (win):",
             "round_wind")
    # saying what the record says is fine
    rules.settle({"dealer": 1, "events": [_win(1, 3, sit, dealer=True, seat_wind="E", self_drawn=False)]})


# --------------------------------------------------------------------------- bad event fields

@pytest.mark.parametrize("event, parts", [
    ({"type": "win", "seat": 0, "from": 1, "situation": 5}, ["field 'situation'", "object"]),
    ({"type": "win", "seat": 0, "from": 1, "situatoin": GB_HAND},
     ["unknown field 'situatoin'", "did you mean 'situation'", "seat", "from"]),
    ({"type": "win", "seat": "0", "situation": GB_HAND}, ["field 'seat'", "'0'"]),
    ({"type": "win", "from": 2, "situation": GB_HAND}, ["field 'seat'", "missing"]),
    ({"type": "kong", "seat": 0, "kind": "concealed", "tile": 5}, ["field 'tile'", "5"]),
    ({"type": "kong", "seat": 0, "kind": "concealed", "tile": "5x"}, ["field 'tile'"]),
    ({"type": "kong", "seat": 0, "kind": "concealed", "tile": "55p"}, ["field 'tile'", "one tile"]),
    ({"type": "kong", "seat": 0, "kind": "concaeled", "tile": "5p"}, ["field 'kind'", "did you mean 'concealed'"]),
    ({"type": "kong", "seat": 0, "kind": "concealed", "tile": "5p", "late": 1}, ["field 'late'", "true or false"]),
    ({"type": "end", "hands": []}, ["field 'hands'"]),
    ({"type": "win", "seat": 0, "from": 1, "situation": dict(GB_HAND, self_drawn=1)}, ["self_drawn", "true or false"]),
    ({"type": "win", "seat": 0, "from": 1, "situation": dict(GB_HAND, dealer="yes")}, ["dealer", "true or false"]),
])
def test_bad_event_fields_name_the_event_and_the_field(gb, event, parts):
    msg = _refused(gb, {"events": [event]}, f"events[0] ({event['type']}):", *parts)
    assert "plugin" not in msg and "TypeError" not in msg


def test_unknown_event_field_lists_the_valid_fields(gb, sc, pop):
    for rules in (gb, sc, pop):
        _refused(rules, {"events": [{"type": "kong", "seat": 0, "kind": "concealed", "tile": "5p", "tyle": 1}]},
                 "events[0] (kong):", "unknown field 'tyle'", "kind, tile")
    _refused(pop, {"events": [{"type": "wild", "tile": "5p", "tiles": "5p"}]}, "events[0] (wild):",
             "unknown field 'tiles'", "tile, indicator")


def test_unknown_record_field_lists_the_valid_fields(gb):
    with pytest.raises(SettlementError) as info:
        gb.settle({"seats": 4, "evnts": []})
    assert "did you mean 'events'" in info.value.message
    assert "ruleset, seats, dealer, round_wind, events" in info.value.message


# --------------------------------------------------------------------------- records that are not JSON data

def _deep(n):
    x = "1m"
    for _ in range(n):
        x = [x]
    return x


@pytest.mark.parametrize("record", [
    {"events": [{"type": "win", "seat": 0, "situation": {"hand": _deep(100_000), "win_tile": "1m"}}]},
    {"events": _deep(5000)},
    {"events": [{"type": "win", "seat": 10 ** 5000, "situation": GB_HAND}]},
    {"events": [{"type": "win", "seat": 0, "situation": dict(GB_HAND, flowers=10 ** 5000)}]},
    {"dealer": 10 ** 5000},
    {"events": [{"type": "win", "seat": 0, "situation": {"hand": {1, 2}, "win_tile": "1m"}}]},
    {"events": [{"type": "win", "seat": 0, "situation": dict(GB_HAND, melds=[object()])}]},
    {"events": [{"type": "win", "seat": 0, "situation": {"hand": b"123m", "win_tile": "1m"}}]},
    {"events": [{"type": "win", "seat": 0, "situation": dict(GB_HAND, flowers=float("nan"))}]},
    {"events": [{"type": "win", "seat": 1.0, "situation": GB_HAND}]},
    {"events": [{("a",): 1, "type": "end"}]},
    {"events": [{"type": "end", "hands": {10 ** 5000: {"hand": "1m"}}}]},
    {"events": [{"type": "win", "seat": 0, "situation": {"hand": "1m" * 10 ** 6, "win_tile": "1m"}}]},
    {"events": [{"type": "kong", "seat": 0, "kind": "concealed", "tile": "5p"},
                {"type": "win", "seat": 1, "from": 2, "situation": {"hand": "5p", "win_tile": ""}}]},
    {"events": [{"type": "win", "seat": 1, "from": 2, "situation": dict(GB_HAND, seat_wind="X")}]},
])
@pytest.mark.parametrize("name", ["gb", "sc", "pop"])
def test_records_that_are_not_json_like_are_mahjong_errors(name, record, request):
    rules = request.getfixturevalue(name)
    with pytest.raises(MahjongError) as info:
        rules.settle(record)
    assert len(info.value.message) < 400


# --------------------------------------------------------------------------- exact amounts, strict JSON

def _printed_sum(out):
    text = json.dumps(out.to_dict(), allow_nan=False)
    data = json.loads(text, parse_float=Decimal)
    total = sum(Decimal(str(d)) for d in data["deltas"])
    for seat, d in enumerate(data["deltas"]):
        got = sum(Decimal(str(p["amount"])) for p in data["payments"] if p["to"] == seat) - \
            sum(Decimal(str(p["amount"])) for p in data["payments"] if p["from"] == seat)
        assert got == Decimal(str(d))
    return total, data


def test_ledger_fractions_sum_exactly_to_zero():
    ledger = Ledger(3)
    ledger.pay(0, 2, 0.1, "a")
    ledger.pay(1, 2, 0.2, "b")
    out = ledger.close()
    total, data = _printed_sum(out)
    assert total == 0
    assert data["deltas"] == [Decimal("-0.1"), Decimal("-0.2"), Decimal("0.3")]
    assert sum(out.deltas) == 0


def test_ledger_thirds_are_rounded_once_and_still_sum_to_zero():
    ledger = Ledger(4)
    for seat in (0, 1, 2):
        ledger.pay(seat, 3, Fraction(1, 3), "a third")
    ledger.pay(3, 0, Decimal("0.05"), "decimal")
    total, data = _printed_sum(ledger.close())
    assert total == 0
    assert data["payments"][0]["amount"] == Decimal("0.3333333333")


def test_ledger_close_checks_exact_zero():
    class Leaky(Ledger):
        @property
        def deltas(self):
            return [Fraction(1, 10 ** 12), 0, 0, 0]

    with pytest.raises(SettlementError):
        Leaky(4).close()


def test_ints_stay_ints():
    ledger = Ledger(2)
    ledger.pay(0, 1, 8, "x")
    ledger.pay(0, 1, 2.0, "y")
    assert json.dumps(ledger.close().to_dict()) == (
        '{"ok": true, "ruleset": "", "deltas": [-10, 10], "payments": [{"from": 0, "to": 1, "amount": 8, '
        '"reason": "x"}, {"from": 0, "to": 1, "amount": 2, "reason": "y"}]}')


@pytest.mark.parametrize("amount", [Decimal("NaN"), Decimal("Infinity"), "1", True, None])
def test_ledger_refuses_what_is_not_a_finite_number(amount):
    with pytest.raises(SettlementError):
        Ledger(2).pay(0, 1, amount, "x")


def _overlay(tmp_path, text):
    path = tmp_path / "club.yaml"
    path.write_text(text, encoding="utf-8")
    return mahjong_core.load_ruleset(path), path


@pytest.mark.parametrize("base", ["0.1", "0.3", "0.7"])
def test_guobiao_fractional_base_settles_exactly(tmp_path, base):
    rules, _ = _overlay(tmp_path, f"extends: guobiao\nsettlement: {{id: guobiao, params: {{base: {base}}}}}\n")
    out = rules.settle({"events": [_win(1, 3)]})                 # 22 points off seat 3
    total, data = _printed_sum(out)
    b = Decimal(base)
    assert total == 0 and data["deltas"] == [-b, 22 + 3 * b, -b, -22 - b]


def test_popular_site_fractional_base_settles_exactly(tmp_path):
    rules, _ = _overlay(tmp_path, "extends: popular\nsettlement: {id: popular.site, params: {base: 0.1}}\n")
    out = rules.settle({"events": [_win(1, 3, POP_HAND)]})
    total, data = _printed_sum(out)
    value = rules.score(dict(POP_HAND, seat_wind="S")).value
    pays = Decimal("0.1") * value
    assert total == 0 and data["deltas"] == [-pays, 3 * pays, -pays, -pays]


def test_sichuan_fractional_base_score_settles_exactly(tmp_path):
    rules, _ = _overlay(tmp_path, "extends: sichuan\noptions: {base_score: 0.1}\n")
    out = rules.settle({"events": [{"type": "kong", "seat": 0, "kind": "concealed", "tile": "9s"},
                                   _win(1, 0, SC_HAND)]})
    total, data = _printed_sum(out)
    assert total == 0


@pytest.mark.parametrize("text, key, line", [
    ("extends: guobiao\nsettlement:\n  id: guobiao\n  params:\n    base: .nan\n", "base", 5),
    ("extends: guobiao\nsettlement:\n  id: guobiao\n  params:\n    base: .inf\n", "base", 5),
    ("extends: guobiao\nsettlement:\n  id: guobiao\n  params:\n    base: '8'\n", "base", 5),
    ("extends: guobiao\nsettlement:\n  id: guobiao\n  params:\n    base: true\n", "base", 5),
    ("extends: popular\nsettlement:\n  id: popular.site\n  params:\n    base: 1\n    cap: .nan\n", "cap", 6),
    ("extends: popular\nsettlement:\n  id: popular.competition\n  params:\n    base: -.inf\n", "base", 5),
    ("extends: sichuan\noptions:\n  base_score: .nan\n", "base_score", 3),
    ("extends: sichuan\noptions:\n  kong_pay:\n    added: 'one'\n", "added", 4),
])
def test_settlement_numbers_that_are_not_numbers_are_ruleset_errors(tmp_path, text, key, line):
    try:
        rules, path = _overlay(tmp_path, text)
    except RulesetError as e:          # refused when the ruleset loads: as good, if it names the line
        message = e.message
    else:
        with pytest.raises(RulesetError) as info:
            rules.settle({"events": [_win(1, 3, SC_HAND if "sichuan" in text else GB_HAND)]})
        message = info.value.message
    assert message.startswith(f"{tmp_path / 'club.yaml'}:{line}: "), message
    assert key in message


def test_plugin_amounts_of_exact_types_are_taken_exactly(tmp_path):
    def settle(record, ruleset):
        yield Payment(0, 1, Fraction(1, 10), "tenth")
        yield Payment(2, 1, Decimal("0.2"), "fifth")

    mod = types.ModuleType("payer")
    mod.mahjong_settlements = hookimpl(lambda: [SettlementRule("test", settle)])
    path = tmp_path / "r.yaml"
    path.write_text(f"extends: {MINI}\nsettlement: {{id: test}}\n", encoding="utf-8")
    out = Engine(plugins=[mod], entry_points=False).load_ruleset(path).settle({"events": []})
    total, data = _printed_sum(out)
    assert total == 0 and data["deltas"] == [Decimal("-0.1"), Decimal("0.3"), Decimal("-0.2"), 0]


def test_values_of_any_exact_type_mix_with_stakes():
    """A value formula may hand back a float or a Decimal; settlement arithmetic stays exact."""
    from mahjong_core.engine.settle.money import exact, number
    base = number(0.1, "x.yaml:1", "base")
    assert base + exact(Decimal("0.2")) == Fraction(3, 10)
    assert base + exact(0.2) == Fraction(3, 10)
    assert exact(2.0) == 2 and isinstance(exact(2.0), int)
