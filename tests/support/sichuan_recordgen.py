"""Random legal Sichuan records, driven by any source of choices: a seeded ``random.Random``
(the golden ledgers in tests/sichuan/data/sichuan_ledgers.json) or a hypothesis ``draw`` (the
property tests). Kongs of every kind (late added ones too), wins on a discard, self-drawn, on a
kong's replacement tile (right after the winner's kong), robbing a kong, after a kong (呼叫转移), several winners of one
discard, and the end of the wall.

Every tile is dealt from one table of 108 (four of each kind), counted the way the record's
parser counts it (``_Table`` and ``_check_possible`` in mahjong_core/engine/records.py): of each kind,
a seat holds the most any of its events shows it holding (a kong event holds all four), a
discard that one or several players win on is one more copy, and the tile a robbing win takes
stays in the robbed kong. ``Table`` keeps that count, and every hand is built from what it has
left, so no record shows a fifth copy of a kind.

Hands are built set by set (``build``) from the seat's two suits (the ones beside its void) or,
now and then, one of them (清一色): four sets (pungs, runs, kong melds; all pungs now and then)
and a pair, or seven pairs (a four among them for 龙七对); four kong melds make 十八罗汉. A seat
shows the kongs it has made as kong melds. The winning tile is any tile of the hand's sets or
pair (on a discard, one of a kind with a copy left for the discarder), or, when it is given
(the discard a second winner takes, the tile a win robs), a tile of the pair, a pung or a run
built around it; a robbing win holds no other copy, so it waits on a run. End-of-wall hands: a winning hand less one tile (ready), random tiles of the seat's two
suits (seldom ready), random tiles of all three suits (a flower pig), or random tiles beside a
kong meld more.
"""
from __future__ import annotations

import random
from collections import Counter

from mahjong_core.engine import tiles as T

RULESETS = ("sichuan", "sichuan-xueliu", "sichuan-tencent")
SUITS = "mps"                   # tile t (0–26) is of suit SUITS[t // 9], rank t % 9 + 1


class Seeded:
    """The choices of a seeded generator."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def integers(self, lo: int, hi: int) -> int:
        return self.rng.randint(lo, hi)

    def sampled_from(self, items):
        return self.rng.choice(list(items))

    def booleans(self) -> bool:
        return self.rng.random() < 0.5


class Drawn:
    """The choices of a hypothesis ``draw``."""

    def __init__(self, draw):
        from hypothesis import strategies as st
        self.draw, self.st = draw, st

    def integers(self, lo: int, hi: int) -> int:
        return self.draw(self.st.integers(lo, hi))

    def sampled_from(self, items):
        return self.draw(self.st.sampled_from(list(items)))

    def booleans(self) -> bool:
        return self.draw(self.st.booleans())


class Table:
    """The 108 tiles as the record's parser counts them (module doc): ``held[seat]`` the most of
    each kind any of the seat's events shows, ``claimed`` the discards won on, ``konged`` the
    kinds a kong event took, ``kongs[seat]`` the seat's completed kongs as (tile, concealed),
    ``dead`` the kinds whose kong was robbed (the victim keeps a pung no hand shows)."""

    def __init__(self, seats: int = 4):
        self.held = [Counter() for _ in range(seats)]
        self.claimed: Counter = Counter()
        self.konged: set[int] = set()
        self.kongs: list[list[tuple[int, bool]]] = [[] for _ in range(seats)]
        self.dead: set[int] = set()

    def copy(self) -> Table:
        other = Table(len(self.held))
        other.held = [Counter(h) for h in self.held]
        other.claimed = Counter(self.claimed)
        other.konged = set(self.konged)
        other.kongs = [list(k) for k in self.kongs]
        other.dead = set(self.dead)
        return other

    def free(self, t: int) -> int:
        """Copies of kind t no event has shown yet."""
        return 4 - sum(h[t] for h in self.held) - self.claimed[t]

    def limits(self, seat: int, discard: int | None = None) -> list[int]:
        """The most copies of each kind the seat's next hand may show: what is free and what it
        already holds. ``discard``: a tile it wins on that is already on the table (the discard
        another winner took, or the tile of the kong it robs), one copy more."""
        out = [0 if t in self.dead else min(4, self.free(t) + self.held[seat][t]) for t in range(27)]
        if discard is not None:
            out[discard] = min(4, out[discard] + 1)
        return out

    def can_kong(self, seat: int, t: int) -> bool:
        """A kind is konged once, and only while no other seat shows a copy."""
        return t not in self.konged and t not in self.dead and self.free(t) + self.held[seat][t] == 4

    def show(self, seat: int, counts: Counter) -> None:
        held = self.held[seat]
        for t, n in counts.items():
            held[t] = max(held[t], n)

    def kong(self, seat: int, t: int, concealed: bool, robbed: bool = False) -> None:
        self.konged.add(t)
        self.show(seat, Counter({t: 4}))
        if robbed:
            self.dead.add(t)
        else:
            self.kongs[seat].append((t, concealed))


def _runs_with(t: int) -> list[int]:
    """The first tiles of the runs that hold t."""
    return [s for s in range(t - 2, t + 1) if s // 9 == t // 9 and 0 <= s % 9 <= 6]


def build(pick, limit: list[int], suits: list[int], fixed=(), tile: int | None = None):
    """A complete hand, (concealed tiles, kong melds as (tile, concealed)), of at most
    ``limit[t]`` copies of each kind, from ``suits`` (suit indices), with the kong melds
    ``fixed`` and, when given, ``tile`` in its pair, a pung or a run. None when what is left
    cannot make one."""
    need = {t // 9 for t, _ in fixed} | ({tile // 9} if tile is not None else set())
    if not need <= set(suits):
        return None
    if pick.integers(0, 3) == 0 and len(need) <= 1:                 # 清一色
        suits = sorted(need) or [pick.sampled_from(suits)]
    kinds = [t for t in range(27) if t // 9 in suits]
    used = Counter({t: 4 for t, _ in fixed})
    melds = list(fixed)
    concealed: list[int] = []

    def room(t: int) -> int:
        return limit[t] - used[t]

    def take(*ts: int) -> None:
        used.update(ts)
        concealed.extend(ts)

    def pair() -> bool:
        """Take a pair of a kind with two copies left; False when none has."""
        options = [t for t in kinds if room(t) >= 2]
        if options:
            t = pick.sampled_from(options)
            take(t, t)
        return bool(options)

    if not fixed and (tile is None or room(tile) >= 2) and pick.integers(0, 4) == 0:     # seven pairs
        if tile is not None:
            take(tile, tile)
        while len(concealed) < 14:
            if not pair():
                return None
        return sorted(concealed), melds
    kongs = max(len(fixed), pick.sampled_from((0, 0, 0, 0, 1, 1, 2, 4)))
    sets = 4 - kongs
    pungs_only = kongs == 4 or pick.integers(0, 2) == 0              # 对对胡
    needs_pair = True
    if tile is not None:                                             # the group the tile completes
        forms = [("pair", tile)] if room(tile) >= 2 else []
        if sets and room(tile) >= 3:
            forms.append(("pung", tile))
        if sets:
            forms += [("run", s) for s in _runs_with(tile) if all(room(s + i) >= 1 for i in range(3))]
        if not forms:
            return None
        form, t = pick.sampled_from(forms)
        if form == "pair":
            take(t, t)
            needs_pair = False
        elif form == "pung":
            take(t, t, t)
            sets -= 1
        else:
            take(t, t + 1, t + 2)
            sets -= 1
            pungs_only = False
    for _ in range(kongs - len(fixed)):
        options = [t for t in kinds if room(t) >= 4 and t != tile]
        if not options:
            return None
        t = pick.sampled_from(options)
        used[t] += 4
        melds.append((t, pick.booleans()))
    for _ in range(sets):
        pungs = [("pung", t) for t in kinds if room(t) >= 3]
        runs = [("run", t) for t in kinds if t % 9 <= 6 and all(room(t + i) >= 1 for i in range(3))]
        first, second = (pungs, runs) if pungs_only or pick.booleans() else (runs, pungs)
        options = first or (second if not pungs_only else [])
        if not options:
            return None
        form, t = pick.sampled_from(options)
        take(*((t, t, t) if form == "pung" else (t, t + 1, t + 2)))
    if needs_pair and not pair():
        return None
    return sorted(concealed), melds


def situation(concealed: list[int], melds, win: int | None) -> dict:
    """A situation (or, with ``win`` None, an end-of-wall hand) in the record's notation."""
    hand = list(concealed)
    if win is not None:
        hand.remove(win)
    out = {"hand": T.format_tiles(hand)}
    if melds:
        out["melds"] = [{"type": "kong", "tiles": T.format_tiles([t] * 4), "concealed": c} for t, c in melds]
    if win is not None:
        out["win_tile"] = T.name(win)
    return out


def shown(concealed: list[int], melds, less: int | None = None) -> Counter:
    """The tiles a hand shows the table, less the discard it wins on."""
    counts = Counter(concealed)
    for t, _ in melds:
        counts[t] += 4
    if less is not None:
        counts[less] -= 1
    return counts


def draw_tiles(pick, limit: list[int], suits: list[int], n: int, fixed=(), every_suit=False):
    """n random tiles of ``suits`` (each of them, with ``every_suit``, held in the hand or its
    kong melds) beside the kong melds ``fixed``; None when the table has too few."""
    used = Counter({t: 4 for t, _ in fixed})
    out: list[int] = []
    missing = sorted(set(suits) - {t // 9 for t, _ in fixed}) if every_suit else []
    for i in range(n):
        wanted = [missing[i]] if i < len(missing) else suits
        options = [t for t in range(27) if t // 9 in wanted and limit[t] > used[t]]
        if not options:
            return None
        t = pick.sampled_from(options)
        used[t] += 1
        out.append(t)
    if len(missing) > n:
        return None
    return sorted(out), list(fixed)


def end_hand(pick, table: Table, seat: int, void: str):
    """A standing hand for the end of the wall (module doc), shown on ``table``; None when the
    table has too few tiles left for it."""
    suits = [i for i, s in enumerate(SUITS) if s != void]
    limit = table.limits(seat)
    fixed = table.kongs[seat]
    size = 13 - 3 * len(fixed)
    form = pick.integers(0, 4)
    hand = None
    if form <= 1:                                                    # ready
        built = build(pick, limit, suits, fixed)
        if built is not None:
            concealed, melds = built
            concealed.remove(pick.sampled_from(sorted(set(concealed))))
            hand = built
    elif form == 3:                                                  # flower pig
        hand = draw_tiles(pick, limit, [0, 1, 2], size, fixed, every_suit=True)
    elif form == 4 and len(fixed) < 4:                               # a kong meld more
        options = [t for t in range(27) if t // 9 in suits and limit[t] == 4 and t not in dict(fixed)]
        if options:
            extra = list(fixed) + [(pick.sampled_from(options), pick.booleans())]
            hand = draw_tiles(pick, limit, suits, size - 3, extra)
    if hand is None:                                                 # random tiles of two suits
        hand = draw_tiles(pick, limit, suits, size, fixed)
        if hand is None:
            return None
    concealed, melds = hand
    table.show(seat, shown(concealed, melds))
    return situation(concealed, melds, None)


def make_record(pick) -> tuple[str, dict]:
    """(ruleset name, record) from the choices ``pick`` makes."""
    name = pick.sampled_from(RULESETS)
    blood_battle = name != "sichuan-xueliu"
    voids = [pick.sampled_from(SUITS) for _ in range(4)]
    suits_of = [[i for i, s in enumerate(SUITS) if s != voids[seat]] for seat in range(4)]
    events: list[dict] = [{"type": "void", "seat": s, "suit": voids[s]} for s in range(4) if pick.booleans()]
    table = Table()
    won: set[int] = set()
    for _ in range(pick.integers(0, 9)):
        live = [s for s in range(4) if not (blood_battle and s in won)]
        if len(live) < 2:
            break
        if pick.integers(0, 2) == 0:                                    # a kong
            seat = pick.sampled_from(live)
            kind = pick.sampled_from(["concealed", "exposed", "added"])
            options = [t for t in range(27) if t // 9 in suits_of[seat] and table.can_kong(seat, t)]
            if not options or len(table.kongs[seat]) >= 4:
                continue
            tile = pick.sampled_from(options)
            event = {"type": "kong", "seat": seat, "kind": kind, "tile": T.name(tile)}
            if kind == "exposed":
                event["from"] = pick.sampled_from([s for s in live if s != seat])
            elif kind == "added" and pick.integers(0, 3) == 0:
                event["late"] = True
            events.append(event)
            table.kong(seat, tile, kind == "concealed")
            continue
        seat = pick.sampled_from(live)
        suits = suits_of[seat]
        if pick.booleans():                                             # self-drawn
            built = build(pick, table.limits(seat), suits, table.kongs[seat])
            if built is None:
                continue
            concealed, melds = built
            sit = situation(concealed, melds, pick.sampled_from(sorted(set(concealed))))
            fresh = [m for m in melds if m not in table.kongs[seat] and m[0] not in table.konged]
            if fresh and pick.booleans():
                # a win on a kong's replacement tile follows its winner's kong: the hand's last
                # kong meld that no kong event has taken
                tile, hidden = fresh[-1]
                sit["after_kong"] = True
                events.append({"type": "kong", "seat": seat, "kind": "concealed" if hidden else "added",
                               "tile": T.name(tile)})
                table.kong(seat, tile, hidden)
            table.show(seat, shown(concealed, melds))
            events.append({"type": "win", "seat": seat, "situation": sit})
            won.add(seat)
            continue
        feeder = pick.sampled_from([s for s in live if s != seat])
        how = pick.integers(0, 3)
        trial = table.copy()
        flags: dict = {}
        robbed = None
        if how == 1 and trial.kongs[feeder]:
            flags["discard_after_kong"] = True
        elif how == 2:
            options = [t for t in range(27) if t // 9 in suits and SUITS[t // 9] != voids[feeder]
                       and trial.can_kong(feeder, t)]
            if options:                         # the feeder adds a kong, and the winner robs it
                robbed = pick.sampled_from(options)
                trial.kong(feeder, robbed, False, robbed=True)
                flags["robbing_kong"] = True
        built = build(pick, trial.limits(seat, robbed), suits, trial.kongs[seat], robbed)
        if built is None:
            continue
        concealed, melds = built
        if robbed is None:                      # the discard is one more copy on the table
            options = sorted(t for t in set(concealed) if trial.free(t) >= 1)
            if not options:
                continue
            tile = pick.sampled_from(options)
            trial.claimed[tile] += 1
        else:
            tile = robbed
            events.append({"type": "kong", "seat": feeder, "kind": "added", "tile": T.name(tile)})
        trial.show(seat, shown(concealed, melds, tile))
        events.append({"type": "win", "seat": seat, "from": feeder,
                       "situation": {**situation(concealed, melds, tile), **flags}})
        won.add(seat)
        for other in live:                       # 一炮多响: another player wins on the same tile
            if other in (seat, feeder) or pick.integers(0, 2):
                continue
            built = build(pick, trial.limits(other, tile), suits_of[other], trial.kongs[other], tile)
            if built is None:
                continue
            concealed, melds = built
            trial.show(other, shown(concealed, melds, tile))
            events.append({"type": "win", "seat": other, "from": feeder,
                           "situation": {**situation(concealed, melds, tile), **flags}})
            won.add(other)
        table = trial
    live = [s for s in range(4) if not (blood_battle and s in won)]
    if len(live) >= 2 and pick.booleans():
        trial = table.copy()
        hands = {}
        for s in live:
            hand = end_hand(pick, trial, s, voids[s])
            if hand is None:
                break
            hands[str(s)] = hand
        else:
            events.append({"type": "end", "hands": hands})
    return name, {"ruleset": name, "seats": 4, "dealer": pick.integers(0, 3), "events": events}


def seeded_records(count: int, seed: int = 15) -> list[tuple[str, dict]]:
    return [make_record(Seeded(seed * 100_000 + i)) for i in range(count)]
