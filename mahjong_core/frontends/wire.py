"""The texts every front end shares (the command line, the batch, the web API): hand notation in,
a JSON line in, strict JSON out. ``cli``, ``batch`` and ``web`` import them from here, so no front
end imports another."""
from __future__ import annotations

import json
import math
import re
import sys
from typing import Any

from mahjong_core.engine import tiles as T
from mahjong_core.engine.errors import HandError, MahjongError, RulesetError, TileError

MAX_LINE = 1 << 20          # bytes; a longer line is skipped unread and answered "line too long"
MAX_DEPTH = 8               # JSON nesting; a situation needs at most 4


# ---------------------------------------------------------------- hand notation
MELD_RE = re.compile(r"\[([^\]]*)\]")
_SOURCES = {"1": "left", "2": "across", "3": "right", "l": "left", "a": "across", "r": "right"}


def parse_notation(text: str) -> dict:
    """``[123m][555p,2][7777s]45m789s11z 6m`` → hand, melds, win tile.

    Brackets are melds: a chow or pung is melded; a kong in brackets is concealed unless a source
    follows the comma (1/2/3 = left/across/right). The last tile is the winning tile.
    """
    melds = []
    for body in MELD_RE.findall(text):
        tiles_text, _, source = body.partition(",")
        tiles = T.parse_tiles(tiles_text)
        if len(tiles) not in (3, 4):
            raise MahjongError(f"meld [{body}]: a meld has 3 tiles (a chow or a pung) or 4 (a kong), got "
                               f"{len(tiles)} ({tiles_text.strip()})", code="invalid_meld")
        kind = "chow" if len(set(tiles)) == 3 else ("kong" if len(tiles) == 4 else "pung")
        meld: dict[str, Any] = {"type": kind, "tiles": tiles_text.strip()}
        source = source.strip().lower()
        if source:
            if source not in _SOURCES:
                raise TileError(f"meld [{body}]: source must be 1, 2 or 3 (left, across, right)")
            meld["from"] = _SOURCES[source]
        if kind == "kong":
            meld["concealed"] = not source
        melds.append(meld)
    rest = MELD_RE.sub(" ", text)
    if "[" in rest or "]" in rest:
        raise TileError(f"unbalanced brackets in '{text}'")
    standing = T.parse_tiles(rest)
    if not standing:
        raise TileError(f"no standing tiles in '{text}': the last tile written is the winning tile")
    return {"hand": T.format_tiles(standing[:-1]), "melds": melds, "win_tile": T.name(standing[-1])}


def parse_hand(text: str) -> dict:
    """``[123m][555p,2]45m789s11z`` → standing tiles and melds, no winning tile (a hand to ask
    waits or analysis of)."""
    melds = parse_notation(text + " 1m")["melds"] if "[" in text else []   # a stand-in winning tile, dropped
    return {"hand": MELD_RE.sub(" ", text), "melds": melds}


# ---------------------------------------------------------------- strict JSON out
def dumps(data) -> str:
    """One line of strict JSON: NaN and Infinity are not JSON, and most readers refuse them. Text
    that cannot be encoded (a lone surrogate echoed back from the input) is escaped."""
    try:
        text = json.dumps(data, ensure_ascii=False, allow_nan=False)
    except ValueError:
        raise RulesetError("the output holds a number JSON cannot carry (infinite or not a number): the "
                           "ruleset's points or amounts overflow") from None
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(data, allow_nan=False)
    return text


# ---------------------------------------------------------------- a JSON line in
class _NumberError(ValueError):
    """A number strict JSON cannot carry (NaN, Infinity, a float out of range)."""


def _refuse_constant(name: str):
    raise _NumberError(f"'{name}' is not a number: JSON allows no NaN or infinity")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NumberError(f"{text} is out of range: JSON allows no NaN or infinity")
    return value


_DECODE = json.JSONDecoder(parse_constant=_refuse_constant, parse_float=_finite).decode
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"?', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def parse_line(line: bytes | str | None):
    """One input line → its JSON value; a line that cannot be read is a ``HandError``.

    ``None`` stands for a line longer than ``MAX_LINE`` (never read whole). Nesting is checked
    before parsing, on a cheap count of brackets first."""
    if line is None:
        raise HandError(f"line too long: over {MAX_LINE} bytes")
    if line.__class__ is bytes:
        try:
            line = line.decode()
        except UnicodeDecodeError as e:
            raise HandError(f"line is not UTF-8: byte 0x{line[e.start]:02x} at offset {e.start}") from None
    if line.count("[") + line.count("{") > MAX_DEPTH:
        _check_depth(line)
    try:
        return _DECODE(line)
    except json.JSONDecodeError as e:
        raise HandError("empty line" if not line.strip() else f"not valid JSON: {e}") from None
    except _NumberError as e:
        raise HandError(str(e)) from None
    except ValueError:          # an integer past sys.set_int_max_str_digits
        raise HandError(f"a number has more than {sys.get_int_max_str_digits()} digits") from None


def _check_depth(line: str) -> None:
    """Refuse nesting past MAX_DEPTH, brackets inside strings aside (json.loads would recurse).
    Linear in the line: a string runs to its closing quote or, unclosed, as far as it goes."""
    depth = 0
    for ch in _NOT_BRACKET.sub("", _STRING.sub("", line)):
        if ch == "[" or ch == "{":
            depth += 1
            if depth > MAX_DEPTH:
                raise HandError(f"JSON nested deeper than {MAX_DEPTH} levels (a situation needs at most 4)")
        else:
            depth -= 1
