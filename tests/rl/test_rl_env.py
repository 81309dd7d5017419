"""The learning environment: PettingZoo's own API test for every family, a mask that allows
exactly what the table accepts over random steps (the opening choices of Sichuan and Fuzhou
included), rewards that are the settlement's deltas, the action numbers and observation planes on
states worked by hand, and the example."""
from __future__ import annotations

import os
import runpy

import pytest

from mahjong_core.engine.errors import UnsupportedError

from harness import needs
from playable import one_per_family
from testpaths import ROOT

np = needs("numpy", "pip install -e '.[rl]'")
needs("pettingzoo", "pip install -e '.[rl]'")

from pettingzoo.test import api_test  # noqa: E402

from mahjong_core import load_ruleset, parse_tiles  # noqa: E402
from mahjong_core.engine.errors import IllegalActionError, MahjongError  # noqa: E402
from mahjong_core.engine.table import Deal, Table, actions as A  # noqa: E402
from mahjong_core.engine.table import rlspace as R  # noqa: E402
from mahjong_core.plugin import rl_env as make_env  # noqa: E402

FAMILIES = one_per_family()


@pytest.mark.filterwarnings("ignore:Observation space for each agent", "ignore:Observation is not a NumPy array")
@pytest.mark.parametrize("name", FAMILIES)
def test_pettingzoos_api_test_passes(name):
    api_test(make_env(name, seed=11), num_cycles=200, verbose_progress=False)


def _twin(table: Table) -> Table:
    """The same table again: its deal, its actions replayed."""
    twin = Table(table.ruleset, table.state.deal, check=False)
    for a in table.state.actions:
        twin.act(a)
    return twin


def _check_step(env, rng, deep: bool) -> int:
    """One random step, checking the mask against the table first; returns the number chosen."""
    table = env.table
    seat = env.possible_agents.index(env.agent_selection)
    legal = set(table.legal(seat))
    window, opening = env._window_tile(), env._opening()
    mask = env.observe(env.agent_selection)["action_mask"]
    for a in legal:                                         # every action the table accepts is allowed
        assert mask[R.encode(a, window)] == 1, a
    before = len(table.state.actions)
    for number in range(R.SIZE):
        action = R.decode(number, seat, window, opening)
        if mask[number]:                                    # allowed: the table lists it, and takes it
            assert action in legal, (number, action)
            if deep:
                _twin(table).act(action)
        elif action is not None:                            # refused by the table, the state unchanged
            with pytest.raises(IllegalActionError):
                table.act(action)
    assert len(table.state.actions) == before
    return int(rng.choice(np.flatnonzero(mask)))


def _random_steps(name: str, steps: int, seed: int) -> None:
    env = make_env(name, seed=seed)
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    done = hands = 0
    while done < steps:
        for agent in env.agent_iter():
            _, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(_check_step(env, rng, deep=done % 25 == 0))
            done += 1
            if done >= steps:
                break
        if done < steps:
            assert env.table.over
            hands += 1
            env.reset()
    assert hands >= 1


@pytest.mark.parametrize("name", FAMILIES)
def test_the_mask_is_what_the_table_accepts(name):
    _random_steps(name, 600, seed=5)


@pytest.mark.slow
@pytest.mark.parametrize("name", FAMILIES)
def test_the_mask_is_what_the_table_accepts_over_many_steps(name):
    """2,000 steps a family; ``MAHJONG_RL_STEPS=10000`` for the long check."""
    _random_steps(name, int(os.environ.get("MAHJONG_RL_STEPS", 2_000)), seed=6)


def test_rewards_are_the_settlement_deltas():
    env = make_env("guobiao", seed=2)
    env.reset(seed=2)
    rng = np.random.default_rng(0)
    got = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        got[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    deltas = env.table.settle().deltas
    assert [got[a] for a in env.possible_agents] == [float(d) for d in deltas] and sum(deltas) == 0


def test_action_numbers_worked_by_hand():
    # 34 discards, 34 concealed and 34 added kongs, 3 chows, pung, exposed kong, win, pass;
    # then 3 suits × 165 three-kind multisets of ranks 1–9 (C(9 + 3 − 1, 3) = 165), and 3 suits
    assert R.SIZE == 34 * 3 + 3 + 4 + 3 * 165 + 3 == 607
    assert R.encode(A.Action(A.DISCARD, 0, parse_tiles("5m")[0]), None) == 4
    assert R.encode(A.Action(A.CONCEALED_KONG, 0, parse_tiles("1p")[0]), None) == 34 + 9
    assert R.encode(A.Action(A.ADDED_KONG, 0, parse_tiles("7z")[0]), None) == 68 + 33
    four_m = parse_tiles("4m")[0]
    # a chow of 4m: 234m (4m highest, offset 2), 345m (middle, 1), 456m (lowest, 0)
    assert [R.decode(102 + k, 1, four_m).tile for k in range(3)] == [parse_tiles(t)[0] for t in ("4m", "3m", "2m")]
    assert R.decode(104, 1, parse_tiles("1m")[0]) is None           # no chow below 1m
    assert R.decode(102, 1, parse_tiles("8p")[0]) is None           # 89p10p is no chow
    assert R.decode(102, 1, parse_tiles("1z")[0]) is None           # no chow of honours
    assert R.decode(106, 1, None) is None and R.decode(108, 2, None) == A.Action(A.PASS, 2)
    with pytest.raises(ValueError):
        R.decode(R.SIZE, 0, None)


def test_the_observation_planes_of_a_fresh_deal():
    table = Table(load_ruleset("guobiao"), Deal(4, 0))
    obs = table.observe(0)
    rows = R.planes(obs)
    assert sum(rows[0]) == len(obs.hand) == 14 and rows[1][obs.drawn] == 1 and sum(rows[1]) == 1
    assert not any(any(r) for r in rows[2:10]) and rows[13][0] == 1          # no pools, no melds; the dealer is me
    assert rows[13][4] == 1 and rows[13][8] == 1                              # East round; my turn
    assert rows[13][16:20] == [14, 13, 13, 13] and rows[13][21] == obs.wall_left
    other = R.planes(table.observe(1))
    assert sum(other[0]) == 13 and other[13][3] == 1                          # the dealer sits to seat 1's left


def test_the_example_plays_random_agents_and_prints_throughput(capsys, monkeypatch):
    monkeypatch.setattr("sys.argv", ["random_agents.py", "--hands", "2", "--seed", "1"])
    runpy.run_path(str(ROOT / "examples" / "rl" / "random_agents.py"), run_name="__main__")
    out = capsys.readouterr().out
    assert "guobiao: 2 hands" in out and "steps/s" in out


def test_the_environment_is_made_through_the_plugin_door_and_its_earlier_name():
    from mahjong_core.frontends.rlenv import MahjongEnv, env
    from mahjong_core.engine.table.rlenv import MahjongEnv as Home
    assert MahjongEnv is Home and type(make_env("sichuan")) is Home and type(env("sichuan")) is Home


def test_without_the_rl_extra_the_door_names_it(monkeypatch):
    import sys
    monkeypatch.delitem(sys.modules, "mahjong_core.engine.table.rlenv", raising=False)   # imported or not yet
    monkeypatch.setitem(sys.modules, "pettingzoo", None)                       # as if not installed
    with pytest.raises(MahjongError, match=r"needs the 'rl' extra \(pettingzoo is not installed\): pip install 'mahjong-core\[rl\]'"):
        make_env("guobiao")


def test_opening_choices_are_numbered_by_what_they_name():
    three, suit = 109, 109 + 3 * 165                        # the choices' segments start after pass
    number = lambda kind, choice: R.encode(A.Action(kind, 0, None, choice), None)   # noqa: E731
    # the multisets of ranks in order: 111, 112, …, 119 (indexes 0–8), 122 (9), 123 (10)
    assert number("exchange", "111m") == three and number("exchange", "123m") == three + 10
    assert number("exchange", "999m") == three + 164
    # 259p: suit p adds 165; ranks (2, 5, 9): the 45 multisets starting with 1, then from 2:
    # 22x (8: 222 … 229), 23x (7), 24x (6), then 255 256 257 258 259 (the fifth, +4): 45 + 21 + 4 = 70
    assert number("exchange", "259p") == three + 165 + 70
    assert [number("void", s) for s in "mps"] == [suit, suit + 1, suit + 2] == [604, 605, 606]
    assert number("rob_gold", "take") == 107 and number("rob_gold", "pass") == 108   # win's and pass's numbers
    assert R.decode(three + 165 + 70, 2, None, "exchange") == A.Action("exchange", 2, None, "259p")
    assert R.decode(605, 1, None, "void") == A.Action("void", 1, None, "p")
    assert R.decode(107, 3, None, "rob_gold") == A.Action("rob_gold", 3, None, "take")
    assert R.decode(605, 1, None) is None and R.decode(three, 0, parse_tiles("1m")[0]) is None   # no opening step
    for odd in ("1234m", "12m3p", "123z", "double"):
        with pytest.raises(ValueError, match=f"no number for the bet choice '{odd}'"):
            number("bet", odd)


def test_a_family_choice_the_space_has_no_number_for_is_refused_by_name(monkeypatch):
    env = make_env("sichuan", seed=1)
    env.reset(seed=1)
    seat = env.table.to_move()[0]
    monkeypatch.setattr(env.table, "legal", lambda s: (A.Action("bet", s, None, "double"),))
    with pytest.raises(UnsupportedError, match="sichuan: the action space has no number for the bet choice 'double'"):
        env.legal_mask(seat)


def test_sichuan_opens_with_the_exchange_then_the_void_through_the_numbers():
    env = make_env("sichuan", seed=3)
    env.reset(seed=3)
    assert env.table.state.phase == "opening" and env._opening() == "exchange"
    for _ in range(4):                                      # each seat passes three tiles: the first allowed
        obs = env.observe(env.agent_selection)
        assert obs["observation"][13][22] == 1 and not any(obs["observation"][13][8:12])   # the opening phase
        allowed = np.flatnonzero(obs["action_mask"])
        assert all(109 <= n < 604 for n in allowed)
        env.step(int(allowed[0]))
    assert env._opening() == "void"
    for k in range(4):                                      # seats declare m, p, s, m
        assert list(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])) == [604, 605, 606]
        env.step(604 + k % 3)
    assert env.table.state.phase == "turn"
    rows = env.observe("player_1")["observation"]
    # seat 1 sees its own void (p = 2) at column 23, then right (seat 2: s = 3), across (seat 3: m = 1), left (seat 0: m = 1)
    assert list(rows[13][23:27]) == [2, 3, 1, 1]


def test_fuzhou_qiangjin_is_taken_with_the_win_number():
    # seed 1253, hand 0: the face-up gold completes seat 1's dealt hand, so 抢金 is offered to seat 1
    # alone, once the dealer (dealt 17, no 天胡) has made his first discard (number 0: 1m)
    env = make_env("fuzhou", seed=1253)
    env.reset(seed=1253)
    assert env._opening() is None and env.agent_selection == "player_0"
    mask = list(np.flatnonzero(env.observe("player_0")["action_mask"]))
    assert 0 in mask and 107 not in mask                     # a discard; no win (107) to declare
    env.step(0)
    assert env._opening() == "rob_gold" and env.agent_selection == "player_1"
    assert list(np.flatnonzero(env.observe("player_1")["action_mask"])) == [107, 108]
    env.step(107)
    assert env.table.over and env.table.state.winners == [1]
    deltas = env.table.settle().deltas
    assert [env.rewards[a] for a in env.possible_agents] == [float(d) for d in deltas] and deltas[1] > 0
