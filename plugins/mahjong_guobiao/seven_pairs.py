"""七对 / 连七对 (seven pairs, seven shifted pairs): the engine finds the shape
(``mahjong_core.engine.shapes``); this module holds what Guobiao awards a seven-pairs reading. Its
waits are the pre-win hand's (waits.py), its fill key in fills.py.
"""
from __future__ import annotations

from .traits import hand_traits


def shifted(counts) -> bool:
    """Seven consecutive pairs of one suit (counts of the whole hand)."""
    for base in (0, 9, 18):
        run = 0
        for t in range(base, base + 9):
            if counts[t] == 2:
                run += 1
                if run == 7:
                    return True
            else:
                run = 0
    return False


def special(ctx):
    """连七对 when the pairs run in one suit, else 七对."""
    return {"seven_shifted_pairs": 1} if shifted(ctx.counts) else {"seven_pairs": 1}


def tiles(ctx):
    """连七对 implies its suit's traits: only 断幺 (2–8) is added. 七对 takes the tile traits and
    四归一 for each kind held four times (beside 绿一色 / 清幺九 only as the option says)."""
    counts = ctx.counts
    out: dict = {}
    if shifted(counts):
        lo = min(t for t in range(34) if counts[t])
        if lo % 9 == 1:
            out["all_simples"] = 1
        return out
    out.update(hand_traits(ctx))
    hogs = counts.count(4)
    if hogs and (ctx.options["seven_pairs_tile_hog_with_pure_hands"]
                 or not ("all_green" in out or "all_terminals" in out)):
        out["tile_hog"] = hogs
    return out


AWARDS = {"special": {"seven_pairs": "special", "seven_shifted_pairs": "special"}}
# fans a seven-pairs reading earns beside it (the tile traits through traits.py)
ALSO_AWARDS = {"all_simples": "tiles", "tile_hog": "tiles"}
