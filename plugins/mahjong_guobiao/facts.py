"""Facts about one reading of a Guobiao hand, computed once and shared by every check.

The competition calculator orders tiles m < s < p < E S W N < red < green < white; a few of
its choices (which three chows form the 3-chow fan, which split wins a tie) depend on that
order, so ``REF_KEY`` reproduces it.
"""
from __future__ import annotations

SUIT_OF = tuple(t // 9 if t < 27 else 3 for t in range(34))
RANK_OF = tuple(t % 9 + 1 if t < 27 else t - 26 for t in range(34))
_SUIT_KEY = (0x10, 0x30, 0x20)          # m, p, s  ->  m < s < p
_HONOR_KEY = (0x41, 0x42, 0x43, 0x44, 0x47, 0x46, 0x45)   # E S W N white green red
REF_KEY = tuple(_SUIT_KEY[t // 9] + t % 9 + 1 if t < 27 else _HONOR_KEY[t - 27] for t in range(34))
REF_ORDER = tuple(sorted(range(34), key=REF_KEY.__getitem__))

TERMINAL = frozenset((0, 8, 9, 17, 18, 26))
WIND = frozenset(range(27, 31))
DRAGON = frozenset(range(31, 34))
HONOR = frozenset(range(27, 34))
TERMINAL_OR_HONOR = TERMINAL | HONOR
GREEN = frozenset((19, 20, 21, 23, 25, 32))                                   # 23468s, green
REVERSIBLE = frozenset((19, 21, 22, 23, 25, 26, 9, 10, 11, 12, 13, 16, 17, 31))  # 245689s 1234589p white

# the six knitted straights, in the calculator's order (147m258s369p first)
KNITTED = tuple(tuple(sorted(base + o for base, offs in zip((0, 18, 9), seq) for o in (offs, offs + 3, offs + 6)))
                for seq in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)))
KNITTED_SETS = tuple(frozenset(k) for k in KNITTED)



class Facts:
    """Groups of a standard (or knitted) reading sorted out by kind, plus concealment counts."""

    __slots__ = ("shape", "chows", "pungs", "pair", "concealed_chows", "standing_pungs",
                 "melded_kongs", "concealed_kongs", "concealed_pungs", "melded_count", "kong_count",
                 "knitted", "fourth")

    def __init__(self, ctx):
        s = ctx.situation
        melds = s.melds
        self.shape = ctx.decomposition.shape
        chows: list[int] = []
        pungs: list[int] = []
        concealed_chows: list[int] = []
        standing_pungs: list[int] = []
        knitted: list[int] = []
        melded_kongs = concealed_kongs = 0
        pair = -1
        fourth = None
        for g in ctx.groups:
            kind, tile, _, meld = g
            if kind == "chow":
                chows.append(tile)
                if meld < 0:
                    concealed_chows.append(tile)
                fourth = g
            elif kind == "pair":
                pair = tile
            elif kind == "pung" or kind == "kong":
                pungs.append(tile)
                if meld < 0:
                    standing_pungs.append(tile)
                elif kind == "kong":
                    if melds[meld].concealed:
                        concealed_kongs += 1
                    else:
                        melded_kongs += 1
                fourth = g
            elif kind == "knitted":
                knitted.append(tile)
        self.chows = chows
        self.pungs = pungs
        self.pair = pair
        self.concealed_chows = concealed_chows
        self.standing_pungs = standing_pungs
        self.melded_kongs = melded_kongs
        self.concealed_kongs = concealed_kongs
        self.kong_count = melded_kongs + concealed_kongs
        self.melded_count = len(melds) - concealed_kongs if melds else 0
        self.knitted = knitted
        self.fourth = fourth
        # A discard win that cannot sit in a concealed chow completes a pung: that pung is
        # melded for concealment fans (a shanpon win by discard is 三暗刻, not 四暗刻).
        cp = len(standing_pungs)
        if cp and not s.self_drawn:
            w = ctx.win_tile
            if w in standing_pungs:
                for lo in concealed_chows:
                    if lo <= w <= lo + 2 and w - lo <= 2 and SUIT_OF[lo] == SUIT_OF[w]:
                        break
                else:
                    cp -= 1
        self.concealed_pungs = cp


def standing(ctx) -> tuple[int, ...]:
    """The standing tiles before the win as this reading has them: the hand itself, or — when
    wilds are held — the tiles the wilds stood for, less the winning tile (``ctx.win_tile``)."""
    s = ctx.situation
    dec = ctx.decomposition
    if not dec.wild_as and ctx.win_tile == s.win_tile:
        return s.hand
    memo = ctx.memo
    out = memo.get("gb.standing")
    if out is None:
        rest = list(dec.tiles)
        rest.remove(ctx.win_tile)
        out = memo["gb.standing"] = tuple(rest)
    return out


def facts(ctx) -> Facts:
    """The reading's facts, once per reading (and per value a wild winning tile is read as)."""
    memo = ctx.memo
    f = memo.get("gb.facts")
    if f is None:
        f = memo["gb.facts"] = Facts(ctx)
    return f


def wind_fans(pungs, prevalent: int, seat: int, out):
    """圈风刻/门风刻 of the wind pungs among ``pungs``; a wind pung scoring a wind fan is no longer
    a 幺九刻."""
    for t in pungs:
        if t == prevalent:
            out["prevalent_wind"] = 1
        if t == seat:
            out["seat_wind"] = 1


AWARDS = {"pungs": {"prevalent_wind": "wind_fans", "seat_wind": "wind_fans"}}
