"""The four Guangdong settlement rules (``guangdong.dahu``, ``guangdong.tuidaohu``,
``guangdong.lianhua``, ``guangdong.bao``) as core replayers: the handlers check each event and
gather the hand's facts — the kong book, each win scored by the ruleset, the horse tiles, 跟庄 —
and ``finish`` prices them with ``bills`` and ``kongs``: 跟庄 first, then kong money, then each
win with its horses (and 马跟杠). Paying at the end keeps one list for every profile: 莲花's kong
money, paid at once, stands in a drawn hand all the same (``kong_paid_on_draw``); the 包 rules
need the wins before they know which kong money is paid at all.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from mahjong_core.plugin import tiles as T
from mahjong_core.plugin import Field, Replayer, win_method

from . import bills, horses, kongs
from .facts import ghost_tiles

# the profiles whose source plays one winner per hand ([B], [L])
ONE_WINNER = {"guangdong.tuidaohu": "推倒胡", "guangdong.lianhua": "莲花"}


class Winner(NamedTuple):
    """A win with what its horses need: the horse tiles listed for it (in the order turned) and
    the ghost-kind tiles it holds (推倒胡's 4-or-6 rule)."""

    win: bills.Win
    horses: tuple[int, ...] = ()
    ghosts_held: int = 0


def horses_drawn(winner: Winner, options: Mapping, *, dealer: int, dealer_streak: int = 0) -> int:
    """N, the horses the ruleset's ``options`` turn for this win."""
    return horses.horse_count(options["horses"], ghosts_held=winner.ghosts_held,
                              with_ghost=options["horses_with_ghost"],
                              streak_bonus=options["horse_streak_bonus"], dealer_streak=dealer_streak,
                              winner_is_dealer=winner.win.seat == dealer)


def horse_hits(winner: Winner, options: Mapping, *, dealer: int, dealer_streak: int = 0,
               seats: int = 4) -> horses.Hits:
    """The winner's horse hits under the ruleset's ``options``."""
    n = horses_drawn(winner, options, dealer=dealer, dealer_streak=dealer_streak)
    return horses.hits(winner.horses, n, winner.win.seat, dealer, options["horse_table"], seats)


def value_how(rule: str, result) -> str:
    """How a win's value was made, for the payment reasons ("" when it is one number): the 大胡
    points times the doublings (``"3番 × 2 (无鬼加倍)"``); 推倒胡's and 莲花's 2^total
    (``"8 (2^3)"``)."""
    if rule in ("guangdong.tuidaohu", "guangdong.lianhua"):
        return f"{result.value} (2^{result.total})" if result.total else ""
    doublings = [f for f in result.fans if f.unit == "doublings"]
    if rule != "guangdong.dahu" or not doublings:
        return ""
    points = sum(f.points * f.count for f in result.fans if f.unit == "points")
    times = 2 ** sum(f.points * f.count for f in doublings)
    if points * times != result.value:          # a value formula this reading does not describe
        return ""
    return f"{points}番 × {times} ({'、'.join(f.zh for f in doublings)})"


class GuangdongHand(Replayer):
    """One hand under settlement ``rule`` (module doc)."""

    event_fields = {"horses": {"short": Field("bool", doc="the wall held fewer tiles than the win turns: "
                                                          "every tile listed counts")}}

    def __init__(self, record, ruleset, rule: str):
        self.rule = rule
        self.options = ruleset.options
        self.robbable = ("added", "exposed") if self.options["rob_exposed_kong"] else ("added",)
        super().__init__(record, ruleset)
        if rule in ONE_WINNER:
            record.one_win(ONE_WINNER[rule])
        self.wilds                                 # the record's wild event, checked up front
        self.winners: list[Winner] = []
        self.chains: dict[int, list] = {}          # winner → the kong chain its win was drawn on
        self.robbed = None                         # the robbed kong event
        self.followed = False
        self.tiles = ruleset.table.kinds | set(ruleset.table.bonus)

    on_end = on_wild = Replayer.ignore             # the wild event is read up front (Replayer.wilds)

    def _in_tile_set(self, event, key: str) -> None:
        """A tile field naming a tile outside the ruleset's tile set is an error naming it."""
        for t in T.parse_tiles(event.get(key)):
            if t not in self.tiles:
                raise self.error(event, f"field '{key}': {T.name(t)} is not in this ruleset's tile set "
                                        f"({self.ruleset.table.tile_set})")

    def on_kong(self, e) -> None:
        self._in_tile_set(e, "tile")
        if self.kongs.add(e) is None:
            self.robbed = e

    def on_horses(self, e) -> None:
        self._in_tile_set(e, "tiles")

    def on_follow_dealer(self, e) -> None:
        self.followed = True

    def on_win(self, e) -> None:
        if (self.record.situation_dict(e).get("robbing_kong") and not self.options["multiple_robbers"]
                and any(w.win.method == "robbing_kong" for w in self.winners)):
            first = next(w.win.seat for w in self.winners if w.win.method == "robbing_kong")
            raise self.error(e, f"seat {e.seat} robs the kong seat {first} already robbed, and "
                                f"options.multiple_robbers is false: one player robs a kong")
        sit = self.record.situation_dict(e)
        result = self.score(e, sit)          # with the record's wilds filled in
        s = result.situation
        method = win_method(s)
        chain = self.kongs.chain(e, sit) or []
        self.chains[e.seat] = chain
        win = bills.Win(e.seat, result.value, method, e.get("from"),
                        bloom_feeder=chain[0].feeder if chain else None, after_kong=int(s.after_kong or 0),
                        claim_liable=s.extras.get("claim_liable"), melds=len(s.melds),
                        value_how=value_how(self.rule, result))
        self.winners.append(Winner(win, self.horses(e.seat), ghost_tiles(s)))

    def _all_horses_listed(self, w: Winner) -> None:
        """A horses event lists every horse the rule turns for its win: fewer would pay on a guess."""
        n = horses_drawn(w, self.options, dealer=self.record.dealer, dealer_streak=self.record.dealer_streak)
        if 0 < len(w.horses) < n:
            event = next(e for e in self.record.events if e.type == "horses" and e.seat in (None, w.win.seat))
            if event.get("short") is True:         # the wall held no more (a profile turning from its head)
                return
            raise self.error(event, f"field 'tiles': {len(w.horses)} horse tiles listed for seat {w.win.seat}, but "
                                    f"this win turns {n} (options.horses and its rules): list every horse turned")

    def finish(self) -> None:
        opts, rec = self.options, self.record
        out = bills.follow_dealer(rec.dealer, opts, self.seats) if self.followed else []
        robbers = [w.win.seat for w in self.winners if w.win.method == "robbing_kong"]
        robbed = next((w.win.source for w in self.winners if w.win.method == "robbing_kong"), None)
        robbed_chain = kongs.chain_before(self.kongs.kongs, self.robbed) if self.robbed is not None else []
        bloom = next((c for c in self.chains.values() if c), [])
        kong_pays = kongs.kong_money(self.kongs.kongs, opts, seats=self.seats, won=bool(self.winners),
                                     bloom=bloom, robbed_seat=robbed, robbed_chain=robbed_chain, robbers=robbers)
        out += kong_pays
        for w in self.winners:
            self._all_horses_listed(w)
            hit = horse_hits(w, opts, dealer=rec.dealer, dealer_streak=rec.dealer_streak, seats=self.seats).hits
            out += bills.win_payments(self.rule, w.win, hit, opts, seats=self.seats, dealer=rec.dealer,
                                      dealer_streak=rec.dealer_streak)
            if opts["horse_follows_kong"]:
                out += kongs.horse_kong_bonus(kong_pays, w.win.seat, hit)
        for p in out:
            self.pay(p.payer, p.payee, p.amount, p.why or p.reason)


def rules():
    """The four settlement rules, registered by the plugin."""
    out = []
    for rule, doc in (("guangdong.dahu", "大胡 money table: X = F × u × (1 + H) per payer ([T])"),
                      ("guangdong.tuidaohu", "推倒胡: S = 2^total × (1 + H) from each other player ([B])"),
                      ("guangdong.lianhua", "莲花: P = b × m + b × H, the dealer pays double ([L])"),
                      ("guangdong.bao", "包: the bill T = V × b in thirds, or all of it from the liable player ([W])")):
        def settle(record, ruleset, _rule=rule):
            return GuangdongHand(record, ruleset, _rule).run()
        out.append(GuangdongHand.rule(rule, settle, doc))
    return out
