"""Settlement ``sichuan_blood_battle``: one hand's record (docs/formats.md: Record) to payments.

Events, in play order:

* ``exchange`` {direction}                             换三张 (the table's); no money
* ``void``  {seat, suit: m|p|s}                       定缺; fills the seat's situations and end hand
* ``kong``  {seat, kind: concealed|exposed|added, tile, from (exposed only), late (added only)}
* ``win``   {seat, from (absent = self-drawn), situation}
* ``end``   {hands: {seat: {hand, melds}}}            the wall ran out: 查花猪, 查大叫, 退税

Kong money (刮风下雨) is paid when the kong is made; wins are paid by the discarder or, when
self-drawn, by every player still in. In blood battle a winner leaves play and pays nothing
afterwards; in blood river (``mode: blood_river``) every player stays in and may win again.
"""
from __future__ import annotations

from dataclasses import replace

from mahjong_core.plugin import tiles as T
from mahjong_core.plugin import (MahjongError, SettlementError, did_you_mean, show,
                                 parse_situation, Field, exact, number, why, Replayer)

from .validate import cap_multiplier

KONG_KINDS = {"concealed": "concealed", "exposed": "direct", "added": "added"}
KONG_NAMES = {"concealed": "concealed kong (暗杠, 下雨)", "exposed": "exposed kong (直杠, 刮风)",
              "added": "added kong (面下杠, 刮风)"}
KONG_ZH = {"concealed": "暗杠（下雨）", "exposed": "直杠（刮风）", "added": "面下杠（刮风）"}
SUITS = ("m", "p", "s")


def describe(result, lang: str = "en") -> str:
    """'清一色 + 根 + 自摸 = ×16' — the fans behind a hand's multiplier."""
    names = [f.zh + (f"×{f.count}" if f.count > 1 else "") for f in result.fans]
    return f"{' + '.join(names) or ('no fan' if lang == 'en' else '无番')} = ×{result.value}"


class _Hand(Replayer):
    """Replays one record in the ruleset's mode."""

    event_fields = {"void": {"seat": Field("seat", True), "suit": Field("choice", True, SUITS, "定缺: the void suit")},
                    "exchange": {"direction": Field("choice", True, ("clockwise", "counterclockwise", "across"),
                                                    "换三张: where each seat passed its three tiles")}}

    def __init__(self, record, ruleset):
        self.mode = ruleset.options["mode"]
        self.winners_leave = self.mode == "blood_battle"
        super().__init__(record, ruleset)
        self.base = self._number("base_score")
        self.kong_pay = {k: self._number("kong_pay", k) for k in ("direct", "added", "concealed")}
        self.cap = exact(cap_multiplier(ruleset))
        self.wins: dict[int, int] = {}
        self.voids: dict[int, str] = {}
        self.transferred: set[int] = set()          # event indices of kongs whose income moved on
        self.last_win: tuple | None = None          # (event index, from) of the latest win

    # ---------------------------------------------------------------- helpers
    def _number(self, key: str, sub: str | None = None):
        """A money option as an exact number; anything else is a ruleset error at its line."""
        name = key if sub is None else f"{key}.{sub}"
        return number(self.ruleset.options[key] if sub is None else self.ruleset.options[key][sub], self.ruleset.where(f"options.{name}"),
                      f"option '{name}'")

    def capped(self, multiple):
        return multiple if self.cap is None else min(multiple, self.cap)

    def _tile(self, event) -> int:
        """The event's tile (the record's parser checked it is one tile), one of the 108."""
        tile = T.tile(event.get("tile"))
        if tile not in self.ruleset.table.kinds:
            raise self.error(event, f"field 'tile' must be one tile of the 108 (1m–9s), got '{event.get('tile')}'")
        return tile

    # ---------------------------------------------------------------- events
    def may_follow(self, e) -> bool:
        """single_win: the co-winners of the winning discard (一炮多响) still come."""
        return (e.type == "win" and self.mode == "single_win" and self.last_win is not None
                and e.get("from") is not None and self.last_win == (e.index - 1, e.get("from")))

    on_exchange = Replayer.ignore       # 换三张 moves no money; the table's play log holds the tiles

    def on_void(self, e) -> None:
        seat, suit = e.seat, e.get("suit")
        if seat in self.voids and self.voids[seat] != suit:
            raise self.error(e, f"seat {seat} already declared {self.voids[seat]} void")
        self.voids[seat] = suit

    def void_of(self, seat: int):
        if not self.ruleset.options["void_suit_required"]:
            return None
        return self.voids.get(seat)

    def on_kong(self, e) -> None:
        seat, kind = e.seat, e.get("kind")
        tile = self._tile(e)
        self.in_play.require(e, seat, "the kong's owner")
        void = self.void_of(seat)
        if void is not None and T.suit(tile) == void:
            raise self.error(e, f"seat {seat} cannot kong {T.name(tile)}, a tile of its void suit {void}")
        late = e.get("late", False)
        kong = self.kongs.add(e)
        if late and kind != "added":
            raise self.error(e, "field 'late' only marks an added kong")
        if kong is None:
            return                  # 抢杠: the kong never happens, 刮风下雨无效
        unit = self.kong_pay[KONG_KINDS[kind]] * self.base
        rate = self.kong_pay[KONG_KINDS[kind]]
        if late and not self.ruleset.options["late_added_kong_pays"]:
            return                                   # 转手杠: the fourth tile was not just drawn
        if kind == "exposed":
            self.in_play.require(e, kong.feeder, "the discarder")
            payers = [kong.feeder]
        else:
            payers = self.in_play.others(seat)
        for p in payers:
            amount = exact(unit)
            if amount:
                kong.income.append((p, amount))
                self.pay(p, seat, amount, why(
                    f"{kind}_kong", KONG_NAMES[kind] + " {tile}: {rate} × base", "{owner} " + KONG_ZH[kind] + " {tile}：{rate} × 底分",
                    {"owner": seat}, tile=T.name(tile), rate=rate))

    def situation(self, e, seat: int) -> dict:
        sit = self.record.situation_dict(e)
        void = self.void_of(seat)
        if void is not None:
            given = sit.get("void_suit")
            if given is not None and given != void:
                raise self.error(e, f"situation.void_suit '{given}' contradicts seat {seat}'s void event '{void}'")
            sit["void_suit"] = void
        return sit

    def on_win(self, e) -> None:
        seat, feeder = e.seat, e.get("from")
        self.in_play.require(e, seat, "the winner")
        if feeder is not None:
            self.in_play.require(e, feeder, "the discarder")
        sit = self.situation(e, seat)
        result = self.score(e, sit)
        value = exact(result.value)
        what = (describe(result), describe(result, "zh"))
        if feeder is not None:
            robbed = sit.get("robbing_kong")
            how = "robbing-kong win (抢杠胡)" if robbed else "discard win (点炮)"
            how_zh = "{winner} 抢 {feeder} 的杠" if robbed else "{feeder} 点炮给 {winner}"
            self.pay(feeder, seat, self.base * value, why(
                "robbing_kong_win" if robbed else "discard_win", how + ": {what}", how_zh + "：{what_zh}",
                {"winner": seat, "feeder": feeder}, what=what[0], what_zh=what[1], value=value))
            if sit.get("discard_after_kong"):
                self.call_transfer(e, feeder, seat)
        else:
            self.self_drawn(e, seat, sit, value, what)
        self.wins[seat] = self.wins.get(seat, 0) + 1
        self.in_play.won(seat)
        if self.mode == "blood_battle":
            if len(self.in_play.left) >= self.seats - 1:
                self.close(f"{len(self.in_play.left)} players have won; blood battle ends the hand")
        elif self.mode == "single_win":
            self.close(f"mode single_win: the win at {e.where()} ended the hand")
        self.last_win = (e.index, feeder)

    def self_drawn(self, e, seat, sit, value, what) -> None:
        feeder = None
        if sit.get("after_kong") and self.ruleset.options["dian_gang_hua"] == "as_discard":
            feeder = self.kongs.feeder(e, sit)
        if feeder is not None:
            self.pay(feeder, seat, self.base * value, why(
                "kong_fed_win", "win on the kong fed by {feeder} (点杠花, paid as a discard): {what}",
                "{winner} 杠上开花，{feeder} 点杠（点杠花，按点炮付）：{what_zh}",
                {"winner": seat, "feeder": feeder}, what=what[0], what_zh=what[1], value=value))
            return
        multiple = value
        label, label_zh = "self-drawn win (自摸)", "{winner} 自摸"
        if self.ruleset.options["zimo_bonus"] == "add_base":
            multiple = self.capped(value + 1)
            label, label_zh = "self-drawn win (自摸加底: +1 base)", "{winner} 自摸（自摸加底：+1 底）"
        for p in self.in_play.others(seat):
            self.pay(p, seat, self.base * multiple, why("self_drawn_win", label + ": {what}", label_zh + "：{what_zh}",
                                                        {"winner": seat}, what=what[0], what_zh=what[1], value=multiple))

    def call_transfer(self, e, feeder: int, winner: int) -> None:
        """呼叫转移: a kong followed by a deal-in (杠上炮) hands that kong's income to the winner."""
        mode = self.ruleset.options["call_transfer"]
        if mode == "off":
            return
        own = self.kongs.of(feeder)
        if not own:
            raise self.error(e, f"'discard_after_kong' (杠上炮) but seat {feeder} made no kong earlier in the record")
        chosen = own[-1:] if mode == "last_kong" else own
        for k in chosen:
            if k.event.index in self.transferred:
                continue
            self.transferred.add(k.event.index)
            amount = sum(a for _, a in k.income)
            self.pay(feeder, winner, amount, why(
                "call_transfer", "call transfer (呼叫转移): the income of {feeder}'s {kong} goes to the winner",
                "呼叫转移：{feeder} 的{kong_zh}收入转给 {winner}", {"feeder": feeder, "winner": winner},
                kong=k.label, kong_zh=KONG_ZH[k.kind] + " " + T.name(k.tile)))

    # ---------------------------------------------------------------- end of wall
    def on_end(self, e) -> None:
        if self.mode == "single_win" and self.wins:
            raise SettlementError(f"{e.where()}: mode single_win: the hand already ended with a win")
        hands = e.get("hands") or {}
        by_seat = {}
        for key, hand in hands.items():
            try:
                seat = int(key)
            except (TypeError, ValueError):
                raise SettlementError(f"{e.where()}.hands: '{key}' is not a seat number") from None
            if not 0 <= seat < self.seats:
                raise SettlementError(f"{e.where()}.hands: seat {seat} does not exist")
            if seat not in self.in_play:
                raise SettlementError(f"{e.where()}.hands: seat {seat} has already won; only players still "
                                      f"in show their hands")
            if not isinstance(hand, dict):
                raise SettlementError(f"{e.where()}.hands.{key} must be an object with 'hand' and 'melds'")
            by_seat[seat] = hand
        still_in = self.in_play.seats_in()
        missing = [s for s in still_in if s not in by_seat]
        if missing:
            raise SettlementError(f"{e.where()}.hands: no hand for seat {missing[0]}, which is still in play")
        self.close(f"the wall ran out at {e.where()}")
        checked = {s: self.check_hand(e, s, by_seat[s]) for s in still_in}
        pigs = [s for s in still_in if checked[s][0]]
        ready = {s: checked[s][1] for s in still_in if checked[s][1] is not None}
        # 1. 查花猪: a flower pig pays every player who is not one, winners included
        pig_multiple = self.ruleset.options["flower_pig_penalty"]
        pig_multiple = self.cap if pig_multiple == "cap" else self.capped(self._number("flower_pig_penalty"))
        for p in pigs:
            for q in range(self.seats):
                if q != p and q not in pigs:
                    self.pay(p, q, self.base * pig_multiple, why(
                        "flower_pig", "flower pig (查花猪): {pig} holds all three suits, {multiple} × base",
                        "查花猪：{pig} 三门齐全，{multiple} × 底分", {"pig": p}, multiple=pig_multiple))
        # 2. 查大叫: every non-ready player (pigs have paid already) pays each ready player his best wait
        not_ready = [s for s in still_in if s not in ready]
        if self.ruleset.options["cha_da_jiao"]:
            for p in not_ready:
                if p in pigs:
                    continue
                for q, (tile, result) in sorted(ready.items()):
                    self.pay(p, q, self.base * exact(result.value), why(
                        "not_ready", "not ready (查大叫): {ready} waits on {tile} at best, {what}",
                        "查大叫：{payer} 未听牌，{ready} 最大听 {tile}，{what_zh}", {"ready": q, "payer": p},
                        tile=T.name(tile), what=describe(result), what_zh=describe(result, "zh"), value=exact(result.value)))
        # 3. 退税: non-ready players (pigs too) give back the kong money they received
        if self.ruleset.options["refund_kong_if_not_ready"]:
            for p in not_ready:
                for k in self.kongs.of(p):
                    if k.event.index in self.transferred:
                        continue
                    for payer, amount in k.income:
                        self.pay(p, payer, amount, why(
                            "tax_refund", "tax refund (退税): {refunder} is not ready and returns the money of its {kong}",
                            "退税：{refunder} 未听牌，退还{kong_zh}所得", {"refunder": p}, kong=k.label,
                            kong_zh=KONG_ZH[k.kind] + " " + T.name(k.tile)))

    def check_hand(self, e, seat: int, hand: dict):
        """(flower pig?, (best wait tile, ScoreResult) or None when not ready)."""
        data = dict(hand)
        void = self.void_of(seat)
        given = data.pop("void_suit", None)
        if given is not None and given not in SUITS:
            raise SettlementError(f"{e.where()}.hands.{seat}: field 'void_suit' must be 'm', 'p' or 's', "
                                  f"got {show(given)}")
        if given is not None and void is not None and given != void:
            raise SettlementError(f"{e.where()}.hands.{seat}: void_suit '{given}' contradicts seat {seat}'s "
                                  f"void event '{void}'")
        if void is None and self.ruleset.options["void_suit_required"]:
            void = given
        try:
            s = standing_hand(data, self.ruleset)
        except MahjongError as err:
            err.args = (f"{e.where()}.hands.{seat}: {err.message}",) + tuple(err.args[1:])
            raise
        suits = {t // 9 for t in s.all_tiles}
        pig = len(suits) == 3
        if pig or (void is not None and SUITS.index(void) in suits):
            return pig, None
        return pig, best_wait(self.ruleset, s, void)


def standing_hand(data: dict, ruleset):
    """A hand before its winning tile, validated (counts, copies, melds) but not vetoed: a flower
    pig's hand must still be readable."""
    for key in data:
        if key not in ("hand", "melds"):
            raise SettlementError(f"unknown field '{key}'{did_you_mean(key, ('hand', 'melds'))}: an "
                                  f"end-of-wall hand has only 'hand', 'melds' (and 'void_suit')")
    return parse_situation(data, ruleset.table, pre_win=True)


def best_wait(ruleset, s, void):
    """(tile, ScoreResult) of the wait worth most, scored as a plain discard win (no 自摸, 杠上花 or
    other win-method doubling: 查大叫 pays the hand, not a win that never happened); None when
    the hand is not ready."""
    held = T.counts34(s.all_tiles)          # the standing hand: no winning tile yet
    best = None
    for t in ruleset.waits_of_situation(s):
        if held[t] >= 4:
            continue              # a formal wait on a tile whose four copies are all held
        sit = replace(s, win_tile=t, void_suit=void)
        try:
            result = ruleset.score(sit)
        except MahjongError:
            continue              # vetoed (a void-suit tile) or no winning shape after all
        if best is None or result.value > best[1].value:
            best = (t, result)
    return best


def settle(record, ruleset):
    """Payments for one hand of Sichuan mahjong (blood battle, blood river or single win)."""
    return _Hand(record, ruleset).run()


EVENT_TYPES = _Hand.event_types()
EVENT_FIELDS = _Hand.event_fields
