"""Bots behind one small interface, ``act(observation, legal) -> action`` (docs/table.md "Bots").

``RandomBot`` picks uniformly among the legal actions from its own SHA-256 stream (seed, hand,
seat), so a game of random bots replays exactly. ``GreedyBot`` reads ``Ruleset.analyze``: it wins
whenever allowed, discards the tile that keeps the lowest shanten with the most useful copies
left — between discards that leave it ready, the one whose waits are worth most (a wait below
the minimum, as Guobiao's 8 points, is worth nothing) — claims (or kongs) only when that lowers
its shanten, and otherwise passes; at an opening step it takes the flow's suggestion
(``OpeningStep.suggest``: Sichuan's weakest three for 换三张, its shortest suit for 定缺, Fuzhou's
抢金 taken), and a void suit's tiles go first because they are all it may let go. The bots by
name (``random``, ``greedy``, ``fans``: ``fanbot.FanBot``) are in ``roster``.
"""
from __future__ import annotations

from typing import Protocol

from .. import tiles as T
from . import actions as A
from .observe import Observation
from .rules import flow_of
from .state import TableMeld
from .wall import below, number_stream

class Bot(Protocol):
    def act(self, observation: Observation, legal: tuple[A.Action, ...]) -> A.Action: ...


def move(bot: Bot, table, seat: int) -> A.Action:
    """``bot``'s action for ``seat`` now. A bot whose ``observes`` is false never reads the
    observation, so none is built for it (it gets None): a random bot's game then costs the
    table's own moves only. One whose ``reads_money`` is false gets no ``paid`` (the money so far
    costs a settlement each time a win or kong is added)."""
    if not getattr(bot, "observes", True):
        return bot.act(None, table.legal(seat))
    return bot.act(table.observe(seat, getattr(bot, "reads_money", True)), table.legal(seat))


def play_out(table, bots) -> None:
    """Let ``bots`` (one per seat) play ``table`` to the end of its hand."""
    while not table.over:
        seat = table.to_move()[0]
        table.act(move(bots[seat], table, seat))


class RandomBot:
    observes = False        # it picks among the legal actions alone

    def __init__(self, seed: int, hand: int, seat: int):
        self.stream = number_stream(seed, hand, f"bot/random/{seat}")

    def act(self, observation: Observation, legal: tuple[A.Action, ...]) -> A.Action:
        return legal[below(self.stream, len(legal))]


class GreedyBot:
    reads_money = False     # its choices never read the money paid so far

    def __init__(self, ruleset):
        self.ruleset = ruleset
        self.flow = flow_of(ruleset)
        self._waits: dict = {}      # a ready hand's waits and their values (``_waits_worth``)

    def act(self, observation: Observation, legal: tuple[A.Action, ...]) -> A.Action:
        for a in legal:
            if a.kind == A.WIN:
                return a
        if observation.phase == "opening":
            return self._opening(observation, legal)
        if observation.phase == "turn":
            return self._turn(observation, legal)
        return self._claim(observation, legal)

    def _opening(self, obs: Observation, legal) -> A.Action:
        step = next(s for s in self.flow.opening if s.kind == legal[0].kind)
        if step.suggest is None:
            return legal[0]
        want = step.suggest(obs.hand, tuple(a.choice for a in legal))
        return next((a for a in legal if a.choice == want), legal[0])

    # ------------------------------------------------------------------ reading a hand
    def _hand(self, obs: Observation, tiles, melds, bare: bool = True) -> dict | str:
        """The hand as ``Ruleset.analyze`` reads it: bare notation when it has no melds and no
        wilds (read without building a situation; ``bare=False``: always the object), else the
        object."""
        if bare and not melds and not obs.wilds:
            return T.format_tiles(tiles)
        out = {"hand": T.format_tiles(tiles), "melds": list(melds)}
        if obs.wilds:
            out["wilds"] = T.format_tiles(obs.wilds)
        return out

    def _own_melds(self, obs: Observation) -> list[dict]:
        return list(obs.seats[obs.seat].melds)

    def _analyze(self, obs: Observation, tiles, melds, taken: int | None = None):
        """``analyze`` with the tiles seen elsewhere; ``taken``: a claimed tile, in the hand now."""
        seen = list(obs.seen())
        if taken is not None:
            seen.remove(taken)
        return self.ruleset.analyze(self._hand(obs, tiles, melds), T.format_tiles(seen), waits=False)

    def _scored_hand(self, obs: Observation, tiles, melds) -> dict:
        """The hand whose waits are scored (the greedy bot: tiles, melds and wilds alone)."""
        return self._hand(obs, tiles, melds, bare=False)

    def _waits_worth(self, obs: Observation, tiles, melds, copies) -> float:
        """A ready 3n+1 hand's waits: each winning tile's ``copies(tile)`` left times the mean
        value of its two ways of winning, a way that would not stand (below the minimum, not
        allowed) counting 0. The waits and each value are cached for the hand (a ready hand
        comes back turn after turn, and its seat, winds and flowers are the bot's own); a wait
        with no copy left is not scored."""
        key = (tuple(sorted(tiles)), tuple((m["type"], m.get("tiles"), m.get("concealed")) for m in melds),
               len(obs.seats[obs.seat].bonus))
        got = self._waits.get(key)
        if got is None:
            waits = self.ruleset.waits(self._scored_hand(obs, tiles, melds))
            got = self._waits[key] = (waits, waits.situation.to_dict(), {})
        waits, hand, values = got
        total = 0.0
        for t in waits.tiles:
            n = copies(t)
            if n > 0:
                v = values.get(t)
                if v is None:
                    w = waits.score_of(t, hand)
                    ways = [m.value for m in (w.discard, w.self_drawn) if m.error is None and m.allowed
                            and not m.below_minimum and isinstance(m.value, (int, float))]
                    v = values[t] = sum(ways) / 2
                total += n * v
        return total

    def _ready_worth(self, obs: Observation, tiles, melds, option) -> float:
        """A ready hand's waits: each winning tile's copies left (as the analysis counts them)
        times the mean value of its two ways of winning."""
        left = {u.tile: u.left for u in option.useful}
        return self._waits_worth(obs, tiles, melds, lambda t: left.get(t, 0))

    def _choose_discard(self, obs: Observation, melds, discards):
        options = [o for o in self._analyze(obs, obs.hand, melds).discards if o.discard in discards]
        ready = [o for o in options if o.shanten == 0]
        if len(ready) < 2:
            return options[0]

        def worth(o):
            rest = list(obs.hand)
            rest.remove(o.discard)
            return self._ready_worth(obs, rest, melds, o)
        return max(ready, key=lambda o: (worth(o), o.useful_left))     # the first of equals: analyze's order

    def _shed(self, obs: Observation, melds, discards, over: int) -> int:
        """The tile to let go from a hand ``over`` tiles beyond its size (the replacements of bonus
        tiles turned up at Fuzhou's 开金), one at a time. One over: the tile whose rest, read as its
        best discard leaves it, is nearest to ready. More: the tile with the fewest tiles of its
        suit within two steps in the hand (the first of equals in tile order)."""
        held = list(obs.hand)
        if over > 1:
            def company(d):
                return sum(1 for t in held if t != d and T.suit(t) == T.suit(d) and abs(t - d) <= 2) \
                    + held.count(d) - 1
            return min(sorted(discards), key=company)

        def nearest(d):
            rest = list(held)
            rest.remove(d)
            o = self._analyze(obs, rest, melds).discards[0]
            return o.shanten, -o.useful_left
        return min(sorted(discards), key=nearest)

    def _turn(self, obs: Observation, legal) -> A.Action:
        melds = self._own_melds(obs)
        discards = {a.tile: a for a in legal if a.kind == A.DISCARD}
        over = len(obs.hand) + 3 * len(melds) - self.ruleset.table.hand_size - 1
        if over > 0:
            return discards[self._shed(obs, melds, discards, over)]
        choice = self._choose_discard(obs, melds, discards)
        for a in legal:
            if a.kind in (A.CONCEALED_KONG, A.ADDED_KONG):
                rest = list(obs.hand)
                if a.kind == A.CONCEALED_KONG:
                    for _ in range(4):
                        rest.remove(a.tile)
                    meld = TableMeld("kong", a.tile, concealed=True).to_dict(obs.seat, len(obs.seats))
                    after = melds + [meld]
                else:
                    rest.remove(a.tile)
                    after = [dict(m, type="kong", tiles=T.format_tiles((a.tile,) * 4), concealed=False)
                             if m.get("type") == "pung" and m.get("tiles") == T.format_tiles((a.tile,) * 3) else m
                             for m in melds]
                if self.ruleset.shanten(self._hand(obs, rest, after)) <= choice.shanten:
                    return a
        return discards[choice.discard]

    def _claim(self, obs: Observation, legal) -> A.Action:
        pass_ = next(a for a in legal if a.kind == A.PASS)
        claims = [a for a in legal if a.kind in (A.PUNG, A.CHOW, A.EXPOSED_KONG)]
        if not claims:
            return pass_
        melds = self._own_melds(obs)
        now = self.ruleset.shanten(self._hand(obs, obs.hand, melds))
        best, best_key = pass_, (now, 0)
        for a in claims:
            rest, after = self._claimed(obs, a, melds)
            if a.kind == A.EXPOSED_KONG:
                key = (self.ruleset.shanten(self._hand(obs, rest, after)), 0)
            else:
                o = self._analyze(obs, rest, after, obs.tile).discards[0]
                key = (o.shanten, -o.useful_left)
            if key[0] < now and key < best_key:
                best, best_key = a, key
        return best

    @staticmethod
    def _claimed(obs: Observation, a: A.Action, melds) -> tuple[list, list]:
        """The concealed tiles and melds after claim ``a`` of the tile on the table."""
        tile, rest = obs.tile, list(obs.hand)
        if a.kind == A.CHOW:
            meld = TableMeld("chow", a.tile, False, tile, obs.turn)
        else:
            meld = TableMeld("kong" if a.kind == A.EXPOSED_KONG else "pung", tile, False, tile, obs.turn)
        used = list(meld.tiles)
        used.remove(tile)
        for t in used:
            rest.remove(t)
        return rest, melds + [meld.to_dict(obs.seat, len(obs.seats))]
