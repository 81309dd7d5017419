"""Messages and help read as English: counts agree with their nouns, a two-tile meld is not called a
pung, the minimum's message names the fans that do not count instead of always naming flowers,
every ``--json`` says what it prints, ``--help`` states the defaults, and the example plugin's
demo hand shows its own fan."""
from __future__ import annotations

import re
import shlex

import pytest

from harness import run_cli
from testpaths import MINI, ROOT
from mahjong_core.frontends.cli import build_parser
from mahjong_core.engine.errors import plural



def test_plural():
    assert [plural(n, "point") for n in (0, 1, 2)] == ["0 points", "1 point", "2 points"]


def test_one_meld_and_one_point_are_singular(tmp_path):
    rc, _, err = run_cli(["score", "--ruleset", "sichuan", "[111s]234567m99p 9p"])
    assert err == ("error [wrong_tile_count]: wrong tile count: 8 standing tiles + 1 meld make 11, this ruleset "
                   "needs 13 before the winning tile (standing tiles = 13 − 3 × melds)\n")
    overlay = tmp_path / "two.yaml"
    overlay.write_text(f"extends: {MINI}\nscoring: {{minimum: 2}}\n", encoding="utf-8")
    # mini: a plain standard hand scores only 平胡 (1 point); the minimum here is 2
    rc, _, err = run_cli(["score", "--ruleset", overlay, "123m456p789s11z22m 2m"])
    assert err == "error [below_minimum]: 1 point, below the minimum of 2 for ruleset 'two'\n"


def test_the_minimum_names_the_fans_that_do_not_count():
    # Guobiao: 门前清 2 + 平和 2 + 单钓将 1 = 5, and two flowers (2, not counted toward the 8)
    rc, _, err = run_cli(["score", "234m345p567s678m9s", "9s", "--flowers", "2"])
    assert err == ("error [below_minimum]: 5 points, below the minimum of 8 for ruleset 'guobiao' "
                   "(not counted toward it: 花牌 Flower Tiles 2)\n")
    # Guangdong has no flowers: its discard minimum says nothing of them
    rc, _, err = run_cli(["score", "--ruleset", "guangdong", "[111z,1]123m456m789m5m 5m"])
    assert rc == 2 and "below the minimum" in err and "flower" not in err.lower()


def test_a_two_tile_meld_is_not_called_a_pung():
    rc, _, err = run_cli(["score", "[12m]123456789p11z2z 2z"])
    assert err == "error [invalid_meld]: meld [12m]: a meld has 3 tiles (a chow or a pung) or 4 (a kong), got 2 (12m)\n"


def _actions():
    parser = build_parser()
    for name, sub in parser.commands.items():
        for action in sub._actions:
            yield name, action


@pytest.mark.parametrize("command", sorted(build_parser().commands))
def test_every_option_has_help(command):
    for name, action in _actions():
        if name == command and action.option_strings:
            assert action.help, f"mahjong {name} {action.option_strings[0]} has no help text"


def test_help_states_the_defaults():
    for command in ("score", "waits", "analyze"):
        text = " ".join(build_parser().commands[command].format_help().split())
        assert "(default: guobiao)" in text, command
        assert "seat wind E/S/W/N (default: E)" in text and "round (prevalent) wind E/S/W/N (default: E)" in text


def test_the_example_plugins_demo_hand_shows_its_fan():
    readme = (ROOT / "examples" / "mahjong-258" / "README.md").read_text(encoding="utf-8")
    line = next(line for line in readme.splitlines() if line.startswith("mahjong score"))
    argv = shlex.split(line.split("#")[0])[1:]
    rc, out, _ = run_cli(argv)
    assert rc == 0 and re.search(r"^  二五八将\tPair of 2, 5 or 8 +1$", out, re.M), out
