"""Helpers of the table tests: explicit walls laid out for a scripted deal, a snapshot of
everything a refused action must leave alone, and passing every open claim window."""
from __future__ import annotations

import json
from collections import Counter
from functools import lru_cache

import mahjong_core
from mahjong_core.engine import tiles as T
from mahjong_core.engine.table import Deal, Table, tile_list

# seat 0 (dealer) lets 4m go; seat 1 may chow it, seat 2 pung it, seat 3 wins on it (七对)
PRIORITY = ["4m9m1p5p9p2s6s9s1z2z3z5z6z", "56m2468p1357s123z", "4478m13p2468s477z", "224m66p77p334499s"]


@lru_cache(maxsize=None)
def guobiao():
    return mahjong_core.load_ruleset("guobiao")


def wall(ruleset, hands: list[str], draws: str = "", tail: str = "") -> tuple[int, ...]:
    """A wall dealing ``hands`` (13 tiles per seat, dealer first: blocks of 4, 4, 4, then 1, in
    turn order; 16 tiles: then 3 more each), then ``draws`` from the front in order, ``tail`` from
    the back in order (its first tile is the wall's last); every other tile of the set in between."""
    seats = [list(T.parse_tiles(h)) for h in hands]
    size = len(seats[0])
    assert size in (13, 16) and all(len(h) == size for h in seats)
    front = []
    for start, take in ((0, 4), (4, 4), (8, 4), (12, 1), (13, 3))[:4 if size == 13 else 5]:
        for h in seats:
            front.extend(h[start:start + take])
    front.extend(T.parse_tiles(draws))
    back = list(T.parse_tiles(tail))
    rest = Counter(tile_list(ruleset.table))
    rest.subtract(front + back)
    assert all(n >= 0 for n in rest.values()), f"too many copies: {[T.name(t) for t, n in rest.items() if n < 0]}"
    middle = [t for t in sorted(rest) for _ in range(rest[t])]
    return tuple(front + middle + back[::-1])


def table(hands: list[str], draws: str = "", tail: str = "", ruleset=None, dealer: int = 0) -> Table:
    """A table on an explicit wall; ``hands`` by seat number (the deal starts at the dealer)."""
    rules = ruleset or guobiao()
    in_deal_order = [hands[(dealer + i) % 4] for i in range(4)]
    return Table(rules, Deal(tiles=wall(rules, in_deal_order, draws, tail), dealer=dealer))


def snapshot(t: Table) -> str:
    """Everything an action could change: the record, each seat's observation and legal actions."""
    return json.dumps({"record": t.record(), "seats": [t.observe(s).to_dict() for s in range(4)],
                       "legal": [[a.to_dict() for a in t.legal(s)] for s in range(4)],
                       "left": t.state.wall.left, "phase": t.state.phase}, sort_keys=True)


def pass_windows(t: Table) -> None:
    while t.state.phase in ("claim", "rob"):
        seat = t.to_move()[0]
        t.act({"type": "pass", "seat": seat})


def act(t: Table, seat: int, kind: str, tile: str | None = None) -> None:
    data = {"type": kind, "seat": seat}
    if tile is not None:
        data["tile"] = tile
    t.act(data)
