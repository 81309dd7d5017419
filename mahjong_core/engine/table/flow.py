"""A family's flow at the table (``mahjong_table_flow``, ``TableFlow``): the steps it adds at the
deal and at the end of a hand, run on a ``TableHand`` (what a step may read and do), and the
events they return checked and written to the record. A ``wild`` event returned is read by the
table itself: its kinds (``table.wilds``) are the hand's wilds from then on; so is a ``void``
event (定缺): that seat's void suit."""
from __future__ import annotations

from collections.abc import Mapping

from .. import tiles as T
from .. import wilds as W
from ..errors import MahjongError, PluginError
from .wall import below, number_stream, wall_key

VOID_SUITS = ("m", "p", "s")


class TableHand:
    """The hand as a flow step sees it: the ruleset, the seats, the dealer (and his streak), who won, the wild
    kinds, the wall's tiles left, each seat's tiles, and the one move a step makes: turning up
    the tile at the wall's tail (face up, out of play: an indicator, a horse)."""

    __slots__ = ("_table",)

    def __init__(self, table):
        self._table = table

    @property
    def ruleset(self):
        return self._table.ruleset

    @property
    def seats(self) -> int:
        return self._table.rules.seats

    @property
    def dealer(self) -> int:
        return self._table.state.deal.dealer

    @property
    def dealer_streak(self) -> int:
        """Hands the dealer already kept the deal (the record's ``dealer_streak``)."""
        return self._table.state.deal.dealer_streak

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(self._table.state.winners)

    @property
    def wilds(self) -> tuple[int, ...]:
        return self._table.state.wilds

    @property
    def wall_left(self) -> int:
        """Tiles that may still be drawn (the reserve not counted)."""
        return self._table.state.wall.left

    @property
    def events(self) -> tuple[dict, ...]:
        """The record events written so far (copies)."""
        return tuple(dict(e) for e in self._table.state.events)

    @property
    def voids(self) -> dict[int, str]:
        """Each seat's declared void suit (``m``, ``p`` or ``s``), once declared."""
        return dict(self._table.state.voids)

    def concealed(self, seat: int) -> tuple[int, ...]:
        """``seat``'s concealed tiles, sorted."""
        return tuple(self._table.state.seats[seat].tiles())

    def move(self, tiles, source: int, target: int) -> None:
        """Pass concealed ``tiles`` from seat ``source`` to seat ``target`` (换三张); an error
        naming the flow when ``source`` does not hold them."""
        st = self._table.state
        given, got = st.seats[source].counts, st.seats[target].counts
        need = [t for t in tiles]
        for t in set(need):
            if given[t] < need.count(t):
                raise MahjongError(f"table flow '{self._table.flow.id}': seat {source} holds "
                                   f"{given[t]} {T.name(t)}, cannot pass {need.count(t)}")
        for t in need:
            given[t] -= 1
            got[t] += 1

    def draw_lots(self, label: str, choices: int) -> int:
        """A number below ``choices`` drawn from the deal: the SHA-256 stream of the seed and hand
        number (``wall.number_stream`` under ``label``), or for an explicit wall of its tiles, so a
        replay draws the same (e.g. 换三张's random direction)."""
        deal = self._table.state.deal
        if deal.tiles is None:
            stream = number_stream(deal.seed, deal.hand, f"flow/{label}")
        else:
            stream = number_stream(wall_key(deal.tiles), deal.hand, f"flow/{label}")
        return below(stream, choices)

    def holds(self, seat: int) -> tuple[int, ...]:
        """``seat``'s concealed tiles and its melds' tiles, sorted."""
        me = self._table.state.seats[seat]
        return tuple(sorted(me.tiles() + [t for m in me.melds for t in m.tiles]))

    def turn_up(self) -> int:
        """The tile at the wall's tail, turned face up and out of play (the reserve included); an
        error naming the flow when the wall holds none."""
        st = self._table.state
        if not st.wall.remaining():
            raise MahjongError(f"table flow '{self._table.flow.id}': no tile left in the wall to turn up")
        tile = st.wall.draw_tail()
        st.turned.append(tile)
        return tile


def run(table, step: str) -> None:
    """Run the flow's ``step`` (``deal`` or ``end``) and write the events it returns."""
    flow = table.flow
    fn = getattr(flow, step) if flow is not None else None
    if fn is None:
        return
    write(table, call(table, fn, f"the {step}", TableHand(table)), f"the {step}")


def call(table, fn, where: str, *args):
    """``fn(*args)`` of the flow as a list; anything but a ``MahjongError`` is a ``PluginError``."""
    try:
        return list(fn(*args) or ())
    except MahjongError:
        raise
    except Exception as e:
        raise PluginError(f"table flow '{table.flow.id}' failed at {where}: {type(e).__name__}: {e}") from e


def write(table, events: list, step: str) -> None:
    """Check the events a flow step returned and write them; read the ``wild`` and ``void`` ones."""
    flow, st = table.flow, table.state
    for i, event in enumerate(events):
        if not isinstance(event, Mapping) or not isinstance(event.get("type"), str):
            raise PluginError(f"table flow '{flow.id}' at the {step}: event {i} must be an object with a "
                              f"'type', got {event!r}")
        event = dict(event)
        if event["type"] == "wild":
            st.wilds = _wild_kinds(table, event, flow.id)
        elif event["type"] == "void" and table.ruleset.table.void_suit:
            st.voids[_void_seat(table, event, flow.id)] = event["suit"]
        st.events.append(event)


def _void_seat(table, event: dict, flow_id: str) -> int:
    seat, suit = event.get("seat"), event.get("suit")
    if not isinstance(seat, int) or not 0 <= seat < table.rules.seats or suit not in VOID_SUITS:
        raise PluginError(f"table flow '{flow_id}': a void event names a 'seat' and a 'suit' "
                          f"({', '.join(VOID_SUITS)}), got {event!r}")
    return seat


def _wild_kinds(table, event: dict, flow_id: str) -> tuple[int, ...]:
    tile, indicator = event.get("tile"), event.get("indicator")
    try:
        return W.event_kinds(table.ruleset.table, tile=None if tile is None else T.tile(tile),
                             indicator=None if indicator is None else T.tile(indicator),
                             where=f"table flow '{flow_id}': wild event")
    except MahjongError as e:
        raise PluginError(e.message) from None
