"""A person at the table in a terminal (``mahjong play`` with a ``human`` seat, docs/table.md
"Playing in the terminal"): the table drawn in Unicode tiles and notation, the legal actions
listed, the analysis hint on request and each hand's settlement at its end.

``HumanSeat`` is a bot like any other (``act(observation, legal) -> action``) whose answer comes
from a line of text; it never reads more than the observation the table gives its seat."""
from __future__ import annotations

from typing import TextIO

from mahjong_core.engine import tiles as T
from mahjong_core.engine.errors import MahjongError
from mahjong_core.engine.table import actions as A
from mahjong_core.tools.rulesinfo import amount

_WIND = "东南西北"
MAX_BAD_ANSWERS = 50            # a script that keeps answering nonsense stops instead of looping


class Quit(Exception):
    """The person left the game (``q`` or the end of input)."""


def glyphs(tiles) -> str:
    return " ".join(T.glyph(t) for t in tiles)


def _meld_text(m: dict) -> str:
    if "tiles" not in m:
        return "[concealed kong]"
    return f"[{m['tiles']}]"


class HumanSeat:
    """One seat played by a person: ``read`` gives lines of input (None at the end), ``out`` shows
    the table."""

    def __init__(self, ruleset, seat: int, read, out: TextIO):
        self.ruleset, self.seat, self.read, self.out = ruleset, seat, read, out

    # ------------------------------------------------------------------ the bot interface
    def act(self, obs, legal: tuple[A.Action, ...]) -> A.Action:
        self._show(obs)
        choices = [a for a in legal if a.kind != A.DISCARD]
        discards = {a.tile: a for a in legal if a.kind == A.DISCARD}
        default = self._default(obs, legal, discards)
        self._menu(choices, discards, default)
        for _ in range(MAX_BAD_ANSWERS):
            line = self.read()
            if line is None:
                raise Quit()
            answer = line.strip()
            if answer.lower() in ("q", "quit"):
                raise Quit()
            if answer.lower() in ("h", "hint", "?"):
                self._hint(obs)
                continue
            if answer == "" and default is not None:
                return default
            if answer.isdigit() and 1 <= int(answer) <= len(choices):
                return choices[int(answer) - 1]
            picked = self._tile(answer)
            if picked is not None and picked in discards:
                return discards[picked]
            self.out.write(self._why_not(answer, picked, discards, choices, default) + "\n> ")
        raise Quit()

    # ------------------------------------------------------------------ drawing the table
    def _show(self, obs) -> None:
        w = self.out.write
        wilds = f"   wilds {T.format_tiles(obs.wilds)}" if obs.wilds else ""
        w(f"\n— wall {obs.wall_left}   dealer seat {obs.dealer}   round {_WIND[obs.round_wind]}{wilds}\n")
        if obs.paid:
            w("  paid so far: " + "   ".join(f"{'you' if i == obs.seat else f'seat {i}'} {v:+g}"
                                           for i, v in enumerate(obs.paid)) + "\n")
        for v in obs.seats:
            who = "you   " if v.seat == obs.seat else f"seat {v.seat}"
            melds = " ".join(_meld_text(m) for m in v.melds)
            bonus = f"  flowers {T.format_tiles(v.bonus)}" if v.bonus else ""
            w(f"  {who} {v.concealed:>2} tiles {melds}{bonus}\n")
            w(f"          discards: {' '.join(T.name(t) for t in v.pool) or '—'}\n")
        hand = list(obs.hand)
        if obs.drawn is not None:
            hand.remove(obs.drawn)
        drawn = f"  +  {T.glyph(obs.drawn)} {T.name(obs.drawn)} drawn" if obs.drawn is not None else ""
        w(f"  your hand  {glyphs(hand)}\n             {T.format_tiles(hand)}{drawn}\n")
        if obs.phase == "claim":
            w(f"  seat {obs.turn} discards {T.glyph(obs.tile)} {T.name(obs.tile)}\n")
        elif obs.phase == "rob":
            w(f"  seat {obs.turn} declares a kong of {T.name(obs.tile)}: it may be robbed\n")

    def _menu(self, choices, discards, default) -> None:
        w = self.out.write
        for i, a in enumerate(choices, 1):
            w(f"  {i}) {self._label(a)}\n")
        if discards:
            w(f"  discard: type a tile ({' '.join(T.name(t) for t in sorted(discards))})\n")
        if default is not None:
            w(f"  Enter: {self._label(default)}\n")
        w("  h: hint   q: quit\n> ")

    @staticmethod
    def _label(a: A.Action) -> str:
        text = a.kind.replace("_", " ")
        if a.kind == A.CHOW:
            return f"chow {T.format_tiles((a.tile, a.tile + 1, a.tile + 2))}"
        choice = getattr(a, "choice", None)          # a family's opening choice (换三张's tiles, 定缺's suit)
        return " ".join(x for x in (text, None if a.tile is None else T.name(a.tile), choice) if x)

    @staticmethod
    def _default(obs, legal, discards) -> A.Action | None:
        """Enter passes a claim, or lets go of the tile just drawn."""
        for a in legal:
            if a.kind == A.PASS:
                return a
        if obs.drawn is not None and obs.drawn in discards:
            return discards[obs.drawn]
        return None

    @staticmethod
    def _tile(text: str) -> int | None:
        try:
            return T.tile(text)
        except MahjongError:
            return None

    def _why_not(self, answer, picked, discards, choices, default) -> str:
        if picked is not None:
            return f"you cannot discard {T.name(picked)} now" + (
                f"; you may discard {' '.join(T.name(t) for t in sorted(discards))}" if discards else "")
        numbers = f"1–{len(choices)}, " if choices else ""
        tiles = "a tile to discard, " if discards else ""
        enter = "Enter, " if default is not None else ""
        return f"'{answer[:20]}' is no choice here: answer {numbers}{tiles}{enter}h for a hint or q to quit"

    # ------------------------------------------------------------------ the hint
    def _hint(self, obs) -> None:
        try:
            got = self.ruleset.analyze(obs.own_hand(), T.format_tiles(obs.seen()), waits=False)
        except MahjongError as e:
            self.out.write(f"  (no hint for this hand: {e.message})\n> ")
            return
        options = got.discards[:3] if got.discards else ((got.hand,) if got.hand is not None else ())
        self.out.write(f"  hint: shanten {got.shanten}\n")
        for o in options:
            lead = f"discard {T.name(o.discard)} → " if o.discard is not None else ""
            useful = " ".join(f"{T.name(u.tile)}×{u.left}" for u in o.useful[:9])
            self.out.write(f"    {lead}shanten {o.shanten}, {o.useful_left} useful tiles left: {useful}\n")
        self.out.write("> ")

    # ------------------------------------------------------------------ the end of a hand
    def show_result(self, result) -> None:
        """A hand's end: each win's fans (scored from the record's own situation) and the money."""
        w = self.out.write
        w("\n=== hand over ===\n")
        wins = [e for e in result.record["events"] if e["type"] == "win"]
        if not wins:
            w("  drawn: nobody won\n")
        for e in wins:
            who = "you" if e["seat"] == self.seat else f"seat {e['seat']}"
            how = "self-drawn" if "from" not in e else f"on seat {e['from']}'s tile"
            w(f"  {who} won {how}: {e['situation']['hand']}\n")
            try:
                scored = self.ruleset.score(e["situation"])
            except MahjongError:
                continue
            for f in scored.fans:
                count = f" ×{f.count}" if f.count > 1 else ""
                w(f"    {f.zh} {f.en}  {amount(f.points, f.unit)}{count}\n")
            w(f"    total {scored.total}, value {scored.value}\n")
        w("  money: " + "  ".join(f"{'you' if s == self.seat else f'seat {s}'} {d:+}"
                                  for s, d in enumerate(result.deltas)) + "\n")
