"""An independent settlement of Guangdong 推倒胡 (``guangdong-tuidaohu``) and 包
(``guangdong-bao``) records, written from the two profiles' rule texts and the record format
(docs/formats.md, docs/rulesets/guangdong-tuidaohu.md, guangdong-bao.md) without reading the
plugin: the differential reference of tests/guangdong/test_guangdong_reference.py. Its own
search reads ghosts as any tile (no fifth copy); horses, kong money, kong chains (杠爆全包,
杠上杠), robbed kongs and 包's single-wait liability are paid as the profiles say.

SETTLE[name](record) -> (deltas, notes)
"""
import re
from functools import lru_cache

# ---------------------------------------------------------------- tiles
# kind index: m 0-8, p 9-17, s 18-26, z 27-33
SUITS = "mpsz"


def kind(t):
    return SUITS.index(t[1]) * 9 + int(t[0]) - 1


def parse(s):
    out = []
    digits = []
    for ch in s.replace(" ", ""):
        if ch.isdigit():
            digits.append(ch)
        else:
            for d in digits:
                out.append(kind(d + ch.lower()))
            digits = []
    assert not digits, s
    return out


def is_honour(k):
    return k >= 27


def suit_of(k):
    return k // 9


def rank(k):
    return k % 9 + 1


def is_terminal(k):
    return k < 27 and rank(k) in (1, 9)


TDH_KINDS = list(range(34))
BAO_KINDS = [0, 8] + list(range(9, 34))
ORPHANS = [0, 8, 9, 17, 18, 26] + list(range(27, 34))


# ---------------------------------------------------------------- decomposition
def standard_readings(real, w, avail, allowed):
    """real: tuple of 34 counts of non-wild concealed tiles (win tile included);
    w: number of wilds; avail: tuple of 34, how many more copies of each kind a wild may
    read as (no fifth copy); allowed: frozenset of kinds a wild may stand for.
    Returns a set of (all_pungs, all_seq_nonhonour_pair) over all readings."""
    res = set()

    @lru_cache(maxsize=None)
    def rec(counts, w, avail, pair, allp, alls):
        # find first kind with real tiles
        i = next((k for k in range(34) if counts[k]), None)
        if i is None:
            # only wilds left: form sets of wilds freely
            need = w - (0 if pair is not None else 2)
            if need < 0 or need % 3:
                return
            if pair is None:
                # wild pair: can be a non-honour kind (always possible) -> keeps alls
                pass
            # wild-only sets may be pungs or sequences as needed (plenty of kinds)
            res.add((allp, alls))
            return
        c = list(counts)
        av = list(avail)

        # pair containing i
        if pair is None:
            for r in (1, 2):
                if c[i] >= r:
                    nw = 2 - r
                    if nw <= w and (nw == 0 or (i in allowed and av[i] >= nw)):
                        c2 = c[:]; c2[i] -= r
                        a2 = av[:]; a2[i] -= nw
                        rec(tuple(c2), w - nw, tuple(a2), i, allp, alls and not is_honour(i))
        # pung containing i
        for r in (1, 2, 3):
            if c[i] >= r:
                nw = 3 - r
                if nw <= w and (nw == 0 or (i in allowed and av[i] >= nw)):
                    c2 = c[:]; c2[i] -= r
                    a2 = av[:]; a2[i] -= nw
                    rec(tuple(c2), w - nw, tuple(a2), pair, allp, False)
        # sequences containing i (i is the lowest real kind left, but wilds may fill lower)
        if not is_honour(i):
            s = suit_of(i)
            for start in (i - 2, i - 1, i):
                if start < s * 9 or start + 2 >= s * 9 + 9:
                    continue
                c2 = c[:]; a2 = av[:]; nw = 0; ok = True
                for k in (start, start + 1, start + 2):
                    if k == i or (k > i and c2[k] > 0):
                        c2[k] -= 1
                    else:
                        if k not in allowed or a2[k] < 1:
                            ok = False; break
                        a2[k] -= 1; nw += 1
                if ok and nw <= w:
                    rec(tuple(c2), w - nw, tuple(a2), pair, False, alls)
                # also: use a wild for a higher position although a real tile exists
                # (covered by other branches: that real tile then starts its own set)

    rec(tuple(real), w, tuple(avail), None, True, True)
    rec.cache_clear()
    return res


def seven_pairs(real, w, avail, allowed):
    odd = [k for k in range(34) if real[k] % 2]
    if len(odd) > w:
        return False
    for k in odd:
        if k not in allowed or avail[k] < 1:
            return False
    return (w - len(odd)) % 2 == 0


def thirteen_orphans(real, w, avail, allowed):
    for k in range(34):
        if real[k] and k not in ORPHANS:
            return False
        if real[k] > 2:
            return False
    doubles = sum(1 for k in ORPHANS if real[k] == 2)
    if doubles > 1:
        return False
    missing = sum(1 for k in ORPHANS if real[k] == 0)
    extra = 0 if doubles == 1 else 1
    return missing + extra == w  # 14 tiles in total


# ---------------------------------------------------------------- a situation
def hand_facts(sit, ghost, kinds_allowed):
    conc = parse(sit["hand"]) + parse(sit["win_tile"])
    melds = sit.get("melds", [])
    if len(conc) - 1 + 3 * len(melds) != 13:
        raise ValueError("wrong tile count")
    meld_tiles = []
    for m in melds:
        meld_tiles += parse(m["tiles"])
    real = [0] * 34
    w = 0
    for k in conc:
        if k == ghost:
            w += 1
        else:
            real[k] += 1
    used = real[:]
    for k in meld_tiles:
        used[k] += 1
    avail = [4 - used[k] for k in range(34)]
    allowed = frozenset(kinds_allowed)
    all_tiles = conc + meld_tiles
    non_ghost = [k for k in all_tiles if k != ghost]
    holds_ghost = ghost in all_tiles
    return dict(conc=conc, melds=melds, real=tuple(real), w=w, avail=tuple(avail),
                allowed=allowed, non_ghost=non_ghost, holds_ghost=holds_ghost)


def tdh_score(sit, ghost):
    f = hand_facts(sit, ghost, TDH_KINDS)
    if not sit.get("self_drawn", True) or sit.get("robbing_kong"):
        raise ValueError("not_winning")
    readings = standard_readings(f["real"], f["w"], f["avail"], f["allowed"])
    sp = (not f["melds"]) and seven_pairs(f["real"], f["w"], f["avail"], f["allowed"])
    if not readings and not sp:
        raise ValueError("not a winning hand")
    ng = f["non_ghost"]
    suits = {suit_of(k) for k in ng if not is_honour(k)}
    hon = any(is_honour(k) for k in ng)
    suit_fan = 0
    fans = []
    if ng and not suits:
        suit_fan = 8; fans.append("字一色")
    elif len(suits) == 1 and not hon:
        suit_fan = 4; fans.append("清一色")
    elif len(suits) == 1 and hon:
        suit_fan = 1; fans.append("混一色")
    shape = 0
    shape_name = None
    if sp:
        shape, shape_name = 4, "七对"
    for allp, alls in readings:
        if allp and shape < 1:
            shape, shape_name = 1, "碰碰胡"
        if alls and not f["melds"] and shape < 1:
            shape, shape_name = 1, "平和"
    if shape_name:
        fans.append(shape_name)
    total = suit_fan + shape + 1
    fans.append("自摸")
    if sit.get("after_kong"):
        total += 1; fans.append("杠上开花")
    return dict(total=total, value=2 ** total, fans=fans, holds_ghost=f["holds_ghost"])


def bao_score(sit, ghost):
    f = hand_facts(sit, ghost, BAO_KINDS)
    readings = standard_readings(f["real"], f["w"], f["avail"], f["allowed"])
    to = (not f["melds"]) and thirteen_orphans(f["real"], f["w"], f["avail"], f["allowed"])
    if not readings and not to:
        raise ValueError("not a winning hand")
    ng = f["non_ghost"]
    suits = {suit_of(k) for k in ng if not is_honour(k)}
    all_pung = any(p for p, _ in readings)
    if to:
        return 48, "十三幺"
    if ng and all(is_honour(k) for k in ng):
        return 48, "全翻板"
    if ng and all(is_honour(k) or is_terminal(k) for k in ng):
        return 36, "幺九牌"
    qing = len(suits) == 1 and not any(is_honour(k) for k in ng)
    if qing and all_pung:
        return 36, "清对"
    if qing:
        return 24, "清一色"
    if all_pung:
        return 12, "对对糊"
    return 6, ("抢杠胡" if sit.get("robbing_kong") else "普通自摸")


# ---------------------------------------------------------------- record helpers
def ghost_of(record):
    for e in record["events"]:
        if e["type"] == "wild":
            return kind(e.get("tile") or e.get("indicator"))
    return None


HORSE_POS = {}
for s in range(3):
    for r in (1, 5, 9):
        HORSE_POS[s * 9 + r - 1] = 0
    for r in (2, 6):
        HORSE_POS[s * 9 + r - 1] = 1
    for r in (3, 7):
        HORSE_POS[s * 9 + r - 1] = 2
    for r in (4, 8):
        HORSE_POS[s * 9 + r - 1] = 3
HORSE_POS.update({27: 0, 33: 0, 28: 1, 32: 1, 29: 2, 31: 2, 30: 3})  # 东中 南发 西白 北


def kong_marks(events):
    """Annotate kong events: which are robbed (kong immediately before robbing win(s))."""
    robbed = set()
    for i, e in enumerate(events):
        if e["type"] == "win" and e["situation"].get("robbing_kong"):
            # the kong event of its from seat right before (other robbing wins may come between)
            j = i - 1
            while j >= 0 and events[j]["type"] == "win":
                j -= 1
            assert events[j]["type"] == "kong" and events[j]["seat"] == e["from"], "rob without kong"
            robbed.add(j)
    return robbed


def chain_of(events, upto, seat, n=None):
    """The seat's kong events before index upto. If n: the last n; else the maximal chain
    ending at the last one (linked by after_kong)."""
    ks = [e for e in events[:upto] if e["type"] == "kong" and e["seat"] == seat]
    if n is not None:
        return ks[-n:]
    # maximal chain ending at the last kong
    chain = [ks[-1]]
    for e in reversed(ks[:-1]):
        if chain[0].get("after_kong"):
            chain.insert(0, e)
        else:
            break
    return chain


# ---------------------------------------------------------------- settlements
def _opened(record):
    """(seats, events, zero deltas, the win events with their indices, the ghost, robbed kongs)."""
    n = record.get("seats", 4)
    ev = record["events"]
    wins = [(i, e) for i, e in enumerate(ev) if e["type"] == "win"]
    return n, ev, [0] * n, wins, ghost_of(record), kong_marks(ev)


def settle_tdh(record):
    n, ev, d, wins, ghost, robbed = _opened(record)
    dealer = record.get("dealer", 0)
    if not wins:
        return d, []
    notes = []
    # kong money
    for i, e in enumerate(ev):
        if e["type"] != "kong" or i in robbed:
            continue
        s = e["seat"]
        if e["kind"] == "exposed":
            d[e["from"]] -= 3; d[s] += 3
        else:
            amt = 1 if e["kind"] == "added" else 2
            for o in range(n):
                if o != s:
                    d[o] -= amt; d[s] += amt
    assert len(wins) == 1
    i, w = wins[0]
    seat = w["seat"]
    sit = w["situation"]
    sc = tdh_score(sit, ghost)
    N = 4 if sc["holds_ghost"] else 6
    horses = None
    for e in ev:
        if e["type"] == "horses" and e.get("seat", seat) == seat:
            horses = parse(e["tiles"])
    horses = (horses or [])[:N]
    pos = (seat - dealer) % n
    H = sum(1 for k in horses if HORSE_POS[k] == pos)
    S = sc["value"] * (H + 1)
    for o in range(n):
        if o != seat:
            d[o] -= S; d[seat] += S
    notes.append(dict(seat=seat, total=sc["total"], fans=sc["fans"], N=N, H=H, S=S))
    return d, notes


def settle_bao(record):
    n, ev, d, wins, ghost, robbed = _opened(record)
    b = 3
    if not wins:
        return d, []
    notes = []

    def pay(frm, to, amt):
        d[frm] -= amt; d[to] += amt

    def normal_kongs():
        for j, e in enumerate(ev):
            if e["type"] != "kong" or j in robbed:
                continue
            s = e["seat"]
            if e["kind"] == "exposed":
                pay(e["from"], s, 3 * b)
            else:
                amt = (1 if e["kind"] == "added" else 2) * b
                for o in range(n):
                    if o != s:
                        pay(o, s, amt)

    rob_wins = [(i, e) for i, e in wins if e["situation"].get("robbing_kong")]
    if rob_wins:
        for i, w in rob_wins:
            V, name = bao_score(w["situation"], ghost)
            T = V * b
            R = w["from"]
            pay(R, w["seat"], T)
            # R's chain ending with the robbed kong
            j = i - 1
            while ev[j]["type"] == "win":
                j -= 1
            chain = chain_of(ev, j + 1, R)
            for k in chain:
                if k["kind"] == "exposed":
                    pay(R, w["seat"], 3 * b)
            notes.append(dict(case="rob", seat=w["seat"], V=V, name=name, chain=len(chain)))
        return d, notes
    assert len(wins) == 1
    i, w = wins[0]
    seat = w["seat"]
    sit = w["situation"]
    V, name = bao_score(sit, ghost)
    T = V * b
    ak = sit.get("after_kong")
    if ak:
        nk = 1 if ak is True else int(ak)
        chain = chain_of(ev, i, seat, nk)
        first = chain[0]
        if first["kind"] == "exposed":
            F = first["from"]
            if nk == 1:
                pay(F, seat, T)
                normal_kongs()
                notes.append(dict(case="bloom1", V=V, name=name, F=F))
            else:
                extra = sum({"exposed": 3, "added": 1, "concealed": 2}[k["kind"]] * b for k in chain)
                pay(F, seat, T + extra)
                notes.append(dict(case="bloomN", V=V, name=name, F=F))
            return d, notes
        L = None            # a bloom with no exposed kong in its chain: a normal self-draw (step 4)
    else:
        L = (sit.get("extras") or {}).get("claim_liable")
        if len(sit.get("melds", [])) == 4 and L is not None:
            pay(L, seat, T)
            normal_kongs()
            notes.append(dict(case="single_wait", V=V, name=name, L=L))
            return d, notes
    for o in range(n):
        if o != seat:
            pay(o, seat, T // 3)
    normal_kongs()
    notes.append(dict(case="bloom_no_exposed_normal" if ak else "normal", V=V, name=name, liable=L))
    return d, notes


SETTLE = {"guangdong-tuidaohu": settle_tdh, "guangdong-bao": settle_bao}
