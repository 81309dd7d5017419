"""Fan checks and the context they read: facts about one decomposition, computed once."""
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any
from collections.abc import Callable, Iterable, Mapping

from . import tiles as T
from .errors import PluginError, show
from .hand import Situation
from .shapes import Decomposition, Group
from .shapes.records import interned_group

@dataclass(frozen=True, slots=True)
class FanCheck:
    """Code behind one or several fans, referenced from YAML by ``id``.

    ``func(ctx, **args)`` returns a count (0 = the fan does not apply) or, for a check that owns
    several related fans (e.g. every chow-relationship fan at once), a mapping fan id → count,
    or ``Alternatives`` of such answers when the reading leaves a choice open (what a wild
    winning tile stood for): the engine scores the reading with each and keeps the best.

    The fields after ``doc`` are promises that let the engine skip work. ``fill_key`` is all or
    nothing: one head check without it turns the fill-key shortcut off for its whole ruleset
    (see the field's note and ``mahjong_core.engine.scoring.fills``).
    """

    id: str
    func: Callable[..., Any]
    doc: str = ""
    # True when the answer depends only on the situation (flowers, how and when the hand was
    # won), never on the reading: the engine then asks once per hand, not once per reading
    per_hand: bool = False
    # N > 0 when every answer awards at most N of the check's fans, each at most once (the three
    # unique-wait fans, a one-fan pattern): the engine may then bound what the check can still
    # add to a reading by its N highest-scoring fans, and skip it (and the finish) for readings
    # that cannot beat the best one already scored; 0 = no such promise, always asked
    most: int = 0
    # the kinds every tile of a hand must be for the check to award anything (a pattern made of
    # winds and 发 only, say); a wild may stand for any kind. The engine then skips the check,
    # with its ceiling, for a hand holding another kind. None: no such promise
    only_kinds: frozenset | None = None
    # for a reading with one group made of wilds only, ``fill_key(other, group)`` returns a key
    # such that readings of the hand that differ only in that group's kind and get equal keys
    # get the same answer from this check; ``other`` is the context of one more reading that
    # differs only there (the check may keep what it works out from it in ``other.memo``). The
    # engine then asks the check of one reading per key (mahjong_core.engine.scoring.fills).
    # WARNING: the shortcut is all or nothing per ruleset. It is on only when EVERY check the
    # ruleset asks of each reading first (no per_hand, no ``most``) has a fill_key: one such
    # check added without a fill_key turns it off for the whole ruleset, silently except for
    # ``Ruleset.uses_fill_keys`` (False) and a slower search on hands with wilds. None: no promise
    fill_key: Callable[..., Any] | None = None
    # a stronger promise than fill_key, which it gives (``fill_key`` defaults to it): the
    # check reads a reading only by its shape and ``group_class(group)`` of each of its groups
    # (besides the situation), so readings of a hand of one shape whose groups have the same
    # classes, as a multiset, get the same answer (碰碰胡 reads each group as a pung or a chow,
    # nothing more). A class reads a group's kind and lowest tile only (it is given the group
    # with no wilds and no meld). When every check a ruleset asks of each reading has one (a per_shape check
    # counts: one class for all) and no plugin chooses among tied readings, the shapes leave out
    # the readings that could only tie an earlier one (``ShapeInput.group_class``,
    # ``Ruleset.uses_group_classes``). None: no such promise
    group_class: Callable[[Group], Any] | None = None
    # the situation flags the check's answer depends on (last_tile, after_kong, robbing_kong,
    # discard_after_kong, fourth_tile, dealer, first_turn, ready_at_start, declared_ready), or a
    # function of the fan's YAML args giving them (core.flag); a page offers a ruleset only the
    # flags its fans read (``rulesinfo.situation_flags``). None: not said, so every flag is offered
    reads: tuple[str, ...] | Callable[[Mapping], tuple[str, ...]] | None = None
    # the fan ids the check can award: for a mapping answer, the ids it may name; for a count, the
    # ids a ruleset may give the fan it awards (one, or one per set of args: popular.mixed_shifted).
    # Loading a ruleset refuses a fan under this check whose id is not among them (a misspelt id
    # would otherwise load and never fire, or fire under a name nothing else knows), and an answer
    # naming an id outside them is the plugin's error, not dropped. None: not said (any id loads;
    # core's generic checks, such as core.flag, whose fan is whatever the YAML calls it)
    awards: frozenset[str] | None = None
    # True when the answer depends only on the situation and the reading's shape
    # (``decomposition.shape``), never on its groups or tiles: when every check a ruleset asks of
    # each reading is per_shape, the engine asks them of one reading per shape of a hand and
    # scores the other readings of that shape alike (a Fuzhou hand with golds: a dozen readings)
    per_shape: bool = False

    def __post_init__(self):
        if self.fill_key is None and self.group_class is not None:      # the key a class gives
            object.__setattr__(self, "fill_key", class_fill_key(self.group_class))


# module name → {check id: FanCheck}, in the order ``fan_check`` declared them (load time only)
_DECLARED: dict[str, dict[str, FanCheck]] = {}


def fan_check(id: str, *, awards: Iterable[str], per_hand: bool = False, per_shape: bool = False, most: int = 0,
              only_kinds: Iterable[int] | None = None, fill_key: Callable[..., Any] | None = None,
              group_class: Callable[[Group], Any] | None = None,
              reads: tuple[str, ...] | Callable[[Mapping], tuple[str, ...]] = (), doc: str | None = None):
    """Declare the decorated function as the fan check ``id``: what it awards, whether it reads
    only the situation, and the other promises (``FanCheck``'s fields, which these fill), beside
    the function itself. The function is returned unchanged (the engine calls it directly);
    ``fan_checks(module, ...)`` gives what a module declared, for its ``mahjong_fan_checks`` hook::

        @fan_check("house.pair_258", awards=("pair_258",), most=1)
        def pair_258(ctx): ...

    ``awards`` is required: the fan ids the check can award (a count answer's one fan, or each
    fan a mapping answer may name). ``reads`` defaults to no situation flag; ``doc`` to the
    function's docstring. A malformed declaration is a PluginError when the module is imported.
    """
    if isinstance(awards, str) or not isinstance(awards, Iterable):
        raise PluginError(f"fan check '{id}': awards must be a collection of fan ids, got {show(awards)}")
    declared = frozenset(awards)
    if not declared or not all(isinstance(a, str) and a for a in declared):
        raise PluginError(f"fan check '{id}': awards must name at least one fan id, each a non-empty string, "
                          f"got {show(sorted(map(str, declared)))}")

    def declare(func: Callable[..., Any]) -> Callable[..., Any]:
        if not callable(func):
            raise PluginError(f"fan check '{id}': @fan_check goes on a function, got {show(func)}")
        text = doc if doc is not None else (func.__doc__ or "").strip()
        kinds = None if only_kinds is None else frozenset(only_kinds)
        _DECLARED.setdefault(func.__module__, {})[id] = FanCheck(
            id, func, text, per_hand=per_hand, most=most, only_kinds=kinds, fill_key=fill_key, group_class=group_class,
            reads=reads, awards=declared, per_shape=per_shape)
        return func
    return declare


def class_fill_key(group_class: Callable[[Group], Any]) -> Callable[..., Any]:
    """The ``fill_key`` a ``group_class`` gives: the group's class (of its kind and lowest tile),
    whatever the other reading."""
    def fill_key(other, group):
        return group_class(interned_group(group.kind, group.tile, 0))
    return fill_key


def fan_checks(*modules) -> list[FanCheck]:
    """The checks ``@fan_check`` declared in ``modules`` (modules, or their names: ``__name__``),
    module by module in declaration order: what a family's ``mahjong_fan_checks`` hook returns."""
    out = []
    for m in modules:
        name = m if isinstance(m, str) else m.__name__
        declared = _DECLARED.get(name)
        if not declared:
            raise PluginError(f"module '{name}' declares no fan check (@fan_check)")
        out.extend(declared.values())
    return out


class Alternatives(dict):
    """Answers of which exactly one applies, keyed by the choice that decides it (e.g. ``("win_as",
    tile)``: what a wild winning tile stood for); each answer is a count or a mapping fan id →
    count, like any check's. A check returns this when its answer depends on a choice the reading
    does not fix. Choices shared by several checks are made together: the engine finishes the
    reading (exclusions, fallback, dropped fans) once per choice that every such check offers,
    and keeps the best."""

    __slots__ = ()


class EngineKey(enum.Enum):
    """The engine's own keys in ``FanContext.hand_memo`` (a plugin's keys are its own strings or
    tuples, so they never meet these). ``FINISHED`` leads a tuple: (FINISHED, the fans found)."""

    MELD_COUNTS = "counts of the tiles in the melds"
    HAND_FANS = "what the per-hand checks found"
    FINISHED = "a finished result per set of fans found"

    __hash__ = object.__hash__      # members are singletons: hash by identity, in C, on the hot path


_MELD_COUNTS = EngineKey.MELD_COUNTS


class FanContext:
    """Everything a fan check may ask about one reading of one winning hand.

    Cheap attributes are plain fields; anything costly is computed on demand and memoised in
    ``memo`` (per decomposition) or ``hand_memo`` (shared by every decomposition of the hand).
    """

    __slots__ = ("situation", "decomposition", "ruleset", "groups", "counts", "meld_counts", "win_tile",
                 "win_wild", "memo", "hand_memo", "options")

    def __init__(self, situation: Situation, decomposition: Decomposition, ruleset,
                 hand_memo: dict | None = None):
        self.situation = situation
        self.decomposition = decomposition
        self.ruleset = ruleset
        self.options: Mapping[str, Any] = ruleset.options if ruleset is not None else {}
        self.groups: tuple[Group, ...] = decomposition.groups
        if hand_memo is None:
            hand_memo = {}
        melded = hand_memo.get(_MELD_COUNTS)
        if melded is None:
            melded = hand_memo[_MELD_COUNTS] = [0] * T.NUM_KINDS
            for m in situation.melds:
                for t in m.tiles:
                    melded[t] += 1
        self.meld_counts = melded      # copies of each kind in the declared melds (do not modify)
        counts = melded.copy()
        for t in decomposition.tiles:
            counts[t] += 1
        self.counts = counts
        self.win_tile = situation.win_tile      # a wild winning tile: what it stands for, once chosen
        # the winning tile is wild and its value not chosen yet: a check whose answer depends on
        # it asks ``with_win_tile`` for each value in ``decomposition.wild_as`` (see Alternatives)
        self.win_wild = situation.win_tile in situation.wilds and not situation.win_natural
        self.memo: dict = {}
        self.hand_memo: dict = hand_memo

    def per_win_value(self, check) -> "Alternatives":
        """``check``'s answer for each value a wild winning tile may have taken in this reading,
        as Alternatives keyed ``("win_as", tile)``: the choice every such check shares — or the
        answer itself when every value gives the same one (no choice left open)."""
        values = sorted(set(self.decomposition.wild_as))
        answers = [check(self.with_win_tile(w)) for w in values]
        first = answers[0]
        if all(a == first for a in answers):
            return first
        return Alternatives(zip([("win_as", w) for w in values], answers))

    def with_win_tile(self, tile: int) -> "FanContext":
        """The same reading with the winning tile read as ``tile`` (what a wild winning tile stood
        for): facts about the hand are shared, the per-reading memo starts afresh."""
        other = FanContext.__new__(FanContext)
        other.situation = self.situation
        other.decomposition = self.decomposition
        other.ruleset = self.ruleset
        other.options = self.options
        other.groups = self.groups
        other.counts = self.counts
        other.meld_counts = self.meld_counts
        other.win_tile = tile
        other.win_wild = False
        other.memo = {}
        other.hand_memo = self.hand_memo
        return other

    # -- convenience views -------------------------------------------------------------
    @property
    def shape(self) -> str:
        return self.decomposition.shape

    @property
    def pair(self) -> Group | None:
        for g in self.groups:
            if g.kind == "pair":
                return g
        return None

    def memoised(self, key, compute: Callable[[], Any], per_hand: bool = False):
        store = self.hand_memo if per_hand else self.memo
        try:
            return store[key]
        except KeyError:
            value = store[key] = compute()
            return value


@dataclass(frozen=True, slots=True)
class Fan:
    """A counted fan: ``points`` is its amount per occurrence, in ``unit`` (points, doublings or
    bonus; see ``mahjong_core.engine.scoring.units``)."""

    id: str
    zh: str
    en: str
    points: int
    count: int = 1
    unit: str = "points"

    def to_dict(self) -> dict:
        out = {"id": self.id, "zh": self.zh, "en": self.en, "points": self.points, "count": self.count}
        if self.unit != "points":
            out["unit"] = self.unit
        return out
