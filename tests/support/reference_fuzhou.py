"""An independent settlement of Fuzhou records (``fuzhou`` and ``fuzhou-classic``), written from
the rule texts of the two lines and the record format (docs/formats.md, docs/rulesets/fuzhou*.md)
without reading the plugin: the differential reference of tests/fuzhou/test_fuzhou_reference.py.
It scores a win by its own search (golds as wilds, no fifth copy), B = flowers (+2 per bonus set in
classic) + golds + kongs + streak, the highest special only, and pays as each line says.

settle(record, line) -> (deltas, detail)   line in {"fuzhou", "fuzhou-classic"}
"""
from collections import Counter
from functools import lru_cache

SUITS = "mps"


def parse(s):
    """tile notation -> list of (digit, suit)"""
    out, digits = [], []
    for ch in s.replace(" ", ""):
        if ch.isdigit():
            digits.append(int(ch))
        else:
            for d in digits:
                out.append((d, ch.lower()))
            digits = []
    assert not digits, s
    return out


def idx(t):
    d, s = t
    assert s in SUITS, t
    return SUITS.index(s) * 9 + d - 1


# ---------------------------------------------------------------- shape search
def _search(counts, wilds, sets, pair, cap):
    """Can `counts` (27 physical non-wild kinds) + `wilds` jokers be split into
    `sets` sets and (pair and one pair)?  cap[k] = how many more tiles of kind k
    may be *read* by wilds (no fifth copy)."""

    @lru_cache(maxsize=None)
    def go(c, w, s, p, cp):
        c = list(c)
        cp = list(cp)
        try:
            k = next(i for i, v in enumerate(c) if v)
        except StopIteration:
            return w == 3 * s + 2 * p  # pure-wild sets/pair: always readable
        opts = []
        # pair containing k
        if p:
            if c[k] >= 2:
                opts.append(({k: 2}, {}, 0, 1))
            if w >= 1 and cp[k] >= 1:
                opts.append(({k: 1}, {k: 1}, 0, 1))
        if s:
            # pung containing k
            for phys in (3, 2, 1):
                need = 3 - phys
                if c[k] >= phys and w >= need and cp[k] >= need:
                    opts.append(({k: phys}, {k: need} if need else {}, 1, 0))
            # chows containing k (k lowest, middle, highest)
            suit, r = divmod(k, 9)
            for start in (r - 2, r - 1, r):
                if start < 0 or start + 2 > 8:
                    continue
                ks = [suit * 9 + start + j for j in range(3)]
                use, wild = {}, {}
                for kk in ks:
                    if kk == k:
                        use[kk] = 1
                    elif kk > k and c[kk] >= 1:
                        use[kk] = 1
                    else:
                        wild[kk] = 1
                if sum(wild.values()) <= w and all(cp[kk] >= 1 for kk in wild):
                    opts.append((use, wild, 1, 0))
                # also: variant where a higher available tile is still replaced by a wild
                for kk in ks:
                    if kk > k and c[kk] >= 1:
                        use2 = dict(use); wild2 = dict(wild)
                        del use2[kk]; wild2[kk] = 1
                        if sum(wild2.values()) <= w and all(cp[x] >= 1 for x in wild2):
                            opts.append((use2, wild2, 1, 0))
        for use, wild, ds, dp in opts:
            c2 = c[:]
            cp2 = cp[:]
            for kk, v in use.items():
                c2[kk] -= v
            nw = 0
            for kk, v in wild.items():
                cp2[kk] -= v
                nw += v
            if go(tuple(c2), w - nw, s - ds, p - dp, tuple(cp2)):
                return True
        return False

    return go(tuple(counts), wilds, sets, 1 if pair else 0, tuple(cap))


# ---------------------------------------------------------------- one situation
def analyse(sit, line, dealer_win, streak):
    hand = parse(sit["hand"])
    win = parse(sit["win_tile"])
    assert len(win) == 1
    win = win[0]
    melds = sit.get("melds", [])
    gold = parse(sit["wilds"])[0] if sit.get("wilds") else None
    self_drawn = bool(sit.get("self_drawn"))
    extras = sit.get("extras", {}) or {}
    rob_gold = bool(extras.get("robbing_gold"))
    first_turn = bool(sit.get("first_turn"))

    # concealed tiles: hand + winning tile
    wild_n = sum(1 for t in hand if t == gold)
    win_is_wild = (win == gold) and not rob_gold  # face-up gold taken by 抢金 is its own kind
    if win_is_wild:
        wild_n += 1
    counts = [0] * 27
    for t in hand:
        if t != gold:
            counts[idx(t)] += 1
    if not win_is_wild:
        counts[idx(win)] += 1
    # physical counts incl. melds for the fifth-copy cap
    phys = counts[:]
    for m in melds:
        for t in parse(m["tiles"]):
            phys[idx(t)] += 1
    cap = [max(0, 4 - v) for v in phys]
    n_sets = 5 - len(melds)
    assert len(hand) + 3 * len(melds) == 16, (sit, len(hand), len(melds))

    standard = _search(counts, wild_n, n_sets, True, cap)
    # 金雀: two golds as the pair, the rest n_sets sets
    jinque = wild_n >= 2 and _search(counts, wild_n - 2, n_sets, False, cap)
    # 金龙 (classic): three golds at face value as a pung of their own kind, the rest a winning hand
    jinlong = False
    if wild_n >= 3 and gold is not None:
        jinlong = _search(counts, wild_n - 3, n_sets - 1, True, cap)
    sanjindao = wild_n >= 3 and self_drawn
    winning = standard or sanjindao

    # ---- B
    fl = sit.get("flowers", 0)
    if isinstance(fl, int):
        n_flowers = fl
        flower_pts = fl
        flower_list = None
    else:
        flower_list = parse(fl)
        n_flowers = len(flower_list)
        flower_pts = n_flowers
        if line == "fuzhou-classic":
            c = Counter(flower_list)
            sets = sum(1 for (d, s), v in c.items() if s == "z" and v == 4)
            if all((d, "f") in c for d in (1, 2, 3, 4)):
                sets += 1
            if all((d, "f") in c for d in (5, 6, 7, 8)):
                sets += 1
            flower_pts += 2 * sets
    gold_pts = wild_n  # golds among the concealed tiles (grabbed face-up gold excluded)
    kong_pts = 0
    n_kongs = 0
    for m in melds:
        if m["type"] == "kong":
            n_kongs += 1
            kong_pts += 2 if m.get("concealed") else 1
    if dealer_win:
        streak_pts = max(0, streak - 1) if line == "fuzhou" else streak
    else:
        streak_pts = 0
    B = flower_pts + gold_pts + kong_pts + streak_pts

    # ---- specials (only the highest)
    tianhu = dealer_win and first_turn and self_drawn and not rob_gold and standard  # 抢金 is never 天胡
    if line == "fuzhou":
        table = (("天胡", 40, tianhu), ("金雀", 30, jinque), ("抢金", 20, rob_gold), ("三金倒", 10, sanjindao))
    else:
        table = (("金龙", 120, jinlong), ("金雀", 60, jinque), ("三金倒", 40, sanjindao), ("天胡", 30, tianhu),
                 ("抢金", 30, rob_gold), ("无花无杠", 30, n_flowers == 0 and n_kongs == 0),
                 ("一张花", 15, n_flowers == 1 and n_kongs == 0))
    specials = {name: value for name, value, holds in table if holds}
    special = max(specials.values()) if specials else 0
    S = (2 * B if self_drawn else B) + special
    return dict(S=S, B=B, special=special, specials=specials, flower_pts=flower_pts,
                gold_pts=gold_pts, kong_pts=kong_pts, streak_pts=streak_pts,
                winning=winning, standard=standard, self_drawn=self_drawn)


def settle(record, line=None):
    line = line or record.get("ruleset", "fuzhou")
    seats = record.get("seats", 4)
    dealer = record.get("dealer", 0)
    streak = record.get("dealer_streak", 0)
    deltas = [0] * seats
    wins = [e for e in record["events"] if e["type"] == "win"]
    if not wins:
        return deltas, {"draw": True}
    e = wins[0]
    sit = dict(e["situation"])
    winner = e["seat"]
    frm = e.get("from")
    sit.setdefault("self_drawn", frm is None)
    if not sit.get("wilds"):
        w = [x for x in record["events"] if x["type"] == "wild"]
        if w:
            sit["wilds"] = w[0].get("tile") or w[0].get("indicator")
    a = analyse(sit, line, winner == dealer, streak)
    S = a["S"]
    if frm is None:
        for s in range(seats):
            if s != winner:
                deltas[s] -= S
                deltas[winner] += S
    else:
        if line == "fuzhou":
            for s in range(seats):
                if s != winner:
                    deltas[s] -= S
                    deltas[winner] += S
        else:  # classic: the discarder (or robbed kong's declarer) alone pays 2S
            deltas[frm] -= 2 * S
            deltas[winner] += 2 * S
    a["winner"] = winner
    a["from"] = frm
    return deltas, a
