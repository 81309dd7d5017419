"""A hand's waits as results (``Ruleset.waits``): the winning tiles (``Waits``), each ``Wait``
scored once per way of winning (``WaitScore``). Apart from results.py so that scoring a hand
makes none of these records: only asking for waits does."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from . import tiles as T
from .errors import MahjongError
from .hand import Situation

if TYPE_CHECKING:
    from .ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class WaitScore:
    """What a win on one wait scores (minimum not enforced), or the contract code of why that win
    cannot stand (e.g. a fifth copy), with the error's message and its few words (``reason``). ``allowed`` is false when ``table.win_methods`` leaves the
    way of winning out; ``minimum`` is that way's minimum when ``scoring.minimum`` is per method."""

    total: Any = None
    value: Any = None
    below_minimum: bool = False
    error: str | None = None
    allowed: bool = True
    minimum: int | None = None
    message: str | None = None          # the error's message, in full
    reason: str | None = None           # the error's few words for a table cell, when it has them

    def to_dict(self) -> dict:
        if self.error is not None:
            out = {"error": self.error}
            if self.message is not None:
                out["message"] = self.message
            if self.reason is not None:
                out["reason"] = self.reason
            return out
        out = {"total": self.total, "value": self.value, "below_minimum": self.below_minimum}
        if not self.allowed:
            out["allowed"] = False
        if self.minimum is not None:
            out["minimum"] = self.minimum
        return out

    @property
    def wins(self) -> bool:
        """Would this win stand (allowed, no error, the minimum met)?"""
        return self.error is None and self.allowed and not self.below_minimum


@dataclass(frozen=True, slots=True)
class Wait:
    """One winning tile and what it scores on a discard and on a self-draw; under per-method
    rules (``table.win_methods``, a ``scoring.minimum`` map) ``to_dict`` adds ``wins_by``."""

    tile: int
    discard: WaitScore
    self_drawn: WaitScore

    def to_dict(self) -> dict:
        out = {"tile": T.name(self.tile), "discard": self.discard.to_dict(),
               "self_drawn": self.self_drawn.to_dict()}
        modes = (("discard", self.discard), ("self_drawn", self.self_drawn))
        if any(not m.allowed or m.minimum is not None for _, m in modes):
            out["wins_by"] = [name for name, m in modes if m.wins]     # per-method rules: say which stand
        return out


@dataclass(frozen=True, slots=True)
class Waits:
    """The tiles that complete a winning shape of the hand. Finding them is cheap; ``scores()``
    (and ``ready``, and ``to_dict()``, the shape ``mahjong waits --json`` prints) score each one
    twice, once."""

    tiles: tuple[int, ...]
    rules: "Ruleset" = field(repr=False, compare=False)
    situation: Situation = field(repr=False, compare=False)
    _scored: tuple | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def ready(self) -> bool:
        """Some tile wins under the ruleset: its win stands by a way of winning the ruleset allows
        (the minimum aside, as a hand short of it is still ready). A tile that only completes the
        shape is not enough: Sichuan refuses every win of a hand still holding its void suit."""
        return any(sc.error is None and sc.allowed for w in self.scores() for sc in (w.discard, w.self_drawn))

    def scores(self) -> tuple[Wait, ...]:
        if self._scored is None:
            object.__setattr__(self, "_scored", self._score())
        return self._scored

    def _score(self) -> tuple[Wait, ...]:
        hand = self.situation.to_dict()
        return tuple(self.score_of(t, hand) for t in self.tiles)

    def score_of(self, tile: int, hand: dict | None = None) -> Wait:
        """One wait scored both ways (what ``scores()`` holds for it), for a reader that needs only
        some of them (a bot weighing the waits that still have copies left); ``hand``: the
        situation's dict, when the caller has it."""
        if hand is None:
            hand = self.situation.to_dict()
        rules = self.rules
        by_method = rules.minimum_by_method
        modes = []
        for method in ("discard", "self_drawn"):
            minimum = rules.minimum_of(method)
            try:
                r = rules.score(dict(hand, win_tile=T.name(tile), self_drawn=method == "self_drawn"),
                                enforce_minimum=False)
                modes.append(WaitScore(r.total, r.value, r.minimum_points < minimum, None,
                                       method in rules.win_methods, minimum if by_method else None))
            except MahjongError as e:
                modes.append(WaitScore(error=e.code, message=e.message, reason=e.reason))
        return Wait(tile, *modes)

    def to_dict(self) -> dict:
        return {"ok": True, "ruleset": self.rules.name, "ready": self.ready,
                "waits": [w.to_dict() for w in self.scores()]}

    def __iter__(self):
        return iter(self.tiles)

    def __len__(self):
        return len(self.tiles)
