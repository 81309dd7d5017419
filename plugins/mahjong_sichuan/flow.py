"""Sichuan at the table (``mahjong_table_flow``, settlement ``sichuan_blood_battle``).

Opening steps, before the dealer's first draw (every seat holds 13 tiles):

* 换三张 (``exchange_three: true``): each seat chooses three tiles of one suit it holds at least
  three of (``{"type": "exchange", "seat": s, "choice": "259m"}``); then each passes them by
  ``exchange_direction``: ``counterclockwise`` to the next seat in turn order (下家, seat + 1),
  ``clockwise`` to the previous one (上家, seat − 1), ``across`` to the seat opposite (seat + 2).
  ``random`` draws one of the three from the deal (``TableHand.draw_lots("exchange", 3)``: 0
  clockwise, 1 counterclockwise, 2 across), so a replay passes the same way. Recorded as
  ``{"type": "exchange", "direction": "across"}``; what each seat passed is in the play log only.
* 定缺 (``void_suit_required: true``): each seat declares a void suit (``{"type": "void",
  "seat": s, "choice": "m"}``), recorded as the ``void`` events settlement reads; the table then
  makes the seat let that suit go first and claim none of it, and the ruleset vetoes its wins
  while it holds one.

Then ``mode``: ``blood_battle`` (a winner leaves play, the others go on until one is left or the
wall ends), ``blood_river`` (the winner plays on), ``single_win`` (the first win ends the hand).
Several seats may win one discard or rob one kong (一炮多响) in every mode. ``last_four_forced_win``:
once the wall's last four tiles are being drawn (three or fewer left) a seat that may win must
(``forced_win_tiles: 4``);
``pass_win_lock`` (过水): a seat that lets a discard win go wins on no discard worth the same or
less until its own next discard (``pass_win_lock``). When the wall runs out
the ``end`` event shows every hand still in play (查花猪, 查大叫, 退税). The next dealer follows
``dealer_rule``: ``first_winner`` (the first win's seat; after a drawn hand the next seat),
``discarder`` (the seat that fed the first win, the winner when self-drawn; a drawn hand keeps
the dealer) or ``dice`` (a seat drawn from the deal, ``draw_lots("dealer", 4)``).
"""
from __future__ import annotations

from itertools import combinations

from mahjong_core.plugin import OpeningStep, TableFlow, tiles

from .patterns import FIRST_DISCARD

SETTLEMENTS = ("sichuan_blood_battle",)
SUITS = ("m", "p", "s")
DIRECTIONS = ("clockwise", "counterclockwise", "across")        # draw_lots order for ``random``
OFFSET = {"clockwise": -1, "counterclockwise": 1, "across": 2}
AFTER_WIN = {"blood_battle": "leave", "blood_river": "stay", "single_win": "end"}


def exchange_choices(hand, seat: int) -> list[str]:
    """Every three tiles of one suit the seat holds (as kinds: two 5m count once)."""
    held = hand.concealed(seat)
    out = []
    for k in range(3):
        suit = [t for t in held if t // 9 == k]
        out.extend(tiles.format_tiles(c) for c in dict.fromkeys(combinations(suit, 3)))
    return out


def exchange_direction(hand) -> str:
    direction = hand.ruleset.options["exchange_direction"]
    return DIRECTIONS[hand.draw_lots("exchange", 3)] if direction == "random" else direction


def exchange(hand, answers: dict) -> list[dict]:
    """Pass each seat's three tiles by the direction (all chosen first, so none passes on what it got)."""
    direction = exchange_direction(hand)
    chosen = {seat: tiles.parse_tiles(choice) for seat, choice in answers.items()}
    for seat, passed in chosen.items():
        hand.move(passed, seat, (seat + OFFSET[direction]) % hand.seats)
    return [{"type": "exchange", "direction": direction}]


def void_choices(hand, seat: int) -> list[str]:
    return list(SUITS)


def declare_voids(hand, answers: dict) -> list[dict]:
    return [{"type": "void", "seat": seat, "suit": suit} for seat, suit in sorted(answers.items())]


def suggest_exchange(held, choices) -> str:
    """A bot's 换三张: three tiles of its shortest suit (of those it holds three of), the
    choice leaving the fewest pairs and neighbours broken: the loosest three."""
    by_suit: dict[int, list[str]] = {}
    for c in choices:
        by_suit.setdefault(tiles.parse_tiles(c)[0] // 9, []).append(c)
    count = {k: sum(1 for t in held if t // 9 == k) for k in by_suit}
    suit = min(by_suit, key=lambda k: (count[k], k))
    return min(by_suit[suit], key=lambda c: (_ties(held, tiles.parse_tiles(c)), c))


def _ties(held, passed) -> int:
    """How much of the hand ``passed`` breaks: each passed tile's copies and neighbours kept."""
    rest = list(held)
    for t in passed:
        rest.remove(t)
    return sum(rest.count(t) * 2 + rest.count(t - 1) * (t % 9 > 0) + rest.count(t + 1) * (t % 9 < 8)
               for t in passed)


def suggest_void(held, choices) -> str:
    """A bot's 定缺: the suit it holds fewest of (the first of equal ones)."""
    return min(choices, key=lambda s: (sum(1 for t in held if tiles.suit(t) == s), s))


EXCHANGE = OpeningStep("exchange", "换三张: three tiles of one suit, passed by exchange_direction",
                       exchange_choices, exchange, suggest_exchange)
VOID = OpeningStep("void", "定缺: the suit the seat will let go (m, p or s)", void_choices, declare_voids,
                   suggest_void)


def next_dealer(hand):
    """The seat that deals next (``dealer_rule``)."""
    rule = hand.ruleset.options["dealer_rule"]
    wins = [e for e in hand.events if e["type"] == "win"]
    if rule == "dice":
        return hand.draw_lots("dealer", hand.seats)
    if not wins:
        return (hand.dealer + 1) % hand.seats if rule == "first_winner" else hand.dealer
    first = wins[0]
    return first.get("from", first["seat"]) if rule == "discarder" else first["seat"]


def win_extras(hand, seat: int) -> dict:
    """``on_dealers_first_discard`` on a first go-around win on a discard, where the ruleset
    declares it (地胡 under ``dihu_mode: first_discard`` is a win on the dealer's first discard)."""
    if FIRST_DISCARD not in {x.name for x in hand.ruleset.table.extras}:
        return {}
    first = hand.on_first_discard(seat)
    return {} if first is None else {FIRST_DISCARD: first}


def make_flow(ruleset) -> TableFlow:
    opts = ruleset.options
    steps = ((EXCHANGE,) if opts["exchange_three"] else ()) + ((VOID,) if opts["void_suit_required"] else ())
    mode = opts["mode"]
    return TableFlow(f"sichuan.{mode}", "换三张 and 定缺 at the opening; " + {
        "leave": "blood battle: a winner leaves play, the others go on",
        "stay": "blood river: a winner plays on and may win again",
        "end": "the first win (with its co-winners) ends the hand"}[AFTER_WIN[mode]],
        opening=steps, several_winners=True, after_win=AFTER_WIN[mode], show_hands=True,
        pass_win_lock=opts["pass_win_lock"], forced_win_tiles=4 if opts["last_four_forced_win"] else 0,
        next_dealer=next_dealer, running_money=opts["settle_timing"] == "immediate", win_extras=win_extras)


def table_flow(ruleset):
    rule = ruleset.settlement_rule
    return make_flow(ruleset) if rule is not None and rule.item.id in SETTLEMENTS else None
