"""A family's flow at the table (``mahjong_table_flow``, ``TableFlow``): the steps it adds at the
deal and at the end of a hand, run on a ``TableHand`` (what a step may read and do), and the
events they return checked and written to the record. A ``wild`` event returned is read by the
table itself: its kinds (``table.wilds``) are the hand's wilds from then on."""
from __future__ import annotations

from collections.abc import Mapping

from .. import tiles as T
from .. import wilds as W
from ..errors import MahjongError, PluginError


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
    try:
        events = list(fn(TableHand(table)) or ())
    except MahjongError:
        raise
    except Exception as e:
        raise PluginError(f"table flow '{flow.id}' failed at the {step}: {type(e).__name__}: {e}") from e
    st = table.state
    for i, event in enumerate(events):
        if not isinstance(event, Mapping) or not isinstance(event.get("type"), str):
            raise PluginError(f"table flow '{flow.id}' at the {step}: event {i} must be an object with a "
                              f"'type', got {event!r}")
        event = dict(event)
        if event["type"] == "wild":
            st.wilds = _wild_kinds(table, event, flow.id)
        st.events.append(event)


def _wild_kinds(table, event: dict, flow_id: str) -> tuple[int, ...]:
    tile, indicator = event.get("tile"), event.get("indicator")
    try:
        return W.event_kinds(table.ruleset.table, tile=None if tile is None else T.tile(tile),
                             indicator=None if indicator is None else T.tile(indicator),
                             where=f"table flow '{flow_id}': wild event")
    except MahjongError as e:
        raise PluginError(e.message) from None
