"""混 (hun) wild tiles: what popular's checks count of them, and the plugin's old selection API.

The rules live in core (``mahjong_core.wilds``, YAML ``table.wilds``): rulesets/popular.yaml has one
wild kind (``max_kinds: 1``), all four copies wild; a record's ``wild`` event names it directly
(``tile``) or by the turned-up ``indicator``, which makes the **next** tile wild (``indicator:
next``: 1→2→…→9→1, E→S→W→N→E, dragons along ``dragon_cycle``, ``"765z"``: 中 → 发 → 白 → 中);
``fixed`` makes a kind always wild; ``max_kinds: 0`` plays without wilds. Core refuses a meld
holding a wild kind (``claim: false``) unless it is a concealed kong of it (混杠,
``concealed_kong: true``), and a win on a discarded wild unless option ``win_on_discarded_wild``
(``win_on_discard`` names it).

``next_tile`` and ``wild_kinds`` keep the plugin's older API (the selection parameters
``wild_selection`` fixed | flip_next | none, ``fixed_wild``, ``dragon_cycle``) on top of core's.
"""
from __future__ import annotations

from typing import Mapping, NamedTuple

from mahjong_core import tiles as T
from mahjong_core import wilds as W
from mahjong_core.errors import HandError, RulesetError, show
from mahjong_core.hand import TableRules

SELECTIONS = ("fixed", "flip_next", "none")
DEFAULT_DRAGON_CYCLE = W.DEFAULT_DRAGON_CYCLE


def _dragon_cycle(text: str) -> tuple[int, ...]:
    cycle = T.parse_tiles(text)
    if sorted(cycle) != list(T.DRAGONS) or len(cycle) != 3:
        raise RulesetError(f"'dragon_cycle' must name the three dragons once each (5z 6z 7z in "
                           f"play order), got '{text}'")
    return cycle


def next_tile(indicator: int, dragon_cycle: str = DEFAULT_DRAGON_CYCLE) -> int:
    """The tile after ``indicator`` in the flip-next order (``mahjong_core.wilds.next_kind``)."""
    if T.is_flower(indicator):
        raise HandError(f"a flower ({T.name(indicator)}) cannot indicate the wild tile")
    return W.next_kind(indicator, _dragon_cycle(dragon_cycle))


def wild_kinds(params: Mapping, *, tile: int | None = None, indicator: int | None = None,
               where: str = "wild") -> tuple[int, ...]:
    """The wild kinds of one hand under the selection ``params`` (``wild_selection``,
    ``fixed_wild``, ``dragon_cycle``), from the wild ``tile`` itself or the turned-up
    ``indicator`` (at most one): core's ``event_kinds`` under the matching ``table.wilds``."""
    selection = params.get("wild_selection", "flip_next")
    if selection not in SELECTIONS:
        raise RulesetError(f"'wild_selection' must be one of {', '.join(SELECTIONS)}, got "
                           f"{show(selection)}")
    fixed = ()
    if selection == "fixed":
        if params.get("fixed_wild") is None:
            raise RulesetError("'wild_selection: fixed' needs 'fixed_wild' (e.g. '5z')")
        fixed = (T.tile(params["fixed_wild"]),)
    rules = W.WildRules(fixed=fixed, indicator="next",
                        dragon_cycle=_dragon_cycle(params.get("dragon_cycle") or DEFAULT_DRAGON_CYCLE))
    table = TableRules(max_wild_kinds=0 if selection == "none" else 1, wilds=rules)
    if tile is None and indicator is None:
        return fixed
    return W.event_kinds(table, tile=tile, indicator=indicator, where=where)


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
    return WildFacts(kinds, W.held(situation), kongs)
