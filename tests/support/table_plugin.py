"""A plugin for the table-model tests, written with the one plugin import only: a tile set whose
honours are bonus tiles (as Fuzhou sets them aside), a declared situation field (抢金) and a
validator, each named from tests/data/bonus-16.yaml; and for its gold overlay
tests/data/gold-16.yaml, a check counting the golds held and a settlement on the Replayer."""
from __future__ import annotations

from mahjong_core.plugin import (FanCheck, Field, NotWinningError, Replayer, SituationField, TileSet, Validator,
                                 hookimpl)

HONOURS = range(27, 34)


def robbing_gold(ctx):
    """抢金: the declared field is always in ``extras`` (core fills its default)."""
    return int(ctx.situation.extras["robbing_gold"])


def golds(ctx, least=0, most=None):
    """1 when a gold is set and from ``least`` to ``most`` golds are held (the standing tiles and
    the winning tile, not the face-up copy taken by 抢金)."""
    s = ctx.situation
    if not s.wilds:
        return 0
    held = sum(t in s.wilds for t in s.hand) + (s.win_tile in s.wilds and not s.win_natural)
    return int(held >= least and (most is None or held <= most))


def gold_at_opening(situation, ruleset):
    """The gold is robbed at the opening: ``robbing_gold`` needs ``first_turn``."""
    if situation.extras.get("robbing_gold") and not situation.first_turn:
        raise NotWinningError("extras.robbing_gold: the gold is robbed at the opening, so 'first_turn' "
                              "must hold")


class GoldHand(Replayer):
    """``test.gold``: a kong is paid at once by every other seat, 2 stakes for a concealed one and
    1 otherwise (a robbed kong earns nothing); a win is paid stake × value by the discarder, or
    by every other seat when self-drawn, and the dealer, winning or paying, adds
    ``dealer_streak`` stakes to each payment (连庄). A ``bet`` event moves ``stakes`` stakes
    from ``seat`` to ``to`` (a side bet). One win ends the hand."""

    event_fields = {"bet": {"seat": Field("seat", True), "to": Field("seat", True),
                            "stakes": Field("count", True, doc="how many stakes")}}

    def __init__(self, record, ruleset, stake):
        super().__init__(record, ruleset)
        self.stake = stake

    def on_kong(self, event):
        kong = self.kongs.add(event)
        if kong is None:
            return
        stakes = 2 if kong.kind == "concealed" else 1
        for other in self.in_play.others(kong.seat):
            self.change(other, -stakes * self.stake, kong.label)
        self.change(kong.seat, stakes * self.stake * (self.seats - 1), kong.label)

    def on_win(self, event):
        value = self.score(event).value
        payers = [event.get("from")] if event.get("from") is not None else self.in_play.others(event.seat)
        for payer in payers:
            streak = self.record.dealer_streak if self.record.dealer in (payer, event.seat) else 0
            self.pay(payer, event.seat, self.stake * (value + streak),
                     f"win: {value} × {self.stake}" + (f" + 连庄 {streak} × {self.stake}" if streak else ""))
        self.close(f"seat {event.seat} won at {event.where()}")

    def on_bet(self, event):
        self.pay(event.seat, event.get("to"), event.get("stakes") * self.stake, "side bet")

    on_wild = on_end = Replayer.ignore


def settle_gold(record, ruleset, stake=1):
    """The test.gold settlement (GoldHand)."""
    return GoldHand(record, ruleset, stake).run()


@hookimpl
def mahjong_settlements():
    return [GoldHand.rule("test.gold", settle_gold, GoldHand.__doc__)]


@hookimpl
def mahjong_tile_sets():
    return [TileSet("test.bonus_honours", frozenset(range(27)), True, "suits; honours ×4 and flowers are bonus tiles",
                    bonus={t: 4 for t in HONOURS})]


@hookimpl
def mahjong_situation_fields():
    return [SituationField("test.robbing_gold", "robbing_gold", "bool", False,
                           "抢金: won by taking the turned-up gold at the opening")]


@hookimpl
def mahjong_validators():
    return [Validator("test.gold_at_opening", gold_at_opening, gold_at_opening.__doc__)]


@hookimpl
def mahjong_fan_checks():
    return [FanCheck("test.robbing_gold", robbing_gold, robbing_gold.__doc__, per_hand=True),
            FanCheck("test.golds", golds, golds.__doc__, per_hand=True)]
