"""包's 单吊 liability at the table: the seat ``extras.claim_liable`` names, read from the actions.

The window ([W:engine.js doPeng/doKong/_checkBaoOnDraw]): it opens when the winner claims a
discard for a pung or an exposed kong, naming the discarder; the winner's first own draw after
the claim, if not a win, keeps it open; his second non-winning own draw closes it. A kong
replacement is an own draw (so after an exposed kong the replacement is the first). A kong the
winner makes later closes it, except one made right on the exposed kong's replacement, which keeps
the same liable seat ([W]: "an added kong right after a pung closes it").
"""
from __future__ import annotations

from collections.abc import Sequence

CLAIMS = ("pung", "exposed_kong")
OWN_KONGS = ("concealed_kong", "added_kong")


def claim_liable(actions: Sequence, seat: int) -> int | None:
    """The discarder of ``seat``'s last pung or exposed kong claim while its window is open at
    ``seat``'s win (the actions so far, the win included), else None."""
    last = next((i for i in range(len(actions) - 1, -1, -1)
                 if actions[i].seat == seat and actions[i].kind in CLAIMS), None)
    if last is None:
        return None
    source = next(a.seat for a in reversed(actions[:last]) if a.kind == "discard")
    exposed = actions[last].kind == "exposed_kong"
    draws, chained = int(exposed), exposed         # the exposed kong's replacement is the first draw
    for a in actions[last + 1:]:
        if a.seat != seat:
            continue
        if a.kind in OWN_KONGS:
            if not chained:
                return None
        elif a.kind == "discard":
            draws, chained = draws + 1, False      # his turn comes back with a draw
        elif a.kind == "win":
            break
    return source if draws <= 2 else None
