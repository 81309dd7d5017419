"""What a Fuzhou situation must say beyond the table's checks: a 抢金 win takes the face-up gold
at the opening, so it is self-drawn and its winning tile is the gold kind."""
from __future__ import annotations

from mahjong_core import tiles as T
from mahjong_core.errors import HandError

from .golds import robbing_gold


def check_situation(situation) -> None:
    """Raise invalid_situation for an ``extras.robbing_gold`` that could not have happened."""
    if not robbing_gold(situation):
        return
    if not situation.self_drawn:
        raise HandError("'extras.robbing_gold' (抢金) takes the turned-up gold: it is scored as a self-draw, "
                        "so it needs 'self_drawn': true")
    if situation.win_tile not in situation.wilds:
        gold = T.format_tiles(situation.wilds) if situation.wilds else "none given in 'wilds'"
        raise HandError(f"'extras.robbing_gold' (抢金): the winning tile {T.name(situation.win_tile)} must be "
                        f"the gold ({gold})")
