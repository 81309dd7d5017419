"""Set-relationship fans: where the combination principles live.

不拆移 / 不得相同 / 套算一次 are structural, so one function scores every chow relationship and
one every pung relationship of a reading, returning ``{fan_id: count}``:

* 4 chows: a 4-chow fan stops everything else; otherwise the first 3-chow fan found (in the
  calculator's fixed order of triples) lets the fourth chow add at most one 1-point link;
  otherwise pairwise links are capped at 3 minus the chows that link to nothing, trimming the
  cheapest duplicated kinds first.
* 3 chows: a 3-chow fan or at most two links.  2 chows: one link.
* Pungs alike: a 4-pung fan alone; a 3-pung fan plus at most one link of the fourth pung;
  else every pairwise 双同刻 / 双箭刻.
"""
from __future__ import annotations

from functools import lru_cache

from mahjong_core.plugin import tiles as T

from .facts import REF_KEY, SUIT_OF, RANK_OF, DRAGON, WIND

# link kinds, in the calculator's priority order for the fourth chow's single extra link
PDC, MDC, SS, TTC = "pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows"
_LINK_ORDER = (PDC, MDC, SS, TTC)


def _ref_sorted(tiles):
    return sorted(tiles, key=REF_KEY.__getitem__)


def chow_link(a: int, b: int):
    """The 1-point fan two chows (given by their lowest tiles) form, if any."""
    if SUIT_OF[a] != SUIT_OF[b]:
        return MDC if RANK_OF[a] == RANK_OF[b] else None
    d = a - b
    if d == 3 or d == -3:
        return SS
    if d == 6 or d == -6:
        return TTC          # 123 + 789 of one suit
    if d == 0:
        return PDC
    return None


def three_chow_fan(a: int, b: int, c: int):
    sa, sb, sc = SUIT_OF[a], SUIT_OF[b], SUIT_OF[c]
    ra, rb, rc = RANK_OF[a], RANK_OF[b], RANK_OF[c]
    if sa != sb and sa != sc and sb != sc:
        lo, mid, hi = sorted((ra, rb, rc))
        if mid == lo + 1 and hi == mid + 1:
            return "mixed_shifted_chows"
        if lo == hi:
            return "mixed_triple_chow"
        if (lo, mid, hi) == (1, 4, 7):
            return "mixed_straight"
        return None
    if sa == sb == sc:
        lo, mid, hi = sorted((a, b, c))
        if mid == lo + 3 and hi == mid + 3:
            return "pure_straight"
        if (mid == lo + 2 and hi == mid + 2) or (mid == lo + 1 and hi == mid + 1):
            return "pure_shifted_chows"
        if lo == hi:
            return "pure_triple_chow"
    return None


def four_chow_fan(t):
    a, b, c, d = sorted(t)
    if SUIT_OF[a] == SUIT_OF[d]:
        if b - a == c - b == d - c and b - a in (1, 2):
            return "four_pure_shifted_chows"
        if a == d:
            return "quadruple_chow"
    return None


def _label(lo: int, kind: str = "chow") -> str:
    return T.format_tiles((lo, lo + 1, lo + 2) if kind == "chow" else (lo,) * 3)


def _cap_links(links, max_cnt, out, notes=None):
    """Keep at most ``max_cnt`` links, trimming duplicated kinds first (老少副 → 一般高)."""
    table = [0, 0, 0, 0]
    for link in links:
        if link is not None:
            table[_LINK_ORDER.index(link)] += 1
    cnt = sum(table)
    limit = 1
    while cnt > max_cnt and limit >= 0:
        idx = 4
        while cnt > max_cnt and idx > 0:
            idx -= 1
            while table[idx] > limit and cnt > max_cnt:
                table[idx] -= 1
                cnt -= 1
        limit -= 1
    for i, n in enumerate(table):
        if n:
            out[_LINK_ORDER[i]] = out.get(_LINK_ORDER[i], 0) + n
    found = sum(1 for link in links if link is not None)
    if notes is not None and found > cnt:
        notes.append(f"套算一次: {found} pairwise chow links found, at most {max_cnt} count "
                     f"(duplicated kinds trimmed first)")


def terminal_chows(chows, pair):
    """三色双龙会 / 一色双龙会: 123 and 789 chows around a pair of fives."""
    if pair < 0 or pair >= 27 or RANK_OF[pair] != 5:
        return None
    ps = SUIT_OF[pair]
    ranks = [RANK_OF[c] for c in chows]
    if any(r not in (1, 7) for r in ranks):
        return None
    suits = [SUIT_OF[c] for c in chows]
    if all(s == ps for s in suits):
        return "pure_terminal_chows" if ranks.count(1) == 2 else None
    if ps in suits:
        return None
    others = {s for s in (0, 1, 2) if s != ps}
    low = {s for s, r in zip(suits, ranks) if r == 1}
    high = {s for s, r in zip(suits, ranks) if r == 7}
    return "three_suited_terminal_chows" if low == others and high == others else None


def chow_fans(chows, pair, notes=None) -> dict:
    """``notes``, when a list, receives one line per structural decision (for explanations)."""
    out: dict = {}
    n = len(chows)
    if n == 4:
        fan = terminal_chows(chows, pair)
        if fan:
            out[fan] = 1
            if notes is not None:
                notes.append(f"{fan}: the four chows and the pair {T.format_tiles((pair, pair))} form it; "
                             f"no other chow fan (不重复)")
            return out
        fan = four_chow_fan(chows)
        if fan:
            out[fan] = 1
            if notes is not None:
                notes.append(f"{fan}: {' '.join(_label(c) for c in sorted(chows))}; no other chow fan (不重复)")
            return out
        t = _ref_sorted(chows)
        for i, j, k, x in ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)):
            fan = three_chow_fan(t[i], t[j], t[k])
            if fan:
                out[fan] = 1
                found = {chow_link(t[i], t[x]), chow_link(t[j], t[x]), chow_link(t[k], t[x])}
                extra = None
                for link in _LINK_ORDER:
                    if link in found:
                        out[link] = 1
                        extra = link
                        break
                if notes is not None:
                    notes.append(f"{fan}: {_label(t[i])} {_label(t[j])} {_label(t[k])} (不拆移: not re-linked "
                                 f"among themselves); the fourth chow {_label(t[x])} adds "
                                 f"{'one link, ' + extra if extra else 'no link'} (套算一次, 不得相同)")
                return out
        links = [chow_link(t[0], t[1]), chow_link(t[0], t[2]), chow_link(t[0], t[3]),
                 chow_link(t[1], t[2]), chow_link(t[1], t[3]), chow_link(t[2], t[3])]
        max_cnt = 3
        for a, b, c in ((0, 1, 2), (0, 3, 4), (1, 3, 5), (2, 4, 5)):
            if links[a] is None and links[b] is None and links[c] is None:
                max_cnt -= 1
        if max_cnt > 0:
            _cap_links(links, max_cnt, out, notes)
        return out
    if n == 3:
        fan = three_chow_fan(*chows)
        if fan:
            out[fan] = 1
            if notes is not None:
                notes.append(f"{fan}: {' '.join(_label(c) for c in sorted(chows))}; no pairwise links (不拆移)")
            return out
        a, b, c = chows
        _cap_links([chow_link(a, b), chow_link(a, c), chow_link(b, c)], 2, out, notes)
        return out
    if n == 2:
        link = chow_link(chows[0], chows[1])
        if link:
            out[link] = 1
    return out


# ---------------------------------------------------------------- pungs

def three_pung_fan(a, b, c):
    if a < 27 and b < 27 and c < 27:
        sa, sb, sc = SUIT_OF[a], SUIT_OF[b], SUIT_OF[c]
        if sa != sb and sa != sc and sb != sc:
            lo, mid, hi = sorted((RANK_OF[a], RANK_OF[b], RANK_OF[c]))
            if mid == lo + 1 and hi == mid + 1:
                return "mixed_shifted_pungs"
            if lo == hi:
                return "triple_pung"
        elif sa == sb == sc:
            lo, mid, hi = sorted((a, b, c))
            if mid == lo + 1 and hi == mid + 1:
                return "pure_shifted_pungs"
        return None
    if a in WIND and b in WIND and c in WIND:
        return "big_three_winds"
    if a in DRAGON and b in DRAGON and c in DRAGON:
        return "big_three_dragons"
    return None


def pung_link(a, b):
    if a < 27 and b < 27:
        return "double_pung" if RANK_OF[a] == RANK_OF[b] else None
    if a in DRAGON and b in DRAGON:
        return "two_dragons_pungs"
    return None


def pung_relations(pungs, n_chows, notes=None) -> dict:
    """Relationship fans among the pungs (kongs included) of a standard reading."""
    out: dict = {}
    n = len(pungs)
    if n == 4:
        t = _ref_sorted(pungs)
        a, b, c, d = t
        if a < 27 and SUIT_OF[a] == SUIT_OF[d] and b == a + 1 and c == b + 1 and d == c + 1:
            out["four_pure_shifted_pungs"] = 1
        elif a == 27 and b == 28 and c == 29 and d == 30:
            out["big_four_winds"] = 1
        if out:
            if notes is not None:
                notes.append(f"{next(iter(out))}: all four pungs; no other pung relationship (不重复)")
            return out
        for i, j, k, x in ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)):
            fan = three_pung_fan(t[i], t[j], t[k])
            if fan:
                out[fan] = 1
                extra = None
                for y in range(4):
                    if y == x:
                        continue
                    link = pung_link(t[y], t[x])
                    if link:
                        out[link] = out.get(link, 0) + 1
                        extra = link
                        break
                if notes is not None:
                    notes.append(f"{fan}: {' '.join(_label(p, 'pung') for p in (t[i], t[j], t[k]))}; the fourth "
                                 f"pung {_label(t[x], 'pung')} adds {'one link, ' + extra if extra else 'no link'} "
                                 f"(套算一次)")
                return out
        for i in range(4):
            for j in range(i + 1, 4):
                link = pung_link(t[i], t[j])
                if link:
                    out[link] = out.get(link, 0) + 1
        return out
    if n == 3 and n_chows == 1:
        fan = three_pung_fan(*pungs)
        if fan:
            out[fan] = 1
            if notes is not None:
                notes.append(f"{fan}: {' '.join(_label(p, 'pung') for p in sorted(pungs))}; no pairwise pung links")
            return out
        for i, j in ((0, 1), (0, 2), (1, 2)):
            link = pung_link(pungs[i], pungs[j])
            if link:
                out[link] = out.get(link, 0) + 1
        return out
    if n == 2 and n_chows == 2:
        link = pung_link(pungs[0], pungs[1])
        if link:
            out[link] = 1
    return out


# ---------------------------------------------------------------- shared tables

@lru_cache(maxsize=1 << 14)
def chow_table(chows: tuple, pair: int) -> dict:
    """``chow_fans`` of a reading's chows, shared by every reading with the same chows (do not
    modify the answer); ``pair`` matters only beside four chows (双龙会), pass -1 otherwise."""
    return chow_fans(list(chows), pair)


@lru_cache(maxsize=1 << 14)
def pung_table(pungs: tuple, n_chows: int) -> dict:
    """``pung_relations`` of a reading's pungs and kongs, shared (do not modify the answer)."""
    return pung_relations(list(pungs), n_chows)


# the check reporting them (guobiao.chows, guobiao.pungs) → fan id → the function of this module
# that decides it (chow_fans and pung_relations apply the combination principles to what these find)
AWARDS = {"chows": {
    "pure_terminal_chows": "terminal_chows", "three_suited_terminal_chows": "terminal_chows",
    "quadruple_chow": "four_chow_fan", "four_pure_shifted_chows": "four_chow_fan",
    "pure_triple_chow": "three_chow_fan", "pure_straight": "three_chow_fan",
    "pure_shifted_chows": "three_chow_fan", "mixed_straight": "three_chow_fan",
    "mixed_triple_chow": "three_chow_fan", "mixed_shifted_chows": "three_chow_fan",
    "pure_double_chow": "chow_link", "mixed_double_chow": "chow_link", "short_straight": "chow_link",
    "two_terminal_chows": "chow_link",
}, "pungs": {
    "four_pure_shifted_pungs": "pung_relations", "big_four_winds": "pung_relations",
    "pure_shifted_pungs": "three_pung_fan", "triple_pung": "three_pung_fan",
    "mixed_shifted_pungs": "three_pung_fan", "big_three_winds": "three_pung_fan",
    "big_three_dragons": "three_pung_fan",
    "double_pung": "pung_link", "two_dragons_pungs": "pung_link",
}}
