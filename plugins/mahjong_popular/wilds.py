"""混 (hun) wild tiles: what popular's checks count of them.

The rules live in core (``mahjong_core.engine.wilds``, YAML ``table.wilds``): rulesets/popular.yaml has one
wild kind (``max_kinds: 1``), all four copies wild; a record's ``wild`` event names it directly
(``tile``) or by the turned-up ``indicator``, which makes the **next** tile wild (``indicator:
next``: 1→2→…→9→1, E→S→W→N→E, dragons along ``dragon_cycle``, ``"765z"``: 中 → 发 → 白 → 中);
``fixed`` makes a kind always wild; ``max_kinds: 0`` plays without wilds. Core refuses a meld
holding a wild kind (``claim: false``) unless it is a concealed kong of it (混杠,
``concealed_kong: true``), and a win on a discarded wild unless option ``win_on_discarded_wild``
(``win_on_discard`` names it).
"""
from __future__ import annotations

from typing import NamedTuple

from mahjong_core.plugin import wilds_held


class WildFacts(NamedTuple):
    """The wild kinds, wild tiles among the standing tiles + winning tile, and concealed kongs of
    a wild kind (混杠)."""

    kinds: tuple[int, ...]
    held: int
    kongs: int


def wild_facts(situation) -> WildFacts:
    """Count the hand's wilds (core has checked them against ``table.wilds``)."""
    kinds = situation.wilds
    kongs = sum(1 for m in situation.melds if m.kind == "kong" and m.concealed and m.tile in kinds)
    return WildFacts(kinds, wilds_held(situation), kongs)
