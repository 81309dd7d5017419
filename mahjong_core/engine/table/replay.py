"""A record's play log checked against its events (docs/table.md "Record"): the wall rebuilt from
the seed and algorithm (or read from its tiles), every action played again through the table, and
the events the table writes compared with the record's, so a record whose money does not follow
from its play is refused before anything is paid."""
from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass

from .. import tiles as T
from ..errors import MahjongError, SettlementError
from .actions import Action
from .state import Deal
from .table import Table
from .wall import WALL_VERSION, check_seed


def _deal(record) -> Deal:
    wall = record.play["wall"]
    base = dict(dealer=record.dealer, round_wind=record.round_wind, dealer_streak=record.dealer_streak)
    if "tiles" in wall:
        tiles = wall["tiles"]
        if not isinstance(tiles, list) or not all(isinstance(t, str) for t in tiles):
            raise SettlementError("record field 'play.wall.tiles' must be a list of tiles in notation")
        try:
            return Deal(tiles=tuple(T.tile(t) for t in tiles), **base)
        except MahjongError as e:
            raise SettlementError(f"record field 'play.wall.tiles': {e.message}") from None
    if wall.get("algorithm") != WALL_VERSION:
        raise SettlementError(f"record field 'play.wall.algorithm': unknown wall algorithm {wall.get('algorithm')!r} "
                              f"(this version shuffles with '{WALL_VERSION}')")
    try:
        return Deal(check_seed(wall.get("seed"), "seed"), check_seed(wall.get("hand", 0), "hand number"), **base)
    except MahjongError as e:
        raise SettlementError(f"record field 'play.wall': {e.message}") from None


def _plain(value):
    """JSON's view of a value (so a tuple and a list, a proxy and a dict compare equal)."""
    return json.loads(json.dumps(value, default=dict))


@dataclass(frozen=True, slots=True)
class Step:
    """One action of a play log played again: its place, the action, the events it wrote and the
    seats the table then waits for."""

    index: int
    action: Action
    events: tuple[dict, ...]
    to_move: tuple[int, ...]


class Replay:
    """A record's play log played again one action at a time (``mahjong replay``): iterating gives
    each ``Step``; an action the table refuses stops it with a ``SettlementError`` naming
    ``play.actions[i]``; ``finish()`` then checks the hand is over and wrote the record's events."""

    def __init__(self, record, ruleset):
        if record.seats != 4:
            raise SettlementError("record field 'play': the table plays four seats")
        self.record = record
        try:
            self.table = Table(ruleset, _deal(record), check=False)   # legality is what a record can break
        except SettlementError:
            raise
        except MahjongError as e:
            raise SettlementError(f"record field 'play': {e.message}") from None

    def __iter__(self) -> Iterator[Step]:
        table, record = self.table, self.record
        for i, data in enumerate(record.play["actions"]):
            where = f"play.actions[{i}]"
            before = len(table.state.events)
            try:
                action = Action.from_dict(dict(data), record.seats, where, self.table.opening_kinds)
                table.act(action)
            except MahjongError as e:
                raise SettlementError(f"{where}: {e.message}" if not e.message.startswith(where) else e.message) from None
            yield Step(i, action, tuple(table.state.events[before:]), table.to_move())

    def finish(self) -> None:
        table, record = self.table, self.record
        if not table.over:
            raise SettlementError(f"record field 'play': the hand is not over after its "
                                  f"{len(record.play['actions'])} actions (seat(s) {', '.join(map(str, table.to_move()))} "
                                  f"still to act)")
        played = _plain(table.state.events)
        given = [_plain(e.data) for e in record.events]
        for i, (want, got) in enumerate(zip(played, given)):
            if want != got:
                raise SettlementError(f"events[{i}] ({got.get('type')}): the play log gives {json.dumps(want)} here")
        if len(played) != len(given):
            raise SettlementError(f"the play log gives {len(played)} events, the record has {len(given)}")


def check(record, ruleset) -> None:
    """Replay ``record.play`` on ``ruleset``'s table and refuse the record (``invalid_situation``,
    naming the action or event) unless the play is legal, finishes the hand and writes exactly
    the record's events."""
    replay = Replay(record, ruleset)
    for _ in replay:
        pass
    replay.finish()
