"""Kongs at the table: a concealed, added or exposed kong declared, its record event, the window
in which others may rob it (an added kong; an exposed one too where the flow says so, 明杠可抢),
and its replacement from the wall's tail. A robbed kong never stands: its tile goes to the robber,
whose win is from the kong's declarer."""
from __future__ import annotations

from .. import tiles as T
from . import claims, flow, winning
from .state import ROB, TURN, TableMeld, Window


def concealed(table, seat: int, tile: int) -> None:
    me = table.state.seats[seat]
    me.counts[tile] -= 4
    me.melds.append(TableMeld("kong", tile, concealed=True))
    _declared(table, seat, "concealed", tile)
    _replace(table, seat)


def added(table, seat: int, tile: int) -> None:
    """The fourth tile added to a melded pung: robbed, or the kong stands."""
    st = table.state
    st.seats[seat].counts[tile] -= 1
    _declared(table, seat, "added", tile, late=st.drawn != tile)
    if not _rob_window(table, seat, tile):
        _stand(table, seat, tile)


def exposed(table, seat: int, tile: int, source: int) -> None:
    """``seat`` kongs ``source``'s discard ``tile`` (already out of the pool): robbed where the
    flow lets exposed kongs be robbed (``rob_exposed_kong``), or the kong stands."""
    st = table.state
    st.kong_chain = 0
    _declared(table, seat, "exposed", tile, source)
    if not (table.rules.rob_exposed_kong and _rob_window(table, seat, tile, source)):
        _stand(table, seat, tile, source)


def rob_answered(table) -> None:
    """Every seat asked answered the rob window: the robbers win, or the kong stands."""
    st, w = table.state, table.state.window
    winners = claims.winners(table.rules, w.answers, w.source, flow.ranks(table, w.answers, w.tile), robbing=True)
    if winners:
        winning.win(table, winners, w.tile, w.source, robbing=True)
        return
    st.phase, st.window = TURN, None
    _stand(table, w.source, w.tile, w.kong_from)


def event(st, seat: int, kind: str, tile: int, source: int | None, late: bool) -> dict:
    """The record's ``kong`` event: ``from`` the discarder of an exposed kong, ``late`` an added
    kong whose fourth tile was held rather than just drawn (转手杠), ``after_kong`` a kong made on
    the replacement of the seat's kong before it."""
    out = {"type": "kong", "seat": seat, "kind": kind, "tile": T.name(tile)}
    if source is not None:
        out["from"] = source
    if late:
        out["late"] = True
    if st.kong_chain and kind != "exposed":
        out["after_kong"] = True
    return out


def _declared(table, seat: int, kind: str, tile: int, source: int | None = None, late: bool = False) -> None:
    st = table.state
    st.events.append(event(st, seat, kind, tile, source, late))
    st.melded = True
    flow.update_reserve(table)


def _rob_window(table, seat: int, tile: int, source: int | None = None) -> bool:
    """Open the window in which others may rob ``seat``'s kong of ``tile`` (``source``: an
    exposed kong's discarder, who may not); False when nobody may."""
    st = table.state
    options = flow.bar_wins(table, claims.rob_options(table, st, tile, table._waits, seat, source))
    if options:
        st.phase, st.window = ROB, Window(tile, seat, options, kong_from=source)
    return bool(options)


def _stand(table, seat: int, tile: int, source: int | None = None) -> None:
    """The kong stands (an added kong's pung becomes a kong; an exposed kong takes the discard
    and three tiles from the hand), the reserve is counted again and the replacement drawn."""
    me = table.state.seats[seat]
    if source is None:
        meld = next(m for m in me.melds if m.kind == "pung" and m.tile == tile)
        meld.kind = "kong"
    else:
        me.counts[tile] -= 3
        me.melds.append(TableMeld("kong", tile, False, tile, source))
    flow.update_reserve(table)      # a kong is counted once it stands (a robber may have taken its tile)
    _replace(table, seat)


def _replace(table, seat: int) -> None:
    st = table.state
    st.kong_chain += 1
    st.drawn = None
    table._draw(seat, tail=True)

