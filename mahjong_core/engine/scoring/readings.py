"""Scoring the readings of one hand: ask the plan's checks of a reading, finish it (once per open
choice, keeping the best), choose among readings; ``best`` runs the bounded search when the plan
has a tail and falls back to scoring every reading."""
from __future__ import annotations

from typing import NamedTuple

from ..errors import BelowMinimumError, PluginError, plural
from ..fans import EngineKey, FanContext
from ..hand import WIN_METHOD_WORDS, win_method
from ..results import ScoreResult
from .ask import ask
from .fills import Begun, begin_filled, group_class_of, fill_keys_of
from .tails import TailAnswered, answer_keys, distinct
from . import search
from ..shapes import GroupClasses

_HAND_FANS = EngineKey.HAND_FANS
_FINISHED = EngineKey.FINISHED


class HandFans(NamedTuple):
    """What the per-hand checks found (kept in the hand memo under EngineKey.HAND_FANS)."""

    found: dict
    choices: list | None


class Readings:
    """One ruleset's way of scoring readings (its plan, finisher and choice rules)."""

    __slots__ = ("ruleset", "plan", "finisher", "plan_fills", "group_class", "head_answers", "tail_answers",
                 "_per_hand", "_every",
                 "_prefer", "_engine", "_name", "_minimums", "_by_method", "_by_shape", "_first_chosen")

    def __init__(self, ruleset, plan, finisher, prefer: tuple, engine):
        self.ruleset = ruleset
        self.plan = plan
        self.finisher = finisher
        self.plan_fills = fill_keys_of(plan)      # the fill keys, or None: the shortcut is off
        self._per_hand = plan.per_hand
        self._every = plan.every
        self._prefer = prefer
        self._engine = engine
        self._name = ruleset.name
        self._minimums = ruleset.minimums
        self._by_method = ruleset.minimum_by_method
        # every check asked of each reading reads only its shape (FanCheck.per_shape): readings
        # of one shape find the same fans, so ``every`` asks the first of each shape only
        self._by_shape = all(e.check.per_shape for e in plan.every)
        # no plugin picks among tied readings: the first is the choice (Engine.chooses_ties)
        self._first_chosen = not engine.chooses_ties(ruleset)
        # the shapes may leave out the readings that could only tie an earlier one, after it
        # (ShapeInput.group_class): only when the first tied reading is the choice
        group_class = group_class_of(plan) if self._first_chosen else None
        self.group_class = None if group_class is None else GroupClasses(group_class)
        # a plugin's answers to the head checks for a hand's readings at once (mahjong_head_answers),
        # set once the ruleset is built
        self.head_answers = None
        # and the plugins' to some tail checks (mahjong_tail_answers, ``answer_tail``), combined
        self.tail_answers: TailAnswered | None = None

    def answer_tail(self, answers: list) -> None:
        """Take the plugins' ``TailAnswers`` (checked against the plan: ``tails.TailAnswered``)."""
        if answers:
            self.tail_answers = TailAnswered(self._name, self.plan, answers)

    def begin_answered(self, s, decs: list, answers: list, hand_memo: dict, more: list | None = None) -> list[Begun]:
        """``begin`` (the head checks) for every reading, from ``head_answers``' ``answers``: a
        reading answered gets those fans after the per-hand checks' (asked with the first
        reading), and no context until it is finished; one not answered is asked. ``more``
        (``TailAnswered.per_reading``'s, or None): a reading's answered tail fans (a dict, or a
        tuple of dicts in turn), added last.
        Readings whose answers are the same dicts share one Begun, whose fans are those parts
        (``Begun.parts``, merged when the search needs them), with its points: the sum of the
        parts' (each fan is one check's, so the parts hold different fans), each part's worked
        out once."""
        points = self.finisher.points
        hand_found: dict = {}
        hand_choices = self._ask_reading(FanContext(s, decs[0], self.ruleset, hand_memo), hand_memo, (), hand_found)
        hand_raw, hand_free = points(hand_found)
        # a hundred readings, a few dozen distinct answers: the per-reading work is zip, map
        # and dict at C speed, the Python loop is over the distinct (answer, tail answer) pairs
        if more is None:
            more = [None] * len(decs)
            keys = list(map(id, answers))
        else:
            keys = answer_keys([answers, more])
        part_points: dict = {}      # id of an answer, or of a tail answer → its points
        shared: dict = {}           # id of an answer (with the tail's) → the Begun of its readings
        for key, i in distinct(keys).items():
            answer, extra = answers[i], more[i]
            if answer is None:
                continue
            parts = (answer, *_tail_parts(extra))
            raw, free = hand_raw, hand_free
            for part in parts:
                if part:
                    known = part_points.get(id(part))
                    if known is None:
                        known = part_points[id(part)] = points(part)
                    raw += known[0]
                    free += known[1]
            shared[key] = Begun(None, None, hand_choices, None, (raw, free), (hand_found, *parts))
        out = list(map(shared.get, keys))
        if None in answers:
            head = self.plan.head
            for i, answer in enumerate(answers):
                if answer is None:
                    b = out[i] = self.begin(s, decs[i], hand_memo, head)
                    for part in _tail_parts(more[i]):
                        b.found.update(part)
        return out

    def begin(self, s, dec, hand_memo: dict, entries) -> Begun:
        """The reading after the per-hand checks and the checks of ``entries``."""
        ctx = FanContext(s, dec, self.ruleset, hand_memo)
        found: dict[str, int] = {}
        return Begun(ctx, found, self._ask_reading(ctx, hand_memo, entries, found))

    def evaluate(self, s, dec, hand_memo: dict) -> ScoreResult:
        """Score one reading: every check, then the finish — once per alternative when a check
        leaves a choice open, keeping the best."""
        return _own(self._evaluated(s, dec, hand_memo), dec)

    def _evaluated(self, s, dec, hand_memo: dict) -> ScoreResult:
        """``evaluate``'s result as the hand shares it: perhaps another reading's, with the same fans."""
        found: dict[str, int] = {}
        choices = self._ask_reading(FanContext(s, dec, self.ruleset, hand_memo), hand_memo, self._every, found)
        return self._finished_choices(s, dec, found, choices, hand_memo)

    def _answered(self, s, dec) -> ScoreResult | None:
        """``_evaluated`` of a hand's one reading with its head checks' fans from ``head_answers``
        (the bounded search costs more than it saves for one reading); None when it gives none."""
        answers = self.head_answers(s, [dec])
        if answers is None or answers[0] is None:
            return None
        hand_memo: dict = {}
        ctx = FanContext(s, dec, self.ruleset, hand_memo)
        found: dict[str, int] = {}
        choices = self._ask_reading(ctx, hand_memo, (), found)
        found.update(answers[0])
        more = ask(self._every[len(self.plan.head):], ctx, found)
        if more:
            choices = more if choices is None else choices + more
        return self._finished_choices(s, dec, found, choices, hand_memo)

    def _ask_reading(self, ctx: FanContext, hand_memo: dict, entries, found: dict) -> list | None:
        """Fill ``found`` with the per-hand checks' fans (asked with the hand's first reading and
        remembered) and those of ``entries``; return the open choices."""
        if self._per_hand:
            known = hand_memo.get(_HAND_FANS)
            if known is None:
                hand_found: dict[str, int] = {}
                known = hand_memo[_HAND_FANS] = HandFans(hand_found, ask(self._per_hand, ctx, hand_found))
            found.update(known.found)
            choices = ask(entries, ctx, found)
            if known.choices:
                choices = known.choices + (choices or [])
            return choices
        return ask(entries, ctx, found)

    def finish_choices(self, s, dec, found: dict, choices, hand_memo: dict) -> ScoreResult:
        """Finish the reading, once per open choice, keeping the best."""
        return _own(self._finished_choices(s, dec, found, choices, hand_memo), dec)

    def _finished_choices(self, s, dec, found: dict, choices, hand_memo: dict) -> ScoreResult:
        """``finish_choices``' result as the hand shares it (see ``_finished``)."""
        if choices is None:
            return self._finished(s, dec, found, hand_memo)
        first, *others = choices
        labels = [label for label in first if all(label in c for c in others)]
        if not labels:
            raise PluginError(f"ruleset '{self._name}': fan checks offer alternatives with no choice in common "
                              f"({', '.join(sorted(map(str, (lab for c in choices for lab in c))))})")
        best = best_rank = None
        for label in labels:
            chosen = dict(found)
            for c in choices:
                chosen.update(c[label])
            result = self._finished(s, dec, chosen, hand_memo)
            if result is not best:
                rank = self.rank(result)
                if best is None or rank > best_rank:
                    best, best_rank = result, rank
        return best

    def _finished(self, s, dec, found: dict, hand_memo: dict) -> ScoreResult:
        """The hand's finished result for ``found``, made for the first reading that found
        those fans: another reading's perhaps (``_own`` gives it this reading)."""
        key = (_FINISHED, frozenset(found.items()))
        done = hand_memo.get(key)
        if done is None:
            done = hand_memo[key] = self.finisher.finish(s, dec, found)
        return done

    def every(self, s, decs) -> list[ScoreResult]:
        """Every reading, scored; with ``_by_shape``, a reading of a shape already scored takes
        that result with its own reading (the choice among ties still sees every reading)."""
        return [_own(r, dec) for r, dec in zip(self._shared(s, decs, False), decs)]

    def _shared(self, s, decs, filled: bool) -> list[ScoreResult]:
        """``every``, each result as the hand shares it: a reading finding the fans another found
        gets that reading's result, not one of its own (``_own`` makes it), so scoring a hundred
        readings makes a result per set of fans. ``filled``: for a plan with no tail and fill keys
        (``scoring.fills``), a reading whose family and keys match one already asked takes its
        answers; with no tail the head checks are all a reading is asked, so the results are the same."""
        hand_memo: dict = {}
        if filled:
            out = []
            for dec, b in zip(decs, begin_filled(self, s, decs, hand_memo)):
                if b.source is None:
                    out.append(self._finished_choices(s, dec, dict(b.found), b.choices, hand_memo))
                else:           # took another reading's answers: finishing them gives its result
                    out.append(out[b.source])
            return out
        if not self._by_shape or len(decs) < 2:
            return [self._evaluated(s, dec, hand_memo) for dec in decs]
        first: dict = {}
        out = []
        for dec in decs:
            done = first.get(dec.shape)
            if done is None:
                done = first[dec.shape] = self._evaluated(s, dec, hand_memo)
            out.append(done)
        return out

    def rank(self, r: ScoreResult):
        """What the choice compares: value, total, then ``scoring.prefer``'s fans in order."""
        if not self._prefer:
            return (r.value, r.total)
        ids = {f.id for f in r.fans}
        return (r.value, r.total) + tuple(p in ids for p in self._prefer)

    def choose(self, candidates: list[ScoreResult]) -> ScoreResult:
        """The best-ranked reading; among equals, the plugins' choice (engine.choose)."""
        if len(candidates) == 1:
            return candidates[0]
        ranks = [self.rank(c) for c in candidates]
        best_rank = max(ranks)
        return self._pick([c for c, rank in zip(candidates, ranks) if rank == best_rank])

    def _pick(self, tied: list) -> ScoreResult:
        """The choice among readings tied for the best: the plugins', or the first when none chooses."""
        if len(tied) == 1 or self._first_chosen:
            return tied[0]
        return self._engine.choose(tied, self.ruleset)

    def _choose_shared(self, shared: list, decs: list) -> ScoreResult:
        """``choose`` over ``_shared``'s results, each ranked once, and only the readings that
        tie for the best given results of their own (only the first, when no plugin chooses)."""
        if len(decs) == 1:
            return _own(shared[0], decs[0])
        rank_of: dict = {}
        ranks = []
        for r in shared:
            rank = rank_of.get(id(r))
            if rank is None:
                rank = rank_of[id(r)] = self.rank(r)
            ranks.append(rank)
        best_rank = max(ranks)
        if self._first_chosen:          # the others would get results only to be passed over
            first = ranks.index(best_rank)
            return _own(shared[first], decs[first])
        return self._pick([_own(r, dec) for r, dec, rank in zip(shared, decs, ranks) if rank == best_rank])

    def best(self, s, decs: list, enforce_minimum: bool) -> ScoreResult:
        """The chosen reading of a winning hand; below the minimum, a reading scoring less may
        still be the best that meets it (BelowMinimumError when none does)."""
        method = win_method(s)
        minimum = self._minimums[method]
        if self.plan.tail and len(decs) > 1:
            try:
                best = self.choose(search.best_candidates(self, s, decs))
            except search.Unbounded:
                best = None
            if best is not None and (not enforce_minimum or best.minimum_points >= minimum):
                return best
        one = self._answered(s, decs[0]) if len(decs) == 1 and self.head_answers is not None else None
        shared = [one] if one is not None else \
            self._shared(s, decs, bool(self.plan_fills) and not self.plan.tail and len(decs) > 2)
        best = self._choose_shared(shared, decs)
        if enforce_minimum and best.minimum_points < minimum:
            enough = [_own(r, dec) for r, dec in zip(shared, decs) if r.minimum_points >= minimum]
            if not enough:
                raise self.below_minimum(best, method)
            best = self.choose(enough)
        return best

    def below_minimum(self, best: ScoreResult, method: str) -> BelowMinimumError:
        """The error for a hand won by ``method`` whose best reading ``best`` meets no minimum,
        naming the fans that do not count toward it."""
        on = f" for a win by {WIN_METHOD_WORDS[method]} (scoring.minimum.{method})" if self._by_method else ""
        apart = [f"{f.zh} {f.en} {f.points * f.count}" for f in best.fans
                 if not self.ruleset.fan_by_id[f.id].counts_to_minimum]
        apart = f" (not counted toward it: {', '.join(apart)})" if apart else ""
        return BelowMinimumError(f"{plural(best.minimum_points, 'point')}, below the minimum of "
                                 f"{self._minimums[method]}{on} for ruleset '{self._name}'{apart}", best)


def _tail_parts(extra) -> tuple:
    """A reading's answered tail fans (``TailAnswered.per_reading``: None, a dict, or a tuple
    of dicts in turn) as a tuple of dicts."""
    if extra is None:
        return ()
    return extra if extra.__class__ is tuple else (extra,)


def _own(done: ScoreResult, dec) -> ScoreResult:
    """``done`` for the reading ``dec``: itself when it was made for ``dec``."""
    return done if done.decomposition is dec else _as_reading(done, dec)


def _as_reading(done: ScoreResult, dec) -> ScoreResult:
    """``done``'s finished fans, totals and value, for the reading ``dec`` of the same hand."""
    return ScoreResult(done.ruleset, done.total, done.value, done.fans, dec, done.situation, done.minimum_points,
                       done.excluded, done.dropped)
