"""The fill-key shortcut: readings of a hand with wilds that differ only in what one group made
of wilds only stands for (a *family*, ``Decomposition.family``) often get the same answers.
This is the only module that reads ``FanCheck.fill_key``, ``FanCheck.group_class`` and
``Decomposition.family``.

Invariant (the plugins' promise): for every head check (``CheckPlan.head``: asked of each
reading, neither per_hand nor bounded by ``most``), ``fill_key(other, group)`` — with ``other``
the context of one reading of the family and ``group`` the varying group of another — is equal
for two readings of a family only when that check gives both the same answer. The key must hold
everything the check reads of the varying group. Then the second reading takes the first's
answers instead of asking again; the tail checks and the finish are still asked per reading.
Both searches take it: the bounded one (``search.best_candidates``) and, for a ruleset with no
tail check, the exhaustive one (``Readings.best`` through ``_shared``), where the head is
every check asked of a reading, so a reading that takes another's answers is only finished.

WARNING — all or nothing: the shortcut is on for a ruleset only when every head check has a
fill_key. A head check added without one turns it off for the whole ruleset; nothing fails,
hands with wilds just get slower. ``Ruleset.uses_fill_keys`` says whether it is on (tests
assert it for popular, Guobiao and Guangdong 推倒胡 and 包).
"""
from __future__ import annotations

from typing import Callable, NamedTuple

from ..fans import FanContext


class Begun(NamedTuple):
    """A reading after its head checks: its context (None when it took another reading's
    answers), the fans found (None: they are ``parts``), the open choices, the reading whose
    answers it took (None), the points of the fans found when already worked out
    (``Finisher.points``; None), and the dicts whose fans, in order, are the fans found, when
    they are not merged until needed (head answers: most readings are never finished)."""

    ctx: FanContext | None
    found: dict | None
    choices: list | None
    source: int | None = None
    points: tuple | None = None
    parts: tuple | None = None

    def fans(self) -> dict:
        """The fans found, as a dict of the reading's own."""
        if self.found is not None:
            return dict(self.found)
        out: dict = {}
        for part in self.parts:
            out.update(part)
        return out


class _Family(NamedTuple):
    """A family met so far: one reading's context, and fill key → the reading asked for it."""

    other: FanContext
    asked: dict


def fill_keys_of(plan) -> tuple | None:
    """The head checks' fill keys, each function once; None (the shortcut off) unless every
    head check has one."""
    keys = [e.check.fill_key for e in plan.head]
    return tuple(dict.fromkeys(keys)) if keys and all(keys) else None


def group_class_of(plan) -> Callable | None:
    """The class by which every check asked of each reading reads a group (``FanCheck.group_class``;
    a per_shape check reads none), as one function for ``ShapeInput.group_class``; None unless
    every such check promises one."""
    classes = []
    for e in plan.every:
        check = e.check
        if check.group_class is not None:
            classes.append(check.group_class)
        elif not check.per_shape:
            return None
    classes = tuple(dict.fromkeys(classes))
    if not classes:
        return _one_class
    if len(classes) == 1:
        return classes[0]
    return lambda group: tuple([c(group) for c in classes])


def _one_class(group) -> None:
    """Every group alike: the checks read only the reading's shape."""
    return None


def begin_filled(readings, s, decs: list, hand_memo: dict) -> list[Begun]:
    """``readings.begin`` (the head checks) for every reading, except that a reading with the
    same family and fill keys as one already asked takes that reading's answers."""
    keys = readings.plan_fills
    key_of: Callable
    if len(keys) == 1:          # the common case: that key function's key
        key_of = keys[0]
    else:
        def key_of(other, group):
            return tuple([k(other, group) for k in keys])
    head = readings.plan.head
    begin = readings.begin
    families: dict = {}         # family → _Family
    begun: list[Begun] = []
    for i, dec in enumerate(decs):
        family = dec.family
        if family is None:
            begun.append(begin(s, dec, hand_memo, head))
            continue
        rest, at = family
        group = dec.groups[at]
        known = families.get(rest)
        if known is None:
            asked = begin(s, dec, hand_memo, head)
            known = families[rest] = _Family(asked.ctx, {})
            known.asked[key_of(known.other, group)] = i
            begun.append(asked)
            continue
        key = key_of(known.other, group)
        j = known.asked.get(key)
        if j is None:
            known.asked[key] = i
            begun.append(begin(s, dec, hand_memo, head))
        else:
            took = begun[j]
            begun.append(Begun(None, took.found, took.choices, j))
    return begun
