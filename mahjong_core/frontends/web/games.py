"""Games at the table over HTTP (docs/http.md "Games"): one seat played by the client, the other
three by bots in the server. The server holds each game's ``Table``; a client sees only its own
seat's observation and legal actions, and the record once the hand is over.

Games live in the server process (the API's workers are forked processes that may be killed and
replaced at any request, so they cannot keep state between requests), in one ``Games`` store, and
are played only on the server's event loop thread: a request's game work never awaits, so it
runs whole, one request at a time, without locks, and the server starts no thread (its workers
are forked from it, which is safe only while it has one thread). The work of one request is
bounded: the bots' moves up to the seat's next decision, at most the rest of one hand.

Bounds: at most ``limit`` games at once (then ``too_many_games``) and ``idle`` seconds without a
request before a game is dropped (then ``game_expired`` while its id is remembered among the last
``remembered`` dropped, ``unknown_game`` after). A game over is dropped the same way: its record
stays there until it has been idle that long.
"""
from __future__ import annotations

import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

from mahjong_core.engine import tiles as T
from mahjong_core.engine.errors import IllegalActionError, MahjongError, RulesetError, show
from mahjong_core.engine.table import Deal, Table, play_rules
from mahjong_core.engine.table.bots import Bot, move
from mahjong_core.engine.table.roster import BOTS, make_bot
from mahjong_core.engine.table.wall import MAX_SEED

GAME_LIMIT = 64                 # games at once, over all clients
GAME_IDLE = 15 * 60.0           # seconds a game waits for its next request before it is dropped
GAME_REMEMBERED = 1024          # ids of dropped games remembered, to say "expired" rather than "unknown"


class GameError(MahjongError):
    """A request about a game that cannot be answered: ``status`` is its HTTP status."""

    def __init__(self, message: str, code: str, status: int):
        super().__init__(message, code)
        self.status = status


def bounded_overlay(rules, base) -> None:
    """A game runs in the server process, where no time limit stops a costly hand: its house
    overlay may not allow more wild kinds than ``base``, the installed ruleset it extends (the
    bots' search and each win's scoring then cost what they cost there)."""
    kinds, most = rules.table.max_wild_kinds, base.table.max_wild_kinds
    if kinds > most:
        raise RulesetError(f"overlay: table.wilds.max_kinds {kinds}: a game allows at most the {most} "
                           f"of '{base.name}', the ruleset it extends (games run without a time limit)")


@dataclass(slots=True)
class Game:
    """One hand played by ``seat`` against three bots, held in the server."""

    id: str
    ruleset: object
    seed: int
    seat: int
    bots: str
    table: Table
    players: tuple[Bot | None, ...]        # the bot of each seat; None at the client's seat
    touched: float
    result: dict | None = field(default=None)

    def play_bots(self) -> None:
        """The bots move until the table waits for the client's seat alone, or the hand is over.
        In a claim window the bots answer first, so the client's answer closes it."""
        table = self.table
        while not table.over:
            movers = [s for s in table.to_move() if s != self.seat]
            if not movers:
                return
            seat = movers[0]
            table.act(move(self.players[seat], table, seat))

    def answer(self) -> dict:
        """What the client's seat may see now: its observation, its legal actions, and the result
        once the hand is over (winners, the money, the score of each win)."""
        table = self.table
        out = {"ok": True, "game": self.id, "ruleset": self.ruleset.name, "seed": self.seed, "seat": self.seat,
               "bots": self.bots, "status": "over" if table.over else "your_move",
               "observation": table.observe(self.seat).to_dict(),
               "legal": [a.to_dict() for a in table.legal(self.seat)]}
        if table.over:
            out["result"] = self._result()
        return out

    def _result(self) -> dict:
        if self.result is None:
            settlement = self.table.settle()
            wins = []
            for event in self.table.record()["events"]:
                if event["type"] == "win":
                    win = {"seat": event["seat"]}
                    if "from" in event:             # a win on a discard or a robbed kong; none when self-drawn
                        win["from"] = event["from"]
                    win["score"] = self.ruleset.score(event["situation"]).to_dict()
                    wins.append(win)
            self.result = {"winners": list(self.table.state.winners), "deltas": list(settlement.deltas),
                           "wins": wins, "settlement": settlement.to_dict(why=True)}
        return self.result


class Games:
    """The live games, at most ``limit``, each dropped after ``idle`` seconds without a request;
    ``clock`` tells the time in seconds (a test gives its own)."""

    def __init__(self, limit: int = GAME_LIMIT, idle: float = GAME_IDLE,
                 clock: Callable[[], float] = time.monotonic, remembered: int = GAME_REMEMBERED):
        self.limit = limit
        self.idle = idle
        self.clock = clock
        self.remembered = remembered
        self.live: OrderedDict[str, Game] = OrderedDict()       # least recently asked first
        self.dropped: OrderedDict[str, None] = OrderedDict()    # ids of expired games, oldest first

    def __len__(self) -> int:
        return len(self.live)

    # ------------------------------------------------------------------ the store
    def _sweep(self, now: float) -> None:
        """Drop every game idle for longer than ``idle`` (the oldest are first in ``live``)."""
        while self.live:
            gid, game = next(iter(self.live.items()))
            if now - game.touched <= self.idle:
                return
            del self.live[gid]
            self.dropped[gid] = None
            while len(self.dropped) > self.remembered:
                self.dropped.popitem(last=False)

    def _get(self, gid: str) -> Game:
        now = self.clock()
        self._sweep(now)
        game = self.live.get(gid)
        if game is None:
            if gid in self.dropped:
                raise GameError(f"game {show(gid)} has expired: no request for {self.idle:g} s", "game_expired", 410)
            raise GameError(f"no game {show(gid)} on this server", "unknown_game", 404)
        game.touched = now
        self.live.move_to_end(gid)
        return game

    # ------------------------------------------------------------------ what a request does
    def create(self, ruleset, seed: int | None = None, seat: int = 0, bots: str = "greedy") -> dict:
        """A new game: the hand dealt, the bots moved up to the seat's first decision."""
        rules = play_rules(ruleset)             # a ruleset the table does not play: unsupported_ruleset
        if bots not in BOTS:
            raise GameError(f"request field 'bots' must be one of {', '.join(BOTS)}, got {show(bots)}",
                            "invalid_situation", 400)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rules.seats:
            raise GameError(f"request field 'seat' must be a seat number 0–{rules.seats - 1}, got {show(seat)}",
                            "invalid_situation", 400)
        if seed is None:
            seed = secrets.randbelow(MAX_SEED + 1)
        elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise GameError(f"request field 'seed' must be a whole number 0 … 2^63 − 1, got {show(seed)}",
                            "invalid_situation", 400)
        now = self.clock()
        self._sweep(now)
        if len(self.live) >= self.limit:
            raise GameError(f"the server holds {self.limit} games, its limit; one is dropped after "
                            f"{self.idle:g} s without a request", "too_many_games", 503)
        table = Table(ruleset, Deal(seed, 0, None, 0, 0, 0))
        players = tuple(None if s == seat else make_bot(bots, ruleset, seed, 0, s) for s in range(rules.seats))
        gid = secrets.token_urlsafe(18)
        game = Game(gid, ruleset, seed, seat, bots, table, players, now)
        game.play_bots()
        self.live[gid] = game
        return game.answer()

    def view(self, gid: str) -> dict:
        return self._get(gid).answer()

    def act(self, gid: str, action) -> dict:
        """The client's action, then the bots' up to its next decision; an illegal action is
        refused (``illegal_action``, the table's message) and changes nothing."""
        game = self._get(gid)
        other = action.get("seat") if isinstance(action, dict) else None
        if isinstance(other, int) and not isinstance(other, bool) and other != game.seat:
            raise IllegalActionError(f"illegal action: this game's seat is {game.seat}, "
                                     f"not {other}; the bots play the others")
        game.table.act(action)
        game.play_bots()
        return game.answer()

    def _over(self, gid: str, what: str) -> Game:
        game = self._get(gid)
        if not game.table.over:
            raise GameError(f"game {gid} is not over: its {what} is given when the hand ends",
                            "game_not_over", 409)
        return game

    def record(self, gid: str) -> dict:
        return self._over(gid, "record").table.record()

    def hint(self, gid: str) -> dict:
        """``analyze`` of the client's own hand, with the tiles its seat has seen face up: read
        from its observation alone, so a hint never knows another seat's tiles or the wall."""
        game = self._get(gid)
        if game.table.over:
            raise GameError(f"game {gid} is over: a hint is for a hand still in play", "game_over", 409)
        obs = game.table.observe(game.seat)
        return game.ruleset.analyze(obs.own_hand(), T.format_tiles(obs.seen()), waits=False).to_dict()

    def review(self, gid: str) -> dict:
        """The finished hand again, step by step, as the client's seat saw it: the observation
        after the deal, then after each action of the record's play log."""
        game = self._over(gid, "review")
        replay = game.ruleset.replay(game.table.record())
        steps = [{"index": None, "action": None, "events": [],
                  "observation": replay.table.observe(game.seat).to_dict()}]
        for step in replay:
            steps.append({"index": step.index, "action": step.action.to_dict(), "events": list(step.events),
                          "observation": replay.table.observe(game.seat).to_dict()})
        return {"ok": True, "game": game.id, "seat": game.seat, "steps": steps}
