"""Tiles as small ints and the contract's notation (``123m456p11z1f``).

Layout: 0–8 characters 1m–9m, 9–17 dots 1p–9p, 18–26 bamboo 1s–9s, 27–33 honours 1z–7z
(winds E S W N, dragons white green red), 34–41 flowers 1f–8f. Ints keep hands as count
vectors and make the per-suit tables cheap to key.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable

from .errors import TileError, show

SUITS = "mpszf"
SUIT_BASE = {"m": 0, "p": 9, "s": 18, "z": 27, "f": 34}
SUIT_SIZE = {"m": 9, "p": 9, "s": 9, "z": 7, "f": 8}
NUM_KINDS = 34          # playable kinds (flowers excluded)
NUM_TILES = 42          # with flowers

WINDS = tuple(range(27, 31))
DRAGONS = tuple(range(31, 34))
HONORS = tuple(range(27, 34))
FLOWERS = tuple(range(34, 42))
TERMINALS = (0, 8, 9, 17, 18, 26)
WIND_LETTERS = "ESWN"

ALL_NAMES = tuple(f"{r}{s}" for s in SUITS for r in range(1, SUIT_SIZE[s] + 1))
_NAME_TO_TILE = {name: i for i, name in enumerate(ALL_NAMES)}

_UNICODE = {chr(0x1F000 + i): n for i, n in enumerate(
    ["1z", "2z", "3z", "4z", "7z", "6z", "5z"]
    + [f"{r}m" for r in range(1, 10)] + [f"{r}s" for r in range(1, 10)]
    + [f"{r}p" for r in range(1, 10)] + ["5f", "6f", "7f", "8f", "1f", "2f", "3f", "4f"])}


def suit(tile: int) -> str:
    return SUITS[tile // 9] if tile < 27 else ("z" if tile < 34 else "f")


def rank(tile: int) -> int:
    """1-based rank within the suit (honours 1–7, flowers 1–8)."""
    if tile < 27:
        return tile % 9 + 1
    return tile - 26 if tile < 34 else tile - 33


def is_number(tile: int) -> bool:
    return tile < 27


def is_honor(tile: int) -> bool:
    return 27 <= tile < 34


def is_flower(tile: int) -> bool:
    return tile >= 34


def name(tile: int) -> str:
    return ALL_NAMES[tile]


HONOR_ZH = "东南西北白发中"
SUIT_ZH = {"m": "万", "p": "筒", "s": "条"}


def zh(tile: int) -> str:
    """The kind's Chinese name, for messages naming a rule's tile (白 for 5z, 5万 for 5m)."""
    if is_honor(tile):
        return HONOR_ZH[tile - 27]
    return f"{rank(tile)}{SUIT_ZH.get(suit(tile), '花')}"


_GLYPHS = {n: ch for ch, n in _UNICODE.items()}


def glyph(tile: int) -> str:
    """The kind's Unicode mahjong tile (🀇 for 1m), as a terminal shows it."""
    return _GLYPHS[ALL_NAMES[tile]]


def tile(text: str) -> int:
    """One tile from its name, e.g. ``tile('5m') == 4``."""
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise TileError(f"expected exactly one tile, got '{_cut(text)}'")
    return tiles[0]


def _cut(text: str, limit: int = 60) -> str:
    """Notation as a message quotes it: a long string is cut, so an error stays readable."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def parse_tiles(text: str) -> tuple[int, ...]:
    """Parse notation into tile ints in written order; raises TileError naming the bad piece."""
    if not isinstance(text, str):
        raise TileError(f"tiles must be a string in notation like '123m55z', got {type(text).__name__}")
    return _parse_tiles(text)


_SIMPLE = re.compile(r"(?:[1-9]+[mps]|[1-7]+z|[1-8]+f)+")
_OFFSET = {"m": -1, "p": 8, "s": 17, "z": 26, "f": 33}


@lru_cache(maxsize=65536)
def _parse_tiles(text: str) -> tuple[int, ...]:
    if _SIMPLE.fullmatch(text):                 # the common case: plain, valid notation
        out: list[int] = []
        start = 0
        for i, ch in enumerate(text):
            if ch in _OFFSET:
                base = _OFFSET[ch]
                out.extend(base + int(d) for d in text[start:i])
                start = i + 1
        return tuple(out)
    text = "".join(_UNICODE.get(ch, ch) for ch in text)
    out = []
    pending: list[str] = []
    for pos, ch in enumerate(text):
        if ch.isspace():
            continue
        if ch.isdigit():
            pending.append(ch)
            continue
        letter = ch.lower() if ch in "MPSZF" else ch
        if letter not in SUIT_BASE:
            raise TileError(f"invalid tile character '{ch}' at position {pos + 1} of '{_cut(text)}'"
                            f" (tiles are digits followed by one of m p s z f, e.g. '123m')")
        if not pending:
            raise TileError(f"suit letter '{ch}' at position {pos + 1} of '{_cut(text)}' has no digits before it")
        for i, digit in enumerate(pending):
            tile_name = digit + letter
            if tile_name not in _NAME_TO_TILE:
                if digit == "0" and i:
                    # '10p' is a ten, written as the user wrote it, not as the '1p' and '0p' it parses to
                    raise TileError(f"invalid tile '{pending[i - 1]}{tile_name}' in '{_cut(text)}' (a tile is one "
                                    f"digit and its suit: {letter} runs 1–{SUIT_SIZE[letter]})")
                nearest = f"{min(max(int(digit), 1), SUIT_SIZE[letter])}{letter}"
                raise TileError(f"invalid tile '{tile_name}' in '{_cut(text)}' (did you mean '{nearest}'?"
                                f" {letter} runs 1–{SUIT_SIZE[letter]})")
            out.append(_NAME_TO_TILE[tile_name])
        pending = []
    if pending:
        raise TileError(f"digits '{''.join(pending)}' at the end of '{_cut(text)}' have no suit letter (m p s z f)")
    return tuple(out)


# each kind's suit letter and rank digit (bots and records write notation all the time)
_LETTER = tuple(suit(t) for t in range(NUM_TILES))
_DIGIT = tuple(str(rank(t)) for t in range(NUM_TILES))


def format_tiles(tiles: Iterable[int]) -> str:
    """Sorted notation, suits in the order m p s z f: ``format_tiles([4, 0]) == '15m'``."""
    out: list[str] = []
    current = None
    letter, digit = _LETTER, _DIGIT
    for t in sorted(tiles):
        s = letter[t]
        if s != current:
            if current is not None:
                out.append(current)
            current = s
        out.append(digit[t])
    if current is not None:
        out.append(current)
    return "".join(out)


def counts34(tiles: Iterable[int]) -> list[int]:
    c = [0] * NUM_KINDS
    for t in tiles:
        c[t] += 1
    return c


def parse_wind(value, field: str) -> int:
    """'E'/'S'/'W'/'N' (or 0–3) to 0–3."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3:
        return value
    if isinstance(value, str) and value.upper() in WIND_LETTERS and len(value) == 1:
        return WIND_LETTERS.index(value.upper())
    raise TileError(f"field '{field}': invalid wind {show(value)}; use one of E S W N", code="invalid_situation")
