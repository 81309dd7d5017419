"""Analysis of a ruleset whose wilds are fixed (莲花's 白板): notation alone still counts them as wild."""
from __future__ import annotations

import mahjong_core


def _fixed_white(tmp_path):
    path = tmp_path / "fixed-white.yaml"
    path.write_text("extends: popular\ntable:\n  wilds: {fixed: \"5z\"}\n", encoding="utf-8")
    return mahjong_core.load_ruleset(str(path))


def test_plain_notation_counts_the_fixed_wilds(tmp_path):
    rules = _fixed_white(tmp_path)
    hand = "123m456p789s11z55z"          # the two 白 are wild: 123m 456p 789s 11z + two wilds
    assert rules.shanten(hand) == rules.shanten({"hand": hand, "wilds": "5z"})
    assert rules.shanten(hand) == 0


def test_plain_notation_on_a_14_tile_hand_with_a_fixed_wild(tmp_path):
    rules = _fixed_white(tmp_path)
    hand = "123m456p789s11z5z9m"          # discard 9m: 123m 456p 789s 11z 5z, a wild single wait
    assert rules.shanten(hand) == rules.shanten({"hand": hand, "wilds": "5z"}) == 0
