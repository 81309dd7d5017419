"""``from mahjong_core.frontends.rlenv import env`` keeps working: the learning environment itself
is ``mahjong_core.engine.table.rlenv``, reached through ``mahjong_core.plugin.rl_env``."""
from mahjong_core.engine.table.rlenv import MahjongEnv, env

__all__ = ["MahjongEnv", "env"]
