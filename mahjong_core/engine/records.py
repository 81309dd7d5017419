"""Game records (docs/formats.md: Record): their parsing and checks.

A record is checked up front, so a plugin's settlement only sees records that could have
happened: JSON-like data of bounded depth and size, each event's fields of the declared type
(``EVENT_FIELDS``), nothing after ``end``, a win's situation agreeing with the record (dealer,
winds, self-draw) and no tile more than four times on the table.

The money a settlement moves (payments, the zero-sum ledger, exact amounts) is
``mahjong_core.engine.settle.money``'s.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any
from collections.abc import Iterable, Mapping

from . import tiles as T
from .errors import MahjongError, PluginError, SettlementError, did_you_mean

MAX_DEPTH = 32              # nesting of a record; a real one is 6 deep
MAX_STRING = 10_000         # characters in one string of a record
MAX_INT_BITS = 63           # record numbers are seats and counts


def show(value) -> str:
    """A short repr for messages: never huge, never recursive."""
    if isinstance(value, str):
        return repr(value if len(value) <= 40 else value[:40] + "…")
    if isinstance(value, (bool, float, type(None))):
        return repr(value)
    if isinstance(value, int):
        return repr(value) if value.bit_length() <= 64 else "a number too large"
    if isinstance(value, Mapping):
        return "an object"
    if isinstance(value, (list, tuple)):
        return "a list"
    return f"a {type(value).__name__}"


def _check_data(data) -> None:
    """Refuse what JSON cannot say (sets, bytes, objects, NaN), nesting deeper than MAX_DEPTH,
    huge numbers and huge strings, before anything recurses into or prints the record. Every
    value is visited (a table's record, after each hand too), so the place a fault is named by
    is kept as (parent, key) and written out only for the message (``_where``)."""
    stack = [(data, "record", 0)]
    while stack:
        value, where, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise SettlementError(f"{_where(where)}: the record is nested more than {MAX_DEPTH} levels deep")
        if value is None or isinstance(value, bool):
            continue
        if isinstance(value, int):
            if value.bit_length() > MAX_INT_BITS:
                raise SettlementError(f"{_where(where)}: number too large ({value.bit_length()} bits)")
        elif isinstance(value, float):
            if value != value or value in (float("inf"), -float("inf")):
                raise SettlementError(f"{_where(where)}: {value!r} is not a JSON number")
        elif isinstance(value, str):
            if len(value) > MAX_STRING:
                raise SettlementError(f"{_where(where)}: a string of {len(value)} characters (at most {MAX_STRING})")
        elif isinstance(value, Mapping):
            for key, item in value.items():
                if isinstance(key, bool) or not isinstance(key, (str, int)) \
                        or (isinstance(key, int) and key.bit_length() > MAX_INT_BITS):
                    raise SettlementError(f"{_where(where)}: keys must be names, got {show(key)}")
                if isinstance(key, str) and len(key) > 100:
                    raise SettlementError(f"{_where(where)}: key {show(key)} is too long")
                stack.append((item, (where, ".", key) if depth < 4 else where, depth + 1))
        elif isinstance(value, (list, tuple)):
            for i, item in enumerate(value):
                stack.append((item, (where, "[]", i) if depth < 4 else where, depth + 1))
        else:
            raise SettlementError(f"{_where(where)}: {show(value)} is not JSON data (objects, lists, strings, "
                                  f"numbers, true/false, null)")


def _where(where) -> str:
    """``record.events[2].tile`` from ``_check_data``'s (parent, kind, key) chain."""
    parts = []
    while isinstance(where, tuple):
        where, kind, key = where
        parts.append(f".{key}" if kind == "." else f"[{key}]")
    return where + "".join(reversed(parts))


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened; ``data`` is the event object as given (type included)."""

    type: str
    index: int
    data: Mapping[str, Any]

    def get(self, key: str, default=None):
        return self.data.get(key, default)

    @property
    def seat(self) -> int | None:
        return self.data.get("seat")

    def where(self) -> str:
        """``events[3] (win)``: how every message about an event begins."""
        return f"events[{self.index}] ({self.type})"


@dataclass(frozen=True, slots=True)
class Field:
    """One declared field of an event.

    - ``kind``: ``seat``, ``tile`` (one tile), ``tiles``, ``bool``, ``count`` (a whole number
      ≥ 0), ``object`` or ``choice`` (one of ``choices``)
    - ``required``: the event is refused without it
    - ``doc``: one line for the settlement's documentation
    """

    kind: str
    required: bool = False
    choices: tuple = ()
    doc: str = ""

    KINDS = ("seat", "tile", "tiles", "bool", "count", "object", "choice")

    def __post_init__(self):
        if self.kind not in self.KINDS:
            raise ValueError(f"unknown field kind {self.kind!r}{did_you_mean(self.kind, self.KINDS)}")
        if (self.kind == "choice") != bool(self.choices):
            raise ValueError("a 'choice' field lists its choices, and only a choice field has them")


# The events core knows (docs/formats.md: Record events) and their fields. A settlement rule
# declares the fields of its own event types, and extra fields of these, in
# ``SettlementRule.event_fields``; an event type it accepts without declaring gets the seat
# checks only.
EVENT_FIELDS: dict[str, dict[str, Field]] = {
    "win": {"seat": Field("seat", True), "from": Field("seat"), "situation": Field("object", True)},
    "kong": {"seat": Field("seat", True), "kind": Field("choice", True, ("concealed", "exposed", "added")),
             "tile": Field("tile", True), "from": Field("seat"), "late": Field("bool"),
             "after_kong": Field("bool", doc="made on the replacement tile of the same seat's kong just before")},
    "end": {"hands": Field("object")},
    "horses": {"tiles": Field("tiles", True, doc="the horse tiles, in the order they were turned"),
               "seat": Field("seat", doc="the winner they are for (optional with one winner)")},
    "wild": {"tile": Field("tile", doc="the wild kind"), "indicator": Field("tile", doc="the tile turned up")},
    "follow_dealer": {},
}


def event_fields(declared: Mapping[str, Mapping[str, Field]] | None = None) -> dict[str, dict[str, Field]]:
    """Core's event fields with a settlement rule's declarations added; a rule may add fields
    and event types, never redeclare one of core's fields."""
    if not declared:
        return EVENT_FIELDS
    merged = {kind: dict(fields) for kind, fields in EVENT_FIELDS.items()}
    for kind, fields in declared.items():
        own = merged.setdefault(kind, {})
        for name, f in fields.items():
            if name in own or name == "type":
                raise PluginError(f"event field '{kind}.{name}' is core's; a settlement rule may only add fields")
            own[name] = f
    return merged


def _field_error(where: str, key: str, wants: str, value) -> SettlementError:
    return SettlementError(f"{where}: field '{key}' must be {wants}, got {show(value)}")


def _check_fields(event: Event, seats: int, known: Mapping[str, Mapping[str, Field]]) -> None:
    fields = known.get(event.type)
    where = event.where()
    if fields is None:
        for key in ("seat", "from"):
            if event.get(key) is not None:
                _seat(event.get(key), seats, f"{where}: field '{key}'")
        return
    for key in event.data:
        if key != "type" and key not in fields:
            raise SettlementError(f"{where}: unknown field {show(key)}{did_you_mean(key, fields)}; a "
                                  f"{event.type} event has: type, {', '.join(fields)}")
    for key, f in fields.items():
        value = event.get(key)
        if value is None:
            if f.required:
                raise SettlementError(f"{where}: field '{key}' is missing: a {event.type} needs a '{key}'")
            continue
        if f.kind == "seat":
            _seat(value, seats, f"{where}: field '{key}'")
        elif f.kind == "bool" and not isinstance(value, bool):
            raise _field_error(where, key, "true or false", value)
        elif f.kind == "count" and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
            raise _field_error(where, key, "a whole number ≥ 0", value)
        elif f.kind == "object" and not isinstance(value, Mapping):
            raise _field_error(where, key, "an object", value)
        elif f.kind == "choice" and value not in f.choices:
            raise SettlementError(f"{where}: field '{key}' must be {', '.join(f.choices[:-1])} or "
                                  f"{f.choices[-1]}, got {show(value)}"
                                  f"{did_you_mean(value, f.choices)}")
        elif f.kind in ("tile", "tiles"):
            if not isinstance(value, str):
                raise _field_error(where, key, "tiles in notation like '5p'", value)
            try:
                tiles = T.parse_tiles(value)
            except MahjongError as e:
                raise SettlementError(f"{where}: field '{key}': {e.message}") from None
            if f.kind == "tile" and len(tiles) != 1:
                raise _field_error(where, key, "one tile like '5p'", value)
    if event.get("from") is not None and event.get("from") == event.seat:
        raise SettlementError(f"{where}: 'from' names the same seat as 'seat'")


@dataclass(frozen=True, slots=True)
class Record:
    seats: int
    dealer: int
    round_wind: int
    events: tuple[Event, ...]
    ruleset: str | None = None
    dealer_streak: int = 0          # hands the dealer has already kept the deal (连庄; docs/formats.md: Record)
    play: Mapping | None = None     # the table's play log: wall and actions (docs/table.md "Record")

    def seat_wind(self, seat: int) -> int:
        """The dealer sits East, the next seat South, and so on."""
        return (seat - self.dealer) % self.seats % 4

    def situation_dict(self, event: Event) -> dict:
        """A win event's situation with what the record already says filled in: winds, the
        dealer flag and self-draw (a win without ``from``). ``parse_record`` has refused a
        situation that says otherwise."""
        situation = dict(event.get("situation") or {})
        seat = event.seat
        situation.setdefault("seat_wind", T.WIND_LETTERS[self.seat_wind(seat)])
        situation.setdefault("round_wind", T.WIND_LETTERS[self.round_wind])
        situation.setdefault("dealer", seat == self.dealer)
        situation.setdefault("self_drawn", event.get("from") is None)
        return situation

    def of_type(self, kind: str) -> list[Event]:
        return [e for e in self.events if e.type == kind]

    def one_win(self, ruleset: str) -> None:
        """For rulesets where the first player to claim a discard takes the hand (截和): a second
        win is a record that cannot have happened."""
        wins = self.of_type("win")
        if len(wins) > 1:
            raise SettlementError(f"{wins[1].where()}: {ruleset} settles one win per hand, and "
                                  f"{wins[0].where()} already won it")


RECORD_FIELDS = ("ruleset", "seats", "dealer", "round_wind", "events", "dealer_streak", "play")
PLAY_FIELDS = ("wall", "actions")
WALL_FIELDS = ("algorithm", "seed", "hand", "tiles")


def _seat(value, seats: int, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < seats:
        raise SettlementError(f"{where} must be a seat number 0–{seats - 1}, got {show(value)}")
    return value


def parse_record(data, event_types: Iterable[str] | None = None,
                 declared: Mapping[str, Mapping[str, Field]] | None = None) -> Record:
    """Validate a record: its shape, each event's fields (core's and those ``declared`` by the
    settlement rule), and that it could have happened (module doc); rulesets check their own
    event details."""
    if isinstance(data, Record):
        return data
    if not isinstance(data, Mapping):
        raise SettlementError(f"a record must be a JSON object, got {type(data).__name__}")
    _check_data(data)
    for key in data:
        if key not in RECORD_FIELDS:
            raise SettlementError(f"record: unknown field {show(key)}{did_you_mean(key, RECORD_FIELDS)}; "
                                  f"a record has: {', '.join(RECORD_FIELDS)}")
    seats = data.get("seats", 4)
    if isinstance(seats, bool) or not isinstance(seats, int) or not 2 <= seats <= 4:
        raise SettlementError(f"record field 'seats' must be 2–4, got {show(seats)}")
    dealer = _seat(data.get("dealer", 0), seats, "record field 'dealer'")
    round_wind = T.parse_wind(data.get("round_wind", "E"), "round_wind")
    events_data = data.get("events", [])
    if not isinstance(events_data, list):
        raise SettlementError("record field 'events' must be a list")
    ruleset = data.get("ruleset")
    if ruleset is not None and not isinstance(ruleset, str):
        raise SettlementError(f"record field 'ruleset' must be a ruleset name, got {show(ruleset)}")
    streak = data.get("dealer_streak", 0)
    if isinstance(streak, bool) or not isinstance(streak, int) or streak < 0:
        raise SettlementError(f"record field 'dealer_streak' must be a whole number ≥ 0 (the hands the dealer "
                              f"has already kept the deal), got {show(streak)}")
    known = tuple(event_types) if event_types is not None else None
    fields = event_fields(declared)
    events = []
    for i, e in enumerate(events_data):
        if not isinstance(e, Mapping) or not isinstance(e.get("type"), str):
            raise SettlementError(f"events[{i}] must be an object with a 'type'")
        kind = e["type"]
        if known is not None and kind not in known:
            raise SettlementError(f"events[{i}]: unknown event type {show(kind)}{did_you_mean(kind, known)}; "
                                  f"this ruleset's event types: {', '.join(known)}")
        event = Event(kind, i, MappingProxyType(dict(e)))
        _check_fields(event, seats, fields)
        events.append(event)
    play = _check_play(data.get("play"))
    record = Record(seats, dealer, round_wind, tuple(events), ruleset, streak, play)
    _check_possible(record)
    _check_table_events(record)
    return record


def _check_play(play) -> Mapping | None:
    """The play log's shape (docs/table.md "Record"): ``wall`` names a seeded wall
    (``algorithm``, ``seed``, ``hand``) or lists its ``tiles``; ``actions`` is a list of objects.
    Whether the actions replay to the events is ``table.replay``'s check."""
    if play is None:
        return None
    if not isinstance(play, Mapping):
        raise SettlementError("record field 'play' must be an object with 'wall' and 'actions'")
    for key in play:
        if key not in PLAY_FIELDS:
            raise SettlementError(f"record field 'play': unknown field {show(key)}{did_you_mean(key, PLAY_FIELDS)}; "
                                  f"it has: {', '.join(PLAY_FIELDS)}")
    wall, actions = play.get("wall"), play.get("actions")
    if not isinstance(wall, Mapping) or not isinstance(actions, list) or \
            not all(isinstance(a, Mapping) for a in actions):
        raise SettlementError("record field 'play' needs 'wall' (an object) and 'actions' (a list of objects)")
    for key in wall:
        if key not in WALL_FIELDS:
            raise SettlementError(f"record field 'play.wall': unknown field {show(key)}{did_you_mean(key, WALL_FIELDS)}; "
                                  f"it has: {', '.join(WALL_FIELDS)}")
    if ("tiles" in wall) == ("algorithm" in wall):
        raise SettlementError("record field 'play.wall' gives either 'tiles' (the wall, in order) or 'algorithm', "
                              "'seed' and 'hand'")
    return MappingProxyType(dict(play))


# --------------------------------------------------------------------------- could it have happened

def _check_win(record: Record, e: Event) -> None:
    """A win's situation may repeat what the record says (dealer, winds, self-draw), never
    contradict it."""
    sit = e.get("situation")
    where, seat, frm = e.where(), e.seat, e.get("from")
    for key in ("self_drawn", "dealer"):
        if sit.get(key) is not None and not isinstance(sit[key], bool):
            raise SettlementError(f"{where}: situation.{key} must be true or false, got {show(sit[key])}")
    drawn = sit.get("self_drawn")
    if drawn is not None and drawn != (frm is None):
        raise SettlementError(f"{where}: situation.self_drawn is {drawn} but the win "
                              f"{'has no' if frm is None else 'has a'} 'from' (a win without 'from' is "
                              f"self-drawn)")
    dealer = sit.get("dealer")
    if dealer is not None and dealer != (seat == record.dealer):
        raise SettlementError(f"{where}: situation.dealer is {dealer} but the record's dealer is seat "
                              f"{record.dealer}, and the winner is seat {seat}")
    for key, expected, why in (
            ("seat_wind", record.seat_wind(seat), f"seat {seat} sits {{}} (the dealer, seat {record.dealer}, "
                                                  f"sits East)"),
            ("round_wind", record.round_wind, "the record's round wind is {}")):
        if sit.get(key) is None:
            continue
        try:
            given = T.parse_wind(sit[key], key)
        except MahjongError:
            raise SettlementError(f"{where}: situation.{key} must be one of E S W N, got {show(sit[key])}") from None
        if given != expected:
            raise SettlementError(f"{where}: situation.{key} is '{T.WIND_LETTERS[given]}' but "
                                  + why.format(T.WIND_LETTERS[expected]))


def _tile_counts(data) -> Counter | None:
    """The tiles a situation or standing hand holds (win tile included); None when something
    does not parse (the scorer reports it with the field)."""
    counts: Counter = Counter()
    try:
        for key in ("hand", "win_tile"):
            if data.get(key) is not None:
                counts.update(T.parse_tiles(data[key]))
        for meld in data.get("melds") or ():
            counts.update(T.parse_tiles(meld["tiles"]))
    except (MahjongError, TypeError, KeyError):
        return None
    return Counter({t: n for t, n in counts.items() if not T.is_flower(t)})


def _kong_tiles(data) -> set[int]:
    """The kinds a situation or standing hand shows as kong melds."""
    out = set()
    for meld in data.get("melds") or ():
        if isinstance(meld, Mapping) and meld.get("type") == "kong" and isinstance(meld.get("tiles"), str):
            try:
                out.update(T.parse_tiles(meld["tiles"]))
            except MahjongError:
                pass
    return out


class _Table:
    """The copies of each kind the record puts on the table: each seat's (the most any of its
    events shows it holding: a seat's tiles never pass to another while it keeps them) plus the
    discards claimed to win (one tile however many win on it). More than four of a kind cannot
    have happened."""

    def __init__(self, seats: int):
        self.held = [Counter() for _ in range(seats)]
        self.kongs = [set() for _ in range(seats)]
        self.konged: set[int] = set()
        self.kong_events: dict[int, Event] = {}
        self.claimed: Counter = Counter()

    def hold(self, seat: int, counts: Counter) -> None:
        held = self.held[seat]
        for t, n in counts.items():
            held[t] = max(held[t], n)

    def check(self, e: Event) -> None:
        kinds = set().union(*self.held) | set(self.claimed)
        for t in sorted(kinds):
            n = sum(h[t] for h in self.held) + self.claimed[t]
            if n > 4:
                shown = f"a kong of {T.name(t)} and the tiles" if t in self.konged else "the tiles"
                raise SettlementError(f"{e.where()}: the table would hold {n} copies of {T.name(t)}, of which "
                                      f"there are four ({shown} the record's hands show)")

    def kong(self, e: Event, tile: int) -> None:
        """A kong event: a kind is konged once in a hand (its four tiles are all in that kong)."""
        first = self.kong_events.get(tile)
        if first is not None:
            raise SettlementError(f"{e.where()}: {T.name(tile)} is already konged at {first.where()}: a second kong "
                                  f"would make eight copies of a kind that has four")
        self.kong_events[tile] = e
        self.kongs[e.seat].add(tile)
        self.konged.add(tile)
        self.hold(e.seat, Counter({tile: 4}))


def _hand_seats(e: Event, seats: int) -> list[tuple[int, Any]]:
    """The ``hands`` of an ``end`` event by seat: each key a seat number as JSON writes it ("2",
    not "02" or " 2"), each seat once."""
    hands = e.get("hands") or {}
    out: dict[int, Any] = {}
    for key, hand in hands.items():
        seat = key if isinstance(key, int) else int(key) if isinstance(key, str) and key.isascii() \
            and key.isdigit() and str(int(key)) == key else None
        if seat is None or not 0 <= seat < seats:
            raise SettlementError(f"{e.where()}: field 'hands': key {show(key)} is not a seat number "
                                  f"0–{seats - 1}")
        if seat in out:
            raise SettlementError(f"{e.where()}: field 'hands': seat {seat} has two hands")
        out[seat] = hand
    return sorted(out.items())


def _check_possible(record: Record) -> None:
    """Nothing after ``end``; wins that agree with the record; no kind more than four times on the
    table (``_Table``)."""
    table = _Table(record.seats)
    end = None
    discard = None                      # (from, win tile) of the discard the latest wins took
    for e in record.events:
        if end is not None:
            raise SettlementError(f"{e.where()}: the hand is already over (the wall ran out at {end.where()})")
        if e.type == "end":
            end = e
            for seat, hand in _hand_seats(e, record.seats):
                counts = _tile_counts(hand) if isinstance(hand, Mapping) else None
                if counts is not None:
                    table.hold(seat, counts)
                    table.konged |= _kong_tiles(hand)
            table.check(e)
        elif e.type == "kong":
            table.kong(e, T.tile(e.get("tile")))
            table.check(e)
            discard = None
        elif e.type == "win":
            _check_win(record, e)
            sit = e.get("situation")
            counts = _tile_counts(sit)
            if counts is None:
                continue
            frm = e.get("from")
            shown = T.parse_tiles(sit["win_tile"]) if isinstance(sit.get("win_tile"), str) else ()
            if frm is not None and len(shown) == 1:
                tile = shown[0]
                if counts[tile]:
                    counts[tile] -= 1
                    robbed = sit.get("robbing_kong") is True and tile in table.kongs[frm]
                    if discard != (frm, tile) and not robbed:
                        table.claimed[tile] += 1
                    discard = (frm, tile)
            else:
                discard = None
            table.hold(e.seat, counts)
            table.konged |= _kong_tiles(sit)
            table.check(e)
        else:
            discard = None


def _check_table_events(record: Record) -> None:
    """The events core checks (docs/formats.md): at most one ``wild`` event, naming the kind one way; at most one
    ``follow_dealer``; ``horses`` for a player who has already won (the only winner when it
    names none), once per winner; a kong ``after_kong`` right after the same seat's kong."""
    once: dict[str, Event] = {}
    winners: list[int] = []
    horses: dict[int, Event] = {}
    before = None
    for e in record.events:
        where = e.where()
        if e.type in ("wild", "follow_dealer"):
            if e.type in once:
                raise SettlementError(f"{where}: a hand has one {e.type} event, and {once[e.type].where()} is one")
            once[e.type] = e
        if e.type == "wild" and (e.get("tile") is None) == (e.get("indicator") is None):
            raise SettlementError(f"{where}: give either 'tile' (the wild kind) or 'indicator' (the tile turned "
                                  f"up){', not both' if e.get('tile') is not None else ''}")
        elif e.type == "win" and e.seat not in winners:
            winners.append(e.seat)
        elif e.type == "horses":
            seat = e.seat
            if not winners:
                raise SettlementError(f"{where}: horses are turned for a winner, and nobody has won before them")
            if seat is None:
                if len(winners) > 1:
                    raise SettlementError(f"{where}: seats {', '.join(map(str, winners))} have won: name the "
                                          f"winner these horses are for in 'seat'")
                seat = winners[0]
            elif seat not in winners:
                raise SettlementError(f"{where}: field 'seat': seat {seat} has not won, so it has no horses "
                                      f"(winners so far: {', '.join(map(str, winners))})")
            if seat in horses:
                raise SettlementError(f"{where}: seat {seat}'s horses are already at {horses[seat].where()}")
            horses[seat] = e
        elif e.type == "kong" and e.get("after_kong"):
            if e.get("kind") == "exposed":
                raise SettlementError(f"{where}: 'after_kong' marks a kong made on a replacement tile, and an "
                                      f"exposed kong claims a discard")
            if before is None or before.type != "kong" or before.seat != e.seat:
                raise SettlementError(f"{where}: 'after_kong' marks a kong made on the replacement tile of seat "
                                      f"{e.seat}'s kong just before it, but "
                                      + ("it is the first event" if before is None else
                                         f"{before.where()} is not a kong of seat {e.seat}"))
        before = e
