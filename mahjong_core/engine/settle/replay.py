"""``Replayer``: a record replayed event by event into an exact ledger.

A settlement rule subclasses it and writes ``on_<event type>(event)`` for each event type it
accepts (``on_win``, ``on_kong``, ``on_horses`` …); ``run`` calls them in event order. Money
moves through ``pay`` (one payer, one payee, a reason) or ``change`` (one seat's score change
as rule texts give them, "the winner +3S, each other −S"); an event's changes must sum to
zero, and are paid out when the event is done. Every error about an event begins with the
event's place, ``events[i] (type):``.

Core checks every record the same way for every rule: up front, a win after a kong or robbing
one needs that kong's event (``kongs.check_kong_wins``, ``kongs.robbed_kongs``); after each
``on_kong``, a kong of a wild kind is held to ``table.wilds`` (``wilds.check_kong_event``).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any, ClassVar

from .. import tiles as T
from ..errors import MahjongError, PluginError, SettlementError
from ..hookspecs import SettlementRule
from ..records import Event, Field, Record
from ..wilds import check_kong_event, record_wilds
from .kongs import KongBook, check_kong_wins, robbed_kongs
from .money import Ledger, Payment, exact, plain
from .play import InPlay


@dataclass(frozen=True, slots=True)
class Change:
    """One seat's score change within an event, with the rule that made it."""

    seat: int
    amount: Any
    reason: str


class Replayer:
    """Replays one record (module doc). Subclass attributes:

    - ``event_fields``: the fields of the rule's own event types and extra fields of core's
      (``SettlementRule.event_fields``), checked before the replay starts
    - ``winners_leave``: blood battle, a winner leaves play (``self.in_play``)
    - ``tracks_kongs``: build ``self.kongs`` (a ``KongBook``; checks robbed kongs up front)
    - ``robbable``: the kong kinds a robbing win may take (``("added", "exposed")``: 明杠可抢);
      a rule whose options decide it sets it on the instance before ``super().__init__``
    """

    event_fields: ClassVar[Mapping[str, Mapping[str, Field]]] = {}
    winners_leave: bool = False
    tracks_kongs: ClassVar[bool] = True
    robbable: tuple[str, ...] = ("added",)

    def __init__(self, record: Record, ruleset, **params):
        self.record = record
        self.ruleset = ruleset
        self.params = params
        self.seats = record.seats
        self.ledger = Ledger(record.seats)
        self.in_play = InPlay(record.seats, self.winners_leave)
        self.kongs = KongBook(record, self.robbable) if self.tracks_kongs else None
        self._check_kongs()
        self.closed: str | None = None          # why no further event may follow
        self._changes: list[Change] = []
        self._kong_wilds: tuple[int, ...] | None = None    # the hand's wild kinds, once a kong asks

    def _check_kongs(self) -> None:
        """What every family asks of a record's kongs, up front: a win after a kong or robbing
        one needs that kong's event (``check_kong_wins``, ``robbed_kongs``)."""
        table = getattr(self.ruleset, "table", None)
        robbed = self.kongs.robbed if self.kongs is not None else robbed_kongs(self.record, self.robbable)
        check_kong_wins(self.record, robbed, bool(table is not None and table.bonus_replacement_bloom))

    def _check_kong_event(self, event: Event) -> None:
        """After the rule's own ``on_kong``: no kong of a wild kind the table forbids to kong
        (``wilds.check_kong_event``; the record's wild event, else the fixed kinds)."""
        table = getattr(self.ruleset, "table", None)
        if table is None:
            return
        if self._kong_wilds is None:
            self._kong_wilds = record_wilds(self.record, table)
        check_kong_event(event, self._kong_wilds, table.wilds)

    # ---------------------------------------------------------------- the rule it makes
    @classmethod
    def event_types(cls) -> tuple[str, ...]:
        """The event types with an ``on_<type>`` handler, in the order they are defined."""
        seen: dict[str, None] = {}
        for klass in reversed(cls.__mro__):
            for name in vars(klass):
                if name.startswith("on_") and callable(getattr(cls, name)):
                    seen[name[3:]] = None
        return tuple(seen)

    @classmethod
    def rule(cls, id: str, settle, doc: str = "") -> SettlementRule:
        """The ``SettlementRule`` of ``settle`` (``settle(record, ruleset, **params)``, usually
        ``cls(record, ruleset, **params).run()``): this class's event types and fields."""
        return SettlementRule(id, settle, doc, event_types=cls.event_types(), event_fields=cls.event_fields)

    # ---------------------------------------------------------------- the replay
    def run(self) -> list[Payment]:
        """Each event's handler in order, then ``finish``; the payments made."""
        for e in self.record.events:
            if self.closed is not None and not self.may_follow(e):
                raise self.error(e, f"the hand is already over ({self.closed})")
            handler = getattr(self, "on_" + e.type, None)
            if handler is None:
                raise PluginError(f"{e.where()}: settlement {type(self).__name__} accepts {e.type} events but "
                                  f"has no on_{e.type} handler")
            handler(e)
            if e.type == "kong":
                self._check_kong_event(e)
            self._pay_changes(e.where())
        self.finish()
        self._pay_changes("record")
        return self.ledger.payments

    def may_follow(self, event: Event) -> bool:
        """Whether ``event`` may still come once the hand is closed (default: nothing may)."""
        return False

    def finish(self) -> None:
        """After the last event (a drawn hand's refunds and the like); default nothing."""

    def close(self, why: str) -> None:
        """End the hand: a later event is refused, saying ``why``."""
        self.closed = why

    def ignore(self, event: Event) -> None:
        """A handler for an event type the rule accepts and does nothing with:
        ``on_end = Replayer.ignore``."""

    @staticmethod
    def error(event: Event, message: str) -> SettlementError:
        """A record error about ``event``, in the uniform form ``events[i] (type): message``."""
        return SettlementError(f"{event.where()}: {message}")

    # ---------------------------------------------------------------- money
    def pay(self, payer: int, payee: int, amount, reason) -> None:
        """``payer`` pays ``payee`` exactly ``amount`` (nothing when zero), for ``reason``: text,
        or its data (``money.Why``, or a tuple of them) that the text is made from."""
        self.ledger.pay(payer, payee, exact(amount), reason)

    def change(self, seat: int, amount, reason: str) -> None:
        """One seat's score change. The changes of one event must sum to zero; when the event is
        done they are paid out: each loser pays the one gainer, or the one loser pays each
        gainer, with the reason of the seat on the many side."""
        self._changes.append(Change(seat, exact(amount), reason))

    def _pay_changes(self, where: str) -> None:
        """The zero-sum check of one event's changes, then their payments."""
        changes, self._changes = [c for c in self._changes if c.amount], []
        if not changes:
            return
        total = sum(Fraction(c.amount) for c in changes)
        if total:
            shown = ", ".join(f"seat {c.seat} {'+' if c.amount > 0 else ''}{plain(c.amount)}" for c in changes)
            raise PluginError(f"{where}: settlement {type(self).__name__} does not sum to zero: {shown} "
                              f"({'+' if total > 0 else ''}{plain(total)} in all)")
        gain = {c.seat for c in changes if c.amount > 0}
        lose = {c.seat for c in changes if c.amount < 0}
        if gain & lose or (len(gain) > 1 and len(lose) > 1):
            raise PluginError(f"{where}: settlement {type(self).__name__}: changes with several gainers and "
                              f"several losers (or a seat on both sides) say nobody's payments; use pay()")
        if len(gain) == 1:
            (payee,) = gain
            for c in changes:
                if c.amount < 0:
                    self.pay(c.seat, payee, -c.amount, c.reason)
        else:
            (payer,) = lose
            for c in changes:
                if c.amount > 0:
                    self.pay(payer, c.seat, c.amount, c.reason)

    # ---------------------------------------------------------------- what the record says later
    def horses(self, seat: int) -> tuple[int, ...]:
        """The horse tiles turned for winner ``seat``, in the order turned (a ``horses`` event
        with no ``seat`` is the only winner's); () when the record has none for it. The record
        lists horses after the win, so a rule paying the win reads them here."""
        for e in self.record.events:
            if e.type == "horses":
                owner = e.seat if e.seat is not None else next(w.seat for w in self.record.of_type("win"))
                if owner == seat:
                    return tuple(T.parse_tiles(e.get("tiles")))
        return ()

    # ---------------------------------------------------------------- scoring a win
    @cached_property
    def wilds(self) -> tuple[int, ...]:
        """The wild kinds the record's ``wild`` event names under ``table.wilds``
        (``mahjong_core.engine.wilds.record_wilds``); () without one (a situation is given the table's
        fixed kinds when it is read)."""
        return record_wilds(self.record, self.ruleset.table) if self.record.of_type("wild") else ()

    def score(self, event: Event, situation: Mapping | None = None):
        """The win event's hand scored with the ruleset (``situation`` or the event's own, with
        what the record says filled in: the hand's wild kinds too, which a situation naming its
        own must agree with); an error names the event and the winner."""
        sit = self.record.situation_dict(event) if situation is None else situation
        if self.wilds:
            shown, given = T.format_tiles(self.wilds), sit.get("wilds")
            if given is None:
                sit = {**sit, "wilds": shown}
            elif set(T.parse_tiles(given)) != set(self.wilds):
                raise self.error(event, f"situation wilds '{given}' disagree with the record's wild {shown}")
        try:
            return self.ruleset.score(sit)
        except MahjongError as err:
            err.args = (f"{event.where()} seat {event.seat}: {err.message}",) + tuple(err.args[1:])
            raise
