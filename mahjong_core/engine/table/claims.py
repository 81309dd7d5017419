"""Claim windows: who may claim a discard (or rob an added kong) and with what, and how the
answers are resolved by priority: a win before a kong or pung before a chow; among winners the
nearest in turn order from the discarder where one player wins a hand. The hand's wild kinds
follow ``table.wilds``: a meld holds one only where ``claim`` allows, a wild is let go only where
``discard`` allows (a win on a discarded wild is the ruleset's to accept: ``win_on_discard``).
A seat with a declared void suit (定缺) lets it go first and claims none of it; a seat out of
play (血战) claims nothing; a seat that won and plays on (血流) may only win, or kong the discard
when the kong keeps its waits."""
from __future__ import annotations

from itertools import compress

from .. import tiles as T
from . import actions as A
from . import flow, lastgroup, situation, winning
from .rules import PlayRules
from .state import TableState


_KINDS = range(T.NUM_KINDS)


def distance(seat: int, source: int, seats: int) -> int:
    """Turns from ``source`` to ``seat`` (1: the next player)."""
    return (seat - source) % seats


def _chow_shapes(tile: int) -> tuple:
    """(lowest tile, the two other tiles) of each chow holding ``tile``."""
    if tile >= 27:
        return ()
    rank = tile % 9
    return tuple((low, *(t for t in (low, low + 1, low + 2) if t != tile))
                 for low in (tile - 2, tile - 1, tile) if low >= tile - rank and low % 9 <= 6)


_CHOW_SHAPES = tuple(_chow_shapes(t) for t in range(T.NUM_TILES))


def chows(counts: list[int], tile: int) -> list[int]:
    """The lowest tiles of the chows ``tile`` completes with two held tiles."""
    return [low for low, a, b in _CHOW_SHAPES[tile] if counts[a] and counts[b]]


def wild_rules(ruleset, state: TableState):
    """The ruleset's ``table.wilds`` (``WildRules``); they matter only once the hand has wilds."""
    return ruleset.table.wilds


def discardable(wild, state: TableState, me, void: str | None = None) -> list[int]:
    """The kinds ``me`` may let go: every kind held, but a wild where ``table.wilds.discard`` is
    false (unless the seat holds nothing else); only its ``void`` suit while it holds any."""
    if void is not None:                # a void suit is m, p or s: nine kinds from 9 × its index
        lo = 9 * "mps".index(void)
        forced = list(compress(range(lo, lo + 9), me.counts[lo:lo + 9]))
        if forced:
            return forced
    held = list(compress(_KINDS, me.counts))
    if wild.discard or not state.wilds:
        return held
    return [t for t in held if t not in state.wilds] or held


def meldable(wild, state: TableState, tiles) -> bool:
    """May a claimed meld hold ``tiles``: no wild kind in it unless ``table.wilds.claim``."""
    return wild.claim or not state.wilds or not any(t in state.wilds for t in tiles)


def discard_options(table, state: TableState, tile: int, cache: dict) -> dict:
    """Each seat that may claim the discard ``tile``, with its options (a pass first). When the
    wall is empty only a win may be claimed: no tile is left to draw after a meld; a kong needs
    a replacement beyond the last group (``PlayRules.last_group``)."""
    ruleset, rules = table.ruleset, table.rules
    source = state.turn
    seats = len(state.seats)
    wild = wild_rules(ruleset, state)
    room = state.wall.left > 0 and meldable(wild, state, (tile,))
    kong_room = room and state.wall.left > rules.last_group       # a replacement beyond the last group
    suit = T.suit(tile)
    out = {}
    for seat in range(seats):
        if seat == source or seat in state.out:
            continue
        counts = state.seats[seat].counts
        void = state.voids.get(seat)
        opts = []
        # most seats are not waiting on the tile: the cached waits answer before a situation is built
        if tile in situation.waits(ruleset, state, seat, cache) and situation.may_win(
                ruleset, state, seat, tile, cache, self_drawn=False, extras=flow.extras_of(table, seat)) \
                and not locked(ruleset, state, seat, tile):
            opts.append(A.shared(A.WIN, seat))
            if forced(rules, state):
                out[seat] = (A.shared(A.WIN, seat),)
                continue
        if rules.after_win == "stay" and seat in state.winners or suit == void:
            if kong_room and counts[tile] >= 3 and suit != void and \
                    winning.kong_keeps_waits(table, seat, tile, A.EXPOSED_KONG):
                opts.append(A.shared(A.EXPOSED_KONG, seat, tile))
            if opts:
                out[seat] = (A.shared(A.PASS, seat),) + tuple(opts)
            continue
        if kong_room and counts[tile] >= 3 and not lastgroup.short(table, seat, A.EXPOSED_KONG, tile):
            opts.append(A.shared(A.EXPOSED_KONG, seat, tile))
        if room and counts[tile] >= 2:
            opts.append(A.shared(A.PUNG, seat))
        if room and rules.chows and distance(seat, source, seats) == 1:
            opts.extend(A.shared(A.CHOW, seat, low) for low in chows(counts, tile)
                        if meldable(wild, state, (low, low + 1, low + 2)))
        if opts:
            out[seat] = (A.shared(A.PASS, seat),) + tuple(opts)
    return out


def rob_options(table, state: TableState, tile: int, cache: dict, declarer: int, discarder: int | None = None) -> dict:
    """Each seat in play that may rob ``declarer``'s kong of ``tile`` (抢杠和; ``discarder``: an
    exposed kong's, who may not): a win or a pass (the win alone where it is ``forced``)."""
    out = {}
    must = forced(table.rules, state)
    for seat in range(len(state.seats)):
        if seat not in (declarer, discarder) and seat not in state.out and situation.may_win(
                table.ruleset, state, seat, tile, cache, self_drawn=False, robbing=True,
                extras=flow.extras_of(table, seat)):
            out[seat] = (A.Action(A.WIN, seat),) if must else (A.Action(A.PASS, seat), A.Action(A.WIN, seat))
    return out


def forced(rules: PlayRules, state: TableState) -> bool:
    """Must a seat that may win take it now (``forced_win_tiles``: 最后四张自动胡)? Once the wall's
    last N tiles are being drawn: the tile drawn, or a discard after it, is one of them (fewer
    than N left)."""
    return rules.forced_win_tiles > 0 and state.wall.left < rules.forced_win_tiles


def win_value(ruleset, state: TableState, seat: int, tile: int):
    """The value of ``seat``'s discard win on ``tile`` (the settlement's multiplier or points)."""
    return ruleset.score(situation.build(state, seat, tile, self_drawn=False)).value


def locked(ruleset, state: TableState, seat: int, tile: int) -> bool:
    """过水: ``seat`` let a discard win go since its own last discard, worth this one or more."""
    passed = state.passed_win.get(seat)
    return passed is not None and win_value(ruleset, state, seat, tile) <= passed


def note_pass(table, answer: A.Action) -> None:
    """A seat that passes a discard win it could take is locked (``pass_win_lock``) at its value."""
    st = table.state
    if not table.rules.pass_win_lock or answer.kind != A.PASS or st.phase != "claim" or \
            A.Action(A.WIN, answer.seat) not in st.window.options.get(answer.seat, ()):
        return
    value = win_value(table.ruleset, st, answer.seat, st.window.tile)
    st.passed_win[answer.seat] = max(value, st.passed_win.get(answer.seat, value))


def winners(rules: PlayRules, answers: dict, source: int, rank: dict | None = None,
            robbing: bool = False) -> list[int]:
    """The seats that win, nearest in turn order first; one of them where one player wins a hand
    (or, ``robbing``, where one player robs a kong: ``one_robber``). ``rank`` (a flow's
    ``win_rank``: Fuzhou's 金雀) puts a higher-ranked claimant before nearer ones."""
    rank = rank or {}
    seats = sorted((s for s, a in answers.items() if a.kind == A.WIN),
                   key=lambda s: (-rank.get(s, 0), distance(s, source, rules.seats)))
    return seats[:1] if rules.one_winner or (robbing and rules.one_robber) else seats


def meld_claim(answers: dict) -> A.Action | None:
    """The claim that takes the tile when nobody wins: a kong or pung before a chow."""
    for kinds in ((A.EXPOSED_KONG, A.PUNG), (A.CHOW,)):
        for seat in sorted(answers):
            if answers[seat].kind in kinds:
                return answers[seat]
    return None


def describe(tile: int, low: int) -> str:
    return T.format_tiles((low, low + 1, low + 2)) + f" on {T.name(tile)}"
