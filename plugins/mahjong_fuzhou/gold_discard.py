"""The gold-discard rule (打金), checked over a record's events.

A record names the gold with its ``wild`` event (``tile``, or ``indicator``: Fuzhou's gold is
the turned tile's own kind) and may list discards as ``{"type": "discard", "seat": S, "tile":
T}``; only discards of the gold matter. ``options.gold_discard``:

* ``forbidden`` (revised line, the seed's system setting): a discarded gold is an error;
* ``self_draw_only_rest_of_hand`` (classic): the discarder may win only by self-draw for the
  rest of the hand;
* ``self_draw_only_rest_of_round`` (the seed's rule text, 本圈内): the same until that
  player's next discard.

Whatever the rule, a discarded gold cannot be won on.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from mahjong_core import tiles as T
from mahjong_core.errors import NotWinningError, SettlementError

from .options import option


def gold_of(event) -> int:
    """The gold kind a ``wild`` event names (its own kind, whether given as tile or indicator)."""
    return T.tile(event.get("tile") or event.get("indicator"))


def check_gold_discards(events: Iterable, options: Mapping | None = None) -> dict[int, int]:
    """Raise on a discarded gold the rule forbids, a win on a discarded gold, or a discard win
    by a player the rule restricts to self-draw. Returns seat → index of the gold discard that
    still restricts him at the end of the record."""
    rule = option(options, "gold_discard")
    gold = None
    restricted: dict[int, int] = {}
    last_discard = None                 # (seat, tile) of the latest discard
    for e in events:
        if e.type == "wild":
            gold = gold_of(e)
        elif e.type == "discard":
            tile = T.tile(e.get("tile"))
            seat = e.seat
            if rule == "self_draw_only_rest_of_round":
                restricted.pop(seat, None)
            last_discard = (seat, tile)
            if tile != gold:
                continue
            if rule == "forbidden":
                raise SettlementError(f"{e.where()}: seat {seat} discards {T.name(tile)}, the gold (金); golds "
                                      f"may not be discarded in this ruleset (options.gold_discard: forbidden)")
            restricted[seat] = e.index
        elif e.type == "win":
            frm = e.get("from")
            if frm is None:
                continue
            sit = e.get("situation") or {}
            if last_discard == (frm, gold) and sit.get("win_tile") is not None \
                    and T.tile(sit["win_tile"]) == gold:
                raise SettlementError(f"{e.where()}: the winning tile {T.name(gold)} is the gold seat {frm} "
                                      f"discarded; a discarded gold cannot be claimed or won on")
            if e.seat in restricted:
                raise NotWinningError(
                    f"{e.where()}: seat {e.seat} discarded the gold {T.name(gold)} at events["
                    f"{restricted[e.seat]}] and may win only by self-draw "
                    f"{'until his next discard' if rule == 'self_draw_only_rest_of_round' else 'for the rest of the hand'}"
                    f" (options.gold_discard: {rule})")
        elif e.type == "kong":
            last_discard = None
    return restricted
