"""Which reading to report when several score the same: the competition calculator's choice.

It scores the regular splits in a fixed order (sets sorted, tiles ordered m < s < p < winds <
dragons, a pung before the chow starting on the same tile) and keeps the first best total,
except that a later equal split replaces it when it holds 一色三同顺 or 三同刻, and any equal
split replaces a seven-pairs reading.  Totals never depend on this; fan lists do.
"""
from __future__ import annotations

from .facts import REF_KEY

_PREFERRED = ("pure_triple_chow", "triple_pung")


def split_order(decomposition) -> tuple:
    """The calculator's enumeration key of a standard reading (its standing sets, sorted)."""
    keys = []
    for g in decomposition.groups:
        if g.meld >= 0 or g.kind == "pair":
            continue
        t = g.tile
        if g.kind == "chow":
            keys.append((REF_KEY[t] << 16) | (REF_KEY[t + 1] << 8) | REF_KEY[t + 2])
        else:
            k = REF_KEY[t]
            keys.append((k << 16) | (k << 8) | k)
    return tuple(sorted(keys))


def reference_choice(candidates):
    regular = sorted((c for c in candidates if c.decomposition.shape == "standard"),
                     key=lambda c: split_order(c.decomposition))
    if not regular:
        return candidates[0]
    if any(c.decomposition.shape == "seven_pairs" for c in candidates):
        return regular[-1]
    for c in reversed(regular):
        if any(f.id in _PREFERRED for f in c.fans):
            return c
    return regular[0]
