"""A situation dict straight to a Situation and its counts, for the plain inputs that are most of
them; anything else goes through the ruleset's own parse.

``quick_parse`` accepts only what it can check completely: the fields below with values of
exactly the expected types, a hand in plain notation (digits then ``m``/``p``/``s``, or 1–7 then
``z``), melds already seen (each meld dict maps to the Meld the ruleset's parse gave it), flowers
as a count, no wilds, extras, void suit or the rarer flags (after a kong, robbing a kong, dealer,
first turn and the like). On such input it makes the checks ``Ruleset.parse`` makes that such
input can fail (the tile count, five copies, 和绝张 while holding another copy, the flowers'
number) and returns the same Situation; on any other input it returns None and the caller uses
``Ruleset.parse``, whose errors are the general path's.
"""
from __future__ import annotations

from types import MappingProxyType

from mahjong_core.plugin import Situation

from .compiled import compiled_reader

# suit letter -> rank digit -> tile
_RANKS = {suit: {str(r): base + r - 1 for r in range(1, 10 if suit != "z" else 8)}
          for suit, base in (("m", 0), ("p", 9), ("s", 18), ("z", 27))}
_ONE = {r + suit: t for suit, ranks in _RANKS.items() for r, t in ranks.items()}     # "5m" -> 4
_FIELDS = frozenset(("hand", "win_tile", "melds", "self_drawn", "seat_wind", "round_wind", "flowers",
                     "last_tile", "fourth_tile"))
_FLAGS = ("self_drawn", "last_tile", "fourth_tile")
_WINDS = {"E": 0, "S": 1, "W": 2, "N": 3}
_NO_EXTRAS = MappingProxyType({})


def read_hand(text) -> tuple | None:
    """(the tiles sorted, their 34 counts as a list) of plain notation, or None for anything
    else: ``plain_tiles``, the reference the compiled reader (``compiled.read_hand``) is held to."""
    tiles = plain_tiles(text)
    if tiles is None:
        return None
    counts = [0] * 34
    for t in tiles:
        counts[t] += 1
    return tuple(sorted(tiles)), counts


def plain_tiles(text) -> list | None:
    """The tiles of plain notation (``"123m55z"``: ranks, then their suit letter), or None for
    anything else. Read from the end, so each digit meets its suit's table."""
    if text.__class__ is not str:
        return None
    out: list = []
    ranks = None
    digits = False           # a digit read since the last suit letter
    for ch in reversed(text):
        suit = _RANKS.get(ch)
        if suit is not None:
            if ranks is not None and not digits:
                return None
            ranks, digits = suit, False
            continue
        t = None if ranks is None else ranks.get(ch)
        if t is None:
            return None
        out.append(t)
        digits = True
    return out if digits else None


class QuickParse:
    """One ruleset's quick parse, with the melds it has learnt from the ruleset's own parse."""

    def __init__(self, ruleset):
        self.ruleset = ruleset
        self.melds: dict = {}              # a meld dict's items -> the Meld the ruleset's parse made of it
        self.most_flowers = ruleset.table.bonus_copies or 8
        self.bonus = bool(ruleset.table.bonus)
        self.extras = ruleset.table.extra_defaults or _NO_EXTRAS
        self.read_hand = compiled_reader() or read_hand

    def parse(self, data):
        """(the Situation, the counts of its standing tiles and winning tile) of ``data``."""
        got = self.quick(data) if data.__class__ is dict and not self.ruleset.validators else None
        if got is not None:
            return got
        s = self.ruleset.parse(data)
        if data.__class__ is dict and data.get("melds") and len(self.melds) < 4096:
            for m, meld in zip(data["melds"], s.melds):
                try:
                    self.melds[tuple(m.items())] = meld
                except (AttributeError, TypeError):       # not a dict of hashable values: not learnt
                    pass
        counts = [0] * 34
        for t in s.hand:
            counts[t] += 1
        counts[s.win_tile] += 1
        return s, counts

    def quick(self, data: dict):
        """``parse`` of a plain ``data``, or None."""
        for key in data:
            if key not in _FIELDS:
                return None
        read = self.read_hand(data.get("hand"))
        win = data.get("win_tile")
        win = _ONE.get(win) if win.__class__ is str else None
        if read is None or win is None:
            return None
        hand, counts = read          # counts: the standing tiles, and the winning tile below
        flags = []
        for name in _FLAGS:
            value = data.get(name, False)
            if value is not False and value is not True:
                return None
            flags.append(value)
        self_drawn, last_tile, fourth_tile = flags
        winds = []
        for name in ("seat_wind", "round_wind"):
            wind = _WINDS.get(data.get(name, "E")) if data.get(name, "E").__class__ is str else None
            if wind is None:
                return None
            winds.append(wind)
        flowers = data.get("flowers", 0)
        if flowers.__class__ is not int or not 0 <= flowers <= self.most_flowers or (flowers and not self.bonus):
            return None
        melds_data = data.get("melds")
        if melds_data is None:
            melds_data = ()
        elif melds_data.__class__ is not list:
            return None
        melds = []
        for m in melds_data:
            if m.__class__ is not dict:
                return None
            try:
                meld = self.melds.get(tuple(m.items()))
            except TypeError:
                return None
            if meld is None or m.get("concealed", False).__class__ is not bool:
                return None
            melds.append(meld)
        if len(hand) + 3 * len(melds) != 13:
            return None
        counts[win] += 1
        held = counts
        if melds:
            held = counts[:]
            for meld in melds:
                for t in meld.tiles:
                    held[t] += 1
        if max(held) > 4 or (fourth_tile and win in hand):
            return None
        if "fourth_tile" in data and not fourth_tile and sum(m.tiles.count(win) for m in melds) == 3:
            return None
        s = Situation(hand=hand, melds=tuple(melds), win_tile=win, self_drawn=self_drawn,
                      seat_wind=winds[0], round_wind=winds[1], flower_count=flowers, last_tile=last_tile,
                      fourth_tile=fourth_tile, extras=self.extras)
        self.ruleset.engine.validate_situation(s, self.ruleset)
        return s, counts
