"""Random legal Guobiao situations and ready hands, for differential tests and benchmarks.

Every situation is a winning situation dict (docs/formats.md) that this project must accept: at most
four copies of a kind, 13 tiles before the win, consistent flags (``after_kong`` needs a kong
and a self-draw, ``robbing_kong`` a discard of a kind the winner holds no copy of, ``last_tile``
never with ``after_kong`` or ``robbing_kong``, ``fourth_tile`` never with a copy of the winning tile
in hand, the dealer seated East).
Hands are drawn from *styles* (tile palettes and set filters) and *patterns* (chow and pung
relationships) so that rare fans turn up often enough to be compared. All randomness comes from
the ``random.Random`` passed in, so a seed reproduces a run.
"""
from __future__ import annotations

import random
from typing import Iterator

from mahjong_core.engine import tiles as T

SUIT_BASES = (0, 9, 18)
HONORS = tuple(range(27, 34))
TERMINALS = (0, 8, 9, 17, 18, 26)
KNITTED_RANKS = ((0, 3, 6), (1, 4, 7), (2, 5, 8))   # 147, 258, 369 (0-based ranks)
GREEN = (19, 20, 21, 23, 25, 32)                      # 2 3 4 6 8s + 发 6z
REVERSIBLE = (9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31)  # 1234589p 245689s 白
WIND_NAMES = "ESWN"

Set = tuple[str, int]   # ("chow" | "pung" | "kong", lowest tile)


def _ranks(lo: int, hi: int, suits=SUIT_BASES) -> tuple[int, ...]:
    return tuple(b + r for b in suits for r in range(lo - 1, hi))


def _style_table() -> list[tuple[str, float, dict]]:
    """(name, weight, style) — a style limits the kinds, the sets and the pair a hand may use."""
    every = tuple(range(34))
    numbers = tuple(range(27))
    has_five = lambda s: s[0] == "chow" and s[1] % 9 in (2, 3, 4) or s[0] != "chow" and s[1] % 9 == 4 \
        and s[1] < 27
    outside = lambda s: (s[1] in TERMINALS or s[1] >= 27) if s[0] != "chow" else s[1] % 9 in (0, 6)
    return [
        ("random", 30, dict(kinds=every)),
        ("numbers", 8, dict(kinds=numbers)),
        ("full_flush", 12, dict(kinds="one_suit")),
        ("half_flush", 10, dict(kinds="one_suit+honors")),
        ("honor_heavy", 6, dict(kinds=every, honor_weight=6.0, chow_weight=0.5)),
        ("honors_only", 1.5, dict(kinds=HONORS)),
        ("terminals_honors", 2, dict(kinds=TERMINALS + HONORS)),
        ("terminals", 1, dict(kinds=TERMINALS)),
        ("simples", 4, dict(kinds=_ranks(2, 8))),
        ("upper", 2, dict(kinds=_ranks(7, 9))),
        ("middle", 2, dict(kinds=_ranks(4, 6))),
        ("lower", 2, dict(kinds=_ranks(1, 3))),
        ("upper_four", 2, dict(kinds=_ranks(6, 9))),
        ("lower_four", 2, dict(kinds=_ranks(1, 4))),
        ("even_pungs", 1.5, dict(kinds=tuple(t for t in numbers if t % 9 in (1, 3, 5, 7)), chow_weight=0)),
        ("all_pungs", 4, dict(kinds=every, chow_weight=0)),
        ("green", 1.5, dict(kinds=GREEN)),
        ("reversible", 1.5, dict(kinds=REVERSIBLE)),
        ("all_five", 2, dict(kinds=numbers, set_ok=has_five, pair_ok=lambda t: t % 9 == 4)),
        ("outside", 3, dict(kinds=every, set_ok=outside, pair_ok=lambda t: t in TERMINALS or t >= 27)),
        ("two_suits", 4, dict(kinds="two_suits")),
        ("dense_window", 6, dict(kinds="window")),      # many readings: tie-breaks, relations
    ]


STYLES = _style_table()
FORMS = (  # (form, weight): which kind of winning hand to build
    ("standard", 70), ("pattern", 22), ("seven_pairs", 4), ("thirteen_orphans", 0.7),
    ("knitted_straight", 1.5), ("honors_knitted", 1.3), ("nine_gates", 0.5),
)


class _Hand:
    """Tiles being assembled: a 34-count vector (cap 4) and the sets chosen so far."""

    def __init__(self) -> None:
        self.counts = [0] * 34
        self.sets: list[Set] = []
        self.loose: list[int] = []      # standing tiles outside sets (pair, special forms)

    def fits(self, tiles) -> bool:
        need: dict[int, int] = {}
        for t in tiles:
            need[t] = need.get(t, 0) + 1
        return all(self.counts[t] + n <= 4 for t, n in need.items())

    def add(self, tiles) -> None:
        for t in tiles:
            self.counts[t] += 1

    def add_set(self, s: Set) -> bool:
        tiles = _set_tiles(s)
        if not self.fits(tiles):
            return False
        self.add(tiles)
        self.sets.append(s)
        return True


def _set_tiles(s: Set) -> tuple[int, ...]:
    kind, t = s
    if kind == "chow":
        return (t, t + 1, t + 2)
    return (t,) * (4 if kind == "kong" else 3)


def _resolve_kinds(rng: random.Random, kinds) -> tuple[int, ...]:
    if kinds == "one_suit":
        b = rng.choice(SUIT_BASES)
        return tuple(range(b, b + 9))
    if kinds == "one_suit+honors":
        b = rng.choice(SUIT_BASES)
        return tuple(range(b, b + 9)) + HONORS
    if kinds == "window":      # 4–7 neighbouring ranks of one suit, sometimes one honour
        width = rng.randint(4, 7)
        lo = rng.choice(SUIT_BASES) + rng.randrange(10 - width)
        return tuple(range(lo, lo + width)) + ((rng.choice(HONORS),) if rng.random() < 0.3 else ())
    if kinds == "two_suits":
        a, b = rng.sample(SUIT_BASES, 2)
        return tuple(range(a, a + 9)) + tuple(range(b, b + 9)) + (HONORS if rng.random() < 0.5 else ())
    return kinds


def _candidates(kinds, chow_weight: float, honor_weight: float, set_ok) -> tuple[list[Set], list[float]]:
    allowed = set(kinds)
    sets: list[Set] = []
    weights: list[float] = []
    for t in sorted(allowed):
        if t < 27 and t % 9 <= 6 and {t + 1, t + 2} <= allowed and chow_weight > 0:
            s = ("chow", t)
            if set_ok is None or set_ok(s):
                sets.append(s)
                weights.append(chow_weight)
        s = ("pung", t)
        if set_ok is None or set_ok(s):
            sets.append(s)
            weights.append(honor_weight if t >= 27 else 1.0)
    return sets, weights


def _fill_sets(rng: random.Random, hand: _Hand, n: int, style: dict) -> bool:
    """Add ``n`` random sets and a pair drawn from ``style``; False when the style runs dry."""
    kinds = _resolve_kinds(rng, style.get("kinds"))
    sets, weights = _candidates(kinds, style.get("chow_weight", 2.5), style.get("honor_weight", 1.0),
                                style.get("set_ok"))
    if not sets and n:
        return False
    for _ in range(n):
        for _attempt in range(30):
            if hand.add_set(rng.choices(sets, weights)[0]):
                break
        else:
            return False
    if style.get("no_pair"):
        return True
    pair_ok = style.get("pair_ok")
    pairs = [t for t in kinds if (pair_ok is None or pair_ok(t))]
    rng.shuffle(pairs)
    for t in pairs:
        if hand.counts[t] <= 2:
            hand.add((t, t))
            hand.loose += [t, t]
            return True
    return False


def _pattern_sets(rng: random.Random):
    """Two to four sets in one of the relationships Guobiao scores (shifted, same, straight …),
    or ``(sets, pair_tile)`` when the pattern also fixes the pair."""
    r = rng.random
    suits = list(SUIT_BASES)
    rng.shuffle(suits)
    b = suits[0]
    kind = rng.randrange(12)
    if kind == 0:      # same chow repeated in one suit (一般高 / 一色三同顺 / 一色四同顺)
        t = b + rng.randrange(7)
        return [("chow", t)] * rng.choice((2, 3, 3, 4))
    if kind == 1:      # shifted chows in one suit, step 1 or 2 (一色三步高 / 一色四步高)
        step, n = rng.choice((1, 2)), rng.choice((3, 3, 4))
        lo = rng.randrange(0, 7 - step * (n - 1))
        return [("chow", b + lo + step * i) for i in range(n)]
    if kind == 2:      # pure straight, sometimes with a fourth chow
        out = [("chow", b), ("chow", b + 3), ("chow", b + 6)]
        if r() < 0.4:
            out.append(("chow", rng.choice(suits) + rng.randrange(7)))
        return out
    if kind == 3:      # mixed straight
        return [("chow", suits[0]), ("chow", suits[1] + 3), ("chow", suits[2] + 6)]
    if kind == 4:      # mixed triple chow / mixed double chow
        t = rng.randrange(7)
        return [("chow", s + t) for s in suits[: rng.choice((2, 3, 3))]]
    if kind == 5:      # mixed shifted chows
        t = rng.randrange(5)
        return [("chow", s + t + i) for i, s in enumerate(suits)]
    if kind == 6:      # terminal chows (老少副, 一色双龙会, 三色双龙会): the pair is a 5
        if r() < 0.5:
            return [("chow", b), ("chow", b + 6), ("chow", suits[1]), ("chow", suits[1] + 6)], suits[2] + 4
        if r() < 0.5:
            return [("chow", b), ("chow", b + 6)] * 2, b + 4
        return [("chow", b), ("chow", b + 6)]
    if kind == 7:      # short straight pairs (连六)
        t = rng.randrange(4)
        return [("chow", b + t), ("chow", b + t + 3)]
    if kind == 8:      # shifted pungs, one suit or mixed
        n = rng.choice((3, 3, 4))
        lo = rng.randrange(0, 10 - n)
        if r() < 0.5:
            return [("pung", b + lo + i) for i in range(n)]
        return [("pung", suits[i % 3] + lo + i) for i in range(min(n, 3))]
    if kind == 9:      # same-rank pungs (双同刻 / 三同刻)
        t = rng.randrange(9)
        return [("pung", s + t) for s in suits[: rng.choice((2, 3))]]
    if kind == 10:     # wind pungs (三风刻 / 小四喜 / 大四喜)
        winds = rng.sample(range(27, 31), 4)
        n = rng.choice((2, 3, 3, 4))
        sets = [("pung", w) for w in winds[:n]]
        return (sets, winds[n]) if n < 4 and r() < 0.4 else sets
    dragons = rng.sample(range(31, 34), 3)     # 双箭刻 / 小三元 / 大三元
    n = rng.choice((2, 2, 3))
    sets = [("pung", d) for d in dragons[:n]]
    return (sets, dragons[2]) if n == 2 and r() < 0.5 else sets


def _winning_sets(rng: random.Random, form: str, style: dict) -> _Hand | None:
    hand = _Hand()
    if form == "pattern":
        sets = _pattern_sets(rng)
        if isinstance(sets, tuple):
            sets, pair = sets
            hand.add((pair, pair))
            hand.loose += [pair, pair]
            style = dict(style, no_pair=True)
        for s in sets:
            if not hand.add_set(s):
                return None
    if form == "knitted_straight":
        suits = list(SUIT_BASES)
        rng.shuffle(suits)
        body = [s + r for s, ranks in zip(suits, KNITTED_RANKS) for r in ranks]
        hand.add(body)
        hand.loose += body
        hand.sets.append(("knitted", -1))     # placeholder: three of the four sets
        hand.sets.append(("knitted", -1))
        hand.sets.append(("knitted", -1))
    need = 4 - len(hand.sets)
    if form == "pattern" and rng.random() < 0.5:
        style = dict(STYLES[0][2], no_pair=style.get("no_pair", False))
    if not _fill_sets(rng, hand, need, style):
        return None
    hand.sets = [s for s in hand.sets if s[0] != "knitted"]
    return hand


def _special_tiles(rng: random.Random, form: str) -> list[int] | None:
    """The 14 tiles of a special winning hand (no melds possible)."""
    if form == "seven_pairs":
        if rng.random() < 0.15:     # seven shifted pairs
            b = rng.choice(SUIT_BASES) + rng.randrange(3)
            kinds = [b + i for i in range(7)]
        else:
            style = rng.choices([s for _, _, s in STYLES], [w for _, w, _ in STYLES])[0]
            pool = list(_resolve_kinds(rng, style.get("kinds")))
            if len(pool) < 4:
                return None
            kinds = [rng.choice(pool) for _ in range(7)] if rng.random() < 0.3 else \
                rng.sample(pool, min(7, len(pool)))
            if len(kinds) < 7:
                return None
        counts = [0] * 34
        for t in kinds:
            counts[t] += 2
        if max(counts) > 4:
            return None
        return [t for t in kinds for _ in range(2)]
    if form == "thirteen_orphans":
        base = list(TERMINALS + HONORS)
        return base + [rng.choice(base)]
    if form == "honors_knitted":
        suits = list(SUIT_BASES)
        rng.shuffle(suits)
        body = [s + r for s, ranks in zip(suits, KNITTED_RANKS) for r in ranks]
        if rng.random() < 0.25:      # greater honours and knitted tiles
            return list(HONORS) + rng.sample(body, 7)
        return rng.sample(body + list(HONORS), 14)
    if form == "nine_gates":
        b = rng.choice(SUIT_BASES)
        return [b, b, b] + [b + i for i in range(1, 8)] + [b + 8] * 3 + [b + rng.randrange(9)]
    raise ValueError(form)


_SOURCES = ("left", "across", "right")


def _meld_dict(rng: random.Random, s: Set, concealed_kong: bool) -> dict:
    kind, t = s
    tiles = _set_tiles(s)
    meld: dict = {"type": kind, "tiles": T.format_tiles(tiles)}
    if kind == "kong":
        meld["concealed"] = concealed_kong
        if concealed_kong:
            return meld
    if kind == "chow":
        if rng.random() < 0.8:
            meld["claimed"] = T.name(rng.choice(tiles))
            meld["from"] = "left"
        return meld
    if rng.random() < 0.85:
        meld["from"] = rng.choice(_SOURCES)
    if rng.random() < 0.3:
        meld["claimed"] = T.name(t)
    return meld


def _flowers(rng: random.Random):
    x = rng.random()
    if x < 0.35:
        return None
    if x < 0.75:
        return rng.randrange(9)
    return T.format_tiles(34 + f for f in rng.sample(range(8), rng.randrange(1, 9)))


def random_situation(rng: random.Random, form: str | None = None) -> dict:
    """One random legal winning situation (a docs/formats.md dict); ``form`` forces the hand's kind."""
    while True:
        sit = _try_situation(rng, form or rng.choices([f for f, _ in FORMS], [w for _, w in FORMS])[0])
        if sit is not None:
            return sit


def _try_situation(rng: random.Random, form: str) -> dict | None:
    melds: list[dict] = []
    if form in ("standard", "pattern", "knitted_straight"):
        style = rng.choices([s for _, _, s in STYLES], [w for _, w, _ in STYLES])[0]
        hand = _winning_sets(rng, form, style)
        if hand is None:
            return None
        standing = list(hand.loose)
        if form == "knitted_straight":
            max_melds = rng.randrange(2)
        else:
            max_melds = rng.choices((0, 1, 2, 3, 4), (30, 22, 20, 15, 13))[0]
        order = list(range(len(hand.sets)))
        rng.shuffle(order)
        melded = set(order[:max_melds])
        kong_p = rng.choice((0.1, 0.3, 0.7))
        for i, s in enumerate(hand.sets):
            kind, t = s
            can_kong = kind == "pung" and hand.counts[t] == 3
            if can_kong and rng.random() < kong_p and (i in melded or rng.random() < 0.5):
                hand.counts[t] += 1       # a standing pung may still become a concealed kong
                concealed = rng.random() < 0.35 if i in melded else True
                melds.append(_meld_dict(rng, ("kong", t), concealed_kong=concealed))
                continue
            if i in melded:
                melds.append(_meld_dict(rng, s, concealed_kong=False))
            else:
                standing += _set_tiles(s)
    else:
        tiles = _special_tiles(rng, form)
        if tiles is None:
            return None
        standing = tiles
    rng.shuffle(melds)
    win = standing[-1] if form == "nine_gates" and rng.random() < 0.6 else rng.choice(standing)
    standing.remove(win)
    return _with_flags(rng, standing, melds, win)


def _with_flags(rng: random.Random, standing: list[int], melds: list[dict], win: int) -> dict:
    self_drawn = rng.random() < 0.4
    kongs = sum(m["type"] == "kong" for m in melds)
    in_melds = sum(T.parse_tiles(m["tiles"]).count(win) for m in melds)
    held = standing.count(win) + in_melds
    sit: dict = {"hand": T.format_tiles(standing), "melds": melds, "win_tile": T.name(win),
                 "self_drawn": self_drawn,
                 "seat_wind": rng.choice(WIND_NAMES), "round_wind": rng.choice(WIND_NAMES)}
    after_kong = self_drawn and kongs and rng.random() < 0.3
    if after_kong:       # an int counts consecutive kongs before the winning replacement tile
        sit["after_kong"] = True if rng.random() < 0.7 else rng.randint(1, kongs)
    if not self_drawn and held == 0 and rng.random() < 0.25:
        sit["robbing_kong"] = True
    if not after_kong and rng.random() < 0.07 and "robbing_kong" not in sit:
        sit["last_tile"] = True     # (no kong is made, so none robbed, on the last tile)
    if win not in standing and rng.random() < 0.15:
        sit["fourth_tile"] = True
    if not self_drawn and "robbing_kong" not in sit and rng.random() < 0.03:
        sit["discard_after_kong"] = True
    if rng.random() < 0.25:
        sit["dealer"] = rng.random() < 0.5
        if sit["dealer"]:
            sit["seat_wind"] = "E"      # the dealer sits East
    flowers = _flowers(rng)
    if flowers is not None:
        sit["flowers"] = flowers
    return sit


def situations(seed: int, n: int, form: str | None = None) -> Iterator[dict]:
    """``n`` situations from one seed (the same seed always yields the same list)."""
    rng = random.Random(seed)
    for _ in range(n):
        yield random_situation(rng, form)


# -- ready hands for the waits benchmark -------------------------------------------------

def random_ready_hand(rng: random.Random, special: float = 0.0) -> tuple[int, ...]:
    """A sorted 13-tile concealed hand that is ready (tenpai) in the regular form.

    Built from a random 14-tile regular win (any style) minus one random tile, so it waits at
    least on that tile. With probability ``special`` the hand comes from a seven-pairs,
    thirteen-orphans or knitted win instead (ready in that form, maybe not in the regular one).
    """
    while True:
        if special and rng.random() < special:
            form = rng.choice(("seven_pairs", "thirteen_orphans", "honors_knitted"))
            tiles = _special_tiles(rng, form)
        else:
            style = rng.choices([s for _, _, s in STYLES], [w for _, w, _ in STYLES])[0]
            form = "pattern" if rng.random() < 0.25 else "standard"
            hand = _winning_sets(rng, form, style)
            tiles = None if hand is None else hand.loose + [t for s in hand.sets for t in _set_tiles(s)]
        if tiles is None:
            continue
        tiles.remove(rng.choice(tiles))
        return tuple(sorted(tiles))


def ready_hands(seed: int, n: int, special: float = 0.0) -> list[tuple[int, ...]]:
    rng = random.Random(seed)
    return [random_ready_hand(rng, special) for _ in range(n)]
