"""Fan checks and the context they read: facts about one decomposition, computed once."""
from __future__ import annotations

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
    several related fans (e.g. every chow-relationship fan at once), a mapping fan id → count.
    """

    id: str
    func: Callable[..., Any]
    doc: str = ""


class FanContext:
    """Everything a fan check may ask about one reading of one winning hand.

    Cheap attributes are plain fields; anything costly is computed on demand and memoised in
    ``memo`` (per decomposition) or ``hand_memo`` (shared by every decomposition of the hand).
    """

    __slots__ = ("situation", "decomposition", "ruleset", "groups", "counts", "win_tile",
                 "memo", "hand_memo", "options")

    def __init__(self, situation: Situation, decomposition: Decomposition, ruleset,
                 hand_memo: dict | None = None):
        self.situation = situation
        self.decomposition = decomposition
        self.ruleset = ruleset
        self.options: Mapping[str, Any] = ruleset.options if ruleset is not None else {}
        self.groups: tuple[Group, ...] = decomposition.groups
        counts = [0] * T.NUM_KINDS
        for t in decomposition.tiles:
            counts[t] += 1
        for m in situation.melds:
            for t in m.tiles:
                counts[t] += 1
        self.counts = counts
        self.win_tile = situation.win_tile
        self.memo: dict = {}
        self.hand_memo: dict = hand_memo if hand_memo is not None else {}

    # -- convenience views -------------------------------------------------------------
    @property
    def shape(self) -> str:
        return self.decomposition.shape

    @property
    def sets(self) -> tuple[Group, ...]:
        """Chows, pungs and kongs (melds included), without the pair."""
        return tuple(g for g in self.groups if g.kind in ("chow", "pung", "kong"))

    @property
    def pair(self) -> Group | None:
        for g in self.groups:
            if g.kind == "pair":
                return g
        return None

    @property
    def kinds(self) -> list[int]:
        """Distinct tile kinds present in the whole hand."""
        return [t for t, c in enumerate(self.counts) if c]

    @property
    def wild_count(self) -> int:
        return len(self.decomposition.wild_as)

    def memoised(self, key, compute: Callable[[], Any], per_hand: bool = False):
        store = self.hand_memo if per_hand else self.memo
        try:
            return store[key]
        except KeyError:
            value = store[key] = compute()
            return value


@dataclass(frozen=True, slots=True)
class Fan:
    id: str
    zh: str
    en: str
    points: int
    count: int = 1

    def to_dict(self) -> dict:
        return {"id": self.id, "zh": self.zh, "en": self.en, "points": self.points, "count": self.count}
