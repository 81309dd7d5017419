"""The wall: the tiles of a ruleset's tile set, shuffled by a documented algorithm (docs/table.md
"The wall"), so one wall reproduces in any Python version and in any language.

The tile list is every playable kind of the tile set in kind order (1m … 9m, 1p … 9p, 1s … 9s,
1z … 7z), four copies each, then every bonus kind in kind order with its copies (1f … 8f once
each in ``standard_144``). The shuffle is Fisher–Yates from the last position down, each index
drawn without bias from a stream of 32-bit numbers cut from SHA-256 blocks of
``"mahjong-core/wall/1:<seed>:<hand>:<counter>"``. ``Python's random`` is never used.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from .. import tiles as T
from ..digest import sha256
from ..errors import MahjongError

WALL_VERSION = "sha256-fisher-yates/1"
_PREFIX = "mahjong-core/wall/1"
MAX_SEED = 2 ** 63 - 1          # a record's numbers fit in 63 bits


def check_seed(value, what: str) -> int:
    """A seed or hand number: a whole number 0 … 2^63 − 1."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SEED:
        raise MahjongError(f"the {what} must be a whole number 0 … 2^63 − 1, got {value!r}")
    return value


def number_stream(seed: int, hand: int, label: str = "") -> Iterator[int]:
    """32-bit unsigned numbers: SHA-256 of ``"<prefix>:<seed>:<hand>:<counter>"`` (ASCII, decimal
    numbers, counter 0, 1, 2 …), each digest read as eight big-endian 32-bit words in order.
    ``label`` (bots) makes a stream apart from the wall's: ``"<prefix>/<label>:…"``."""
    prefix = f"{_PREFIX}/{label}" if label else _PREFIX
    counter = 0
    while True:
        digest = sha256(f"{prefix}:{seed}:{hand}:{counter}".encode("ascii")).digest()
        for k in range(0, 32, 4):
            yield int.from_bytes(digest[k:k + 4], "big")
        counter += 1


def wall_key(tiles: Sequence[int]) -> int:
    """The seed an explicit wall stands for in a number stream: the first 8 bytes of SHA-256 of
    its tiles in notation (``"1m2m…"``, ASCII), big-endian, shifted right one bit (63 bits)."""
    digest = sha256("".join(T.name(t) for t in tiles).encode("ascii")).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def below(stream: Iterator[int], m: int) -> int:
    """A uniform number 0 … m − 1: the next word u below the largest multiple of m that fits in
    32 bits (words at or above it are skipped), then u mod m."""
    limit = 2 ** 32 - (2 ** 32 % m)
    while True:
        u = next(stream)
        if u < limit:
            return u % m


def tile_list(table) -> list[int]:
    """The tiles of a ruleset's table (``Ruleset.table``) in the documented order."""
    tiles = [k for k in sorted(table.kinds) for _ in range(4)]
    for kind, copies in sorted(table.bonus.items()):
        tiles.extend([kind] * copies)
    return tiles


def shuffle(tiles: Sequence[int], seed: int, hand: int) -> tuple[int, ...]:
    """Fisher–Yates: for i = n − 1 down to 1, swap position i with position ``below(stream, i + 1)``."""
    out = list(tiles)
    stream = number_stream(check_seed(seed, "seed"), check_seed(hand, "hand number"))
    for i in range(len(out) - 1, 0, -1):
        j = below(stream, i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out)


@dataclass(slots=True)
class Wall:
    """The shuffled tiles: draws from the front, replacements (bonus tiles, kongs) from the tail.
    ``reserve`` tiles at the tail are never drawn (0 in Guobiao: the wall is played out)."""

    tiles: tuple[int, ...]
    front: int = 0
    back: int = field(default=-1)
    reserve: int = 0
    _prefix: list | None = field(default=None, repr=False, compare=False)

    def __post_init__(self):
        if self.back == -1:
            self.back = len(self.tiles)

    @property
    def left(self) -> int:
        """Tiles that may still be drawn, from either end."""
        return max(0, self.back - self.front - self.reserve)

    def draw(self) -> int:
        tile = self.tiles[self.front]
        self.front += 1
        return tile

    def draw_tail(self) -> int:
        self.back -= 1
        return self.tiles[self.back]

    def remaining(self) -> tuple[int, ...]:
        """The tiles still in the wall, drawable or not."""
        return self.tiles[self.front:self.back]

    def remaining_counts(self) -> list[int]:
        """How many tiles of each kind ``remaining()`` holds (``remaining_packed`` unpacked)."""
        return list(self.remaining_packed().to_bytes(T.NUM_TILES, "little"))

    def counts(self) -> list[int]:
        """How many tiles of each kind the wall was dealt from (the tile set)."""
        return list(self.packed().to_bytes(T.NUM_TILES, "little"))

    def remaining_packed(self) -> int:
        """``remaining_counts`` packed, kind t at byte t: ``prefix[i]`` packs the counts of
        ``tiles[:i]`` (the tiles never change), so the slice front … back packs as
        ``prefix[back] − prefix[front]``. A wall holds at most 8 of a kind, so no byte carries;
        the invariants add these up after every action (invariants.py)."""
        prefix = self._prefix or self._prefix_packed()
        return prefix[self.back] - prefix[self.front]

    def packed(self) -> int:
        """The whole tile set's counts, packed as ``remaining_packed``."""
        return (self._prefix or self._prefix_packed())[-1]

    def _prefix_packed(self) -> list[int]:
        total = 0
        self._prefix = prefix = [total]
        for t in self.tiles:
            total += 1 << 8 * t
            prefix.append(total)
        return prefix
