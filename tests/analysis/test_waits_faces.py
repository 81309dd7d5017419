"""A waits table says why a tile cannot win in words ("wild: no discard win", "void suit"), with
the error's message once below it, never a bare error code; and ``mahjong waits`` opens with the
ruleset and hand lines ``mahjong score`` prints."""
from __future__ import annotations

import json

import mahjong_core
from harness import run_cli


def test_a_wild_that_cannot_be_won_on_a_discard_says_so():
    # popular, wild 5m: 123456789m 1235p waits on 5p (pair 55p) and on the wild 5m; a discarded
    # wild cannot be claimed (popular's win_on_discarded_wild: false), so 5m wins by self-draw only
    rc, out, err = run_cli(["waits", "--ruleset", "popular", "--wilds", "5m", "123456789m1235p"])
    assert (rc, err) == (0, "")
    rules = mahjong_core.load_ruleset("popular")
    lines = out.splitlines()
    assert lines[0] == f"ruleset   popular: {rules.title} [fingerprint {rules.fingerprint}]"
    assert lines[1] == "hand      123456789m1235p  wilds 5m"
    row = next(line for line in lines if line.startswith("5m "))
    assert row.split("  ")[0:1] == ["5m"] and "wild: no discard win" in row
    assert "invalid_situation" not in out
    assert "wild: no discard win: win_tile 5m is wild: a discarded wild cannot be claimed, not even to win " \
           "(table.wilds.win_on_discard: option win_on_discarded_wild)" in lines


def test_a_void_suit_hand_says_void_suit():
    # sichuan, void p, yet 99p is held: no wait can win while a void-suit tile is in the hand
    rc, out, _ = run_cli(["waits", "--ruleset", "sichuan", "--void", "p", "11123456789m99p"])
    lines = out.splitlines()
    assert rc == 0 and lines[1] == "hand      11123456789m99p  void suit p"
    rows = lines[lines.index(next(line for line in lines if line.startswith("tile"))) + 1:][:4]
    assert [row.split()[0] for row in rows] == ["1m", "4m", "7m", "9p"]
    assert all(row.split()[1:] == ["void", "suit", "void", "suit"] for row in rows)
    assert "not_winning" not in out


def test_the_json_cell_keeps_its_code_and_adds_the_message_and_words():
    rc, out, _ = run_cli(["waits", "--ruleset", "sichuan", "--void", "p", "11123456789m99p", "--json"])
    cell = json.loads(out)["waits"][0]["discard"]
    assert cell == {"error": "not_winning", "reason": "void suit",
                    "message": "not a winning hand: it holds 9p of its void suit dots (p) (定缺); a hand cannot "
                               "win while it holds a void-suit tile"}
