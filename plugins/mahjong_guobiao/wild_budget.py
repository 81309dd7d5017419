"""Wilds as a budget in the special shapes' shanten (组合龙, 全不靠, 九莲宝灯), as the standard
shape counts them: each wild held fills one tile the natural tiles lack, so a shape's shanten
with ``w`` wilds is its shanten of the natural tiles alone less ``w`` (never below −1, complete).

That holds because each shape's natural-tile shanten is the fewest tiles missing from some
complete hand of the shape, less one, whatever the number of natural tiles, and a wild may stand
for any missing tile: 全不靠 and 组合龙's body want distinct kinds the hand lacks, and their
remaining set and pair are the standard shape's count. (A wild that would have to be a fifth
copy of a kind is not told apart, as in the standard shape.) The readings with wilds
(``readings``) stay the judge of a win; ``tests/analysis`` checks these answers against a
search by drawing and letting go.
"""
from __future__ import annotations

from mahjong_core.plugin import NEVER


def less_wilds(value: int, wilds: int) -> int:
    """A shanten of the natural tiles, with ``wilds`` wilds beside them."""
    return value if value >= NEVER or not wilds else max(-1, value - wilds)


def draws_less_wilds(values: list[int], wilds: int) -> list[int]:
    """``shanten_draws`` of the natural tiles, each with ``wilds`` wilds beside them."""
    if not wilds:
        return values
    return [v if v >= NEVER else max(-1, v - wilds) for v in values]
