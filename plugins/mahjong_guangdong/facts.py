"""Tile facts of one winning hand that every Guangdong check shares, in the two readings the
profiles use (README.md: Fans):

* **natural** — the raw tiles (standing, winning tile, melds) with every tile of a ghost kind
  left out, whatever it stands for: 推倒胡's and 包's suit tests ignore ghost-kind tiles;
* **read** — the reading's tiles with each wild replaced by what it stands for (``ctx.counts``,
  as the popular checks read them): the 大胡 table's rows, where a ghost counts as its stand-in
  (inferred: no source says how a 大胡 row reads a ghost; the club ghost options come from
  README.md [G]).

A ghost-kind tile standing as itself is a natural tile of the read reading but not of the
natural one: the suit fans of 推倒胡 and 包 never see it, the 大胡 rows do.
"""
from __future__ import annotations

from typing import NamedTuple

from mahjong_core.plugin import tiles as T


class Suits(NamedTuple):
    """Which suits a set of tiles touches: the numbered suits (0 m, 1 p, 2 s) and honours."""

    numbered: frozenset
    honours: bool
    terminal_or_honour: bool      # every tile is a 1, a 9 or an honour
    empty: bool

    @property
    def one_suit(self) -> bool:
        return len(self.numbered) == 1


def suits_of_counts(counts) -> Suits:
    """The ``Suits`` of a 34-count vector."""
    numbered = frozenset(s for s in range(3) if any(counts[9 * s: 9 * s + 9]))
    honours = any(counts[27:34])
    outer = all(not counts[t] for t in range(27) if t % 9 not in (0, 8))
    return Suits(numbered, honours, outer, not numbered and not honours)


def natural_counts(situation) -> list[int]:
    """34 counts of the hand's raw tiles (standing, winning tile, melds) without any tile of a
    wild kind."""
    wild = situation.wilds
    counts = [0] * T.NUM_KINDS
    for t in situation.all_tiles:
        if t not in wild:
            counts[t] += 1
    return counts


def ghost_tiles(situation) -> int:
    """Tiles of a wild kind among the hand's raw tiles, melds included: the 4-or-6 horse rule of
    推倒胡 counts them (README.md: Choices)."""
    wild = situation.wilds
    return sum(1 for t in situation.all_tiles if t in wild) if wild else 0


def natural_suits(ctx) -> Suits:
    """The ``Suits`` of the hand without its ghost-kind tiles, once per hand."""
    return ctx.memoised("guangdong.natural_suits", lambda: suits_of_counts(natural_counts(ctx.situation)),
                        per_hand=True)


def read_suits(ctx) -> Suits:
    """The ``Suits`` of this reading, each wild read as what it stands for."""
    return ctx.memoised("guangdong.read_suits", lambda: suits_of_counts(ctx.counts))


class Sets(NamedTuple):
    """The sets of a standard reading: how many, chows, pungs (kongs included), and the pair."""

    sets: int
    chows: int
    pungs: int
    pair: int | None              # the pair's kind as read; None outside the standard shape


def sets_of(ctx) -> Sets:
    """The ``Sets`` of this reading (zeros and no pair for seven pairs and thirteen orphans)."""
    def compute() -> Sets:
        if ctx.decomposition.shape != "standard":
            return Sets(0, 0, 0, None)
        chows = pungs = 0
        pair = None
        for g in ctx.groups:
            if g.kind == "chow":
                chows += 1
            elif g.kind in ("pung", "kong"):
                pungs += 1
            elif g.kind == "pair":
                pair = g.tile
        return Sets(chows + pungs, chows, pungs, pair)
    return ctx.memoised("guangdong.sets", compute)


def all_pungs(ctx) -> bool:
    """A standard reading whose every set is a pung or a kong (对对碰 / 碰碰胡 / 对对糊)."""
    s = sets_of(ctx)
    return s.sets > 0 and s.chows == 0


def fours_in_pairs(ctx) -> int:
    """Kinds read as two pairs of a seven-pairs reading (a kind held four times in hand)."""
    seen: dict[int, int] = {}
    for g in ctx.groups:
        if g.kind == "pair":
            seen[g.tile] = seen.get(g.tile, 0) + 1
    return sum(1 for n in seen.values() if n >= 2)
