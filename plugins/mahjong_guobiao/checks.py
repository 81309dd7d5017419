"""Guobiao fan checks. Each check owns a family of fans and returns ``{fan_id: count}``;
points and exclusions live in rulesets/guobiao.yaml.  Every check reads the same per-reading
``Facts`` (facts.py) and dispatches on the shape: the special shapes earn only the fans the
rule book lets them combine with.
"""
from __future__ import annotations

from functools import lru_cache

from .facts import DRAGON, GREEN, RANK_OF, REVERSIBLE, TERMINAL, WIND, facts, seven_shifted, standing
from .relations import chow_table, pung_table
from .waits import knitted_remainder_unique, only_wait

_EMPTY: dict = {}


def _nine_gates_rank(ctx) -> int:
    """Rank of the extra tile over 1112345678999 in a nine-gates reading (the shape has already
    checked that the winning tile is that extra tile, wilds resolved), else 0."""
    def compute():
        tiles = ctx.decomposition.tiles
        if ctx.decomposition.shape != "nine_gates" or not tiles:
            return 0
        base = tiles[0] - tiles[0] % 9
        counts = [0] * 9
        for t in tiles:
            counts[t - base] += 1
        for r, (have, need) in enumerate(zip(counts, (3, 1, 1, 1, 1, 1, 1, 1, 3))):
            if have > need:
                return r + 1
        return 0
    return ctx.memoised("gb.nine_gates", compute)


def fallback(ctx):
    """Never found by itself: 无番和 is awarded through ``scoring.fallback`` when nothing remains."""
    return 0


# ---------------------------------------------------------------- shape fans

def special(ctx):
    """七对/连七对, 十三幺, 全不靠/七星不靠 (+组合龙 when all nine knitted tiles), 组合龙's
    regular form, 九莲宝灯."""
    shape = ctx.decomposition.shape
    if shape == "seven_pairs":
        return {"seven_shifted_pairs": 1} if seven_shifted(ctx.counts) else {"seven_pairs": 1}
    if shape == "thirteen_orphans":
        return {"thirteen_orphans": 1}
    if shape == "honors_and_knitted":
        counts = ctx.counts
        numbered = sum(1 for t in range(27) if counts[t])
        if numbered == 7:
            return {"greater_honors_and_knitted_tiles": 1}
        out = {"lesser_honors_and_knitted_tiles": 1}
        if numbered == 9:
            out["knitted_straight"] = 1
        return out
    if shape == "knitted_straight":
        return {"knitted_straight": 1}
    if shape == "nine_gates":
        return {"nine_gates": 1} if _nine_gates_rank(ctx) else _EMPTY
    return _EMPTY


# ---------------------------------------------------------------- chows

def chows(ctx):
    """Chow relationships (双龙会, 4-chow, 3-chow and 1-point links) under 不拆移/不得相同/套算一次."""
    shape = ctx.decomposition.shape
    if shape == "standard":
        f = facts(ctx)
        if len(f.chows) < 2:
            return _EMPTY
        return chow_table(tuple(f.chows), f.pair if len(f.chows) == 4 else -1)
    if shape == "nine_gates":
        r = _nine_gates_rank(ctx)
        if r in (1, 9):
            return {"pure_straight": 1}
        if r in (2, 3, 4, 6, 7, 8):
            return {"short_straight": 1}
    return _EMPTY


# ---------------------------------------------------------------- pungs

def _wind_fans(pungs, prevalent: int, seat: int, out):
    """圈风刻/门风刻; a wind pung scoring a wind fan is no longer a 幺九刻."""
    for t in pungs:
        if t == prevalent:
            out["prevalent_wind"] = 1
        if t == seat:
            out["seat_wind"] = 1


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
        return _pung_fans(tuple(ps), len(f.chows), pair if pair >= 27 else -1, 27 + s.round_wind, 27 + s.seat_wind)
    if shape == "knitted_straight":
        g = facts(ctx).fourth
        if g is None or g.kind == "chow":
            return _EMPTY
        t = g.tile
        if t in DRAGON:
            return {"dragon_pung": 1}
        out = {}
        if t in WIND:
            s = ctx.situation
            _wind_fans((t,), 27 + s.round_wind, 27 + s.seat_wind, out)
            if not out:
                out["pung_of_terminals_or_honors"] = 1
        elif t in TERMINAL:
            out["pung_of_terminals_or_honors"] = 1
        return out
    if shape == "nine_gates":
        r = _nine_gates_rank(ctx)
        n = ctx.options.get("nine_gates_pung_of_terminals", 1)
        if r in (2, 5, 8) and n:
            return {"pung_of_terminals_or_honors": n}
    return _EMPTY


@lru_cache(maxsize=1 << 14)
def _pung_fans(ps: tuple, n_chows: int, pair: int, prevalent: int, seat: int) -> dict:
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
    _wind_fans(winds, prevalent, seat, out)
    if winds and "big_three_winds" not in out:
        terminals += sum(1 for t in winds if t != prevalent and t != seat)
    if terminals:
        out["pung_of_terminals_or_honors"] = terminals
    return out


# ---------------------------------------------------------------- kongs and concealed pungs

_CONCEALED_PUNGS = {2: "two_concealed_pungs", 3: "three_concealed_pungs", 4: "four_concealed_pungs"}


def _kong_table(cp, mk, ck, split):
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
            split = ctx.options.get("melded_and_concealed_kong", "combined")
            if split == "combined" and not ctx.ruleset.has_fan("concealed_kong_and_melded_kong"):
                split = "separate"        # 明暗杠 switched off: the 1998 table's 明杠 + 暗杠
            out = _kong_table(f.concealed_pungs, f.melded_kongs, f.concealed_kongs, split)
            if len(f.pungs) == 4:
                out["all_pungs"] = 1
        memo["gb.concealment"] = out
        return out
    if shape == "knitted_straight":
        g = facts(ctx).fourth
        if g is not None and g.kind == "kong":
            return {"concealed_kong" if ctx.situation.melds[g.meld].concealed else "melded_kong": 1}
        return _EMPTY
    if shape == "nine_gates" and _nine_gates_rank(ctx) in (2, 5, 8):
        return {"two_concealed_pungs": 1}
    return _EMPTY


# ---------------------------------------------------------------- how the hand was won

def win(ctx):
    """门前清/不求人/全求人/自摸 and the situational fans 和绝张, 妙手回春, 海底捞月, 杠上开花, 抢杠和."""
    s = ctx.situation
    opts = ctx.options
    last_from_melds = s.melds and not s.fourth_tile and opts.get("last_tile_from_melds", True)
    if ctx.win_wild and (not s.self_drawn or (last_from_melds and any(
            ctx.meld_counts[t] == 3 for t in set(ctx.decomposition.wild_as)))):
        return ctx.per_win_value(win)     # what the tile stood for decides concealment or 和绝张
    shape = ctx.decomposition.shape
    if shape == "knitted_straight":
        return _win(ctx, shape, False, last_from_melds)
    # otherwise the answer depends on the reading only through these (the melds are the hand's)
    four = shape == "standard" and s.self_drawn and facts(ctx).melded_count == 0 \
        and "four_concealed_pungs" in concealment(ctx)
    copy = (s.fourth_tile or s.robbing_kong) and not ctx.win_wild and ctx.win_tile in ctx.decomposition.wild_as
    key = ("gb.win", shape, ctx.win_tile, ctx.win_wild, four, copy)
    out = ctx.hand_memo.get(key)
    if out is None:
        out = ctx.hand_memo[key] = _win(ctx, shape, four, last_from_melds)
        if copy:
            # a wild reads as another copy of the winning tile: scored as the natural hand it
            # spells, whose winner would hold that copy, so neither 和绝张 nor 抢杠和
            out = ctx.hand_memo[key] = {f: n for f, n in out.items() if f not in _NO_OTHER_COPY}
    return out


_NO_OTHER_COPY = ("last_tile", "robbing_the_kong")     # fans saying the winner holds no other copy


def _win(ctx, shape: str, four_concealed_pungs: bool, last_from_melds: bool) -> dict:
    s = ctx.situation
    opts = ctx.options
    out = {}
    self_drawn = s.self_drawn
    if shape == "standard":
        melded = facts(ctx).melded_count
        if melded == 0:
            if self_drawn:
                if four_concealed_pungs and not opts.get("four_concealed_pungs_fully_concealed", False):
                    out["self_drawn"] = 1
                else:
                    out["fully_concealed_hand"] = 1
            else:
                out["concealed_hand"] = 1
        elif melded == 4 and not self_drawn:
            out["melded_hand"] = 1
        elif self_drawn:
            out["self_drawn"] = 1
    elif shape == "knitted_straight":
        g = facts(ctx).fourth
        if g is None or g.meld < 0 or ctx.situation.melds[g.meld].concealed:
            out["fully_concealed_hand" if self_drawn else "concealed_hand"] = 1
        elif self_drawn:
            out["self_drawn"] = 1
    elif self_drawn:        # special shapes: concealment is implied
        if opts.get("special_hands_fully_concealed", False):
            out["fully_concealed_hand"] = 1
        else:
            out["self_drawn"] = 1
    if s.fourth_tile or (last_from_melds and not ctx.win_wild and ctx.meld_counts[ctx.win_tile] == 3):
        out["last_tile"] = 1          # the other three copies are in sight: 和绝张
    if s.last_tile:
        out["last_tile_draw" if self_drawn else "last_tile_claim"] = 1
    if s.after_kong and self_drawn:
        out["out_with_replacement_tile"] = 1
    if s.robbing_kong:
        out["robbing_the_kong"] = 1
    return out


# ---------------------------------------------------------------- tiles and suits

def _mask(tiles) -> int:
    m = 0
    for t in tiles:
        m |= 1 << t
    return m


_GREEN, _REVERSIBLE = _mask(GREEN), _mask(REVERSIBLE)
# bit r-1 for rank r of a suit; bit i for honour 27 + i
_GREEN_S, _GREEN_H = _GREEN >> 18 & 0x1FF, _GREEN >> 27                # 23468s; 6z
_REV_P, _REV_S, _REV_H = _REVERSIBLE >> 9 & 0x1FF, _REVERSIBLE >> 18 & 0x1FF, _REVERSIBLE >> 27


# the bits of a traits key above the nine rank bits
_CHARACTERS, _DOTS, _BAMBOO = 1 << 9, 1 << 10, 1 << 11
_HAS_WINDS, _HAS_DRAGONS = 1 << 12, 1 << 13
_ALL_GREEN, _ALL_REVERSIBLE = 1 << 14, 1 << 15
_TERMINAL_RANKS = 0b100000001           # ranks 1 and 9


def _traits_key(present: int) -> int:
    """All that the tile traits read of a bit mask of the kinds held, in 16 bits: the ranks
    held in any suit, which suits, whether winds and dragons, whether every kind is green,
    whether every kind is reversible. Far fewer keys than masks, so their traits stay cached."""
    m = present & 0x1FF
    p = present >> 9 & 0x1FF
    s = present >> 18 & 0x1FF
    h = present >> 27
    key = m | p | s
    if m:
        key |= _CHARACTERS
    if p:
        key |= _DOTS
    if s:
        key |= _BAMBOO
    if h & 0xF:
        key |= _HAS_WINDS
    if h >> 4:
        key |= _HAS_DRAGONS
    if not (m or p or s & ~_GREEN_S or h & ~_GREEN_H):
        key |= _ALL_GREEN
    if not (m or p & ~_REV_P or s & ~_REV_S or h & ~_REV_H):
        key |= _ALL_REVERSIBLE
    return key


def _traits(present: int) -> dict:
    """无字, 缺一门, 混一色, 清一色, 五门齐, 断幺, 推不倒, 绿一色, 字一色, 清幺九, 混幺九 and the rank
    ranges (全大/全中/全小/大于五/小于五) of the tiles as a whole, from a bit mask of the kinds held
    (shared, never modified)."""
    return _key_traits(_traits_key(present))


@lru_cache(maxsize=None)              # at most 2**16 keys
def _key_traits(key: int) -> dict:
    """``_traits`` from the mask's ``_traits_key``."""
    out = {}
    ranks = key & 0x1FF
    honor = key & (_HAS_WINDS | _HAS_DRAGONS)
    missing = (not key & _CHARACTERS) + (not key & _DOTS) + (not key & _BAMBOO)
    if missing == 2:
        out["half_flush" if honor else "full_flush"] = 1
    else:
        if not honor:
            out["no_honors"] = 1
        if missing:
            out["one_voided_suit"] = missing
        elif honor == _HAS_WINDS | _HAS_DRAGONS:
            out["all_types"] = 1
    simples = not honor and not ranks & _TERMINAL_RANKS
    if simples:
        out["all_simples"] = 1
    if key & _ALL_REVERSIBLE:
        out["reversible_tiles"] = 1
    if key & _ALL_GREEN:
        out["all_green"] = 1
    if not simples:
        if not ranks:
            out["all_honors"] = 1
        elif not ranks & ~_TERMINAL_RANKS:
            out["all_terminals" if not honor else "all_terminals_and_honors"] = 1
    if not honor:
        if not ranks & 0b111110000:           # 1–4 only
            out["lower_four" if ranks & 0b1000 else "lower_tiles"] = 1
        elif not ranks & 0b000011111:         # 6–9 only
            out["upper_four" if ranks & 0b100000 else "upper_tiles"] = 1
        elif not ranks & 0b111000111:         # 4–6 only
            out["middle_tiles"] = 1
    return out


def _hand_traits(ctx) -> dict:
    """The tile traits depend only on the kinds held: the hand's natural tiles and melds (once
    per hand) and what the reading's wilds stand for."""
    memo = ctx.hand_memo
    present = memo.get("gb.natural_kinds")
    if present is None:
        present = memo["gb.natural_kinds"] = ctx.situation.natural_kinds
    for t in ctx.decomposition.wild_as:
        present |= 1 << t
    return _traits(present)


_OUTSIDE, _FIVE, _EVEN = 1, 2, 4        # what a group adds to 全带幺 / 全带五 / 全双刻


def _pung_class(t: int) -> int:
    """What a pung or pair of ``t`` adds to 全带幺 / 全带五 / 全双刻."""
    if t >= 27:
        return _OUTSIDE
    r = RANK_OF[t]
    return _OUTSIDE if r in (1, 9) else _FIVE if r == 5 else _EVEN if r % 2 == 0 else 0


def _chow_class(lo: int) -> int:
    """What a chow from ``lo`` adds to 全带幺 / 全带五 (never 全双刻)."""
    r = RANK_OF[lo]
    return _OUTSIDE if r in (1, 7) else _FIVE if 3 <= r <= 5 else 0


_PUNG_CLASS = tuple(_pung_class(t) for t in range(34))
_CHOW_CLASS = tuple(_chow_class(t) if t < 27 else 0 for t in range(34))


def _group_traits(f, out):
    """全带幺, 全带五, 全双刻 over the five groups of a standard reading (the class every group
    shares); 平和."""
    shared = _PUNG_CLASS[f.pair]
    for lo in f.chows:
        shared &= _CHOW_CLASS[lo]
    for t in f.pungs:
        shared &= _PUNG_CLASS[t]
    if shared == _OUTSIDE:
        out["outside_hand"] = 1
    elif shared == _FIVE:
        out["all_five"] = 1
    elif shared == _EVEN:
        out["all_even_pungs"] = 1
    if len(f.chows) == 4 and f.pair < 27:
        out["all_chows"] = 1


def tiles(ctx):
    """Fans read from the tiles and groups as a whole: suits, tile traits, rank ranges, 四归一,
    全带幺/全带五/全双刻 and 平和."""
    shape = ctx.decomposition.shape
    counts = ctx.counts
    out: dict = {}
    if shape == "standard":
        f = facts(ctx)
        out.update(_hand_traits(ctx))
        _group_traits(f, out)
        hogs = counts.count(4) - f.kong_count
        if hogs > 0:
            out["tile_hog"] = hogs
        return out
    if shape == "seven_pairs":
        if seven_shifted(counts):
            lo = min(t for t in range(34) if counts[t])
            if lo % 9 == 1:
                out["all_simples"] = 1
            return out
        out.update(_hand_traits(ctx))
        hogs = counts.count(4)
        if hogs and (ctx.options.get("seven_pairs_tile_hog_with_pure_hands", True)
                     or not ("all_green" in out or "all_terminals" in out)):
            out["tile_hog"] = hogs
        return out
    if shape == "knitted_straight":
        f = facts(ctx)
        g = f.fourth
        pair = f.pair
        if g.kind == "chow":
            if pair < 27:
                out["all_chows"] = 1
            if counts[pair] == 4:
                out["tile_hog"] = 1
        else:
            t = g.tile
            if t in WIND:
                if pair in DRAGON:
                    out["all_types"] = 1
            elif t in DRAGON:
                if pair in WIND:
                    out["all_types"] = 1
            else:
                if pair < 27:
                    out["no_honors"] = 1
                if g.kind != "kong" and counts[t] == 4:
                    out["tile_hog"] = 1
        return out
    if shape == "nine_gates" and _nine_gates_rank(ctx) in (1, 9):
        return {"tile_hog": 1}
    return out


# ---------------------------------------------------------------- unique waits

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
                                                  ctx.options.get("formal_waits", True))
        if not only:
            return _EMPTY
        if edge:
            return {"edge_wait": 1}
        return {"closed_wait": 1} if closed else {"single_wait": 1}
    if shape == "knitted_straight":
        return _knitted_waits(ctx, w)
    return _EMPTY


def _knitted_waits(ctx, w):
    f = facts(ctx)
    body = set()
    for lo in f.knitted:
        body.update((lo, lo + 3, lo + 6))
    in_body = w in body
    if not in_body or ctx.options.get("knitted_straight_body_waits", True):
        if not ctx.situation.melds:
            rest = list(ctx.counts)
            for t in body:
                rest[t] -= 1
            if not knitted_remainder_unique(rest, w):
                return _EMPTY
            g = f.fourth
            if g.kind == "chow":
                if w == g.tile + 1:
                    return {"closed_wait": 1}
                if w == g.tile or w == g.tile + 2:
                    return {"edge_wait": 1}
            if f.pair == w:
                return {"single_wait": 1}
            return _EMPTY
        if not in_body:
            return {"single_wait": 1}
        if standing(ctx).count(w) + 1 == 3:
            return {"single_wait": 1}
    return _EMPTY
