"""The tile-trait engine: fans read from which kinds a hand holds, and what each group adds to
the fans every group must share.

A hand's kinds are a bit mask (bit ``t`` for kind ``t``); ``traits_key`` folds it into the 16
bits the traits read, and ``key_traits`` answers a key once (cached), asking each fan's
predicate in ``TRAIT_FANS``: to find what decides 绿一色 (``all_green``), read ``all_green``
below. ``fills.py`` builds its keys from these same names.
"""
from __future__ import annotations

from functools import lru_cache

from .facts import GREEN, RANK_OF, REVERSIBLE


def mask(tiles) -> int:
    """The bit mask of the kinds among ``tiles``."""
    m = 0
    for t in tiles:
        m |= 1 << t
    return m


_GREEN, _REVERSIBLE = mask(GREEN), mask(REVERSIBLE)
# bit r-1 for rank r of a suit; bit i for honour 27 + i
_GREEN_S, _GREEN_H = _GREEN >> 18 & 0x1FF, _GREEN >> 27                # 23468s; 6z
_REV_P, _REV_S, _REV_H = _REVERSIBLE >> 9 & 0x1FF, _REVERSIBLE >> 18 & 0x1FF, _REVERSIBLE >> 27


# the bits of a traits key above the nine rank bits
CHARACTERS, DOTS, BAMBOO = 1 << 9, 1 << 10, 1 << 11
HAS_WINDS, HAS_DRAGONS = 1 << 12, 1 << 13
ALL_GREEN, ALL_REVERSIBLE = 1 << 14, 1 << 15
_HONOR = HAS_WINDS | HAS_DRAGONS
_TERMINAL_RANKS = 0b100000001           # ranks 1 and 9


def traits_key(present: int) -> int:
    """All that the tile traits read of a bit mask of the kinds held, in 16 bits: the ranks
    held in any suit, which suits, whether winds and dragons, whether every kind is green,
    whether every kind is reversible. Far fewer keys than masks, so their traits stay cached."""
    m = present & 0x1FF
    p = present >> 9 & 0x1FF
    s = present >> 18 & 0x1FF
    h = present >> 27
    key = m | p | s
    if m:
        key |= CHARACTERS
    if p:
        key |= DOTS
    if s:
        key |= BAMBOO
    if h & 0xF:
        key |= HAS_WINDS
    if h >> 4:
        key |= HAS_DRAGONS
    if not (m or p or s & ~_GREEN_S or h & ~_GREEN_H):
        key |= ALL_GREEN
    if not (m or p & ~_REV_P or s & ~_REV_S or h & ~_REV_H):
        key |= ALL_REVERSIBLE
    return key


# ---------------------------------------------------------------- one predicate per fan (of a key)

def _missing(key: int) -> int:
    """How many of the three suits the hand lacks."""
    return (not key & CHARACTERS) + (not key & DOTS) + (not key & BAMBOO)


def _simples(key: int) -> bool:
    return not key & _HONOR and not key & _TERMINAL_RANKS


def half_flush(key: int) -> int:
    """混一色: one suit and honours."""
    return _missing(key) == 2 and bool(key & _HONOR)


def full_flush(key: int) -> int:
    """清一色: one suit, no honour."""
    return _missing(key) == 2 and not key & _HONOR


def no_honors(key: int) -> int:
    """无字: no honour, in at least two suits (one suit is 清一色)."""
    return _missing(key) != 2 and not key & _HONOR


def one_voided_suit(key: int) -> int:
    """缺一门: a suit missing (two missing is a flush instead), counted per missing suit."""
    missing = _missing(key)
    return missing if missing != 2 else 0


def all_types(key: int) -> int:
    """五门齐: three suits, winds and dragons."""
    return not _missing(key) and key & _HONOR == _HONOR


def all_simples(key: int) -> int:
    """断幺: no terminal, no honour."""
    return _simples(key)


def reversible_tiles(key: int) -> int:
    """推不倒: every kind looks the same upside down."""
    return bool(key & ALL_REVERSIBLE)


def all_green(key: int) -> int:
    """绿一色: every kind green (23468s and the green dragon)."""
    return bool(key & ALL_GREEN)


def all_honors(key: int) -> int:
    """字一色: honours only."""
    return not key & 0x1FF and bool(key & _HONOR)


def all_terminals(key: int) -> int:
    """清幺九: terminals only."""
    ranks = key & 0x1FF
    return bool(ranks) and not ranks & ~_TERMINAL_RANKS and not key & _HONOR


def all_terminals_and_honors(key: int) -> int:
    """混幺九: terminals and honours, both."""
    ranks = key & 0x1FF
    return bool(ranks) and not ranks & ~_TERMINAL_RANKS and bool(key & _HONOR)


def _no_honor_ranks(key: int, outside: int, inside: int) -> int:
    """The hand holds no honour, no rank in ``outside`` and (``inside`` given) one in ``inside``."""
    return not key & _HONOR and not key & outside and (not inside or bool(key & inside))


def lower_four(key: int) -> int:
    """小于五: ranks 1–4 only, a 4 among them (else it is 全小)."""
    return _no_honor_ranks(key, 0b111110000, 0b1000)


def lower_tiles(key: int) -> int:
    """全小: ranks 1–3 only."""
    return _no_honor_ranks(key, 0b111111000, 0)


def upper_four(key: int) -> int:
    """大于五: ranks 6–9 only, a 6 among them (else it is 全大)."""
    return _no_honor_ranks(key, 0b000011111, 0b100000)


def upper_tiles(key: int) -> int:
    """全大: ranks 7–9 only."""
    return _no_honor_ranks(key, 0b000111111, 0b111000000)


def middle_tiles(key: int) -> int:
    """全中: ranks 4–6 only, not all of them on one side of 5 (else 小于五 or 大于五)."""
    return _no_honor_ranks(key, 0b111000111, 0) and (bool(key & 0b10000) or key & 0b101000 == 0b101000)


# fan id → its predicate over a traits key, in the order the answers list them
TRAIT_FANS = {
    "half_flush": half_flush, "full_flush": full_flush, "no_honors": no_honors,
    "one_voided_suit": one_voided_suit, "all_types": all_types, "all_simples": all_simples,
    "reversible_tiles": reversible_tiles, "all_green": all_green, "all_honors": all_honors,
    "all_terminals": all_terminals, "all_terminals_and_honors": all_terminals_and_honors,
    "lower_four": lower_four, "lower_tiles": lower_tiles, "upper_four": upper_four,
    "upper_tiles": upper_tiles, "middle_tiles": middle_tiles,
}


@lru_cache(maxsize=1 << 16)             # every key: there are 2**16
def key_traits(key: int) -> dict:
    """The trait fans of a traits key, each counted as its predicate says (shared, never
    modified)."""
    out = {}
    for fid, holds in TRAIT_FANS.items():
        n = holds(key)
        if n:
            out[fid] = int(n)
    return out


def traits(present: int) -> dict:
    """无字, 缺一门, 混一色, 清一色, 五门齐, 断幺, 推不倒, 绿一色, 字一色, 清幺九, 混幺九 and the rank
    ranges (全大/全中/全小/大于五/小于五) of the tiles as a whole, from a bit mask of the kinds held
    (shared, never modified)."""
    return key_traits(traits_key(present))


def hand_traits(ctx) -> dict:
    """The tile traits depend only on the kinds held: the hand's natural tiles and melds (once
    per hand) and what the reading's wilds stand for."""
    memo = ctx.hand_memo
    present = memo.get("gb.natural_kinds")
    if present is None:
        present = memo["gb.natural_kinds"] = ctx.situation.natural_kinds
    for t in ctx.decomposition.wild_as:
        present |= 1 << t
    return traits(present)


# ---------------------------------------------------------------- what every group shares

OUTSIDE, FIVE, EVEN = 1, 2, 4        # what a group adds to 全带幺 / 全带五 / 全双刻


def _pung_class(t: int) -> int:
    """What a pung or pair of ``t`` adds to 全带幺 / 全带五 / 全双刻."""
    if t >= 27:
        return OUTSIDE
    r = RANK_OF[t]
    return OUTSIDE if r in (1, 9) else FIVE if r == 5 else EVEN if r % 2 == 0 else 0


def _chow_class(lo: int) -> int:
    """What a chow from ``lo`` adds to 全带幺 / 全带五 (never 全双刻)."""
    r = RANK_OF[lo]
    return OUTSIDE if r in (1, 7) else FIVE if 3 <= r <= 5 else 0


PUNG_CLASS = tuple(_pung_class(t) for t in range(34))
CHOW_CLASS = tuple(_chow_class(t) if t < 27 else 0 for t in range(34))


def group_traits(f, out):
    """全带幺, 全带五, 全双刻 over the five groups of a standard reading (the class every group
    shares); 平和."""
    shared = PUNG_CLASS[f.pair]
    for lo in f.chows:
        shared &= CHOW_CLASS[lo]
    for t in f.pungs:
        shared &= PUNG_CLASS[t]
    if shared == OUTSIDE:
        out["outside_hand"] = 1
    elif shared == FIVE:
        out["all_five"] = 1
    elif shared == EVEN:
        out["all_even_pungs"] = 1
    if len(f.chows) == 4 and f.pair < 27:
        out["all_chows"] = 1


# the check reporting them (guobiao.tiles) → fan id → the function of this module that decides it
AWARDS = {"tiles": {**{fid: holds.__name__ for fid, holds in TRAIT_FANS.items()},
                    "outside_hand": "group_traits", "all_five": "group_traits", "all_even_pungs": "group_traits",
                    "all_chows": "group_traits"}}
