"""What a Guangdong situation must say beyond core's checks (YAML ``validators``):

* ``guangdong.four_ghosts``: 四鬼胡牌 — holding all four ghosts wins whatever the other tiles
  (the core ``wild_count`` shape) only before the winner's first discard (guogeer/gofishing-game
  IsAbleWin: "before your first discard"). The situation says so with
  ``extras.before_first_discard`` (the field ``guangdong.before_first_discard``) or with
  ``first_turn`` (a win in the first go-around, no claim before it, comes before the winner's
  first discard). Later, four ghosts need a winning shape of their own.
"""
from __future__ import annotations

from mahjong_core.plugin import NotWinningError

SHAPELESS = "wild_count"        # the core shape that makes 四鬼胡牌
FIELD = "before_first_discard"  # the situation field (extras) this plugin declares


def before_first_discard(situation) -> bool:
    """Did the win come before the winner's first discard (``extras.before_first_discard``, or
    ``first_turn``, which implies it)?"""
    return bool(situation.first_turn or situation.extras.get(FIELD, False))


def four_ghosts_before_first_discard(situation, ruleset) -> None:
    """Raise not_winning for a hand whose only reading is 四鬼胡牌 (four ghosts, no shape) when it
    is not won before the winner's first discard."""
    if situation.win_tile is None or before_first_discard(situation):
        return
    count = next((args.get("count", 3) for shape, args, _ in ruleset.shapes if shape.id == SHAPELESS), None)
    if count is None:
        return
    wild = situation.wilds
    held = sum(1 for t in situation.hand if t in wild) + (situation.win_tile in wild)
    if held < count:
        return
    inp = ruleset.shape_input(situation)
    for shape, args, _plugin in ruleset.shapes:
        if shape.id != SHAPELESS and (shape.melds or not situation.melds) and next(iter(shape.find(inp, **args)), None):
            return
    raise NotWinningError(f"not a winning hand: {ruleset.describe(situation)} holds {held} ghosts but forms no "
                          f"winning shape; 四鬼胡牌 (four ghosts, any shape) wins only before the winner's first "
                          f"discard: 'extras.{FIELD}' (or 'first_turn') says so")
