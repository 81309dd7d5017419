"""The Guangdong profiles other than 推倒胡 at the table (plugins/mahjong_guangdong/flow.py), on
explicit walls: the 大胡 table's horses from the wall's head, several winners of one discard and
several robbers of one kong, 莲花's
跟庄 (and not when a discard differs or the option is off), its 红中 (a replacement win is 杠上开花,
the fourth 红中 wins at once, the dealer paying double), 包's 单吊 liability and its window, and
each profile's dealer rotation. The arithmetic of every amount is in a comment."""
from __future__ import annotations

import json
from collections import Counter

import pytest

import mahjong_core
from mahjong_core.engine import tiles as T
from mahjong_core.engine.table import Deal, Table, tile_list
from mahjong_core.engine.table.flow import TableHand
from mahjong_core.engine.table.match import play_series
from mahjong_core.engine.table.rules import play_rules

from table_play_helpers import act, pass_windows, table, wall


def _load(name):
    return mahjong_core.load_ruleset(name)


def _overlay(tmp_path, name: str, body: str):
    path = tmp_path / "club.yaml"
    path.write_text(f"extends: {name}\n{body}", encoding="utf-8")
    return mahjong_core.load_ruleset(path)


def _events(t, kind):
    return [e for e in t.record()["events"] if e["type"] == kind]


def _settled(t, rules):
    """The table's money, and the same from its whole record (play log replayed) through settle."""
    deltas = tuple(t.settle().deltas)
    assert tuple(rules.settle(json.loads(json.dumps(t.record()))).deltas) == deltas and sum(deltas) == 0
    return deltas


def let_go(t, seat: int, tile: str) -> None:
    """``seat`` discards ``tile`` and every seat that could claim it passes."""
    act(t, seat, "discard", tile)
    pass_windows(t)


def claim(t, seat: int, kind: str, tile: str | None = None) -> None:
    """In the open window, ``seat`` claims and every other seat that may answer passes."""
    act(t, seat, kind, tile)
    while t.state.phase in ("claim", "rob"):
        t.act({"type": "pass", "seat": t.to_move()[0]})


# ---------------------------------------------------------------- 大胡 (guangdong): horses, robbers
# the dealer draws 5p: 123m 456m 789m 123p 5p5p, a plain hand (鸡胡 1番)
READY = "123456789m123p5p"
PLAIN = ["1m4m7m2p6p9p1s4s7s2z3z4z6z", "2m5m8m3p6p9p2s5s8s2z3z4z6z", "3m6m9m4p7p8p3s6s9s2z3z4z6z"]


def test_dahu_turns_four_horses_from_the_wall_head_after_a_win():
    rules = _load("guangdong")
    t = table([READY] + PLAIN, draws="5p" + "1m5m9m2m" + "1p", ruleset=rules)
    act(t, 0, "win")
    # the next four tiles a draw would take; the 1p after them stays
    assert _events(t, "horses") == [{"type": "horses", "tiles": "1m5m9m2m", "seat": 0}]
    assert t.state.wall.tiles[t.state.wall.front] == T.tile("1p")
    # the dealer's horses: 1, 5, 9 → H = 3; X = F × u × (1 + H) = 1 × 20 × 4 = 80 from each other player
    assert _settled(t, rules) == (240, -80, -80, -80)


def test_dahu_horses_on_a_short_wall_are_all_that_is_left_and_say_so():
    rules = _load("guangdong")
    t = Table(rules, Deal(tiles=wall(rules, [READY] + PLAIN, draws="5p")), check=False)
    t.state.wall.front = t.state.wall.back - 2          # as if the wall had been played down to two tiles
    act(t, 0, "win")
    horses, = _events(t, "horses")
    assert len(horses["tiles"]) == 4 and horses["short"] is True and t.state.wall.left == 0
    record = t.record()
    del record["play"]
    assert sum(rules.settle(record).deltas) == 0
    del record["events"][-1]["short"]
    with pytest.raises(mahjong_core.MahjongError, match="2 horse tiles listed for seat 0, but this win turns 4"):
        rules.settle(record)


# seat 1 pungs the dealer's 7p and adds the fourth: seat 2 (45p6p… waits 4p/7p) and seat 3 (8p9p
# waits 7p) both rob it
ROB = ["7p1s2s3s4s5s6s1z1z1z2z2z2z", "7p7p1m2m3m4m5m6m3z3z3z4z4z", "123m456m789m1s1s5p6p", "123s456s789s2m2m8p9p"]


def _rob(rules):
    t = table(ROB, draws="9s" + "5z" "5z" "9m" + "7p" + "3m7m2s2s" + "4m8m4z1p", ruleset=rules)
    act(t, 0, "discard", "7p")
    claim(t, 1, "pung")
    for seat, tile in ((1, "1m"), (2, "5z"), (3, "5z"), (0, "9m")):
        let_go(t, seat, tile)
    act(t, 1, "added_kong", "7p")
    return t


def test_dahu_lets_every_robber_of_one_kong_win_each_with_his_horses():
    rules = _load("guangdong")
    t = _rob(rules)
    assert set(t.to_move()) == {2, 3}
    act(t, 2, "win")
    act(t, 3, "win")
    assert t.state.winners == [2, 3]
    assert _events(t, "horses") == [{"type": "horses", "tiles": "3m7m2s2s", "seat": 2},
                                    {"type": "horses", "tiles": "4m8m4z1p", "seat": 3}]
    # seat 2 sits opposite the dealer: 3m, 7m hit (H 2), X = 1 × 20 × 3 = 60; seat 3 is the previous
    # seat: 4m, 8m, 北 hit (H 3), X = 20 × 4 = 80; the robbed seat 1 pays both, his kong earns nothing
    assert _settled(t, rules) == (0, -140, 60, 80)


def test_one_robber_wins_when_multiple_robbers_is_off(tmp_path):
    rules = _overlay(tmp_path, "guangdong", "options: {multiple_robbers: false}\n")
    t = _rob(rules)
    act(t, 2, "win")
    act(t, 3, "win")
    assert t.state.winners == [2]                       # the nearest after the robbed seat
    assert play_rules(rules).one_robber and not play_rules(rules).one_winner     # a discard may still have several
    # H = 2 for seat 2 (3m, 7m): 60 from seat 1
    assert _settled(t, rules) == (0, -60, 60, 0)


# seat 1: 123m 456m 789m 11m 23m (清一色 4番, waits 1m / 4m); seat 3: 555m 888m 東東東 南南 4m4m
# (混碰 4番, waits 南 / 4m): both win the dealer's 4m, which 大胡 lets win on a discard from 4番
SHARED = ["1p4p7p2s5s8s3p6p9p1s4s7s3z", "123456789m11m23m", "2p5p8p3s6s9s2p5p8p3s6s9s6z", "555m888m1z1z1z2z2z4m4m"]


def test_dahu_lets_every_winner_of_one_discard_win_each_paid_with_his_horses():
    rules = _load("guangdong")
    t = table(SHARED, draws="4m" + "2m6m3p9p" + "4p8p4z1s", ruleset=rules)
    act(t, 0, "discard", "4m")
    assert set(t.to_move()) == {1, 3}
    act(t, 3, "win")
    act(t, 1, "win")
    assert t.state.winners == [1, 3]                    # nearest the discarder first
    wins = _events(t, "win")
    assert [(w["seat"], w["from"], w["situation"]["win_tile"]) for w in wins] == [(1, 0, "4m"), (3, 0, "4m")]
    # the 4m lies in seat 1's hand; seat 3's win still holds it (his horses count what he holds)
    assert TableHand(t).holds(3).count(T.tile("4m")) == 3 and t.state.seats[3].counts[T.tile("4m")] == 2
    assert _events(t, "horses") == [{"type": "horses", "tiles": "2m6m3p9p", "seat": 1},
                                    {"type": "horses", "tiles": "4p8p4z1s", "seat": 3}]
    # the discarder pays each: seat 1 (the next seat) hits 2m, 6m (H 2): X = 4 × 20 × 3 = 240;
    # seat 3 (the previous seat) hits 4p, 8p, 北 (H 3): X = 4 × 20 × 4 = 320
    assert _settled(t, rules) == (-560, 240, 0, 320)


@pytest.mark.parametrize("name, several", [("guangdong", True), ("guangdong-jipinghu", True), ("guangdong-100", True),
                                           ("guangdong-bao", True), ("guangdong-tuidaohu", False),
                                           ("guangdong-lianhua", False)])
def test_several_win_where_the_settlement_pays_each(name, several):
    rules = play_rules(_load(name))
    assert rules.one_winner is not several and rules.one_robber is False


# ---------------------------------------------------------------- 莲花: 跟庄 and 红中
def _follow(rules, fourth="1z"):
    # each seat draws a tile and lets it go at once: 东, 东, 东, then ``fourth``; the dealer then draws 5p
    t = table([READY] + PLAIN, draws="1z1z1z" + fourth + "5p" + "1m5m9m2m3m4m6m8m", ruleset=rules)
    for seat, tile in enumerate(("1z", "1z", "1z", fourth)):
        act(t, seat, "discard", tile)
    act(t, 0, "win")
    return t


def test_lianhua_follow_the_dealer_the_dealer_pays_each_other_player():
    rules = _load("guangdong-lianhua")
    t = _follow(rules)
    assert _events(t, "follow_dealer") == [{"type": "follow_dealer"}]
    # m = 2^(庄家 1 + 无癞子 1) = 4; 1m 5m 9m are the dealer's horses (H 3): P = 100 × 4 + 100 × 3
    # = 700 from each; 跟庄: the dealer pays 100 to each → 2100 − 300 = 1800, the others −700 + 100
    assert _settled(t, rules) == (1800, -600, -600, -600)


def test_no_follow_when_one_of_the_four_discards_differs_or_the_option_is_off(tmp_path):
    rules = _load("guangdong-lianhua")
    t = _follow(rules, fourth="2z")
    assert _events(t, "follow_dealer") == []
    assert _settled(t, rules) == (2100, -700, -700, -700)
    off = _overlay(tmp_path, "guangdong-lianhua", "options: {follow_dealer: false}\n")
    t = _follow(off)
    assert _events(t, "follow_dealer") == []
    assert _settled(t, off) == (2100, -700, -700, -700)


def test_no_follow_after_a_claim_among_the_first_discards():
    rules = _load("guangdong-lianhua")
    hands = [READY, PLAIN[0], "1z1z" + PLAIN[1][4:], PLAIN[2]]        # seat 2 holds 东东 for 2m5m
    t = table(hands, draws="1z" + "6z" "5p" + "1m5m9m2m3m4m6m8m", ruleset=rules)
    act(t, 0, "discard", "1z")
    claim(t, 2, "pung")                                   # seat 2 pungs the dealer's 东
    assert t.state.turn == 2
    act(t, 2, "discard", "8m")
    act(t, 3, "discard", "6z")
    act(t, 0, "win")
    assert _events(t, "follow_dealer") == []


def test_lianhua_a_win_on_a_red_dragons_replacement_is_a_kong_bloom():
    rules = _load("guangdong-lianhua")
    # the dealer draws 中, sets it aside and takes 5p from the tail
    t = table([READY] + PLAIN, draws="7z" + "2m3m4m6m7m8m2s3s", tail="5p", ruleset=rules)
    assert t.state.seats[0].bonus == [T.tile("7z")]
    act(t, 0, "win")
    win, = _events(t, "win")
    assert win["situation"]["after_kong"] == 1 and win["situation"]["flowers"] == "7z"
    # m = 2^(庄家 1 + 无癞子 1 + 杠上开花 1) = 8, no horse hits: P = 800 from each
    assert _settled(t, rules) == (2400, -800, -800, -800)


def test_lianhua_the_fourth_red_dragon_drawn_wins_at_once():
    rules = _load("guangdong-lianhua")
    # the dealer is dealt 中中中 (set aside, replaced by 2p 3p 4p) and draws the fourth
    hand = "123456789m1p7z7z7z"
    t = table([hand] + PLAIN, draws="7z" + "2m3m4m6m7m8m2s3s", tail="2p3p4p", ruleset=rules)
    assert t.over and t.state.winners == [0] and t.state.actions == []
    win, = _events(t, "win")
    assert win["situation"]["win_tile"] == "7z" and win["situation"]["flowers"] == "777z"
    assert "after_kong" not in win["situation"]
    # m = 2^(庄家 1 + 无癞子 1 + 四红中 2) = 16, no horse hits: P = 1600 from each
    assert _settled(t, rules) == (4800, -1600, -1600, -1600)


def test_lianhua_a_seat_dealt_four_red_dragons_wins_before_the_first_draw_and_the_dealer_pays_double():
    rules = _load("guangdong-lianhua")
    hands = [READY, "7z7z7z7z" + PLAIN[0][8:], PLAIN[1], PLAIN[2]]
    t = table(hands, draws="2m3m4m6m7m8m2s3s", tail="1p2p3p4p", ruleset=rules)
    assert t.over and t.state.winners == [1]
    win, = _events(t, "win")
    s = win["situation"]
    assert s["win_tile"] == "7z" and s["flowers"] == "777z" and len(T.parse_tiles(s["hand"])) == 13
    # m = 2^(无癞子 1 + 四红中 2) = 8; the next seat's horses (2/6, 中, 南): 2m, 6m, 2s hit (H 3):
    # P = 100 × 8 + 100 × 3 = 1100 from seats 2 and 3; the dealer pays 2P = 2200 → seat 1 +4400
    assert _settled(t, rules) == (-2200, 4400, -1100, -1100)


# ---------------------------------------------------------------- 包: 单吊 liability
# seat 1 pungs 1p (from the dealer), 2p, 3p and 4p (from seat 2) and waits on 5p alone
BAO = ["1p9m9m6p7p8p5s6s7s8s3z4z5z", "1p1p2p2p3p3p4p4p5p1m9s2z6z", "2p3p4p1s1s2s2s3s3s4s9p9p6s",
       "9p5p6p7p8p9s9s7s8s3z4z5z1m"]


def _bao(rules, later: str):
    """Seat 1's four claims; ``later``: the draws after them, seat 2, 3, 0, 1, … in turn."""
    t = table(BAO, draws="6z" + "2z" "7z" "7z" + later, tail="1z", ruleset=rules)
    act(t, 0, "discard", "1p")
    for tile, junk in (("2p", "1m"), ("3p", "9s"), ("4p", "2z")):
        claim(t, 1, "pung")
        let_go(t, 1, junk)
        act(t, 2, "discard", tile)
    claim(t, 1, "pung")
    let_go(t, 1, "6z")
    return t


def test_bao_the_last_claims_discarder_is_liable_for_a_single_wait_on_the_first_draw():
    rules = _load("guangdong-bao")
    t = _bao(rules, "1s" "3z" "5s" "5p")
    for seat, tile in ((2, "1s"), (3, "3z"), (0, "5s")):
        let_go(t, seat, tile)
    act(t, 1, "win")
    win, = _events(t, "win")
    assert win["situation"]["extras"] == {"claim_liable": 2} and len(win["situation"]["melds"]) == 4
    # 清对 (one suit, pungs and a pair) V = 36, b = 3: T = 108, all of it from seat 2
    assert _settled(t, rules) == (0, 108, -108, 0)


def test_bao_the_window_stays_open_for_a_second_draw_and_closes_after_it():
    rules = _load("guangdong-bao")
    t = _bao(rules, "1s" "3z" "5s" "9p" "2s" "4z" "6s" "5p")
    for seat, tile in ((2, "1s"), (3, "3z"), (0, "5s"), (1, "9p"), (2, "2s"), (3, "4z"), (0, "6s")):
        let_go(t, seat, tile)
    act(t, 1, "win")
    assert _events(t, "win")[0]["situation"]["extras"] == {"claim_liable": 2}
    assert _settled(t, rules) == (0, 108, -108, 0)
    t = _bao(rules, "1s" "3z" "5s" "9p" "2s" "4z" "6s" "8s" "3s" "5z" "8p" "5p")
    for seat, tile in ((2, "1s"), (3, "3z"), (0, "5s"), (1, "9p"), (2, "2s"), (3, "4z"), (0, "6s"),
                       (1, "8s"), (2, "3s"), (3, "5z"), (0, "8p")):
        let_go(t, seat, tile)
    act(t, 1, "win")
    assert "extras" not in _events(t, "win")[0]["situation"]
    # a plain self-draw: each other player pays T / 3 = 36
    assert _settled(t, rules) == (-36, 108, -36, -36)


def test_bao_liability_is_not_given_where_single_wait_liability_is_off(tmp_path):
    rules = _overlay(tmp_path, "guangdong-bao", "options: {single_wait_liability: false}\n")
    t = _bao(rules, "1s" "3z" "5s" "5p")
    for seat, tile in ((2, "1s"), (3, "3z"), (0, "5s")):
        let_go(t, seat, tile)
    act(t, 1, "win")
    assert "extras" not in _events(t, "win")[0]["situation"]
    assert _settled(t, rules) == (-36, 108, -36, -36)


def test_a_winning_dealers_streak_turns_more_horses_with_horse_streak_bonus(tmp_path):
    club = _overlay(tmp_path, "guangdong", "options: {horse_streak_bonus: 2}\n")
    for rules, tiles, deltas in (
            # 4 + 2 × 1 = 6 horses; 1m and 9m, the fifth and sixth, are the dealer's: X = 20 × (1 + 2) = 60
            (club, "2m3m4m6m1m9m", (180, -60, -60, -60)),
            # the profile's own 0: four horses, none a hit: X = 20
            (_load("guangdong"), "2m3m4m6m", (60, -20, -20, -20))):
        deal = Deal(tiles=wall(rules, [READY] + PLAIN, draws="5p" + "2m3m4m6m1m9m"), dealer_streak=1)
        t = Table(rules, deal)
        act(t, 0, "win")
        assert _events(t, "horses") == [{"type": "horses", "tiles": tiles, "seat": 0}]
        assert _settled(t, rules) == deltas


# ---------------------------------------------------------------------------------------------- the ghost
@pytest.mark.parametrize("seed", range(6))
def test_tuidaohu_puts_its_ghost_indicator_back_so_all_four_ghosts_are_in_play(seed):
    """推倒胡's turned tile goes back into the wall: nothing is turned up at the deal, and the
    four copies of the ghost kind lie in the hands and the wall (136 tiles in play)."""
    rules = _load("guangdong-tuidaohu")
    t = Table(rules, Deal(seed=seed, hand=0))
    ghost = T.tile(t.state.events[0]["indicator"])
    assert t.state.wilds == (ghost,) and t.state.turned == []
    assert t.state.wall.remaining()[-1] == ghost                       # put back where it lay
    in_play = list(t.state.wall.remaining()) + [k for seat in t.state.seats for k in seat.tiles()]
    assert len(in_play) == 136 and in_play.count(ghost) == 4


def test_bao_draws_its_ghost_kind_by_lot_taking_no_tile():
    """包's ghost is one of the 27 kinds drawn by lot from the deal (``draw_lots("ghost", 27)``:
    the kinds in order 1m 9m 1p … 9p 1s … 9s 东 … 白), recorded as the kind itself; no tile is
    turned, so all 108 tiles are in play, and a replay of the same deal draws the same kind."""
    rules = _load("guangdong-bao")
    kinds = sorted(rules.table.kinds)
    assert len(kinds) == 27
    seen = set()
    for seed in range(12):
        t = Table(rules, Deal(seed=seed, hand=0))
        event = t.state.events[0]
        assert set(event) == {"type", "tile"} and t.state.turned == []
        kind = T.tile(event["tile"])
        assert kind == kinds[TableHand(t).draw_lots("ghost", 27)] and t.state.wilds == (kind,)
        assert len(t.state.wall.remaining()) + sum(len(s.tiles()) for s in t.state.seats) == 108
        assert Table(rules, Deal(seed=seed, hand=0)).state.events[0] == event
        seen.add(kind)
    assert len(seen) > 3                                                # drawn, not fixed


# ---------------------------------------------------------------------------------------------- 过胡
@pytest.mark.parametrize("lock", [True, False])
def test_jipinghu_a_discard_win_let_go_locks_out_the_next_until_the_seat_discards(lock, tmp_path):
    """鸡平胡's 过胡: seat 2 (123m 456m 789m 45p 99s, 平胡 on 3p or 6p) lets the dealer's 3p go; seat
    1's 3p, before seat 2 has discarded, is worth no more, so seat 2 may not win on it. A club
    with ``pass_win_lock: false`` may."""
    rules = _load("guangdong-jipinghu") if lock else _overlay(tmp_path, "guangdong-jipinghu",
                                                               "options: {pass_win_lock: false}\n")
    hands = ["3p1z1z2z2z3z3z4z4z5z5z6z6z", "3p1m1m9m9s7s7s8s8s5z6z7z7z", "123m456m789m45p99s",
             "2m2m8m8m1s1s2s2s3s3s4s4s7z"]
    t = table(hands, draws="9p9p1p", ruleset=rules)
    act(t, 0, "discard", "3p")
    assert "win" in {a.kind for a in t.legal(2)}
    act(t, 2, "pass")
    pass_windows(t)
    act(t, 1, "discard", "3p")
    assert ("win" in {a.kind for a in t.legal(2)}) is not lock


def test_tuidaohu_a_streak_asking_more_horses_than_the_wall_holds_turns_all_it_holds(tmp_path):
    """A dealer on a streak of one under ``horse_streak_bonus: 2`` asks 6 + 2 = 8 horses (he holds
    no ghost). He wins self-drawn on 5p with one drawable tile left, so the wall holds 7: that one
    and the 6 reserved. All 7 are turned and the event says short. 中 (the ghost, the tail tile
    put back) is the dealer's horse: 4 hits, X = 4 × (1 + 4) = 20 from each, as with 6 horses."""
    club = _overlay(tmp_path, "guangdong-tuidaohu", "options: {horse_streak_bonus: 2}\n")
    hands = ["123456789m123p5p", "5p1m4m7m2p8p3s6s9s1z2z3z4z", "5p1m4m7m2p8p3s6s9s1z2z3z4z",
             "1m4m7m2p8p3s6s9s1z2z3z4z6z"]
    tail = "7z7z7z7z6z6z" + "6z"                     # the reserve, then the last drawable tile
    rest = Counter(tile_list(club.table))
    rest.subtract(T.parse_tiles("".join(hands) + tail + "5p"))
    draws = "".join(T.name(k) for k in sorted(rest) for _ in range(rest[k])) + "5p"
    t = Table(club, Deal(tiles=wall(club, hands, draws, tail), dealer_streak=1))
    while not any(a.kind == "win" for a in t.legal(t.state.turn)) or t.state.phase != "turn":
        if t.state.phase == "turn":
            act(t, t.state.turn, "discard", T.name(t.state.drawn))
        else:
            pass_windows(t)
    assert t.state.turn == 0 and t.state.drawn == T.tile("5p") and t.state.wall.left == 1
    act(t, 0, "win")
    assert _events(t, "horses") == [{"type": "horses", "tiles": "7z7z7z7z6z6z6z", "seat": 0, "short": True}]
    assert _settled(t, club) == (60, -20, -20, -20)


def test_four_ghosts_win_before_the_first_discard_though_someone_has_melded(tmp_path):
    """四鬼胡牌 in a 大胡 club with 翻鬼 (the turned 北 makes 东 the ghost): seat 2 pungs the
    dealer's 9p, so the first go-around is broken (no first_turn), but seat 3 has not discarded
    yet when it draws its fourth 东: the table writes ``extras.before_first_discard`` and offers
    the win, which scores 鸡胡 + 四鬼胡牌."""
    club = _overlay(tmp_path, "guangdong", "table:\n  wilds: {max_kinds: 1, indicator: next, name: 鬼}\n"
                                           "shapes:\n  wild_count: {enabled: true}\nfans:\n  sigui: {enabled: true}\n")
    hands = ["9p1p2p3p4p5p6p7p8p1s2s3s4s", "2m3m5m6m8m9m3p6p9p4s7s3z6z", "9p9p2s5s8s1m4m7m2p5p5z6z7z",
             "1z1z1z1m4m7m2p5p8p3s6s9s2z"]
    t = table(hands, draws="7m1z", tail="4z", ruleset=club)
    act(t, 0, "discard", "9p")
    act(t, 2, "pung")
    pass_windows(t)
    act(t, 2, "discard", "2s")
    pass_windows(t)
    assert t.to_move() == (3,) and t.state.drawn == T.tile("1z")
    assert any(a.kind == "win" for a in t.legal(3))
    act(t, 3, "win")
    s = _events(t, "win")[0]["situation"]
    assert s["extras"] == {"before_first_discard": True} and "first_turn" not in s
    assert {f.id for f in club.score(s).fans} == {"jihu", "sigui"}


# ---------------------------------------------------------------------------------------------- 明杠可抢
@pytest.mark.parametrize("rob", [True, False])
def test_an_exposed_kong_is_robbed_where_rob_exposed_kong_says_so(rob, tmp_path):
    """明杠可抢: seat 1 kongs the dealer's 5p from the discard; seat 3 waits on 5p (鸡胡 by
    robbing). With ``rob_exposed_kong`` a rob window opens before the replacement: seat 3 robs, the
    kong never stands (seat 1 keeps its three 5p) and the win is from seat 1; passed, the kong
    stands and seat 1 draws its replacement. Off (the profile's own), no window opens."""
    rules = _overlay(tmp_path, "guangdong", "options: {rob_exposed_kong: true}\n") if rob else _load("guangdong")
    hands = ["5p1p2p3p7p8p9p1s2s3s1z2z3z", "5p5p5p7s7s7s1s2s3s4s4s9s6z", "4s5s6s8s8s9s1z1z2z2z3z3z4z",
             "123456789m4p6p9s9s"]
    t = table(hands, tail="4m", ruleset=rules)
    act(t, 0, "discard", "5p")
    act(t, 1, "exposed_kong", "5p")
    if not rob:                         # no window: the kong stands and seat 1 draws from the tail
        assert t.state.phase == "turn" and t.to_move() == (1,) and t.state.drawn == T.tile("4m")
        return
    assert t.state.phase == "rob" and t.to_move() == (3,)
    obs = t.observe(3)
    assert obs.turn == 1 and obs.tile == T.tile("5p")            # the kong's declarer, not the discarder
    assert {a.kind for a in t.legal(3)} == {"pass", "win"}
    act(t, 3, "win")
    win = _events(t, "win")[0]
    assert win["seat"] == 3 and win["from"] == 1 and win["situation"]["robbing_kong"] is True
    assert t.state.seats[1].melds == [] and t.state.seats[1].counts[T.tile("5p")] == 3
    deltas = _settled(t, rules)
    assert deltas[3] > 0 and deltas[1] < 0 and deltas[0] == deltas[2] == 0     # the robbed declarer pays


def test_an_exposed_kong_let_pass_stands_and_draws_its_replacement(tmp_path):
    rules = _overlay(tmp_path, "guangdong", "options: {rob_exposed_kong: true}\n")
    hands = ["5p1p2p3p7p8p9p1s2s3s1z2z3z", "5p5p5p7s7s7s1s2s3s4s4s9s6z", "4s5s6s8s8s9s1z1z2z2z3z3z4z",
             "123456789m4p6p9s9s"]
    t = table(hands, tail="4m", ruleset=rules)
    act(t, 0, "discard", "5p")
    act(t, 1, "exposed_kong", "5p")
    act(t, 3, "pass")
    assert t.state.phase == "turn" and t.to_move() == (1,) and t.state.drawn == T.tile("4m")
    assert [m.kind for m in t.state.seats[1].melds] == ["kong"] and t.state.seats[1].counts[T.tile("5p")] == 0
    assert t.state.seats[0].pool == []
