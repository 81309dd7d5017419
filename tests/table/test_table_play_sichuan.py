"""Sichuan at the table, on explicit walls: 换三张 in each direction (random drawn from the deal as
documented), 定缺's forced discards and refused claims, several winners on one discard, blood
battle going on without its winners, blood river's winner winning again, single_win ending, and
查花猪 / 查大叫 on the hands the end event shows; each record settles to what the table reported."""
from __future__ import annotations

import hashlib
import json
from collections import Counter

import pytest

import mahjong_core
from mahjong_core.engine import tiles as T
from mahjong_core.engine.errors import IllegalActionError
from mahjong_core.engine.table import Deal, Table
from mahjong_core.engine.table.match import play_series

from table_play_helpers import act, wall

# the end-of-wall hands of docs/formats.md's Sichuan example, and a flower pig:
# seat 0 holds m, p and s (花猪); seat 1 (九莲 in p) and seat 3 (1112223334445s) are ready, each
# best wait 清一色 + 根 = ×8; seat 2 (m and s) is not ready
PIG, NINE_P, NOT_READY, SOUZU = "123m456p789s1122m", "1112345678999p", "1234679m677899s", "1112223334445s"
HANDS = [PIG, NINE_P, NOT_READY, SOUZU]

# seat 0 (dealer) draws 9p and lets 5p go: seat 1 waits on 5p (46p), seat 3 on 5p or 9s (5p5p 9s9s)
WIN_HANDS = ["123456789m125p9p", "123456789m46p55m", "123456789s1m3p7p9p", "234567888s55p99s"]


def _rules(tmp_path, base: str = "sichuan", **options) -> object:
    if not options:
        return mahjong_core.load_ruleset(base)
    path = tmp_path / f"club{len(list(tmp_path.iterdir()))}.yaml"
    body = "".join(f"  {k}: {v}\n" for k, v in options.items())
    path.write_text(f"extends: {base}\noptions:\n{body}", encoding="utf-8")
    return mahjong_core.load_ruleset(path)


def _table(rules, hands, draws: str = "") -> Table:
    return Table(rules, Deal(tiles=wall(rules, hands, draws)))


def _held(t: Table, seat: int) -> Counter:
    return Counter(t.observe(seat).hand)


def _play_out(t: Table) -> None:
    """Every seat lets its drawn tile go (or the first tile it may) and passes every window,
    unless a win is all it may do (最后四张)."""
    while not t.over:
        seat = t.to_move()[0]
        legal = t.legal(seat)
        if [a.kind for a in legal] == ["win"]:
            t.act(legal[0])
        elif t.state.phase in ("claim", "rob"):
            t.act(next(a for a in legal if a.kind == "pass"))
        else:
            drawn = t.observe(seat).drawn
            discards = [a for a in legal if a.kind == "discard"]
            t.act(next((a for a in discards if a.tile == drawn), discards[0]))


def _settles(t: Table) -> list:
    record = json.loads(json.dumps(t.record()))
    deltas = list(t.settle().deltas)
    assert list(t.ruleset.settle(record).deltas) == deltas and sum(deltas) == 0
    return deltas


# ---------------------------------------------------------------------- 换三张
PASSED = ["456p", "111p", "677s", "111s"]


@pytest.mark.parametrize("direction, offset", [("counterclockwise", 1), ("clockwise", -1), ("across", 2)])
def test_exchange_passes_three_tiles_of_one_suit_by_the_direction(tmp_path, direction, offset):
    rules = _rules(tmp_path, exchange_direction=direction, void_suit_required="false")
    t = _table(rules, HANDS)
    assert t.state.phase == "opening" and t.to_move() == (0, 1, 2, 3)
    assert t.observe(0).to_dict()["opening"] == "exchange"
    choices = {a.choice for a in t.legal(0)}
    assert "456p" in choices and "122m" in choices and "789s" in choices and "45p" not in choices
    assert not any(c.endswith("s") and c != "789s" for c in choices)       # only three s tiles: 789s
    before = [_held(t, s) for s in range(4)]
    for seat, choice in enumerate(PASSED):
        act_choice(t, seat, "exchange", choice)
        if seat < 3:        # nobody sees another seat's three tiles, nor its own moved yet
            assert _held(t, seat) == before[seat] and t.state.phase == "opening"
    assert t.state.events[0] == {"type": "exchange", "direction": direction}
    for seat in range(4):
        giver = (seat - offset) % 4
        want = before[seat] - Counter(T.parse_tiles(PASSED[seat])) + Counter(T.parse_tiles(PASSED[giver]))
        drawn = Counter([t.state.drawn]) if seat == 0 else Counter()        # the dealer's first draw
        assert _held(t, seat) - drawn == want
    assert t.record()["play"]["actions"][:4] == [{"type": "exchange", "seat": s, "choice": c}
                                                for s, c in enumerate(PASSED)]
    _play_out(t)
    _settles(t)


def act_choice(t: Table, seat: int, kind: str, choice: str) -> None:
    t.act({"type": kind, "seat": seat, "choice": choice})


def _lots(tiles, label: str, m: int) -> int:
    """docs/table.md: draw_lots on an explicit wall, rebuilt from the text alone."""
    key = int.from_bytes(hashlib.sha256("".join(T.name(x) for x in tiles).encode("ascii")).digest()[:8], "big") >> 1
    counter = 0
    while True:
        digest = hashlib.sha256(f"mahjong-core/wall/1/flow/{label}:{key}:0:{counter}".encode("ascii")).digest()
        for k in range(0, 32, 4):
            u = int.from_bytes(digest[k:k + 4], "big")
            if u < 2 ** 32 - (2 ** 32 % m):
                return u % m
        counter += 1


def test_a_random_direction_is_drawn_from_the_deal_as_documented(tmp_path):
    rules = _rules(tmp_path, void_suit_required="false")           # exchange_direction: random
    seen = set()
    for draws in ("", "9p", "9s", "5m", "5p", "1s", "8m"):
        t = _table(rules, HANDS, draws)
        for seat, choice in enumerate(PASSED):
            act_choice(t, seat, "exchange", choice)
        want = ("clockwise", "counterclockwise", "across")[_lots(t.state.deal.tiles, "exchange", 3)]
        assert t.state.events[0] == {"type": "exchange", "direction": want}
        again = _table(rules, HANDS, draws)
        for seat, choice in enumerate(PASSED):
            act_choice(again, seat, "exchange", choice)
        assert again.record() == t.record()
        seen.add(want)
    assert len(seen) >= 2


def test_an_exchange_choice_not_offered_is_refused_naming_it(tmp_path):
    t = _table(_rules(tmp_path, void_suit_required="false"), HANDS)
    with pytest.raises(IllegalActionError, match="'123p' is not one of seat 0's exchange choices"):
        act_choice(t, 0, "exchange", "123p")
    with pytest.raises(IllegalActionError, match="the seats are choosing exchange"):
        act(t, 0, "discard", "1m")
    act_choice(t, 0, "exchange", "456p")
    with pytest.raises(IllegalActionError, match="seat 0 has already chosen its exchange"):
        act_choice(t, 0, "exchange", "789s")
    with pytest.raises(IllegalActionError, match="a exchange action names its 'choice'"):
        t.act({"type": "exchange", "seat": 1})


def test_without_exchange_three_nobody_passes(tmp_path):
    t = _table(_rules(tmp_path, exchange_three="false", void_suit_required="false"), HANDS)
    assert t.state.phase == "turn" and t.to_move() == (0,)
    assert not any(e["type"] == "exchange" for e in t.state.events)


# ---------------------------------------------------------------------- 定缺
def test_void_declarations_are_recorded_shown_and_force_the_void_suit_out_first(tmp_path):
    t = _table(_rules(tmp_path, exchange_three="false"), HANDS)
    assert {a.choice for a in t.legal(2)} == {"m", "p", "s"}
    for seat, suit in enumerate("spmp"):
        assert "voids" not in t.observe(seat).to_dict()          # hidden until everyone declared
        act_choice(t, seat, "void", suit)
    assert t.state.events == [{"type": "void", "seat": s, "suit": x} for s, x in enumerate("spmp")]
    assert t.observe(1).to_dict()["voids"] == ["s", "p", "m", "p"]
    # seat 0 holds 789s of its void suit: only they may go
    assert {T.name(a.tile) for a in t.legal(0) if a.kind == "discard"} <= {"7s", "8s", "9s"}
    with pytest.raises(IllegalActionError, match=r"seat 0 declared s void \(定缺\) and must let its s tiles go first"):
        act(t, 0, "discard", "1m")
    act(t, 0, "discard", "7s")
    # seat 2 (void m) holds 77s and may pung; it is the only seat asked
    assert t.state.phase == "claim" and t.to_move() == (2,)
    assert {a.kind for a in t.legal(2)} == {"pass", "pung"}


def test_a_seat_claims_nothing_of_its_void_suit(tmp_path):
    t = _table(_rules(tmp_path, exchange_three="false"), HANDS)
    for seat, suit in enumerate("sssp"):
        act_choice(t, seat, "void", suit)
    act(t, 0, "discard", "7s")
    assert t.state.phase == "turn" and t.to_move() == (1,)           # seat 2 (void s) was not asked


# ---------------------------------------------------------------------- several winners, after a win
def _two_win(tmp_path, base: str = "sichuan", **options) -> Table:
    t = _table(_rules(tmp_path, base, exchange_three="false", **options), WIN_HANDS, "9p1s5p2s2m")
    for seat, suit in enumerate("ssmm"):
        act_choice(t, seat, "void", suit)
    act(t, 0, "discard", "5p")
    assert t.to_move() == (1, 3)                # seat 2 holds no 5p
    act(t, 1, "win")
    act(t, 3, "win")
    return t


def test_several_winners_on_one_discard_and_blood_battle_going_on_without_them(tmp_path):
    t = _two_win(tmp_path)
    wins = [e for e in t.state.events if e["type"] == "win"]
    assert [(e["seat"], e["from"]) for e in wins] == [(1, 0), (3, 0)]        # nearest first
    assert all(e["situation"]["win_tile"] == "5p" for e in wins)
    assert wins[0]["situation"]["void_suit"] == "s" and wins[1]["situation"]["void_suit"] == "m"
    assert wins[0]["situation"]["first_turn"] and wins[1]["situation"]["first_turn"]    # both, alike
    # the next seat after the last winner (3) in play draws: seat 0
    assert not t.over and t.to_move() == (0,) and t.observe(0).drawn == T.tile("1s")
    assert t.observe(2).to_dict()["out"] == [1, 3]
    act(t, 0, "discard", "1s")                  # void s: forced; seat 1 has left play, seat 2 draws
    assert t.to_move() == (2,) and t.observe(2).drawn == T.tile("5p")
    _play_out(t)
    end = t.state.events[-1]
    assert end["type"] == "end" and sorted(end["hands"]) == ["0", "2"]       # only the seats in play
    deltas = _settles(t)
    # each 平胡 (×1) on seat 0's discard: seat 0 pays b = 1 to each winner; then at the end seat 2
    # (three suits: 1m, 3p…, s) pays 16 to every non-pig — seats 0, 1 and 3 — unless it lost a suit
    payments = t.settle().payments
    assert [(p.payer, p.payee, p.amount) for p in payments[:2]] == [(0, 1, 1), (0, 3, 1)]
    assert deltas[1] >= 1 and deltas[3] >= 1


def test_blood_river_winner_plays_on_fixed_and_wins_again(tmp_path):
    t = _two_win(tmp_path, "sichuan-xueliu")
    assert t.state.seats[1].won == [T.tile("5p")] and t.state.seats[3].won == []    # one tile, set aside once
    assert t.observe(0).to_dict()["won"] == ["", "5p", "", ""]
    act(t, 0, "discard", "1s")
    # seat 1 won and plays on: it draws 5p and wins again, self-drawn
    assert t.to_move() == (1,) and t.observe(1).drawn == T.tile("5p")
    assert {a.kind for a in t.legal(1)} == {"win", "discard"}
    assert [a for a in t.legal(1) if a.kind == "discard"] == [a for a in t.legal(1) if a.tile == T.tile("5p")]
    with pytest.raises(IllegalActionError, match=r"plays on with its hand fixed \(血流\)"):
        act(t, 1, "discard", "1m")
    act(t, 1, "win")
    assert [e["seat"] for e in t.state.events if e["type"] == "win"] == [1, 3, 1]
    assert not t.over and t.to_move() == (2,)
    _play_out(t)
    assert sorted(t.state.events[-1]["hands"]) == ["0", "1", "2", "3"]
    deltas = _settles(t)
    payments = [(p.payer, p.payee, p.amount) for p in t.settle().payments]
    # seat 1's second win: 平胡 ×1, 自摸 ×2 → 2 from each of the three others (blood river: all pay)
    assert payments[2:5] == [(0, 1, 2), (2, 1, 2), (3, 1, 2)]
    assert sum(deltas) == 0


# seat 1 waits on 5p alone; seat 3 on 5m, 8m (67m) or 9m (55m 99m after 567m)
KONG_HANDS = ["2346p6789p23455s", "111s234s789s99s46p", "23456789s2p3p7p8p9p", "111m234m555m67m99m"]


def test_a_blood_river_winner_kongs_only_where_its_waits_stay_as_they_were(tmp_path):
    # seat 0 draws 5p and lets it go: seat 1 wins; seat 2 draws 8m and lets it go: seat 3 wins;
    # both play on. Seat 1 draws the fourth 1s: 234s 789s 99s 46p + the kong still waits on 5p
    # alone, so it may kong. Seat 3 draws the fourth 5m: 111m 234m 67m 99m + a kong would wait
    # on 5m or 8m, not 9m, so it may only win on it
    rules = _rules(tmp_path, "sichuan-xueliu", exchange_three="false")
    t = Table(rules, Deal(tiles=wall(rules, KONG_HANDS, "5p8m3p1s7p5m", tail="2p")))
    for seat, suit in enumerate("mmms"):
        act_choice(t, seat, "void", suit)
    act(t, 0, "discard", "5p")
    act(t, 1, "win")
    act(t, 2, "discard", "8m")
    act(t, 3, "win")
    act(t, 0, "discard", "3p")
    assert t.observe(1).drawn == T.tile("1s")
    assert [(a.kind, a.tile) for a in t.legal(1)] == [("concealed_kong", T.tile("1s")), ("discard", T.tile("1s"))]
    act(t, 1, "concealed_kong", "1s")
    assert t.observe(1).drawn == T.tile("2p") and [a.kind for a in t.legal(1)] == ["discard"]
    act(t, 1, "discard", "2p")
    act(t, 2, "discard", "7p")
    assert t.observe(3).drawn == T.tile("5m") and [a.kind for a in t.legal(3)] == ["win", "discard"]
    with pytest.raises(IllegalActionError, match=r"a kong of 5m would change the waits it won with"):
        act(t, 3, "concealed_kong", "5m")
    act(t, 3, "win")
    kong = next(e for e in t.state.events if e["type"] == "kong")
    assert kong["seat"] == 1
    _play_out(t)
    deltas = _settles(t)
    payments = [(p.payer, p.payee, p.amount) for p in t.settle().payments]
    # 平胡 ×1 from seat 0 to seat 1; 清一色 ×4 from seat 2 to seat 3; then seat 1's concealed kong
    # (暗杠 2 × base) is paid by all three others, seat 3 (won, playing on) included
    assert payments[:5] == [(0, 1, 1), (2, 3, 4), (0, 1, 2), (2, 1, 2), (3, 1, 2)]
    assert sum(deltas) == 0


@pytest.mark.parametrize("timing", ["immediate", "end_of_hand"])
def test_settle_timing_immediate_shows_each_payment_as_it_happens(tmp_path, timing):
    """The hand above: with settle_timing immediate every observation carries the money paid so
    far; with end_of_hand none shows while the hand goes on. The money at the end is the same."""
    rules = _rules(tmp_path, "sichuan-xueliu", exchange_three="false", settle_timing=timing)
    t = Table(rules, Deal(tiles=wall(rules, KONG_HANDS, "5p8m3p1s7p5m", tail="2p")))
    paid = lambda: [t.observe(seat).to_dict().get("paid") for seat in range(4)]     # noqa: E731
    shown = []
    for seat, suit in enumerate("mmms"):
        act_choice(t, seat, "void", suit)
    shown.append(paid())
    act(t, 0, "discard", "5p")
    act(t, 1, "win")
    shown.append(paid())
    act(t, 2, "discard", "8m")
    act(t, 3, "win")
    shown.append(paid())
    act(t, 0, "discard", "3p")
    act(t, 1, "concealed_kong", "1s")
    shown.append(paid())
    act(t, 1, "discard", "2p")
    act(t, 2, "discard", "7p")
    act(t, 3, "win")
    _play_out(t)
    if timing == "end_of_hand":
        assert shown == [[None] * 4] * 4 and paid() == [None] * 4
    else:
        # nothing yet; 平胡 ×1 from seat 0 to seat 1; 清一色 ×4 from seat 2 to seat 3; seat 1's
        # concealed kong, 2 × base from each of the three others (seat 3, playing on, included)
        assert shown == [[[0, 0, 0, 0]] * 4, [[-1, 1, 0, 0]] * 4, [[-1, 1, -4, 4]] * 4,
                         [[-1 - 2, 1 + 6, -4 - 2, 4 - 2]] * 4]
        assert paid() == [_settles(t)] * 4
    assert t.observe(0).paid == (() if timing == "end_of_hand" else tuple(_settles(t)))
    assert t.observe(0, money=False).paid == ()          # for a reader that never uses it (the greedy bot)


def test_single_win_ends_with_the_co_winners_of_the_discard(tmp_path):
    t = _two_win(tmp_path, mode="single_win")
    assert t.over and [e["type"] for e in t.state.events][-2:] == ["win", "win"]
    assert _settles(t) == [-2, 1, 0, 1]          # 平胡 ×1 each, paid by the discarder


# ---------------------------------------------------------------------- 查花猪 / 查大叫
@pytest.mark.parametrize("base", ["sichuan", "sichuan-xueliu", "sichuan-tencent"])
def test_flower_pig_and_not_ready_are_paid_on_the_hands_the_end_event_shows(tmp_path, base):
    t = _table(_rules(tmp_path, base, exchange_three="false", void_suit_required="false",
                      last_four_forced_win="false"), HANDS)
    _play_out(t)
    end = t.state.events[-1]
    assert end == {"type": "end", "hands": {str(s): {"hand": T.format_tiles(sorted(T.parse_tiles(h)))}
                                              for s, h in enumerate(HANDS)}}
    # 查花猪: seat 0 pays 16 (tencent: the cap, 64) to each of seats 1, 2, 3; 查大叫: seat 2 pays
    # seat 1 and seat 3 their best wait, 清一色 + 根 = ×8 each (formats.md's example hands)
    pig = 64 if base == "sichuan-tencent" else 16
    assert _settles(t) == [-3 * pig, pig + 8, pig - 16, pig + 8]


# ---------------------------------------------------------------------- 最后四张, 过水
def _to_four_left(t: Table) -> None:
    """Let every drawn tile go and pass every window until seat 3 draws with four tiles left."""
    while not (t.state.phase == "turn" and t.state.wall.left == 4 and t.to_move() == (3,)):
        seat = t.to_move()[0]
        legal = t.legal(seat)
        if t.state.phase == "claim":
            t.act(next(a for a in legal if a.kind == "pass"))
        else:
            t.act(next(a for a in legal if a.kind == "discard" and a.tile == t.observe(seat).drawn))


@pytest.mark.parametrize("forced", ["true", "false"])
def test_last_four_tiles_force_a_win(tmp_path, forced):
    """最后四张自动胡: a win on one of the wall's last four tiles may not be let go. Seat 3
    (1112223334445s) draws 6s with five tiles left, so four are left after it: 6s is not one of
    the last four and the win is free. Seat 0 then draws the first of the last four, 5s (moved
    there in the wall), and lets it go: seat 3 must win on it where the option is on."""
    rules = _rules(tmp_path, exchange_three="false", void_suit_required="false", last_four_forced_win=forced)
    tiles = list(wall(rules, HANDS))
    five = next(i for i in range(52, len(tiles)) if tiles[i] == T.tile("5s"))
    tiles[five], tiles[-4] = tiles[-4], tiles[five]
    t = Table(rules, Deal(tiles=tuple(tiles)))
    _to_four_left(t)
    assert t.observe(3).drawn == T.tile("6s")
    assert {a.kind for a in t.legal(3)} >= {"win", "discard"}          # the fifth tile from the end
    act(t, 3, "discard", "6s")
    assert t.to_move() == (0,) and t.observe(0).drawn == T.tile("5s") and t.state.wall.left == 3
    act(t, 0, "discard", "5s")
    if forced == "true":
        assert [a.kind for a in t.legal(3)] == ["win"]
        with pytest.raises(IllegalActionError, match="only 3 tiles are left in the wall: a seat that may win must"):
            act(t, 3, "pass")
    else:
        assert {a.kind for a in t.legal(3)} == {"pass", "win"}
        act(t, 3, "pass")


@pytest.mark.parametrize("lock", ["true", "false"])
def test_a_discard_win_let_go_locks_out_one_worth_no_more_until_the_seat_discards(tmp_path, lock):
    t = _table(_rules(tmp_path, exchange_three="false", pass_win_lock=lock), WIN_HANDS, "9p5p")
    for seat, suit in enumerate("sspm"):
        act_choice(t, seat, "void", suit)
    act(t, 0, "discard", "5p")
    act(t, 1, "win")
    act(t, 3, "pass")               # seat 3 lets its 5p win (平胡 ×1) go
    assert t.to_move() == (2,) and t.observe(2).drawn == T.tile("5p")
    act(t, 2, "discard", "5p")      # void p: it goes first; seat 3 could win on it, again ×1
    if lock == "true":
        assert {a.kind for a in t.legal(3)} == {"pass", "pung"}
        with pytest.raises(IllegalActionError, match=r"过水, pass_win_lock"):
            act(t, 3, "win")
    else:
        assert "win" in {a.kind for a in t.legal(3)}


# ---------------------------------------------------------------------- the next dealer
@pytest.mark.parametrize("rule, want", [("first_winner", 1), ("discarder", 0)])
def test_dealer_rule_names_the_next_dealer(tmp_path, rule, want):
    from mahjong_core.engine.table.match import chosen_dealer
    t = _two_win(tmp_path, dealer_rule=rule, mode="single_win")
    assert chosen_dealer(t) == want


def test_dealer_rule_dice_and_drawn_hands(tmp_path):
    from mahjong_core.engine.table.match import chosen_dealer
    for rule, want in (("first_winner", 1), ("discarder", 0)):
        t = _table(_rules(tmp_path, exchange_three="false", void_suit_required="false",
                                  last_four_forced_win="false", dealer_rule=rule), HANDS)
        _play_out(t)
        assert chosen_dealer(t) == want          # a drawn hand: the next seat, or the dealer stays
    t = _table(_rules(tmp_path, exchange_three="false", void_suit_required="false",
                      last_four_forced_win="false", dealer_rule="dice"), HANDS)
    _play_out(t)
    assert chosen_dealer(t) == _lots(t.state.deal.tiles, "dealer", 4)
    results = list(play_series(_rules(tmp_path, dealer_rule="dice"), ["random"] * 4, 3, 4))
    dealers = [r.record["dealer"] for r in results]
    assert dealers[1:] == [r.next_dealer for r in results[:-1]]


# ---------------------------------------------------------------------- robbing a kong, several robbers
ROB_HANDS = ["123456789m125p9p", "55p1122m3377p88s9s", "123456789s46p11s", "123456789m46p99m"]


@pytest.mark.parametrize("base", ["sichuan", "sichuan-xueliu"])
def test_an_added_kong_robbed_by_two_seats(tmp_path, base):
    t = _table(_rules(tmp_path, base, exchange_three="false"), ROB_HANDS, "9p7s3m4m5p")
    for seat, suit in enumerate("ssms"):
        act_choice(t, seat, "void", suit)
    act(t, 0, "discard", "5p")
    act(t, 1, "pung")               # seats 2 and 3 could win on 5p: they let it go
    act(t, 2, "pass")
    act(t, 3, "pass")
    act(t, 1, "discard", "8s")      # void s first
    act(t, 2, "discard", "7s")
    act(t, 3, "discard", "3m")
    act(t, 0, "discard", "4m")
    assert t.observe(1).drawn == T.tile("5p")
    act(t, 1, "added_kong", "5p")
    assert t.state.phase == "rob" and t.to_move() == (2, 3)
    act(t, 2, "win")
    act(t, 3, "win")
    wins = [e for e in t.state.events if e["type"] == "win"]
    assert [(e["seat"], e["from"], e["situation"].get("robbing_kong")) for e in wins] == [(2, 1, True), (3, 1, True)]
    assert [m.kind for m in t.state.seats[1].melds] == ["pung"]          # the kong never completes
    assert not t.over and t.to_move() == (0,)            # the seat in play after the last robber
    _play_out(t)
    _settles(t)


def test_no_seat_sees_another_seat_s_opening_choice(tmp_path):
    rules = _rules(tmp_path, void_suit_required="false")
    one, two = _table(rules, HANDS), _table(rules, HANDS)
    act_choice(one, 0, "exchange", "456p")
    act_choice(two, 0, "exchange", "122m")
    for seat in (1, 2, 3):
        assert one.observe(seat).to_dict() == two.observe(seat).to_dict()
        assert one.legal(seat) == two.legal(seat)


def test_the_greedy_bot_passes_its_weakest_three_and_declares_its_shortest_suit(tmp_path):
    from mahjong_core.engine.table.bots import GreedyBot
    rules = _rules(tmp_path)
    t = _table(rules, HANDS)
    bot = GreedyBot(rules)
    # seat 0 (123m456p789s1122m): p and s hold three each, p first; 456p is all it can pass of p
    assert bot.act(t.observe(0), t.legal(0)).choice == "456p"
    # seat 2 (1234679m677899s): s is its shorter suit (6 tiles against 7 m): it passes three s
    pick = bot.act(t.observe(2), t.legal(2)).choice
    assert pick.endswith("s") and len(T.parse_tiles(pick)) == 3
    for seat in range(4):
        t.act(bot.act(t.observe(seat), t.legal(seat)))
    voids = [bot.act(t.observe(s), t.legal(s)).choice for s in range(4)]
    for seat, suit in enumerate(voids):
        held = Counter(T.suit(x) for x in t.observe(seat).hand)
        assert held[suit] == min(held[x] for x in "mps")          # the suit it holds fewest of


# ---------------------------------------------------------------------- 转手杠
@pytest.mark.parametrize("pays", [False, True])
def test_an_added_kong_of_a_held_fourth_tile_is_late_and_pays_only_where_the_option_says(pays, tmp_path):
    """Seat 1 holds 555m, pungs the dealer's 5m (its fourth copy stays in the hand) and adds it a
    go-around later: 转手杠, the added tile held rather than just drawn. The kong event says
    ``late`` and earns nothing unless ``late_added_kong_pays`` (then 1 × b from each of the three
    others, as any added kong). A kong of the tile just drawn is not late (test_robbing_an_added_kong)."""
    hands = ["5m1234p678p123s78s", "555m11p77p99p2233s", "1379m1379s24m68s5s", "2468m2468s139m9s7s"]
    rules = _rules(tmp_path, exchange_three="false", late_added_kong_pays=str(pays).lower())
    t = _table(rules, hands, "9s6p5p4p8p")
    for seat, suit in enumerate("mspp"):
        act_choice(t, seat, "void", suit)
    act(t, 0, "discard", "5m")
    act(t, 1, "pung")
    act(t, 1, "discard", "2s")
    for seat in (2, 3, 0, 1):
        while t.state.phase == "claim":
            act(t, t.to_move()[0], "pass")
        if seat != 1:
            act(t, seat, "discard", T.name(t.observe(seat).drawn))
    assert t.to_move() == (1,) and t.observe(1).drawn == T.tile("8p")
    act(t, 1, "added_kong", "5m")
    assert [e for e in t.state.events if e["type"] == "kong"] == [
        {"type": "kong", "seat": 1, "kind": "added", "tile": "5m", "late": True}]
    assert t.settle().deltas == ((-1, 3, -1, -1) if pays else (0, 0, 0, 0))


def test_a_robbing_win_on_the_last_four_is_forced_too(tmp_path):
    """Seat 1 pungs the dealer's 5p and, with 3 tiles left, draws the fourth and adds it. Seats 2
    and 3 wait on 5p (46p): under 最后四张自动胡 a win on the kong's tile may not be let go either,
    so the rob window offers each the win alone."""
    hands = ["123456789m125p9p", "55p1122m3377p88s9s", "123456789s46p11s", "123456789m46p99m"]
    rules = _rules(tmp_path, exchange_three="false", void_suit_required="false")
    t = Table(rules, Deal(tiles=wall(rules, hands, "9p", tail="7s8s9s5p")))
    act(t, 0, "discard", "5p")
    act(t, 1, "pung")
    act(t, 2, "pass")
    act(t, 3, "pass")
    act(t, 1, "discard", "8s")
    while not (t.state.phase == "turn" and t.to_move() == (1,) and t.observe(1).drawn == T.tile("5p")):
        seat = t.to_move()[0]
        if t.state.phase == "claim":
            act(t, seat, "pass")
        else:
            act(t, seat, "discard", T.name(t.observe(seat).drawn))
    assert t.state.wall.left == 3
    act(t, 1, "added_kong", "5p")
    assert t.state.phase == "rob" and t.to_move() == (2, 3)
    assert [a.kind for a in t.legal(2)] == [a.kind for a in t.legal(3)] == ["win"]
    with pytest.raises(IllegalActionError, match="only 3 tiles are left in the wall: a seat that may win must"):
        act(t, 2, "pass")


def test_dihu_by_discard_is_a_win_on_the_dealers_first_discard_only(tmp_path):
    """地胡 under ``dihu_mode: first_discard`` and ``extra_patterns.tian_di_hu``: seat 2 wins on seat
    1's first discard (5p) in the first go-around; it is first_turn but the discard is not the
    dealer's, so the table writes extras.on_dealers_first_discard false and no 地胡 (×32) is
    scored: 平胡, 1 from seat 1."""
    hands = ["11m22m66p77p88p99p9s", "5p44m55m3344667s8s", "123456789m1134p", "111222555s789m6m"]
    rules = _overlay_sichuan(tmp_path, "options:\n  exchange_three: false\n  dihu_mode: first_discard\n"
                                       "  extra_patterns: {tian_di_hu: true}\n")
    t = _table(rules, hands, "3m1m")
    for seat, suit in enumerate("spsp"):
        act_choice(t, seat, "void", suit)
    act(t, 0, "discard", "9s")
    while t.state.phase == "claim":
        act(t, t.to_move()[0], "pass")
    act(t, 1, "discard", "5p")
    act(t, 2, "win")
    s = [e for e in t.state.events if e["type"] == "win"][0]["situation"]
    assert s["first_turn"] is True and s["extras"] == {"on_dealers_first_discard": False}
    assert "dihu" not in {f.id for f in rules.score(s).fans}
    assert t.settle().deltas == (0, -1, 1, 0)


def _overlay_sichuan(tmp_path, body: str):
    path = tmp_path / "club.yaml"
    path.write_text(f"extends: sichuan\n{body}", encoding="utf-8")
    return mahjong_core.load_ruleset(path)
