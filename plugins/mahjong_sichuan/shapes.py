"""Win shapes and the value formula of the Sichuan rules."""
from __future__ import annotations

from mahjong_core import shapes as S
from mahjong_core import tiles as T
from mahjong_core import waits as W


def standard_with_sequences(inp):
    """The standard shape where sequences stand in the hand even though nobody may claim a chow
    (吃): ``table.chows: false`` forbids chow melds, not 123 runs among one's own tiles."""
    if not inp.chows:
        inp = S.ShapeInput(inp.counts, inp.wilds, inp.meld_groups, inp.sets_needed, True, inp.kinds,
                           inp.meld_counts)
    return S.standard(inp)


def multiplier(total, fans, situation, cap_multiplier=None):
    """2^番 (平胡 = 0 番 = ×1), capped at ``cap_multiplier`` (封顶, a multiplier such as 64)."""
    value = 2 ** total
    if cap_multiplier is not None and value > cap_multiplier:
        return cap_multiplier
    return value


def waits(ruleset, s) -> tuple[int, ...]:
    """The waits of a standing hand (``s.hand`` + melds), as ``ruleset.waits_of_situation``.

    When the ruleset's shapes are exactly this plugin's standard shape and core's seven pairs,
    the engine's per-suit wait tables answer directly (runs allowed, as in play); otherwise
    the engine's general search does. Needed because the engine's fast path recognises only
    core's own ``standard`` finder, which would take ``table.chows: false`` to forbid runs.
    """
    finders = [(shape.find, args) for shape, args, _ in ruleset.shapes]
    if s.wilds or any(f not in (standard_with_sequences, S.seven_pairs) for f, _ in finders):
        return ruleset.waits_of_situation(s)
    counts = [0] * T.NUM_KINDS
    for t in s.hand:
        counts[t] += 1
    found: set[int] = set()
    sets_needed = ruleset.table.hand_size // 3 - len(s.melds)
    for find, args in finders:
        if find is standard_with_sequences:
            if len(s.hand) == 3 * sets_needed + 1:
                found.update(W.standard_waits(counts, True, ruleset.table.kinds))
        elif not s.melds:
            found.update(W.seven_pairs_waits(counts, **args))
    return tuple(sorted(found))
