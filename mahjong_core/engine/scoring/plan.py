"""The check plan: which checks a ruleset asks, grouped so each piece of check code runs once per
reading, and in what order.

* ``per_hand`` — checks whose answer depends only on the situation (FanCheck.per_hand): asked
  with the hand's first reading and remembered for the others;
* ``head`` — the other checks without a promise: asked of every reading;
* ``tail`` — the checks that promise to award at most ``most`` fans (FanCheck.most), highest
  ceiling first: asked last, and only of readings whose ceiling can still reach the best total
  (``search``). ``room[i]`` is what ``tail[i:]`` can add at most.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..hand import Situation
from .search import room_of


@dataclass(frozen=True, slots=True)
class CheckEntry:
    """One check of the plan: the fans of the ruleset that share a check and its args."""

    func: Any                   # the check function: func(ctx, **args)
    args: dict
    rules: tuple                # the FanRules it decides
    ids: frozenset              # their ids: what an answer may award
    plugin: str
    check_id: str
    check: Any                  # the registered FanCheck (its promises: per_hand, most, only_kinds, fill_key)

    def outside(self, fid: str) -> bool:
        """True when ``fid`` is not a fan the check declares it can award (never when it declares none)."""
        awards = self.check.awards
        return awards is not None and fid not in awards


@dataclass(frozen=True, slots=True)
class TailCheck:
    """A check asked last by the bounded search."""

    entry: CheckEntry
    asks: tuple                 # (entry,): what ``ask`` is given
    most: int                   # it awards at most this many fans, once each
    ceiling: float              # so it adds at most this many points (of any unit: the order)
    kinds: int                  # bit mask of FanCheck.only_kinds, or 0
    exposes: frozenset          # the fans its fans exclude or reduce


@dataclass(frozen=True, slots=True)
class HandTail:
    """The tail checks that may award something to one hand, with their room and the fans they
    may exclude or reduce."""

    checks: tuple               # of TailCheck
    room: tuple                 # room[i]: what checks[i:] can add at most
    exposes: frozenset


def kinds_mask(kinds) -> int:
    """A bit mask of tile kinds (0 for None: no restriction)."""
    mask = 0
    for t in kinds or ():
        mask |= 1 << t
    return mask


class CheckPlan:
    """The ruleset's checks in the order they are asked (see the module's docstring)."""

    __slots__ = ("per_hand", "head", "tail", "every", "_whole", "_kinds", "_apart", "_units", "_hand_tails")

    def __init__(self, fan_rules, checks, finisher, bounded: bool):
        """``checks``: the engine's registry of checks; ``bounded``: whether a reading's score can
        be bounded from its fans (else every check is a head check)."""
        groups: dict = {}           # (check id, args as JSON) → the fans that share them
        args_of: dict = {}
        for r in fan_rules:
            key = (r.check, json.dumps(dict(r.args), sort_keys=True, default=str))
            groups.setdefault(key, []).append(r)
            args_of.setdefault(key, dict(r.args))
        entries = []
        for key, rules in groups.items():
            check_id, _ = key
            reg = checks[check_id]
            entries.append(CheckEntry(reg.item.func, args_of[key], tuple(rules), frozenset(r.id for r in rules),
                                      reg.plugin, check_id, reg.item))
        self.per_hand = tuple(e for e in entries if e.check.per_hand)
        head, tail = [], []
        for e in entries:
            if e.check.per_hand:
                continue
            most = e.check.most
            if not bounded or not most:
                head.append(e)
                continue
            ceiling = sum(sorted((max(r.points, 0) for r in e.rules), reverse=True)[:most])
            exposes = frozenset().union(*(finisher.exposes.get(r.id, ()) for r in e.rules))
            tail.append(TailCheck(e, (e,), most, ceiling, kinds_mask(e.check.only_kinds), exposes))
        tail.sort(key=lambda t: -t.ceiling)
        self.head = tuple(head)
        self.tail = tuple(tail)
        self.every = self.head + tuple(t.entry for t in tail)      # per reading: head, then tail
        self._apart = finisher.apart
        self._units = finisher.units
        self._whole = HandTail(self.tail, room_of(self.tail, self._apart, self._units),
                               frozenset(x for t in tail for x in t.exposes))
        self._kinds = any(t.kinds for t in tail)        # some tail check has only_kinds
        self._hand_tails: dict = {}     # HandTail per set of tail checks a hand leaves

    @property
    def room(self) -> tuple:
        """What each suffix of the whole tail can add at most."""
        return self._whole.room

    def hand_tail(self, s: Situation) -> HandTail:
        """The tail for ``s``: a check whose ``only_kinds`` the hand's natural tiles (melds
        included) leave is skipped, with its ceiling."""
        if not self._kinds:
            return self._whole
        held = s.natural_kinds
        kept = tuple(i for i, t in enumerate(self.tail) if not t.kinds or not held & ~t.kinds)
        if len(kept) == len(self.tail):
            return self._whole
        out = self._hand_tails.get(kept)
        if out is None:
            tail = tuple(self.tail[i] for i in kept)
            out = self._hand_tails[kept] = HandTail(tail, room_of(tail, self._apart, self._units),
                                                     frozenset(x for t in tail for x in t.exposes))
        return out
