"""Why the table refuses an action: the rule it breaks, in words (``IllegalActionError``)."""
from __future__ import annotations

from .. import tiles as T
from . import actions as A
from . import claims, flow, lastgroup, situation, winning
from .state import CLAIM, OPENING, OVER, ROB, TURN


def why(table, a: A.Action) -> str:
    """The first rule ``a`` breaks, named; the legal actions of its seat listed when there are any."""
    reason = _reason(table, a)
    legal = table.legal(a.seat)
    if legal:
        reason += f"; seat {a.seat} may: {', '.join(_short(x) for x in legal)}"
    return f"illegal action ({a}): {reason}"


def _short(a: A.Action) -> str:
    return a.kind + (f" {T.name(a.tile)}" if a.tile is not None else "") + (f" {a.choice}" if a.choice is not None else "")


def _reason(table, a: A.Action) -> str:
    st = table.state
    if st.phase == OVER:
        return "the hand is over"
    if st.phase == OPENING:
        return _opening(table, a)
    if a.kind in table.opening_kinds:
        return f"{a.kind} is chosen only at its opening step ({_when(table, a.kind)}), and none is open now"
    if st.phase == TURN:
        return _turn(table, a)
    w = st.window
    kong = "exposed kong" if st.phase == ROB and w.kong_from is not None else "added kong"
    what = f"the {kong}" if st.phase == ROB else "the discard"
    if a.kind in (A.DISCARD, A.CONCEALED_KONG, A.ADDED_KONG):
        return f"it is no seat's turn: the table waits for answers to {what} of {T.name(w.tile)} " \
               f"from seat(s) {', '.join(map(str, w.waiting))}"
    if a.seat == w.source:
        return f"seat {a.seat} {'declared' if st.phase == ROB else 'discarded'} {T.name(w.tile)} itself"
    if a.seat in w.answers:
        return f"seat {a.seat} has already answered {what} of {T.name(w.tile)}"
    if st.phase == ROB and a.kind != A.WIN and a.kind != A.PASS:
        return f"an {kong} may only be robbed (win) or let pass"
    wild = claims.wild_rules(table.ruleset, st)
    if a.kind in (A.PUNG, A.EXPOSED_KONG, A.CHOW) and not claims.meldable(wild, st, (w.tile,)):
        return f"{T.name(w.tile)} is wild: a discarded wild cannot be claimed into a meld (table.wilds.claim: false)"
    if a.kind == A.CHOW and a.tile is not None and a.tile % 9 <= 6 and a.tile < 27 and \
            not claims.meldable(wild, st, (a.tile, a.tile + 1, a.tile + 2)):
        return f"the chow {claims.describe(w.tile, a.tile)} would hold a wild, and no claimed meld may " \
               f"(table.wilds.claim: false)"
    if a.kind == A.CHOW and table.rules.chows and claims.distance(a.seat, w.source, table.rules.seats) != 1:
        return f"a chow is claimed only from the left: only seat {(w.source + 1) % table.rules.seats} " \
               f"may chow seat {w.source}'s discard"
    if a.seat in st.out:
        return f"seat {a.seat} has won and left play (血战): it claims nothing"
    void = st.voids.get(a.seat)
    if a.kind in (A.PUNG, A.EXPOSED_KONG, A.CHOW) and T.suit(w.tile) == void:
        return f"seat {a.seat} declared {void} void (定缺): it claims no {void} tile into a meld"
    if a.kind in (A.PUNG, A.EXPOSED_KONG, A.CHOW) and winning.fixed(table, a.seat):
        return f"seat {a.seat} has won and plays on with its hand fixed (血流): it may only win again, " \
               f"or kong {T.name(w.tile)} where the kong keeps its waits"
    if a.seat in w.options and w.options[a.seat] == (A.Action(A.WIN, a.seat),):
        return _forced(table)
    if a.kind == A.WIN and st.phase == CLAIM and claims.locked(table.ruleset, st, a.seat, w.tile):
        return f"seat {a.seat} let a discard win worth as much go since its last discard (过水, pass_win_lock): " \
               f"it may win on a discard again after its own next discard"
    barred = flow.barred(table, a.seat, False) if a.kind == A.WIN else None
    if barred:
        return barred
    if a.seat not in w.options:
        return f"seat {a.seat} has no claim on {T.name(w.tile)} (no win, pung, kong or chow it could make)"
    if st.phase == CLAIM and st.wall.left == 0 and a.kind != A.WIN:
        return "the wall is empty: the last discard may only be won, not melded"
    if a.kind == A.EXPOSED_KONG and 0 < st.wall.left <= table.rules.last_group:
        return f"only the last group is left ({st.wall.left} tiles, options.last_group: {table.rules.last_group}): " \
               f"a kong needs a replacement beyond it"
    if a.kind == A.EXPOSED_KONG and st.seats[a.seat].counts[w.tile] >= 3 \
            and lastgroup.short(table, a.seat, a.kind, w.tile):
        return _group_broken(table, A.Action(a.kind, a.seat, w.tile))
    if a.kind == A.WIN:
        return situation.why_not(table.ruleset, st, a.seat, w.tile, self_drawn=False, robbing=st.phase == ROB,
                                 extras=flow.extras_of(table, a.seat))
    counts = st.seats[a.seat].counts
    if a.kind == A.CHOW:
        if not table.rules.chows:
            return f"ruleset '{table.ruleset.name}' allows no chow melds (table.chows)"
        return f"seat {a.seat} cannot make the chow {claims.describe(w.tile, a.tile)}: it lacks the other two tiles"
    if a.kind == A.PUNG:
        return f"a pung of {T.name(w.tile)} needs two {T.name(w.tile)} in the hand (seat {a.seat} holds {counts[w.tile]})"
    if a.kind == A.EXPOSED_KONG:
        if a.tile != w.tile:
            return f"a kong on the discard is of the discarded tile {T.name(w.tile)}"
        return f"a kong of {T.name(w.tile)} needs three in the hand (seat {a.seat} holds {counts[w.tile]})"
    return f"{a.kind} is not one of the seat's options"


def _turn(table, a: A.Action) -> str:
    st = table.state
    if a.seat != st.turn:
        return f"it is seat {st.turn}'s turn, and no discard is open to claim"
    if a.kind in (A.PASS, A.PUNG, A.CHOW, A.EXPOSED_KONG):
        return f"there is no discard to claim: seat {a.seat} is to discard"
    me = st.seats[a.seat]
    if a.kind != A.WIN and table.legal(a.seat) == (A.Action(A.WIN, a.seat),):
        return _forced(table)
    if st.extra.get(a.seat) and a.kind != A.DISCARD:
        return f"seat {a.seat} holds {st.extra[a.seat]} tile(s) beyond its hand (the replacement of a bonus tile " \
               f"turned up for it) and lets them go first: discards only"
    void = st.voids.get(a.seat)
    if winning.fixed(table, a.seat) and a.kind not in (A.WIN, A.CONCEALED_KONG, A.ADDED_KONG):
        return f"seat {a.seat} has won and plays on with its hand fixed (血流): it may only win again, " \
               f"declare a kong that keeps its waits, or let its drawn tile {T.name(st.drawn)} go"
    if a.kind == A.DISCARD and void is not None and a.tile < T.NUM_TILES and me.counts[a.tile] \
            and T.suit(a.tile) != void and any(me.counts[t] for t in range(T.NUM_KINDS) if T.suit(t) == void):
        return f"seat {a.seat} declared {void} void (定缺) and must let its {void} tiles go first"
    if a.kind == A.CONCEALED_KONG and void is not None and a.tile < T.NUM_KINDS and T.suit(a.tile) == void:
        return f"seat {a.seat} declared {void} void (定缺): it declares no kong of {T.name(a.tile)}"
    if a.kind == A.DISCARD:
        if a.tile < T.NUM_TILES and me.counts[a.tile] and a.tile in st.wilds:
            rule = f"; {table.flow.wild_discard}" if table.flow is not None and table.flow.wild_discard else ""
            return f"{T.name(a.tile)} is wild and a wild is never discarded (table.wilds.discard: false{rule})"
        return f"seat {a.seat} holds no {T.name(a.tile)}" if a.tile < T.NUM_TILES else "no such tile"
    if st.claimed:
        return f"seat {a.seat} has just claimed a meld and must discard"
    if a.kind == A.WIN:
        return flow.barred(table, a.seat, True) or situation.why_not(table.ruleset, st, a.seat, st.drawn, self_drawn=True,
                                                                     extras=flow.extras_of(table, a.seat))
    if st.wall.left == 0:
        return "the wall is empty: a kong needs a replacement tile"
    if st.wall.left <= table.rules.last_group:
        return f"only the last group is left ({st.wall.left} tiles, options.last_group: {table.rules.last_group}): " \
               f"a kong needs a replacement beyond it"
    shaped = me.counts[a.tile] == 4 if a.kind == A.CONCEALED_KONG else \
        me.counts[a.tile] > 0 and any(m.kind == "pung" and m.tile == a.tile for m in me.melds)
    if shaped and lastgroup.short(table, a.seat, a.kind, a.tile):
        return _group_broken(table, a)
    if shaped and winning.fixed(table, a.seat):
        return f"seat {a.seat} has won and plays on with its hand fixed (血流): a kong of {T.name(a.tile)} " \
               f"would change the waits it won with"
    if a.kind == A.CONCEALED_KONG:
        if a.tile in st.wilds and me.counts[a.tile] == 4:
            return f"{T.name(a.tile)} is wild and wilds cannot form a concealed kong here (table.wilds.concealed_kong: false)"
        return f"a concealed kong of {T.name(a.tile)} needs all four in the hand (seat {a.seat} holds {me.counts[a.tile]})"
    return f"an added kong of {T.name(a.tile)} needs a melded pung of it and the fourth tile in the hand"


def _group_broken(table, a: A.Action) -> str:
    """A kong refused because its replacement and the tiles it holds back would cut into the last group."""
    n, left = table.rules.last_group, table.state.wall.left
    held = lastgroup.held_back(table, a.seat, a.kind, a.tile)
    return f"{left} tiles are left to draw: a kong of {T.name(a.tile)} takes its replacement and holds {held} " \
           f"more back, leaving {left - 1 - held}, fewer than the last group (options.last_group: {n})"


def _when(table, kind: str) -> str:
    step = next(s for s in table.flow.opening if s.kind == kind)
    return "after the dealer's first discard" if step.at == "first_discard" else "before the dealer's first turn"


def _forced(table) -> str:
    return f"only {table.state.wall.left} tiles are left in the wall: a seat that may win must " \
           f"(forced_win_tiles {table.rules.forced_win_tiles}, 最后四张自动胡)"


def _opening(table, a: A.Action) -> str:
    op = table.state.opening
    step = table.flow.opening[op.step]
    if a.kind != step.kind:
        return f"the seats are choosing {step.kind} ({step.doc}); no {a.kind} until all have chosen"
    if a.seat in op.answers:
        return f"seat {a.seat} has already chosen its {step.kind}"
    if a.seat not in op.options:
        return f"seat {a.seat} has no {step.kind} to choose"
    return f"{a.choice!r} is not one of seat {a.seat}'s {step.kind} choices"
