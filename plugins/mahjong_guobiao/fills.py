"""Which kinds a group made of wilds only may stand for without changing the head checks'
answers (``FanCheck.fill_key``): with four wilds, two of them make the pair by themselves, or
three a set, and the 20 to 34 readings that differ only in that group's kind mostly score alike.

The invariant: **readings of one family with equal keys get equal answers from every head
check** (special, chows, pungs, concealment, win, tiles: every check asked of each reading that
is neither once per hand nor a tail check with ``most``). A family is the readings that differ
only in what that one group stands for (``Decomposition.family``); the engine asks the head
checks of one reading per key and gives the others its answers. So a head check may read of the
group only what its key below holds: a check that comes to read more must put it in the key,
and a new head check needs a ``fill_key`` too (without one the engine asks every reading
again, for the whole ruleset). tests/guobiao/test_guobiao_fill_keys.py holds the promise over hands
with 2–4 wilds, and fails for a key with any one component dropped.

A key holds all that special, chows, pungs, concealment, win and tiles read of the group, given
the rest of the reading (the family's other groups):

* the tile traits of the whole hand with it (suits, honours, rank ranges, green, reversible);
* whether it is outside (terminal or honour), a 5 or even, when every other group is
  (全带幺, 全带五, 全双刻);
* the fourth copies it makes (四归一);
* a pair: the kind itself when it is a 5 beside four chows of 123 and 789 (双龙会); a dragon
  beside two dragon pungs, a wind beside three wind pungs (小三元, 小四喜) (平和's number pair is
  in the traits: four chows hold no honour);
* a pung: the pung relationships with it (the shared table), a dragon, a wind, the seat and
  prevalent winds, a terminal (a claimed winning tile of its kind would be a fifth copy in a
  pung or the pair, so it sits in a concealed chow and leaves the 暗刻 count alone);
* a chow: the chow relationships with it (the shared table), and whether it holds a claimed
  winning tile (暗刻 of that tile's pung).

* seven pairs: the traits and the fourth copies again, and the kind itself beside six pairs
  of one suit (连七对).

A choice left open by a wild winning tile (``per_win_value``) lists the kinds, so those
readings keep their own key, as do the special shapes.
"""
from __future__ import annotations

from functools import lru_cache

from .traits import CHOW_CLASS, EVEN, FIVE, OUTSIDE, PUNG_CLASS, key_traits, traits_key
from .facts import DRAGON, RANK_OF, TERMINAL, WIND
from .relations import chow_table, pung_table

_NO_KINDS: frozenset = frozenset()
_IDS: dict = {}


def _content_id(answer: dict) -> int:
    """A number for a check's answer, equal for equal answers."""
    return _IDS.setdefault(tuple(answer.items()), len(_IDS))


def _traits_id(present: int) -> int:
    return _key_traits_id(traits_key(present))


@lru_cache(maxsize=1 << 16)             # every key: there are 2**16
def _key_traits_id(key: int) -> int:
    return _content_id(key_traits(key))


@lru_cache(maxsize=1 << 14)
def _pung_id(pungs: tuple, n_chows: int) -> int:
    return _content_id(pung_table(pungs, n_chows))


@lru_cache(maxsize=1 << 14)
def _chow_id(chows: tuple, pair: int) -> int:
    return _content_id(chow_table(chows, pair))


def fill_key(other, group):
    """The key of ``group`` (made of wilds only) beside the rest of the reading ``other``."""
    shape = other.decomposition.shape
    if shape != "standard" and (shape != "seven_pairs" or group.kind != "pair"):
        return group
    base = other.memo.get("gb.fill_base")
    if base is None:
        base = other.memo["gb.fill_base"] = _Base(other)
    x = group.tile
    kind = group.kind
    tiles = (x, x + 1, x + 2) if kind == "chow" else (x,)
    if base.per_value or (base.melds_decide and any(other.meld_counts[t] == 3 for t in tiles)) \
            or base.no_copy in tiles:
        return group            # the win fans answer per value (of the wild winning tile, or of this group)
    present = base.present
    for t in tiles:
        present |= 1 << t
    traits = _traits_id(present)
    counts = base.counts
    if shape == "seven_pairs":
        return ("pairs", x if base.shifted else -1, traits, counts[x] == 2)
    if kind == "pair":
        return (x if base.terminal_chows and PUNG_CLASS[x] == FIVE else -1, PUNG_CLASS[x] & base.shared,
                x in base.honors, traits, counts[x] == 2)
    if kind == "pung":
        pungs = base.meld_pungs + tuple(sorted(base.hand_pungs + (x,)))
        return (_pung_id(pungs, base.n_chows), PUNG_CLASS[x] & base.shared, traits,
                counts[x] == 1, x in DRAGON, x in WIND, x == base.prevalent, x == base.seat, x in TERMINAL)
    chows = base.meld_chows + tuple(sorted(base.hand_chows + (x,)))
    return (_chow_id(chows, base.pair if len(chows) == 4 else -1), CHOW_CLASS[x] & base.shared,
            traits, sum(1 for t in tiles if counts[t] == 3), base.claimed >= 0 and x <= base.claimed <= x + 2)


class _Base:
    """What the keys of a family need of its other groups, from one of its readings."""

    __slots__ = ("present", "counts", "shifted", "terminal_chows", "shared", "honors", "per_value", "melds_decide",
                 "no_copy", "meld_pungs", "hand_pungs", "meld_chows", "hand_chows", "n_chows", "pair", "prevalent",
                 "seat", "claimed")

    def __init__(self, other):
        s = other.situation
        dec = other.decomposition
        at = dec.family[1]
        own = dec.groups[at]
        own_tiles = own.tiles
        wild_as = list(dec.wild_as)
        for t in own_tiles:
            wild_as.remove(t)
        present = s.natural_kinds
        for t in wild_as:
            present |= 1 << t
        self.present = present
        counts = list(other.counts)
        for t in own_tiles:
            counts[t] -= 1
        self.counts = counts
        shared = OUTSIDE | FIVE | EVEN
        meld_pungs, hand_pungs, meld_chows, hand_chows = [], [], [], []
        pair = -1
        dragons = winds = 0
        for i, g in enumerate(dec.groups):
            if i == at:
                continue
            kind, t = g.kind, g.tile
            if kind == "chow":
                shared &= CHOW_CLASS[t]
                (meld_chows if g.meld >= 0 else hand_chows).append(t)
            elif kind == "pair":
                shared &= PUNG_CLASS[t]
                pair = t
            else:
                shared &= PUNG_CLASS[t]
                (meld_pungs if g.meld >= 0 else hand_pungs).append(t)
                dragons += t in DRAGON
                winds += t in WIND
        self.shared = shared
        self.meld_pungs, self.hand_pungs = tuple(meld_pungs), tuple(hand_pungs)
        self.meld_chows, self.hand_chows = tuple(meld_chows), tuple(hand_chows)
        self.n_chows = len(meld_chows) + len(hand_chows)
        # seven pairs with six in one suit: the seventh may make them 连七对
        self.shifted = dec.shape == "seven_pairs" and any(
            sum(1 for t in range(lo, lo + 9) if counts[t] >= 2) >= 6 for lo in (0, 9, 18))
        # four chows of 123 and 789: a pair of 5s may make 双龙会
        self.terminal_chows = self.n_chows == 4 and all(RANK_OF[t] in (1, 7) for t in meld_chows + hand_chows)
        self.pair = pair
        self.honors = (DRAGON if dragons >= 2 else _NO_KINDS) | (WIND if winds >= 3 else _NO_KINDS)
        self.prevalent = 27 + s.round_wind
        self.seat = 27 + s.seat_wind
        self.claimed = -1 if s.self_drawn else other.win_tile        # a claimed tile melds its pung
        self.per_value = self.melds_decide = False
        # 和绝张 / 抢杠和 stand only where no wild reads as the (natural) winning tile
        self.no_copy = s.win_tile if (s.fourth_tile or s.robbing_kong) and not other.win_wild else -1
        if other.win_wild:
            last_from_melds = bool(s.melds) and not s.fourth_tile \
                and other.options["last_tile_from_melds"]
            self.per_value = not s.self_drawn or (last_from_melds and any(other.meld_counts[t] == 3
                                                                         for t in wild_as))
            self.melds_decide = last_from_melds
