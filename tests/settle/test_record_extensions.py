"""Record fields and events of the Guangdong and Fuzhou families (docs/formats.md) checked by
core: ``dealer_streak``, ``wild``, ``horses``, ``follow_dealer``, and event fields a settlement
rule declares (``Field``, ``SettlementRule.event_fields``)."""
from __future__ import annotations

import pytest

from mahjong_core import SettlementError
from mahjong_core.engine.errors import PluginError
from mahjong_core.plugin import Field
from mahjong_core.engine.records import EVENT_FIELDS, event_fields, parse_record

SIT = {"hand": "123m456p789s1122z", "win_tile": "1z"}
SIT_TOO = {"hand": "123p456s789m333z1z", "win_tile": "1z"}   # a second winner on SIT's discard: four 1z in all
TYPES = ("win", "kong", "end", "horses", "wild", "follow_dealer", "ready")


def win(seat, frm=None, situation=SIT):
    event = {"type": "win", "seat": seat, "situation": situation}
    if frm is not None:
        event["from"] = frm
    return event


def refused(record, declared=None) -> str:
    with pytest.raises(SettlementError) as info:
        parse_record(record, TYPES, declared)
    assert info.value.code == "invalid_situation"
    return info.value.message


def test_dealer_streak_defaults_to_zero_and_is_kept():
    assert parse_record({}).dealer_streak == 0
    assert parse_record({"dealer_streak": 3}).dealer_streak == 3


@pytest.mark.parametrize("value", [-1, True, 1.5, "2", None, [1]])
def test_dealer_streak_must_be_a_whole_number_from_zero(value):
    message = refused({"dealer_streak": value})
    assert message.startswith("record field 'dealer_streak' must be a whole number ≥ 0")
    assert message.endswith(f"got {value!r}" if not isinstance(value, list) else "got a list")


def test_a_misspelt_dealer_streak_names_it():
    assert "(did you mean 'dealer_streak'?)" in refused({"dealer_streek": 1})


@pytest.mark.parametrize("events, message", [
    ([{"type": "wild"}], "events[0] (wild): give either 'tile' (the wild kind) or 'indicator' (the tile turned up)"),
    ([{"type": "wild", "tile": "5z", "indicator": "4z"}],
     "events[0] (wild): give either 'tile' (the wild kind) or 'indicator' (the tile turned up), not both"),
    ([{"type": "wild", "tile": "5z"}, {"type": "wild", "indicator": "4z"}],
     "events[1] (wild): a hand has one wild event, and events[0] (wild) is one"),
    ([{"type": "wild", "indicator": "45z"}], "events[0] (wild): field 'indicator' must be one tile like '5p', got '45z'"),
    ([{"type": "wild", "tiles": "5z"}],
     "events[0] (wild): unknown field 'tiles' (did you mean 'tile'?); a wild event has: type, tile, indicator"),
    ([{"type": "horses", "tiles": "1m5p"}],
     "events[0] (horses): horses are turned for a winner, and nobody has won before them"),
    ([{"type": "horses", "tiles": "1m5p", "seat": 1}, win(1)],
     "events[0] (horses): horses are turned for a winner, and nobody has won before them"),
    ([win(1, 0), win(2, 0, SIT_TOO), {"type": "horses", "tiles": "1m5p"}],
     "events[2] (horses): seats 1, 2 have won: name the winner these horses are for in 'seat'"),
    ([win(1, 0), {"type": "horses", "tiles": "1m5p", "seat": 3}],
     "events[1] (horses): field 'seat': seat 3 has not won, so it has no horses (winners so far: 1)"),
    ([win(1, 0), {"type": "horses", "tiles": "1m"}, {"type": "horses", "tiles": "5p", "seat": 1}],
     "events[2] (horses): seat 1's horses are already at events[1] (horses)"),
    ([win(1, 0), {"type": "horses"}], "events[1] (horses): field 'tiles' is missing: a horses needs a 'tiles'"),
    ([win(1, 0), {"type": "horses", "tiles": "1x"}], "events[1] (horses): field 'tiles': "),
    ([{"type": "follow_dealer"}, {"type": "follow_dealer"}],
     "events[1] (follow_dealer): a hand has one follow_dealer event, and events[0] (follow_dealer) is one"),
    ([{"type": "follow_dealer", "seat": 0}],
     "events[0] (follow_dealer): unknown field 'seat'; a follow_dealer event has: type, "),
])
def test_table_events_are_checked(events, message):
    assert refused({"events": events}).startswith(message)


def test_legal_table_events_pass():
    rec = parse_record({"dealer_streak": 2, "events": [
        {"type": "follow_dealer"}, {"type": "wild", "indicator": "4m"}, win(1, 0), win(2, 0, SIT_TOO),
        {"type": "horses", "tiles": "1m5p9s2z", "seat": 2}, {"type": "horses", "tiles": "3m", "seat": 1}]}, TYPES)
    assert [e.type for e in rec.events] == ["follow_dealer", "wild", "win", "win", "horses", "horses"]
    parse_record({"events": [win(1), {"type": "horses", "tiles": "1m5p9s2z"}]}, TYPES)    # the one winner


READY = {"ready": {"seat": Field("seat", True), "tiles": Field("tiles")},
         "kong": {"bonus": Field("bool")}}


@pytest.mark.parametrize("event, message", [
    ({"type": "ready", "seat": 1, "tile": "5p"},
     "events[0] (ready): unknown field 'tile' (did you mean 'tiles'?); a ready event has: type, seat, tiles"),
    ({"type": "ready", "seat": 1, "tiles": 5}, "events[0] (ready): field 'tiles' must be tiles in notation like '5p', "
                                               "got 5"),
    ({"type": "ready"}, "events[0] (ready): field 'seat' is missing: a ready needs a 'seat'"),
    ({"type": "kong", "seat": 0, "kind": "concealed", "tile": "5p", "bonus": "yes"},
     "events[0] (kong): field 'bonus' must be true or false, got 'yes'"),
    ({"type": "kong", "seat": 0, "kind": "concealed", "tile": "5p", "bonsu": True},
     "events[0] (kong): unknown field 'bonsu' (did you mean 'bonus'?)"),
])
def test_declared_event_fields_are_checked_like_cores(event, message):
    assert refused({"events": [event]}, READY).startswith(message)


def test_declared_fields_add_to_cores_and_leave_them_alone():
    rec = parse_record({"events": [{"type": "ready", "seat": 1, "tiles": "5p"},
                                   {"type": "kong", "seat": 0, "kind": "concealed", "tile": "9s", "bonus": True}]},
                       TYPES, READY)
    assert rec.events[1].get("bonus") is True
    assert "bonus" not in EVENT_FIELDS["kong"] and "ready" not in EVENT_FIELDS
    assert event_fields(None) is EVENT_FIELDS
    # without the declaration the same record is refused: the fields are the rule's
    assert "unknown field 'bonus'" in refused({"events": [{"type": "kong", "seat": 0, "kind": "concealed",
                                                           "tile": "9s", "bonus": True}]})


def test_a_rule_may_not_redeclare_a_core_field():
    with pytest.raises(PluginError, match=r"event field 'kong.tile' is core's"):
        event_fields({"kong": {"tile": Field("tiles")}})


@pytest.mark.parametrize("args", [("number",), ("choice",), ("bool", False, ("a",))])
def test_a_field_is_one_of_the_kinds(args):
    with pytest.raises(ValueError):
        Field(*args)
