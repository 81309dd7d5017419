"""The gold-discard rule (打金), checked over a record's events.

A record names the gold with its ``wild`` event (``tile``, or ``indicator``: Fuzhou's gold is
the turned tile's own kind) and may list discards as ``{"type": "discard", "seat": S, "tile":
T}``; only discards of the gold matter. ``options.gold_discard``:

* ``forbidden`` (revised line, the rule text's system setting): a discarded gold is an error;
* ``self_draw_only_rest_of_hand`` (classic): the discarder may win only by self-draw for the
  rest of the hand;
* ``self_draw_only_rest_of_round`` (the rule text 福州麻将规则及打法, 本圈内): the same until that
  player's next discard.

Whatever the rule, a discarded gold cannot be won on.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from mahjong_core.plugin import tiles as T
from mahjong_core.plugin import NotWinningError, SettlementError



def gold_of(event) -> int:
    """The gold kind a ``wild`` event names (its own kind, whether given as tile or indicator)."""
    return T.tile(event.get("tile") or event.get("indicator"))


class GoldDiscards:
    """The rule followed event by event (the settlement calls ``discard``, ``win`` and ``kong``
    as it replays; ``check_gold_discards`` runs it over a whole list). ``restricted``: seat →
    index of the gold discard that still restricts him."""

    def __init__(self, gold: int | None, options: Mapping):
        self.gold = gold
        self.rule = options["gold_discard"]
        self.restricted: dict[int, int] = {}
        self.last_discard: tuple[int, int] | None = None        # (seat, tile) of the latest discard

    def discard(self, e) -> None:
        """A discarded gold the rule forbids is an error; otherwise its discarder is restricted."""
        tile = T.tile(e.get("tile"))
        seat = e.seat
        if self.rule == "self_draw_only_rest_of_round":
            self.restricted.pop(seat, None)
        self.last_discard = (seat, tile)
        if tile != self.gold:
            return
        if self.rule == "forbidden":
            raise SettlementError(f"{e.where()}: seat {seat} discards {T.name(tile)}, the gold (金); golds "
                                  f"may not be discarded in this ruleset (options.gold_discard: forbidden)")
        self.restricted[seat] = e.index

    def kong(self, e) -> None:
        """A kong comes between the latest discard and any win: nobody wins on that discard."""
        self.last_discard = None

    def win(self, e) -> None:
        """A win on the discarded gold, or a discard win by a restricted player, is refused."""
        frm = e.get("from")
        if frm is None:
            return
        sit = e.get("situation") or {}
        gold = self.gold
        if self.last_discard == (frm, gold) and sit.get("win_tile") is not None and T.tile(sit["win_tile"]) == gold:
            raise SettlementError(f"{e.where()}: the winning tile {T.name(gold)} is the gold seat {frm} "
                                  f"discarded; a discarded gold cannot be claimed or won on")
        if e.seat in self.restricted:
            until = "until his next discard" if self.rule == "self_draw_only_rest_of_round" else "for the rest of the hand"
            raise NotWinningError(
                f"{e.where()}: seat {e.seat} discarded the gold {T.name(gold)} at events["
                f"{self.restricted[e.seat]}] and may win only by self-draw {until} (options.gold_discard: {self.rule})")


def check_gold_discards(events: Iterable, options: Mapping) -> dict[int, int]:
    """Raise on a discarded gold the rule forbids, a win on a discarded gold, or a discard win
    by a player the rule restricts to self-draw. Returns seat → index of the gold discard that
    still restricts him at the end of the record."""
    book = GoldDiscards(None, options)
    for e in events:
        if e.type == "wild":
            book.gold = gold_of(e)
        elif e.type == "discard":
            book.discard(e)
        elif e.type == "win":
            book.win(e)
        elif e.type == "kong":
            book.kong(e)
    return book.restricted
