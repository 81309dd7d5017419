"""Random legal Sichuan records, driven by any source of choices: a seeded ``random.Random``
(the golden ledgers in tests/data/sichuan_ledgers.json) or a hypothesis ``draw`` (the
property tests). Kongs of every kind (late added ones too), wins on a discard, self-drawn, on a
kong's replacement tile (right after the winner's kong), robbing a kong, after a kong (呼叫转移), several winners of one
discard, and the end of the wall."""
from __future__ import annotations

import random

from mahjong_core.errors import SettlementError
from mahjong_core.records import parse_record

RULESETS = ("sichuan", "sichuan-xueliu", "sichuan-tencent")

# Winning hands for void suit s (m and p only); "rob": the hand does not hold its winning tile,
# so it may rob a kong; "kong": it has a kong meld, so a self-draw may be on the replacement.
WINS = [
    ({"hand": "123m456m789m11p23p", "win_tile": "4p"}, {"rob"}),
    ({"hand": "111m222m333p44p55p", "win_tile": "5p"}, set()),
    ({"hand": "11112233m44556p", "win_tile": "6p"}, set()),
    ({"hand": "1112345678999m", "win_tile": "5m"}, set()),
    ({"hand": "1122m3344p5566p7p", "win_tile": "7p"}, set()),
    ({"hand": "123m456p789p9p", "melds": [{"type": "kong", "tiles": "6666m", "concealed": True}],
      "win_tile": "9p"}, {"kong"}),
    ({"hand": "123p678p789p9p", "melds": [{"type": "kong", "tiles": "5555p", "concealed": False}],
      "win_tile": "9p"}, {"kong"}),
    ({"hand": "5p", "melds": [{"type": "kong", "tiles": t, "concealed": False}
                              for t in ("1111m", "2222m", "3333p", "4444p")],
      "win_tile": "5p"}, {"kong"}),
]
# End-of-wall hands for void s: ready, ready, not ready, flower pig, not ready with a kong.
ENDS = [
    {"hand": "111m222m333p44p55p"},
    {"hand": "123m456m789m11p23p"},
    {"hand": "1112223335559m"},
    {"hand": "13579m13579p258p"},
    {"hand": "123m456p789s11m22p"},
    {"hand": "13579m1379p2m", "melds": [{"type": "kong", "tiles": "5555p", "concealed": True}]},
]
SWAP = {"s": {}, "m": {"m": "s", "s": "m"}, "p": {"p": "s", "s": "p"}}


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


def for_void(obj, void: str):
    """The same hand with suit letters swapped so that it lacks ``void`` instead of s."""
    table = SWAP[void]
    if isinstance(obj, str):
        return "".join(table.get(ch, ch) for ch in obj)
    if isinstance(obj, list):
        return [for_void(x, void) for x in obj]
    if isinstance(obj, dict):
        return {k: for_void(v, void) if k in ("hand", "tiles", "win_tile", "melds") else v
                for k, v in obj.items()}
    return obj


def possible(events) -> bool:
    """The hands above are reused freely, so a step may show a kong's tile a fifth time."""
    try:
        parse_record({"events": events})
    except SettlementError as e:
        if "copies" in e.message:
            return False
    return True


def make_record(pick) -> tuple[str, dict]:
    """(ruleset name, record) from the choices ``pick`` makes."""
    name = pick.sampled_from(RULESETS)
    blood_battle = name != "sichuan-xueliu"
    voids = [pick.sampled_from("mps") for _ in range(4)]
    events: list[dict] = [{"type": "void", "seat": s, "suit": voids[s]} for s in range(4) if pick.booleans()]
    won: set[int] = set()
    konged: set[int] = set()
    saved = None
    for _ in range(pick.integers(0, 9)):
        if saved is not None and not possible(events):
            del events[saved[0]:]
            won, konged = saved[1], saved[2]
        saved = (len(events), set(won), set(konged))
        live = [s for s in range(4) if not (blood_battle and s in won)]
        if len(live) < 2:
            break
        if pick.integers(0, 2) == 0:                                    # a kong
            seat = pick.sampled_from(live)
            kind = pick.sampled_from(["concealed", "exposed", "added"])
            suit = pick.sampled_from([x for x in "mps" if x != voids[seat]])
            event = {"type": "kong", "seat": seat, "kind": kind, "tile": f"{pick.integers(1, 9)}{suit}"}
            if kind == "exposed":
                event["from"] = pick.sampled_from([s for s in live if s != seat])
            elif kind == "added" and pick.integers(0, 3) == 0:
                event["late"] = True
            if any(e["type"] == "kong" and e["tile"] == event["tile"] for e in events):
                continue                        # a kind is konged once: four copies in all
            events.append(event)
            konged.add(seat)
            continue
        seat = pick.sampled_from(live)
        self_drawn = pick.booleans()
        situation, tags = WINS[pick.integers(0, len(WINS) - 1)]
        situation = for_void(dict(situation), voids[seat])
        if self_drawn:
            meld = situation["melds"][-1] if "kong" in tags else None
            tile = meld and meld["tiles"][0] + meld["tiles"][-1]
            if meld and pick.booleans() and not any(e["type"] == "kong" and e["tile"] == tile for e in events):
                # a win on a kong's replacement tile follows its winner's kong: the hand's last kong
                # meld, unless that kind is already konged (a kind is konged once)
                situation["after_kong"] = True
                events.append({"type": "kong", "seat": seat, "kind": "concealed" if meld["concealed"] else "added",
                               "tile": tile})
                konged.add(seat)
            events.append({"type": "win", "seat": seat, "situation": situation})
            won.add(seat)
            continue
        feeder = pick.sampled_from([s for s in live if s != seat])
        how = pick.integers(0, 3)
        if how == 1 and feeder in konged:
            situation["discard_after_kong"] = True
        elif how == 2 and "rob" in tags and voids[feeder] != situation["win_tile"][-1] \
                and not any(e["type"] == "kong" and e["tile"] == situation["win_tile"] for e in events):
            events.append({"type": "kong", "seat": feeder, "kind": "added", "tile": situation["win_tile"]})
            situation["robbing_kong"] = True
        events.append({"type": "win", "seat": seat, "from": feeder, "situation": situation})
        won.add(seat)
        for other in live:                       # 一炮多响: another player wins on the same tile
            if other in (seat, feeder) or pick.integers(0, 2):
                continue
            extra = for_void(dict(WINS[0][0]), voids[other])
            if extra["win_tile"] != situation["win_tile"]:
                continue
            for flag in ("discard_after_kong", "robbing_kong"):
                if situation.get(flag):
                    extra[flag] = True
            events.append({"type": "win", "seat": other, "from": feeder, "situation": extra})
            won.add(other)
    if saved is not None and not possible(events):
        del events[saved[0]:]
        won = saved[1]
    live = [s for s in range(4) if not (blood_battle and s in won)]
    if len(live) >= 2 and pick.booleans():
        hands = {str(s): for_void(dict(ENDS[pick.integers(0, len(ENDS) - 1)]), voids[s]) for s in live}
        events.append({"type": "end", "hands": hands})
        if not possible(events):
            events.pop()
    return name, {"ruleset": name, "seats": 4, "dealer": pick.integers(0, 3), "events": events}


def seeded_records(count: int, seed: int = 15) -> list[tuple[str, dict]]:
    return [make_record(Seeded(seed * 100_000 + i)) for i in range(count)]
