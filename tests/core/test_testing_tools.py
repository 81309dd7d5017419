"""mahjong_core.testing: the golden-case runner (passing cases pass, each kind of mismatch is
named with the case's file:line, a malformed case file is refused) and the seeded generators
(legal for the ruleset's table, reproducible, winning or ready)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import mahjong_core
from mahjong_core.engine import tiles as T
from mahjong_core.testing import (CaseFileError, check_cases, load_cases, random_situation, ready_hands,
                                  situations)

from testpaths import DATA

MINI = str(DATA / "mini.yaml")

GOOD = f"""\
ruleset: {MINI}
cases:
- id: plain
  situation: {{hand: 123m456p789s777m5m, win_tile: 5m}}
  total: 1
  fans: {{plain_win: 1}}
- id: self-drawn
  situation: {{hand: 123m456p789s777m5m, win_tile: 5m, self_drawn: true}}
  total: 1
  fans: {{self_drawn: 1}}
- id: no-win
  situation: {{hand: 123m456p789s777m5m, win_tile: 9p}}
  error: not_winning
  match: not a winning hand
"""


def _write(tmp_path, text: str, name: str = "cases.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _failure(tmp_path, case_text: str) -> str:
    path = _write(tmp_path, f"ruleset: {MINI}\ncases:\n{case_text}")
    (case,) = load_cases(path)
    with pytest.raises(AssertionError) as info:
        case.check()
    return str(info.value)


def test_passing_cases_pass(tmp_path):
    assert check_cases(_write(tmp_path, GOOD)) == 3
    cases = load_cases(_write(tmp_path, GOOD))
    assert [c.id for c in cases] == ["plain", "self-drawn", "no-win"]
    assert [c.where.rsplit(":", 1)[1] for c in cases] == ["3", "7", "11"]


def test_a_wrong_total_and_fans_are_named_with_the_reading(tmp_path):
    message = _failure(tmp_path, "- id: wrong\n  situation: {hand: 123m456p789s777m5m, win_tile: 5m}\n"
                                 "  total: 2\n  fans: {plain_win: 1, self_drawn: 1}\n")
    assert "cases.yaml:3: case 'wrong' under ruleset 'mini'" in message
    assert "total: got 1, expected 2" in message
    assert "expected but not got: {self_drawn: 1}; got but not expected: {}" in message
    assert "reading: 123m 456p 789s 777m 55m (standard)" in message


def test_an_expected_error_that_does_not_come_is_named(tmp_path):
    message = _failure(tmp_path, "- id: e\n  situation: {hand: 123m456p789s777m5m, win_tile: 5m}\n"
                                 "  error: not_winning\n")
    assert "expected error 'not_winning', got a result: total 1" in message


def test_an_unexpected_error_is_named_with_its_code_and_message(tmp_path):
    message = _failure(tmp_path, "- id: e\n  situation: {hand: 123m456p789s777m5m, win_tile: 9p}\n  total: 1\n")
    assert "expected a result, got error [not_winning]: not a winning hand" in message


def test_a_wrong_error_code_or_message(tmp_path):
    message = _failure(tmp_path, "- id: e\n  situation: {hand: 123m456p789s777m5m, win_tile: 9p}\n"
                                 "  error: invalid_tile\n  match: no such words\n")
    assert "error: got [not_winning]" in message and "expected [invalid_tile]" in message
    assert "does not contain 'no such words'" in message


def test_below_minimum_checks_the_refused_result(tmp_path):
    strict = _write(tmp_path, f"extends: {MINI}\nscoring: {{minimum: 3}}\n", "strict.yaml")
    path = _write(tmp_path, "ruleset: strict.yaml\ncases:\n"
                            "- id: short\n  situation: {hand: 123m456p789s777m5m, win_tile: 5m}\n"
                            "  error: below_minimum\n  total: 1\n  fans: {plain_win: 1}\n"
                            "- id: short-wrong\n  situation: {hand: 123m456p789s777m5m, win_tile: 5m}\n"
                            "  error: below_minimum\n  total: 2\n")
    assert strict.exists()
    ok, wrong = load_cases(path)
    ok.check()
    with pytest.raises(AssertionError, match="total: got 1, expected 2"):
        wrong.check()


def test_records_check_deltas_and_the_payment_keys_given(tmp_path):
    record = {"seats": 4, "dealer": 0, "events": [
        {"type": "win", "seat": 1, "from": 2, "situation": {"hand": "123456789m123p5s", "win_tile": "5s"}}]}
    cases = [
        {"id": "ok", "record": record, "deltas": [-8, 46, -30, -8],
         "payments": [{"from": 0, "to": 1, "amount": 8}, {"from": 2, "to": 1, "amount": 30},
                      {"from": 3, "to": 1}]},
        {"id": "bad", "record": record, "deltas": [-8, 47, -31, -8]},
    ]
    path = _write(tmp_path, json.dumps({"ruleset": "guobiao", "cases": cases}), "cases.json")
    ok, bad = load_cases(path)
    ok.check()
    with pytest.raises(AssertionError) as info:
        bad.check()
    assert "cases.json (case #2): case 'bad'" in str(info.value)
    assert "deltas: got [-8, 46, -30, -8], expected [-8, 47, -31, -8]" in str(info.value)


def test_check_cases_lists_every_failing_case(tmp_path):
    text = GOOD.replace("total: 1\n  fans: {plain_win: 1}", "total: 5").replace("fans: {self_drawn: 1}", "fans: {}")
    with pytest.raises(AssertionError) as info:
        check_cases(_write(tmp_path, text))
    message = str(info.value)
    assert message.startswith("2 of 3 golden cases failed")
    assert "case 'plain'" in message and "case 'self-drawn'" in message


@pytest.mark.parametrize("text, words", [
    ("- id: a\n  situaton: {hand: 1m}\n  total: 1\n", ["cases.yaml:3", "unknown case key 'situaton'",
                                                       "did you mean 'situation'"]),
    ("- id: a\n  total: 1\n", ["needs exactly one of 'situation' and 'record'"]),
    ("- id: a\n  situation: {hand: 1m}\n", ["expects nothing"]),
    ("- id: a\n  situation: {hand: 1m}\n  deltas: [0]\n", ["'deltas' is not expected of a situation"]),
    ("- id: a\n  record: {seats: 4}\n  total: 1\n", ["'total' is not expected of a record"]),
    ("- situation: {hand: 1m}\n  total: 1\n", ["needs an 'id'"]),
    ("- id: a\n  situation: {hand: 1m}\n  total: 1\n- id: a\n  situation: {hand: 1m}\n  total: 1\n",
     ["cases.yaml:6: duplicate case id 'a' (first at", "cases.yaml:3"]),
])
def test_malformed_case_files_are_refused_with_file_and_line(tmp_path, text, words):
    with pytest.raises(CaseFileError) as info:
        load_cases(_write(tmp_path, f"ruleset: {MINI}\ncases:\n{text}"))
    for w in words:
        assert w in str(info.value)


def test_a_json_file_that_is_not_json_is_refused_with_its_line(tmp_path):
    with pytest.raises(CaseFileError, match=r"cases.json:2: invalid JSON"):
        load_cases(_write(tmp_path, '[\n{"id": }]', "cases.json"))


def test_a_case_without_a_ruleset_says_how_to_give_one(tmp_path):
    (case,) = load_cases(_write(tmp_path, "- id: a\n  situation: {hand: 1m}\n  total: 1\n"))
    with pytest.raises(AssertionError, match="names no ruleset"):
        case.check()
    (case,) = load_cases(_write(tmp_path, "- id: a\n  situation: {hand: 123m456p789s777m5m, win_tile: 5m}\n"
                                          "  total: 1\n"), ruleset=MINI)
    case.check()


# ---------------------------------------------------------------- generators

@pytest.mark.parametrize("name", ["guobiao", "popular", "sichuan", str(DATA / "mini-16.yaml"),
                                  str(DATA / "mini-108.yaml")])
def test_generated_situations_win_under_the_ruleset(name):
    rules = mahjong_core.load_ruleset(name)
    sits = situations(rules, seed=7, n=60)
    for sit in sits:
        result = rules.score(sit, enforce_minimum=False)
        assert result.decomposition.shape == "standard"
        standing = len(T.parse_tiles(sit["hand"]))
        assert standing + 3 * len(sit["melds"]) == rules.table.hand_size
        held = set(T.parse_tiles(sit["hand"])) | set(T.parse_tiles(sit["win_tile"]))
        assert held <= rules.table.kinds
    assert len({json.dumps(s, sort_keys=True) for s in sits}) > 50


def test_a_table_without_chow_melds_gets_none_and_its_void_suit_is_kept():
    rules = mahjong_core.load_ruleset("sichuan")
    assert not rules.table.chows and rules.table.void_suit
    melds = 0
    for sit in situations(rules, seed=3, n=100):
        assert all(m["type"] != "chow" for m in sit["melds"])
        tiles = list(T.parse_tiles(sit["hand"])) + [t for m in sit["melds"] for t in T.parse_tiles(m["tiles"])]
        assert all(T.SUITS[t // 9] != sit["void_suit"] for t in tiles)
        melds += len(sit["melds"])
    assert melds > 50


def test_the_same_seed_gives_the_same_hands():
    rules = mahjong_core.load_ruleset("guobiao")
    assert situations(rules, 11, 20) == situations(rules, 11, 20)
    assert situations(rules, 11, 20) != situations(rules, 12, 20)
    assert ready_hands(rules, 11, 20) == ready_hands(rules, 11, 20)
    assert all(len(s["melds"]) == 2 for s in situations(rules, 5, 20, melds=2))


def test_ready_hands_are_ready():
    rules = mahjong_core.load_ruleset("guobiao")
    for hand in ready_hands(rules, seed=4, n=50):
        assert set(hand) <= {"hand", "melds"}
        assert rules.waits(hand).ready, hand


def test_a_ruleset_without_the_standard_shape_is_refused(tmp_path):
    path = _write(tmp_path, f"extends: {MINI}\nshapes: {{standard: {{enabled: false}}}}\n", "pairs.yaml")
    rules = mahjong_core.load_ruleset(str(path))
    import random
    with pytest.raises(ValueError, match="has no standard shape"):
        random_situation(rules, random.Random(1))
