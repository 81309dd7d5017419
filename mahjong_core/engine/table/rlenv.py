"""A PettingZoo AEC environment over the table (the ``rl`` extra; docs/rl.md): four agents,
one per seat, each seeing its own observation as planes over the tile kinds with the legal-action
mask beside it, acting through one fixed discrete space, and rewarded with the hand's settlement
deltas when it ends. One episode is one hand; ``reset(seed=S)`` deals hand 0 of seed S, and each
reset without a seed deals the next hand of the same seed.
"""
from __future__ import annotations

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..errors import MahjongError, UnsupportedError
from ..registry import Engine
from .rules import play_rules
from .state import Deal
from .table import Table
from . import rlspace


def _agent(seat: int) -> str:
    return f"player_{seat}"


class MahjongEnv(AECEnv):
    """``MahjongEnv("guobiao")``: any ruleset the table plays, by name, YAML path or ``Ruleset``."""

    metadata = {"name": "mahjong_core_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, ruleset="guobiao", seed: int = 0, render_mode: str | None = None, check: bool = False):
        super().__init__()
        self.ruleset = Engine().load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        self.seats = play_rules(self.ruleset).seats
        self.possible_agents = [_agent(s) for s in range(self.seats)]
        self.render_mode = render_mode
        self.check = check
        self._seed, self._hand = seed, -1
        obs = spaces.Box(0, rlspace.HIGH, (len(rlspace.PLANES), rlspace.KINDS), np.int16)
        self._observation_space = spaces.Dict({
            "observation": obs, "action_mask": spaces.Box(0, 1, (rlspace.SIZE,), np.int8)})
        self._action_space = spaces.Discrete(rlspace.SIZE)
        self.table: Table | None = None

    def observation_space(self, agent):
        return self._observation_space

    def action_space(self, agent):
        return self._action_space

    # ------------------------------------------------------------------ the table
    def _window_tile(self):
        w = self.table.state.window
        return None if w is None else w.tile

    def _opening(self) -> str | None:
        """The kind of the opening step being chosen (换三张, 定缺, 抢金), if one is."""
        st = self.table.state
        return self.table.flow.opening[st.opening.step].kind if st.phase == "opening" else None

    def legal_mask(self, seat: int) -> np.ndarray:
        if self.table.over or seat not in self.table.to_move():
            return np.zeros(rlspace.SIZE, np.int8)
        try:
            return np.array(rlspace.mask(self.table.legal(seat), self._window_tile()), np.int8)
        except ValueError as e:
            raise UnsupportedError(f"{self.ruleset.name}: {e}") from None

    def observe(self, agent):
        seat = self.possible_agents.index(agent)
        return {"observation": np.array(rlspace.planes(self.table.observe(seat, money=False)), np.int16),
                "action_mask": self.legal_mask(seat)}

    def reset(self, seed: int | None = None, options=None):
        if seed is not None:
            self._seed, self._hand = seed, -1
        self._hand += 1
        self.table = Table(self.ruleset, Deal(self._seed, self._hand), self.check)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        moving = self.table.to_move()
        if moving:
            self.agent_selection = _agent(moving[0])

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.possible_agents.index(agent)
        decoded = rlspace.decode(int(action), seat, self._window_tile(), self._opening())
        if decoded is None:
            raise MahjongError(f"action {int(action)} names nothing at this moment (see the action mask)",
                               code="illegal_action")
        self._cumulative_rewards[agent] = 0
        self.table.act(decoded)
        self.rewards = {a: 0 for a in self.agents}
        if self.table.over:
            record = self.table.record()
            deltas = self.table.settle(record).deltas
            for s, a in enumerate(self.possible_agents):
                self.rewards[a] = float(deltas[s])
                self.terminations[a] = True
                self.infos[a] = {"record": record}
        else:
            self._select()
        self._accumulate_rewards()

    def render(self):
        if self.render_mode == "ansi" and self.table is not None:
            seat = self.possible_agents.index(self.agent_selection)
            return str(self.table.observe(seat).to_dict())
        return None

    def close(self):
        pass


def env(ruleset="guobiao", seed: int = 0, **kwargs) -> MahjongEnv:
    return MahjongEnv(ruleset, seed, **kwargs)
