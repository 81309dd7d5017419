"""Fuzhou's gold rules at the table (``mahjong_table_flow``, settlement ``fuzhou.gold_rules``).

* **坎门.** Each seat is dealt 16 tiles and the dealer one more (``dealer_tile_at_deal``), before
  the bonus tiles are set aside and replaced from the tail, dealer first: the dealer holds 17
  and his first turn begins without a draw.
* **开金.** Then the tile at the wall's tail is turned up; a bonus tile turned is the dealer's (set
  aside among his bonus tiles) and he replaces it from the tail (``hand.replace``), and the next
  tile is turned, until a suited tile comes up: its own kind is the gold, recorded as
  ``{"type": "wild", "indicator": K}``. The face-up copy stays out of play: three golds play.
  Golds are never claimed, ponged or konged (core's reading of ``table.wilds``). The dealer
  begins his first turn by letting go as many tiles as 开金 gave him, one by one: discards
  nobody may claim, not his first discard.
* **天胡.** The dealer's 17 tiles then forming a winning hand: he may declare the win before his
  first discard (self-drawn, ``first_turn``; his 17th dealt tile, or its replacement, as the
  winning tile). It ends the hand before anyone may rob the gold.
* **抢金** (an opening step at the dealer's first discard, before its claim window): each seat
  whose 16 tiles and the face-up gold make a winning hand — the non-dealers, and the dealer who
  has just let one tile go to take it — may ``take`` it or ``pass``; of those taking it the
  non-dealer nearest after the dealer wins, else the dealer: the gold joins his hand and the
  ``win`` event (``extras.robbing_gold``, self-drawn) ends the hand. If all pass, the claim
  window on the dealer's discard opens as usual.
* **The reserve** (``options.reserve``): ``base`` tiles undrawn, the face-up gold among them,
  plus ``per_exposed_kong`` per exposed or added kong, ``per_concealed_kong`` per concealed kong
  and ``per_flower_set`` per complete bonus set any seat has set aside (four identical honours,
  春夏秋冬, 梅兰竹菊), recounted after every kong and bonus tile.
* **The gold discard** (``options.gold_discard``): ``forbidden`` — never (core refuses, naming
  the option); otherwise a discarded gold is recorded (``{"type": "discard", "seat", "tile"}``,
  the event the settlement checks) and its discarder may not win on a discard for the rest of
  the hand (``self_draw_only_rest_of_hand``) or until his next discard
  (``self_draw_only_rest_of_round``: that discard is recorded too, as it lifts the bar).
* **金雀 priority** (``options.jinque_claim_priority``): among claimants of one discard's win, a
  hand whose pair can be two golds beats nearer claimants.
* **三金倒**: a seat whose drawn tile gives it all three playable golds wins at once, self-drawn
  (the dealer dealt three golds: as his first turn begins, once his extra tiles are gone).
* **The deal** stays with the dealer on his win and on a drawn hand; ``dealer_streak`` moves on
  by ``options.draws_extend_streak`` (streak.py).
The last four drawable tiles (``options.last_group``) are core's (``lastgroup``).
"""
from __future__ import annotations

from mahjong_core.plugin import MahjongError, OpeningStep, TableFlow, parse_situation, tiles

from .points import flower_sets
from .specials import is_gold_sparrow
from .streak import next_streak

SHAPELESS = "wild_count"        # the core shape of 三金倒: three golds, whatever the rest

SETTLEMENTS = ("fuzhou.gold_rules",)


def open_gold(hand) -> list[dict]:
    """开金: turn tiles up from the wall's tail, each bonus tile going to the dealer, who replaces
    it from the tail (and lets one tile go for it as his turn begins), until a suited tile comes
    up: the gold."""
    bonus = hand.ruleset.table.bonus
    tile = hand.turn_up()
    while tile in bonus:
        hand.set_aside(hand.dealer)
        hand.replace(hand.dealer)
        tile = hand.turn_up()
    return [{"type": "wild", "indicator": tiles.name(tile)}]


def reserve(hand) -> int:
    """The wall tiles held back now: ``options.reserve`` with the hand's kongs and bonus sets,
    less the face-up gold (it is one of the undrawn tiles and no longer in the wall)."""
    spec = hand.ruleset.options["reserve"]
    exposed = concealed = sets = 0
    for seat in range(hand.seats):
        for m in hand.melds(seat):
            if m.kind == "kong":
                concealed += m.concealed
                exposed += not m.concealed
        sets += flower_sets(hand.bonus(seat))
    face_up = 1 if hand.wilds else 0
    return max(0, spec["base"] - face_up + exposed * spec["per_exposed_kong"]
               + concealed * spec["per_concealed_kong"] + sets * spec["per_flower_set"])


def record_gold_discard(hand, seat: int, tile: int) -> list[dict]:
    """The discards the settlement's gold-discard rule reads, as ``discard`` events: a discarded
    gold, and under ``self_draw_only_rest_of_round`` the discarder's next discard (it lifts the bar)."""
    gone = hand.discards(seat)
    lifts = hand.ruleset.options["gold_discard"] == "self_draw_only_rest_of_round" and len(gone) > 1 \
        and gone[-2] in hand.wilds
    return [{"type": "discard", "seat": seat, "tile": tiles.name(tile)}] if tile in hand.wilds or lifts else []


def win_barred(hand, seat: int, self_drawn: bool) -> str | None:
    """The gold-discard penalty: a seat that discarded a gold wins by self-draw only, for the rest
    of the hand or until its next discard (``options.gold_discard``)."""
    rule = hand.ruleset.options["gold_discard"]
    if self_drawn or rule == "forbidden" or not hand.wilds:
        return None
    gone = hand.discards(seat)
    if rule == "self_draw_only_rest_of_round":
        hit = bool(gone) and gone[-1] in hand.wilds
        until = "until its next discard"
    else:
        hit = any(t in hand.wilds for t in gone)
        until = "for the rest of the hand"
    if not hit:
        return None
    return (f"seat {seat} discarded the gold {tiles.format_tiles(hand.wilds)} and may win only by self-draw "
            f"{until} (options.gold_discard: {rule})")


def win_rank(hand, seat: int, tile: int) -> int:
    """1 for a 金雀 claimant where ``options.jinque_claim_priority`` holds, else 0."""
    ruleset = hand.ruleset
    if not ruleset.options["jinque_claim_priority"]:
        return 0
    sit = parse_situation(hand.situation(seat, tile, False), ruleset.table)
    return int(is_gold_sparrow(sit, ruleset.table.wilds.fifth_copy))


def three_golds(hand, seat: int) -> bool:
    """三金倒 is taken at once: the seat holds all three playable golds."""
    return bool(hand.wilds) and sum(1 for t in hand.holds(seat) if t in hand.wilds) >= 3


def robbing_gold_situation(hand, seat: int) -> dict:
    """The situation of ``seat`` taking the face-up gold now (抢金): its 16 tiles, the gold as the
    winning tile, self-drawn, ``extras.robbing_gold``."""
    gold = hand.wilds[0]
    s = hand.situation(seat, gold, False)
    s["self_drawn"] = True
    s["extras"] = {"robbing_gold": True}
    return s


def rob_gold_choices(hand, seat: int) -> list[str]:
    """抢金 is offered (``take`` or ``pass``), after the dealer's first discard, to a seat whose 16
    tiles the face-up gold completes (the dealer's: after the tile he let go) in a winning shape:
    three golds held with no shape are 三金倒, taken on the seat's draw, not 抢金."""
    if not hand.wilds:
        return []
    situation = robbing_gold_situation(hand, seat)
    try:
        hand.ruleset.score(situation)
    except MahjongError:
        return []
    return ["take", "pass"] if completes_a_shape(hand.ruleset, situation) else []


def completes_a_shape(ruleset, situation: dict) -> bool:
    """Does the situation's hand read in a winning shape other than the count of golds
    (``wild_count``, 三金倒's shapeless win)?"""
    return any(d.shape != SHAPELESS for d in ruleset.decompositions(parse_situation(situation, ruleset.table)))


def rob_gold(hand, answers: dict) -> list[dict]:
    """The seat that takes the gold wins (抢金): non-dealers first, the nearest after the dealer,
    then the dealer; the face-up gold joins its hand."""
    takers = [seat for seat, choice in answers.items() if choice == "take"]
    if not takers:
        return []
    seat = min(takers, key=lambda s: (s == hand.dealer, (s - hand.dealer) % hand.seats))
    situation = robbing_gold_situation(hand, seat)
    hand.take_turned(seat)
    return [{"type": "win", "seat": seat, "situation": situation}]


def take_it(held, choices) -> str:
    """The greedy bot takes the gold whenever it may."""
    return "take" if "take" in choices else choices[0]


ROB_GOLD = OpeningStep("rob_gold", "抢金: after the dealer's first discard, a seat whose hand the face-up gold "
                       "completes may take it and win", rob_gold_choices, rob_gold, take_it, at="first_discard")


def table_flow(ruleset):
    """Fuzhou's flow for a ruleset settled by ``fuzhou.gold_rules``, else None."""
    rule = ruleset.settlement_rule
    if rule is None or rule.item.id not in SETTLEMENTS:
        return None
    opts = ruleset.options

    def streak(dealer_streak: int, outcome: str) -> int:
        return next_streak(dealer_streak, outcome, opts)

    return TableFlow("fuzhou.gold_rules", "坎门 and 开金 at the deal, 抢金 at the dealer's first discard, the "
                     "reserve, the gold-discard rule, 金雀 claim priority, 三金倒 at once; the dealer keeps the "
                     "deal on a win or a drawn hand", dealer_tile_at_deal=True, bonus_in_rounds=True,
                     deal=open_gold, discard=record_gold_discard, keep_deal_on_win=True, keep_deal_on_draw=True,
                     next_streak=streak, reserve=reserve, win_barred=win_barred, win_rank=win_rank,
                     auto_win=three_golds, wild_discard=f"options.gold_discard: {opts['gold_discard']}",
                     opening=(ROB_GOLD,))
