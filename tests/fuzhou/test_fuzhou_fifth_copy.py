"""Fuzhou's 金雀 / 金龙 readings (plugins/mahjong_fuzhou/specials.py) follow ``table.wilds.fifth_copy``
as core's shape search does: a gold stands for a kind only while a copy of it is left, unless
the table lets a wild be a fifth copy."""
from __future__ import annotations

from types import SimpleNamespace

import mahjong_core
from mahjong_core.engine import tiles as T
from mahjong_core.engine.hand import parse_situation

from mahjong_fuzhou.golds import ANY_COPIES, fits, room
from mahjong_fuzhou.specials import fifth_copy


def test_room_counts_the_natural_copies_unless_a_fifth_copy_is_allowed():
    rules = mahjong_core.load_ruleset("fuzhou")
    s = parse_situation({"hand": "1111p23p456p789s11s22s", "win_tile": "2s", "self_drawn": True,
                         "melds": [], "wilds": "5m"}, rules.table)
    counts = [0] * T.NUM_KINDS
    for t in s.hand + (s.win_tile,):
        counts[t] += 1
    one_p = T.tile("1p")
    assert room(s, tuple(counts))[one_p] == 0                     # four 1p held: no gold may be a fifth
    assert room(s, tuple(counts), True)[one_p] == ANY_COPIES
    # 11p and a gold make 111p only when the gold may be a third 1p beside the other two held
    two = [0] * T.NUM_KINDS
    two[one_p] = 2
    free = tuple(0 if t == one_p else 4 for t in range(T.NUM_KINDS))
    assert not fits(tuple(two), 1, 1, False, free)
    assert fits(tuple(two), 1, 1, False, room(s, tuple(two), True))


def test_the_specials_read_the_switch_from_the_ruleset(tmp_path):
    path = tmp_path / "club.yaml"
    path.write_text("extends: fuzhou\ntable: {wilds: {fifth_copy: true}}\n", encoding="utf-8")
    club = mahjong_core.load_ruleset(path)
    assert fifth_copy(SimpleNamespace(ruleset=club)) is True
    assert fifth_copy(SimpleNamespace(ruleset=mahjong_core.load_ruleset("fuzhou"))) is False
    assert fifth_copy(SimpleNamespace(ruleset=SimpleNamespace(options={}))) is False
