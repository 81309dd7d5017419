"""The wall (docs/table.md "The wall"): the documented test vector, the algorithm as the page
states it reimplemented here from its words, and one wall for one seed and hand number."""
from __future__ import annotations

import hashlib
from collections import Counter

import pytest

from mahjong_core.engine import tiles as T
from mahjong_core.engine.errors import MahjongError
from mahjong_core.engine.table import WALL_VERSION, shuffle, tile_list

from table_play_helpers import guobiao


def test_the_test_vector_of_docs_table_md():
    wall = shuffle(tile_list(guobiao().table), 1, 0)
    assert [T.name(t) for t in wall[:10]] == ["3m", "2p", "9m", "2f", "7p", "1m", "5s", "5z", "3s", "7s"]
    assert WALL_VERSION == "sha256-fisher-yates/1"


def _documented(tiles: list[str], seed: int, hand: int) -> list[str]:
    """The shuffle exactly as docs/table.md words it, written apart from the package's code."""
    words, counter = [], 0

    def word() -> int:
        nonlocal counter
        if not words:
            digest = hashlib.sha256(f"mahjong-core/wall/1:{seed}:{hand}:{counter}".encode("ascii")).digest()
            words.extend(int.from_bytes(digest[k:k + 4], "big") for k in range(28, -1, -4))
            counter += 1
        return words.pop()

    out = list(tiles)
    for i in range(len(out) - 1, 0, -1):
        m = i + 1
        while True:
            u = word()
            if u < 2 ** 32 - 2 ** 32 % m:
                break
        j = u % m
        out[i], out[j] = out[j], out[i]
    return out


def _documented_tiles() -> list[str]:
    """standard_144 in the documented order: 34 kinds × 4 in kind order, then 1f … 8f."""
    kinds = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + [f"{r}z" for r in range(1, 8)]
    return [k for k in kinds for _ in range(4)] + [f"{r}f" for r in range(1, 9)]


@pytest.mark.parametrize("seed, hand", [(0, 0), (1, 0), (1, 1), (2 ** 63 - 1, 15), (123456789, 7)])
def test_the_wall_follows_the_documented_algorithm(seed, hand):
    assert [T.name(t) for t in tile_list(guobiao().table)] == _documented_tiles()
    assert [T.name(t) for t in shuffle(tile_list(guobiao().table), seed, hand)] == \
        _documented(_documented_tiles(), seed, hand)


def test_a_wall_holds_the_tile_set_and_differs_by_seed_and_hand():
    tiles = tile_list(guobiao().table)
    walls = {shuffle(tiles, seed, hand) for seed in range(3) for hand in range(3)}
    assert len(walls) == 9
    for w in walls:
        assert Counter(w) == Counter(tiles) and len(w) == 144
    assert shuffle(tiles, 5, 2) == shuffle(tiles, 5, 2)


@pytest.mark.parametrize("seed", [-1, 2 ** 63, 1.5, True, "1"])
def test_a_bad_seed_is_refused_by_name(seed):
    with pytest.raises(MahjongError, match="seed must be a whole number"):
        shuffle(tile_list(guobiao().table), seed, 0)
