"""The Guangdong profiles at the table (``mahjong_table_flow``), one flow for the four settlements
(``guangdong.dahu``, ``guangdong.tuidaohu``, ``guangdong.lianhua``, ``guangdong.bao``), every step
reading the ruleset (README.md "At the table"):

* after the deal, where ``table.wilds`` has a ghost and no fixed kind: 包's ghost is a kind drawn
  by lot (``{"type": "wild", "tile": K}``, no tile taken); 推倒胡's is the tile at the wall's tail,
  shown and put back (all four copies in play), a club's 翻鬼 the tile turned up and kept face up;
  a bonus tile turned is laid aside and the next one turned; recorded as ``{"type": "wild",
  "indicator": K}``;
* after a win, each winner's horses (``horses``, ``horses_with_ghost``, ``horse_streak_bonus``):
  from the ``reserve`` at the tail where the profile declares one (推倒胡: the reserve is never
  drawn, so every horse is there, unless a streak's bonus asks for more than the wall holds),
  else from the head of the wall, the tiles that would have been drawn next ([L:drawHorses]; the
  大胡 table's "draw N horses from the wall"), fewer when the wall holds fewer, and then the event
  says ``"short": true``; a drawn hand turns none;
* 跟庄 (``follow_dealer``): the dealer's first discard followed by the same tile from each other
  seat in its first turn, no claim in between (a seat's own kong is no claim) → ``{"type":
  "follow_dealer"}``;
* ``extras.before_first_discard`` on a win before the winner's first discard where the ruleset
  declares it (四鬼胡牌, ``validate.py``); 包's ``extras.claim_liable`` on a win where
  ``single_wait_liability`` is on (``liability.py``);
* 过胡 (``pass_win_lock``, 鸡平胡): a seat that lets a discard win go wins on no discard worth the
  same or less until its own next discard;
* 明杠可抢 (``rob_exposed_kong``): an exposed kong may be robbed before its replacement, as an
  added one;
* several winners (``several_winners``) where the settlement pays each (大胡, 包; not 推倒胡 or
  莲花, one winner each): every seat that wins one discard (大胡, 鸡平胡 on a discard) or robs one
  added kong; with ``multiple_robbers: false`` the nearest robber alone (``one_robber``);
* who deals next (``next_dealer``): the 大胡 table keeps the deal with a winning dealer, else the next
  seat deals, a drawn hand included ([T], inferred as common); 推倒胡: the winner deals, a drawn hand
  keeps the dealer ([B:spec "庄家流转"]); 莲花: the dealer keeps it when he wins, or in a drawn hand
  when he is ready (听牌), else the next seat ([L:matchProgress.ts]); 包: the winner (the first
  robber) deals ([W]), a drawn hand keeps the dealer (inferred, as 推倒胡).

A ruleset whose ``reserve`` is smaller than the most horses a win turns is refused at the table,
naming both options: its horses would come from the drawable wall."""
from __future__ import annotations

from mahjong_core.plugin import TableFlow, UnsupportedError, tiles

from .horses import horse_count
from .liability import claim_liable
from .settle import ONE_WINNER
from .validate import FIELD as FIRST_DISCARD

SETTLEMENTS = ("guangdong.dahu", "guangdong.tuidaohu", "guangdong.lianhua", "guangdong.bao")
WINNER_DEALS = ("guangdong.tuidaohu", "guangdong.bao")
GHOST_BY_LOT = ("guangdong.bao",)           # the ghost's kind drawn by lot, no tile turned
GHOST_PUT_BACK = ("guangdong.tuidaohu",)    # the turned ghost indicator goes back into the wall


def turns_ghost(ruleset) -> bool:
    """Does ``table.wilds`` take its kinds from a tile turned up (no fixed kinds)?"""
    wilds = ruleset.table.wilds
    return bool(ruleset.table.max_wild_kinds) and not wilds.fixed


def turn_ghost(hand) -> list[dict]:
    """The ghost: 包 draws one of the tile set's kinds by lot, taking no tile ([W:engine.js
    startRound]); otherwise tiles are turned up from the wall's tail until one is not a bonus tile
    (each bonus tile laid aside), the ghost indicator, which 推倒胡 puts back into the wall, so all
    four copies of its kind are in play ([B:game.ts createGame]), and a club's 翻鬼 keeps face up."""
    if not turns_ghost(hand.ruleset):
        return []
    rule, table = hand.ruleset.settlement_rule.item.id, hand.ruleset.table
    if rule in GHOST_BY_LOT:
        kinds = sorted(k for k in table.kinds if k not in table.bonus)
        return [{"type": "wild", "tile": tiles.name(kinds[hand.draw_lots("ghost", len(kinds))])}]
    while hand.show_tail() in table.bonus:
        hand.turn_up()
    tile = hand.show_tail() if rule in GHOST_PUT_BACK else hand.turn_up()
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
    """After a win, each winner's horses, in order: from the reserve at the tail, or from the head."""
    from_reserve = "reserve" in hand.ruleset.options
    events = []
    for seat in hand.winners:
        n = horses_for(hand, seat)
        take = min(n, hand.in_wall if from_reserve else hand.wall_left)
        if not take:
            continue
        event = {"type": "horses", "tiles": "".join(tiles.name(hand.turn_up(head=not from_reserve))
                                                    for _ in range(take)), "seat": seat}
        if take < n:
            event["short"] = True
        events.append(event)
    return events


def followed(hand) -> bool:
    """跟庄: the first discards, one per seat from the dealer in turn order, all the same tile,
    with no claim before the last of them."""
    n, dealer, first = hand.seats, hand.dealer, []
    for a in hand.actions:
        if a.kind in ("pass", "concealed_kong", "added_kong"):
            continue
        if a.kind != "discard":
            return False
        first.append(a)
        if len(first) == n:
            break
    return (len(first) == n and all(a.seat == (dealer + i) % n for i, a in enumerate(first))
            and len({a.tile for a in first}) == 1)


def end(hand) -> list[dict]:
    """When the hand is over: 跟庄 where it happened, then the horses."""
    out = [{"type": "follow_dealer"}] if hand.ruleset.options["follow_dealer"] and followed(hand) else []
    return out + turn_horses(hand)


def win_extras(hand, seat: int) -> dict:
    """``before_first_discard`` where the ruleset declares it (四鬼胡牌) and the winner has not
    discarded yet; 包's ``claim_liable`` where ``single_wait_liability`` is on and its window is open."""
    declared = {x.name for x in hand.ruleset.table.extras}
    out = {}
    if FIRST_DISCARD in declared and not hand.discards(seat):
        out[FIRST_DISCARD] = True
    if hand.ruleset.options["single_wait_liability"] and "claim_liable" in declared:
        liable = claim_liable(hand.actions, seat)
        if liable is not None:
            out["claim_liable"] = liable
    return out


def next_dealer(hand) -> int:
    """Who deals the next hand under the profile's rotation (module doc)."""
    rule, dealer, winners = hand.ruleset.settlement_rule.item.id, hand.dealer, hand.winners
    if rule in WINNER_DEALS:
        return winners[0] if winners else dealer
    if dealer in winners or (rule == "guangdong.lianhua" and not winners and hand.waits(dealer)):
        return dealer
    return (dealer + 1) % hand.seats


def most_horses(options) -> int:
    """The most horses a win turns without a dealer's streak: ``horses`` or ``horses_with_ghost``."""
    with_ghost = options["horses_with_ghost"]
    return max(options["horses"], 0 if with_ghost is None else with_ghost)


def table_flow(ruleset):
    """The flow of a ruleset settled by one of the four Guangdong settlements, else None."""
    rule = ruleset.settlement_rule
    if rule is None or rule.item.id not in SETTLEMENTS:
        return None
    opts = ruleset.options
    if "reserve" in opts and opts["reserve"] < most_horses(opts):
        raise UnsupportedError(
            f"the table does not play {ruleset.name}'s horses: options.reserve ({opts['reserve']}) holds fewer "
            f"tiles than a win turns as horses ({most_horses(opts)}, options.horses / horses_with_ghost); the "
            f"horses are turned from the reserve")
    rid = rule.item.id
    return TableFlow(f"guangdong.{rid.split('.')[1]}", "Guangdong: the ghost turned up, the horses (买马), 跟庄, "
                     "包 liability and the profile's dealer rotation",
                     deal=turn_ghost, end=end, keep_deal_on_win=True, keep_deal_on_draw=rid in WINNER_DEALS,
                     next_dealer=next_dealer, win_extras=win_extras, several_winners=rid not in ONE_WINNER,
                     one_robber=not opts["multiple_robbers"], pass_win_lock=opts["pass_win_lock"],
                     rob_exposed_kong=opts["rob_exposed_kong"])
