"""The plugins' tail answers of one ruleset (``mahjong_tail_answers``), combined per reading: a
reading gets the fans of every answer that answers it, answer after answer, and is bounded by
the tail checks left (``CheckPlan.left``). Only the bounded search (``search.best_candidates``)
asks them, beside the head answers."""
from __future__ import annotations

from itertools import repeat
from operator import lshift, or_

from ..errors import PluginError


class TailAnswered:
    """Each answer's entries and function, checked against the plan once."""

    __slots__ = ("answers",)

    def __init__(self, name: str, plan, answers: list):
        tail = {t.entry for t in plan.tail}
        claimed: set = set()
        for a in answers:
            stray = [e for e in a.checks if e not in tail]
            if stray or not a.checks:
                raise PluginError(f"ruleset '{name}': a mahjong_tail_answers answer names "
                                  + (f"checks that are not tail checks of the plan "
                                     f"({', '.join(getattr(e, 'check_id', repr(e)) for e in stray)})" if stray
                                     else "no checks"))
            twice = claimed.intersection(a.checks)
            if twice:
                raise PluginError(f"ruleset '{name}': two mahjong_tail_answers answers name the tail check "
                                  f"'{next(iter(twice)).check_id}'")
            claimed.update(a.checks)
        # a reading's answered fans go in answer after answer: that must keep the checks that may
        # exclude or reduce a fan in the plan's order (the only order a result reads: ``excluded``),
        # so an answer whose such checks come before an earlier answer's is left out (its checks
        # are asked): the results are the same, only slower
        place = {t.entry: i for i, t in enumerate(plan.tail)}
        kept, last = [], -1
        for a in answers:
            exposing = [place[e] for e in a.checks if plan.tail[place[e]].exposes]
            if exposing and min(exposing) < last:
                continue
            kept.append((frozenset(a.checks), a.answers))
            last = max(exposing, default=last)
        self.answers = tuple(kept)

    @property
    def entries(self) -> frozenset:
        """Every entry some answer answers."""
        return frozenset().union(*(entries for entries, _ in self.answers))

    def per_reading(self, plan, tail, s, decs: list) -> tuple[list, list] | None:
        """(each reading's answered tail fans — a dict, a tuple of dicts whose fans in turn are
        them, or None — and each reading's tail: ``tail`` less the checks answered), or None
        when no answer serves the hand. A reading whose checks left could change the order that
        matters (``CheckPlan.left`` is None) takes no answer."""
        got = []                # (the answer's entries, its fans per reading)
        for entries, answer in self.answers:
            fans = answer(s, decs)
            if fans is not None:
                got.append((entries, fans))
        if not got:
            return None
        if len(got) == 1:               # one answer: its fans as they are
            entries, fans = got[0]
            left = plan.left(tail, entries)
            return None if left is None else (fans, [tail if f is None else left for f in fans])
        lists = [fans for _, fans in got]
        keys = answer_keys(lists)
        if not any(None in fans for fans in lists):
            # the common case, every answer answers every reading: each reading's answers in
            # turn, one tuple per distinct set of answers
            left = plan.left(tail, frozenset().union(*(entries for entries, _ in got)))
            if left is None:
                return None
            combined = {key: tuple(fans[i] for fans in lists) for key, i in distinct(keys).items()}
            return list(map(combined.__getitem__, keys)), [left] * len(decs)
        lefts: dict = {}        # which answers answered (a bit each) → the tail left, or None
        combined: dict = {}     # ids of a reading's answers → (its fans, its tail)
        for key, i in distinct(keys).items():
            mask = 0
            parts = []
            for j, fans in enumerate(lists):
                if fans[i] is not None:
                    mask |= 1 << j
                    parts.append(fans[i])
            if mask not in lefts:
                lefts[mask] = plan.left(tail, frozenset().union(*(got[j][0] for j in range(len(got))
                                                                  if mask >> j & 1))) if mask else None
            left = lefts[mask]
            if left is None:
                combined[key] = (None, tail)
            else:
                combined[key] = (parts[0] if len(parts) == 1 else tuple(parts), left)
        pairs = list(map(combined.__getitem__, keys))
        return [fans for fans, _ in pairs], [t for _, t in pairs]


def answer_keys(lists: list) -> list:
    """Per reading, one int telling its answers (the dicts at its place in each of ``lists``)
    from other readings': their ids, 64 bits each. Ints, not tuples: made at C speed, and none
    is an object the garbage collector tracks (a hand has a hundred readings)."""
    keys = list(map(id, lists[0]))
    for j, fans in enumerate(lists[1:], 1):
        keys = list(map(or_, keys, map(lshift, map(id, fans), repeat(64 * j))))
    return keys


def distinct(keys: list) -> dict:
    """Each distinct key of ``keys`` (one per reading) → the place of a reading holding it: the
    Python loop runs over what the readings hold, the per-reading work stays at C speed."""
    return dict(zip(keys, range(len(keys))))
