"""Win shapes: how standing tiles split into groups, wild tiles included, and which tiles
complete a hand in each shape.

* ``records``: ``Group``, ``Decomposition`` (a reading), ``ShapeInput`` (what a finder receives);
* ``suits``: the per-suit tables keyed by a suit's count vector (splits, completeness, waits);
* ``tables``: the standard shape's shanten tables, precomputed (package data);
* ``regular``: the standard shape, n sets and a pair, with the wild budget and families, and the
  wild-free splits of a count vector (``standard_splits``) and whether counts and wilds make
  given sets and a pair at all (``sets_fit``);
* ``special``: seven pairs and thirteen orphans;
* ``wild_count``: enough wilds win whatever the rest (三金倒, 四鬼胡牌);
* ``body``: ``Body``, the shape author's kit for a fixed body of tiles beside sets and a pair.

A shape is a finder (``WinShape.find``) and, optionally, its waits (``WinShape.waits``); core
registers its own in ``mahjong_core.engine.builtin``. Every name is importable from here.
"""
from .body import Body
from .records import Decomposition, Group, GroupClasses, ShapeInput, make_input
from .regular import sets_fit, standard, standard_shape_waits, standard_splits, standard_waits
from .special import (ORPHANS, seven_pairs, seven_pairs_shape_waits, seven_pairs_waits,
                      thirteen_orphans, thirteen_orphans_shape_waits, thirteen_orphans_waits)
from .suits import SuitSplit, suit_complete, suit_waits
from .wild_count import wild_count, wild_count_waits

__all__ = ["Body", "Decomposition", "Group", "GroupClasses", "ORPHANS", "ShapeInput", "SuitSplit", "make_input",
           "sets_fit", "seven_pairs", "seven_pairs_shape_waits", "seven_pairs_waits", "standard",
           "standard_shape_waits", "standard_splits", "standard_waits", "suit_complete", "suit_waits",
           "thirteen_orphans", "thirteen_orphans_shape_waits", "thirteen_orphans_waits", "wild_count",
           "wild_count_waits"]
