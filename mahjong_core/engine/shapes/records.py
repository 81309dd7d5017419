"""The records every win shape reads and writes: ``Group``, ``Decomposition`` (a reading) and
``ShapeInput`` (what a shape finder receives)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Hashable, NamedTuple, Sequence

from .. import tiles as T
from .kernel import splitter


_LABELS: dict = {}


class Group(NamedTuple):
    """One group of a decomposition. ``tile`` is the lowest tile; ``meld`` is the index of the
    declared meld it comes from, or -1 for standing tiles; ``wilds`` counts wild tiles inside it."""

    kind: str            # chow | pung | kong | pair (plugins may add their own, e.g. knitted)
    tile: int
    wilds: int = 0
    meld: int = -1

    @property
    def tiles(self) -> tuple[int, ...]:
        k = self.kind
        if k == "chow":
            return (self.tile, self.tile + 1, self.tile + 2)
        if k == "pung":
            return (self.tile,) * 3
        if k == "kong":
            return (self.tile,) * 4
        if k == "pair":
            return (self.tile,) * 2
        if k == "knitted":                     # one third of a knitted straight: 147, 258 or 369
            return (self.tile, self.tile + 3, self.tile + 6)
        if k == "wilds":                       # the wild tiles of one kind held (the wild_count shape)
            return (self.tile,) * self.wilds
        return (self.tile,)

    def label(self) -> str:
        key = (self.kind, self.tile, self.meld >= 0, self.wilds)
        text = _LABELS.get(key)
        if text is None:
            text = T.format_tiles(self.tiles)
            text = _LABELS[key] = f"[{text}]" if self.meld >= 0 else text
        return text


_GROUPS: dict = {}
_BY_LO: dict = {}


def interned_group(kind: str, tile: int, wilds: int) -> Group:
    """``Group(kind, tile, wilds)``, one object per value (there are a few hundred): the shape
    search builds the same groups for every hand."""
    g = _GROUPS.get((kind, tile, wilds))
    if g is None:
        g = _GROUPS[(kind, tile, wilds)] = Group(kind, tile, wilds)
    return g


def suit_group_codes(lo: int) -> tuple[list, list]:
    """The Groups of the suit starting at ``lo`` as the compiled splitter numbers them
    (``kernel.splitter``): the 72 sets by code ((kind: chow 0, pung 1) × 9 + offset) × 4 +
    wilds inside, and the 36 pairs by offset × 4 + wilds inside (None where no split makes one)."""
    known = _BY_LO.get(lo)
    if known is None:
        sets = [interned_group(kind, lo + off, w) if w < 3 else None
                for kind in ("chow", "pung") for off in range(9) for w in range(4)]
        pairs = [interned_group("pair", lo + off, w) if w < 3 else None for off in range(9) for w in range(4)]
        known = _BY_LO[lo] = (sets, pairs)
    return known


@dataclass(frozen=True, slots=True)
class Decomposition:
    """A reading of a winning hand: the groups (melds included) or a special form.

    ``tiles`` are the standing tiles plus the winning tile with every wild replaced by what it
    stands for; ``wild_as`` lists those replacements. ``family`` is ``(key, i)`` when the reading
    is one of a hand's readings that differ only in what ``groups[i]``, made of wilds only,
    stands for: they share the key (a shape leaves it None when it does not say).
    """

    shape: str
    groups: tuple[Group, ...]
    tiles: tuple[int, ...]
    wild_as: tuple[int, ...] = ()
    family: tuple | None = field(default=None, compare=False, repr=False)

    def labels(self) -> list[str]:
        if self.groups:
            return [g.label() for g in self.groups]
        return [T.format_tiles(self.tiles)]


def _new_decomposition():
    """``Decomposition(shape, groups, tiles, wild_as, family)`` for the shape search's inner
    loops: the same object, set through its slots instead of a frozen dataclass's
    ``object.__setattr__`` per field."""
    new = object.__new__
    set_shape, set_groups, set_tiles, set_wild_as, set_family = (
        Decomposition.__dict__[f].__set__ for f in ("shape", "groups", "tiles", "wild_as", "family"))

    def make(shape: str, groups: tuple, tiles: tuple, wild_as: tuple, family) -> Decomposition:
        d = new(Decomposition)
        set_shape(d, shape)
        set_groups(d, groups)
        set_tiles(d, tiles)
        set_wild_as(d, wild_as)
        set_family(d, family)
        return d
    return make


_decomposition = _new_decomposition()
_READINGS_READY: list = []


def compiled_readings():
    """The compiled wild splitter, set up to make readings (``_splits.reading``, and the
    families of ``regular._standard``), or None where it was not built or is not in use."""
    compiled = splitter()
    if compiled is None:
        return None
    if not _READINGS_READY:
        compiled.family_setup(Decomposition, *(Decomposition.__dict__[f] for f in
                                               ("shape", "groups", "tiles", "wild_as", "family")))
        _READINGS_READY.append(True)
    return compiled


def reading_maker() -> Callable:
    """What a shape search makes its readings with, asked once per search:
    ``make(shape, groups, tiles, wild_as, family)``. The compiled one makes the same
    ``Decomposition`` untracked by the garbage collector (its fields are immutable: no cycle
    can pass through one), so the hundred readings of a hand with wilds are not objects every
    collection walks; ``_decomposition`` where it is not in use."""
    compiled = compiled_readings()
    return _decomposition if compiled is None else compiled.reading


class _Weights(dict):
    """A dict that works out a missing group's weight (``GroupClasses.weight``)."""

    __slots__ = ("make",)

    def __missing__(self, group):
        w = self[group] = self.make(group)
        return w


class GroupClasses:
    """A group class as the shapes use it: a ruleset's (``FanCheck.group_class``) when scoring
    (``ShapeInput.group_class``), or every group its own (the standard search's duplicate test,
    ``regular._EXACT``). ``weight[group]`` is one power of sixteen per class, so the
    weights of a reading's groups add up to the same number exactly when their classes are the
    same multiset (no reading holds sixteen groups: a winning hand has twenty tiles at most,
    ``table.hand_size`` being 19 at most). Filled as groups are met: a few hundred at most."""

    __slots__ = ("group_class", "weight", "_ids")

    def __init__(self, group_class: Callable[[Group], Hashable]):
        self.group_class = group_class
        self._ids: dict = {}
        self.weight = _Weights()
        self.weight.make = self._weight

    def _weight(self, group: Group) -> int:
        """A class reads a group's kind and lowest tile only: it is given no more."""
        i = self._ids.setdefault(self.group_class(interned_group(group.kind, group.tile, 0)), len(self._ids))
        return 1 << (4 * i)


@dataclass(frozen=True, slots=True)
class ShapeInput:
    """What every win-shape finder receives: standing tiles + winning tile as counts (wild copies
    removed), the number of wilds, the melds as groups, and the table's constraints. A shape's
    ``waits`` receives the same record for the hand before the win (one tile fewer)."""

    counts: tuple[int, ...]            # 34 counts, standing + winning tile, wilds removed
    wilds: int                         # wild tiles among them
    meld_groups: tuple[Group, ...]
    sets_needed: int                   # sets still to find among the standing tiles
    chows: bool                        # runs allowed as sets (table.sequences)
    kinds: frozenset                   # tile kinds that exist in this tile set
    meld_counts: tuple[int, ...]       # 34 counts of tiles in melds (for the 4-copy cap)
    # the winning tile, for shapes defined on the pre-win hand (nine gates); not part of the
    # cache key, as the standard splits do not depend on it
    win_tile: int | None = field(default=None, compare=False)
    # the wild tiles themselves, sorted, when the engine's shape_input built the record (a probe
    # with one more wild may leave them short); for shapes that show them (wild_count)
    wild_tiles: tuple[int, ...] = field(default=(), compare=False)
    # ``table.wilds.fifth_copy``: a wild may stand for a fifth copy of a kind (by default the
    # hand, the melds and every wild's reading hold at most four of each kind)
    fifth_copy: bool = False
    # when scoring (``Readings.group_class``): the classes by which every check asked of a reading
    # reads each group (``FanCheck.group_class``); a shape may then leave out a reading whose
    # groups have the classes, as a multiset, of an earlier reading of the shape it lists: it
    # could only tie that one, after it. None (every reading listed): ``decompositions``
    group_class: GroupClasses | None = None

    @property
    def natural_tiles(self) -> tuple[int, ...]:
        out: list[int] = []
        for t, c in enumerate(self.counts):
            if c:
                out.extend((t,) * c)
        return tuple(out)


def make_input(counts: Sequence[int], wilds: int, meld_groups: tuple[Group, ...], sets_needed: int,
               chows: bool, kinds: frozenset, meld_counts: Sequence[int]) -> ShapeInput:
    return ShapeInput(tuple(counts), wilds, meld_groups, sets_needed, chows, kinds, tuple(meld_counts))
