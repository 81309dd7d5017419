"""Sichuan fan checks: the base patterns (基本番), roots (根) and the situational doublings.

Every fan gives ``doublings``, a 番 count: 平胡 = 0 (×1), 对对胡 = 1 (×2) … The base patterns
are reported by one check per hand reading; their YAML ``tier: base`` keeps only the highest. Hand-wide facts (suits, roots,
terminals) are computed once per hand and shared by every decomposition.
"""
from __future__ import annotations

from mahjong_core.plugin import tiles as T
from mahjong_core.plugin import NotWinningError
from mahjong_core.plugin import fan_check


SUIT_NAMES = {"m": "characters (m)", "p": "dots (p)", "s": "bamboo (s)"}
_SUIT_INDEX = {"m": 0, "p": 1, "s": 2}


# ---------------------------------------------------------------- hand-wide facts

class HandFacts:
    """Facts shared by every reading of one hand: computed from the 34 counts once."""

    __slots__ = ("suits", "roots", "has_terminal", "concealed", "melds")

    def __init__(self, ctx):
        counts = ctx.counts
        self.suits = tuple(s for s in range(3) if any(counts[9 * s: 9 * s + 9]))
        self.roots = sum(1 for c in counts if c == 4)
        self.has_terminal = any(counts[t] for t in T.TERMINALS)
        melds = ctx.situation.melds
        self.melds = len(melds)
        # 门清: no pung and no exposed kong (a concealed kong keeps the hand concealed)
        self.concealed = all(m.kind == "kong" and m.concealed for m in melds)


def facts(ctx) -> HandFacts:
    return ctx.memoised("sichuan.facts", lambda: HandFacts(ctx), per_hand=True)


# ---------------------------------------------------------------- the void-suit veto

def void_suit_veto(situation, options) -> None:
    """Raise not_winning when the hand holds a tile of its declared void suit (定缺) or holds
    all three suits (必须缺门可胡).

    Only the standing tiles and melds are read, not the winning tile: a lone tile of a suit the
    rest of the hand lacks can never complete a set or a pair, so it cannot turn a loss into a
    win, and ignoring it keeps wait probes (which add a stand-in tile) from being vetoed.
    """
    tiles = list(situation.hand)
    for m in situation.melds:
        tiles.extend(m.tiles)
    void = situation.void_suit if options["void_suit_required"] else None
    if void is not None:
        lo = 9 * _SUIT_INDEX[void]
        bad = sorted({t for t in tiles if lo <= t < lo + 9})
        if bad:
            raise NotWinningError(
                f"not a winning hand: it holds {T.format_tiles(bad)} of its void suit "
                f"{SUIT_NAMES[void]} (定缺); a hand cannot win while it holds a void-suit tile", reason="void suit")
    if len({t // 9 for t in tiles if t < 27}) == 3:
        raise NotWinningError(
            f"not a winning hand: it holds all three suits ({T.format_tiles(tiles)}); a Sichuan "
            f"hand must lack a suit to win (必须缺门可胡)", reason="three suits")


# ---------------------------------------------------------------- base patterns

def _has_terminal(g) -> bool:
    r = g.tile % 9
    if g.kind == "chow":
        return r == 0 or r == 6
    return r == 0 or r == 8


def _is_258(g) -> bool:
    return g.kind != "chow" and g.tile % 9 in (1, 4, 7)


@fan_check("sichuan.base_patterns", awards=(
    "daiyaojiu", "duiduihu", "jiang_jingoudiao", "jiangdui", "jingoudiao", "longqidui", "pinghu", "qidui",
    "qing_jingoudiao", "qingdui", "qinglongqidui", "qingqidui", "qingshibaluohan", "qingyaojiu", "qingyise",
    "shibaluohan"))
def base_patterns(ctx) -> dict:
    """Every base pattern this reading of the hand satisfies; their tier keeps the best."""
    f = facts(ctx)
    pure = len(f.suits) == 1
    yaojiu_jiang = ctx.options["extra_patterns"]["yaojiu_jiangdui"]
    out: dict[str, int] = {}
    if pure:
        out["qingyise"] = 1
    if ctx.shape == "seven_pairs":
        out["qidui"] = 1
        if pure:
            out["qingqidui"] = 1
        if f.roots:                 # a four of a kind among the pairs: 龙七对
            out["longqidui"] = 1
            if pure:
                out["qinglongqidui"] = 1
        return out
    groups = ctx.groups
    sets = [g for g in groups if g.kind in ("chow", "pung", "kong")]
    if len(sets) != 4:             # not the standard shape (a plugin shape): no base pattern here
        return out
    out["pinghu"] = 1
    all_pungs = all(g.kind != "chow" for g in sets)
    if all_pungs:
        out["duiduihu"] = 1
        if pure:
            out["qingdui"] = 1
        if yaojiu_jiang and all(_is_258(g) for g in groups):
            out["jiangdui"] = 1
    if yaojiu_jiang and all(_has_terminal(g) for g in groups):
        out["daiyaojiu"] = 1
        if pure:
            out["qingyaojiu"] = 1
    if f.melds == 4:
        # 金钩钓: four declared sets, the last standing tile paired by the winning tile
        out["jingoudiao"] = 1
        if pure:
            out["qing_jingoudiao"] = 1
        if yaojiu_jiang and all(_is_258(g) for g in groups):
            out["jiang_jingoudiao"] = 1
        if all(g.kind == "kong" for g in sets):
            out["shibaluohan"] = 1
            if pure:
                out["qingshibaluohan"] = 1
    return out


@fan_check("sichuan.heaven_earth", awards=("dihu", "tianhu"), reads=("dealer", "first_turn"))
def heaven_earth(ctx) -> dict:
    """天胡: the dealer wins on the dealt 14 tiles. 地胡: a non-dealer wins in the first go-around,
    on his own first draw (``dihu_mode: first_draw``) or on the dealer's first discard
    (``first_discard``: ``extras.on_dealers_first_discard``, where the table writes it, says whether
    it was). Both need ``first_turn``; off unless ``extra_patterns.tian_di_hu``. A
    winner holding a kong has drawn its replacement tile, so he did not win on the dealt tiles or
    his first draw: neither."""
    s = ctx.situation
    if not s.first_turn or s.melds or not ctx.options["extra_patterns"]["tian_di_hu"]:
        return {}
    if s.dealer:
        return {"tianhu": 1} if s.self_drawn else {}
    mode = ctx.options["dihu_mode"]
    if mode == "first_discard" and s.extras.get(FIRST_DISCARD) is False:
        return {}           # the table says the discard was another's first, not the dealer's
    if (mode == "first_draw") == bool(s.self_drawn):
        return {"dihu": 1}
    return {}


FIRST_DISCARD = "on_dealers_first_discard"      # declared bool (table.extras): written by the table


# ---------------------------------------------------------------- roots and doublings

@fan_check("sichuan.roots", awards=("root",))
def roots(ctx) -> int:
    """根: one per four identical tiles anywhere in the final hand (any kong, a pung plus the
    fourth tile standing, four held concealed). Patterns that contain roots deduct them through
    YAML ``reduces``."""
    return facts(ctx).roots


@fan_check("sichuan.kong_flower", awards=("kong_flower",), reads=("after_kong",))
def kong_flower(ctx) -> int:
    """杠上花: self-drawn on the replacement tile of one's own kong."""
    s = ctx.situation
    return int(bool(s.after_kong) and s.self_drawn)


@fan_check("sichuan.kong_discard", awards=("kong_discard",), reads=("discard_after_kong",))
def kong_discard(ctx) -> int:
    """杠上炮: won on the discard a player made right after his own kong."""
    return int(ctx.situation.discard_after_kong)


@fan_check("sichuan.robbing_kong", awards=("robbing_kong",), reads=("robbing_kong",))
def robbing_kong(ctx) -> int:
    """抢杠胡: won on the tile another player added to a pung."""
    return int(ctx.situation.robbing_kong)


@fan_check("sichuan.self_draw", awards=("self_draw",))
def self_draw(ctx) -> int:
    """自摸加番: one doubling for a self-drawn win when ``zimo_bonus: double``."""
    return int(ctx.situation.self_drawn and ctx.options["zimo_bonus"] == "double")


@fan_check("sichuan.last_tile", awards=("last_tile",), reads=("last_tile",))
def last_tile(ctx) -> int:
    """海底捞月 / 妙手回春: won on the last tile of the wall (option ``extra_patterns.haidi``)."""
    return int(ctx.situation.last_tile and bool(ctx.options["extra_patterns"]["haidi"]))


@fan_check("sichuan.concealed_self_draw", awards=("concealed_self_draw",))
def concealed_self_draw(ctx) -> int:
    """门清: no pung and no exposed kong, self-drawn (option ``extra_patterns.menqing_zhongzhang``)."""
    if not ctx.options["extra_patterns"]["menqing_zhongzhang"]:
        return 0
    return int(ctx.situation.self_drawn and facts(ctx).concealed)


@fan_check("sichuan.all_simples", awards=("all_simples",))
def all_simples(ctx) -> int:
    """断幺九 / 中张: no 1 or 9 anywhere (option ``extra_patterns.menqing_zhongzhang``)."""
    if not ctx.options["extra_patterns"]["menqing_zhongzhang"]:
        return 0
    return int(not facts(ctx).has_terminal)
