"""One Guangdong hand's payments from its gathered facts: the kongs, the wins with their horse
tiles, 跟庄. Pure: the core event replayer's ``on_<event>`` handlers gather these facts and call
``settle_hand`` once the hand is over (kong money that is paid at once, 莲花's, stands in the same
list, so the order of payments, not their sum, is all that timing changes)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from mahjong_core.errors import SettlementError
from mahjong_core.records import Payment

from . import bills, horses, kongs
from .options import resolve


class Winner(NamedTuple):
    """A win with what its horses need: the horse tiles listed for it (in the order turned) and
    the ghost-kind tiles it holds (推倒胡's 4-or-6 rule)."""

    win: bills.Win
    horses: tuple[int, ...] = ()
    ghosts_held: int = 0


def horse_hits(rule: str, winner: Winner, options: Mapping, *, dealer: int, dealer_streak: int = 0,
               seats: int = 4) -> horses.Hits:
    """The winner's horse hits under the profile's resolved ``options``."""
    n = horses.horse_count(options["horses"], ghosts_held=winner.ghosts_held,
                           with_ghost=options.get("horses_with_ghost"),
                           streak_bonus=options["horse_streak_bonus"], dealer_streak=dealer_streak,
                           winner_is_dealer=winner.win.seat == dealer)
    return horses.hits(winner.horses, n, winner.win.seat, dealer, options["horse_table"], seats)


def settle_hand(rule: str, *, kong_list: Sequence[kongs.Kong] = (), winners: Sequence[Winner] = (),
                options: Mapping | None = None, seats: int = 4, dealer: int = 0, dealer_streak: int = 0,
                followed: bool = False) -> list[Payment]:
    """Every payment of one hand under settlement ``rule`` (guangdong.dahu | tuidaohu | lianhua
    | bao): 跟庄 first, then kong money, then each win with its horses (and 马跟杠)."""
    opts = resolve(rule, options)
    out: list[Payment] = []
    if followed:
        out += bills.follow_dealer(dealer, opts, seats)
    robbers = [w.win.seat for w in winners if w.win.method == "robbing_kong"]
    robbed = next((w.win.source for w in winners if w.win.method == "robbing_kong"), None)
    if robbed is not None:
        _check_robbed(kong_list, robbed, robbers[0], opts)
    chains = {w.win.seat: kongs.chain_of(kong_list, w.win.seat, w.win.after_kong) for w in winners}
    bloom = next((c for c in chains.values() if c), ())
    kong_pays = kongs.kong_money(kong_list, opts, seats=seats, won=bool(winners), bloom=bloom,
                                 robbed_seat=robbed, robbers=robbers)
    out += kong_pays
    for w in winners:
        win = w.win._replace(bloom_feeder=kongs.feeder(chains[w.win.seat]))
        hit = horse_hits(rule, w, opts, dealer=dealer, dealer_streak=dealer_streak, seats=seats).hits
        out += bills.win_payments(rule, win, hit, opts, seats=seats, dealer=dealer, dealer_streak=dealer_streak)
        if opts["horse_follows_kong"]:
            out += kongs.horse_kong_bonus(kong_pays, win.seat, hit)
    return out


def _check_robbed(kong_list: Sequence[kongs.Kong], robbed: int, robber: int, options: Mapping) -> None:
    """A robbing win needs a robbed kong of seat ``robbed`` of a kind that may be robbed."""
    kong = next((k for k in reversed(kong_list) if k.seat == robbed and k.robbed), None)
    if kong is None:
        raise SettlementError(f"the win of seat {robber} robs a kong of seat {robbed}, but no kong of "
                              f"seat {robbed} was robbed: the robbed kong comes right before the win")
    if not kongs.robbable(kong.kind, options):
        raise SettlementError(f"the win of seat {robber} robs seat {robbed}'s {kong.kind} kong: only an "
                              f"added kong may be robbed (option rob_exposed_kong allows exposed ones)")
