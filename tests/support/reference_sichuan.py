"""An independent settlement of Sichuan records (blood battle ``sichuan`` and blood river
``sichuan-xueliu``), written from the rule texts and the record format (docs/formats.md,
docs/rulesets/sichuan*.md) without reading the plugin: the differential reference of
tests/sichuan/test_sichuan_reference.py. Its own search scores each win (the highest pattern,
roots, the doublings), pays kong money (刮风下雨, a late added or robbed kong earning nothing) and
呼叫转移, and at the wall's end 查花猪, 查大叫 (its own waits) and 退税.

settle(record, mode) -> (deltas, payments)   mode: blood_battle | blood_river
"""
from collections import Counter
from functools import lru_cache

SUITS = 'mps'


def parse(s):
    out, digits = [], []
    for ch in s.replace(' ', ''):
        if ch.isdigit():
            digits.append(int(ch))
        else:
            for d in digits:
                out.append((ch.lower(), d))
            digits = []
    assert not digits, s
    return out


def meld_tiles(m):
    return parse(m['tiles'])


# ---------- decomposition ----------
def _sets(counts, need):
    """yield lists of sets (each ('trip'|'seq', tile)) covering counts exactly with `need` sets."""
    counts = dict(counts)
    keys = sorted(k for k, v in counts.items() if v)
    if not keys:
        if need == 0:
            yield []
        return
    if need == 0:
        return
    t = keys[0]
    s, n = t
    if counts[t] >= 3:
        counts[t] -= 3
        for rest in _sets(counts, need - 1):
            yield [('trip', t)] + rest
        counts[t] += 3
    a, b = (s, n + 1), (s, n + 2)
    if n <= 7 and counts.get(a, 0) and counts.get(b, 0):
        counts[t] -= 1; counts[a] -= 1; counts[b] -= 1
        for rest in _sets(counts, need - 1):
            yield [('seq', t)] + rest
        counts[t] += 1; counts[a] += 1; counts[b] += 1


def readings(standing, melds):
    """standing: list of tiles incl. win tile. yields (shape, sets, pair)."""
    c = Counter(standing)
    need = 4 - len(melds)
    for p, v in list(c.items()):
        if v >= 2:
            c2 = dict(c); c2[p] -= 2
            for sets in _sets(c2, need):
                yield ('standard', sets, p)
    if not melds and len(standing) == 14 and all(v % 2 == 0 for v in c.values()):
        yield ('seven_pairs', None, None)


def set_tiles(kind, t):
    s, n = t
    return [t] * 3 if kind == 'trip' else [(s, n), (s, n + 1), (s, n + 2)]


def score_hand(sit, void, first_turn_opts=None, for_chadajiao=False):
    """return (fan, breakdown) or None if not a win. fan = number of doublings."""
    standing = parse(sit['hand']) + parse(sit['win_tile'])
    melds = sit.get('melds', [])
    alltiles = standing + [t for m in melds for t in meld_tiles(m)]
    suits = {s for s, _ in alltiles}
    if len(suits) == 3:
        return None
    if void and void in suits:
        return None
    cnt = Counter(alltiles)
    if max(cnt.values()) > 4:
        return None
    roots = sum(1 for v in cnt.values() if v == 4)
    qing = len(suits) == 1
    self_drawn = bool(sit.get('self_drawn'))
    best = None
    for shape, sets, pair in readings(standing, melds):
        if shape == 'seven_pairs':
            fours = sum(1 for v in Counter(standing).values() if v == 4)
            if fours:
                base, name, rr = (5, 'qinglongqidui', roots - 1) if qing else (4, 'longqidui', roots - 1)
            else:
                base, name, rr = (4, 'qingqidui', roots) if qing else (2, 'qidui', roots)
        else:
            groups = [set_tiles(k, t) for k, t in sets] + [meld_tiles(m) for m in melds] + [[pair, pair]]
            allset = [set_tiles(k, t) for k, t in sets] + [meld_tiles(m) for m in melds]
            ddh = all(k == 'trip' for k, _ in sets)
            yaojiu = all(any(n in (1, 9) for _, n in g) for g in groups)
            jiang = all(all(n in (2, 5, 8) for _, n in g) for g in groups)
            jgd = len(melds) == 4
            arhat = jgd and all(m['type'] == 'kong' for m in melds)
            cands = [(0, 'pinghu', roots)]
            if ddh: cands.append((1, 'duiduihu', roots))
            if qing: cands.append((2, 'qingyise', roots))
            if yaojiu: cands.append((2, 'daiyaojiu', roots))
            if jgd: cands.append((2, 'jingoudiao', roots))
            if qing and ddh: cands.append((3, 'qingdui', roots))
            if ddh and jiang: cands.append((3, 'jiangdui', roots))
            if qing and yaojiu: cands.append((4, 'qingyaojiu', roots))
            if jgd and jiang: cands.append((4, 'jiang_jingoudiao', roots))
            if jgd and qing: cands.append((4, 'qing_jingoudiao', roots))
            if arhat: cands.append((6, 'shibaluohan', roots - 4))
            if arhat and qing: cands.append((8, 'qingshibaluohan', roots - 4))
            base, name, rr = max(cands, key=lambda x: x[0])
        extra = []
        th = False
        if not for_chadajiao:
            if sit.get('first_turn') and self_drawn:
                th = True  # tianhu (dealer) / dihu (first_draw mode) : x32, no roots, no zimo
            if sit.get('after_kong'):
                extra.append('gangshanghua')
            if sit.get('discard_after_kong'):
                extra.append('gangshangpao')
            if sit.get('robbing_kong'):
                extra.append('qiangganghu')
            if self_drawn:
                extra.append('zimo')
        if th and base < 5:
            fan = 5 + sum(1 for e in extra if e not in ('zimo',))
            bd = ('tian/di', 0, extra)
        else:
            fan = base + rr + len(extra)
            bd = (name, rr, extra)
        if best is None or fan > best[0]:
            best = (fan, bd)
    return best


def waits_value(hand, melds, void):
    """max fan over waits as a plain discard win; None if not ready."""
    standing = parse(hand)
    own = Counter(standing + [t for m in melds for t in meld_tiles(m)])
    best = None
    for s in SUITS:
        for n in range(1, 10):
            t = (s, n)
            if own[t] >= 4:
                continue
            r = score_hand({'hand': hand, 'win_tile': f'{n}{s}', 'melds': melds}, void, for_chadajiao=True)
            if r and (best is None or r[0] > best[0][0]):
                best = (r, f'{n}{s}')
    return best


# ---------- settlement ----------
def settle(rec, mode='blood_battle', b=1, kong_pay=(1, 1, 2), late_pays=False, pig=16,
           pig_to_winners=True, refund=True):
    N = rec.get('seats', 4)
    deltas = [0] * N
    pays = []

    def pay(f, t, a, why):
        if a:
            deltas[f] -= a; deltas[t] += a
            pays.append((f, t, a, why))

    ev = rec['events']
    voids = {e['seat']: e['suit'] for e in ev if e['type'] == 'void'}
    out = set()
    kong_income = {s: [] for s in range(N)}  # list of [kong_idx, {payer: amt}]
    last_kong = {}
    i = 0
    while i < len(ev):
        e = ev[i]
        t = e['type']
        if t == 'kong':
            s = e['seat']
            nxt = ev[i + 1] if i + 1 < len(ev) else None
            robbed = (e['kind'] == 'added' and nxt and nxt['type'] == 'win' and nxt.get('from') == s
                      and nxt['situation'].get('robbing_kong'))
            inc = {}
            if robbed:
                pass
            elif e['kind'] == 'exposed':
                inc[e['from']] = kong_pay[0] * b
            elif e['kind'] == 'added':
                if not e.get('late') or late_pays:
                    for p in range(N):
                        if p != s and (mode == 'blood_river' or p not in out):
                            inc[p] = kong_pay[1] * b
            else:
                for p in range(N):
                    if p != s and (mode == 'blood_river' or p not in out):
                        inc[p] = kong_pay[2] * b
            for p, a in inc.items():
                pay(p, s, a, f"kong {e['kind']} {e['tile']}")
            entry = [i, dict(inc)]
            kong_income[s].append(entry)
            last_kong[s] = entry
            i += 1
            continue
        if t == 'win':
            # group consecutive wins with the same from
            group = [e]
            j = i + 1
            while (e.get('from') is not None and j < len(ev) and ev[j]['type'] == 'win'
                   and ev[j].get('from') == e.get('from')):
                group.append(ev[j]); j += 1
            transferred = False
            for w in group:
                s = w['seat']
                sit = dict(w['situation'])
                sit['self_drawn'] = w.get('from') is None
                r = score_hand(sit, voids.get(s))
                assert r, ('not a win?', w)
                val = b * 2 ** r[0]
                if w.get('from') is not None:
                    f = w['from']
                    pay(f, s, val, f"discard win {r[1]}")
                    if sit.get('discard_after_kong') and not transferred:
                        transferred = True
                        lk = last_kong.get(f)
                        if lk:
                            amt = sum(lk[1].values())
                            pay(f, s, amt, 'call transfer')
                            # the kong money is no longer held by f
                            lk[1] = {}
                else:
                    for p in range(N):
                        if p != s and (mode == 'blood_river' or p not in out):
                            pay(p, s, val, f"self-draw {r[1]}")
            if mode != 'blood_river':
                for w in group:
                    out.add(w['seat'])
            i = j
            continue
        if t == 'end':
            hands = {int(k): v for k, v in e['hands'].items()}
            pigs, ready = set(), {}
            for s, h in hands.items():
                tiles = parse(h['hand']) + [x for m in h.get('melds', []) for x in meld_tiles(m)]
                if len({x[0] for x in tiles}) == 3:
                    pigs.add(s)
                    continue
                v = voids.get(s, h.get('void_suit'))
                wv = waits_value(h['hand'], h.get('melds', []), v)
                if wv:
                    ready[s] = wv
            # 查花猪
            for p in sorted(pigs):
                recv = [q for q in range(N) if q not in pigs and (pig_to_winners or q in hands)]
                for q in recv:
                    pay(p, q, pig * b, 'flower pig')
            # 查大叫
            notready = [s for s in hands if s not in pigs and s not in ready]
            for p in notready:
                for q, (r, wt) in ready.items():
                    pay(p, q, b * 2 ** r[0], f'cha da jiao {wt} {r[1]}')
            # 退税
            if refund:
                for p in sorted(set(notready) | pigs):
                    for entry in kong_income[p]:
                        for q, a in entry[1].items():
                            pay(p, q, a, 'refund')
            i += 1
            continue
        i += 1
    return deltas, pays

