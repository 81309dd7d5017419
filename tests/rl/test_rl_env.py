"""The learning environment: PettingZoo's own API test for every playable family, a mask that
allows exactly what the table accepts over random steps, rewards that are the settlement's
deltas, the action numbers and observation planes on states worked by hand, and the example."""
from __future__ import annotations

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
from mahjong_core.engine.errors import IllegalActionError  # noqa: E402
from mahjong_core.engine.table import Deal, Table, actions as A  # noqa: E402
from mahjong_core.frontends import rlspace as R  # noqa: E402
from mahjong_core.frontends.rlenv import env as make_env  # noqa: E402

FAMILIES = tuple(n for n in one_per_family() if n not in ("sichuan", "fuzhou"))   # opening steps: refused below


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
    window = env._window_tile()
    mask = env.observe(env.agent_selection)["action_mask"]
    for a in legal:                                         # every action the table accepts is allowed
        assert mask[R.encode(a, window)] == 1, a
    before = len(table.state.actions)
    for number in range(R.SIZE):
        action = R.decode(number, seat, window)
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
def test_the_mask_is_what_the_table_accepts_over_2000_steps(name):
    _random_steps(name, 2_000, seed=6)


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
    assert R.SIZE == 34 * 3 + 3 + 4
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


@pytest.mark.parametrize("name", ["sichuan", "fuzhou"])
def test_a_ruleset_with_opening_choices_is_refused_by_name(name):
    with pytest.raises(UnsupportedError, match=f"does not give {name}'s opening choices"):
        make_env(name)
