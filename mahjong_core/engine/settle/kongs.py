"""The kong book (docs/formats.md: Record, kongs): each seat's kongs in the order they were
made, their chains, and the added kongs robbed before they completed.

* A kong event with ``after_kong: true`` was made on the replacement tile of the same seat's
  kong just before it (the record's parser has checked that); a seat's **chain** is a maximal
  run of its kongs linked that way.
* A **robbed** added kong is the ``kong`` event right before the ``win`` event(s) with
  ``situation.robbing_kong`` and ``from`` = that kong's seat. It never completes: it is not in
  the book, so it earns nothing and feeds nothing.
* A win whose situation has ``after_kong`` = n (``true`` = 1) was drawn on the replacement tile
  of the winner's last n kongs, which must form one chain; the player who **fed** it is the
  ``from`` of the chain's first kong when that kong is exposed (点杠花, 杠爆全包).
* A record must show the kong such a win follows or robs (``check_kong_wins``): a robbing win
  needs the robbed seat's kong just before it, a win after a kong its winner's own kong as the
  last kong before it. The one exception is ``table.bonus_replacement_bloom``: a win on the tile
  drawn for a set-aside bonus tile (莲花's 红中), written ``after_kong`` with that tile among
  ``flowers``, follows no kong.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .. import tiles as T
from ..errors import MahjongError, SettlementError, show
from ..records import Event, Record


@dataclass(slots=True)
class Kong:
    """One completed kong. ``on_kong``: made on the replacement tile of the seat's previous
    kong; ``income``: the (payer, amount) a rule recorded for it, for refunds and transfers."""

    seat: int
    kind: str                   # concealed | exposed | added
    tile: int
    event: Event
    on_kong: bool = False
    income: list[tuple[int, Any]] = field(default_factory=list)

    @property
    def feeder(self) -> int | None:
        """The discarder of an exposed kong; None for the others."""
        return self.event.get("from") if self.kind == "exposed" else None

    @property
    def label(self) -> str:
        return f"{self.kind} kong {T.name(self.tile)}"


def _one_tile(text) -> int | None:
    try:
        tiles = T.parse_tiles(text) if isinstance(text, str) else ()
    except MahjongError:
        return None
    return tiles[0] if len(tiles) == 1 else None


def robbed_kongs(record: Record, robbable: tuple[str, ...] = ("added",)) -> set[int]:
    """Indices of the kongs a following robbing-kong win took (module doc): added kongs, or the
    ``robbable`` kinds of a rule that lets exposed kongs be robbed too (明杠可抢). A robbing win
    with no kong of the robbed seat just before it, one after another kind of kong, or a kong of
    another tile, is an error naming the win."""
    robbed = set()
    events = record.events
    for e in events:
        sit = e.get("situation") if e.type == "win" else None
        if not isinstance(sit, dict) or not sit.get("robbing_kong"):
            continue
        victim = e.get("from")
        if victim is None:
            raise SettlementError(f"{e.where()}: a robbing-kong win names the robbed player in 'from'")
        j = e.index - 1
        while j >= 0 and events[j].type == "win" and events[j].get("from") == victim:
            j -= 1
        if j < 0 or events[j].type != "kong" or events[j].seat != victim:
            raise SettlementError(f"{e.where()}: situation.robbing_kong: seat {e.seat} robs seat {victim}'s kong "
                                  f"of {sit.get('win_tile')}, but the event just before is "
                                  + ("none" if j < 0 else f"{events[j].where()}, not a kong of seat {victim}")
                                  + f" (the robbed kong is a kong event of seat {victim} right before the "
                                    f"robbing win)")
        k = events[j]
        if k.get("kind") not in robbable or _one_tile(k.get("tile")) != _one_tile(sit.get("win_tile")):
            what = "an added kong (面下杠)" if robbable == ("added",) else f"a {' or '.join(robbable)} kong"
            raise SettlementError(f"{e.where()}: only {what} can be robbed; "
                                  f"{k.where()} is a {k.get('kind')} kong of {k.get('tile')}, the "
                                  f"robbing win takes {sit.get('win_tile')}")
        robbed.add(j)
    return robbed


def _after_kong(sit) -> int:
    """A win situation's ``after_kong`` as a count (0: not on a replacement tile); a value
    that is neither a flag nor a count is an error the caller names."""
    n = sit.get("after_kong") if isinstance(sit, dict) else None
    if not n:
        return 0
    if n is True:
        return 1
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(n)
    return n


def _kong_before(record: Record, win: Event, robbed: set[int]) -> Event | None:
    """The completed kong the win was drawn after: the last kong event before it, when it is
    the winner's own, not robbed, and no other win comes between; else None."""
    for e in reversed(record.events[:win.index]):
        if e.type == "win":
            return None
        if e.type == "kong":
            return e if e.seat == win.seat and e.index not in robbed else None
    return None


def _bonus_bloom(sit) -> bool:
    """Does the situation list a set-aside bonus tile (``flowers``, as tiles or a number)?"""
    flowers = sit.get("flowers")
    return bool(flowers) and not isinstance(flowers, bool)


def check_kong_wins(record: Record, robbed: set[int], bonus_bloom: bool = False) -> None:
    """Every win with ``situation.after_kong`` = n follows its winner's kong (module doc): the
    last kong event before it is the winner's own, completed, with no other win between, and
    the record shows at least n of his completed kongs by then; otherwise an error naming the
    win. ``robbed``: the kongs robbing wins took (``robbed_kongs``, which checks the robbing
    side); ``bonus_bloom``: ``table.bonus_replacement_bloom``, under which a win listing a bonus
    tile in ``flowers`` may follow none."""
    for win in record.of_type("win"):
        sit = win.get("situation")
        try:
            n = _after_kong(sit)
        except ValueError:
            raise SettlementError(f"{win.where()}: situation.after_kong must be true/false or a count of kongs, "
                                  f"got {show(sit.get('after_kong'))}") from None
        if not n:
            continue
        last = _kong_before(record, win, robbed)
        if last is None:
            if bonus_bloom and _bonus_bloom(sit):
                continue
            bonus = (" or, under table.bonus_replacement_bloom, a set-aside bonus tile in 'flowers'"
                     if bonus_bloom else "")
            raise SettlementError(f"{win.where()}: situation.after_kong says seat {win.seat} won on a kong's "
                                  f"replacement tile, but the last kong before the win is not a completed kong "
                                  f"of seat {win.seat} (the win needs its own kong event just before it{bonus})")
        own = sum(1 for e in record.events[:win.index]
                  if e.type == "kong" and e.seat == win.seat and e.index not in robbed)
        if own < n:
            raise SettlementError(f"{win.where()}: situation.after_kong is {n}, but the record shows {own} "
                                  f"completed kong(s) of seat {win.seat} before the win")


class KongBook:
    """Every completed kong of one record, in order (module doc)."""

    def __init__(self, record: Record, robbable: tuple[str, ...] = ("added",)):
        self.record = record
        self.robbed = robbed_kongs(record, robbable)
        self.kongs: list[Kong] = []

    def add(self, event: Event) -> Kong | None:
        """Book a kong event: the new ``Kong``, or None when it was robbed. An exposed kong names
        its discarder in ``from``; the others have none."""
        kind, feeder = event.get("kind"), event.get("from")
        if kind == "exposed" and feeder is None:
            raise SettlementError(f"{event.where()}: an exposed kong names the discarder in 'from'")
        if kind != "exposed" and feeder is not None:
            raise SettlementError(f"{event.where()}: only an exposed kong has 'from' (a {kind} kong uses the "
                                  f"owner's own tile)")
        if event.index in self.robbed:
            return None
        kong = Kong(event.seat, kind, T.tile(event.get("tile")), event, bool(event.get("after_kong")))
        self.kongs.append(kong)
        return kong

    def of(self, seat: int) -> list[Kong]:
        return [k for k in self.kongs if k.seat == seat]

    def chain(self, win: Event, situation=None) -> list[Kong] | None:
        """The kongs the win was drawn on: the winner's last n, n its ``after_kong``; None when
        the win is not on a replacement tile or the record shows fewer than n kongs of the
        winner. Kongs that do not form exactly that chain are an error naming the win."""
        sit = win.get("situation") if situation is None else situation
        n = sit.get("after_kong") if sit else None
        if not n:
            return None
        if n is not True and (not isinstance(n, int) or n < 0):
            raise SettlementError(f"{win.where()}: situation.after_kong must be true/false or a count of kongs, "
                                  f"got {show(n)}")
        n = 1 if n is True else n
        own = self.of(win.seat)
        if len(own) < n or own[-1].event is not _kong_before(self.record, win, self.robbed):
            return None         # not drawn after the winner's kong (table.bonus_replacement_bloom)
        chain = own[-n:]
        broken = next((k for k in chain[1:] if not k.on_kong), None)
        if broken is not None:
            raise SettlementError(f"{win.where()}: situation.after_kong is {n}, but seat {win.seat}'s kong at "
                                  f"{broken.event.where()} was not made on the replacement tile of the one "
                                  f"before (its 'after_kong' is not true)")
        if chain[0].on_kong:
            raise SettlementError(f"{win.where()}: situation.after_kong is {n}, but seat {win.seat}'s kong at "
                                  f"{chain[0].event.where()} was made on the replacement tile of an earlier "
                                  f"kong, so the chain is longer")
        return chain

    def feeder(self, win: Event, situation=None) -> int | None:
        """Who fed the kong this win was drawn on: the ``from`` of the chain's first kong when it
        is exposed; None otherwise (module doc)."""
        chain = self.chain(win, situation)
        return chain[0].feeder if chain else None
