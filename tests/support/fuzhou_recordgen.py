"""Random legal Fuzhou hands and records from a seeded ``random.Random``, for the property tests
(tests/fuzhou/test_fuzhou_properties.py) and the benchmark: five sets and a pair of suited tiles with
up to three golds (wild, or at face value), melds (chows, pungs, kongs of every kind), bonus
tiles (honours and flowers), and records with the ``wild`` event, discards (a discarded gold
where the line allows it), kongs, 天胡, 抢金, 三金倒, discard wins, robbed added kongs (classic),
the dealer streak and drawn hands."""
from __future__ import annotations

import random

from mahjong_core.engine import tiles as T

SEATS = 4
FLOWER_KINDS = tuple(range(34, 42))
HONOURS = tuple(range(27, 34))


def _cap(t: int, gold: int, face_up: bool) -> int:
    """Copies of ``t`` a hand may hold: three of the gold (four when it takes the face-up one)."""
    return 4 if t != gold or face_up else 3


def _sets(rng: random.Random, counts: list[int], n: int, gold: int, face_up: bool) -> list[tuple[int, ...]] | None:
    out = []
    for _ in range(n):
        for _attempt in range(40):
            if rng.random() < 0.6:
                t = rng.choice([k for k in range(27) if k % 9 <= 6])
                need = (t, t + 1, t + 2)
            else:
                t = rng.randrange(27)
                need = (t, t, t)
            if all(counts[x] + need.count(x) <= _cap(x, gold, face_up) for x in need):
                for x in need:
                    counts[x] += 1
                out.append(need)
                break
        else:
            return None
    return out


def bonus_tiles(rng: random.Random):
    """Bonus tiles set aside: notation with honours (several copies) and flowers, or a number."""
    if rng.random() < 0.1:
        return rng.randint(0, 8)
    tiles = [f for f in FLOWER_KINDS if rng.random() < 0.2]
    for h in HONOURS:
        if rng.random() < 0.15:
            tiles += [h] * (4 if rng.random() < 0.25 else rng.randint(1, 3))
    return T.format_tiles(sorted(tiles))


def winning_hand(rng: random.Random, gold: int, *, melds: int | None = None, face_up: bool = False,
                 extra_golds: int | None = None) -> dict:
    """A winning 16 + 1 situation (no method flags): five sets and a pair, ``melds`` of the sets
    declared (none holding the gold), then up to ``extra_golds`` concealed tiles turned into
    golds (at most three golds in play). Its ``kongs`` list says how each kong meld was made."""
    while True:
        counts = [0] * T.NUM_KINDS
        sets = _sets(rng, counts, 5, gold, face_up)
        pairs = [t for t in range(27) if counts[t] + 2 <= _cap(t, gold, face_up)]
        if sets is None or not pairs:
            continue
        pair = rng.choice(pairs)
        counts[pair] += 2
        n_melds = rng.choice((0, 0, 1, 1, 2, 3)) if melds is None else melds
        meldable = [i for i, s in enumerate(sets) if gold not in s]
        rng.shuffle(meldable)
        chosen = set(meldable[:n_melds])
        standing = [pair, pair]
        out_melds, kongs = [], []
        for i, s in enumerate(sets):
            if i not in chosen:
                standing += s
            elif s[0] != s[1]:
                out_melds.append({"type": "chow", "tiles": T.format_tiles(s)})
            elif counts[s[0]] == 3 and rng.random() < 0.5:
                counts[s[0]] += 1
                kind = rng.choice(("exposed", "added", "concealed"))
                kongs.append((kind, s[0]))
                out_melds.append({"type": "kong", "tiles": T.format_tiles((s[0],) * 4), "concealed": kind == "concealed"})
            else:
                out_melds.append({"type": "pung", "tiles": T.format_tiles(s)})
        golds = standing.count(gold)
        budget = min(3 - golds, rng.choice((0, 0, 1, 1, 2, 3)) if extra_golds is None else extra_golds)
        for _ in range(max(0, budget)):
            natural = [i for i, t in enumerate(standing) if t != gold]
            standing[rng.choice(natural)] = gold
        rng.shuffle(standing)
        return {"standing": standing, "melds": out_melds, "kongs": kongs}


def _situation(hand: dict, win: int, flowers) -> dict:
    rest = list(hand["standing"])
    rest.remove(win)
    return {"hand": T.format_tiles(sorted(rest)), "melds": hand["melds"], "win_tile": T.name(win), "flowers": flowers}


def random_situation(rng: random.Random, gold: int | None = None) -> dict:
    """A random legal scoring situation (``wilds`` = the gold): a discard or self-drawn win."""
    gold = rng.randrange(27) if gold is None else gold
    hand = winning_hand(rng, gold)
    self_drawn = rng.random() < 0.5
    choices = hand["standing"] if self_drawn else [t for t in hand["standing"] if t != gold] or None
    if choices is None:
        return random_situation(rng, gold)
    sit = _situation(hand, rng.choice(choices), bonus_tiles(rng))
    sit.update(wilds=T.name(gold), self_drawn=self_drawn, dealer=rng.random() < 0.25)
    return sit


def random_record(rng: random.Random, classic: bool) -> dict:
    """A random legal record for ``fuzhou`` (classic False) or ``fuzhou-classic``."""
    gold = rng.randrange(27)
    dealer = rng.randrange(SEATS)
    events: list[dict] = [{"type": "wild", "indicator": T.name(gold)} if rng.random() < 0.5
                          else {"type": "wild", "tile": T.name(gold)}]
    record = {"ruleset": "fuzhou-classic" if classic else "fuzhou", "dealer": dealer,
              "dealer_streak": rng.randint(0, 4), "events": events}
    kind = rng.choices(("plain", "tianhu", "qiangjin", "sanjindao", "drawn"), (80, 4, 4, 4, 8))[0]
    winner = dealer if kind == "tianhu" else rng.randrange(SEATS)
    others = [s for s in range(SEATS) if s != winner]

    def discards(n: int, allow_gold_by=()):
        for _ in range(n):
            seat = rng.randrange(SEATS)
            tile = gold if seat in allow_gold_by and rng.random() < 0.3 else rng.choice([t for t in range(27) if t != gold])
            events.append({"type": "discard", "seat": seat, "tile": T.name(tile)})

    if kind == "drawn":
        discards(rng.randint(0, 6), others if classic else ())
        if rng.random() < 0.5:
            t = rng.choice([t for t in range(27) if t != gold])
            events.append({"type": "kong", "seat": rng.randrange(SEATS), "kind": "concealed", "tile": T.name(t)})
        if rng.random() < 0.5:
            events.append({"type": "end"})
        return record
    flowers = bonus_tiles(rng)
    if kind == "tianhu":
        hand = winning_hand(rng, gold, melds=0)
        sit = _situation(hand, rng.choice(hand["standing"]), flowers)
        sit["first_turn"] = True
        events.append({"type": "win", "seat": winner, "situation": sit})
        return record
    if kind == "qiangjin":
        while True:
            hand = winning_hand(rng, gold, melds=0, face_up=True, extra_golds=0)
            if gold in hand["standing"]:
                break
        sit = _situation(hand, gold, flowers)
        sit["extras"] = {"robbing_gold": True}
        events.append({"type": "win", "seat": winner, "situation": sit})
        return record
    if kind == "sanjindao":
        tiles, counts = [gold] * 3, [0] * T.NUM_KINDS
        while len(tiles) < 17:
            t = rng.randrange(27)
            if t != gold and counts[t] < 4:
                counts[t] += 1
                tiles.append(t)
        rng.shuffle(tiles)
        sit = _situation({"standing": tiles, "melds": []}, rng.choice(tiles), flowers)
        discards(rng.randint(0, 4))
        events.append({"type": "win", "seat": winner, "situation": sit})
        return record
    hand = winning_hand(rng, gold)
    robbing = classic and rng.random() < 0.1
    self_drawn = not robbing and rng.random() < 0.45
    # classic: others (and a self-drawing winner) may have discarded a gold earlier
    discards(rng.randint(0, 5), (others + [winner] if self_drawn else others) if classic else ())
    for kong_kind, t in hand["kongs"]:
        ev = {"type": "kong", "seat": winner, "kind": kong_kind, "tile": T.name(t)}
        if kong_kind == "exposed":
            ev["from"] = rng.choice(others)
        events.append(ev)
        discards(rng.randint(0, 2))
    if self_drawn:
        sit = _situation(hand, rng.choice(hand["standing"]), flowers)
        events.append({"type": "win", "seat": winner, "situation": sit})
        return record
    frm = rng.choice(others)
    # a robbed added kong takes the fourth copy: the winner holds no other copy of it
    held = hand["standing"] + [t for m in hand["melds"] for t in T.parse_tiles(m["tiles"])]
    singles = [t for t in hand["standing"] if t != gold and (not robbing or held.count(t) == 1)]
    if not singles:
        return random_record(rng, classic)
    win = rng.choice(singles)
    sit = _situation(hand, win, flowers)
    if robbing:
        sit["robbing_kong"] = True
        events.append({"type": "kong", "seat": frm, "kind": "added", "tile": T.name(win)})
    else:
        events.append({"type": "discard", "seat": frm, "tile": T.name(win)})
    events.append({"type": "win", "seat": winner, "from": frm, "situation": sit})
    return record


def records(seed: int, n: int, classic: bool) -> list[dict]:
    rng = random.Random(seed)
    return [random_record(rng, classic) for _ in range(n)]
