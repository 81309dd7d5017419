"""The bounded search for a hand's best reading: exactly what scoring every reading and
choosing would give, without asking every check of every reading.

Every reading is asked the head checks (``plan.CheckPlan.head``) and ranked by its ceiling —
what it can total at most once finished: its fans as far as finishing has already decided them
(``Finisher.settled``) plus the tail's ``room`` (what the checks still to ask can add). Then,
highest ceiling first, each reading is asked the tail checks one by one and finished, until no
reading left can reach the best total found (the ``floor``; under the ``units`` value formula
the ceilings and the floor are values, each unit bounded on its own). Invariants:

* a ceiling never falls below the reading's finished total: finishing only takes away, except
  the fallback, counted where it may still come; what a later check or an open choice may
  exclude or reduce is not counted on (``exposes``);
* a tail check awards at most ``most`` fans, once each (FanCheck.most); one that breaks this
  raises ``Unbounded`` and the hand is scored reading by reading;
* every reading that may tie the best is finished, so the choice among equals is the
  exhaustive one.
"""
from __future__ import annotations

import math
from collections.abc import Mapping

from ..fans import FanContext
from ..results import ScoreResult
from .ask import ask
from . import fills
from .tails import distinct
from .units import Units


class Unbounded(Exception):
    """A check awarded more than its FanCheck.most promised: score the hand exhaustively."""


def best_candidates(readings, s, decs: list) -> list[ScoreResult]:
    """The readings that may score best, scored, in reading order (every reading that ties
    the best is among them)."""
    finisher = readings.finisher
    hand_memo: dict = {}
    tail = readings.plan.hand_tail(s)
    answers = readings.head_answers(s, decs) if readings.head_answers is not None else None
    more = tails = None     # the plugins' tail answers per reading, and each reading's tail
    if answers is not None and readings.tail_answers is not None:
        got = readings.tail_answers.per_reading(readings.plan, tail, s, decs)
        if got is not None:
            more, tails = got
    filled = False          # readings may take another's answers (Begun.source)
    if answers is not None:
        begun = readings.begin_answered(s, decs, answers, hand_memo, more)
    elif readings.plan_fills and len(decs) > 2:
        begun = fills.begin_filled(readings, s, decs, hand_memo)
        filled = True
    else:
        head = readings.plan.head
        begun = [readings.begin(s, dec, hand_memo, head) for dec in decs]
    # each reading's tail: the checks left where some were answered (its Begun then holds their
    # fans, and is never one a reading answered otherwise holds)
    if tails is None:
        tails = [tail] * len(decs)
    # first the plain sum of the fans found (cheap), then, for the readings it leaves in
    # the running, what finishing has already decided. A rank is (ceiling, points found): the
    # likeliest best first among equal ceilings; each Begun is ranked once (readings with head
    # answers share one), and the list of ranks is made at C speed
    rank_of: dict = {}      # id of a Begun → its rank
    for key, i in distinct(list(map(id, begun))).items():
        b = begun[i]
        if b.source is not None:
            continue
        if b.choices is None:
            raw, free = finisher.points(b.found) if b.points is None else b.points
            rank_of[key] = (finisher.ceiling(raw, free, tails[i].room[0]), raw)
        else:
            rank_of[key] = (math.inf, 0)
    ranks = list(map(rank_of.get, map(id, begun)))
    if filled:
        for i, b in enumerate(begun):
            if b.source is not None:        # took another reading's answers: its rank too
                ranks[i] = ranks[b.source]
    # the readings, highest rank first (in reading order among equal ranks): sorted by the
    # place of their rank among the distinct ranks, an int, cheaper to compare than the rank
    place = {rank: n for n, rank in enumerate(sorted(set(ranks)))}
    order = sorted(range(len(decs)), key=list(map(place.__getitem__, ranks)).__getitem__, reverse=True)
    floor = None
    units = finisher.units
    done: dict[int, ScoreResult] = {}
    settled: dict = {}      # readings that found the same fans (common with wilds) settle alike
    settled_of: dict = {}   # id of a Begun shared by readings → its settled points
    for i in order:
        ceiling, _ = ranks[i]
        if floor is not None and ceiling < floor:
            break
        b = begun[i]
        t = tails[i]
        choices = b.choices
        found = None            # the reading's own fans, made when needed (a reading passed over needs none)
        if choices is None:
            points = settled_of.get(id(b))
            if points is None:
                found = b.fans()
                key = (frozenset(found.items()), t)
                points = settled.get(key)
                if points is None:
                    points = settled[key] = finisher.settled(found, None, t.exposes)
                settled_of[id(b)] = points
        else:
            found = b.fans()
            points = finisher.settled(found, choices, t.exposes)
        raw, free = points
        if floor is not None and finisher.ceiling(raw, free, t.room[0]) < floor:
            continue
        if found is None:
            found = b.fans()
        ctx = b.ctx
        if ctx is None and t.checks:    # answered: a context only for the checks left to ask
            ctx = FanContext(s, decs[i], readings.ruleset, hand_memo)
        result = finish_above(readings, s, decs[i], ctx, found, choices, raw, free, t, hand_memo, floor)
        if result is not None:
            done[i] = result
            measure = result.value if units else result.total
            if floor is None or measure > floor:
                floor = measure
    return [done[i] for i in sorted(done)]


def finish_above(readings, s, dec, ctx, found: dict, choices, raw, free, tail, hand_memo: dict,
                 floor) -> ScoreResult | None:
    """Ask the tail checks and finish the reading, or None as soon as its ceiling falls below
    ``floor`` (the best total already scored). Raises Unbounded when a tail check breaks its
    promise (FanCheck.most): its ceiling was wrong, so the search is not exact."""
    finisher = readings.finisher
    fallback = finisher.fallback_points
    units = finisher.units
    room = tail.room
    for i, t in enumerate(tail.checks):
        if floor is not None:           # Finisher.ceiling, inline: this loop is the search's inner one
            if units:
                if finisher.ceiling(raw, free, room[i]) < floor:
                    return None
            elif (raw if fallback is None or raw >= fallback + free else fallback + free) + room[i] < floor:
                return None
        awarded: dict = {}
        opened = ask(t.asks, ctx, awarded)
        if opened is None:
            if awarded:
                if len(awarded) > t.most or any(n > 1 for n in awarded.values()):
                    raise Unbounded(t.entry.check_id)
                found.update(awarded)
                add_raw, add_free = finisher.points(awarded)
                raw += add_raw
                free += add_free
        else:
            (choice,) = opened          # one check asked: one open choice
            for answer in choice.values():
                if len(answer) > t.most or any(n > 1 for n in answer.values()):
                    raise Unbounded(t.entry.check_id)
            extra = finisher.best_points(choice)
            raw += extra
            free += extra
            choices = opened if choices is None else choices + opened
    if floor is not None and finisher.ceiling(raw, free, 0) < floor:
        return None
    return readings.finish_choices(s, dec, found, choices, hand_memo)


def room_of(tail, apart: Mapping[str, frozenset], units: bool = False) -> tuple:
    """What each suffix of the tail checks can add at most: ``room[i]`` for ``tail[i:]``. Two
    fans of which one excludes the other (``apart``: fan id → the fans it cannot stand beside)
    never both count, so the room is the best choice of at most ``most`` fans per check with no
    two of them apart — or, when the choices are too many to try, the sum of the ceilings.
    Under ``units``, the room of each unit on its own (its fans only), as Units."""
    if units:
        per_unit = [_room(tail, apart, unit) for unit in Units._fields]
        return tuple(Units(*amounts) for amounts in zip(*per_unit))
    return _room(tail, apart, False)


def _room(tail, apart: Mapping[str, frozenset], unit) -> tuple:
    """``room_of`` in ``unit`` (False: the plain points)."""
    room = [0] * (len(tail) + 1)
    for i in range(len(tail) - 1, -1, -1):
        room[i] = room[i + 1] + ceiling_of(tail[i], unit)
    if not any(r.id in apart for t in tail for r in t.entry.rules):
        return tuple(room)
    sums = tuple(room)
    for i in range(len(tail) - 1, -1, -1):
        room[i] = best_apart(tail[i:], apart, sums[i:], unit)
    return tuple(room)


def amount_in(rule, unit) -> float:
    """A fan's amount counted in ``unit`` (False: any unit, the plain points), never below 0."""
    return max(rule.points, 0) if unit is False or rule.unit == unit else 0


def ceiling_of(t, unit) -> float:
    """What tail check ``t`` adds at most in ``unit``: its ``most`` largest amounts there."""
    if unit is False:
        return t.ceiling
    return sum(sorted((amount_in(r, unit) for r in t.entry.rules), reverse=True)[:t.most])


APART_STEPS = 20_000       # how many choices ``best_apart`` may try before settling for the sum


def best_apart(tail, apart: Mapping[str, frozenset], rest: tuple, unit=False) -> float:
    """The most points ``tail`` can add (in ``unit``, see ``amount_in``) when fans that are apart
    never both count (depth first, cut off by ``rest``, the plain sums of the ceilings from each
    check on); that sum if the search is too long."""
    options = []
    for t in tail:
        fans = sorted(((amount_in(r, unit), r.id) for r in t.entry.rules if amount_in(r, unit) > 0), reverse=True)
        options.append((t.most, fans))
    best = 0
    steps = 0

    def visit(k: int, total: float, chosen: tuple) -> None:
        nonlocal best, steps
        steps += 1
        if steps > APART_STEPS:
            raise OverflowError
        if total > best:
            best = total
        if k == len(options) or total + rest[k] <= best:
            return
        most, fans = options[k]
        picks = [(total, chosen)]
        for points, fid in fans:
            blocked = apart.get(fid, ())
            grown = []
            for sub_total, sub in picks:
                if len(sub) - len(chosen) < most and not any(c in blocked for c in sub):
                    grown.append((sub_total + points, sub + (fid,)))
            picks.extend(grown)
        for sub_total, sub in sorted(picks, reverse=True):
            visit(k + 1, sub_total, sub)

    try:
        visit(0, 0, ())
    except OverflowError:
        return rest[0]
    return best
