"""The Guangdong tile sets beyond core's ``standard_136``: 包's 108, 100张, a room without 万, and
莲花's 136 with the 红中 set aside ([L], [W], [C]; README.md)."""
from __future__ import annotations

from mahjong_core.plugin import TileSet

_HONOURS = frozenset(range(27, 34))

TILE_SETS = [
    # 包: 万 only 1 and 9, 筒 and 条 1–9, the seven honours: 27 kinds × 4 = 108
    TileSet("guangdong_108", frozenset({0, 8}) | frozenset(range(9, 27)) | _HONOURS, False,
            "108 tiles: 1m 9m, dots, bamboo, honours (广东 包)"),
    # 100张: 万 and 条 1–9 and the seven honours, no 筒: 25 kinds × 4 = 100
    TileSet("guangdong_100", frozenset(range(0, 9)) | frozenset(range(18, 27)) | _HONOURS, False,
            "100 tiles: characters, bamboo, honours, no dots (广东100张)"),
    # a room without 万 (gofishing's tiles option no_wan; 54993306/Python_FileDispose's 100张 client): 筒 and 条 1–9 and the seven honours,
    # 25 kinds × 4 = 100
    TileSet("guangdong_no_wan", frozenset(range(9, 34)), False,
            "100 tiles: dots, bamboo, honours, no characters (广东 无万)"),
    # 莲花: the 136 tiles, the four 红中 bonus tiles set aside and replaced (situation ``flowers``)
    TileSet("lianhua_136", frozenset(range(34)) - {33}, doc="136 tiles, the four 红中 are bonus tiles (莲花广麻)",
            bonus={33: 4}),
]
