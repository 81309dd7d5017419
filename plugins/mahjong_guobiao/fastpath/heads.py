"""Guobiao's head checks answered for every standard and seven pairs reading of a hand in one
compiled call:
what makes a hand with wilds (popular's 混) cheap, whose hundred readings are each asked them.

The one door is ``head_answers(ruleset)`` (the plugin's ``mahjong_head_answers``). It answers
only for a ruleset whose plan asks exactly Guobiao's six reading checks first (``HEAD``: these
functions, in this order, with no args), where the compiled module (``_fans``) is built and in
use. For a hand, ``answers(s, readings)`` gives each standard reading the fans those six checks
award it — ``_fans.heads``: the fast path's one-pass fans of the natural hand the reading spells
(its tiles, every wild read as what it stands for), less the flowers and the waits — and each
seven pairs reading its own (``seven_pairs.tiles`` and ``special``, ``standard.win``), and None
to every other reading, whose checks the engine asks.

Invariant: for every reading it answers, the same fans with the same counts in the same order
as asking the plan's head checks of it in turn. Where a check reads more than the natural hand
the reading spells, it does not answer:

* a wild winning tile claimed from a discard, or standing for a kind the melds show three of
  under ``last_tile_from_melds``: what the tile stood for decides concealment or 和绝张 (the
  checks answer per value, ``FanContext.per_win_value``): no answer for that hand or reading;
* a self-drawn wild winning tile otherwise: concealment does not read it, and 和绝张 comes only
  from ``fourth_tile``, as the module has it when given the wild kind as the winning tile;
* 和绝张 and 抢杠和 when a wild reads as another copy of a natural winning tile: dropped, as
  ``standard.win`` drops them.

The same call answers ``guobiao.waits``, a tail check, for those readings (``HeadAnswers.waits``,
offered as a ``TailAnswers`` by ``tail_answers``): the unique-wait fan of each standard reading,
none for seven pairs, None for another shape; nothing for a hand whose winning tile is wild (the
check answers per value it may take). The search asks the tail answers right after the head
answers for the same readings; asked about other readings, it gives nothing (the check is asked).

tests/guobiao/test_head_answers.py holds the answers to the checks' on random hands with 0–4
wilds under every shipped ruleset it serves (and ``tests/popular`` holds scoring to scoring
every reading, which asks the checks).
"""
from __future__ import annotations

import weakref

from mahjong_core.plugin import TailAnswers, use_compiled

from .. import standard
from .compiled import _MELD, _fans, heads_table
from .fans import rules_of

HEAD = (("guobiao.pungs", standard.pungs), ("guobiao.tiles", standard.tiles),
        ("guobiao.special", standard.special), ("guobiao.concealment", standard.concealment),
        ("guobiao.chows", standard.chows), ("guobiao.win", standard.win))
_NO_OTHER_COPY = ("last_tile", "robbing_the_kong")


_SERVED: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()     # ruleset → its HeadAnswers


def head_answers(ruleset):
    """``HeadAnswers(ruleset).answers``, or None when this does not serve the ruleset."""
    if _fans is None or not use_compiled():
        return None
    head = ruleset.plan.head
    if len(head) != len(HEAD) or any(e.check_id != cid or e.func is not func or e.args
                                     for e, (cid, func) in zip(head, HEAD)):
        return None
    table = heads_table(rules_of(ruleset))
    if table is None:
        return None
    served = _SERVED[ruleset] = HeadAnswers(ruleset, table)
    return served.answers


def tail_answers(ruleset) -> TailAnswers | None:
    """``guobiao.waits`` (with no args) answered beside the head checks, for a ruleset whose head
    checks this answers: ``HeadAnswers.waits``; None otherwise."""
    served = _SERVED.get(ruleset)
    entries = [t.entry for t in ruleset.plan.tail if t.entry.func is standard.waits and not t.entry.args]
    if served is None or len(entries) != 1:
        return None
    served.answer_waits = True
    return TailAnswers((entries[0],), served.waits)


class HeadAnswers:
    """One ruleset's compiled head checks (see the module's docstring), and ``guobiao.waits``
    answered in the same call when its tail answers are taken (``waits``)."""

    __slots__ = ("table", "last_from_melds", "answer_waits", "_waits", "__weakref__")

    def __init__(self, ruleset, table):
        self.table = table
        self.last_from_melds = ruleset.options["last_tile_from_melds"]
        self.answer_waits = False
        self._waits = None          # (the readings last answered, their waits answers)

    def waits(self, s, readings: list) -> list | None:
        """Per reading, ``guobiao.waits``' fans or None (a shape it does not read), from the
        ``answers`` call just made for these readings (the search asks the head answers first);
        None for the hand when that call did not give them (a wild winning tile: the check
        answers per value it may take)."""
        got, self._waits = self._waits, None
        return got[1] if got is not None and got[0] is readings else None

    def answers(self, s, readings: list) -> list | None:
        """Per reading, the head checks' fans or None (asked of the checks); None for the hand."""
        win_wild = s.win_tile in s.wilds and not s.win_natural
        if win_wild and not s.self_drawn:
            return None
        melds = tuple((_MELD[m.kind], m.tile, int(m.concealed)) for m in s.melds)
        flags = (s.win_tile, int(s.self_drawn), int(s.last_tile), int(s.fourth_tile), int(bool(s.after_kong)),
                 int(s.robbing_kong), 0, 27 + s.round_wind, 27 + s.seat_wind)
        if self.answer_waits and not win_wild:
            waits: list = []
            out = _fans.heads(self.table, melds, flags, readings, waits)
            self._waits = (readings, waits)
        else:
            self._waits = None
            out = _fans.heads(self.table, melds, flags, readings)
        if win_wild:
            if s.melds and not s.fourth_tile and self.last_from_melds:
                melded: dict = {}
                for m in s.melds:
                    for t in m.tiles:
                        melded[t] = melded.get(t, 0) + 1
                thrice = {t for t, n in melded.items() if n == 3}
                for i, dec in enumerate(readings):
                    if out[i] is not None and thrice.intersection(dec.wild_as):
                        out[i] = None       # per value: the tile may be a kind's last copy in sight
        elif s.fourth_tile or s.robbing_kong:
            for i, dec in enumerate(readings):
                found = out[i]
                if found is not None and s.win_tile in dec.wild_as:      # (a dict of its own: answers are shared)
                    out[i] = {f: n for f, n in found.items() if f not in _NO_OTHER_COPY}
        return out
