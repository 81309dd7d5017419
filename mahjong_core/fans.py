"""Fan checks and the context they read: facts about one decomposition, computed once."""
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any
from collections.abc import Callable, Mapping

from . import tiles as T
from .hand import Situation
from .shapes import Decomposition, Group

@dataclass(frozen=True, slots=True)
class FanCheck:
    """Code behind one or several fans, referenced from YAML by ``id``.

    ``func(ctx, **args)`` returns a count (0 = the fan does not apply) or, for a check that owns
    several related fans (e.g. every chow-relationship fan at once), a mapping fan id → count,
    or ``Alternatives`` of such answers when the reading leaves a choice open (what a wild
    winning tile stood for): the engine scores the reading with each and keeps the best.

    The fields after ``doc`` are promises that let the engine skip work. ``fill_key`` is all or
    nothing: one head check without it turns the fill-key shortcut off for its whole ruleset
    (see the field's note and ``mahjong_core.scoring.fills``).
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
    # engine then asks the check of one reading per key (mahjong_core.scoring.fills).
    # WARNING: the shortcut is all or nothing per ruleset. It is on only when EVERY check the
    # ruleset asks of each reading first (no per_hand, no ``most``) has a fill_key: one such
    # check added without a fill_key turns it off for the whole ruleset, silently except for
    # ``Ruleset.uses_fill_keys`` (False) and a slower search on hands with wilds. None: no promise
    fill_key: Callable[..., Any] | None = None
    # the situation flags the check's answer depends on (last_tile, after_kong, robbing_kong,
    # discard_after_kong, fourth_tile, dealer, first_turn, ready_at_start, declared_ready), or a
    # function of the fan's YAML args giving them (core.flag); a page offers a ruleset only the
    # flags its fans read (``rulesinfo.situation_flags``). None: not said, so every flag is offered
    reads: tuple[str, ...] | Callable[[Mapping], tuple[str, ...]] | None = None
    # the fan ids a check answering with a mapping can award. Loading a ruleset refuses a fan under
    # this check whose id is not among them (a misspelt id would otherwise load and never fire),
    # and an answer naming an id outside them is the plugin's error, not dropped. None: not said
    # (a check answering with a count awards whichever fan names it)
    awards: frozenset[str] | None = None


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
    bonus; see ``mahjong_core.scoring.units``)."""

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
