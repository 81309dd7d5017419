"""Settlement for the popular rulesets: Guobiao's competition formula or the game-site formula.

Both replay the record (``Replayer`` of ``mahjong_core.plugin``) and score each ``win`` event with the
ruleset (F = the hand's value, flowers included) after filling in what the record already says:
winds, self-draw, the dealer flag and the wild kind named by the record's ``wild`` event under
``table.wilds`` (``Replayer.score``). Kong and end events carry no money here.

* ``popular.competition`` (国标比赛计分, as Guobiao): self-draw — each other player pays base + F;
  discard — the discarder pays base + F, every other player pays base. ``base`` defaults to 8.
* ``popular.site`` (游戏平台计分, the game sites' rule): each other player pays base × F (no discard/self-draw
  distinction), so the winner gets base × F × (players − 1); ``cap`` optionally limits what one
  loser pays.
"""
from __future__ import annotations

from mahjong_core.plugin import exact, number, why, Replayer


class _Hand(Replayer):
    """One hand: Guobiao's 截和 (one win), each win scored with the record's wild kinds filled
    in; a subclass pays the win (``pay_win``). ``stakes``: the settlement parameters given, as
    exact numbers."""

    tracks_kongs = False

    def __init__(self, record, ruleset, **stakes):
        super().__init__(record, ruleset)
        self.stakes = {key: number(value, ruleset.where(f"settlement.params.{key}"), f"settlement parameter '{key}'")
                       for key, value in stakes.items()}
        record.one_win("popular")

    def on_win(self, event) -> None:
        self.pay_win(event, exact(self.score(event).value))

    on_wild = on_kong = on_end = Replayer.ignore


class _Competition(_Hand):
    def pay_win(self, event, value) -> None:
        base, winner, loser = self.stakes["base"], event.seat, event.get("from")
        for seat in range(self.seats):
            if seat == winner:
                continue
            if loser is None:
                self.pay(seat, winner, base + value, why("self_drawn_win", "self-drawn win ({value})",
                                                         "{winner} 自摸（{value} 番）", {"winner": winner}, value=value))
            elif seat == loser:
                self.pay(seat, winner, base + value, why("discarded_winning_tile", "discarded the winning tile ({value})",
                                                         "点炮给 {winner}（{value} 番）", {"winner": winner}, value=value))
            else:
                self.pay(seat, winner, base, why("discard_win_base", "base payment", "{winner} 和牌：底分 {base}",
                                                 {"winner": winner}, base=base))


class _Site(_Hand):
    def pay_win(self, event, value) -> None:
        base, cap = self.stakes["base"], self.stakes.get("cap")
        amount = base * value if cap is None else min(base * value, cap)
        for seat in range(self.seats):
            if seat != event.seat:
                self.pay(seat, event.seat, amount, why("win", "win ({value} × {base})", "{winner} 和牌（{value} × {base}）",
                                                       {"winner": event.seat}, value=value, base=base))


def competition(record, ruleset, base: int = 8):
    """Guobiao competition formula: (base + F) from the discarder or from everyone on self-draw,
    base from the others on a discard."""
    return _Competition(record, ruleset, base=base).run()


def site(record, ruleset, base: int = 1, cap: int | None = None):
    """Game-site formula: every other player pays base × F (capped per loser when ``cap`` is set)."""
    return _Site(record, ruleset, **({"base": base} if cap is None else {"base": base, "cap": cap})).run()


RULES = (_Competition.rule("popular.competition", competition, (competition.__doc__ or "").strip()),
         _Site.rule("popular.site", site, (site.__doc__ or "").strip()))
