"""What a Fuzhou situation and ruleset must say beyond core's checks (YAML ``validators``):

* ``fuzhou.robbing_gold``: a 抢金 win takes the face-up gold at the opening, so it is
  self-drawn and its winning tile is the gold kind;
* ``fuzhou.three_golds``: 三金倒 (the core ``wild_count`` shape) wins whatever the shape only
  on a self-draw: a discard win holding three golds needs a shape of its own; and a ruleset's
  ``options.gold_discard`` agrees with its ``table.wilds.discard``.
"""
from __future__ import annotations

from mahjong_core import tiles as T
from mahjong_core.errors import HandError, NotWinningError, RulesetError

from .golds import golds, robbing_gold
from .options import option

SHAPELESS = "wild_count"        # the core shape that makes 三金倒


def check_situation(situation, ruleset=None) -> None:
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


def three_golds_self_drawn(situation, ruleset) -> None:
    """Raise not_winning for a discard win whose only reading is 三金倒 (three golds, no shape).
    Only discard wins holding three golds pay for the extra shape search."""
    if situation.self_drawn or situation.win_tile is None or golds(situation).held < 3:
        return
    inp = ruleset.shape_input(situation)
    for shape, args, _plugin in ruleset.shapes:
        if shape.id != SHAPELESS and (shape.melds or not situation.melds) and next(iter(shape.find(inp, **args)), None):
            return
    raise NotWinningError(f"not a winning hand: {ruleset.describe(situation)} holds three golds but forms no "
                          f"winning shape; 三金倒 (three golds, any shape) wins only by self-draw")


def gold_discard_agrees(ruleset) -> None:
    """``options.gold_discard: forbidden`` exactly when ``table.wilds.discard`` is false."""
    forbidden = option(ruleset.options, "gold_discard") == "forbidden"
    if forbidden == ruleset.table.wilds.discard:
        raise RulesetError(f"{ruleset.where('options.gold_discard')}: options.gold_discard is "
                           f"{option(ruleset.options, 'gold_discard')} but table.wilds.discard is "
                           f"{str(ruleset.table.wilds.discard).lower()}: golds may be discarded exactly when "
                           f"the option is not 'forbidden'")
