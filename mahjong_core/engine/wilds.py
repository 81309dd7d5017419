"""Wild tiles (混 / 鬼 / 金): the table's rules for them (YAML ``table.wilds``), how a record's
``wild`` event names the hand's wild kinds, and what a winning situation may do with them.

One mechanism serves every family: fixed kinds (莲花's 白板), a turned indicator naming its own
kind, the next kind or the next two (翻鬼 / 翻双鬼), all four copies wild or all but the face-up
one (Fuzhou's gold), and switches for claiming, konging, discarding and winning on a wild.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import NamedTuple

from . import tiles as T
from .config import describe, shown
from .errors import HandError, MahjongError, RulesetError, SettlementError, did_you_mean, show
from .shapes.records import ShapeInput

INDICATORS = ("same", "next", "next_two")
WILD_KEYS = ("max_kinds", "fixed", "indicator", "dragon_cycle", "copies", "claim", "concealed_kong", "discard",
             "win_on_discard", "face_up", "fifth_copy", "name")
DEFAULT_DRAGON_CYCLE = "765z"


class WildRules(NamedTuple):
    """``table.wilds`` but ``max_kinds`` (``TableRules.max_wild_kinds``), compiled and checked (a
    named tuple: every start defines it, and nothing replaces its fields)."""

    fixed: tuple[int, ...] = ()             # kinds always wild, no event needed
    indicator: str = "same"                 # what a ``wild`` event's ``indicator`` makes wild
    dragon_cycle: tuple[int, ...] = (33, 32, 31)    # "765z": 中 → 发 → 白 → 中
    copies: int = 4                         # 3: the face-up copy is not wild
    claim: bool = True                      # a chow, pung or melded kong may hold a wild kind
    concealed_kong: bool = True             # a concealed kong of a wild kind (混杠)
    discard: bool = True                    # a wild may be discarded
    win_on_discard: bool = True             # a win on a discarded (or robbed) wild
    win_on_discard_option: str | None = None    # the option that decided ``win_on_discard``
    face_up: str | None = None              # the bool ``extras`` key: the winning tile is the face-up copy
    fifth_copy: bool = False                # a wild may stand for a fifth copy of a kind
    name: str = "混"                        # what the family calls a wild (混, 金, 鬼, 癞子): the pages' badge

    def __str__(self) -> str:
        """One line for the ruleset pages."""
        parts = [f"fixed {T.format_tiles(self.fixed)}" if self.fixed else f"indicator {self.indicator}",
                 f"dragon_cycle {''.join(T.name(t)[0] for t in self.dragon_cycle)}z", f"copies {self.copies}"]
        parts += [f"{k} {str(getattr(self, k)).lower()}"
                  for k in ("claim", "concealed_kong", "discard", "win_on_discard")]
        if self.win_on_discard_option:
            parts[-1] += f" (option {self.win_on_discard_option})"
        if self.face_up:
            parts.append(f"face_up extras.{self.face_up}")
        parts.append(f"fifth_copy {str(self.fifth_copy).lower()}")
        return ", ".join(parts)


def next_kind(tile: int, dragon_cycle: tuple[int, ...] = (33, 32, 31)) -> int:
    """The kind after ``tile``: 9 wraps to 1 within a suit, North to East, dragons along
    ``dragon_cycle``."""
    if tile < 27:
        return tile - tile % 9 + (tile % 9 + 1) % 9
    if tile in T.WINDS:
        return 27 + (tile - 27 + 1) % 4
    return dragon_cycle[(dragon_cycle.index(tile) + 1) % 3]


def indicated(rules: WildRules, indicator: int) -> tuple[int, ...]:
    """The kinds ``indicator`` makes wild under ``rules.indicator``, sorted."""
    if rules.indicator == "same":
        return (indicator,)
    first = next_kind(indicator, rules.dragon_cycle)
    if rules.indicator == "next":
        return (first,)
    return tuple(sorted({first, next_kind(first, rules.dragon_cycle)}))


def event_kinds(table, *, tile: int | None = None, indicator: int | None = None,
                where: str = "wild") -> tuple[int, ...]:
    """The wild kinds a ``wild`` event names under ``table`` (a ``TableRules``): ``tile`` names
    the kind itself, ``indicator`` the turned-up tile (exactly one of the two); ``where`` begins
    every message (``events[0] (wild)``)."""
    rules = table.wilds
    if (tile is None) == (indicator is None):
        raise SettlementError(f"{where}: give either 'tile' (the wild kind) or 'indicator' (the tile "
                              f"turned up), {'not both' if tile is not None else 'one of them'}")
    if not table.max_wild_kinds:
        raise SettlementError(f"{where}: this ruleset plays without wild tiles (table.wilds.max_kinds: 0)")
    given = tile if tile is not None else indicator
    key = "tile" if tile is not None else "indicator"
    if given not in table.kinds:
        what = "a flower" if T.is_flower(given) else "not in this ruleset's tile set"
        raise SettlementError(f"{where}: '{key}' {T.name(given)} is {what}; it cannot name a wild kind")
    if rules.fixed:
        fixed = fixed_text(rules.fixed)
        if indicator is not None:
            raise SettlementError(f"{where}: {fixed}; no indicator is turned up, "
                                  f"got 'indicator' {T.name(indicator)}")
        if tile not in rules.fixed:
            raise SettlementError(f"{where}: {fixed}; the event names 'tile' "
                                  f"{T.name(tile)}, which is not wild here")
        return rules.fixed
    return (tile,) if tile is not None else indicated(rules, indicator)


def record_wilds(record, table) -> tuple[int, ...]:
    """The hand's wild kinds from the record's one ``wild`` event, else the fixed kinds (or none)."""
    events = record.of_type("wild")
    if len(events) > 1:
        raise SettlementError(f"{events[1].where()}: a hand has one wild event, found {len(events)}")
    if not events:
        return table.wilds.fixed
    ev = events[0]
    tile, indicator = ev.get("tile"), ev.get("indicator")
    return event_kinds(table, tile=None if tile is None else T.tile(tile),
                       indicator=None if indicator is None else T.tile(indicator), where=ev.where())


def held(situation) -> int:
    """Wild tiles among the standing tiles and the winning tile (not the face-up copy taken)."""
    kinds = situation.wilds
    if not kinds:
        return 0
    n = sum(1 for t in situation.hand if t in kinds)
    return n + (situation.win_tile in kinds and not situation.win_natural)


def check(s, table) -> None:
    """A winning situation against the table's wild rules (``TableRules.wilds``): melds holding a
    wild kind, a win on a discarded wild, more wild copies than ``copies``, the face-up copy."""
    rules = table.wilds
    kinds = s.wilds
    if not kinds and not rules.face_up:
        return
    for i, m in enumerate(s.melds):
        wild_in = [t for t in set(m.tiles) if t in kinds]
        if not wild_in:
            continue
        if m.kind == "kong" and m.concealed:
            if not rules.concealed_kong:
                raise HandError(f"melds[{i}]: {T.name(wild_in[0])} is wild and wilds cannot form a concealed "
                                f"kong here ({T.format_tiles(m.tiles)}; table.wilds.concealed_kong)",
                                code="invalid_meld")
            continue
        if not rules.claim:
            what = "an exposed kong" if m.kind == "kong" else f"a {m.kind}"
            kong = " only a concealed kong of the four wilds (混杠) may hold it" if rules.concealed_kong \
                else " no meld may hold it"
            raise HandError(f"melds[{i}]: {T.name(wild_in[0])} is wild; a wild cannot be claimed into {what} "
                            f"({T.format_tiles(m.tiles)}; table.wilds.claim);{kong}", code="invalid_meld")
    if s.win_natural:
        if s.win_tile not in kinds:
            raise HandError(f"extras.{rules.face_up}: the winning tile is the face-up wild, but win_tile "
                            f"{T.name(s.win_tile)} is not a wild kind ({T.format_tiles(kinds) or 'none'})")
    elif s.win_tile in kinds and not s.self_drawn:
        if not rules.discard:
            raise HandError(f"win_tile {T.name(s.win_tile)} is wild and a wild is never discarded "
                            f"(table.wilds.discard: false): a win on it must be self-drawn",
                            reason="wild: never discarded")
        if not rules.win_on_discard:
            named = f"option {rules.win_on_discard_option}" if rules.win_on_discard_option else "false"
            raise HandError(f"win_tile {T.name(s.win_tile)} is wild: a discarded wild cannot be claimed, "
                            f"not even to win (table.wilds.win_on_discard: {named})", reason="wild: no discard win")
    if rules.copies < 4:
        for k in kinds:
            n = s.hand.count(k) + (s.win_tile == k and not s.win_natural) + sum(m.tiles.count(k) for m in s.melds)
            if n > rules.copies:
                face = f"; a win on it is extras.{rules.face_up}" if rules.face_up else ""
                raise HandError(f"too many copies of the wild {T.name(k)}: {n}, but only {rules.copies} are "
                                f"in play (table.wilds.copies: {rules.copies}; the face-up copy is not wild{face})",
                                code="too_many_copies", reason="no wild copy left")


def situation_kinds(named: tuple[int, ...], table) -> tuple[int, ...]:
    """The wild kinds of a situation that names ``named``: the table's fixed kinds when it names
    none; naming others than the fixed ones is refused."""
    rules = table.wilds
    if not rules.fixed or named == rules.fixed:
        return named
    if not named:
        return rules.fixed
    raise HandError(f"field 'wilds': {fixed_text(rules.fixed)}; the situation names "
                    f"{T.format_tiles(named)}, which is not wild here")


def fixed_text(kinds: tuple[int, ...]) -> str:
    """The fixed wild kinds as a message names them: "白 (5z) is the fixed wild (table.wilds.fixed)"."""
    named = ", ".join(f"{T.zh(k)} ({T.name(k)})" for k in kinds)
    return f"{named} {'is the fixed wild' if len(kinds) == 1 else 'are the fixed wilds'} (table.wilds.fixed)"


def check_kong_event(event, kinds: tuple[int, ...], rules: WildRules) -> None:
    """A record's ``kong`` event against ``table.wilds`` (``rules``) and the hand's wild
    ``kinds``: a kong of a wild kind the table forbids — an exposed or added kong without
    ``claim``, a concealed one without ``concealed_kong`` — is refused naming the event, the tile
    and the key, as a meld of it is in a situation (``check``)."""
    tile = T.tile(event.get("tile"))
    if tile not in kinds:
        return
    kind = event.get("kind")
    key = "concealed_kong" if kind == "concealed" else "claim"
    if not getattr(rules, key):
        raise SettlementError(f"{event.where()}: seat {event.seat}'s {kind} kong of {T.name(tile)}: {T.zh(tile)} "
                              f"({T.name(tile)}) is wild, and a wild can never be konged here "
                              f"(table.wilds.{key}: false)")


def face_up_win(extras, win_tile, table) -> bool:
    """Does the situation say its winning tile is the face-up copy (``table.wilds.face_up``)?"""
    face = table.wilds.face_up
    return face is not None and win_tile is not None and extras.get(face) is True


def completed(s, table):
    """A Situation object given as such, with the table's fixed kinds and face-up flag filled in."""
    kinds = situation_kinds(s.wilds, table)
    natural = face_up_win(s.extras, s.win_tile, table)
    if kinds == s.wilds and natural == s.win_natural:
        return s
    return replace(s, wilds=kinds, win_natural=natural)


def read_naturally(inp: ShapeInput, tile: int) -> ShapeInput:
    """``inp`` with one wild ``tile`` read as itself (the face-up copy taken as the winning tile)."""
    counts = list(inp.counts)
    counts[tile] += 1
    rest = list(inp.wild_tiles)
    rest.remove(tile)
    return replace(inp, counts=tuple(counts), wilds=inp.wilds - 1, wild_tiles=tuple(rest))


# ---------------------------------------------------------------- compiling table.wilds

def compile_wilds(table: Mapping, kinds, where, option_types: Mapping, options: Mapping,
                  extras=()) -> tuple[int, WildRules]:
    """YAML ``table.wilds`` (docs/formats.md: Wild tiles) as (max_kinds, WildRules), each key
    checked at its ``file:line`` (``where``); ``kinds``: the tile set's playable kinds;
    ``extras``: the compiled ``table.extras`` fields (inline or a plugin's declared ones)."""
    wilds = table.get("wilds", {})
    if not isinstance(wilds, Mapping):
        raise RulesetError(f"{where('table.wilds')}: 'table.wilds' must be a map like {{max_kinds: 1}}")
    for key in wilds:
        if key not in WILD_KEYS:
            raise RulesetError(f"{where('table.wilds.' + str(key))}: unknown key 'table.wilds.{shown(key)}'"
                               f"{did_you_mean(key, WILD_KEYS)}")

    def at(key: str) -> str:
        return f"{where('table.wilds.' + key)}: 'table.wilds.{key}'"

    fixed = _tiles(wilds, "fixed", kinds, at)
    max_kinds = wilds.get("max_kinds", len(fixed))
    if isinstance(max_kinds, bool) or not isinstance(max_kinds, int) or not 0 <= max_kinds <= 4:
        raise RulesetError(f"{at('max_kinds')} must be a whole number 0–4 (0: no wild tiles), got {describe(max_kinds)}")
    if len(fixed) > max_kinds:
        raise RulesetError(f"{at('fixed')} names {len(fixed)} kind(s), more than table.wilds.max_kinds ({max_kinds})")
    indicator = wilds.get("indicator", "same")
    if indicator not in INDICATORS:
        raise RulesetError(f"{at('indicator')} must be one of {', '.join(INDICATORS)}, got {show(indicator)}"
                           f"{did_you_mean(indicator, INDICATORS)}")
    if indicator == "next_two" and not fixed and max_kinds == 1:
        raise RulesetError(f"{at('indicator')}: next_two makes two kinds wild, but table.wilds.max_kinds is 1")
    cycle = _tiles(wilds, "dragon_cycle", None, at, DEFAULT_DRAGON_CYCLE)
    if sorted(cycle) != list(T.DRAGONS):
        raise RulesetError(f"{at('dragon_cycle')} must name the three dragons once each in play order "
                           f"(e.g. \"765z\"), got {show(wilds.get('dragon_cycle'))}")
    copies = wilds.get("copies", 4)
    if isinstance(copies, bool) or copies not in (3, 4):
        raise RulesetError(f"{at('copies')} must be 4 (every copy is wild) or 3 (the face-up copy is not), "
                           f"got {describe(copies)}")
    switches = {}
    for key, default in (("claim", True), ("concealed_kong", True), ("discard", True), ("fifth_copy", False)):
        switches[key] = wilds.get(key, default)
        if not isinstance(switches[key], bool):
            raise RulesetError(f"{at(key)} must be true or false, got {describe(switches[key])}")
    win_on_discard, option = _win_on_discard(wilds.get("win_on_discard", switches["discard"]), at,
                                             option_types, options)
    if win_on_discard and not switches["discard"]:
        raise RulesetError(f"{at('win_on_discard')} is true, but a wild is never discarded "
                           f"(table.wilds.discard: false)")
    face_up = wilds.get("face_up")
    if face_up is not None:
        bools = [f.name for f in extras if f.type == "bool"]
        if face_up not in bools:
            raise RulesetError(f"{at('face_up')} must name a bool key declared under table.extras, got "
                               f"{show(face_up)}{did_you_mean(face_up, bools)}")
        if copies != 3:
            raise RulesetError(f"{at('face_up')}: a face-up copy that is not wild needs table.wilds.copies: 3")
    name = wilds.get("name", "混")
    if not isinstance(name, str) or not 1 <= len(name) <= 4 or name != name.strip():
        raise RulesetError(f"{at('name')} must be the short word the family calls a wild, 1–4 characters "
                           f"(混, 金, 鬼, 癞子), got {describe(name)}")
    return max_kinds, WildRules(fixed, indicator, cycle, copies, switches["claim"], switches["concealed_kong"],
                                switches["discard"], win_on_discard, option, face_up, switches["fifth_copy"], name)


def _tiles(wilds: Mapping, key: str, kinds, at, default: str | None = None) -> tuple[int, ...]:
    """A key in tile notation (null or absent: ``default``), each kind in ``kinds`` when given;
    ``fixed`` as a sorted set, ``dragon_cycle`` in its order."""
    text = wilds.get(key) if wilds.get(key) is not None else default
    if text is None:
        return ()
    if not isinstance(text, str):
        raise RulesetError(f"{at(key)} must be tiles in notation like \"5z\", got {describe(text)}")
    try:
        tiles = T.parse_tiles(text)
    except MahjongError as e:
        raise RulesetError(f"{at(key)}: {e.message}") from None
    for t in tiles:
        if kinds is not None and t not in kinds:
            raise RulesetError(f"{at(key)}: {T.name(t)} is not a playable kind of the tile set")
    return tuple(sorted(set(tiles))) if key == "fixed" else tiles


def _win_on_discard(value, at, option_types: Mapping, options: Mapping) -> tuple[bool, str | None]:
    """true, false, or the name of a bool option that decides it (so a house overlay sets it
    under ``options:``): (the value, the option's name or None)."""
    if isinstance(value, bool):
        return value, None
    bools = [n for n, t in option_types.items() if t.type == "bool"]
    if not isinstance(value, str) or value not in bools:
        raise RulesetError(f"{at('win_on_discard')} must be true, false or the name of a bool option, got "
                           f"{show(value)}{did_you_mean(value, bools)}")
    return options[value], value
