"""The fans of one standard reading, from its groups and the hand's counts, in one pass.

What the general path's checks (standard.py) ask of a reading through a ``FanContext``, read
here from plain numbers: the melds' part is worked out once per hand (``Hand``), each reading adds
its standing sets and pair. Every relationship and trait comes from the same cached tables the
checks use (``pung_fans``, ``kong_table``, ``chow_table``, ``traits``, ``group_traits``,
``only_wait``), so the answers are theirs; the fans are listed in the order the general path's
plan asks the checks (pungs, tiles, special, concealment, chows, win, waits), after the per-hand
flowers, so that finishing them gives the same record.
"""
from __future__ import annotations

from typing import NamedTuple

from ..facts import SUIT_OF
from ..standard import kong_table, pung_fans, situational_fans
from ..relations import chow_table
from ..traits import group_traits, traits
from ..waits import only_wait


class GroupFacts(NamedTuple):
    """What ``group_traits`` reads of a reading."""

    pair: int
    chows: tuple
    pungs: tuple


class Rules(NamedTuple):
    """What the fans read of the ruleset: the fans each check may award, and the options."""

    ids: dict                     # check id -> the enabled fan ids it awards
    split: str                    # one melded + one concealed kong: combined, separate or melded
    four_fully_concealed: bool    # options.four_concealed_pungs_fully_concealed
    last_from_melds: bool         # options.last_tile_from_melds
    formal_waits: bool            # options.formal_waits
    special_fully_concealed: bool     # options.special_hands_fully_concealed (compiled head answers)
    seven_pairs_hog_with_pure: bool   # options.seven_pairs_tile_hog_with_pure_hands (compiled head answers)


def rules_of(ruleset) -> Rules:
    ids: dict = {}
    for r in ruleset.fan_rules:
        ids.setdefault(r.check, set()).add(r.id)
    opts = ruleset.options
    split = opts["melded_and_concealed_kong"]
    if split == "combined" and not ruleset.has_fan("concealed_kong_and_melded_kong"):
        split = "separate"
    return Rules({k: frozenset(v) for k, v in ids.items()}, split, opts["four_concealed_pungs_fully_concealed"],
                 opts["last_tile_from_melds"], opts["formal_waits"], opts["special_hands_fully_concealed"],
                 opts["seven_pairs_tile_hog_with_pure_hands"])


class Hand:
    """One hand's facts that every reading shares: the melds' chows and pungs, kongs, flowers,
    the tile traits, 四归一, and the situational part of the win fans."""

    __slots__ = ("s", "rules", "win", "tiles", "meld_chows", "meld_pungs", "melded_kongs", "concealed_kongs",
                 "melded_count", "shared", "winds", "tile_parts", "last", "_only")

    def __init__(self, s, rules: Rules, counts: list, meld_counts: list, tiles: tuple):
        self.s = s
        self.rules = rules
        self.win = s.win_tile
        self.tiles = tiles
        chows, pungs = [], []
        mk = ck = 0
        for m in s.melds:
            if m.kind == "chow":
                chows.append(m.tile)
            else:
                pungs.append(m.tile)
                if m.kind == "kong":
                    if m.concealed:
                        ck += 1
                    else:
                        mk += 1
        self.meld_chows, self.meld_pungs = chows, pungs
        self.melded_kongs, self.concealed_kongs = mk, ck
        self.melded_count = len(s.melds) - ck if s.melds else 0
        self.winds = (27 + s.round_wind, 27 + s.seat_wind)
        ids = rules.ids
        shared: dict = {}
        if s.flower_count:
            for fid in ids.get("core.flowers", ()):
                shared[fid] = s.flower_count
        self.shared = shared
        # the tile traits read only the kinds held; 四归一 only the counts and the kongs
        tiles_ids = ids.get("guobiao.tiles", ())
        kinds = {fid: n for fid, n in traits(s.natural_kinds).items() if fid in tiles_ids}
        all_counts = [c + m for c, m in zip(counts, meld_counts)]
        hogs = all_counts.count(4) - mk - ck
        self.tile_parts = (kinds, hogs if hogs > 0 and "tile_hog" in tiles_ids else 0)
        last = s.fourth_tile or (s.melds and not s.fourth_tile and rules.last_from_melds
                                 and meld_counts[self.win] == 3)
        self.last = bool(last)
        self._only = None

    def found(self, sets: tuple, pair) -> dict:
        """The fans the general path's checks find in the reading ``sets`` + ``pair`` (id -> count)."""
        s = self.s
        ids = self.rules.ids
        chows = list(self.meld_chows)
        pungs = list(self.meld_pungs)
        standing_chows = []
        standing_pungs = []
        for g in sets:
            if g.kind == "chow":
                chows.append(g.tile)
                standing_chows.append(g.tile)
            else:
                pungs.append(g.tile)
                standing_pungs.append(g.tile)
        p = pair.tile
        found = dict(self.shared)
        # guobiao.pungs
        if pungs:
            want = ids["guobiao.pungs"]
            for fid, n in pung_fans(tuple(pungs), len(chows), p if p >= 27 else -1, *self.winds).items():
                if n and fid in want:
                    found[fid] = n
        # guobiao.tiles
        kinds, hogs = self.tile_parts
        out = dict(kinds)
        group_traits(GroupFacts(p, chows, pungs), out)
        want = ids["guobiao.tiles"]
        for fid, n in out.items():
            if n and fid in want:
                found[fid] = n
        if hogs:
            found["tile_hog"] = hogs
        # guobiao.concealment
        conceal = self._concealment(pungs, standing_pungs, standing_chows)
        want = ids["guobiao.concealment"]
        for fid, n in conceal.items():
            if n and fid in want:
                found[fid] = n
        # guobiao.chows
        if len(chows) >= 2:
            want = ids["guobiao.chows"]
            for fid, n in chow_table(tuple(chows), p if len(chows) == 4 else -1).items():
                if n and fid in want:
                    found[fid] = n
        # guobiao.win
        want = ids["guobiao.win"]
        for fid, n in self._win_fans("four_concealed_pungs" in conceal).items():
            if fid in want:
                found[fid] = n
        # guobiao.waits
        wait = self._wait(standing_chows, p)
        if wait is not None and wait in ids["guobiao.waits"]:
            found[wait] = 1
        return found

    def _concealment(self, pungs: list, standing_pungs: list, standing_chows: list) -> dict:
        """``standard.concealment``: kongs, concealed pungs (a pung completed by a discard that no
        standing chow could take is melded) and 碰碰和."""
        if not pungs:
            return {}
        cp = len(standing_pungs)
        w = self.win
        if cp and not self.s.self_drawn and w in standing_pungs:
            for lo in standing_chows:
                if lo <= w <= lo + 2 and SUIT_OF[lo] == SUIT_OF[w]:
                    break
            else:
                cp -= 1
        out = kong_table(cp, self.melded_kongs, self.concealed_kongs, self.rules.split)
        if len(pungs) == 4:
            out["all_pungs"] = 1
        return out

    def _win_fans(self, four_concealed_pungs: bool) -> dict:
        """``standard.win_fans`` of a standard reading: concealment, then the situational fans."""
        s = self.s
        self_drawn = s.self_drawn
        out = {}
        if self.melded_count == 0:
            out["concealed_hand"] = 1
            if self_drawn:
                out["self_drawn"] = 1
                if not four_concealed_pungs or self.rules.four_fully_concealed:
                    out["fully_concealed_hand"] = 1
        elif self.melded_count == 4 and not self_drawn:
            out["melded_hand"] = 1
        elif self_drawn:
            out["self_drawn"] = 1
        return situational_fans(s, self.last, out)

    def _wait(self, standing_chows: list, pair: int):
        """``standard.waits``: 边张 > 嵌张 > 单钓将, when the winning tile is the pre-win hand's
        only wait."""
        w = self.win
        edge = closed = False
        for lo in standing_chows:
            if w == lo + 1:
                closed = True
            elif w == lo or w == lo + 2:
                edge = True
        if not (edge or closed or pair == w):
            return None
        only = self._only
        if only is None:
            only = self._only = only_wait(self.tiles, w, self.s.melds, self.rules.formal_waits)
        if not only:
            return None
        return "edge_wait" if edge else "closed_wait" if closed else "single_wait"
