"""Hands played by bots, one after another: the deal passes or stays by the ruleset's rotation
(``PlayRules``) or goes where the flow's ``next_dealer`` says, the prevalent wind moves on when
the deal has gone round (docs/table.md "Series")."""
from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from ..errors import PluginError
from .bots import Bot, make_bot
from .flow import TableHand
from .rules import play_rules
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
    while not table.over:
        seat = table.to_move()[0]
        table.act(bots[seat].act(table.observe(seat), table.legal(seat)))
    settlement = table.settle()
    return HandResult(deal.hand, table.record(), tuple(settlement.deltas), tuple(table.state.winners),
                      len(table.state.actions), chosen_dealer(table))


def chosen_dealer(table) -> int | None:
    """The seat the flow's ``next_dealer`` names after this hand (None: no such rule)."""
    pick = table.flow.next_dealer if table.flow is not None else None
    if pick is None:
        return None
    seat = pick(TableHand(table))
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < table.rules.seats:
        raise PluginError(f"table flow '{table.flow.id}': next_dealer must give a seat 0–{table.rules.seats - 1}, "
                          f"got {seat!r}")
    return seat


def play_series(ruleset, bot_names: Sequence[str | None], seed: int, hands: int, check: bool = True,
                players: Mapping[int, Bot] = {}) -> Iterator[HandResult]:
    """``hands`` hands from ``seed`` (hand numbers 0, 1, …), the deal moving on; each seat a bot by
    name, or the player ``players`` gives it (a person in a terminal), the same in every hand."""
    rules = play_rules(ruleset)
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
            streak += 1
        else:
            streak = 0
            if following < dealer or following == 0:
                round_wind = (round_wind + 1) % 4
            dealer = following
