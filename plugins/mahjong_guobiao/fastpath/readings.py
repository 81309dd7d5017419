"""Which hands the fast path leaves to the general one: those another shape than the standard
one could read. (The standard readings themselves are the engine's ``standard_splits`` of the
count vector: the sets sorted and the pair, as the general path orders a reading's groups.)
"""
from __future__ import annotations

from ..facts import KNITTED_SETS, TERMINAL_OR_HONOR

_TERMINALS_AND_HONORS = tuple(sorted(TERMINAL_OR_HONOR))
_GATES = [3, 1, 1, 1, 1, 1, 1, 1, 3]            # nine_gates: the hand before its winning tile


def special_possible(counts: list, melded: bool, win: int) -> bool:
    """Could a shape other than the standard one read this hand (standing tiles and winning tile
    as ``counts``, won on ``win``)? A superset of when each does: seven pairs (every count even),
    全不靠/七星不靠 (no kind twice), all of them concealed only; 组合龙 (the nine tiles of a
    knitted straight standing); and exactly: thirteen orphans (each of its thirteen kinds held,
    nothing else), 九莲宝灯 (concealed, one suit, 1112345678999 before the winning tile)."""
    for k in KNITTED_SETS:
        for t in k:
            if not counts[t]:
                break
        else:
            return True
    if melded:
        return False
    if max(counts) <= 1:
        return True
    for c in counts:
        if c & 1:
            break
    else:
        return True
    if sum(counts[t] for t in _TERMINALS_AND_HONORS) == 14:
        return all(counts[t] for t in _TERMINALS_AND_HONORS)
    for lo in (0, 9, 18):
        if sum(counts[lo:lo + 9]) == 14:
            if not lo <= win < lo + 9:
                return False
            before = counts[lo:lo + 9]
            before[win - lo] -= 1
            return before == _GATES
    return False
