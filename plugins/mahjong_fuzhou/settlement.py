"""Settlement ``fuzhou.gold_rules``: one hand's record (docs/formats.md: Record) to payments,
on the core replayer. Events, in play order:

* ``wild``    {tile | indicator}               the gold (its own kind; core checks it, once)
* ``discard`` {seat, tile}                     this plugin's; only a discarded gold matters
* ``kong``    {seat, kind, tile, from}         the winner's kongs score in his hand's melds; a
  robbed added kong is the ``kong`` event just before the robbing ``win``
* ``win``     {seat, from (absent: self-drawn), situation}     one winner: the hand ends
* ``end``                                      accepted and ignored

The record's ``dealer_streak`` gives the streak points of a dealer win (streak.py). Each payer's
share S is the hand's value with the streak points in B (payers.py: doubled with B on a self-draw
in version B; in version A inside (B + 5) × 2, that × 3 self-drawn); who pays
is ``options.payers``, a robbed added kong counting as a discard by its declarer. The gold-discard
rule is ``options.gold_discard`` (gold_discard.py). A drawn hand pays nothing.
"""
from __future__ import annotations

from mahjong_core.plugin import tiles as T
from mahjong_core.plugin import Field, Replayer

from .gold_discard import GoldDiscards
from .payers import share, win_payments
from .streak import streak_points


class GoldRules(Replayer):
    """Replays one Fuzhou record (module doc)."""

    event_fields = {"discard": {"seat": Field("seat", True),
                                "tile": Field("tile", True, doc="the tile discarded; only a discarded gold matters")}}

    def __init__(self, record, ruleset, **params):
        super().__init__(record, ruleset, **params)
        self.discards = GoldDiscards(self.wilds[0] if self.wilds else None, ruleset.options)

    on_wild = Replayer.ignore           # read up front (Replayer.wilds): a discard or kong may name the gold
    on_end = Replayer.ignore

    def may_follow(self, event) -> bool:
        return event.type == "end"

    def on_discard(self, e) -> None:
        self.discards.discard(e)

    def on_kong(self, e) -> None:
        tile = T.tile(e.get("tile"))
        rules = self.ruleset.table.wilds
        if tile in self.wilds and not (rules.concealed_kong if e.get("kind") == "concealed" else rules.claim):
            raise self.error(e, f"seat {e.seat} konged {T.name(tile)}, the gold (金): golds cannot be claimed, "
                                f"ponged or konged (table.wilds)")
        self.discards.kong(e)
        self.kongs.add(e)

    def on_win(self, e) -> None:
        self.discards.win(e)
        sit = self.record.situation_dict(e)
        if "wilds" in sit and tuple(sorted(T.parse_tiles(sit["wilds"]))) != self.wilds:
            raise self.error(e, f"situation.wilds {sit['wilds']} is not the record's gold "
                                f"({T.format_tiles(self.wilds) or 'no wild event'})")
        robbed = bool(sit.get("robbing_kong"))
        frm = e.get("from")
        if robbed and e.index - 1 not in self.kongs.robbed:
            raise self.error(e, f"a robbing-kong win follows the added kong of seat {frm} it robs (a kong event "
                                f"of {sit.get('win_tile')} just before)")
        result = self.score(e, sit)
        streak = streak_points(self.record.dealer_streak, e.seat == self.record.dealer, self.ruleset.options)
        s = share(result, streak, self.ruleset)
        for p in win_payments(self.seats, e.seat, s, self.ruleset.options, discarder=frm, robbed_kong=robbed):
            self.pay(p.payer, p.payee, p.amount, p.why or p.reason)
        self.close(f"one winner per hand: seat {e.seat} won at {e.where()}")


def settle(record, ruleset, **params):
    return GoldRules(record, ruleset, **params).run()
