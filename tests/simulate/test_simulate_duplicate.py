"""Duplicate play: every player holds every hand of a wall across the four seatings, a seating
that repeats another's bots is the same hand, and the walls are the table's own."""
from __future__ import annotations

import pytest

from mahjong_core import load_ruleset
from mahjong_core.engine.table.duplicate import play_wall, player_at


@pytest.fixture(scope="module")
def guobiao():
    return load_ruleset("guobiao")


def test_each_player_sits_at_each_seat_once():
    assert [[player_at(s, r, 4) for s in range(4)] for r in range(4)] == \
        [[0, 1, 2, 3], [3, 0, 1, 2], [2, 3, 0, 1], [1, 2, 3, 0]]


def test_the_wall_is_the_tables_own_with_the_dealer_at_seat_0(guobiao):
    plays = play_wall(guobiao, ["random"] * 4, 3, 6, check=False)
    assert [p.seating for p in plays] == [0, 1, 2, 3]
    for p in plays:
        assert p.record["play"]["wall"] == {"algorithm": "sha256-fisher-yates/1", "seed": 3, "hand": 6}
        assert p.record["dealer"] == 0 and p.record["round_wind"] == "W"


def test_random_players_differ_by_seating_and_greedy_ones_repeat(guobiao):
    random = play_wall(guobiao, ["random"] * 4, 1, 0, check=False)
    assert len({tuple(map(str, p.record["play"]["actions"])) for p in random}) > 1
    greedy = play_wall(guobiao, ["greedy"] * 4, 1, 0, check=False)
    assert all(p.record is greedy[0].record for p in greedy)         # played once, given four times
    mixed = play_wall(guobiao, ["greedy", "greedy", "greedy", "random"], 1, 0, check=False)
    assert len({id(p.record) for p in mixed}) == 4


def test_wins_are_scored_as_the_record_says(guobiao):
    for p in play_wall(guobiao, ["greedy"] * 4, 2, 1, seatings=1):
        events = [e for e in p.record["events"] if e["type"] == "win"]
        assert len(p.wins) == len(events)
        for e, result in zip(events, p.wins):
            assert result.total == guobiao.score(e["situation"]).total >= 8
