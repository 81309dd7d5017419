"""The 大众 / 联众 flow at the table (``mahjong_table_flow``): after the deal, the 混 indicator is
turned up from the wall's tail (a flower turned is laid aside with it and the next tile turned);
the table records it as the ``wild`` event and the kind ``table.wilds.indicator`` names is the
hand's 混. Everything else a wild does at the table (never claimed, never won on when discarded
unless the option says so) is core's reading of ``table.wilds``. A ruleset without wilds
(``max_kinds: 0``) or with a fixed wild turns nothing up. A win whose winner set aside seven
flowers while another seat holds the eighth carries ``extras.eighth_flower_held_by_other``
(七抢一) where the ruleset declares it."""
from __future__ import annotations

from mahjong_core.plugin import TableFlow, tiles

from .checks import FIRST_DISCARD, SEVEN_ROBS_ONE_FLAG

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


def win_extras(hand, seat: int) -> dict:
    """Where the ruleset declares them: ``on_dealers_first_discard`` on a first go-around win on a
    discard (人胡 is a win on the dealer's first discard alone), and 七抢一's
    ``eighth_flower_held_by_other`` when the winner has set aside seven of the eight flowers and
    another seat the eighth."""
    table = hand.ruleset.table
    declared = {x.name for x in table.extras}
    out = {}
    first = hand.on_first_discard(seat) if FIRST_DISCARD in declared else None
    if first is not None:
        out[FIRST_DISCARD] = first
    if SEVEN_ROBS_ONE_FLAG not in declared or len(table.bonus) != 8:
        return out
    mine = set(hand.bonus(seat))
    if len(mine) != 7:
        return out
    eighth = next(t for t in table.bonus if t not in mine)
    if any(eighth in hand.bonus(other) for other in range(hand.seats) if other != seat):
        out[SEVEN_ROBS_ONE_FLAG] = True
    return out


FLOW = TableFlow("popular.indicator", "the 混 indicator turned up from the wall's tail after the deal; "
                 "七抢一's extras on a win", deal=turn_indicator, win_extras=win_extras)


def table_flow(ruleset):
    rule = ruleset.settlement_rule
    return FLOW if rule is not None and rule.item.id in SETTLEMENTS else None
