"""Guobiao's fan checks, one per family of fans: each returns ``{fan_id: count}``; points and
exclusions live in rulesets/guobiao.yaml (``check: guobiao.<family>`` names the function here).

Each check answers a standard reading (four sets and a pair) itself, from the per-reading
``Facts`` (facts.py), and asks the module of a special shape for that shape's answer:
seven_pairs.py, thirteen_orphans.py, honors_and_knitted.py, knitted_straight.py and
nine_gates.py each hold all that their shape earns. ``AWARDS`` (here and in each of those
modules) files each fan under the check that reports it, with the function that decides it: the
only place either is said. ``@fan_check`` takes each check's award set from there, and awards.py
its fan id → function table.
"""
from __future__ import annotations

import sys
from functools import lru_cache

from mahjong_core.plugin import fan_check

from . import facts as facts_module, honors_and_knitted, knitted_straight, nine_gates, relations, seven_pairs, \
    thirteen_orphans, traits
from .fills import fill_key
from .facts import DRAGON, TERMINAL, WIND, facts, wind_fans
from .knitted_straight import concealment as knitted_concealment, pungs as knitted_pungs, \
    special as knitted_special, tiles as knitted_tiles, waits as knitted_waits, win as knitted_win
from .nine_gates import chows as nine_gates_chows, concealment as nine_gates_concealment, \
    pungs as nine_gates_pungs, special as nine_gates_special, tiles as nine_gates_tiles
from .relations import chow_table, pung_table
from .traits import group_traits, hand_traits
from .waits import only_wait

_EMPTY: dict = {}

# the check reporting them (guobiao.<key>) → fan id → the function of this module that decides it
AWARDS = {
    "fallback": {"chicken_hand": "fallback"},
    "pungs": {"dragon_pung": "pung_fans", "little_three_dragons": "pung_fans", "little_four_winds": "pung_fans",
              "pung_of_terminals_or_honors": "pung_fans"},
    "concealment": {
        "four_kongs": "kong_table", "three_kongs": "kong_table", "two_concealed_kongs": "kong_table",
        "two_melded_kongs": "kong_table", "concealed_kong_and_melded_kong": "kong_table",
        "concealed_kong": "kong_table", "melded_kong": "kong_table", "two_concealed_pungs": "kong_table",
        "three_concealed_pungs": "kong_table", "four_concealed_pungs": "kong_table", "all_pungs": "concealment"},
    "win": {
        "concealed_hand": "win_fans", "fully_concealed_hand": "win_fans", "melded_hand": "win_fans",
        "self_drawn": "win_fans", "last_tile": "win_fans", "last_tile_draw": "win_fans",
        "last_tile_claim": "win_fans", "out_with_replacement_tile": "win_fans", "robbing_the_kong": "win_fans"},
    "tiles": {"tile_hog": "tiles"},
    "waits": {"edge_wait": "waits", "closed_wait": "waits", "single_wait": "waits"},
}

# every module whose ``AWARDS`` files fans under a check, this one first (awards.py reads the same)
MODULES = (sys.modules[__name__], traits, relations, facts_module, seven_pairs, thirteen_orphans,
           honors_and_knitted, knitted_straight, nine_gates)


def awards_of(check: str) -> frozenset:
    """The fan ids ``guobiao.<check>`` can award: each module's ``AWARDS`` rows filed under it."""
    return frozenset(fid for m in MODULES for fid in m.AWARDS.get(check, ()))


# the situation flags guobiao.win reads: 妙手回春/海底捞月, 杠上开花, 抢杠和, 和绝张
WIN_FLAGS = ("last_tile", "after_kong", "robbing_kong", "fourth_tile")


@fan_check("guobiao.fallback", awards=awards_of("fallback"), per_hand=True)
def fallback(ctx):
    """Never found by itself: 无番和 is awarded through ``scoring.fallback`` when nothing remains."""
    return 0


# ---------------------------------------------------------------- shape fans

_SPECIAL = {"seven_pairs": seven_pairs.special, "thirteen_orphans": thirteen_orphans.special,
            "honors_and_knitted": honors_and_knitted.special, "knitted_straight": knitted_special,
            "nine_gates": nine_gates_special}


@fan_check("guobiao.special", awards=awards_of("special"), fill_key=fill_key)
def special(ctx):
    """七对/连七对, 十三幺, 全不靠/七星不靠 (+组合龙 when all nine knitted tiles), 组合龙's
    regular form, 九莲宝灯: each shape's module says."""
    shape_fans = _SPECIAL.get(ctx.decomposition.shape)
    return _EMPTY if shape_fans is None else shape_fans(ctx)


# ---------------------------------------------------------------- chows

@fan_check("guobiao.chows", awards=awards_of("chows"), fill_key=fill_key)
def chows(ctx):
    """Chow relationships (双龙会, 4-chow, 3-chow and 1-point links) under 不拆移/不得相同/套算一次."""
    shape = ctx.decomposition.shape
    if shape == "standard":
        f = facts(ctx)
        if len(f.chows) < 2:
            return _EMPTY
        return chow_table(tuple(f.chows), f.pair if len(f.chows) == 4 else -1)
    if shape == "nine_gates":
        return nine_gates_chows(ctx)
    return _EMPTY


# ---------------------------------------------------------------- pungs

@fan_check("guobiao.pungs", awards=awards_of("pungs"), fill_key=fill_key)
def pungs(ctx):
    """Pung fans: 大四喜/大三元/小四喜/小三元, 三风刻, 双箭刻, 箭刻, 幺九刻, 圈风刻/门风刻 and the
    pung relationships (四节高, 三节高, 三同刻, 双同刻).  幺九刻 counts terminal pungs and wind pungs
    that score no wind fan (三风刻, 圈风刻, 门风刻)."""
    shape = ctx.decomposition.shape
    if shape == "standard":
        f = facts(ctx)
        ps = f.pungs
        if not ps:
            return _EMPTY
        s = ctx.situation
        pair = f.pair
        return pung_fans(tuple(ps), len(f.chows), pair if pair >= 27 else -1, 27 + s.round_wind, 27 + s.seat_wind)
    if shape == "knitted_straight":
        return knitted_pungs(ctx)
    if shape == "nine_gates":
        return nine_gates_pungs(ctx)
    return _EMPTY


@lru_cache(maxsize=1 << 14)
def pung_fans(ps: tuple, n_chows: int, pair: int, prevalent: int, seat: int) -> dict:
    """``pungs`` of a standard reading from its pungs and kongs, how many chows beside them, an
    honour pair (-1 for another) and the winds (shared, never modified)."""
    out = dict(pung_table(ps, n_chows)) if len(ps) >= 2 else {}
    dragons = 0
    terminals = 0
    winds = []
    for t in ps:
        if t in DRAGON:
            dragons += 1
        elif t in WIND:
            winds.append(t)
        elif t in TERMINAL:
            terminals += 1
    if dragons:
        out["dragon_pung"] = dragons
    if "two_dragons_pungs" in out and pair in DRAGON:
        out["little_three_dragons"] = 1
    elif "big_three_winds" in out and pair in WIND:
        out["little_four_winds"] = 1
    wind_fans(winds, prevalent, seat, out)
    if winds and "big_three_winds" not in out:
        terminals += sum(1 for t in winds if t != prevalent and t != seat)
    if terminals:
        out["pung_of_terminals_or_honors"] = terminals
    return out


# ---------------------------------------------------------------- kongs and concealed pungs

_CONCEALED_PUNGS = {2: "two_concealed_pungs", 3: "three_concealed_pungs", 4: "four_concealed_pungs"}


def kong_table(cp, mk, ck, split):
    """Kong fans and concealed-pung fans from (#concealed pungs, #melded kongs, #concealed
    kongs); concealed kongs count as concealed pungs.  ``split`` says how one melded + one
    concealed kong scores: combined (明暗杠), separate (明杠 + 暗杠) or melded (双明杠 + 暗杠)."""
    out = {}
    kongs = mk + ck
    concealed = cp + ck
    if kongs == 4:
        out["four_kongs"] = 1
    elif kongs == 3:
        out["three_kongs"] = 1
    elif kongs == 2:
        if ck == 0:
            out["two_melded_kongs"] = 1
        elif ck == 2:
            out["two_concealed_kongs"] = 1
            if concealed == 2:        # 双暗杠 already implies 双暗刻
                concealed = 0
        elif split == "combined":
            out["concealed_kong_and_melded_kong"] = 1
        elif split == "melded":
            out["two_melded_kongs"] = 1
            out["concealed_kong"] = 1
        else:
            out["melded_kong"] = 1
            out["concealed_kong"] = 1
    elif kongs == 1:
        out["melded_kong" if mk else "concealed_kong"] = 1
    name = _CONCEALED_PUNGS.get(concealed)
    if name:
        out[name] = 1
    return out


@fan_check("guobiao.concealment", awards=awards_of("concealment"), fill_key=fill_key)
def concealment(ctx):
    """明杠/暗杠/明暗杠/双明杠/双暗杠/三杠/四杠, 双暗刻/三暗刻/四暗刻 and 碰碰和."""
    if ctx.win_wild and not ctx.situation.self_drawn:
        return ctx.per_win_value(concealment)     # a claimed wild completes the pung it stands in
    shape = ctx.decomposition.shape
    if shape == "standard":
        memo = ctx.memo
        out = memo.get("gb.concealment")
        if out is not None:
            return out
        f = facts(ctx)
        if not f.pungs:
            out = _EMPTY
        else:
            split = ctx.options["melded_and_concealed_kong"]
            if split == "combined" and not ctx.ruleset.has_fan("concealed_kong_and_melded_kong"):
                split = "separate"        # 明暗杠 switched off: the 1998 table's 明杠 + 暗杠
            out = kong_table(f.concealed_pungs, f.melded_kongs, f.concealed_kongs, split)
            if len(f.pungs) == 4:
                out["all_pungs"] = 1
        memo["gb.concealment"] = out
        return out
    if shape == "knitted_straight":
        return knitted_concealment(ctx)
    if shape == "nine_gates":
        return nine_gates_concealment(ctx)
    return _EMPTY


# ---------------------------------------------------------------- how the hand was won

@fan_check("guobiao.win", awards=awards_of("win"), fill_key=fill_key, reads=WIN_FLAGS)
def win(ctx):
    """门前清/不求人/全求人/自摸 and the situational fans 和绝张, 妙手回春, 海底捞月, 杠上开花, 抢杠和."""
    s = ctx.situation
    opts = ctx.options
    last_from_melds = s.melds and not s.fourth_tile and opts["last_tile_from_melds"]
    if ctx.win_wild and (not s.self_drawn or (last_from_melds and any(
            ctx.meld_counts[t] == 3 for t in set(ctx.decomposition.wild_as)))):
        return ctx.per_win_value(win)     # what the tile stood for decides concealment or 和绝张
    shape = ctx.decomposition.shape
    if shape == "knitted_straight":
        return win_fans(ctx, shape, False, last_from_melds)
    # otherwise the answer depends on the reading only through these (the melds are the hand's)
    four = shape == "standard" and s.self_drawn and facts(ctx).melded_count == 0 \
        and "four_concealed_pungs" in concealment(ctx)
    copy = (s.fourth_tile or s.robbing_kong) and not ctx.win_wild and ctx.win_tile in ctx.decomposition.wild_as
    key = ("gb.win", shape, ctx.win_tile, ctx.win_wild, four, copy)
    out = ctx.hand_memo.get(key)
    if out is None:
        out = ctx.hand_memo[key] = win_fans(ctx, shape, four, last_from_melds)
        if copy:
            # a wild reads as another copy of the winning tile: scored as the natural hand it
            # spells, whose winner would hold that copy, so neither 和绝张 nor 抢杠和
            out = ctx.hand_memo[key] = {f: n for f, n in out.items() if f not in _NO_OTHER_COPY}
    return out


_NO_OTHER_COPY = ("last_tile", "robbing_the_kong")     # fans saying the winner holds no other copy


def win_fans(ctx, shape: str, four_concealed_pungs: bool, last_from_melds: bool) -> dict:
    """``win`` of a reading: concealment as the shape has it (a special shape is concealed by
    itself), then the situational fans. It reports what the hand has: 不求人 comes with 门前清 and
    自摸, which the YAML's 不求人 excludes (a family reusing this check without that keeps them)."""
    s = ctx.situation
    opts = ctx.options
    self_drawn = s.self_drawn
    if shape == "standard":
        out = {}
        melded = facts(ctx).melded_count
        if melded == 0:
            # what the hand has: 门前清, 自摸 and so 不求人; rulesets/guobiao.yaml's 不求人 excludes the
            # other two, and 四暗刻 门前清 (a ruleset without those exclusions keeps them)
            out["concealed_hand"] = 1
            if self_drawn:
                out["self_drawn"] = 1
                if not four_concealed_pungs or opts["four_concealed_pungs_fully_concealed"]:
                    out["fully_concealed_hand"] = 1
        elif melded == 4 and not self_drawn:
            out["melded_hand"] = 1
        elif self_drawn:
            out["self_drawn"] = 1
    elif shape == "knitted_straight":
        out = knitted_win(ctx)
    else:
        out = {}
        if self_drawn:        # special shapes: concealment is implied
            out["self_drawn"] = 1
            if opts["special_hands_fully_concealed"]:
                out["concealed_hand"] = out["fully_concealed_hand"] = 1     # 不求人 excludes both in YAML
    return situational_fans(s, s.fourth_tile or (last_from_melds and not ctx.win_wild
                                                 and ctx.meld_counts[ctx.win_tile] == 3), out)


def situational_fans(s, last_copy: bool, out: dict) -> dict:
    """和绝张 (``last_copy``: the other three copies are in sight), 妙手回春/海底捞月, 杠上开花 and
    抢杠和, added to ``out``."""
    if last_copy:
        out["last_tile"] = 1
    if s.last_tile:
        out["last_tile_draw" if s.self_drawn else "last_tile_claim"] = 1
    if s.after_kong and s.self_drawn:
        out["out_with_replacement_tile"] = 1
    if s.robbing_kong:
        out["robbing_the_kong"] = 1
    return out


# ---------------------------------------------------------------- tiles and suits

@fan_check("guobiao.tiles", awards=awards_of("tiles"), fill_key=fill_key)
def tiles(ctx):
    """Fans read from the tiles and groups as a whole: suits, tile traits, rank ranges, 四归一,
    全带幺/全带五/全双刻 and 平和."""
    shape = ctx.decomposition.shape
    if shape == "standard":
        f = facts(ctx)
        out: dict = {}
        out.update(hand_traits(ctx))
        group_traits(f, out)
        hogs = ctx.counts.count(4) - f.kong_count
        if hogs > 0:
            out["tile_hog"] = hogs
        return out
    if shape == "seven_pairs":
        return seven_pairs.tiles(ctx)
    if shape == "knitted_straight":
        return knitted_tiles(ctx)
    if shape == "nine_gates":
        return nine_gates_tiles(ctx)
    return {}


# ---------------------------------------------------------------- unique waits

@fan_check("guobiao.waits", awards=awards_of("waits"), most=1)
def waits(ctx):
    """边张 > 嵌张 > 单钓将, at most one, only when the pre-win hand has exactly one formal wait
    (the hand as the reading resolved its wilds; a wild winning tile, per value it may take)."""
    if ctx.win_wild:
        return ctx.per_win_value(waits)
    shape = ctx.decomposition.shape
    w = ctx.win_tile
    if shape == "standard":
        edge = closed = single = False
        for kind, lo, _, meld in ctx.groups:
            if meld >= 0:
                continue
            if kind == "chow":
                if w == lo + 1:
                    closed = True
                elif w == lo or w == lo + 2:
                    edge = True
            elif kind == "pair" and lo == w:
                single = True
        if not (edge or closed or single):
            return _EMPTY
        tiles = ctx.decomposition.tiles
        key = ("gb.only_wait", tiles, w)
        only = ctx.hand_memo.get(key)
        if only is None:
            only = ctx.hand_memo[key] = only_wait(tiles, w, ctx.situation.melds,
                                                  ctx.options["formal_waits"])
        if not only:
            return _EMPTY
        if edge:
            return {"edge_wait": 1}
        return {"closed_wait": 1} if closed else {"single_wait": 1}
    if shape == "knitted_straight":
        return knitted_waits(ctx, w)
    return _EMPTY

