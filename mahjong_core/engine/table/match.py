"""Hands played by bots, one after another: the deal passes or stays by the ruleset's rotation
(``PlayRules``) or goes where the flow's ``next_dealer`` says, the dealer's streak by the flow's
``next_streak`` (else one more per hand kept), the prevalent wind moves on when the deal has gone
round (docs/table.md "Series")."""
from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from .bots import Bot, play_out
from .roster import make_bot
from .flow import chosen_dealer
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
    next_dealer: int | None = None      # the flow's choice (``TableFlow.next_dealer``), if it makes one


def play_hand(ruleset, bots: Sequence[Bot], deal: Deal, check: bool = True) -> HandResult:
    table = Table(ruleset, deal, check)
    play_out(table, bots)
    record = table.record()
    settlement = table.settle(record)
    return HandResult(deal.hand, record, tuple(settlement.deltas), tuple(table.state.winners),
                      len(table.state.actions), chosen_dealer(table))


def play_series(ruleset, bot_names: Sequence[str | None], seed: int, hands: int, check: bool = True,
                players: Mapping[int, Bot] = {}) -> Iterator[HandResult]:
    """``hands`` hands from ``seed`` (hand numbers 0, 1, …), the deal moving on; each seat a bot by
    name, or the player ``players`` gives it (a person in a terminal), the same in every hand."""
    rules, flow = play_rules(ruleset), flow_of(ruleset)
    dealer = round_wind = streak = 0
    for number in range(hands):
        bots = [players[s] if s in players else make_bot(bot_names[s], ruleset, seed, number, s)
                for s in range(rules.seats)]
        result = play_hand(ruleset, bots, Deal(seed, number, None, dealer, round_wind, streak), check)
        yield result
        keep = (rules.keep_deal_on_win and dealer in result.winners) or \
               (rules.keep_deal_on_draw and not result.winners)
        following = (dealer if keep else (dealer + 1) % rules.seats) if result.next_dealer is None else result.next_dealer
        if following == dealer:
            outcome = "dealer_win" if result.winners else "draw"
            streak = flow.next_streak(streak, outcome) if flow is not None and flow.next_streak else streak + 1
        else:
            streak = 0
            if following < dealer or following == 0:
                round_wind = (round_wind + 1) % 4
            dealer = following
