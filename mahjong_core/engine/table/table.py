"""``Table``: one hand as a seeded, deterministic state machine (docs/table.md).

Draws are the table's own moves: a seat's turn begins with its draw (bonus tiles set aside and
replaced from the tail), and a kong's replacement comes from the tail. Each seat acts through
``act``: in its turn a discard, a self-drawn win or a kong; in a claim window one answer from
each seat that may claim. ``legal(seat)`` lists what the seat may do now; anything else is
refused (``IllegalActionError`` naming the rule) and leaves the state as it was. A flow's
opening steps (opening.py) come before the dealer's first turn or right after his first discard
(``OpeningStep.at``); wins and what follows them
(several winners, play going on) are winning.py's.
"""
from __future__ import annotations

from itertools import repeat
from operator import is_

from .. import tiles as T
from ..errors import IllegalActionError, MahjongError
from . import actions as A
from . import bonus, claims, flow, invariants, kongs, lastgroup, observe, opening, record, refusals, situation, winning
from .rules import flow_of, play_rules
from .state import CLAIM, OPENING, OVER, ROB, TURN, Deal, Seat, TableMeld, TableState, Window
from .wall import Wall, shuffle, tile_list


class Table:
    def __init__(self, ruleset, deal: Deal, check: bool = True):
        self.ruleset = ruleset
        self.rules = play_rules(ruleset)
        self.flow = flow_of(ruleset)
        self.tile_list = tile_list(ruleset.table)
        if deal.tiles is None:
            if deal.seed is None:
                raise MahjongError("a hand needs a seed or an explicit wall")
            tiles = shuffle(self.tile_list, deal.seed, deal.hand)
        else:
            tiles = tuple(deal.tiles)
            if sorted(tiles) != sorted(self.tile_list):
                raise MahjongError(f"the wall must hold the {len(self.tile_list)} tiles of tile set "
                                   f"'{ruleset.table.tile_set}' once each, got {len(tiles)} tiles that differ")
        self.check = check
        self.state = TableState(deal, Wall(tiles, reserve=self.rules.reserve), [Seat() for _ in range(self.rules.seats)],
                                turn=deal.dealer, wilds=ruleset.table.wilds.fixed)
        self._waits: dict = {}
        self._legal: dict[int, tuple[A.Action, ...]] = {}
        self.paid_at: tuple[int, tuple] = (-1, ())     # (events settled, deltas): observe.paid's
        opening.check(self)
        self.opening_kinds = opening.kinds(self)
        self._deal()
        if check:
            invariants.check(self)

    # ------------------------------------------------------------------ the API
    @property
    def over(self) -> bool:
        return self.state.phase == OVER

    def to_move(self) -> tuple[int, ...]:
        """The seats whose action the table waits for."""
        st = self.state
        if st.phase == TURN:
            return (st.turn,)
        if st.phase in (CLAIM, ROB):
            return st.window.waiting
        if st.phase == OPENING:
            return st.opening.waiting
        return ()

    def legal(self, seat: int) -> tuple[A.Action, ...]:
        """What ``seat`` may do now (empty when the table does not wait for it)."""
        got = self._legal.get(seat)
        if got is None:
            got = self._legal[seat] = self._compute_legal(seat)
        return got

    def act(self, action) -> None:
        """Take one action (an ``Action`` or its JSON form); an illegal one is refused, changing nothing."""
        if not isinstance(action, A.Action):
            action = A.Action.from_dict(action, self.rules.seats, opening=self.opening_kinds)
        if not 0 <= action.seat < self.rules.seats:
            raise IllegalActionError(f"action: 'seat' must be a seat number 0–{self.rules.seats - 1}, "
                                       f"got {action.seat}")
        legal = self.legal(action.seat)
        # a bot hands back one of the listed records: found by identity before any field is compared
        if not any(map(is_, legal, repeat(action))) and action not in legal:
            raise IllegalActionError(refusals.why(self, action))
        self.state.actions.append(action)
        self._legal.clear()
        self._apply(action)
        self._legal.clear()
        if self.check:
            invariants.check(self)

    def observe(self, seat: int, money: bool = True) -> observe.Observation:
        """What ``seat`` may see now (``money=False``: no ``paid``, for a reader that never uses it)."""
        return observe.observation(self, seat, money)

    def record(self) -> dict:
        return record.build(self)

    def settle(self, record: dict | None = None):
        """The money the table reports: its events settled (as its whole record settles, play
        log replayed); ``record``: this table's ``record()`` when the caller has it already."""
        events = {k: v for k, v in (record or self.record()).items() if k != "play"}
        return self.ruleset.settle(events)

    # ------------------------------------------------------------------ legal actions
    def _compute_legal(self, seat: int) -> tuple[A.Action, ...]:
        st = self.state
        if st.phase in (CLAIM, ROB):
            return () if seat in st.window.answers else st.window.options.get(seat, ())
        if st.phase == OPENING:
            return () if seat in st.opening.answers else st.opening.options.get(seat, ())
        if st.phase != TURN or seat != st.turn:
            return ()
        me = st.seats[seat]
        if st.extra.get(seat):              # tiles beyond its hand (开金's replacements): let go first
            return tuple(A.discard(seat, t) for t in claims.discardable(
                claims.wild_rules(self.ruleset, st), st, me, st.voids.get(seat)))
        out = []
        if not st.claimed and st.drawn is not None and situation.may_win(self.ruleset, st, seat, st.drawn, self._waits,
                self_drawn=True, extras=flow.extras_of(self, seat)) and not flow.barred(self, seat, True):
            out.append(A.Action(A.WIN, seat))
            if claims.forced(self.rules, st):
                return tuple(out)
        wild = claims.wild_rules(self.ruleset, st)
        void = st.voids.get(seat)
        fixed = winning.fixed(self, seat)
        if not st.claimed and st.wall.left > self.rules.last_group:
            kongs = [A.Action(A.CONCEALED_KONG, seat, t) for t in range(T.NUM_KINDS)
                     if me.counts[t] == 4 and (wild.concealed_kong or t not in st.wilds) and T.suit(t) != void] \
                if 4 in me.counts else []
            kongs += [A.Action(A.ADDED_KONG, seat, m.tile) for m in me.melds if m.kind == "pung" and me.counts[m.tile]]
            out.extend(k for k in kongs if not lastgroup.short(self, seat, k.kind, k.tile)
                       and (not fixed or winning.kong_keeps_waits(self, seat, k.tile, k.kind)))
        if fixed:
            return tuple(out) + (A.discard(seat, st.drawn),)
        out.extend(map(A.discards(seat).__getitem__, claims.discardable(wild, st, me, void)))
        return tuple(out)

    # ------------------------------------------------------------------ moves
    def _deal(self) -> None:
        st, n = self.state, self.rules.seats
        order = [(st.deal.dealer + i) % n for i in range(n)]
        for take in (4, 4, 4, 1):
            for seat in order:
                for _ in range(take):
                    st.seats[seat].counts[st.wall.draw()] += 1
        if self.rules.hand_size == 16:
            for seat in order:
                for _ in range(3):
                    st.seats[seat].counts[st.wall.draw()] += 1
        if self.flow is not None and self.flow.dealer_tile_at_deal:      # 坎门: the dealer's extra tile, dealt
            st.first_tile = st.wall.draw()
            st.seats[st.deal.dealer].counts[st.first_tile] += 1
        if self.flow is not None and self.flow.bonus_in_rounds:
            bonus.replace_in_rounds(self, order)
        for seat in order:
            got = self._replace_bonus(seat)
            if seat == st.deal.dealer and st.first_tile in self.ruleset.table.bonus and got is not None:
                st.first_tile = got
            if bonus.winning_copy(self.ruleset.table, st.seats[seat]) is not None:
                self._bonus_win(seat)
                return
        flow.run(self, "deal")
        flow.update_reserve(self)
        if not opening.start(self):
            opening.first_turn(self)

    def _replace_bonus(self, seat: int) -> int | None:
        """Set aside ``seat``'s bonus tiles, each replaced from the tail; the last replacement
        (None when there was nothing to replace, or the wall ran out). The last copy of
        ``table.bonus_win``'s kind stays in the hand as its winning tile (``bonus.py``)."""
        st = self.state
        me, table, got = st.seats[seat], self.ruleset.table, None
        while True:
            held, short = bonus.to_replace(table, me, self.rules.hand_size)
            if not held and not short:
                return got
            for t in held:
                me.counts[t] -= 1
                me.bonus.append(t)
            flow.update_reserve(self)
            for _ in range(len(held) + short):
                if st.wall.left == 0:
                    return None
                got = st.wall.draw_tail()
                me.counts[got] += 1

    def _bonus_win(self, seat: int) -> None:
        """``table.bonus_win``: the seat holding the last copy of the bonus kind wins at once."""
        st = self.state
        st.turn, st.kong_chain, st.from_tail, st.bloom_draw = seat, 0, False, False
        winning.win(self, [seat], self.ruleset.table.bonus_win, None)

    def _draw(self, seat: int, tail: bool) -> None:
        st = self.state
        if st.wall.left == 0:
            winning.end(self, exhausted=True)
            return
        if not tail and lastgroup.active(self):
            return lastgroup.draw(self, seat)
        tile = st.wall.draw_tail() if tail else st.wall.draw()
        st.seats[seat].counts[tile] += 1
        replaced = tile in self.ruleset.table.bonus
        if replaced:
            got = self._replace_bonus(seat)
            if bonus.winning_copy(self.ruleset.table, st.seats[seat]) is not None:
                self._bonus_win(seat)
                return
            if got is None or got in self.ruleset.table.bonus:
                winning.end(self, exhausted=True)
                return
            tile = got
        st.phase, st.turn, st.drawn, st.from_tail, st.claimed, st.window = TURN, seat, tile, tail, False, None
        st.bloom_draw = replaced and self.ruleset.table.bonus_replacement_bloom
        opening.take_auto_win(self, seat, tile)

    def _apply(self, a: A.Action) -> None:
        st = self.state
        if st.phase in (CLAIM, ROB):
            claims.note_pass(self, a)
            st.window.answers[a.seat] = a
            if not st.window.waiting:
                self._resolve_claim() if st.phase == CLAIM else kongs.rob_answered(self)
        elif st.phase == OPENING:
            opening.answer(self, a)
        elif a.kind == A.DISCARD:
            self._discard(a.seat, a.tile)
        elif a.kind == A.WIN:
            winning.win(self, [a.seat], st.drawn, None)
        elif a.kind == A.CONCEALED_KONG:
            kongs.concealed(self, a.seat, a.tile)
        else:       # ADDED_KONG
            kongs.added(self, a.seat, a.tile)

    def _discard(self, seat: int, tile: int) -> None:
        st = self.state
        me = st.seats[seat]
        me.counts[tile] -= 1
        me.pool.append(tile)
        if st.extra.get(seat):
            opening.let_extra_go(self, seat, tile)
            return
        st.passed_win.pop(seat, None)
        me.discarded += 1
        st.discard_after_kong, st.kong_chain, st.drawn, st.claimed = st.kong_chain > 0, 0, None, False
        flow.run(self, "discard", seat, tile)
        if seat == st.deal.dealer and me.discarded == 1 and opening.has(self, "first_discard") \
                and opening.start(self, at="first_discard"):
            return
        self._open_claims(seat, tile)

    def _open_claims(self, seat: int, tile: int) -> None:
        """The claim window on ``seat``'s discard ``tile``, or the next seat's draw."""
        st = self.state
        options = flow.bar_wins(self, claims.discard_options(self, st, tile, self._waits))
        if options:
            st.phase, st.window = CLAIM, Window(tile, seat, options)
        else:
            self._draw(winning.next_in_play(self, seat), tail=False)

    def _resolve_claim(self) -> None:
        st, w = self.state, self.state.window
        pool = st.seats[w.source].pool
        winners = claims.winners(self.rules, w.answers, w.source, flow.ranks(self, w.answers, w.tile))
        if winners:
            winning.win(self, winners, w.tile, w.source, pool=pool)
            return
        claim = claims.meld_claim(w.answers)
        if claim is None:
            self._draw(winning.next_in_play(self, w.source), tail=False)
            return
        pool.pop()
        me = st.seats[claim.seat]
        st.melded, st.discard_after_kong = True, False
        if claim.kind == A.EXPOSED_KONG:
            kongs.exposed(self, claim.seat, w.tile, w.source)
            return
        low = w.tile if claim.kind == A.PUNG else claim.tile
        for t in (TableMeld("pung" if claim.kind == A.PUNG else "chow", low).tiles):
            me.counts[t] -= 1
        me.counts[w.tile] += 1
        me.melds.append(TableMeld("pung" if claim.kind == A.PUNG else "chow", low, False, w.tile, w.source))
        st.phase, st.turn, st.drawn, st.claimed, st.window, st.kong_chain = TURN, claim.seat, None, True, None, 0
