"""The ``wild_count`` shape: holding enough wilds wins whatever the other tiles are (三金倒,
四鬼胡牌), with its waits (its shanten is ``analysis.wild_count_shanten``)."""
from __future__ import annotations

from typing import Iterable

from .records import Decomposition, Group, ShapeInput


def wild_count(inp: ShapeInput, count: int = 3) -> Iterable[Decomposition]:
    """One reading when at least ``count`` of the standing tiles and the winning tile are wild:
    the melds, each wild kind's tiles (as themselves), then every other tile on its own."""
    if inp.wilds < count:
        return
    wild_tiles = inp.wild_tiles
    groups = list(inp.meld_groups)
    for k in sorted(set(wild_tiles)):
        groups.append(Group("wilds", k, wild_tiles.count(k)))
    natural = inp.natural_tiles
    groups.extend(Group("single", t) for t in natural)
    yield Decomposition("wild_count", tuple(groups), tuple(sorted(natural + wild_tiles)), wild_tiles)


def wild_count_waits(inp: ShapeInput, count: int = 3) -> list[int] | None:
    """Every kind once ``count`` wilds are held; None with one wild short (only a wild kind
    completes it, and the record does not name the kinds); else none."""
    if inp.wilds >= count:
        return sorted(t for t in inp.kinds if t < 34)
    return None if inp.wilds == count - 1 else []

