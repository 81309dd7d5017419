"""The fans bot (docs/table.md "Bots"): a greedy bot that asks what its hand will be worth, for
rulesets with a minimum (Guobiao's 8 points), where the fastest hand is often one that may not win.

It reads only the ruleset's public API (``analyze``, ``shanten``, ``waits``), so it plays every
ruleset, but a ruleset without a minimum gains little from it. Far from ready (two or more tiles)
it discards as the greedy bot does: speed matters most there (a look-ahead from two tiles out,
measured in Guobiao, won no more at four times the cost).
From one tile away it looks one draw ahead: each candidate discard (at the lowest shanten, or one
above when every line at the lowest ends in waits that do not stand) is valued by the useful draws
(copies left) and the best ready hand each reaches, that ready hand by its waits' copies left
times their value (by discard and self-draw, a way that would not stand — below the minimum, not
allowed — counting 0), scored with the seat's winds and flowers. It claims (pung, chow) only when
the claim gets it closer and leaves it at most one tile from ready with waits that stand, worth at
least half of what the concealed hand reaches (a claim ends 门前清's and 不求人's fans).
"""
from __future__ import annotations

from .. import tiles as T
from . import actions as A
from .bots import GreedyBot
from .observe import Observation

LOOK_AHEAD = 1          # the shanten from which a line's value is looked for (one draw to ready)


class FanBot(GreedyBot):
    # ------------------------------------------------------------------ values
    def _scored_hand(self, obs: Observation, tiles, melds) -> dict:
        """The hand as a win would be scored: the seat's winds, dealer flag, flowers and void suit too
        (a seat wind pung is worth points in Guobiao, and a void suit still held refuses every win)."""
        out = self._hand(obs, tiles, melds, bare=False)
        out["seat_wind"] = T.WIND_LETTERS[(obs.seat - obs.dealer) % len(obs.seats) % 4]
        out["round_wind"] = T.WIND_LETTERS[obs.round_wind]
        out["dealer"] = obs.seat == obs.dealer
        if obs.seats[obs.seat].bonus:
            out["flowers"] = T.format_tiles(obs.seats[obs.seat].bonus)
        if obs.voids and obs.voids[obs.seat] is not None:
            out["void_suit"] = obs.voids[obs.seat]
        return out

    def _worth(self, obs: Observation, tiles, melds, seen) -> float:
        """A ready hand's worth: each winning tile's copies left times its value."""
        held = _counts(tiles, melds)
        return self._waits_worth(obs, tiles, melds, lambda t: 4 - seen[t] - held[t])

    def _reach(self, obs: Observation, tiles, melds, option, seen) -> float:
        """A 3n+1 hand one tile from ready: each useful draw's copies left times the worth of the
        best ready hand it makes (its best discard)."""
        total = 0.0
        for u in option.useful:
            if u.left <= 0:
                continue
            drawn = list(tiles) + [u.tile]
            best = 0.0
            for o in self._options(obs, drawn, melds, seen):
                if o.shanten > 0:
                    break                       # best first: the rest are not ready either
                rest = list(drawn)
                rest.remove(o.discard)
                best = max(best, self._worth(obs, rest, melds, seen))
            total += u.left * best
        return total

    def _value(self, obs: Observation, tiles, melds, option, seen) -> float | None:
        """The worth of a 3n+1 hand (ready) or what it reaches (one away); None further out."""
        if option.shanten == 0:
            return self._worth(obs, tiles, melds, seen)
        if option.shanten == LOOK_AHEAD:
            return self._reach(obs, tiles, melds, option, seen)
        return None

    def _options(self, obs: Observation, tiles, melds, seen):
        """``analyze``'s discards of a 3n+2 hand, best first, ``seen`` the counts of the tiles
        face up elsewhere."""
        text = T.format_tiles(t for t in range(T.NUM_KINDS) for _ in range(seen[t]))
        return self.ruleset.analyze(self._hand(obs, tiles, melds), text, waits=False).discards

    def _pick(self, obs: Observation, tiles, melds, discards, taken: int | None = None):
        """The discard of a 3n+2 hand and the value of what is left (None: too far to tell).
        The lowest shanten first, its most valuable line; when every line there is worth nothing
        (waits below the minimum), the most valuable line one tile further; worthless too,
        greedy's choice. ``taken``: a claimed tile, in the hand now."""
        seen = _counts(obs.seen())
        if taken is not None:
            seen[taken] -= 1
        options = [o for o in self._options(obs, tiles, melds, seen) if o.discard in discards]
        low = options[0].shanten
        if low > LOOK_AHEAD:
            return options[0], None

        def best_at(shanten):
            lines = []
            for o in options:
                if o.shanten == shanten:
                    rest = list(tiles)
                    rest.remove(o.discard)
                    lines.append((self._value(obs, rest, melds, o, seen), o.useful_left, o))
            # the first of equals: analyze's order
            return max(lines, key=lambda line: line[:2], default=(0.0, 0, None))

        value, _, option = best_at(low)
        if value <= 0 and low < LOOK_AHEAD:
            further, _, other = best_at(low + 1)
            if further > 0:
                return other, further
        return option, value

    # ------------------------------------------------------------------ greedy's hooks
    def _choose_discard(self, obs: Observation, melds, discards):
        return self._pick(obs, obs.hand, melds, discards)[0]

    def _claim(self, obs: Observation, legal) -> A.Action:
        """Greedy's claim (one that gets the hand closer to ready), but a pung or chow only when the
        hand after it is at most one tile from ready, its waits stand, and they are worth at least
        half of what the concealed hand's useful draws reach on average. An earlier claim gives up
        the concealed fans for a hand whose value no one can tell yet: measured in Guobiao,
        passing it wins more."""
        greedy = super()._claim(obs, legal)
        if greedy.kind not in (A.PUNG, A.CHOW):
            return greedy
        melds = self._own_melds(obs)
        now = self._analyze(obs, obs.hand, melds).hand
        before = self._value(obs, obs.hand, melds, now, _counts(obs.seen()))
        best, best_value = next(a for a in legal if a.kind == A.PASS), 0.0
        for a in legal:
            if a.kind not in (A.PUNG, A.CHOW):
                continue
            rest, after = self._claimed(obs, a, melds)
            option, value = self._pick(obs, rest, after, set(rest), obs.tile)
            if option.shanten >= now.shanten or value is None or value <= best_value:
                continue                        # no closer, too far to tell, or waits that would not stand
            if before is not None and value < before / max(1, now.useful_left) / 2:
                continue                        # the concealed line's ready hands are worth much more
            best, best_value = a, value
        return best


def _counts(tiles, melds=()) -> list[int]:
    """Copies of each kind among ``tiles`` and the tiles of ``melds`` (situation dicts)."""
    out = [0] * (T.NUM_KINDS + 1)
    for t in tiles:
        if t < T.NUM_KINDS:
            out[t] += 1
    for m in melds:
        for t in T.parse_tiles(m.get("tiles", "")):
            out[t] += 1
    return out
