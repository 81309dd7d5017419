"""Random agents through the PettingZoo environment (the ``rl`` extra): each agent picks uniformly
among the actions its mask allows; prints hands, steps and their throughput per ruleset.

    python examples/rl/random_agents.py [--ruleset guobiao] [--hands 20] [--seed 0]
"""
from __future__ import annotations

import argparse
import time

import numpy as np

from mahjong_core.plugin import rl_env as make_env


def play(ruleset: str, hands: int, seed: int) -> dict:
    env = make_env(ruleset, seed=seed)
    rng = np.random.default_rng(seed)
    steps, money = 0, np.zeros(len(env.possible_agents))
    start = time.perf_counter()
    env.reset(seed=seed)
    for hand in range(hands):
        if hand:
            env.reset()
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, _ = env.last()
            if terminated or truncated:
                money[env.possible_agents.index(agent)] += reward
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    seconds = time.perf_counter() - start
    return {"ruleset": ruleset, "hands": hands, "steps": steps, "seconds": seconds,
            "hands_per_s": hands / seconds, "steps_per_s": steps / seconds, "money": money.tolist()}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--ruleset", default="guobiao")
    p.add_argument("--hands", type=int, default=20)
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args()
    r = play(a.ruleset, a.hands, a.seed)
    print(f"{r['ruleset']}: {r['hands']} hands, {r['steps']} steps in {r['seconds']:.2f} s — "
          f"{r['hands_per_s']:.1f} hands/s, {r['steps_per_s']:.0f} steps/s; money per seat {r['money']}")


if __name__ == "__main__":
    main()
