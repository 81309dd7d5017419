"""A family's flow at the table (``mahjong_table_flow``, ``TableFlow``): the steps it adds at the
deal and at the end of a hand, run on a ``TableHand`` (what a step may read and do), and the
events they return checked and written to the record. A ``wild`` event returned is read by the
table itself: its kinds (``table.wilds``) are the hand's wilds from then on."""
from __future__ import annotations

from collections.abc import Mapping

from .. import tiles as T
from .. import wilds as W
from ..errors import MahjongError, PluginError
from . import situation


class TableHand:
    """The hand as a flow step sees it: the ruleset, the seats, the dealer (and his streak), who won, the wild
    kinds, the wall's tiles left, each seat's tiles and waits, the actions so far, and the one move
    a step makes: turning up a tile of the wall (face up, out of play: an indicator, a horse)."""

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

    @property
    def actions(self) -> tuple:
        """The actions taken so far, in order (``Action``: ``kind``, ``seat``, ``tile``): what a
        step reads of the play, e.g. the opening discards (跟庄) or a seat's last claim."""
        return tuple(self._table.state.actions)

    def waits(self, seat: int) -> tuple[int, ...]:
        """The kinds that would complete ``seat``'s hand of 3n+1 tiles (its melds included):
        empty when it is not ready (听牌)."""
        return situation.waits(self._table.ruleset, self._table.state, seat, self._table._waits)

    def turn_up(self, head: bool = False) -> int:
        """The tile at the wall's tail (the reserve included), turned face up and out of play; with
        ``head``, the next tile a draw would take (never the reserve). An error naming the flow
        when there is none."""
        st = self._table.state
        if not (st.wall.left if head else st.wall.remaining()):
            raise MahjongError(f"table flow '{self._table.flow.id}': no tile left in the wall to turn up")
        tile = st.wall.draw() if head else st.wall.draw_tail()
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


def win_extras(table, seat: int) -> dict:
    """The ``extras`` the flow gives ``seat``'s winning situation (``TableFlow.win_extras``), checked."""
    fn = table.flow.win_extras if table.flow is not None else None
    if fn is None:
        return {}
    try:
        got = fn(TableHand(table), seat)
    except MahjongError:
        raise
    except Exception as e:
        raise PluginError(f"table flow '{table.flow.id}' failed giving a win's extras: {type(e).__name__}: {e}") from e
    if got is not None and not isinstance(got, Mapping):
        raise PluginError(f"table flow '{table.flow.id}': win_extras must return a mapping or None, got {got!r}")
    return dict(got or {})


def next_dealer(table) -> int:
    """Who deals the hand after this one: the flow's ``next_dealer``, else the ruleset's
    rotation (``keep_deal_on_win`` / ``keep_deal_on_draw``, otherwise the next seat)."""
    st, rules = table.state, table.rules
    dealer = st.deal.dealer
    fn = table.flow.next_dealer if table.flow is not None else None
    if fn is None:
        keep = (rules.keep_deal_on_win and dealer in st.winners) or (rules.keep_deal_on_draw and not st.winners)
        return dealer if keep else (dealer + 1) % rules.seats
    try:
        got = fn(TableHand(table))
    except MahjongError:
        raise
    except Exception as e:
        raise PluginError(f"table flow '{table.flow.id}' failed choosing the next dealer: {type(e).__name__}: {e}") from e
    if not isinstance(got, int) or isinstance(got, bool) or not 0 <= got < rules.seats:
        raise PluginError(f"table flow '{table.flow.id}': next_dealer must return a seat 0–{rules.seats - 1}, got {got!r}")
    return got


def _wild_kinds(table, event: dict, flow_id: str) -> tuple[int, ...]:
    tile, indicator = event.get("tile"), event.get("indicator")
    try:
        return W.event_kinds(table.ruleset.table, tile=None if tile is None else T.tile(tile),
                             indicator=None if indicator is None else T.tile(indicator),
                             where=f"table flow '{flow_id}': wild event")
    except MahjongError as e:
        raise PluginError(e.message) from None
