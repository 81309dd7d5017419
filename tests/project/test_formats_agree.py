"""docs/formats.md agrees with the engine: every error it shows is one of its checked examples
(tests/project/test_docs.py runs them against the real message), and what it says of several winners is
what each settlement does."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import mahjong_core
from docs_kit import EXAMPLE as _EXAMPLE, FORMATS, text as _text

WIN = {"type": "win", "seat": 1, "from": 2, "situation": {
    "hand": "123456789m9m", "win_tile": "9m", "melds": [{"type": "pung", "tiles": "111z", "from": "left"}]}}
SECOND = {"type": "win", "seat": 3, "from": 2, "situation": {"hand": "123p456s789s3344z", "win_tile": "3z"}}


def _blocks(text: str):
    """(start offset, body) of every fenced block."""
    for m in re.finditer(r"^```[a-z]*\n(.*?)^```", text, re.M | re.S):
        yield m.start(), m.group(1)


def test_every_error_shown_is_a_checked_example():
    text = _text(FORMATS)
    spans = [m.span() for m in _EXAMPLE.finditer(text)]
    shown = [(at, body) for at, body in _blocks(text) if '"ok": false' in body or body.startswith("error [")]
    assert len(shown) >= 4
    for at, body in shown:
        assert any(a <= at < b for a, b in spans), \
            f"docs/formats.md line {text.count(chr(10), 0, at) + 1}: an error shown outside an example: {body[:80]}"


def _win_row(heading: str) -> str:
    text = _text(FORMATS)
    section = text[text.index(f"### {heading}\n"):]
    section = section[:section.index("\n### ", 4)]
    return next(line for line in section.splitlines() if line.startswith("| `win` |"))


@pytest.mark.parametrize("ruleset, heading", [("guobiao", "Settlement `guobiao`"),
                                              ("popular", "Settlements `popular.competition` and `popular.site`")])
def test_one_winner_settlements_say_so(ruleset, heading):
    row = _win_row(heading)
    assert "several" not in row.lower() and "each paid" not in row, row
    with pytest.raises(mahjong_core.MahjongError, match="one win per hand"):
        mahjong_core.load_ruleset(ruleset).settle({"seats": 4, "dealer": 0, "events": [WIN, SECOND]})
    assert "One `win` per record" in _win_row("Settlement `guobiao`")


def test_sichuan_pays_several_winners_as_documented():
    assert "several winners" in _win_row("Settlement `sichuan_blood_battle`")
    rules = mahjong_core.load_ruleset("sichuan")
    # two players win on seat 2's discard of 5m: 一炮多响
    first = {"type": "win", "seat": 1, "from": 2, "situation": {"hand": "1112223334445m", "win_tile": "5m"}}
    second = {"type": "win", "seat": 3, "from": 2, "situation": {"hand": "789m34m678s999s22s", "win_tile": "5m"}}
    settled = rules.settle({"seats": 4, "dealer": 0, "events": [
        {"type": "void", "seat": s, "suit": "p"} for s in range(4)] + [first, second]})
    assert settled.deltas[2] < 0 and settled.deltas[1] > 0 and settled.deltas[3] > 0
