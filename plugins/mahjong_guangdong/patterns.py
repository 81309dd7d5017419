"""Guangdong fan checks: the 大胡 rows ([T]), the kong blooms, 推倒胡's fans ([B]),
莲花's multipliers ([L]), 包's hand table ([W]) and 鸡平胡's extra rows ([J], [C]); tags: README.md.

A check that scores a table of rows returns every row the reading satisfies; the YAML keeps the
highest (``tier:``), so the rules "highest satisfied row only" and "清一色/混一色/字一色 exclude
each other" live in YAML, not here. Ghosts: the 大胡 and 鸡平胡 rows read a wild as what it stands
for; 推倒胡's and 包's tile tests leave every ghost-kind tile out (facts.py).
"""
from __future__ import annotations

from mahjong_core.plugin import fan_check

from .facts import all_pungs, fours_in_pairs, natural_suits, read_suits, sets_of
from .validate import before_first_discard


@fan_check("guangdong.fallback", awards=("jihu", "pinghu"), per_hand=True)
def fallback(ctx) -> int:
    """Never found by itself: 鸡胡 (or 莲花's plain ×1) is awarded through ``scoring.fallback``
    when no other fan counts."""
    return 0


# ---------------------------------------------------------------- 大胡 (guangdong, [T])

@fan_check("guangdong.big_hands", awards=(
    "duiduipeng", "haohua_qidui", "hunpeng", "hunyijiu", "hunyise", "qingpeng", "qingyise", "qixiaodui", "quanfeng",
    "shisanyao", "shuanghao_qidui", "yaojiu"))
def big_hands(ctx) -> dict:
    """大胡 rows of [T] this reading satisfies (对对碰 … 十三幺); YAML ``tier`` keeps the highest.
    A composite row comes with the rows it is made of (豪华七对 with 七小对, 混一九 with 幺九 …),
    which its YAML ``excludes`` take away, so a ruleset that switches it off scores the hand by
    its parts. 清幺九 (terminals only) is 幺九, three fours in seven pairs 双豪七 (README.md:
    Choices). ``options.yaojiu_rule: contains_19`` (100张's 含19即可, [C]): 幺九 also when every set
    and the pair hold a 1, a 9 or an honour."""
    shape = ctx.decomposition.shape
    if shape == "thirteen_orphans":
        return {"shisanyao": 1}
    s = read_suits(ctx)
    out: dict[str, int] = {}
    half = s.one_suit and s.honours
    pure = s.one_suit and not s.honours
    if half:
        out["hunyise"] = 1
    if pure:
        out["qingyise"] = 1
    if shape == "seven_pairs":
        out["qixiaodui"] = 1
        fours = fours_in_pairs(ctx)
        if fours:
            out["haohua_qidui" if fours == 1 else "shuanghao_qidui"] = 1
        return out
    if all_pungs(ctx):
        out["duiduipeng"] = 1
        if half:
            out["hunpeng"] = 1
        if pure:
            out["qingpeng"] = 1
        if s.terminal_or_honour:
            if not s.numbered:
                out["quanfeng"] = 1
            else:
                out["yaojiu"] = 1
                if half:
                    out["hunyijiu"] = 1
    elif ctx.options["yaojiu_rule"] == "contains_19" and s.numbered and every_set_holds_19(ctx):
        out["yaojiu"] = 1
    return out


def every_set_holds_19(ctx) -> bool:
    """Every set and the pair of a standard reading hold a 1, a 9 or an honour (a chow 123 or
    789 counts): 100张's 含19即可."""
    groups = [g for g in ctx.groups if g.kind in ("chow", "pung", "kong", "pair")]
    if not groups:
        return False
    for g in groups:
        if g.kind == "chow":
            if g.tile % 9 not in (0, 6):
                return False
        elif g.tile < 27 and g.tile % 9 not in (0, 8):
            return False
    return True


@fan_check("guangdong.bloom", awards=("gangshang_gang_kaihua", "gangshang_kaihua"), per_hand=True,
           reads=("after_kong",))
def bloom(ctx) -> dict:
    """杠上开花: self-drawn on a kong's replacement (``after_kong`` 1); 杠上杠开花: on the
    replacement of a kong made on a replacement (``after_kong`` ≥ 2)."""
    s = ctx.situation
    if not s.after_kong or not s.self_drawn:
        return {}
    return {"gangshang_gang_kaihua" if s.after_kong >= 2 else "gangshang_kaihua": 1}


# ---------------------------------------------------------------- 推倒胡 (guangdong-tuidaohu, [B])

@fan_check("guangdong.tdh_suits", awards=("hunyise", "qingyise", "ziyise"), per_hand=True)
def tdh_suits(ctx) -> dict:
    """清一色 / 混一色 / 字一色 of the hand's tiles other than ghost-kind tiles (melds included)."""
    s = natural_suits(ctx)
    if s.empty:
        return {}
    if not s.numbered:
        return {"ziyise": 1}
    if not s.one_suit:
        return {}
    return {"hunyise" if s.honours else "qingyise": 1}


def kind_class(group) -> tuple:
    """``FanCheck.group_class`` of the checks that read each group of a reading as a chow, a pung
    or a kong (碰碰胡, 对对糊) and, for the pair, whether it is an honour (平和), and nothing more
    of it: 清一色 and the other tile tests read the hand's own tiles, the ghost kind left out
    (the situation), and 七对 and 十三幺 only the shape."""
    return group.kind, group.tile >= 27


@fan_check("guangdong.tdh_shape", awards=("pengpenghu", "pinghu", "qidui"), group_class=kind_class)
def tdh_shape(ctx) -> dict:
    """七对 (the seven-pairs reading), 碰碰胡 (every set a pung or kong), 平和 (no meld at all,
    every set a chow, the pair not an honour)."""
    shape = ctx.decomposition.shape
    if shape == "seven_pairs":
        return {"qidui": 1}
    if shape != "standard":
        return {}
    if all_pungs(ctx):
        return {"pengpenghu": 1}
    sets = sets_of(ctx)
    if not ctx.situation.melds and sets.pungs == 0 and sets.pair is not None and sets.pair < 27:
        return {"pinghu": 1}
    return {}


# ---------------------------------------------------------------- 莲花 (guangdong-lianhua, [L])

@fan_check("guangdong.no_wilds", awards=("wugui_jiabei", "wulaizi"), per_hand=True)
def no_wilds(ctx) -> int:
    """无癞子 / 无鬼加倍: the hand plays with wilds and holds none among its standing tiles and
    winning tile (a game without wilds has no such bonus)."""
    s = ctx.situation
    if not s.wilds:
        return 0
    return int(s.win_tile not in s.wilds and not any(t in s.wilds for t in s.hand))


@fan_check("guangdong.four_bonus", awards=("sihongzhong",), per_hand=True)
def four_bonus(ctx) -> int:
    """四红中: the bonus win reading (core ``table.bonus_win``: the last 红中 drawn, the others in
    ``flowers``, whatever the other tiles). Asked per hand: such a hand has that one reading."""
    return int(ctx.decomposition.shape == "bonus_win")


@fan_check("guangdong.four_wilds", awards=("sigui",), per_hand=True, reads=("first_turn",))
def four_wilds(ctx, count: int = 4) -> int:
    """四鬼胡牌: ``count`` wild tiles among the standing tiles and the winning tile, before the
    winner's first discard (``validate.before_first_discard``): later they are no 四鬼胡牌."""
    s = ctx.situation
    if not s.wilds or not before_first_discard(s):
        return 0
    return int(sum(1 for t in s.hand if t in s.wilds) + (s.win_tile in s.wilds) >= count)


# ---------------------------------------------------------------- 包 (guangdong-bao, [W])

@fan_check("guangdong.bao_hands", awards=(
    "duiduihu", "qingdui", "qingyise", "quanfanban", "shisanyao", "yaojiupai"), group_class=kind_class)
def bao_hands(ctx) -> dict:
    """包's hand table: 十三幺, 全翻板, 幺九牌, 清对, 清一色, 对对糊 (ghost-kind tiles left out
    of every tile test); YAML ``tier`` keeps the first row that applies."""
    if ctx.decomposition.shape == "thirteen_orphans":
        return {"shisanyao": 1}
    s = natural_suits(ctx)
    out: dict[str, int] = {}
    if s.honours and not s.numbered:
        out["quanfanban"] = 1
    if s.terminal_or_honour:
        out["yaojiupai"] = 1
    pure = s.one_suit and not s.honours
    if pure:
        out["qingyise"] = 1
    if all_pungs(ctx):
        out["duiduihu"] = 1
        if pure:
            out["qingdui"] = 1
    return out


@fan_check("guangdong.plain_by_method", awards=("putong_zimo", "qianggang_hu"), per_hand=True,
           reads=("robbing_kong",))
def plain_by_method(ctx) -> dict:
    """普通自摸 / 抢杠胡: 包's lowest row, named by how the hand was won."""
    return {"qianggang_hu" if ctx.situation.robbing_kong else "putong_zimo": 1}


# ---------------------------------------------------------------- 鸡平胡 (guangdong-jipinghu)

@fan_check("guangdong.jph_extra", awards=("pinghu",))
def jph_extra(ctx) -> dict:
    """鸡平胡's row beyond the 大胡 table ([J], [C]): 平胡, four chows."""
    sets = sets_of(ctx)
    if sets.sets and sets.chows == sets.sets:
        return {"pinghu": 1}
    return {}
