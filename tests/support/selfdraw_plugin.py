"""A third-party shape that allows one way of winning, written with the one plugin import only:
``club.all_honours``, every standing tile and the winning tile an honour, whatever the groups —
won only by self-draw (``WinShape.win_methods``)."""
from __future__ import annotations

from mahjong_core.plugin import Decomposition, Group, ShapeInput, WinShape, hookimpl
from mahjong_core.plugin import tiles as T


def all_honours(inp: ShapeInput):
    """Every standing tile and the winning tile an honour (no melds, no wilds): one reading, each
    tile a single."""
    if inp.meld_groups or inp.wilds or any(inp.counts[t] for t in range(27)):
        return
    tiles = inp.natural_tiles
    yield Decomposition("club.all_honours", tuple(Group("single", t) for t in tiles), tiles, ())


def all_honours_waits(inp: ShapeInput):
    """Any honour completes an all-honour hand."""
    if inp.meld_groups or inp.wilds or any(inp.counts[t] for t in range(27)):
        return []
    return [t for t in sorted(T.HONORS) if t in inp.kinds]


@hookimpl
def mahjong_win_shapes():
    return [WinShape("club.all_honours", all_honours, "every tile an honour, whatever the groups; self-drawn only",
                     waits=all_honours_waits, win_methods=("self_drawn",))]
