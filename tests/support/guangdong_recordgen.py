"""Random legal Guangdong records from a seeded ``random.Random``, for every profile: the wild
event (both forms), 跟庄, kongs of every kind by anyone (exposed ones fed by another seat,
kongs made on a replacement, ``after_kong``), wins self-drawn, on a kong's replacement (a chain
of one or two kongs), on a discard (several winners of one discard), robbing an added kong
(several robbers), horses per winner, 莲花's 红中 set aside, 包's ``claim_liable``, drawn hands
and ``end``, with a ``dealer_streak``.

Every record deals from one table of tiles (``_Wall``: four copies of each kind, a bonus kind
as many as the table has): the wild indicator turned up, every kong, every winner's hand (a
discard several players win on and a robbed kong's tile counted once) and the horses turned for
each winner all come out of it, so no kind is ever shown more than four times. Each profile
plays its hands with one group of kinds and its kongs with another (``Profile``), and a winner
who made kongs shows them as melds. A win the ruleset refuses (a discard below the minimum, a
forbidden method) is turned into a self-draw, else the hand is drawn again.
"""
from __future__ import annotations

import random
from typing import NamedTuple

from mahjong_core.engine import tiles as T
from mahjong_core.engine.errors import MahjongError
from mahjong_guangdong.settle import ONE_WINNER

SEATS = 4


class Profile(NamedTuple):
    hand: str                 # the kinds the winning hands are made of
    kongs: str                # the kinds every kong event uses (never in a hand but as a kong meld)
    wild: str = ""            # the kinds a wild event may name ("" : no wild event)
    fixed_wild: str = ""      # the always-wild kind a wild event may repeat (莲花)
    bonus: str = ""           # a bonus kind a situation may list in flowers (莲花's 红中)


PROFILES = {
    "guangdong": Profile("123456789m123456789s1234567z", "123456789p"),
    "guangdong-jipinghu": Profile("123456789m123456789s1234567z", "123456789p"),
    "guangdong-100": Profile("123456789m1234z", "123456789s567z"),
    "guangdong-tuidaohu": Profile("123456789m123456789s1234567z", "123456789p", wild="123456789m123456789s1234567z"),
    "guangdong-lianhua": Profile("123456789m123456789s12346z", "123456789p", fixed_wild="5z", bonus="7z"),
    "guangdong-bao": Profile("123456789p1234567z", "123456789s19m", wild="123456789p1234567z"),
}


class _Wall:
    """The tiles of one table and how many of each kind the record has shown so far."""

    def __init__(self, rules):
        self.copies = [4] * T.NUM_KINDS
        for kind, n in rules.table.bonus.items():
            self.copies[kind] = n
        self.shown = [0] * T.NUM_KINDS

    def fits(self, tiles) -> bool:
        need = [0] * T.NUM_KINDS
        for t in tiles:
            need[t] += 1
        return all(self.shown[t] + need[t] <= self.copies[t] for t in set(tiles))

    def take(self, tiles) -> bool:
        """Show ``tiles`` if the table still has them; whether it did."""
        tiles = list(tiles)
        if not self.fits(tiles):
            return False
        for t in tiles:
            self.shown[t] += 1
        return True

    def draw(self, rng, kinds, n: int) -> list[int]:
        """``n`` tiles of ``kinds`` turned from what is left of the table."""
        left = [k for k in sorted(kinds) for _ in range(self.copies[k] - self.shown[k])]
        out = rng.sample(left, n)
        self.take(out)
        return out


def _sets(rng, kinds: list[int], n: int, counts: list[int], runs: bool) -> list[tuple[int, ...]] | None:
    have = set(kinds)
    starts = [t for t in kinds if t < 27 and t % 9 <= 6 and {t + 1, t + 2} <= have]
    out = []
    for _ in range(n):
        for _try in range(20):
            if runs and starts and rng.random() < 0.5:
                t = rng.choice(starts)
                tiles = (t, t + 1, t + 2)
            else:
                t = rng.choice(kinds)
                tiles = (t, t, t)
            if all(counts[x] + tiles.count(x) <= 4 for x in tiles):
                for x in tiles:
                    counts[x] += 1
                out.append(tiles)
                break
        else:
            return None
    return out


def winning_hand(rng, profile: Profile, kong_melds: list[dict], wall: _Wall | None = None, *,
                 pair: int | None = None, single: int | None = None, flush: bool = False) -> dict | None:
    """A standard winning situation over the profile's hand kinds with ``kong_melds`` declared
    and up to two pungs declared too, from the tiles ``wall`` has not shown yet (the kong melds'
    tiles are the kong events' own). ``pair``: the winning tile completes this pair (a discard
    the wall has shown already, won on again); ``single``: the winning tile is this kind, held
    nowhere else, in a run (a robbed kong, whose tile the wall has shown); ``flush``: one suit
    only, or one suit and honours (the big hands a discard may win). The caller shows the hand
    (``_show``)."""
    kinds = T.parse_tiles(profile.hand)
    if flush:
        suit = rng.choice(sorted({k // 9 for k in kinds if k < 27}))
        kinds = [k for k in kinds if k // 9 == suit or (k >= 27 and rng.random() < 0.3)]
    counts = list(wall.shown) if wall is not None else [0] * T.NUM_KINDS
    n = 4 - len(kong_melds)
    sets: list[tuple[int, ...]] = []
    if single is not None:
        run = (single, single + 1, single + 2)          # the caller picks a kind that starts a run
        if n < 1 or any(counts[t] >= 4 for t in run[1:]):
            return None
        for t in run[1:]:
            counts[t] += 1
        sets.append(run)
        n -= 1
        kinds = [k for k in kinds if k != single]
    if n < 0:
        return None
    more = _sets(rng, kinds, n, counts, runs=True)
    if more is None:
        return None
    sets += more
    if pair is None:
        pairs = [k for k in kinds if counts[k] <= 2]
        if not pairs:
            return None
        p = rng.choice(pairs)
        counts[p] += 2
    else:
        p = pair                                        # one of the two is the discard, shown already
        counts[p] += 1
    if counts[p] > 4:
        return None
    melds = list(kong_melds)
    standing = [p, p]
    for i, s in enumerate(sets):
        if i > 0 or single is None:
            if s[0] == s[1] and len(melds) < len(kong_melds) + 2 and rng.random() < 0.3:
                melds.append({"type": "pung", "tiles": T.format_tiles(s)})
                continue
        standing += s
    if pair is not None:
        win = pair
    elif single is not None:
        win = single
    else:
        win = rng.choice(standing)
    standing.remove(win)
    return {"hand": T.format_tiles(sorted(standing)), "win_tile": T.name(win), "melds": melds}


def _show(wall: _Wall, sit: dict, *, shown_win: bool = False) -> bool:
    """Show a winner's tiles on ``wall``: hand, win tile (unless ``shown_win``: the discard
    another winner took too, or a robbed kong's tile), pungs and bonus tiles; its kong melds are
    its kong events'. Whether the table had them."""
    tiles = list(T.parse_tiles(sit["hand"])) + list(T.parse_tiles(sit.get("flowers", "")))
    if not shown_win:
        tiles.append(T.tile(sit["win_tile"]))
    for m in sit["melds"]:
        if m["type"] != "kong":
            tiles += T.parse_tiles(m["tiles"])
    return wall.take(tiles)


class _Kongs:
    """The kong kinds not used yet in this record, each taken whole from the wall."""

    def __init__(self, rng, profile: Profile, wall: _Wall):
        self.left = list(T.parse_tiles(profile.kongs))
        self.wall = wall
        rng.shuffle(self.left)

    def take(self) -> int | None:
        while self.left:
            tile = self.left.pop()
            if self.wall.take([tile] * 4):
                return tile
        return None


def _kong_events(rng, seat: int, kongs: _Kongs, n: int, chain: bool) -> list[dict]:
    """``n`` kongs of ``seat``; with ``chain`` each after the first is made on the replacement of
    the one before (so it is never exposed)."""
    out = []
    for i in range(n):
        tile = kongs.take()
        if tile is None:
            break
        linked = chain and i > 0
        kind = rng.choice(("added", "concealed") if linked else ("exposed", "added", "concealed"))
        e = {"type": "kong", "seat": seat, "kind": kind, "tile": T.name(tile)}
        if kind == "exposed":
            e["from"] = rng.choice([s for s in range(SEATS) if s != seat])
        if linked:
            e["after_kong"] = True
        out.append(e)
    return out


def _meld(e: dict) -> dict:
    return {"type": "kong", "tiles": T.format_tiles((T.tile(e["tile"]),) * 4), "concealed": e["kind"] == "concealed"}


def _melds(events: list[dict], seat: int) -> list[dict]:
    """The kong melds of ``seat``'s kong events: a winner shows the kongs it made."""
    return [_meld(e) for e in events if e["type"] == "kong" and e["seat"] == seat]


def _horses(rng, rules, wall: _Wall) -> str:
    """The horses turned for a winner: 8–10 tiles (≥ every profile's N) from what is left."""
    kinds = rules.table.kinds | set(rules.table.bonus)
    return T.format_tiles(wall.draw(rng, kinds, rng.randint(8, 10)))


def _accepts(rules, sit: dict, dealer: bool, wilds: str) -> bool:
    probe = dict(sit, dealer=dealer)
    if wilds and "wilds" not in probe:
        probe["wilds"] = wilds
    try:
        rules.score(probe)
    except MahjongError:
        return False
    return True


def random_record(rules, rng: random.Random, name: str) -> dict:
    """One random legal record for ruleset ``rules`` (profile ``name``, module doc)."""
    profile = PROFILES[name]
    for _ in range(100):
        record = _try(rules, rng, profile)
        if record is not None:
            return record
    raise AssertionError(f"{name}: no legal record in 100 tries")


def _try(rules, rng, profile: Profile) -> dict | None:
    dealer = rng.randrange(SEATS)
    events: list[dict] = []
    wall = _Wall(rules)
    wilds = ""
    if profile.wild and rng.random() < 0.8:
        kind = rng.choice(T.parse_tiles(profile.wild))
        how = rng.choice(("tile", "indicator"))
        events.append({"type": "wild", how: T.name(kind)})
        wilds = T.name(kind)
        if how == "indicator":
            wall.take([kind])                           # the tile turned up
    elif profile.fixed_wild and rng.random() < 0.3:
        events.append({"type": "wild", "tile": profile.fixed_wild})
    if rng.random() < 0.2:
        events.append({"type": "follow_dealer"})
    kongs = _Kongs(rng, profile, wall)
    several = rules.settlement_rule.item.id not in ONE_WINNER
    methods = rules.table.win_methods
    outcome = rng.choice(("draw",) + methods + ("self_drawn",))
    winner = rng.randrange(SEATS)
    for _ in range(rng.randint(0, 2)):
        other = rng.choice([s for s in range(SEATS) if s != winner])
        events += _kong_events(rng, other, kongs, rng.randint(1, 2), rng.random() < 0.3)
    wins: list[dict] = []
    if outcome == "robbing_kong":
        robbed = rng.choice([s for s in range(SEATS) if s != winner])
        kinds = [k for k in T.parse_tiles(profile.hand) if k < 27 and k % 9 <= 6
                 and {k + 1, k + 2} <= set(T.parse_tiles(profile.hand))]
        tile = rng.choice(kinds)
        if not wall.take([tile] * 4):
            return None
        events.append({"type": "kong", "seat": robbed, "kind": "added", "tile": T.name(tile)})
        robbers = [winner] + [s for s in range(SEATS) if s not in (winner, robbed) and several and rng.random() < 0.25]
        for seat in robbers:
            sit = winning_hand(rng, profile, _melds(events, seat), wall, single=tile)
            if sit is None or not _accepts(rules, dict(sit, robbing_kong=True), seat == dealer, wilds) \
                    or not _show(wall, sit, shown_win=True):
                return None
            wins.append({"type": "win", "seat": seat, "from": robbed, "situation": dict(sit, robbing_kong=True)})
    elif outcome in ("self_drawn", "discard"):
        own = _kong_events(rng, winner, kongs, rng.choice((0, 0, 1, 2)), rng.random() < 0.5)
        events += own
        sit = winning_hand(rng, profile, _melds(own, winner), wall, flush=rng.random() < 0.3)
        if sit is None:
            return None
        discarder = rng.choice([s for s in range(SEATS) if s != winner]) if outcome == "discard" else None
        if discarder is None and own and rng.random() < 0.5:
            chain = 1
            while chain < len(own) and own[-chain].get("after_kong"):
                chain += 1
            sit["after_kong"] = chain
        if rng.random() < 0.3 and any(f.name == "claim_liable" for f in rules.table.extras):
            sit["extras"] = {"claim_liable": rng.choice([s for s in range(SEATS) if s != winner])}
        if profile.bonus and rng.random() < 0.5:
            # the fourth bonus tile is a win of its own (table.bonus_win): drawn, whatever the rest
            bonus_win = discarder is None and rng.random() < 0.2
            sit["flowers"] = profile.bonus * (3 if bonus_win else rng.randint(1, 3))
            if bonus_win:
                sit["win_tile"] = profile.bonus
        if profile.fixed_wild and rng.random() < 0.4:
            hand = list(T.parse_tiles(sit["hand"]))
            hand[rng.randrange(len(hand))] = T.tile(profile.fixed_wild)
            sit["hand"] = T.format_tiles(sorted(hand))
        if discarder is not None and not _accepts(rules, dict(sit, self_drawn=False), winner == dealer, wilds):
            discarder = None
        if not _accepts(rules, dict(sit, self_drawn=discarder is None), winner == dealer, wilds) \
                or not _show(wall, sit):
            return None
        win = {"type": "win", "seat": winner, "situation": sit}
        if discarder is not None:
            win["from"] = discarder
        wins.append(win)
        if discarder is not None and several and rng.random() < 0.3:
            other = rng.choice([s for s in range(SEATS) if s not in (winner, discarder)])
            for _try_hand in range(3):                  # a hand that fits beside the first and wins on a discard
                more = winning_hand(rng, profile, _melds(events, other), wall, pair=T.tile(sit["win_tile"]),
                                    flush=rng.random() < 0.3)
                if more is not None and _accepts(rules, dict(more, self_drawn=False), other == dealer, wilds) \
                        and _show(wall, more, shown_win=True):
                    wins.append({"type": "win", "seat": other, "from": discarder, "situation": more})
                    break
    for w in wins:
        events.append(w)
    for w in wins:
        if rng.random() < 0.8:
            events.append({"type": "horses", "seat": w["seat"], "tiles": _horses(rng, rules, wall)})
    if rng.random() < 0.3:
        events.append({"type": "end"})
    return {"seats": SEATS, "dealer": dealer, "dealer_streak": rng.randint(0, 3), "events": events}


def records(rules, name: str, seed: int, n: int) -> list[dict]:
    """``n`` random legal records for ``rules``; the same seed gives the same list."""
    rng = random.Random(seed)
    return [random_record(rules, rng, name) for _ in range(n)]
