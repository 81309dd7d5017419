"""Melds and situations (docs/formats.md: Situation): parsed once, validated, frozen."""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, NamedTuple
from collections.abc import Mapping

from . import tiles as T
from . import wilds as _wilds
from .errors import HandError, NotWinningError, TileError, did_you_mean, plural, show

MELD_KINDS = ("chow", "pung", "kong")
SOURCES = ("left", "across", "right")


EXTRA_TYPES = {"bool": bool, "int": int, "string": str}


class ExtraField(NamedTuple):
    """One ``extras`` key a ruleset declares (YAML ``table.extras``, inline or a plugin's declared
    field by id): its value type, meaning, default and command-line flag."""

    name: str
    type: str                       # a key of EXTRA_TYPES
    doc: str
    default: Any = None             # filled in when a situation leaves the key out (None: left out)
    flag: str | None = None         # the CLI flag; None: ``--`` + name with dashes
    field: str | None = None        # the declared field's id, or None when declared inline

    @property
    def cli_flag(self) -> str:
        return self.flag or "--" + self.name.replace("_", "-")


WIN_METHODS = ("self_drawn", "discard", "robbing_kong")
WIN_METHOD_WORDS = {"self_drawn": "self-draw", "discard": "discard", "robbing_kong": "robbing a kong"}
FLOWER_BONUS: Mapping[int, int] = MappingProxyType({t: 1 for t in range(34, 42)})   # 1f–8f, one each


def win_method(s: "Situation") -> str:
    """How the hand was won: one of WIN_METHODS."""
    return "robbing_kong" if s.robbing_kong else "self_drawn" if s.self_drawn else "discard"


@dataclass(frozen=True, slots=True)
class TableRules:
    """What a ruleset allows at the table: which tiles exist, the hand size, chows, flowers, and
    which situation fields it gives a meaning to (wilds, a void suit, its ``extras``)."""

    kinds: frozenset = frozenset(range(T.NUM_KINDS))
    hand_size: int = 13
    chows: bool = True              # chow melds may be claimed
    flowers: bool = True
    tile_set: str = "standard"
    sequences: bool = True          # runs count as sets in a winning hand (Sichuan: yes, without chow melds)
    dealer_east: bool = True        # the dealer sits East: ``dealer`` with another seat wind is impossible
    max_wild_kinds: int = 0         # 0: the ruleset has no wild tiles, ``wilds`` is refused
    void_suit: bool = False         # a hand may declare a void suit (定缺, Sichuan)
    extras: tuple[ExtraField, ...] = ()     # the declared ``extras`` keys
    bonus: Mapping[int, int] | None = None  # bonus kind -> copies (None: the 8 flowers if ``flowers``)
    win_methods: tuple[str, ...] = WIN_METHODS  # YAML table.win_methods
    extra_defaults: Mapping[str, Any] | None = None     # set from ``extras``: the declared keys' defaults
    wilds: _wilds.WildRules = _wilds.WildRules()    # the rest of table.wilds: how wilds are chosen and played
    bonus_win: int | None = None    # YAML table.bonus_win.kind: drawing its last copy wins whatever the rest
    bonus_replacement_bloom: bool = False   # a win on the tile drawn for a set-aside bonus tile is after_kong

    def __post_init__(self):
        if self.bonus is None:
            object.__setattr__(self, "bonus", FLOWER_BONUS if self.flowers else MappingProxyType({}))
        else:
            object.__setattr__(self, "flowers", bool(self.bonus))
        object.__setattr__(self, "extra_defaults", MappingProxyType(
            {f.name: f.default for f in self.extras if f.default is not None}))

    @property
    def bonus_copies(self) -> int:
        """How many bonus tiles the tile set holds: the most ``flowers`` may count."""
        return sum(self.bonus.values())


@dataclass(frozen=True, slots=True)
class Meld:
    """A meld shown beside the standing tiles: its kind, its lowest tile, whether a kong is
    concealed, and the claimed tile and whom it came from when the situation says."""

    kind: str                       # chow | pung | kong
    tile: int                       # lowest tile
    concealed: bool = False         # only meaningful for kongs
    claimed: int | None = None
    source: str | None = None

    @property
    def tiles(self) -> tuple[int, ...]:
        if self.kind == "chow":
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * (4 if self.kind == "kong" else 3)

    def to_dict(self) -> dict:
        out: dict[str, Any] = {"type": self.kind, "tiles": T.format_tiles(self.tiles)}
        if self.kind == "kong":
            out["concealed"] = self.concealed
        if self.claimed is not None:
            out["claimed"] = T.name(self.claimed)
        if self.source is not None:
            out["from"] = self.source
        return out


SITUATION_FIELDS = (
    "hand", "melds", "win_tile", "self_drawn", "seat_wind", "round_wind", "flowers", "last_tile",
    "after_kong", "robbing_kong", "discard_after_kong", "fourth_tile", "dealer", "first_turn",
    "ready_at_start", "declared_ready", "wilds", "void_suit", "extras",
)
_BOOL_FIELDS = ("self_drawn", "last_tile", "robbing_kong", "discard_after_kong", "fourth_tile",
                "dealer", "first_turn", "ready_at_start", "declared_ready")
MELD_FIELDS = ("type", "tiles", "concealed", "claimed", "from")
_FIELD_SET = frozenset(SITUATION_FIELDS)
_WIND_INDEX = {w: i for i, w in enumerate(T.WIND_LETTERS)}
_NO_EXTRAS: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Situation:
    """One winning hand and the facts around it; ``hand`` excludes the winning tile."""

    hand: tuple[int, ...]
    melds: tuple[Meld, ...] = ()
    win_tile: int | None = 0             # None for a hand before its winning tile
    self_drawn: bool = False
    seat_wind: int = 0
    round_wind: int = 0
    flowers: tuple[int, ...] = ()
    flower_count: int = 0
    last_tile: bool = False
    after_kong: int = 0
    robbing_kong: bool = False
    discard_after_kong: bool = False
    fourth_tile: bool = False
    dealer: bool = False
    first_turn: bool = False
    ready_at_start: bool = False
    declared_ready: bool = False
    wilds: tuple[int, ...] = ()
    void_suit: str | None = None
    extras: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    win_natural: bool = False           # the winning tile is the face-up copy of a wild kind, not wild

    @property
    def all_tiles(self) -> tuple[int, ...]:
        """Every playable tile of the winning hand: standing, win tile and melds."""
        out = list(self.hand)
        if self.win_tile is not None:
            out.append(self.win_tile)
        for m in self.melds:
            out.extend(m.tiles)
        return tuple(out)

    @property
    def natural_kinds(self) -> int:
        """Bit mask of the kinds the hand holds as themselves: standing tiles and winning tile
        that are not wild, and every meld tile (a concealed kong of the wilds is its own kind)."""
        held = 0
        for t in self.hand:
            held |= 1 << t
        if self.win_tile is not None:
            held |= 1 << self.win_tile
        for t in self.wilds:
            held &= ~(1 << t)
        for m in self.melds:
            for t in m.tiles:
                held |= 1 << t
        return held

    def to_dict(self) -> dict:
        out: dict[str, Any] = {"hand": T.format_tiles(self.hand),
                               "melds": [m.to_dict() for m in self.melds]}
        if self.win_tile is not None:
            out["win_tile"] = T.name(self.win_tile)
        defaults = Situation(hand=())
        for f in SITUATION_FIELDS[3:]:
            if f == "flowers":
                if self.flowers:
                    out["flowers"] = T.format_tiles(self.flowers)
                elif self.flower_count:
                    out["flowers"] = self.flower_count
                continue
            value = getattr(self, f)
            if value == getattr(defaults, f):
                continue
            if f in ("seat_wind", "round_wind"):
                value = T.WIND_LETTERS[value]
            elif f == "wilds":
                value = T.format_tiles(value)
            elif f == "extras":
                value = dict(value)
            out[f] = value
        return out


def _field_error(message: str, code: str = "invalid_situation") -> HandError:
    return HandError(message, code=code)


def _parse_tile_field(value, field_name: str) -> int:
    if not isinstance(value, str):
        raise TileError(f"field '{field_name}' must be one tile like '5m', got {show(value)}")
    try:
        tiles = T.parse_tiles(value)
    except TileError as e:
        raise TileError(f"field '{field_name}': {e.message}") from None
    if len(tiles) != 1:
        raise TileError(f"field '{field_name}' must be exactly one tile, got '{value}'")
    return tiles[0]


_MELD_CACHE: dict = {}


def parse_meld(data, index: int, rules: TableRules) -> Meld:
    """A validated Meld; identical meld objects are parsed once (melds repeat across hands).
    The key compares values with ``==``, so ``1`` would find the entry of ``true``: a hit
    counts only when ``concealed`` (a meld's one bool, the only value an int can equal) is a bool."""
    if type(data) is dict:
        try:
            key = (tuple(data.items()), rules.chows)
            meld = _MELD_CACHE[key]
            if data.get("concealed", False).__class__ is bool:
                return meld
        except (KeyError, TypeError):
            pass
    meld = _parse_meld(data, index, rules)
    if type(data) is dict and len(_MELD_CACHE) < 100_000:
        try:
            _MELD_CACHE[(tuple(data.items()), rules.chows)] = meld
        except TypeError:
            pass
    return meld


def _parse_meld(data, index: int, rules: TableRules) -> Meld:
    where = f"melds[{index}]"
    if not isinstance(data, Mapping):
        raise _field_error(f"{where} must be an object like {{\"type\": \"pung\", \"tiles\": \"555p\"}}",
                           "invalid_meld")
    for key in data:
        if key not in MELD_FIELDS:
            raise _field_error(f"{where}: unknown field {show(key)}{did_you_mean(key, MELD_FIELDS)}; a meld "
                               f"has {', '.join(MELD_FIELDS)}", "invalid_meld")
    kind = data.get("type")
    if kind not in MELD_KINDS:
        raise _field_error(f"{where}.type must be chow, pung or kong, got {show(kind)}"
                           f"{did_you_mean(kind, MELD_KINDS)}", "invalid_meld")
    if "tiles" not in data:
        raise _field_error(f"{where} has no 'tiles'", "invalid_meld")
    try:
        ts = sorted(T.parse_tiles(data["tiles"]))
    except TileError as e:
        raise TileError(f"{where}.tiles: {e.message}") from None
    shown = T.format_tiles(ts) if ts else "''"
    size = 4 if kind == "kong" else 3
    if len(ts) != size:
        raise _field_error(f"{where}: a {kind} has {size} tiles, got {len(ts)} ({shown})", "invalid_meld")
    if kind == "chow":
        if not rules.chows:
            raise _field_error(f"{where}: chows are not allowed in this ruleset ({shown})", "invalid_meld")
        if not T.is_number(ts[0]) or ts[2] >= 27 or ts[0] // 9 != ts[2] // 9 \
                or ts != [ts[0], ts[0] + 1, ts[0] + 2]:
            raise _field_error(f"{where}: a chow is three consecutive tiles of one suit, got {shown}",
                               "invalid_meld")
    elif len(set(ts)) != 1:
        raise _field_error(f"{where}: a {kind} is {size} identical tiles, got {shown}", "invalid_meld")
    if T.is_flower(ts[0]):
        raise _field_error(f"{where}: flowers cannot form melds ({shown})", "invalid_meld")
    concealed = data.get("concealed", False)
    if concealed.__class__ is not bool:
        raise _field_error(f"{where}.concealed must be true or false, got {show(concealed)}", "invalid_meld")
    claimed = None
    if data.get("claimed") is not None:
        claimed = _parse_tile_field(data["claimed"], f"{where}.claimed")
        if claimed not in ts:
            raise _field_error(f"{where}: claimed tile {T.name(claimed)} is not in the meld {shown}",
                               "invalid_meld")
    source = data.get("from")
    if source is not None and source not in SOURCES:
        raise _field_error(f"{where}.from must be left, across or right, got {show(source)}"
                           f"{did_you_mean(source, SOURCES)}", "invalid_meld")
    if kind == "chow" and source is not None and source != "left":
        raise _field_error(f"{where}.from: a chow is claimed only from the player on the left, got "
                           f"{show(source)}", "invalid_meld")
    if kind == "kong":
        if concealed and (claimed is not None or source is not None):
            raise _field_error(f"{where}: a concealed kong has no claimed tile or source", "invalid_meld")
        if "concealed" not in data and claimed is None and source is None:
            # the command line reads [5555p] as concealed, JSON used to read it as melded: say which
            raise _field_error(f"{where}: say whether the kong {shown} is concealed: \"concealed\": true "
                               f"(like [{shown}] on the command line) or false (a melded kong; or give "
                               f"'from' / 'claimed')", "invalid_meld")
    if kind != "kong" and concealed:
        raise _field_error(f"{where}: only a kong can be declared concealed (a concealed {kind} stays in "
                           f"'hand')", "invalid_meld")
    return Meld(kind, ts[0], bool(concealed and kind == "kong"), claimed, source)


def parse_situation(data, rules: TableRules = TableRules(), pre_win: bool = False,
                    drawn: bool = False) -> Situation:
    """Build a validated Situation from a situation dict (docs/formats.md); raises MahjongError with a stable code.
    ``pre_win``: the hand before its winning tile (for waits); ``win_tile`` must then be absent.
    ``drawn``: a pre-win hand holding one tile more, a discard still to choose (for analysis): no
    tile of it is a winning tile, so none is read as won on a discard."""
    pre_win = pre_win or drawn
    if isinstance(data, Situation):
        data = _wilds.completed(data, rules)
        validate(data, rules, drawn)
        return data
    if type(data) is not dict and not isinstance(data, Mapping):
        raise _field_error(f"a situation must be a JSON object, got {type(data).__name__}")
    for key in data:
        if key not in _FIELD_SET:
            raise _field_error(f"unknown field {show(key)}{did_you_mean(key, SITUATION_FIELDS)}; a situation "
                               f"has {', '.join(SITUATION_FIELDS)}")
    for required in ("hand",) if pre_win else ("hand", "win_tile"):
        if required not in data:
            raise _field_error(f"missing field '{required}'")
    if pre_win and "win_tile" in data:
        raise _field_error("field 'win_tile': waits are asked of the hand before the winning tile")
    try:
        hand = T.parse_tiles(data["hand"])
    except TileError as e:
        raise TileError(f"field 'hand': {e.message}") from None
    melds_data = data.get("melds", [])
    if melds_data is None:
        melds_data = []
    if not isinstance(melds_data, list):
        raise _field_error("field 'melds' must be a list", "invalid_meld")
    melds = tuple(parse_meld(m, i, rules) for i, m in enumerate(melds_data))
    win = None if pre_win else _parse_tile_field(data["win_tile"], "win_tile")
    kw: dict[str, Any] = {}
    for name in _BOOL_FIELDS:
        value = data.get(name, False)
        if value is not False and value is not True:
            raise _field_error(f"field '{name}' must be true or false, got {show(value)}")
        kw[name] = value
    for wind in ("seat_wind", "round_wind"):
        value = data.get(wind, "E")
        kw[wind] = _WIND_INDEX[value] if value.__class__ is str and value in _WIND_INDEX \
            else T.parse_wind(value, wind)
    flowers = data.get("flowers", 0)
    if isinstance(flowers, bool) or not isinstance(flowers, (int, str)) or flowers is None:
        raise _field_error(f"field 'flowers' must be flower tiles like '1f5f' or a number, got {show(flowers)}")
    if isinstance(flowers, int):
        most = rules.bonus_copies or 8
        if not 0 <= flowers <= most:
            raise _field_error(f"field 'flowers' must be 0–{most}, got {show(flowers)}")
        kw["flowers"], kw["flower_count"] = (), flowers
    else:
        try:
            ft = T.parse_tiles(flowers)
        except TileError as e:
            raise TileError(f"field 'flowers': {e.message}") from None
        kw["flowers"], kw["flower_count"] = tuple(sorted(ft)), len(ft)
    ak = data.get("after_kong", False)
    if isinstance(ak, bool):
        ak = int(ak)
    if not isinstance(ak, int) or not 0 <= ak <= 4:
        raise _field_error(f"field 'after_kong' must be true/false or a count of kongs 0–4, got {show(ak)}")
    kw["after_kong"] = ak
    wilds = data.get("wilds", "")
    if not isinstance(wilds, str):
        raise TileError(f"field 'wilds' must be tile kinds in notation like '5m', got {show(wilds)}")
    try:
        wild_kinds = T.parse_tiles(wilds) if wilds else ()
    except TileError as e:
        raise TileError(f"field 'wilds': {e.message}") from None
    kw["wilds"] = _wilds.situation_kinds(tuple(sorted(set(wild_kinds))), rules)
    void = data.get("void_suit")
    if void is not None and void not in ("m", "p", "s"):
        raise _field_error(f"field 'void_suit' must be 'm', 'p' or 's', got {show(void)}")
    kw["void_suit"] = void
    extras = data.get("extras")
    defaults = rules.extra_defaults
    if extras:
        if not isinstance(extras, Mapping):
            raise _field_error("field 'extras' must be an object")
        kw["extras"] = MappingProxyType({**defaults, **extras} if defaults else dict(extras))
    elif extras is not None and not isinstance(extras, Mapping):
        raise _field_error("field 'extras' must be an object")
    else:
        kw["extras"] = defaults or _NO_EXTRAS
    if rules.wilds.face_up:
        kw["win_natural"] = _wilds.face_up_win(kw["extras"], win, rules)
    situation = Situation(hand=tuple(sorted(hand)), melds=melds, win_tile=win, **kw)
    validate(situation, rules, drawn)
    if win is not None and data.get("fourth_tile", True) is False:
        # said outright: a missing flag leaves the ruleset to see the three melded copies itself
        melded = sum(m.tiles.count(win) for m in melds)
        if melded == 3:
            raise _field_error(f"'fourth_tile': false, but the winner's melds hold three {T.name(win)}, so the "
                               f"winning {T.name(win)} is the last copy (say true, or leave the field out)")
    return situation


def _check_extras(extras: Mapping, rules: TableRules) -> None:
    """Every ``extras`` key must be one the ruleset declares (``table.extras``), of its type."""
    declared = {f.name: f for f in rules.extras}
    for key, value in extras.items():
        spec = declared.get(key)
        if spec is None:
            known = f"; this ruleset declares {', '.join(declared)}" if declared else \
                "; this ruleset declares no extras"
            raise _field_error(f"field 'extras': unknown key {show(key)}{did_you_mean(key, declared)}{known}")
        want = EXTRA_TYPES[spec.type]
        if value.__class__ is not want:
            raise _field_error(f"field 'extras.{key}' must be {_EXTRA_WORDS[spec.type]}, got {show(value)}")


def _check_bonus(s: Situation, rules: TableRules) -> None:
    """``flowers`` lists bonus tiles of the table's tile set, each at most as often as it exists
    (the number form was bounded when parsed)."""
    bonus = rules.bonus
    if not bonus:
        for t in s.flowers:
            if not T.is_flower(t):
                raise TileError(f"field 'flowers': {T.name(t)} is not a flower (flowers are 1f–8f)")
        raise TileError(f"this ruleset's tile set '{rules.tile_set}' has no flowers")
    if s.flower_count > rules.bonus_copies:
        raise _field_error(f"field 'flowers' must be 0–{rules.bonus_copies}, got {s.flower_count}")
    for t in s.flowers:
        copies = bonus.get(t)
        if copies is None:
            if all(T.is_flower(k) for k in bonus):
                raise TileError(f"field 'flowers': {T.name(t)} is not a flower (flowers are 1f–8f)")
            raise TileError(f"field 'flowers': {T.name(t)} is not a bonus tile of this ruleset's tile set "
                            f"'{rules.tile_set}' (its bonus tiles: {T.format_tiles(bonus)})")
        n = s.flowers.count(t)
        if n == copies and t == rules.bonus_win:
            raise _field_error(f"field 'flowers' holds all {copies} {T.name(t)}, but collecting the last one "
                               f"wins at once (table.bonus_win): it is the 'win_tile', with the other "
                               f"{copies - 1} in 'flowers'")
        if n > copies:
            if copies == 1:
                raise _field_error(f"flower {T.name(t)} appears twice; each flower exists once"
                                   if n == 2 and T.is_flower(t) else
                                   f"bonus tile {T.name(t)} appears {n} times; the tile set has one",
                                   "too_many_copies")
            raise _field_error(f"bonus tile {T.name(t)} appears {n} times; the tile set has {copies}",
                               "too_many_copies")


def _bonus_win(s: Situation, rules: TableRules) -> bool:
    """``table.bonus_win``: is the bonus kind's one copy here the winning tile, with every other
    copy in ``flowers``? Then it wins whatever the rest, and only self-drawn (not_winning)."""
    kind = rules.bonus_win
    if s.win_tile != kind or s.all_tiles.count(kind) != 1 or s.flowers.count(kind) != rules.bonus[kind] - 1:
        return False
    if not s.self_drawn:
        raise NotWinningError(f"win_tile {T.name(kind)}: collecting the last {T.name(kind)} wins "
                              f"(table.bonus_win) only when it is drawn: the win needs 'self_drawn': true "
                              f"(a bonus tile is never discarded, claimed or robbed)")
    return True


def _bonus_win_note(t: int, rules: TableRules) -> str:
    """What ``table.bonus_win`` lets this bonus tile do, for the message refusing it elsewhere."""
    if t != rules.bonus_win:
        return ""
    others = rules.bonus[t] - 1
    return (f"; it wins (table.bonus_win) only as the 'win_tile' with the other {others} "
            f"{T.name(t)} in 'flowers'")


_EXTRA_WORDS = {"bool": "true or false", "int": "a whole number", "string": "a string"}


def validate(s: Situation, rules: TableRules, drawn: bool = False) -> None:
    """Check counts, copies, tile set and flag consistency; raise the contract's code on failure.
    ``drawn``: the hand holds one tile more than the hand size, and no winning tile."""
    every = s.all_tiles
    kinds = rules.kinds
    for t in every:
        if t not in kinds:
            if t == rules.bonus_win and _bonus_win(s, rules):
                continue
            if T.is_flower(t):
                raise TileError(f"flower {T.name(t)} belongs in 'flowers', not in the hand")
            if t in rules.bonus:
                raise _field_error(f"tile {T.name(t)} is a bonus tile of this ruleset's tile set "
                                   f"'{rules.tile_set}': it belongs in 'flowers', not in the hand, melds "
                                   f"or winning tile{_bonus_win_note(t, rules)}")
            raise TileError(f"tile {T.name(t)} is not in this ruleset's tile set '{rules.tile_set}'")
    if s.flower_count:
        _check_bonus(s, rules)
    if s.wilds:
        for t in s.wilds:
            if t not in kinds:
                raise TileError(f"tile {T.name(t)} is not in this ruleset's tile set '{rules.tile_set}'")
        if len(s.wilds) > rules.max_wild_kinds:
            if not rules.max_wild_kinds:
                raise _field_error(f"field 'wilds': this ruleset has no wild tiles, got "
                                   f"{T.format_tiles(s.wilds)}")
            raise _field_error(f"field 'wilds': this ruleset allows at most {rules.max_wild_kinds} wild "
                               f"kind(s) (table.wilds.max_kinds), got {len(s.wilds)}: {T.format_tiles(s.wilds)}")
    if s.extras:
        _check_extras(s.extras, rules)
    if s.void_suit is not None and not rules.void_suit:
        raise _field_error("field 'void_suit': this ruleset has no void suit (定缺)")
    if s.dealer and s.seat_wind and rules.dealer_east:
        raise _field_error(f"fields 'dealer' and 'seat_wind': the dealer sits East in this ruleset, got "
                           f"seat wind {T.WIND_LETTERS[s.seat_wind]}")
    size = len(s.hand) + 3 * len(s.melds)
    if drawn and size != rules.hand_size + 1:
        raise _field_error(f"wrong tile count: {plural(len(s.hand), 'standing tile')} + "
                           f"{plural(len(s.melds), 'meld')} make "
                           f"{size}, a hand with a discard to choose holds {rules.hand_size + 1} in this "
                           f"ruleset (standing tiles = {rules.hand_size + 1} − 3 × melds)", "wrong_tile_count")
    if not drawn and size != rules.hand_size:
        raise _field_error(f"wrong tile count: {plural(len(s.hand), 'standing tile')} + "
                           f"{plural(len(s.melds), 'meld')} make "
                           f"{size}, this ruleset needs {rules.hand_size} before the winning tile "
                           f"(standing tiles = {rules.hand_size} − 3 × melds)", "wrong_tile_count")
    counts = [0] * T.NUM_KINDS
    for t in every:
        counts[t] += 1
    for t, n in enumerate(counts):
        if n > 4:
            raise HandError(f"too many copies of {T.name(t)}: {n} (hand, melds and winning tile hold at "
                            f"most 4)", code="too_many_copies", reason="no copy left")
    kongs = sum(1 for m in s.melds if m.kind == "kong")
    if s.after_kong:
        if not s.self_drawn:
            raise _field_error("'after_kong' (a win on the kong replacement tile) needs 'self_drawn': true")
        # table.bonus_replacement_bloom: a set-aside bonus tile is replaced like a kong
        bonus = s.flower_count if rules.bonus_replacement_bloom else 0
        if not kongs and not bonus:
            raise _field_error("'after_kong' needs a kong among the melds"
                               + (" or a set-aside bonus tile in 'flowers' (table.bonus_replacement_bloom)"
                                  if rules.bonus_replacement_bloom else ""))
        if s.after_kong > kongs + bonus:
            raise _field_error(f"'after_kong': {s.after_kong} consecutive kong replacements need as many kongs, "
                               f"the melds hold {kongs}" + (f" and 'flowers' {bonus} bonus tile(s)" if bonus else ""))
    if s.robbing_kong:
        if s.self_drawn:
            raise _field_error("'robbing_kong' is a win on another player's tile: it cannot be 'self_drawn'")
        held = s.hand.count(s.win_tile) + sum(m.tiles.count(s.win_tile) for m in s.melds)
        if held:
            raise _field_error(f"'robbing_kong': the winner already holds {T.name(s.win_tile)}, so nobody can "
                               f"add it to a kong")
    if s.robbing_kong and s.last_tile:
        raise _field_error("'robbing_kong' and 'last_tile' cannot both hold: no kong is made on the last "
                           "tile of the wall, so none is robbed")
    if s.first_turn:
        if any(not (m.kind == "kong" and m.concealed) for m in s.melds):
            raise _field_error("'first_turn' means no claim was made before the win, but the melds hold a "
                               "claimed set")
        if s.last_tile or s.robbing_kong:
            raise _field_error(f"'first_turn' and '{'last_tile' if s.last_tile else 'robbing_kong'}' cannot "
                               f"both hold: the first go-around is neither the end of the wall nor after "
                               f"an added kong")
    if s.discard_after_kong and s.self_drawn:
        raise _field_error("'discard_after_kong' is a win on a discard: it cannot be 'self_drawn'")
    if s.discard_after_kong and s.robbing_kong:
        raise _field_error("'discard_after_kong' and 'robbing_kong' cannot both hold")
    if s.win_tile is None:
        if drawn:
            _wilds.check(s, rules)      # melds holding wilds, wild copies: no winning tile to check
        return
    if s.fourth_tile and s.win_tile in s.hand:
        raise _field_error(f"'fourth_tile': the winner holds another {T.name(s.win_tile)} in hand, so the "
                           f"winning tile is not the last unseen copy")
    if s.void_suit is not None and s.void_suit not in "mps":
        raise _field_error("field 'void_suit' must be m, p or s")
    _wilds.check(s, rules)

