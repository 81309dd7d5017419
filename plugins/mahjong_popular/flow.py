"""The 大众 / 联众 flow at the table (``mahjong_table_flow``): after the deal, the 混 indicator is
turned up from the wall's tail (a flower turned is laid aside with it and the next tile turned);
the table records it as the ``wild`` event and the kind ``table.wilds.indicator`` names is the
hand's 混. Everything else a wild does at the table (never claimed, never won on when discarded
unless the option says so) is core's reading of ``table.wilds``. A ruleset without wilds
(``max_kinds: 0``) or with a fixed wild turns nothing up."""
from __future__ import annotations

from mahjong_core.plugin import TableFlow, tiles

SETTLEMENTS = ("popular.competition", "popular.site")


def turn_indicator(hand) -> list[dict]:
    """Turn tiles up from the wall's tail until one is not a bonus tile: the 混 indicator."""
    table = hand.ruleset.table
    if not table.max_wild_kinds or table.wilds.fixed:
        return []
    tile = hand.turn_up()
    while tile in table.bonus:
        tile = hand.turn_up()
    return [{"type": "wild", "indicator": tiles.name(tile)}]


FLOW = TableFlow("popular.indicator", "the 混 indicator turned up from the wall's tail after the deal",
                 deal=turn_indicator)


def table_flow(ruleset):
    rule = ruleset.settlement_rule
    return FLOW if rule is not None and rule.item.id in SETTLEMENTS else None
