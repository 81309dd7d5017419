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

tests/guobiao/test_head_answers.py holds the answers to the checks' on random hands with 0–4
wilds under every shipped ruleset it serves (and ``tests/popular`` holds scoring to scoring
every reading, which asks the checks).
"""
from __future__ import annotations

from mahjong_core.plugin import use_compiled

from .. import standard
from .compiled import _MELD, _fans, heads_table
from .fans import rules_of

HEAD = (("guobiao.pungs", standard.pungs), ("guobiao.tiles", standard.tiles),
        ("guobiao.special", standard.special), ("guobiao.concealment", standard.concealment),
        ("guobiao.chows", standard.chows), ("guobiao.win", standard.win))
_NO_OTHER_COPY = ("last_tile", "robbing_the_kong")


def head_answers(ruleset):
    """``HeadAnswers(ruleset).answers``, or None when this does not serve the ruleset."""
    if _fans is None or not use_compiled():
        return None
    head = ruleset.plan.head
    if len(head) != len(HEAD) or any(e.check_id != cid or e.func is not func or e.args
                                     for e, (cid, func) in zip(head, HEAD)):
        return None
    table = heads_table(rules_of(ruleset))
    return None if table is None else HeadAnswers(ruleset, table).answers


class HeadAnswers:
    """One ruleset's compiled head checks (see the module's docstring)."""

    __slots__ = ("table", "last_from_melds")

    def __init__(self, ruleset, table):
        self.table = table
        self.last_from_melds = ruleset.options["last_tile_from_melds"]

    def answers(self, s, readings: list) -> list | None:
        """Per reading, the head checks' fans or None (asked of the checks); None for the hand."""
        win_wild = s.win_tile in s.wilds and not s.win_natural
        if win_wild and not s.self_drawn:
            return None
        melds = tuple((_MELD[m.kind], m.tile, int(m.concealed)) for m in s.melds)
        flags = (s.win_tile, int(s.self_drawn), int(s.last_tile), int(s.fourth_tile), int(bool(s.after_kong)),
                 int(s.robbing_kong), 0, 27 + s.round_wind, 27 + s.seat_wind)
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
