"""混 (hun) wild tiles: how the wild kind is chosen, and what a hand may do with it.

The popular ruleset has one wild kind; all four copies of it are wild. How that kind is chosen for a
game record is the settlement parameter ``wild_selection`` (rulesets/popular.yaml,
``settlement.params``):

* ``fixed`` — always the kind named by ``fixed_wild`` (e.g. ``"5z"``, White dragon).
* ``flip_next`` — a tile is turned up (the *indicator*, which stays out of play) and the **next**
  tile in sequence is wild: within a suit 1→2→…→9→1; winds E→S→W→N→E; dragons follow
  ``dragon_cycle`` (default ``"765z"``: 中 Red → 发 Green → 白 White → 中 Red, so a turned-up
  White makes Red wild).
* ``none`` — no wild tiles at all.

A game record names the wild with one ``wild`` event: ``{"type": "wild", "tile": "5m"}`` (the
wild kind itself) or ``{"type": "wild", "indicator": "4m"}`` (the turned-up tile; the rule above
gives the wild kind). A situation scored on its own names its wilds in the ``wilds`` field.

How many kinds a hand may name is the table's (``table.wilds.max_kinds``, checked by core). The
play rules (``wild_facts``) read one ruleset option, ``win_on_discarded_wild`` (false):
rulesets/popular.yaml declares it (``new_options``); a ruleset of its own that uses the popular
checks without it gets that default.
"""
from __future__ import annotations

from typing import Mapping

from mahjong_core import tiles as T
from mahjong_core.errors import HandError, RulesetError, SettlementError, show

SELECTIONS = ("fixed", "flip_next", "none")
DEFAULT_DRAGON_CYCLE = "765z"


def _dragon_cycle(text: str) -> tuple[int, ...]:
    cycle = T.parse_tiles(text)
    if sorted(cycle) != list(T.DRAGONS):
        raise RulesetError(f"'dragon_cycle' must name the three dragons once each (5z 6z 7z in "
                           f"play order), got '{text}'")
    return cycle


def next_tile(indicator: int, dragon_cycle: str = DEFAULT_DRAGON_CYCLE) -> int:
    """The tile after ``indicator`` in the flip-next order (9 wraps to 1, North to East, dragons
    along ``dragon_cycle``)."""
    if T.is_flower(indicator):
        raise HandError(f"a flower ({T.name(indicator)}) cannot indicate the wild tile")
    if indicator < 27:
        base = indicator - indicator % 9
        return base + (indicator % 9 + 1) % 9
    if indicator in T.WINDS:
        return 27 + (indicator - 27 + 1) % 4
    cycle = _dragon_cycle(dragon_cycle)
    return cycle[(cycle.index(indicator) + 1) % 3]


def wild_kinds(params: Mapping, *, tile: int | None = None, indicator: int | None = None,
               where: str = "wild") -> tuple[int, ...]:
    """The wild kinds of one hand under the selection ``params`` (``wild_selection``,
    ``fixed_wild``, ``dragon_cycle``), from what the table shows: the wild ``tile`` itself or
    the turned-up ``indicator`` (at most one of the two)."""
    selection = params.get("wild_selection", "flip_next")
    if selection not in SELECTIONS:
        raise RulesetError(f"'wild_selection' must be one of {', '.join(SELECTIONS)}, got "
                           f"{show(selection)}")
    if tile is not None and indicator is not None:
        raise SettlementError(f"{where}: give either 'tile' (the wild) or 'indicator', not both")
    if selection == "none":
        if tile is not None or indicator is not None:
            raise SettlementError(f"{where}: this ruleset plays without wild tiles "
                                  f"(wild_selection: none)")
        return ()
    if selection == "fixed":
        fixed = params.get("fixed_wild")
        if fixed is None:
            raise RulesetError("'wild_selection: fixed' needs 'fixed_wild' (e.g. '5z')")
        kind = T.tile(fixed)
        if indicator is not None:
            raise SettlementError(f"{where}: the wild is fixed ({T.name(kind)}); no indicator is turned up")
        if tile is not None and tile != kind:
            raise SettlementError(f"{where}: the wild is fixed as {T.name(kind)}, the record says "
                                  f"{T.name(tile)}")
        return (kind,)
    # flip_next
    if indicator is not None:
        return (next_tile(indicator, params.get("dragon_cycle") or DEFAULT_DRAGON_CYCLE),)
    if tile is not None:
        return (tile,)
    return ()


class WildFacts(tuple):
    """(kinds, held, kongs): the wild kinds, wild tiles among the standing tiles + winning tile,
    and concealed kongs of a wild kind (混杠)."""

    __slots__ = ()

    @property
    def kinds(self) -> tuple[int, ...]:
        return self[0]

    @property
    def held(self) -> int:
        return self[1]

    @property
    def kongs(self) -> int:
        return self[2]


def wild_facts(situation, options: Mapping) -> WildFacts:
    """Check the hand against the wild rules and count its wilds.

    A discarded wild cannot be chowed or ponged, and wilds are konged only from one's own draws:
    a meld holding a wild kind is invalid unless it is a concealed kong of that kind (混杠). A
    win on a discarded wild is refused unless option ``win_on_discarded_wild`` is true.
    """
    kinds = situation.wilds
    kongs = 0
    for i, m in enumerate(situation.melds):
        wild_in = [t for t in set(m.tiles) if t in kinds]
        if not wild_in:
            continue
        if m.kind == "kong" and m.concealed:
            kongs += 1
            continue
        what = "an exposed kong" if m.kind == "kong" else f"a {m.kind}"
        raise HandError(f"melds[{i}]: {T.name(wild_in[0])} is wild; a wild cannot be claimed into "
                        f"{what} ({T.format_tiles(m.tiles)}); only a concealed kong of the four wilds "
                        f"(混杠) may hold it", code="invalid_meld")
    if kinds and situation.win_tile in kinds and not situation.self_drawn \
            and not options.get("win_on_discarded_wild", False):
        raise HandError(f"win_tile {T.name(situation.win_tile)} is wild: a discarded wild cannot be "
                        f"claimed, not even to win (option win_on_discarded_wild)")
    held = sum(1 for t in situation.hand if t in kinds) + (situation.win_tile in kinds)
    return WildFacts((kinds, held, kongs))
