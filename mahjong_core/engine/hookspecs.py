"""The plugin hooks and the records they answer with. Each hook's docstring carries an example;
the hook reference in docs/plugins.md is built from these docstrings and a test keeps the two in step.
Each record lists its fields (type: meaning). A plugin imports all of it from
``mahjong_core.plugin``."""
from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable, Iterable

import pluggy

from .errors import did_you_mean
from .hand import FLOWER_BONUS, WIN_METHODS

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from .declarations import SituationField, Validator
    from .fans import FanCheck
    from .flows import TableFlow
    from .hand import Situation
    from .records import Field
    from .ruleset import Ruleset, ScoreResult
    from .settle.money import Payment

PROJECT = "mahjong_core"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@dataclass(frozen=True, slots=True)
class TileSet:
    """The tiles a ruleset plays with (YAML ``table.tile_set``).

    - ``id`` (``str``): the id YAML names it by, e.g. ``standard_136``
    - ``kinds`` (``frozenset[int]``): the playable tile kinds, 0–33 (0–8 m, 9–17 p, 18–26 s, 27–33 z)
    - ``flowers`` (``bool``): shorthand for the eight flowers 1f–8f, one copy each, as bonus tiles
    - ``doc`` (``str``): one line shown in the ruleset docs
    - ``bonus`` (``Mapping[int, int] | None``): bonus kind → copies, the tiles set aside and replaced
      (situation ``flowers``); a bonus kind is never playable. ``flowers=True`` adds 1f–8f ×1;
      Fuzhou's honours would be ``{27: 4, …, 33: 4}`` beside them
    """

    id: str
    kinds: frozenset[int]
    flowers: bool = False
    doc: str = ""
    bonus: Mapping[int, int] | None = None

    def __post_init__(self):
        bonus = dict(self.bonus or {})
        if self.flowers:
            bonus = {**FLOWER_BONUS, **bonus}
        for t, n in bonus.items():
            if not (isinstance(t, int) and 0 <= t < 42) or isinstance(n, bool) or not isinstance(n, int) or n < 1:
                raise ValueError(f"tile set '{self.id}': bonus must map tile kinds 0–41 to copies ≥ 1, "
                                 f"got {t!r}: {n!r}")
            if t in self.kinds:
                raise ValueError(f"tile set '{self.id}': kind {t} is both playable and a bonus tile")
        object.__setattr__(self, "bonus", MappingProxyType(dict(sorted(bonus.items()))))
        object.__setattr__(self, "flowers", bool(bonus))


@dataclass(frozen=True, slots=True)
class WinShape:
    """``find(shape_input, **args)`` yields every Decomposition of the hand in this shape.

    ``waits(shape_input, **args)``, optional, answers "which tiles complete this shape?" for the
    hand before the win (the same ``ShapeInput`` less the winning tile: counts, wild budget,
    melds, table rules; the same YAML ``args``): the kinds of ``shape_input.kinds`` that
    complete it (held-four kinds are dropped by the caller), or None to let the engine add each
    kind in turn and ask ``find``. Without it, or when it returns None, waits are searched.

    ``shanten(shape_input, **args)``, optional, answers "how many tiles from ready?" (0 = ready,
    −1 = complete) for a hand of 3n+1 or 3n+2 standing tiles: the counts may hold fewer tiles,
    those the table rules out (a void suit) being left out as tiles to replace, and the wild
    budget is ``shape_input.wilds``. It returns the shape's distance (the caller raises it to 0
    for a 3n+1 hand), ``mahjong_core.engine.analysis.NEVER`` when the hand can never take the shape, or
    None to let the engine search: a searched shape counts only once complete or ready.

    ``shanten_draws(shape_input, **args)``, optional beside ``shanten``, answers for a 3n+1 hand
    "how far after drawing each kind?" all at once: a new list of 34 shanten values (as
    ``shanten`` would give for the hand plus that tile; ``NEVER`` for a fifth copy), or None to let the
    engine ask ``shanten`` once per kind. The engine asks it only of the shapes whose own
    shanten is the hand's (a drawn tile lowers a shape's shanten by one at most, so no other
    shape can make a tile useful).

    ``shanten_useful(shape_input, **args)``, optional beside ``shanten``, answers the same for a
    wild-free 3n+1 hand as a bit mask: bit t set when drawing kind t lowers the shape's shanten
    (kinds held four times may be set or not: the caller drops them), or None to let the engine
    read ``shanten_draws``. The engine asks it, when it is given, instead of ``shanten_draws``
    where only the useful tiles are wanted: no list of 34 to build and compare.

    ``shanten_bound(shape_input, **args)``, optional beside ``shanten``, gives a cheap lower
    bound of ``shanten``: the engine does not ask ``shanten`` of a shape whose bound cannot
    beat the best shape found so far. Waits searched through ``find`` rely on both being lower
    bounds of the true distance (with the wilds too): a shape they put one tile or more from
    ready takes no winning tile, and ``find`` is not asked.

    ``win_methods`` are the ways of winning the shape allows (``self_drawn``, ``discard``,
    ``robbing_kong``: ``win_method``'s words; default all three; a ruleset may set its own in
    YAML ``shapes: {id: {win_methods: [...]}}``). Scoring reads a hand in the shape only when
    it is won one of those ways: won another, the shape gives no reading, and a hand with no
    other is refused as ``not_winning`` naming the shape and the way it was won. Its waits
    still count (a waits table scores them in the allowed column only); shanten and the
    analysis count the shape whatever the way, as a hand ready for it can still win so.

    ``kernel``, optional, names the compiled kernel that computes this shape's ``shanten`` for a
    wild-free hand without melds (``standard``, ``seven_pairs``, ``thirteen_orphans``,
    ``honors_and_knitted``, ``knitted_straight``, ``nine_gates``, ``wild_count``: the closed
    forms of core's shapes and of Guobiao's). A shape names one only when its own ``shanten``
    gives the kernel's answers; when every shape of a ruleset names one and the kernel was
    built, ``rules.shanten`` of plain notation is one C call (``mahjong_core.engine.shapes.kernel``)."""

    id: str
    find: Callable[..., Iterable[Any]]
    doc: str = ""
    melds: bool = True          # False: a fully concealed shape, never tried on a hand with melds
    waits: Callable[..., Iterable[int] | None] | None = None    # the shape's own waits, or None
    shanten: Callable[..., int | None] | None = None            # the shape's own shanten, or None
    shanten_draws: Callable[..., list[int] | None] | None = None  # its shanten after each draw
    shanten_bound: Callable[..., int] | None = None             # a cheap lower bound of it
    shanten_useful: Callable[..., int | None] | None = None     # the draws lowering it, a bit mask
    win_methods: tuple[str, ...] = WIN_METHODS  # the ways of winning it allows (default all)
    kernel: str | None = None   # the compiled kernel computing its shanten (shapes/kernel.py), if any

    def __post_init__(self):
        object.__setattr__(self, "win_methods", win_methods_of(self.win_methods, f"win shape '{self.id}': win_methods"))


def win_methods_of(value, what: str) -> tuple[str, ...]:
    """``value`` as a tuple of ways of winning in ``WIN_METHODS`` order, or ValueError naming
    ``what`` (a shape's ``win_methods``: a non-empty list of ``win_method``'s words)."""
    if isinstance(value, str) or not isinstance(value, (list, tuple)) or not value:
        raise ValueError(f"{what} must be a non-empty list of {', '.join(WIN_METHODS)}, got {value!r}")
    for m in value:
        if m not in WIN_METHODS:
            hint = did_you_mean(m, WIN_METHODS) if isinstance(m, str) else ""
            raise ValueError(f"{what}: unknown win method {m!r}{hint}; the ways of winning are "
                             f"{', '.join(WIN_METHODS)}")
    return tuple(m for m in WIN_METHODS if m in value)


@dataclass(frozen=True, slots=True)
class SettlementRule:
    """How a record's events turn into money (YAML ``settlement: {id, params}``).

    - ``id`` (``str``): the id YAML names it by
    - ``settle`` (``Callable[..., Iterable[Payment]]``): ``settle(record, ruleset, **params)``, the
      Payments for one checked ``Record``; YAML ``params`` become keyword arguments
      (``mahjong_core.engine.settle.Replayer`` replays the events for it: ``Replayer.rule`` builds this record)
    - ``doc`` (``str``): one line shown in the ruleset docs
    - ``event_types`` (``tuple[str, ...]``): the record event types it accepts; any other is refused
    - ``event_fields`` (``Mapping[str, Mapping[str, Field]]``): event type → field name → ``Field``,
      the fields of its own event types and extra fields of core's, checked by core before
      ``settle`` runs (an unknown field, a wrong type or a missing required field is refused
      naming the event); an accepted type declared nowhere gets the seat checks only
    """

    id: str
    settle: Callable[..., Iterable[Payment]]
    doc: str = ""
    event_types: tuple[str, ...] = ("win", "kong", "end", "horses")
    event_fields: Mapping[str, Mapping[str, Field]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class ValueFormula:
    """What settlement multiplies by the stake, from a hand's points (YAML ``scoring.value``):
    Guobiao's is the total, Sichuan's a capped doubling.

    - ``id`` (``str``): the id YAML names it by
    - ``value`` (``Callable[..., Any]``): ``value(total, fans, situation, **params)``, the hand's value;
      YAML ``params`` become keyword arguments
    - ``doc`` (``str``): one line shown in the ruleset docs
    """

    id: str
    value: Callable[..., Any]
    doc: str = ""


@dataclass(frozen=True, slots=True)
class TailAnswers:
    """A plugin's answers to some of a ruleset's tail checks (``ruleset.plan.tail``: those with a
    ``most``, asked last by the bounded search) for all the readings of a hand at once
    (``mahjong_tail_answers``).

    - ``checks`` (``tuple``): the plan entries answered (``ruleset.plan.tail[i].entry``)
    - ``answers`` (``Callable[[Any, list], list | None]``): ``answers(situation, readings)`` → None (the checks are asked),
      or a list with, for each reading, exactly the fans asking those checks of it in the plan's
      order would find (fan id → count, filtered by the ruleset's fans as ``ask`` does; readings
      with equal answers may share one dict, which the engine never changes), or None (its
      checks are asked)
    """

    checks: tuple
    answers: Callable[[Any, list], list | None]


# records named here that live apart, defined only when read: the table flow's (flows.py, read by
# the table only) and the declarations' (declarations.py, read when a plugin declares one)
_ELSEWHERE = {"OpeningStep": "flows", "TableFlow": "flows", "OPENING_AT": "flows", "AFTER_WIN": "flows",
              "SituationField": "declarations", "Validator": "declarations"}


def __getattr__(name: str):
    home = _ELSEWHERE.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module
    return getattr(import_module(f"{__package__}.{home}"), name)


class RegistrationSpec:
    """The registration hooks: what a plugin provides, each record under an id YAML names."""

    @hookspec
    def mahjong_tile_sets(self) -> list[TileSet]:
        """Tile sets this plugin provides.

        Example::

            from mahjong_core.plugin import hookimpl, TileSet

            @hookimpl
            def mahjong_tile_sets():
                # the three suits plus the dragons, as some home games play; and the three
                # suits with the honours (×4) and the flowers set aside as bonus tiles
                return [TileSet("suits_and_dragons", frozenset(range(27)) | {31, 32, 33}),
                        TileSet("suits_bonus_honours", frozenset(range(27)), flowers=True,
                                bonus={t: 4 for t in range(27, 34)})]
        """

    @hookspec
    def mahjong_win_shapes(self) -> list[WinShape]:
        """Win shapes this plugin provides, referenced from YAML ``shapes:`` by id. ``find``
        yields the readings of a winning hand; the optional ``waits`` gives the tiles completing a
        pre-win hand in that shape (or None: the engine then tries each kind through ``find``); the
        optional ``shanten`` gives how far a hand is from ready in that shape (or None: the engine
        then searches through ``find``, and the shape counts only once the hand is ready), and
        beside it ``shanten_draws`` the shanten after each of the 34 draws at once,
        ``shanten_useful`` the draws that lower it as a bit mask and ``shanten_bound`` a cheap
        lower bound (the engine skips a shape that cannot beat the best found), all optional;
        ``kernel`` names the compiled kernel whose closed form its ``shanten`` is (``WinShape``),
        so that ``rules.shanten`` of plain notation is one C call when every shape names one.

        Example::

            from mahjong_core.plugin import hookimpl, WinShape

            def all_pairs(inp, pairs=7):
                ...  # yield mahjong_core.plugin.Decomposition objects (with ``family`` when
                     # several differ only in what one group made of wilds only stands for)

            def all_pairs_waits(inp, pairs=7):
                if inp.wilds or inp.meld_groups:
                    return None      # let the engine try each kind through all_pairs
                odd = [t for t, c in enumerate(inp.counts) if c % 2]
                return odd if len(odd) == 1 and sum(inp.counts) == 2 * pairs - 1 else []

            @hookimpl
            def mahjong_win_shapes():
                return [WinShape("my_pairs", all_pairs, waits=all_pairs_waits)]
        """

    @hookspec
    def mahjong_fan_checks(self) -> list[FanCheck]:
        """Fan checks (``FanCheck``), referenced from YAML ``fans: {id: {check: ...}}``.

        A check gets a ``FanContext`` (one reading of one hand) and returns a count, a mapping fan id → count,
        or ``Alternatives`` of those keyed by a choice the reading leaves open (a wild winning tile's value:
        ``ctx.per_win_value(check)``). ``FanCheck(..., per_hand=True)`` marks a check that reads only the
        situation: it is asked once per hand; ``per_shape=True``, one that reads only it and
        ``decomposition.shape`` (when all are, one reading per shape is asked). ``most=1`` promises that every
        answer awards at most that many of the check's fans, once each: such checks are asked last, and not at
        all for a reading that cannot beat the best one even with their highest-scoring fans — of fans that
        exclude one another (YAML ``excludes``), only the best counts toward that (a check that breaks the
        promise makes the engine score that hand in full). ``only_kinds=frozenset(...)`` adds that the check
        awards nothing unless every tile of the hand is one of those kinds (a wild may stand for any): it is
        then not asked at all for a hand holding another kind. ``fill_key=f`` promises that readings differing
        only in what a group made of wilds only stands for (``Decomposition.family``) get the same answer when
        ``f(other, group)`` — with ``other`` the context of one more reading of that family — gives the same
        key: when every check asked of each reading has one, the engine asks them of one reading per key. It is
        all or nothing per ruleset: a check asked of every reading without a ``fill_key`` (a house fan added to
        Guobiao, say) turns the shortcut off for the whole ruleset — still correct, only slower with wilds
        (``ruleset.uses_fill_keys`` tells). ``group_class=f`` promises more, and gives the ``fill_key``: the check
        reads a reading only by its shape and ``f(group)`` of each group (of its kind and lowest tile only;
        besides the situation), so readings
        of one shape whose groups' classes are the same multiset get the same answer; when every
        check asked of each reading has one (or is ``per_shape``) and no plugin chooses among tied readings,
        the shapes leave out, when scoring, the readings that could only tie an earlier one
        (``ruleset.uses_group_classes`` tells). ``awards`` names the fan ids the check can award (the one fan a
        count answer goes to, or each id a mapping answer may name): a ruleset putting a fan with any other id
        under the check is refused when it loads (``file:line``, the nearest id; a second fan under it with
        other ``args`` says which one it is a form of, YAML ``variant_of``), and an answer naming an id outside
        the set is the plugin's error; without it a misspelt id in the YAML loads and never fires. A check
        reports what the hand has; how fans combine (one in place of others) is the YAML's ``excludes``.

        Declare each check beside its function with ``@fan_check(id, awards=..., per_hand=..., per_shape=...,
        most=..., reads=..., only_kinds=..., fill_key=..., group_class=...)`` (the ``FanCheck`` fields; ``awards`` required)
        and return a module's with ``fan_checks(module)``; every shipped family does.

        Example::

            from mahjong_core.plugin import hookimpl, fan_check, fan_checks

            @fan_check("house.pair_258", awards=("pair_258",), most=1)
            def pair_of_258(ctx):
                pair = ctx.pair
                return int(pair is not None and pair.tile < 27 and pair.tile % 9 in (1, 4, 7))

            @hookimpl
            def mahjong_fan_checks():
                return fan_checks(__name__)
        """

    @hookspec
    def mahjong_settlements(self) -> list[SettlementRule]:
        """Settlement rules, referenced from YAML ``settlement: {id: ...}``. A rule subclasses
        ``Replayer``: one ``on_<event type>`` method per event type it accepts, called in event
        order; money moves with ``pay`` (payer, payee, amount, reason) or ``change`` (one seat's
        score change; an event's changes must sum to zero); ``in_play`` says who is still in
        (blood battle), ``kongs`` is the ``KongBook`` (each seat's kongs and chains, robbed
        kongs, ``feeder`` of a win on a kong's replacement tile); ``score`` scores a win, with
        the wild kinds the record's ``wild`` event names. The fields of the rule's own events go
        in ``event_fields`` and core checks them. ``Replayer.rule(id, settle)`` is the
        ``SettlementRule`` to register.

        Example::

            from mahjong_core.plugin import hookimpl, Field, Replayer

            class Flat(Replayer):
                event_fields = {"bonus": {"seat": Field("seat", True)}}

                def on_win(self, event):
                    loser = event.get("from")
                    if loser is not None:
                        self.pay(loser, event.seat, self.params["stake"], "discard win")

                def on_bonus(self, event):
                    for other in self.in_play.others(event.seat):
                        self.change(other, -1, "bonus")
                    self.change(event.seat, len(self.in_play.others(event.seat)), "bonus")

            def flat(record, ruleset, stake=1):
                return Flat(record, ruleset, stake=stake).run()

            @hookimpl
            def mahjong_settlements():
                return [Flat.rule("flat", flat)]
        """

    @hookspec
    def mahjong_value_formulas(self) -> list[ValueFormula]:
        """Value formulas, referenced from YAML ``scoring: {value: {formula: ...}}``.

        Example::

            from mahjong_core.plugin import hookimpl, ValueFormula

            @hookimpl
            def mahjong_value_formulas():
                return [ValueFormula("squared", lambda total, fans, situation: total * total)]
        """

    @hookspec
    def mahjong_situation_fields(self) -> list[SituationField]:
        """Situation fields this plugin gives a meaning to, kept in ``extras``; a ruleset enables
        one by id (``table.extras: {robbing_gold: {field: fuzhou.robbing_gold}}``), core then checks
        its type, fills its default and the CLI offers its flag (``--robbing-gold``).

        Example::

            from mahjong_core.plugin import hookimpl, SituationField

            @hookimpl
            def mahjong_situation_fields():
                return [SituationField("fuzhou.robbing_gold", "robbing_gold", "bool", False,
                                       "抢金: won by taking the turned-up gold at the opening")]
        """

    @hookspec
    def mahjong_validators(self) -> list[Validator]:
        """Situation validators, referenced from YAML ``validators: [id, ...]``; each runs after
        core's own checks on every situation of a ruleset naming it.

        Example::

            from mahjong_core.plugin import hookimpl, NotWinningError, Validator

            def no_honours(situation, ruleset):
                if any(t >= 27 for t in situation.all_tiles):
                    raise NotWinningError("honours are not allowed in this ruleset")

            @hookimpl
            def mahjong_validators():
                return [Validator("house.no_honours", no_honours)]
        """

    @hookspec
    def mahjong_rulesets(self) -> list[str | os.PathLike | Traversable]:
        """Folders (paths or ``importlib.resources`` traversables) holding ruleset YAML files;
        a ruleset's name is its file stem.

        Example::

            from pathlib import Path
            from mahjong_core.plugin import hookimpl

            @hookimpl
            def mahjong_rulesets():
                return [Path(__file__).parent / "rulesets"]
        """


class RulesetSpec:
    """The hooks asked about one ruleset while it is built or scores, and its table's flow."""

    @hookspec
    def mahjong_validate_ruleset(self, ruleset: Ruleset) -> None:
        """Veto a resolved ruleset by raising ``mahjong_core.RulesetError``; return nothing.

        Example::

            from mahjong_core.plugin import hookimpl, RulesetError

            @hookimpl
            def mahjong_validate_ruleset(ruleset):
                if ruleset.name.startswith("house-") and ruleset.minimum < 1:
                    raise RulesetError(f"{ruleset.where('scoring.minimum')}: house rules need a minimum")
        """

    @hookspec
    def mahjong_validate_situation(self, situation: Situation, ruleset: Ruleset) -> None:
        """Veto a parsed situation for a ruleset by raising a ``MahjongError`` (e.g. a hand that
        still holds its void suit cannot win); return nothing. It is called for every
        ruleset, so check an option or ``ruleset.name`` before vetoing; a check only some rulesets
        want is better a ``Validator`` (``mahjong_validators``) that their YAML names.

        Example::

            from mahjong_core.plugin import hookimpl, NotWinningError

            @hookimpl
            def mahjong_validate_situation(situation, ruleset):
                if ruleset.options.get("no_honors") and any(t >= 27 for t in situation.all_tiles):
                    raise NotWinningError("honours are not allowed in this ruleset")
        """

    @hookspec
    def mahjong_explain(self, result: ScoreResult, ruleset: Ruleset) -> dict | None:
        """Say more about a scored result for ``--explain``: return a dict with ``notes`` (a list
        of sentences a player can read) and/or ``excluded`` (``[{"id", "by"}]``), or None.

        Example::

            from mahjong_core.plugin import hookimpl

            @hookimpl
            def mahjong_explain(result, ruleset):
                if result.decomposition.shape == "seven_pairs":
                    return {"notes": ["read as seven pairs: no set fans apply"]}
        """

    @hookspec(firstresult=True)
    def mahjong_choose_result(self, candidates: list[ScoreResult], ruleset: Ruleset) -> ScoreResult | None:
        """Pick the interpretation to report among candidates (ScoreResults) that tie on value,
        total and the ruleset's ``scoring.prefer`` list; return None to leave the choice to the
        next plugin. Core's default (trylast) takes the first found.

        Example::

            from mahjong_core.plugin import hookimpl

            @hookimpl
            def mahjong_choose_result(candidates, ruleset):
                if ruleset.name == "fewest-fans":
                    return min(candidates, key=lambda r: (-r.value, len(r.fans)))
        """

    @hookspec
    def mahjong_chooses_ties(self, ruleset: Ruleset) -> bool:
        """Whether this plugin's ``mahjong_choose_result`` may pick among the tied readings of
        ``ruleset`` (asked once per ruleset). Optional, for speed: when no plugin may, the first
        tied reading is the choice and the engine makes no result for the others (a hand with
        wilds may tie a dozen readings). A plugin implementing ``mahjong_choose_result`` without
        this hook is taken to choose for every ruleset.

        Example::

            from mahjong_core.plugin import hookimpl

            @hookimpl
            def mahjong_chooses_ties(ruleset):
                return ruleset.name == "fewest-fans"
        """

    @hookspec(firstresult=True)
    def mahjong_fast_scorer(self, ruleset: Ruleset) -> Callable[[Any, bool], ScoreResult | None] | None:
        """A faster scorer of ``ruleset``'s hands, asked once when it is built, or None: ``(situation,
        enforce_minimum)`` → None (the general path scores it) or exactly what ``Ruleset.score_general``
        returns or raises. Offer it only for the fan tables and options it was checked on.

        Example::

            from mahjong_core.plugin import hookimpl

            @hookimpl
            def mahjong_fast_scorer(ruleset):
                if scoring_signature(ruleset) in VERIFIED:     # the tables it was checked on
                    return FastScorer(ruleset).score
        """

    @hookspec(firstresult=True)
    def mahjong_head_answers(self, ruleset: Ruleset) -> Callable[[Any, list], list | None] | None:
        """Answers to ``ruleset``'s head checks (``ruleset.plan.head``: asked of every reading)
        for all the readings of a hand at once, asked once when the ruleset is built, or None:
        ``(situation, readings)`` → None (the checks are asked), or a list with, for each reading,
        exactly the fans asking those checks of it in turn would find (fan id → count, in that
        order, filtered by the ruleset's fans as ``ask`` does; readings with equal answers may
        share one dict, which the engine never changes) or None (its checks are asked). Offer it
        only for head checks it was checked against.

        Example::

            from mahjong_core.plugin import hookimpl

            @hookimpl
            def mahjong_head_answers(ruleset):
                if [e.func for e in ruleset.plan.head] == [pungs, tiles]:    # exactly our checks
                    return compiled_answers
        """

    @hookspec
    def mahjong_tail_answers(self, ruleset: Ruleset) -> TailAnswers | None:
        """Answers to some of ``ruleset``'s tail checks for all the readings of a hand at once, as
        a ``TailAnswers``, asked once when the ruleset is built, or None. The bounded search takes
        them beside the head answers (``mahjong_head_answers``): a reading answered is bounded by
        the checks left, so fewer readings are finished. Each plugin answers its own checks (a
        check two answers name is a PluginError); a reading gets the fans of every answer that
        answers it, answer after answer. A check answered must never award more than its
        ``most`` (the engine does not ask it, so it cannot see a broken promise). The engine uses
        them only where that cannot change a result, as the order of the checks that may
        exclude or reduce a fan decides ``excluded``: not for a reading when such a check is left
        unanswered before an answered one (its fans would be listed after the answered ones'),
        and not an answer whose such checks come before an earlier answer's. Offer it only for
        checks it was checked against.

        Example::

            from mahjong_core.plugin import TailAnswers, hookimpl

            @hookimpl
            def mahjong_tail_answers(ruleset):
                mine = [t.entry for t in ruleset.plan.tail if t.entry.func is pair_258]
                if mine:
                    return TailAnswers(tuple(mine), compiled_pair_answers)
        """

    @hookspec(firstresult=True)
    def mahjong_table_flow(self, ruleset: Ruleset) -> TableFlow | None:
        """What the table (``mahjong play``) does for ``ruleset`` beyond the core flow, as a
        ``TableFlow``; None when this plugin's families do not include it. A ruleset settled by a
        settlement the core table does not play (Guobiao's) is played only when a plugin answers
        here; otherwise the table refuses it (``unsupported_ruleset``). The first answer counts.
        The flow's steps read and change the hand through a ``TableHand`` (its tiles, waits, actions
        and events; ``turn_up``, ``show_tail``, ``move``, ``draw_lots``), and the ``TableFlow`` fields say the rest
        (opening steps, several winners, the next dealer): docs/table.md "Family flows" lists both.

        Example::

            from mahjong_core.plugin import TableFlow, hookimpl, tiles

            def turn_indicator(hand):
                tile = hand.turn_up()
                while tile in hand.ruleset.table.bonus:     # a flower turned: turn again
                    tile = hand.turn_up()
                return [{"type": "wild", "indicator": tiles.name(tile)}]

            @hookimpl
            def mahjong_table_flow(ruleset):
                if ruleset.settlement_rule.item.id == "my.settlement":
                    return TableFlow("my.indicator", "a wild indicator turned after the deal",
                                     deal=turn_indicator)
        """


class MahjongSpec(RegistrationSpec, RulesetSpec):
    """Every hook (``pm.add_hookspecs``), in two parts so that neither grows past a page."""


HOOK_NAMES = tuple(n for spec in (RegistrationSpec, RulesetSpec) for n in vars(spec) if n.startswith("mahjong_"))
