"""The bots by name, as ``mahjong play``, ``mahjong simulate`` and the games API take them
(docs/table.md "Bots"): its own module so that a bot built on another (``FanBot`` on
``GreedyBot``) imports that one's module without a cycle."""
from __future__ import annotations

from .bots import Bot, GreedyBot, RandomBot
from .fanbot import FanBot

BOTS = ("random", "greedy", "fans")


def make_bot(name: str, ruleset, seed: int, hand: int, seat: int) -> Bot:
    if name == "random":
        return RandomBot(seed, hand, seat)
    if name == "fans":
        return FanBot(ruleset)
    return GreedyBot(ruleset)
