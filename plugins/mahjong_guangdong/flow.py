"""推倒胡 at the table (``mahjong_table_flow``, settlement ``guangdong.tuidaohu``): after the deal
the ghost indicator is turned up from the wall's tail (a bonus tile turned is laid aside with it
and the next one turned) and recorded as the ``wild`` event, ``{"type": "wild", "indicator": K}``;
``table.wilds.indicator`` (``same``) makes K's own kind the hand's ghost ([B:game.ts createGame]).
After a win the horses are turned up from the wall's tail, which is where the ``reserve`` lies
(tiles never drawn: the horses come from them, [B:spec "胡牌后从预留牌中翻马"]): N = ``horses``, or
``horses_with_ghost`` when the winner holds a ghost-kind tile (melds included, [B:settlement.ts]),
written as ``{"type": "horses", "tiles": "2m6m1z1z", "seat": winner}`` (in the order turned). A
drawn hand turns none. The deal stays with a dealer who wins and after a drawn hand ([B:spec]).

A ruleset whose ``reserve`` is smaller than the most horses a win turns is refused at the table,
naming both options: its horses would come from the drawable wall or be fewer than the
settlement requires (it refuses a short ``horses`` event)."""
from __future__ import annotations

from mahjong_core.plugin import TableFlow, UnsupportedError, tiles

from .horses import horse_count

SETTLEMENTS = ("guangdong.tuidaohu",)


def turn_ghost(hand) -> list[dict]:
    """Turn tiles up from the wall's tail until one is not a bonus tile: the ghost indicator."""
    bonus = hand.ruleset.table.bonus
    tile = hand.turn_up()
    while tile in bonus:
        tile = hand.turn_up()
    return [{"type": "wild", "indicator": tiles.name(tile)}]


def horses_for(hand, seat: int) -> int:
    """N, the horses ``seat``'s win turns: the settlement's count (``horse_count``) on what the
    winner holds, concealed and melded, the winning tile included."""
    opts, wild = hand.ruleset.options, set(hand.wilds)
    held = sum(1 for t in hand.holds(seat) if t in wild)
    return horse_count(opts["horses"], ghosts_held=held, with_ghost=opts["horses_with_ghost"],
                       streak_bonus=opts["horse_streak_bonus"], dealer_streak=hand.dealer_streak,
                       winner_is_dealer=seat == hand.dealer)


def turn_horses(hand) -> list[dict]:
    """After a win, each winner's horses turned up from the wall's tail (the reserve), in order."""
    events = []
    for seat in hand.winners:
        n = horses_for(hand, seat)
        if n:
            events.append({"type": "horses", "tiles": "".join(tiles.name(hand.turn_up()) for _ in range(n)),
                           "seat": seat})
    return events


FLOW = TableFlow("guangdong.tuidaohu", "推倒胡: the ghost indicator turned up after the deal, the horses "
                 "(买马) turned up from the reserve after a win", deal=turn_ghost, end=turn_horses,
                 keep_deal_on_win=True, keep_deal_on_draw=True)


def most_horses(options) -> int:
    """The most horses a win turns without a dealer's streak: ``horses`` or ``horses_with_ghost``."""
    with_ghost = options["horses_with_ghost"]
    return max(options["horses"], 0 if with_ghost is None else with_ghost)


def table_flow(ruleset):
    """推倒胡's flow for a ruleset settled by ``guangdong.tuidaohu``; None for the other profiles
    (跟庄, 莲花's 红中 bonus wins and 包 liabilities are not played: the table names them)."""
    rule = ruleset.settlement_rule
    if rule is None or rule.item.id not in SETTLEMENTS:
        return None
    opts = ruleset.options
    if "reserve" not in opts:
        raise UnsupportedError(f"the table does not play {ruleset.name}'s horses: it declares no option 'reserve' "
                               f"(the wall tiles never drawn, from which the horses are turned)")
    reserve = opts["reserve"]
    if reserve < most_horses(opts):
        raise UnsupportedError(
            f"the table does not play {ruleset.name}'s horses: options.reserve ({reserve}) holds fewer tiles "
            f"than a win turns as horses ({most_horses(opts)}, options.horses / horses_with_ghost); the horses "
            f"are turned from the reserve")
    return FLOW
