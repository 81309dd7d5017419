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
from typing import Any

from ..hand import Situation
from .search import room_of


# The plan's records are plain classes with slots, read by name (never by position): a ruleset's
# plan is made at every start, and defining three dataclasses cost more than making the plan.

class CheckEntry:
    """One check of the plan: the fans of the ruleset that share a check and its args."""

    __slots__ = ("func", "args", "rules", "ids", "plugin", "check_id", "check")

    def __init__(self, func: Any, args: dict, rules: tuple, ids: frozenset, plugin: str, check_id: str, check: Any):
        self.func = func                # the check function: func(ctx, **args)
        self.args = args
        self.rules = rules              # the FanRules it decides
        self.ids = ids                  # their ids: what an answer may award
        self.plugin = plugin
        self.check_id = check_id
        self.check = check              # the registered FanCheck (its promises: per_hand, most, only_kinds, fill_key)

    def outside(self, fid: str) -> bool:
        """True when ``fid`` is not a fan the check declares it can award (never when it declares none)."""
        awards = self.check.awards
        return awards is not None and fid not in awards


class TailCheck:
    """A check asked last by the bounded search."""

    __slots__ = ("entry", "asks", "most", "ceiling", "kinds", "exposes")

    def __init__(self, entry: CheckEntry, asks: tuple, most: int, ceiling: float, kinds: int, exposes: frozenset):
        self.entry = entry
        self.asks = asks                # (entry,): what ``ask`` is given
        self.most = most                # it awards at most this many fans, once each
        self.ceiling = ceiling          # so it adds at most this many points (of any unit: the order)
        self.kinds = kinds              # bit mask of FanCheck.only_kinds, or 0
        self.exposes = exposes          # the fans its fans exclude or reduce


class HandTail:
    """The tail checks that may award something to one hand, with their room and the fans they
    may exclude or reduce."""

    __slots__ = ("checks", "room", "exposes")

    def __init__(self, checks: tuple, room: tuple, exposes: frozenset):
        self.checks = checks            # of TailCheck
        self.room = room                # room[i]: what checks[i:] can add at most
        self.exposes = exposes


def kinds_mask(kinds) -> int:
    """A bit mask of tile kinds (0 for None: no restriction)."""
    mask = 0
    for t in kinds or ():
        mask |= 1 << t
    return mask


class CheckPlan:
    """The ruleset's checks in the order they are asked (see the module's docstring)."""

    __slots__ = ("per_hand", "head", "tail", "every", "_whole", "_kinds", "_apart", "_units", "_hand_tails", "_left")

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
        self._left: dict = {}           # (HandTail, entries answered) → what ``left`` gives

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

    def left(self, tail: HandTail, answered: frozenset) -> HandTail | None:
        """``tail`` (a hand's) less the checks whose entries are ``answered`` (a plugin's tail
        answers, ``mahjong_tail_answers``): what a reading answered still asks, with its room.
        None when a check left comes before an answered one and may exclude or reduce a fan:
        the answered fans go into a reading's fans before the fans of the checks left, and the
        order in which excluders are found is the order ``excluded`` lists them in."""
        key = (tail, answered)
        if key in self._left:
            return self._left[key]
        kept = tuple(t for t in tail.checks if t.entry not in answered)
        last = max((i for i, t in enumerate(tail.checks) if t.entry in answered), default=-1)
        out = None
        if not any(t.exposes for t in tail.checks[:last] if t.entry not in answered):
            out = HandTail(kept, room_of(kept, self._apart, self._units), frozenset(x for t in kept for x in t.exposes))
        self._left[key] = out
        return out
