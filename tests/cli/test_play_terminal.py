"""``mahjong play`` with a person at seat 0: the table drawn in the terminal, the choices read from
lines of input, the hint, leaving, and the records those hands write."""
from __future__ import annotations

import io
import json

import pytest

from mahjong_core.frontends import play
from mahjong_core.frontends.cli import main


def _cli(*argv, lines=""):
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err, inp=io.StringIO(lines))
    return code, out.getvalue(), err.getvalue()


def test_a_person_plays_a_whole_hand_with_enter_and_its_record_settles_to_the_money_shown(tmp_path):
    path = tmp_path / "hand.json"
    # Enter passes every claim and lets every drawn tile go: the hand always ends (a win or the wall)
    code, out, err = _cli("play", "--bots", "human", "--seed", "3", "--record", str(path), lines="\n" * 400)
    assert code == 0, err
    assert "your hand" in out and "🀇" in out and "=== hand over ===" in out
    shown = [int(x) for x in out.split("result    ")[1].split("\n")[0].replace("seat ", "").split()[1::2]]
    code, settled, err = _cli("settle", str(path), "--json")
    assert code == 0, err
    assert json.loads(settled)["deltas"] == shown
    assert sum(shown) == 0


def test_the_person_is_the_seat_named_human_and_the_others_are_the_bots_named(tmp_path):
    code, out, _ = _cli("play", "--bots", "greedy,random,human,greedy", "--seed", "3", lines="\n" * 400)
    assert code == 0
    assert "you play seat 2" in out and "bots greedy, random, human, greedy" in out


def test_the_hint_shows_the_best_discards_with_their_useful_tiles():
    code, out, _ = _cli("play", "--bots", "human", "--seed", "3", lines="h\nq\n")
    assert code == 0
    hint = out.split("hint: shanten ")[1]
    assert hint.split("\n")[1].lstrip().startswith("discard ")
    assert "useful tiles left" in hint


def test_a_numbered_choice_and_a_typed_tile_are_taken():
    # seed 3: the dealer's first turn offers no kong or win, so a typed tile discards
    code, out, _ = _cli("play", "--bots", "human", "--seed", "3", lines="6s\nq\n")
    assert code == 0
    first_pool = out.split("— wall")[2].split("discards: ")[1].split("\n")[0]
    assert first_pool.split()[0] == "6s"


@pytest.mark.parametrize("answer, says", [
    ("zz", "'zz' is no choice here: answer a tile to discard, Enter, h for a hint or q to quit"),
    ("9p", "you cannot discard 9p now; you may discard 1m 2m 3m 5m 3p 5p 7p 6s 4z 5z 6z"),
    ("7", "'7' is no choice here"),
])
def test_an_answer_that_is_no_choice_is_explained_and_asked_again(answer, says):
    code, out, _ = _cli("play", "--bots", "human", "--seed", "3", lines=f"{answer}\nq\n")
    assert code == 0
    assert says in out
    assert out.count("h: hint   q: quit") == 1          # asked again, not a new turn


@pytest.mark.parametrize("lines", ["q\n", ""])
def test_q_or_the_end_of_input_leaves_and_no_record_is_written(tmp_path, lines):
    path = tmp_path / "hand.json"
    code, out, _ = _cli("play", "--bots", "human", "--record", str(path), lines=lines)
    assert code == 0
    assert "you left the game after 0 finished hand(s)" in out
    assert not path.exists()


def test_leaving_keeps_the_hands_already_finished(tmp_path):
    path = tmp_path / "hands.jsonl"
    _, one, _ = _cli("play", "--bots", "human", "--seed", "3", lines="\n" * 400)
    asked = one.count("h: hint   q: quit")          # the answers the first hand takes
    # the same first hand (same seed, same answers), then q at the second hand's first question
    code, out, _ = _cli("play", "--bots", "human", "--seed", "3", "--hands", "3", "--record", str(path),
                        lines="\n" * asked + "q\n")
    assert code == 0
    assert out.count("=== hand over ===") == 1 and "after 1 finished hand(s)" in out
    assert len(path.read_text().splitlines()) == 1
    assert "hand 0 " in out and "hand 1 " not in out


def test_json_is_refused_with_a_person_at_the_table():
    code, out, _ = _cli("play", "--bots", "human", "--json")
    assert code != 0 and "--json is for bots' games" in json.loads(out)["error"]["message"]


def test_two_people_are_refused():
    code, _, err = _cli("play", "--bots", "human,human,greedy,greedy")
    assert code != 0 and "one seat at most may be human" in err


class _Terminal(io.StringIO):
    def isatty(self):
        return True


def test_without_bots_a_terminal_gets_a_seat_and_a_script_gets_four_greedy_bots(monkeypatch):
    args = play.add_parser(__import__("argparse").ArgumentParser().add_subparsers()).parse_args([])
    monkeypatch.setattr("sys.stdout", _Terminal())
    assert play._bots(args, _Terminal()) == ("human", "greedy", "greedy", "greedy")
    assert play._bots(args, io.StringIO()) == ("greedy",) * 4          # input from a pipe
    args.json = True
    assert play._bots(args, _Terminal()) == ("greedy",) * 4


@pytest.mark.parametrize("name, shown", [("sichuan-xueliu", True), ("sichuan", False)])
def test_money_paid_as_the_hand_goes_is_shown_where_settle_timing_is_immediate(name, shown):
    # 换三张 and 定缺 take the first choice, then Enter lets every drawn tile go
    code, out, err = _cli("play", "--ruleset", name, "--bots", "human", "--seed", "1", lines="1\n1\n" + "\n" * 600)
    assert code == 0, err
    lines = [line for line in out.splitlines() if "paid so far" in line]
    assert bool(lines) is shown
    if shown:
        assert lines[0].strip() == "paid so far: you +0   seat 1 +0   seat 2 +0   seat 3 +0"
        assert any(line != lines[0] for line in lines)          # a win or kong was paid mid-hand
