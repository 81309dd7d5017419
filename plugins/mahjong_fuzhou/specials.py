"""The special hands (特殊牌型) of both lines; their YAML puts them in one ``tier``, so only the
highest counts.

Each answer but 天胡's reads the situation only (asked once per hand): 金雀 and 金龙 ask whether the
hand's tiles make whole sets once the golds in question are set aside, not which reading the
shape search reports, so a hand that can be read either way always gets the better one.
"""
from __future__ import annotations

from mahjong_core.plugin import fan_check

from .golds import fits, golds, natural_counts, robbing_gold, room


def _sets_needed(situation) -> int:
    """Sets still to find among the standing tiles and winning tile (five less the melds)."""
    return (len(situation.hand) + 1 - 2) // 3


SHAPELESS = "wild_count"        # the core shape that makes 三金倒: a win without a shape


@fan_check("fuzhou.heavenly", awards=("tianhu",), reads=("dealer", "first_turn"), per_shape=True)
def heavenly(ctx) -> int:
    """天胡: the dealer's dealt 17 tiles form a winning hand before his first discard (``dealer``,
    ``first_turn``, ``self_drawn``), after the opening replacement and the gold: a reading in a
    shape, not three golds without one (that is 三金倒 alone). The face-up gold is never one of
    the dealt tiles: a 抢金 win (``extras.robbing_gold``) is not 天胡 whatever ``first_turn``
    says, and scores the highest of the other specials it makes. Asked of each reading."""
    s = ctx.situation
    return int(s.dealer and s.first_turn and s.self_drawn and not robbing_gold(s)
               and ctx.decomposition.shape != SHAPELESS)


@fan_check("fuzhou.robbing_gold", awards=("qiangjin",), per_hand=True)
def robbing_the_gold(ctx) -> int:
    """抢金: the face-up gold completes the hand at the opening (``extras.robbing_gold``)."""
    return int(golds(ctx.situation).robbed)


@fan_check("fuzhou.three_golds", awards=("sanjindao",), per_hand=True)
def three_golds(ctx) -> int:
    """三金倒: all three playable golds among the concealed tiles, self-drawn: a win whatever
    the shape (the face-up gold of 抢金 is not one of them)."""
    s = ctx.situation
    return int(s.self_drawn and golds(s).held >= 3)


@fan_check("fuzhou.gold_sparrow", awards=("jinque",), per_hand=True)
def gold_sparrow(ctx) -> int:
    """金雀: two golds are the pair, the rest (other golds wild) make the sets."""
    return int(is_gold_sparrow(ctx.situation, fifth_copy(ctx)))


def is_gold_sparrow(s, fifth: bool = False) -> bool:
    """Can the situation be read with two golds as its pair (金雀; the table's claim priority)?"""
    facts = golds(s)
    if facts.held < 2:
        return False
    counts = natural_counts(s, facts)
    return fits(counts, facts.held - 2, _sets_needed(s), False, room(s, counts, fifth))


@fan_check("fuzhou.gold_dragon", awards=("jinlong",), per_hand=True)
def gold_dragon(ctx) -> int:
    """金龙 (classic): the three golds at face value are a pung of their own kind, the other
    tiles (no wild left) make the remaining sets and the pair."""
    s = ctx.situation
    facts = golds(s)
    if facts.held < 3:
        return 0
    counts = natural_counts(s, facts)
    free = room(s, counts, fifth_copy(ctx))
    return int(fits(counts, facts.held - 3, _sets_needed(s) - 1, True, free))


def fifth_copy(ctx) -> bool:
    """``table.wilds.fifth_copy`` of the context's ruleset (false for a context without a table)."""
    table = getattr(ctx.ruleset, "table", None)
    return bool(table is not None and table.wilds.fifth_copy)


def _kongs(situation) -> int:
    return sum(1 for m in situation.melds if m.kind == "kong")


@fan_check("fuzhou.no_bonus_no_kong", awards=("wuhua_wugang",), per_hand=True)
def no_bonus_no_kong(ctx) -> int:
    """无花无杠 / 平胡 (classic): no bonus tile at all and no kong; golds do not matter."""
    s = ctx.situation
    return int(s.flower_count == 0 and not _kongs(s))


@fan_check("fuzhou.one_bonus", awards=("yizhanghua",), per_hand=True)
def one_bonus(ctx) -> int:
    """一张花 (classic): exactly one bonus tile and no kong."""
    s = ctx.situation
    return int(s.flower_count == 1 and not _kongs(s))


@fan_check("fuzhou.one_suit", awards=("banqingyise", "quanqingyise"), per_hand=True)
def one_suit(ctx) -> dict:
    """全清一色: every tile, golds at face value, of one suit; 半清一色: every tile but the
    golds of one suit, a gold of another suit held (classic options, off by default; the
    definitions are this plugin's reading of atom-chen's names)."""
    s = ctx.situation
    facts = golds(s)
    kinds = set(s.hand) | {m.tile for m in s.melds}
    if s.win_tile is not None:
        kinds.add(s.win_tile)
    suits = {t // 9 for t in kinds if t not in facts.kinds or (facts.robbed and t == s.win_tile)}
    gold_suits = {t // 9 for t in facts.kinds} if facts.held else set()
    if len(suits) != 1 or any(t >= 27 for t in kinds):
        return {}
    if gold_suits <= suits:
        return {"quanqingyise": 1}
    return {"banqingyise": 1}
