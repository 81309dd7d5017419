"""The table's state as data: each seat's tiles and melds, the wall, whose move it is, and what
happened so far. ``table.Table`` changes it; nothing here decides a rule."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from .. import tiles as T
from .actions import Action
from .wall import Wall

TURN, CLAIM, ROB, OVER, OPENING = "turn", "claim", "rob", "over", "opening"


@dataclass(slots=True)
class TableMeld:
    """A declared set: ``tile`` is a chow's lowest tile or the kind of a pung or kong;
    ``from_seat`` the discarder it was claimed from (None: concealed, or a pung's added tile)."""

    kind: str                       # chow | pung | kong
    tile: int
    concealed: bool = False
    claimed: int | None = None
    from_seat: int | None = None

    @property
    def tiles(self) -> tuple[int, ...]:
        if self.kind == "chow":
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * (4 if self.kind == "kong" else 3)

    def to_dict(self, owner: int, seats: int) -> dict:
        """The meld as a situation writes it (docs/formats.md "Melds"); a fresh dict each time."""
        where = None if self.claimed is None else side(owner, self.from_seat, seats)
        return dict(_meld_dict(self.kind, self.tile, self.concealed, self.claimed, where))


@lru_cache(maxsize=2048)
def _meld_dict(kind: str, tile: int, concealed: bool, claimed: int | None, where: str | None) -> dict:
    """Every observation writes every meld: the few thousand distinct ones are written once
    (callers get a copy, so the cached dict is never changed)."""
    meld = TableMeld(kind, tile, concealed)
    out: dict = {"type": kind, "tiles": T.format_tiles(meld.tiles)}
    if kind == "kong":
        out["concealed"] = concealed
    if claimed is not None:
        out["claimed"] = T.name(claimed)
        out["from"] = where
    return out


def side(owner: int, source: int, seats: int) -> str:
    """Where ``source`` sits as seen from ``owner``: the seat before it in turn order is its left,
    the one after it its right, any other across."""
    turns = (owner - source) % seats
    return "left" if turns == 1 else "right" if turns == seats - 1 else "across"


@dataclass(slots=True)
class Seat:
    """One player's tiles: concealed ``counts`` per kind, melds, the discards still lying in
    front of it, the bonus tiles set aside, and how many discards it has made; after a win, the
    winning tile kept in the hand (``holds_win``: the hand is over for it) or set aside face up
    (``won``: 血流, it plays on)."""

    counts: list[int] = field(default_factory=lambda: [0] * T.NUM_TILES)
    melds: list[TableMeld] = field(default_factory=list)
    pool: list[int] = field(default_factory=list)
    bonus: list[int] = field(default_factory=list)
    discarded: int = 0
    won: list[int] = field(default_factory=list)
    holds_win: bool = False

    def tiles(self) -> list[int]:
        out: list[int] = []
        for t, n in enumerate(self.counts):
            if n:
                out += (t,) * n
        return out

    @property
    def size(self) -> int:
        """Concealed tiles plus three per meld (a kong counts three)."""
        return sum(self.counts) + 3 * len(self.melds)


def waiting(options: dict, answers: dict) -> tuple[int, ...]:
    """The seats asked (``options``) that have not answered yet, in seat order."""
    return tuple(s for s in sorted(options) if s not in answers)


@dataclass(slots=True)
class Window:
    """A claim window: the tile on the table, who put it there, each eligible seat's options and
    the answers given so far (a discard, or a kong that may be robbed: ``source`` its declarer)."""

    tile: int
    source: int
    options: dict[int, tuple[Action, ...]]
    answers: dict[int, Action] = field(default_factory=dict)
    kong_from: int | None = None    # a robbed exposed kong's discarder (明杠可抢); None: a discard or added kong

    @property
    def waiting(self) -> tuple[int, ...]:
        return waiting(self.options, self.answers)


@dataclass(slots=True)
class Opening:
    """An opening step in progress (``TableFlow.opening[step]``): each asked seat's choices and
    the answers given so far (kept from the other seats)."""

    step: int                       # its index in the flow's opening
    options: dict[int, tuple[Action, ...]]
    answers: dict[int, Action] = field(default_factory=dict)

    @property
    def waiting(self) -> tuple[int, ...]:
        return waiting(self.options, self.answers)


@dataclass(slots=True)
class Deal:
    """Where one hand starts: the wall (from ``seed`` and ``hand`` or given), the dealer, the
    prevalent wind and the dealer's streak."""

    seed: int | None = None
    hand: int = 0
    tiles: tuple[int, ...] | None = None
    dealer: int = 0
    round_wind: int = 0
    dealer_streak: int = 0


@dataclass(slots=True)
class TableState:
    deal: Deal
    wall: Wall
    seats: list[Seat]
    phase: str = TURN
    turn: int = 0                   # the seat to move (or who discarded / declared the kong)
    drawn: int | None = None        # the tile just drawn by ``turn``: a self-drawn win's tile
    from_tail: bool = False         # ``drawn`` replaced a kong (so no last tile)
    bloom_draw: bool = False        # ``drawn`` replaced a bonus tile, a kong replacement (table.bonus_replacement_bloom)
    claimed: bool = False           # ``turn`` has just claimed a chow or pung: discard only
    kong_chain: int = 0             # kongs in a row by ``turn`` this turn (after_kong)
    discard_after_kong: bool = False
    melded: bool = False            # someone has declared a meld (no more first turn)
    window: Window | None = None
    events: list[dict] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    wilds: tuple[int, ...] = ()     # the hand's wild kinds: table.wilds.fixed, or a flow's wild event
    turned: list[int] = field(default_factory=list)    # tiles a flow turned up from the wall (indicator, horses)
    opening: Opening | None = None  # the opening step the seats are choosing in
    voids: dict[int, str] = field(default_factory=dict)  # seat -> its declared void suit (定缺: m, p or s)
    out: list[int] = field(default_factory=list)        # seats that have left play (血战 winners), in order
    passed_win: dict = field(default_factory=dict)      # seat -> the value of the discard win it let go (过水)
    extra: dict = field(default_factory=dict)           # seat -> tiles it holds beyond its hand and lets go first (开金's replacements)
    first_tile: int | None = None                       # the dealer's extra tile taken at the deal (坎门), until his first turn
