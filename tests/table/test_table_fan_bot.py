"""The fans bot (docs/table.md "Bots"): it takes only legal actions and plays whole seeded hands
whose records settle through ``mahjong settle``, in Guobiao and in other families; in a scripted
Guobiao turn it keeps the line whose waits reach the 8-point minimum where the greedy bot keeps the
faster one that cannot win; and on fixed walls it earns more per hand than the greedy bots."""
from __future__ import annotations

import json

import pytest

import mahjong_core
from mahjong_core.engine import tiles as T
from mahjong_core.engine.table import actions as A
from mahjong_core.engine.table.bots import GreedyBot
from mahjong_core.engine.table.fanbot import FanBot
from mahjong_core.engine.table.match import play_series
from mahjong_core.engine.table.observe import Observation, SeatView
from mahjong_core.engine.table.roster import BOTS, make_bot

from harness import run_cli
from table_play_helpers import guobiao


class Checked:
    """A bot whose every action must be one of the legal ones offered."""

    def __init__(self, bot):
        self.bot, self.acted = bot, 0

    def act(self, observation, legal):
        action = self.bot.act(observation, legal)
        assert action in legal, (action, legal)
        self.acted += 1
        return action


def test_the_fans_bot_is_named_beside_the_others():
    assert BOTS == ("random", "greedy", "fans")
    assert isinstance(make_bot("fans", guobiao(), 1, 0, 2), FanBot)


@pytest.mark.parametrize("name", ["guobiao", "sichuan", "guangdong", "fuzhou"])
def test_seeded_hands_with_fans_bots_are_legal_and_settle_through_mahjong_settle(name, tmp_path):
    rules = mahjong_core.load_ruleset(name)
    bots = ("fans", "greedy", "fans", "random")
    players = {}
    for seat in (0, 2):
        players[seat] = Checked(make_bot("fans", rules, 5, 0, seat))
    results = list(play_series(rules, bots, 5, 3, players=players))  # invariants checked after every action
    assert all(p.acted for p in players.values())
    for r in results:
        path = tmp_path / f"{name}-{r.hand}.json"
        path.write_text(json.dumps(r.record), encoding="utf-8")
        rc, out, err = run_cli(["settle", path, "--json"])
        assert rc == 0, err
        assert json.loads(out)["deltas"] == list(r.deltas)
    again = [json.dumps(r.record) for r in play_series(rules, bots, 5, 3)]
    assert again == [json.dumps(r.record) for r in results]       # a fans bot replays exactly


def _turn(hand: str, pools: dict[int, str], seat: int = 3) -> tuple[Observation, tuple]:
    """Seat ``seat``'s turn (no melds, dealer seat 0, East round) holding ``hand``, the last tile
    drawn; ``pools``: the tiles in front of the other seats."""
    tiles = T.parse_tiles(hand)
    seats = tuple(SeatView(s, 14 if s == seat else 13, (), T.parse_tiles(pools.get(s, "")), ())
                  for s in range(4))
    obs = Observation(seat, tuple(sorted(tiles)), tiles[-1], seats, 0, 0, 60, "turn", seat, None)
    return obs, tuple(A.Action(A.DISCARD, seat, t) for t in sorted(set(tiles)))


def test_the_fans_bot_keeps_the_line_that_reaches_eight_points_where_greedy_keeps_the_faster_one():
    # Seat 3 (North; East round), concealed: 123m 345m 78m 34p 22z 33z, one tile from ready either
    # way; three 6m and two 9m are discarded already. Letting 3p or 4p go keeps 78m: its useful
    # draws are 6m 9m (1 + 2 copies left) and 2z 3z (2 + 2), 7 in all. Letting 7m or 8m go keeps
    # 34p: 2p 5p (4 + 4) and 2z 3z, 12 — the greedy bot's choice (letting 2z go keeps both
    # chow-waits, 11). But every ready hand of the pin line is worth at most
    # 门前清 2 + 喜相逢 1 + 幺九刻 1 + 缺一门 1 = 5 on a discard (123m 345m 345p 22z 33z on 2z) and
    # 不求人 4 + 喜相逢 1 + 幺九刻 1 + 缺一门 1 = 7 self-drawn: below the 8-point minimum, it can
    # never win. The man line's ready hands are 混一色: 123m 345m 678m 22z 33z on 2z is
    # 混一色 6 + 门前清 2 + 连六 1 + 幺九刻 1 = 10 (12 self-drawn, 不求人 4 for 门前清 2), with
    # 789m 老少副 1 for 连六 1: the fans bot lets a pin tile go.
    obs, legal = _turn("12334578m34p2233z", {0: "666m", 1: "99m"})
    rules = guobiao()
    greedy, fans = GreedyBot(rules).act(obs, legal), FanBot(rules).act(obs, legal)
    assert greedy.kind == fans.kind == A.DISCARD
    assert T.name(greedy.tile) in ("7m", "8m")
    assert T.name(fans.tile) in ("3p", "4p")
    wind = {"seat_wind": "N", "round_wind": "E"}
    for hand in ("123m345m345p2233z", "123m345m234p2233z"):
        for self_drawn in (False, True):
            slow = rules.score(dict(wind, hand=hand, win_tile="2z", self_drawn=self_drawn), enforce_minimum=False)
            assert slow.value <= 7 and slow.minimum_points < 8
    kept = rules.score(dict(wind, hand="123m345m678m2233z", win_tile="2z"))
    assert kept.value == 10 and {f.id for f in kept.fans} >= {"half_flush", "concealed_hand"}


def test_the_fans_bot_passes_a_claim_that_leaves_only_waits_below_the_minimum():
    # Seat 3 (North; East round), concealed 123m 456m 34p 8m 22z 33z, may pung 2z from seat 2:
    # after it and letting 8m go it waits on 2p 5p with 123m 456m 345p [222z] 33z — 连六 1 + 幺九刻 1
    # + 缺一门 1 = 3 (with 自摸 1, 4): below 8 either way, so the fans bot passes; the greedy bot,
    # one tile closer, pungs.
    tiles = T.parse_tiles("123456m8m34p2233z")
    seats = tuple(SeatView(s, 13, (), (T.parse_tiles("2z") if s == 2 else ()), ()) for s in range(4))
    obs = Observation(3, tuple(sorted(tiles)), None, seats, 0, 0, 60, "claim", 2, T.parse_tiles("2z")[0])
    legal = (A.Action(A.PUNG, 3), A.Action(A.PASS, 3))
    assert GreedyBot(guobiao()).act(obs, legal).kind == A.PUNG
    assert FanBot(guobiao()).act(obs, legal).kind == A.PASS


@pytest.mark.slow
def test_on_fixed_walls_the_fans_bot_earns_more_per_hand_than_greedy_bots():
    # duplicate play: each wall under four seatings, so every player holds every hand
    rc, out, err = run_cli(["simulate", "--ruleset", "guobiao", "--bots", "fans,greedy,greedy,greedy",
                            "--hands", "60", "--seed", "7", "--json"])
    assert rc == 0, err
    money = [p["money_per_hand"] for p in json.loads(out)["rulesets"][0]["players"]]
    assert money[0] > 0 and all(money[0] > m + 3 for m in money[1:]), money


def test_the_front_ends_name_the_fans_bot():
    from mahjong_core.frontends import cli
    for command in ("play", "simulate"):
        assert "random, greedy, fans" in " ".join(cli.build_parser(command).commands[command].format_help().split())
    rc, out, err = run_cli(["simulate", "--ruleset", "guobiao", "--bots", "fanz"])
    assert rc != 0 and "random, greedy, fans" in err and "(did you mean 'fans'?)" in err
    rc, out, err = run_cli(["simulate", "--ruleset", "guobiao", "--bots", "human"])
    assert rc != 0 and "a simulation plays bots only" in err and "of: random, greedy, fans (got 'human')" in err
    rc, out, err = run_cli(["play", "--bots", "greedy,gredy,fans,greedy", "--seed", "3"])
    assert rc != 0 and "(got 'greedy,gredy,fans,greedy') (did you mean 'greedy'?)" in err
    rc, out, err = run_cli(["play", "--bots", "fans,greedy,fans,random", "--seed", "3", "--json"])
    assert rc == 0, err
    assert json.loads(out)["ok"] is True
