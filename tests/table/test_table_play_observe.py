"""A seat's observation holds what that seat may see, never another seat's concealed tiles or
the wall: two tables that differ only there look the same to it."""
from __future__ import annotations

import json

from mahjong_core.engine import tiles as T
from mahjong_core.engine.table import Deal, Table
from mahjong_core.engine.table.bots import GreedyBot, RandomBot

from table_play_helpers import PRIORITY, act, guobiao, table

OTHERS = ["56m2468p1357s123z", "4478m13p2468s477z", "224m66p77p334499s"]


def _view(t, seat):
    return json.dumps(t.observe(seat).to_dict(), sort_keys=True)


def test_other_hands_and_the_wall_order_do_not_show():
    a = table(PRIORITY, draws="8s")
    # seats 1 and 3 swap hands; the rest of the wall is laid out in another order
    b = table([PRIORITY[0], PRIORITY[3], PRIORITY[2], PRIORITY[1]], draws="8s" + "7z6z5z")
    assert _view(a, 0) == _view(b, 0)
    assert _view(a, 1) != _view(b, 1)
    assert a.state.wall.remaining() != b.state.wall.remaining()
    act(a, 0, "discard", "4m")
    act(b, 0, "discard", "4m")
    assert _view(a, 0) == _view(b, 0)


def test_what_a_seat_sees_of_the_others():
    t = table(PRIORITY, draws="8s")
    obs = t.observe(1)
    assert obs.hand == T.parse_tiles(PRIORITY[1]) and obs.drawn is None
    assert t.observe(0).drawn == T.tile("8s")
    data = obs.to_dict()
    for other in data["seats"]:
        assert set(other) == {"seat", "concealed", "melds", "pool", "bonus"}
    assert [s["concealed"] for s in data["seats"]] == [14, 13, 13, 13]
    assert data["wall_left"] == 144 - 53 - len(t.observe(0).seats[0].bonus) - \
        sum(len(v.bonus) for v in obs.seats[1:])


def test_no_observation_in_a_bot_game_shows_another_hand():
    """Through whole hands: each seat's view names its own tiles and only face-up tiles of others."""
    rules = guobiao()
    for hand in range(3):
        t = Table(rules, Deal(11, hand))
        bots = [GreedyBot(rules), RandomBot(11, hand, 1), GreedyBot(rules), RandomBot(11, hand, 3)]
        while not t.over:
            for seat in range(4):
                obs = t.observe(seat)
                assert obs.hand == tuple(t.state.seats[seat].tiles())
                for v in obs.seats:
                    assert v.concealed == sum(t.state.seats[v.seat].counts)
                    if v.seat != seat:
                        assert all("tiles" not in m for m in v.melds if m.get("concealed"))
                assert not hasattr(obs, "wall")
            seat = t.to_move()[0]
            t.act(bots[seat].act(t.observe(seat), t.legal(seat)))
