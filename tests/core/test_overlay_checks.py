"""Overlay mistakes a club makes get an error that says what to write: a negative minimum is
refused, a fan named by its Chinese (or English) name points to its id, an option that is a
setting elsewhere points to where it lives; and a Guangdong record listing fewer horses than its
rule turns is refused, naming both counts."""
from __future__ import annotations

import pytest

import mahjong_core
from mahjong_core import RulesetError, SettlementError


def _overlay(tmp_path, text: str) -> str:
    path = tmp_path / "club.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("minimum, key", [("-3", "scoring.minimum"), ("{discard: -1}", "scoring.minimum.discard")])
def test_a_negative_minimum_is_refused(tmp_path, minimum, key):
    path = _overlay(tmp_path, f"extends: guobiao\nscoring: {{minimum: {minimum}}}\n")
    with pytest.raises(RulesetError) as caught:
        mahjong_core.load_ruleset(path)
    assert caught.value.message.startswith(f"{path}:2: '{key}' is the points a hand needs to win, a whole "
                                           f"number ≥ 0, got -")


@pytest.mark.parametrize("name, fan_id, field", [("断幺", "all_simples", "zh"), ("All Simples", "all_simples", "en")])
def test_a_fan_named_by_its_name_points_to_its_id(tmp_path, name, fan_id, field):
    path = _overlay(tmp_path, f"extends: guobiao\nfans:\n  {name}: {{points: 3}}\n")
    with pytest.raises(RulesetError) as caught:
        mahjong_core.load_ruleset(path)
    assert caught.value.message == (f"{path}:3: unknown fan id '{name}' (did you mean '{fan_id}'? {name} is its "
                                    f"{field} name; fans are keyed by id) (a new fan needs 'check')")


def test_an_option_that_is_a_setting_points_to_where_it_lives(tmp_path):
    path = _overlay(tmp_path, "extends: sichuan\noptions:\n  cap_multiplier: 8\n")
    with pytest.raises(RulesetError) as caught:
        mahjong_core.load_ruleset(path)
    assert caught.value.message == (f"{path}:3: unknown option 'cap_multiplier'; 'cap_multiplier' is not an "
                                    f"option but a setting: it lives at scoring.value.params.cap_multiplier")
    # written there, it loads
    path = _overlay(tmp_path, "extends: sichuan\nscoring: {value: {params: {cap_multiplier: 8}}}\n")
    assert mahjong_core.load_ruleset(path).value_params["cap_multiplier"] == 8


# 123m 456m 789m 11z + [111s]: 1z wins (self-drawn) in `guangdong`, which turns 4 horses per win
WIN = {"type": "win", "seat": 1, "situation": {"hand": "123m456m789m1z", "win_tile": "1z",
                                                "melds": [{"type": "pung", "tiles": "111s", "from": "left"}]}}


def test_fewer_horses_than_the_rule_turns_is_refused():
    rules = mahjong_core.load_ruleset("guangdong")
    record = {"seats": 4, "dealer": 0, "events": [WIN, {"type": "horses", "tiles": "2m6p"}]}
    with pytest.raises(SettlementError) as caught:
        rules.settle(record)
    assert caught.value.message == ("events[1] (horses): field 'tiles': 2 horse tiles listed for seat 1, but this "
                                    "win turns 4 (options.horses and its rules): list every horse turned")
    # four listed: seat 1 is the dealer's next seat, hit by 2/6 and 南/发; 2m and 6p hit, 3s and 4s do not
    settled = rules.settle(dict(record, events=[WIN, {"type": "horses", "tiles": "2m6p3s4s"}]))
    assert sum(settled.deltas) == 0 and "horses: 2 hits" in " ".join(p.reason for p in settled.payments)
