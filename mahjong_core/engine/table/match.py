"""Hands played by bots, one after another: the deal passes or stays by the ruleset's rotation
(``PlayRules``), the dealer's streak by the flow's ``next_streak`` (else one more per hand kept),
the prevalent wind moves on when the deal has gone round (docs/table.md "Series")."""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .bots import Bot, make_bot
from .rules import flow_of, play_rules
from .state import Deal
from .table import Table


@dataclass(frozen=True, slots=True)
class HandResult:
    """One hand played: its number, record, the money (``deltas``, from the ruleset's settlement of
    that record) and who won."""

    hand: int
    record: dict
    deltas: tuple
    winners: tuple[int, ...]
    actions: int


def play_hand(ruleset, bots: Sequence[Bot], deal: Deal, check: bool = True) -> HandResult:
    table = Table(ruleset, deal, check)
    while not table.over:
        seat = table.to_move()[0]
        table.act(bots[seat].act(table.observe(seat), table.legal(seat)))
    settlement = table.settle()
    return HandResult(deal.hand, table.record(), tuple(settlement.deltas), tuple(table.state.winners),
                      len(table.state.actions))


def play_series(ruleset, bot_names: Sequence[str], seed: int, hands: int, check: bool = True) -> Iterator[HandResult]:
    """``hands`` hands from ``seed`` (hand numbers 0, 1, …), four bots, the deal moving on."""
    rules, flow = play_rules(ruleset), flow_of(ruleset)
    dealer = round_wind = streak = 0
    for number in range(hands):
        bots = [make_bot(bot_names[s], ruleset, seed, number, s) for s in range(rules.seats)]
        result = play_hand(ruleset, bots, Deal(seed, number, None, dealer, round_wind, streak), check)
        yield result
        keep = (rules.keep_deal_on_win and dealer in result.winners) or \
               (rules.keep_deal_on_draw and not result.winners)
        if keep:
            outcome = "dealer_win" if result.winners else "draw"
            streak = flow.next_streak(streak, outcome) if flow is not None and flow.next_streak else streak + 1
        else:
            streak = 0
            dealer = (dealer + 1) % rules.seats
            if dealer == 0:
                round_wind = (round_wind + 1) % 4
