"""The Guobiao competition settlement's replayer (settlement.py registers it): who pays whom on
a win; kongs and the end of the wall move no money."""
from __future__ import annotations

from mahjong_core.plugin import exact, number, plain, why, Replayer


class CompetitionHand(Replayer):
    """Kongs and the end of the wall move no money here."""

    tracks_kongs = False

    def __init__(self, record, ruleset, base):
        super().__init__(record, ruleset)
        self.base = number(base, ruleset.where("settlement.params.base"), "settlement parameter 'base'")
        record.one_win("Guobiao")

    on_kong = on_end = Replayer.ignore

    def on_win(self, event) -> None:
        seat, base = event.seat, self.base
        points = exact(self.score(event).total)
        worth = f"{plain(points)} point{'' if points == 1 else 's'}"
        discarder = event.get("from")
        for other in range(self.seats):
            if other == seat:
                continue
            if discarder is None:
                self.pay(other, seat, base + points, why(
                    "self_drawn_win", "self-drawn win by {winner}: base {base} + " + worth,
                    "{winner} 自摸：底分 {base} + {points} 番", {"winner": seat}, base=base, points=points))
            elif other == discarder:
                self.pay(other, seat, base + points, why(
                    "discarded_winning_tile", "discarded the winning tile to {winner}: base {base} + " + worth,
                    "点炮给 {winner}：底分 {base} + {points} 番", {"winner": seat}, base=base, points=points))
            else:
                self.pay(other, seat, base, why(
                    "discard_win_base", "discard win by {winner} off {discarder}: base {base}",
                    "{winner} 和 {discarder} 的点炮：底分 {base}", {"winner": seat, "discarder": discarder}, base=base))
