"""Tile notation (docs/formats.md): parsing, canonical output, errors that name the bad piece."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from mahjong_core import TileError, format_tiles, parse_tiles
from mahjong_core.engine import tiles as T

SETTINGS = settings(max_examples=300, deadline=None)


def test_layout_matches_the_contract():
    assert parse_tiles("1m9m1p9p1s9s") == (0, 8, 9, 17, 18, 26)
    assert parse_tiles("1234567z") == tuple(range(27, 34))
    assert parse_tiles("18f") == (34, 41)
    assert [T.name(t) for t in (4, 13, 22, 31, 32, 33)] == ["5m", "5p", "5s", "5z", "6z", "7z"]


def test_runs_share_their_suit_letter_and_spaces_are_ignored():
    assert parse_tiles("123m456p11z") == (0, 1, 2, 12, 13, 14, 27, 27)
    assert parse_tiles(" 1 2 3m  4 p ") == (0, 1, 2, 12)


def test_parse_keeps_written_order_format_sorts_m_p_s_z_f():
    assert parse_tiles("1z9m1m") == (27, 8, 0)
    assert format_tiles(parse_tiles("1f5z9s1p3m2m")) == "23m1p9s5z1f"
    assert format_tiles([]) == ""


def test_unicode_tiles_are_accepted():
    assert parse_tiles("🀇🀀🀄") == (0, 27, 33)


UNICODE_NAMES = {
    **{f"{w} WIND": f"{i}z" for i, w in enumerate(("EAST", "SOUTH", "WEST", "NORTH"), 1)},
    "WHITE DRAGON": "5z", "GREEN DRAGON": "6z", "RED DRAGON": "7z",
    **{f"{n} OF {suit}": f"{r}{letter}" for suit, letter in (("CHARACTERS", "m"), ("CIRCLES", "p"), ("BAMBOOS", "s"))
       for r, n in enumerate(("ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE"), 1)},
    # docs/formats.md: flowers 春 夏 秋 冬 梅 兰 竹 菊 are 1f … 8f
    "SPRING": "1f", "SUMMER": "2f", "AUTUMN": "3f", "WINTER": "4f",
    "PLUM": "5f", "ORCHID": "6f", "BAMBOO": "7f", "CHRYSANTHEMUM": "8f",
}


@pytest.mark.parametrize("codepoint", range(0x1F000, 0x1F02A), ids=lambda c: f"U+{c:X}")
def test_every_unicode_tile_maps_to_its_name(codepoint):
    import unicodedata
    ch = chr(codepoint)
    expected = UNICODE_NAMES[unicodedata.name(ch).removeprefix("MAHJONG TILE ")]
    assert format_tiles(parse_tiles(ch)) == expected


def test_unicode_joker_and_back_are_not_tiles():
    for ch in ("\U0001F02A", "\U0001F02B"):
        with pytest.raises(TileError):
            parse_tiles(ch)


def test_suit_views():
    assert (T.suit(0), T.suit(17), T.suit(26), T.suit(33), T.suit(34)) == ("m", "p", "s", "z", "f")
    assert (T.rank(0), T.rank(17), T.rank(27), T.rank(33), T.rank(41)) == (1, 9, 1, 7, 8)
    assert T.is_honor(27) and not T.is_honor(26) and T.is_flower(34) and T.is_number(26)
    assert T.tile("5p") == 13


@pytest.mark.parametrize("text, message", [
    ("0m", "invalid tile '0m' in '0m' (did you mean '1m'? m runs 1–9)"),
    ("8z", "invalid tile '8z' in '8z' (did you mean '7z'? z runs 1–7)"),
    ("9f", "invalid tile '9f' in '9f' (did you mean '8f'? f runs 1–8)"),
    ("m", "suit letter 'm' at position 1 of 'm' has no digits before it"),
    ("123", "digits '123' at the end of '123' have no suit letter (m p s z f)"),
    ("1x", "invalid tile character 'x' at position 2 of '1x' (tiles are digits followed by one of m p s z f,"
           " e.g. '123m')"),
])
def test_bad_notation_names_the_piece(text, message):
    with pytest.raises(TileError) as info:
        parse_tiles(text)
    assert info.value.code == "invalid_tile"
    assert info.value.message == message


def test_non_string_and_multi_tile_errors():
    with pytest.raises(TileError, match="must be a string"):
        parse_tiles(5)
    with pytest.raises(TileError, match="exactly one tile"):
        T.tile("12m")


def test_winds():
    assert [T.parse_wind(w, "seat_wind") for w in "ESWN"] == [0, 1, 2, 3]
    assert T.parse_wind("s", "seat_wind") == 1 and T.parse_wind(3, "x") == 3
    for bad in ("X", "EE", 4, True, None):
        with pytest.raises(TileError) as info:
            T.parse_wind(bad, "seat_wind")
        assert info.value.code == "invalid_situation" and "seat_wind" in info.value.message


tile_lists = st.lists(st.integers(0, 41), max_size=30)


@SETTINGS
@given(tile_lists)
def test_parse_of_format_is_the_sorted_tiles(tiles):
    assert parse_tiles(format_tiles(tiles)) == tuple(sorted(tiles))


@SETTINGS
@given(tile_lists, st.randoms(use_true_random=False))
def test_format_of_parse_is_canonical(tiles, rng):
    """Any way of writing the same tiles (any order, one letter per tile, spaces) formats the same."""
    shuffled = list(tiles)
    rng.shuffle(shuffled)
    loose = " ".join(T.name(t) for t in shuffled)
    canonical = format_tiles(tiles)
    assert format_tiles(parse_tiles(loose)) == canonical
    assert format_tiles(parse_tiles(canonical)) == canonical
    # canonical form: each suit letter at most once, in the order m p s z f
    letters = [ch for ch in canonical if ch.isalpha()]
    assert letters == sorted(set(letters), key="mpszf".index)


@SETTINGS
@given(st.text(alphabet="0123456789mpszfx []", max_size=20))
def test_any_text_parses_or_raises_tile_error(text):
    try:
        out = parse_tiles(text)
    except TileError as e:
        assert e.code == "invalid_tile" and e.message
    else:
        assert all(0 <= t < 42 for t in out)
