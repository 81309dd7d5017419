"""The points fans (番/台) of both lines: bonus tiles, golds held, the winner's kongs.

Their sum is B without the dealer streak (the streak depends on the record, see streak.py).
Every answer reads the situation only, so each check is asked once per hand.
"""
from __future__ import annotations

from mahjong_core.plugin import tiles as T
from mahjong_core.plugin import fan_check

from .golds import golds

SEASONS = frozenset(range(34, 38))      # 春夏秋冬 1f–4f
PLANTS = frozenset(range(38, 42))       # 梅兰竹菊 5f–8f


def flower_sets(flowers: tuple[int, ...]) -> int:
    """Complete bonus sets among the bonus tiles: four identical honours, 春夏秋冬, 梅兰竹菊."""
    held = set(flowers)
    sets = sum(1 for t in T.HONORS if flowers.count(t) == 4)
    return sets + (SEASONS <= held) + (PLANTS <= held)


@fan_check("fuzhou.bonus_tiles", awards=("flower_sets", "flowers"), per_hand=True)
def bonus_tiles(ctx) -> dict:
    """花: one per bonus tile set aside (flowers and, in Fuzhou, honours); 花组: one per complete
    set (four identical honours, 春夏秋冬, 梅兰竹菊), whose YAML points lift the set from 4 to 6
    in the classic line. A number given for ``flowers`` has no sets."""
    s = ctx.situation
    return {"flowers": s.flower_count, "flower_sets": flower_sets(s.flowers)}


@fan_check("fuzhou.golds", awards=("golds",), per_hand=True)
def gold_points(ctx) -> int:
    """金: one per playable gold among the concealed tiles, a self-drawn winning gold included,
    wild or at face value; the face-up gold taken by 抢金 only with ``grabbed_gold_scores``."""
    facts = golds(ctx.situation)
    return facts.held + (facts.robbed and bool(ctx.options["grabbed_gold_scores"]))


@fan_check("fuzhou.kongs", awards=("concealed_kongs", "exposed_kongs"), per_hand=True)
def kong_points(ctx) -> dict:
    """明杠 (exposed or added) and 暗杠 (concealed): the winner's own kongs."""
    melds = ctx.situation.melds
    concealed = sum(1 for m in melds if m.kind == "kong" and m.concealed)
    exposed = sum(1 for m in melds if m.kind == "kong") - concealed
    return {"exposed_kongs": exposed, "concealed_kongs": concealed}


@fan_check("fuzhou.self_draw", awards=("self_draw",), per_hand=True)
def self_draw(ctx) -> int:
    """自摸: the self-draw doubling of B (kong replacements, the last four, 天胡, 抢金 and 三金倒
    are self-drawn; 抢金 situations say ``self_drawn``)."""
    return int(ctx.situation.self_drawn)
