"""Seeded random popular records for the golden ledgers in tests/popular/data/popular_ledgers.json: the
``popular`` and ``popular-lianzhong`` rulesets and a game-site overlay with a cap
(tests/popular/data/popular-site.yaml); the wild named by tile or indicator (or by none, or twice),
wins self-drawn or on a discard, by the dealer or not, with flowers, kongs, wilds in the hand,
a situation naming its own wilds (agreeing or not), a second win and the end of the wall.

Every record could have happened at a table of 144 tiles (four copies of each kind, one of each
flower): a second win takes a hand that fits beside the first winner's tiles (``_fits``), so
the record is refused for the second win, not for a fifth copy of a kind."""
from __future__ import annotations

import random
from collections import Counter

from testpaths import POPULAR_DATA

SITE = str(POPULAR_DATA / "popular-site.yaml")
RULESETS = ("popular", "popular-lianzhong", SITE)
KINDS = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]

# Winning hands, each with the kongs its melds need as record events; some fall below the
# minimum or need the wild they hold (then the record's wild decides whether they win).
WINS = [
    {"hand": "3p", "win_tile": "3p", "flowers": "2f",
     "melds": [{"type": "pung", "tiles": "777z"}, {"type": "pung", "tiles": "222p"},
               {"type": "pung", "tiles": "666p"}, {"type": "pung", "tiles": "888p"}]},
    {"hand": "123m234m456p789s5p", "win_tile": "5p"},
    {"hand": "1122m3344p5566s7z", "win_tile": "7z"},
    {"hand": "1112345678999m", "win_tile": "5m"},
    {"hand": "123m456m789m11p23p", "win_tile": "4p", "flowers": "1f5f"},
    {"hand": "111m222m333m444s5s", "win_tile": "5s"},
    {"hand": "123p456p789p9p", "win_tile": "9p", "melds": [{"type": "kong", "tiles": "6666m", "concealed": True}]},
    {"hand": "19m19p19s1234567z", "win_tile": "1m"},
    {"hand": "5z5z5z123m456m789m1p", "win_tile": "1p"},
    {"hand": "123m456m789m1p", "win_tile": "1p", "melds": [{"type": "kong", "tiles": "5555z", "concealed": True}]},
    {"hand": "234s456s678s222z3z", "win_tile": "3z", "flowers": "1f2f3f4f"},
    {"hand": "123m456p789s1122z", "win_tile": "2z", "declared_ready": True},
    {"hand": "1112223334445z", "win_tile": "5z"},
    {"hand": "123m123p123s999m7z", "win_tile": "7z", "flowers": "1f2f3f4f5f6f7f8f"},
    {"hand": "456m7p", "win_tile": "7p", "melds": [{"type": "chow", "tiles": "123m"}, {"type": "pung", "tiles": "999p"},
                                                  {"type": "kong", "tiles": "1111z", "concealed": False}]},
]


def _tiles(text: str) -> list[str]:
    """The tiles of a hand in notation, each as "5z"."""
    out, digits = [], ""
    for ch in text:
        if ch.isdigit():
            digits += ch
        else:
            out += [d + ch for d in digits]
            digits = ""
    return out


def _kongs(seat: int, situation: dict, others: list[int], pick) -> list[dict]:
    """The kong events of the winner's kong melds (an exposed one fed by another seat)."""
    out = []
    for m in situation.get("melds", ()):
        if m["type"] != "kong":
            continue
        event = {"type": "kong", "seat": seat, "tile": m["tiles"][0] + m["tiles"][-1],
                 "kind": "concealed" if m.get("concealed") else "exposed"}
        if not m.get("concealed"):
            event["from"] = pick.choice(others)
        out.append(event)
    return out


def _counts(situation: dict) -> Counter:
    """The tiles a win shows at the table: its hand, melds, win tile (drawn or the discard it
    claims: one copy either way) and flowers."""
    counts = Counter(_tiles(situation["hand"]) + _tiles(situation["win_tile"])
                     + _tiles(situation.get("flowers", "")))
    for m in situation.get("melds", ()):
        counts.update(_tiles(m["tiles"]))
    return counts


def _fits(*situations: dict) -> bool:
    """Whether the winners' tiles (each seat its own) fit one set of 144: four of each kind,
    one of each flower."""
    total: Counter = Counter()
    for situation in situations:
        total += _counts(situation)
    return all(n <= (1 if t.endswith("f") else 4) for t, n in total.items())


def _second_win(pick: random.Random, first: dict) -> dict:
    """A second winner's hand that fits beside ``first``: the one ``pick`` chooses, or when that
    would make a fifth copy of a kind, the next in WINS that fits (one draw from ``pick`` either
    way, so the rest of the record draws as before)."""
    i = WINS.index(pick.choice(WINS))
    for step in range(len(WINS)):
        situation = WINS[(i + step) % len(WINS)]
        if _fits(first, situation):
            return dict(situation)
    raise AssertionError(f"no hand in WINS fits beside {first}")


def make_record(pick: random.Random) -> tuple[str, dict]:
    """(ruleset name, record) from the choices of ``pick``."""
    name = pick.choice(RULESETS)
    seats = pick.choice((4, 4, 4, 3))
    dealer = pick.randrange(seats)
    seat = pick.randrange(seats)
    others = [s for s in range(seats) if s != seat]
    situation = dict(pick.choice(WINS))
    held = _tiles(situation["hand"])
    events: list[dict] = []
    how = pick.randrange(10)
    if how < 4:
        events.append({"type": "wild", "indicator": pick.choice(KINDS)})
    elif how < 8:
        events.append({"type": "wild", "tile": pick.choice(held if pick.random() < 0.6 else KINDS)})
    elif how == 8 and pick.random() < 0.3:
        events.append({"type": "wild", "tile": pick.choice(KINDS), "indicator": pick.choice(KINDS)})
    if pick.random() < 0.15:
        situation["wilds"] = pick.choice(KINDS)
    if pick.random() < 0.1:
        situation["first_turn"] = True
    events += _kongs(seat, situation, others, pick)
    win = {"type": "win", "seat": seat, "situation": situation}
    if pick.random() < 0.5:
        win["from"] = pick.choice(others)
    events.append(win)
    extra = pick.randrange(20)
    if extra == 0:
        events.append({"type": "wild", "tile": pick.choice(KINDS)})
    elif extra == 1:
        events.append({"type": "win", "seat": pick.choice(others), "situation": _second_win(pick, situation)})
    elif extra < 5:
        events.append({"type": "end"})
    record = {"ruleset": name if name != SITE else "popular", "seats": seats, "dealer": dealer,
              "round_wind": pick.choice("ESWN"), "events": events}
    return name, record


def seeded_records(count: int, seed: int = 15) -> list[tuple[str, dict]]:
    return [make_record(random.Random(seed * 100_000 + i)) for i in range(count)]
