"""Win shapes and the value formula of the Sichuan rules."""
from __future__ import annotations

from dataclasses import replace

from mahjong_core import shapes as S


def standard_with_sequences(inp):
    """The standard shape where sequences stand in the hand even though nobody may claim a chow
    (吃): ``table.chows: false`` forbids chow melds, not 123 runs among one's own tiles."""
    if not inp.chows:
        inp = replace(inp, chows=True)
    return S.standard(inp)


def multiplier(total, fans, situation, cap_multiplier=None):
    """2^番 (平胡 = 0 番 = ×1), capped at ``cap_multiplier`` (封顶, a multiplier such as 64)."""
    value = 2 ** total
    if cap_multiplier is not None and value > cap_multiplier:
        return cap_multiplier
    return value
