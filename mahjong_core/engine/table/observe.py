"""What one seat may see (docs/table.md "Observation"): its own tiles, every discard pool,
every meld (another seat's concealed kong face down), bonus tiles set aside, the hand's wild
kinds and the tiles turned up, the counts of tiles each seat holds and the wall holds, the void
suits declared (定缺, once every seat has declared), who has left play, the winning tiles set
aside and, where each win and kong is paid as it happens, the money paid so far — never another
seat's concealed tiles, its opening choices (换三张) or the wall."""
from __future__ import annotations

from dataclasses import dataclass

from .. import tiles as T
from .state import TableState


@dataclass(frozen=True, slots=True)
class SeatView:
    """Another seat (or one's own) as the table shows it."""

    seat: int
    concealed: int                  # how many concealed tiles it holds
    melds: tuple[dict, ...]         # situation melds; another seat's concealed kong as {"type": "kong", "concealed": true}
    pool: tuple[int, ...]           # its discards still lying in front of it, in order
    bonus: tuple[int, ...]          # bonus tiles set aside, face up
    won: tuple[int, ...] = ()       # winning tiles set aside, face up (血流: it won and plays on)


@dataclass(frozen=True, slots=True)
class Observation:
    seat: int
    hand: tuple[int, ...]           # the seat's own concealed tiles, sorted
    drawn: int | None               # the tile it has just drawn, in its turn
    seats: tuple[SeatView, ...]
    dealer: int
    round_wind: int
    wall_left: int
    phase: str                      # turn | claim | rob | over
    turn: int                       # the seat that moves, or that discarded / declared the kong
    tile: int | None                # the tile a claim window is open on
    wilds: tuple[int, ...] = ()     # the hand's wild kinds (table.wilds: fixed, or turned up)
    turned: tuple[int, ...] = ()    # tiles turned face up from the wall (an indicator, horses)
    voids: tuple[str | None, ...] = ()   # each seat's declared void suit (定缺), once declared
    out: tuple[int, ...] = ()       # seats that have won and left play (血战)
    opening: str | None = None      # the opening step being chosen (phase "opening"), e.g. exchange
    paid: tuple = ()                # each seat's money so far, where it is paid as the hand goes (running_money)

    def seen(self) -> tuple[int, ...]:
        """Tiles face up outside the seat's own hand and melds: pools and others' open melds
        (with the tile a window is open on), for ``Ruleset.analyze``'s ``seen``."""
        out = [t for t in self.turned if t < T.NUM_KINDS]        # a turned flower is no tile in play
        for v in self.seats:
            out.extend(v.pool)
            out.extend(v.won)
            if v.seat != self.seat:
                for m in v.melds:
                    if "tiles" in m:
                        out.extend(T.parse_tiles(m["tiles"]))
        if self.phase == "rob" and self.tile is not None:
            out.append(self.tile)
        return tuple(out)

    def own_hand(self) -> dict:
        """The seat's own hand as ``Ruleset.analyze`` reads it: its concealed tiles, its melds and
        the hand's wilds (the hint of a person's seat, the bots' reading)."""
        out = {"hand": T.format_tiles(self.hand), "melds": list(self.seats[self.seat].melds)}
        if self.wilds:
            out["wilds"] = T.format_tiles(self.wilds)
        return out

    def to_dict(self) -> dict:
        return {"seat": self.seat, "hand": T.format_tiles(self.hand),
                "drawn": None if self.drawn is None else T.name(self.drawn),
                "seats": [{"seat": v.seat, "concealed": v.concealed, "melds": list(v.melds),
                           "pool": [T.name(t) for t in v.pool], "bonus": T.format_tiles(v.bonus)} for v in self.seats],
                "dealer": self.dealer, "round_wind": T.WIND_LETTERS[self.round_wind], "wall_left": self.wall_left,
                "phase": self.phase, "turn": self.turn, "tile": None if self.tile is None else T.name(self.tile),
                "wilds": T.format_tiles(self.wilds), "turned": [T.name(t) for t in self.turned],
                **self._extra()}

    def _extra(self) -> dict:
        """The keys only some families' hands have (an opening step, void suits, seats out, tiles
        set aside), written only when they hold something."""
        out: dict = {}
        if self.opening is not None:
            out["opening"] = self.opening
        if any(v is not None for v in self.voids):
            out["voids"] = list(self.voids)
        if self.out:
            out["out"] = list(self.out)
        if any(v.won for v in self.seats):
            out["won"] = [T.format_tiles(v.won) for v in self.seats]
        if self.paid:
            out["paid"] = list(self.paid)
        return out


def _melds(state: TableState, owner: int, viewer: int) -> tuple[dict, ...]:
    n = len(state.seats)
    out = []
    for m in state.seats[owner].melds:
        if m.concealed and owner != viewer:
            out.append({"type": "kong", "concealed": True})
        else:
            out.append(m.to_dict(owner, n))
    return tuple(out)


def observation(table, seat: int, money: bool = True) -> Observation:
    st = table.state
    me = st.seats[seat]
    views = tuple(SeatView(i, sum(s.counts), _melds(st, i, seat), tuple(s.pool), tuple(s.bonus), tuple(s.won))
                  for i, s in enumerate(st.seats))
    mine = st.phase == "turn" and st.turn == seat
    voids = tuple(st.voids.get(i) for i in range(len(st.seats))) if st.voids else ()
    step = table.flow.opening[st.opening.step].kind if st.phase == "opening" else None
    return Observation(seat, tuple(me.tiles()), st.drawn if mine else None, views, st.deal.dealer,
                       st.deal.round_wind, st.wall.left, st.phase, st.turn if st.window is None else st.window.source,
                       st.window.tile if st.window is not None else None, st.wilds, tuple(st.turned),
                       voids, tuple(st.out), step, paid(table) if money else ())


def paid(table) -> tuple:
    """Each seat's money so far where the family pays each win and kong as it happens
    (``PlayRules.running_money``): the settlement of the hand's events to now, as numbers a
    record writes. Settled again only when an event has been added (``Table.paid_at``)."""
    if not table.rules.running_money:
        return ()
    events = len(table.state.events)
    if table.paid_at[0] != events:
        table.paid_at = (events, tuple(table.settle().to_dict()["deltas"]))
    return table.paid_at[1]
