"""A family's flow at the table (``mahjong_table_flow``, ``TableFlow``): the steps it adds at the
deal, after a discard and at the end of a hand, run on a ``TableHand`` (what a step may read and
do), and the events they return checked and written to the record; and the questions the table
asks it during play (the reserve now, a win barred, a claimant's rank, a win taken at once). A
``wild`` event returned is read by the table itself: its kinds (``table.wilds``) are the hand's
wilds from then on; so is a ``void`` event (定缺): that seat's void suit, and a ``win`` event an
opening step returns (抢金): that seat has won and the hand ends."""
from __future__ import annotations

from collections.abc import Mapping

from .. import tiles as T
from .. import wilds as W
from ..errors import MahjongError, PluginError, plugin_failure
from ..hand import Meld
from . import actions as A
from . import situation
from .state import CLAIM, OPENING, TURN
from .wall import below, number_stream, wall_key

VOID_SUITS = ("m", "p", "s")


class TableHand:
    """The hand as a flow step sees it: the ruleset, the seats, the dealer (and his streak), who won, the wild
    kinds, the wall's tiles left, each seat's tiles and waits, the actions so far, and the moves
    a step makes: turning up a tile of the wall (face up, out of play: an indicator, a horse),
    laying the tile just turned up aside as a seat's bonus tile and giving that seat its
    replacement (Fuzhou's 开金)."""

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
    def in_wall(self) -> int:
        """Tiles still in the wall, the reserve included (what ``turn_up`` may still turn)."""
        return len(self._table.state.wall.remaining())

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
        """``seat``'s concealed tiles and its melds' tiles, sorted; a winner's winning tile
        included, also where several won one tile (it lies in the first winner's hand). A 血流
        winner's tiles set aside are not held."""
        table = self._table
        st = table.state
        me = st.seats[seat]
        held = me.tiles() + [t for m in me.melds for t in m.tiles]
        if seat in st.winners and not me.holds_win and table.rules.after_win != "stay":
            held.append(won_on(st, seat))
        return tuple(sorted(held))

    @property
    def actions(self) -> tuple:
        """The actions taken so far, in order (``Action``: ``kind``, ``seat``, ``tile``): what a
        step reads of the play, e.g. the opening discards (跟庄) or a seat's last claim."""
        return tuple(self._table.state.actions)

    def waits(self, seat: int) -> tuple[int, ...]:
        """The kinds that would complete ``seat``'s hand of 3n+1 tiles (its melds included):
        empty when it is not ready (听牌)."""
        return situation.waits(self._table.ruleset, self._table.state, seat, self._table._waits)

    def melds(self, seat: int) -> tuple[Meld, ...]:
        """``seat``'s declared melds (kind, tile, concealed)."""
        return tuple(Meld(m.kind, m.tile, m.concealed) for m in self._table.state.seats[seat].melds)

    def bonus(self, seat: int) -> tuple[int, ...]:
        """The bonus tiles ``seat`` has set aside, in order."""
        return tuple(self._table.state.seats[seat].bonus)

    def discards(self, seat: int) -> tuple[int, ...]:
        """Every tile ``seat`` has discarded this hand, in order (claimed ones included)."""
        return tuple(a.tile for a in self._table.state.actions if a.kind == A.DISCARD and a.seat == seat)

    def on_first_discard(self, seat: int) -> bool | None:
        """For a win on a discard by a seat that has not discarded yet (a first go-around's win: 人和,
        地胡 by discard): is that discard the hand's first, the dealer's? None for any other win
        (on the seat's own draw, on a robbed kong, by a seat that has discarded)."""
        st = self._table.state
        on_discard = st.phase == CLAIM or (st.phase == TURN and st.turn != seat and bool(st.actions)
                                           and st.actions[-1].kind == A.DISCARD)
        if not on_discard or self.discards(seat):
            return None
        discards = [a for a in st.actions if a.kind == A.DISCARD]
        return len(discards) == 1 and discards[0].seat == st.deal.dealer

    def situation(self, seat: int, tile: int, self_drawn: bool) -> dict:
        """The situation the table would write for ``seat`` winning on ``tile`` now (on a discard:
        the tile not yet in the hand)."""
        st = self._table.state
        return situation.build(st, seat, tile, self_drawn=self_drawn)

    def take_turned(self, seat: int) -> int:
        """The tile last turned up joins ``seat``'s concealed tiles (Fuzhou's 抢金: the face-up
        gold taken); the step then returns that seat's ``win`` event, which ends the hand."""
        st = self._table.state
        if not st.turned:
            raise MahjongError(f"table flow '{self._table.flow.id}': take_turned needs a tile turned up")
        tile = st.turned.pop()
        st.seats[seat].counts[tile] += 1
        return tile

    def set_aside(self, seat: int) -> int:
        """The tile just turned up becomes ``seat``'s bonus tile (set aside, face up); an error
        naming the flow when none was turned or it is no bonus tile."""
        st = self._table.state
        if not st.turned or st.turned[-1] not in self.ruleset.table.bonus:
            raise MahjongError(f"table flow '{self._table.flow.id}': set_aside needs a bonus tile just turned up")
        tile = st.turned.pop()
        st.seats[seat].bonus.append(tile)
        return tile

    def replace(self, seat: int) -> int:
        """``seat`` takes a replacement from the wall's tail for a bonus tile a step gave it
        (Fuzhou's 开金: a bonus tile turned up is the dealer's, and he replaces it); a bonus tile
        drawn is set aside and replaced again. The seat then holds one tile more than its hand and
        lets it go at the start of its turn, before anything else: a discard nobody may claim.
        Returns the tile kept; an error naming the flow when no tile is left to draw."""
        st = self._table.state
        me, bonus = st.seats[seat], self.ruleset.table.bonus
        while True:
            if not st.wall.left:
                raise MahjongError(f"table flow '{self._table.flow.id}': no tile left in the wall to replace "
                                   f"seat {seat}'s bonus tile")
            tile = st.wall.draw_tail()
            if tile not in bonus:
                me.counts[tile] += 1
                st.extra[seat] = st.extra.get(seat, 0) + 1
                return tile
            me.bonus.append(tile)

    def show_tail(self) -> int:
        """The tile at the wall's tail (the reserve included), shown and left where it lies (推倒胡's
        ghost indicator, put back into the wall). An error naming the flow when there is none."""
        st = self._table.state
        if not st.wall.remaining():
            raise MahjongError(f"table flow '{self._table.flow.id}': no tile left in the wall to show")
        return st.wall.tiles[st.wall.back - 1]

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


def won_on(state, seat: int) -> int:
    """The tile of ``seat``'s last win (its ``win`` event's ``win_tile``)."""
    event = next(e for e in reversed(state.events) if e["type"] == "win" and e["seat"] == seat)
    return T.tile(event["situation"]["win_tile"])


def _ask(table, step: str, *args):
    """The flow's answer to ``step`` (None when it has none); a failing step is named."""
    flow = table.flow
    fn = getattr(flow, step) if flow is not None else None
    if fn is None:
        return None
    try:
        return fn(TableHand(table), *args)
    except Exception as e:
        raise plugin_failure(e, f"table flow '{flow.id}' failed at the {step}")


def run(table, step: str, *args) -> None:
    """Run the flow's ``step`` (``deal``, ``discard`` or ``end``) and write the events it returns."""
    write(table, list(_ask(table, step, *args) or ()), f"the {step}")


def call(table, fn, where: str, *args):
    """``fn(*args)`` of the flow as a list; a failure is named as ``plugin_failure`` says (a
    ``MahjongError`` as it is, running out of memory as a ``ResourceError``, else a ``PluginError``)."""
    try:
        return list(fn(*args) or ())
    except Exception as e:
        raise plugin_failure(e, f"table flow '{table.flow.id}' failed at {where}")


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
        elif event["type"] == "win":
            seat = _win_seat(table, event, flow.id)
            st.winners.append(seat)
            st.seats[seat].holds_win = True
        st.events.append(event)


def extras_of(table, seat: int):
    """``seat``'s ``win_extras``, asked only when called (a situation's ``extras`` argument)."""
    return lambda: win_extras(table, seat)


def win_extras(table, seat: int) -> dict:
    """The ``extras`` the flow gives ``seat``'s winning situation (``TableFlow.win_extras``), checked."""
    fn = table.flow.win_extras if table.flow is not None else None
    if fn is None:
        return {}
    try:
        got = fn(TableHand(table), seat)
    except Exception as e:
        raise plugin_failure(e, f"table flow '{table.flow.id}' failed giving a win's extras")
    if got is not None and not isinstance(got, Mapping):
        raise PluginError(f"table flow '{table.flow.id}': win_extras must return a mapping or None, got {got!r}")
    return dict(got or {})


def chosen_dealer(table) -> int | None:
    """The seat the flow's ``next_dealer`` names after this hand (None: no such rule, or it
    leaves the deal to the ``keep_deal_*`` flags)."""
    pick = table.flow.next_dealer if table.flow is not None else None
    if pick is None:
        return None
    try:
        seat = pick(TableHand(table))
    except Exception as e:
        raise plugin_failure(e, f"table flow '{table.flow.id}' failed choosing the next dealer")
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < table.rules.seats):
        raise PluginError(f"table flow '{table.flow.id}': next_dealer must give a seat 0–{table.rules.seats - 1}, "
                          f"got {seat!r}")
    return seat


def _void_seat(table, event: dict, flow_id: str) -> int:
    seat, suit = event.get("seat"), event.get("suit")
    if not isinstance(seat, int) or not 0 <= seat < table.rules.seats or suit not in VOID_SUITS:
        raise PluginError(f"table flow '{flow_id}': a void event names a 'seat' and a 'suit' "
                          f"({', '.join(VOID_SUITS)}), got {event!r}")
    return seat


def _win_seat(table, event: dict, flow_id: str) -> int:
    """The seat of a ``win`` event a step returns (an opening win: Fuzhou's 抢金)."""
    seat = event.get("seat")
    if table.state.phase != OPENING or not isinstance(seat, int) or not 0 <= seat < table.rules.seats \
            or not isinstance(event.get("situation"), Mapping):
        raise PluginError(f"table flow '{flow_id}': a win event comes only from an opening step and names a "
                          f"'seat' and a 'situation', got {event!r}")
    return seat


def _wild_kinds(table, event: dict, flow_id: str) -> tuple[int, ...]:
    tile, indicator = event.get("tile"), event.get("indicator")
    try:
        return W.event_kinds(table.ruleset.table, tile=None if tile is None else T.tile(tile),
                             indicator=None if indicator is None else T.tile(indicator),
                             where=f"table flow '{flow_id}': wild event")
    except MahjongError as e:
        raise PluginError(e.message) from None


def update_reserve(table) -> None:
    """Set the wall's reserve to what the flow's ``reserve`` says now (a whole number ≥ 0)."""
    got = reserve_now(table)
    if got is not None:
        table.state.wall.reserve = got


def reserve_now(table) -> int | None:
    """What the flow's ``reserve`` says for the hand as it stands (None: the flow has none)."""
    if table.flow is None or table.flow.reserve is None:
        return None
    got = _ask(table, "reserve")
    if isinstance(got, bool) or not isinstance(got, int) or got < 0:
        raise PluginError(f"table flow '{table.flow.id}': reserve must return a whole number ≥ 0, got {got!r}")
    return got


def barred(table, seat: int, self_drawn: bool) -> str | None:
    """Why the flow bars ``seat`` from winning now (``win_barred``), or None."""
    return _ask(table, "win_barred", seat, self_drawn)


def bar_wins(table, options: dict) -> dict:
    """A window's options without the wins the flow bars (a seat left with a pass only drops out)."""
    if table.flow is None or table.flow.win_barred is None:
        return options
    out = {}
    for seat, opts in options.items():
        if any(a.kind == A.WIN for a in opts) and barred(table, seat, False):
            opts = tuple(a for a in opts if a.kind != A.WIN)
        if len(opts) > 1:
            out[seat] = opts
    return out


def ranks(table, answers: dict, tile: int) -> dict[int, int]:
    """Each seat answering ``win`` with its rank (``win_rank``; none without one)."""
    if table.flow is None or table.flow.win_rank is None:
        return {}
    return {seat: int(_ask(table, "win_rank", seat, tile) or 0) for seat, a in answers.items() if a.kind == A.WIN}


def auto_win(table, seat: int) -> bool:
    """Does the flow take ``seat``'s self-drawn win at once (``auto_win``)?"""
    return bool(_ask(table, "auto_win", seat))
