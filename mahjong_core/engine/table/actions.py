"""What a seat may do at the table, as named records with a JSON form (docs/table.md "Actions").

``{"type": "discard", "seat": 0, "tile": "5m"}``: ``tile`` is the tile let go, the kong's kind,
or a chow's lowest tile; a win, a pung and a pass name none (the tile is the one on the table).
An opening choice (a flow's ``OpeningStep``) names its ``choice`` instead:
``{"type": "exchange", "seat": 0, "choice": "258m"}``.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from .. import tiles as T
from ..errors import IllegalActionError, MahjongError, did_you_mean, show

DISCARD, WIN, PASS = "discard", "win", "pass"
CONCEALED_KONG, ADDED_KONG, EXPOSED_KONG = "concealed_kong", "added_kong", "exposed_kong"
PUNG, CHOW = "pung", "chow"

KINDS = (DISCARD, WIN, CONCEALED_KONG, ADDED_KONG, EXPOSED_KONG, PUNG, CHOW, PASS)
WITH_TILE = frozenset({DISCARD, CONCEALED_KONG, ADDED_KONG, EXPOSED_KONG, CHOW})
KONGS = frozenset({CONCEALED_KONG, ADDED_KONG, EXPOSED_KONG})


@dataclass(frozen=True, slots=True)
class Action:
    kind: str
    seat: int
    tile: int | None = None
    choice: str | None = None       # an opening step's choice (its action type is the step's kind)

    def to_dict(self) -> dict:
        out: dict = {"type": self.kind, "seat": self.seat}
        if self.tile is not None:
            out["tile"] = T.name(self.tile)
        if self.choice is not None:
            out["choice"] = self.choice
        return out

    def __str__(self) -> str:
        return f"seat {self.seat} {self.kind.replace('_', ' ')}" + (f" {T.name(self.tile)}" if self.tile is not None else "") \
            + (f" {self.choice}" if self.choice is not None else "")

    @staticmethod
    def from_dict(data, seats: int = 4, where: str = "action", opening: tuple[str, ...] = ()) -> "Action":
        """An action from its JSON form (``opening``: the kinds of the flow's opening steps, which
        name a ``choice``); each fault is an ``illegal_action`` naming the field."""
        if not isinstance(data, Mapping):
            raise IllegalActionError(f"{where}: an action is an object with 'type' and 'seat', got {show(data)}")
        kind = data.get("type")
        if kind in opening:
            return _choice(data, kind, seats, where)
        unknown = sorted(set(data) - {"type", "seat", "tile"})
        if unknown:
            raise IllegalActionError(f"{where}: unknown field {show(unknown[0])}; an action has type, seat, tile")
        if kind not in KINDS:
            names = KINDS + tuple(opening)
            raise IllegalActionError(f"{where}: unknown action type {show(kind)}; the types are {', '.join(names)}"
                                     f"{did_you_mean(str(kind), names)}")
        seat = _seat(data, seats, where)
        text = data.get("tile")
        if (kind in WITH_TILE) != (text is not None):
            need = "names the tile" if kind in WITH_TILE else "names no tile"
            raise IllegalActionError(f"{where}: a {kind} action {need}")
        if text is None:
            return Action(kind, seat)
        if not isinstance(text, str):
            raise IllegalActionError(f"{where}: 'tile' must be one tile in notation, got {show(text)}")
        try:
            return Action(kind, seat, T.tile(text))
        except MahjongError as e:
            raise IllegalActionError(f"{where}: 'tile': {e.message}") from None


def discard(seat: int, tile: int) -> Action:
    """The discard of ``tile`` by ``seat``: one shared record per pair (actions are immutable),
    since every turn lists a dozen of them."""
    return discards(seat)[tile]


@lru_cache(maxsize=64)                  # one per seat
def discards(seat: int) -> tuple[Action, ...]:
    """``seat``'s discard of each kind, by kind (``discard``'s records): a turn's list is these
    picked by the kinds held."""
    return tuple(Action(DISCARD, seat, t) for t in range(T.NUM_TILES))


@lru_cache(maxsize=1 << 12)             # kinds × seats × tiles: about 1,400
def shared(kind: str, seat: int, tile: int | None = None) -> Action:
    """One shared record per (kind, seat, tile) for the actions every claim window offers anew
    (a pass, a pung, a chow, a win): a bounded set, so kept."""
    return Action(kind, seat, tile)


def _seat(data, seats: int, where: str) -> int:
    seat = data.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
        raise IllegalActionError(f"{where}: 'seat' must be a seat number 0–{seats - 1}, got {show(seat)}")
    return seat


def _choice(data, kind: str, seats: int, where: str) -> "Action":
    """An opening step's answer: ``{"type": kind, "seat": s, "choice": "..."}``."""
    unknown = sorted(set(data) - {"type", "seat", "choice"})
    if unknown:
        raise IllegalActionError(f"{where}: unknown field {show(unknown[0])}; a {kind} action has type, seat, choice")
    seat = _seat(data, seats, where)
    choice = data.get("choice")
    if not isinstance(choice, str):
        raise IllegalActionError(f"{where}: a {kind} action names its 'choice' as a string, got {show(choice)}")
    return Action(kind, seat, None, choice)
