"""Fuzhou's gold rules at the table (plugins/mahjong_fuzhou/flow.py, core ``lastgroup``): 坎门 (the
dealer dealt 17), 开金 with bonus tiles turned (the dealer replaces them and lets as many tiles go),
天胡 before 抢金, 抢金 after the dealer's first discard, the reserve (18 undrawn, the face-up gold among them, more with kongs), the
last four drawn one each, the gold discard under each ``gold_discard`` value, 金雀 claim priority
on and off, 三金倒 at once, and the dealer's streak across hands. Every hand is scripted on an
explicit wall (tests/table/table_play_helpers.py): 16 tiles a seat, the dealer's 17th the first of
``draws``, the gold chosen by the tile at the wall's tail."""
from __future__ import annotations

import io
import json

import pytest

import mahjong_core
from mahjong_core.engine import tiles as T
from mahjong_core.engine.errors import IllegalActionError
from mahjong_core.engine.table import actions as A
from mahjong_core.engine.table.roster import make_bot
from mahjong_core.engine.table.match import play_series
from mahjong_core.engine.table.rules import flow_of
from mahjong_core.frontends.cli import main

from table_play_helpers import act, pass_windows, table

A_WIN = A.Action(A.WIN, 0)

# far from ready: no tile completes it, with or without a gold
FILL = "124578m12457p12457s"
FAR = [FILL] * 4
GOLD = "9s"
# 144 − 64 dealt − the dealer's 17th (坎门) − 1 face-up gold − 17 in the wall's reserve (18 less the gold)
LEFT_AFTER_DEAL = 144 - 64 - 1 - 1 - 17


def _load(name="fuzhou"):
    return mahjong_core.load_ruleset(name)


def _overlay(tmp_path, base: str, body: str):
    path = tmp_path / "club.yaml"
    path.write_text(f"extends: {base}\n{body}", encoding="utf-8")
    return mahjong_core.load_ruleset(path)


def _discard_drawn_until_over(t) -> None:
    """Every seat lets its drawn tile go (another when it is the gold) and passes every claim."""
    while not t.over:
        seat = t.to_move()[0]
        if t.state.phase != "turn":
            pass_windows(t)
            continue
        options = [a for a in t.legal(seat) if a.kind == "discard"]
        t.act(next((a for a in options if a.tile == t.state.drawn), options[0]))


def _settles_through_the_cli(t, tmp_path) -> None:
    """The hand's record settles through ``mahjong settle`` to the deltas the table reported."""
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(t.record()), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert main(["settle", str(path), "--json"], out=out, err=err) == 0, err.getvalue()
    assert json.loads(out.getvalue())["deltas"] == list(t.settle().deltas)


def _pass_opening(t) -> None:
    """Every seat offered 抢金 (after the dealer's first discard) lets it pass."""
    for seat in t.to_move() if t.state.phase == "opening" else ():
        t.act({"type": "rob_gold", "seat": seat, "choice": "pass"})


def _events(t, kind):
    return [e for e in t.record()["events"] if e["type"] == kind]


# ---------------------------------------------------------------------------------------------- 开金
def test_kaijin_turns_bonus_tiles_to_the_dealer_who_replaces_them_until_a_suited_tile_is_the_gold():
    # the tail turns 春 (1f): the dealer's, replaced by 8s; then 中 (7z): the dealer's, replaced by
    # 3s; then 9s: the gold
    t = table(FAR, draws="6s", tail="1f8s7z3s" + GOLD, ruleset=_load())
    assert t.state.events == [{"type": "wild", "indicator": GOLD}]
    assert t.state.seats[0].bonus == [T.tile("1f"), T.tile("7z")]
    obs = t.observe(2)
    assert obs.wilds == (T.tile(GOLD),) and obs.turned == (T.tile(GOLD),)   # the face-up gold, out of play
    # the dealer holds his 17 (16 dealt and 6s, 坎门) and the two replacements: two tiles to let go
    assert t.state.phase == "turn" and t.state.turn == 0 and t.state.seats[0].size == 19
    assert t.state.extra == {0: 2} and t.state.drawn == T.tile("6s")
    # 144 − 64 − 1 (坎门) − 3 turned − 2 replacements − 17 reserved
    assert t.state.wall.left == 144 - 64 - 1 - 3 - 2 - 17 and t.state.wall.reserve == 17


# the dealer is dealt five sets and 5p, and 1p as his 17th; 开金 turns 春 (1f), his, replaced by 5p,
# then the gold 9p. Seat 2 holds 1p1p and seat 1 2p3p, but the 1p the dealer lets go for his
# replacement opens no claim; his 17 tiles then win: 天胡
KAIJIN_BONUS = ["123m456m789m123s789s5p", "23p14578m478p124579s", "11p1245789m47p12457s", FILL]


def test_the_dealer_lets_the_replacement_of_a_turned_bonus_tile_go_unclaimed_then_wins_tianhu(tmp_path):
    rules = _load()
    t = table(KAIJIN_BONUS, draws="1p", tail="1f5p9p", ruleset=rules)
    assert t.state.seats[0].bonus == [T.tile("1f")] and t.state.extra == {0: 1}
    assert {a.kind for a in t.legal(0)} == {"discard"}      # neither a win nor a kong before it
    with pytest.raises(IllegalActionError, match=r"seat 0 holds 1 tile\(s\) beyond its hand .* discards only"):
        act(t, 0, "win")
    act(t, 0, "discard", "1p")
    # nobody is asked about the 1p (seat 2 holds 1p1p, seat 1 2p3p): the dealer's turn goes on
    assert t.state.phase == "turn" and t.state.turn == 0 and t.state.extra == {}
    assert t.state.seats[0].pool == [T.tile("1p")] and t.state.seats[0].discarded == 0
    # the 1p dealt as his 17th is gone: the last of his sorted tiles, 9s, stands as his drawn tile
    assert t.state.drawn == T.tile("9s")
    act(t, 0, "win")
    win = _events(t, "win")[0]
    assert win["situation"]["first_turn"] is True and win["situation"]["flowers"] == "1f"
    assert {f.id for f in rules.score(win["situation"]).fans} >= {"tianhu"}
    # B = 1 bonus tile (春) + 0 golds = 1; self-drawn: S = 2 × 1 + 40 (天胡) = 42 from each of the
    # three others, the dealer's streak 0 scoring nothing
    assert tuple(t.settle().deltas) == (126, -42, -42, -42)
    _settles_through_the_cli(t, tmp_path)


def test_dealt_bonus_tiles_are_replaced_in_rounds_from_the_dealer():
    """补花 in rounds: the dealer sets 东 aside and takes 1f from the tail, which waits for the next
    round; seat 1 sets 南 aside and takes 3s; in round two only the dealer has one, 1f, and takes
    6s. Then the gold is turned: 9s. (Seat by seat, the dealer would have taken 1f then 3s.)"""
    dealer, seat1 = "124578m12457p1245s1z", "124578m12457p1245s2z"
    t = table([dealer, seat1, FILL, FILL], draws="3m", tail="1f3s6s9s", ruleset=_load())
    assert t.state.seats[0].bonus == [T.tile("1z"), T.tile("1f")] and t.state.seats[1].bonus == [T.tile("2z")]
    assert T.tile("6s") in t.observe(0).hand and T.tile("3s") in t.observe(1).hand
    assert _events(t, "wild") == [{"type": "wild", "indicator": "9s"}]


def test_golds_are_never_claimed_and_a_dealt_bonus_tile_is_replaced_before_the_gold():
    # seat 1 is dealt 东 (1z): replaced from the tail (8s) before the gold is turned (9s next)
    hands = list(FAR)
    hands[1] = "124578m12457p1245s1z"
    t = table(hands, tail="8s" + GOLD, ruleset=_load())
    assert t.state.seats[1].bonus == [T.tile("1z")] and t.state.seats[1].counts[T.tile("8s")] == 1
    assert t.state.events == [{"type": "wild", "indicator": GOLD}]


# ---------------------------------------------------------------------------------------------- the reserve
def test_a_drawn_hand_ends_with_exactly_the_reserve_left():
    t = table(FAR, tail=GOLD, ruleset=_load())
    assert t.state.wall.left == LEFT_AFTER_DEAL
    _discard_drawn_until_over(t)
    assert _events(t, "end") == [{"type": "end"}]
    # 18 undrawn: 17 in the wall and the face-up gold
    assert len(t.state.wall.remaining()) + len(t.state.turned) == 18


def test_the_reserve_grows_by_two_with_a_concealed_kong_and_one_with_an_exposed_kong():
    kong = "12478m124578p12457s"
    hands = ["5555m1p4p7p1s4s7s2m8m2p3p8p6s", kong, kong, "12478m124578p12458s"]
    t = table(hands, draws="9m", tail=GOLD + "7s", ruleset=_load())
    left = t.state.wall.left
    act(t, 0, "concealed_kong", "5m")
    # the replacement (7s, from the tail) and two more tiles held back: 18 − 1 + 2
    assert t.state.wall.reserve == 19 and t.state.wall.left == left - 1 - 2
    assert t.state.drawn == T.tile("7s")
    act(t, 0, "discard", "7s")
    pass_windows(t)
    _discard_drawn_until_over(t)
    assert len(t.state.wall.remaining()) + len(t.state.turned) == 18 + 2


def test_an_exposed_kong_holds_one_more_tile_back():
    # seat 1 holds three 8p and kongs the dealer's 8p
    hands = [FILL, "1m4m7m8p8p8p1s4s7s2m5m8m2p5p3p2s", FILL, FILL]
    t = table(hands, draws="8p", tail=GOLD + "6s", ruleset=_load())
    left = t.state.wall.left
    act(t, 0, "discard", "8p")
    act(t, 1, "exposed_kong", "8p")
    pass_windows(t)
    assert t.state.wall.reserve == 18 and t.state.wall.left == left - 1 - 1



def test_an_added_kong_holds_one_more_tile_back_once_it_is_made():
    # seat 1 pungs the dealer's 8p, draws the fourth 8p and adds it: 18 held back, +1 for the
    # added kong = 19, counted as soon as the kong stands (before its replacement is drawn)
    s1 = "3m6m9m3m6m9m8p8p3p6p3p6p3s6s3s6s"
    t = table([FILL, s1, FILL, FILL], draws="8p9p9p9p8p", tail=GOLD + "6s", ruleset=_load())
    assert t.state.wall.reserve == 17               # 18 less the face-up gold
    act(t, 0, "discard", "8p")
    act(t, 1, "pung")
    pass_windows(t)
    act(t, 1, "discard", "3m")
    pass_windows(t)
    for seat in (2, 3, 0):
        act(t, seat, "discard", "9p")
        pass_windows(t)
    left = t.state.wall.left
    act(t, 1, "added_kong", "8p")
    pass_windows(t)                                 # nobody robs it
    assert t.state.drawn == T.tile("6s")            # the replacement, from the tail
    assert t.state.wall.reserve == 18 and t.state.wall.left == left - 1 - 1

# ---------------------------------------------------------------------------------------------- the last four
READY = "123m456m789m123p456p7p"          # five sets and 7p: waits on 7p


def _short_wall(tmp_path, base="fuzhou"):
    """A club holding 74 back, so five tiles are drawable after the dealer's first draw."""
    return _overlay(tmp_path, base, "options:\n  reserve: {base: 74, per_exposed_kong: 1, per_concealed_kong: 2, "
                                    "per_flower_set: 0}\n")


def test_the_last_four_are_drawn_one_each_and_a_completing_tile_wins_at_once(tmp_path):
    # after the dealer (2s) and seat 1 (5s) discard, 4 tiles are left: seat 2 draws 8m, seat 3 8p,
    # the dealer 7p, which completes his hand: he wins at once, self-drawn, with no action of his
    hands = [READY, FILL, FILL, "12457m12458p124578s"]
    t = table(hands, draws="2s5s8m8p7p6s", tail=GOLD, ruleset=_short_wall(tmp_path))
    assert t.state.wall.left == 5
    act(t, 0, "discard", "2s")
    pass_windows(t)
    act(t, 1, "discard", "5s")
    actions = len(t.state.actions)
    pass_windows(t)
    assert t.over and t.state.winners == [0]
    assert all(a.kind == "pass" for a in t.state.actions[actions:])     # the last four take no action
    assert t.state.seats[2].pool == [T.tile("8m")] and t.state.seats[3].pool == [T.tile("8p")]
    assert t.state.seats[2].discarded == t.state.seats[3].discarded == 0
    win = _events(t, "win")[0]
    assert win["seat"] == 0 and "from" not in win and win["situation"]["self_drawn"] is True
    assert win["situation"]["win_tile"] == "7p"
    assert t.state.wall.left == 1                   # 6s, seat 1's last-group tile, never drawn
    t.settle()


def test_the_last_four_bring_no_bonus_replacement_and_no_kong(tmp_path):
    # seat 2 draws 东 in the last four: set aside, nothing replaces it; nobody completes: a drawn hand
    hands = [READY, FILL, FILL, "12457m12458p124578s"]
    t = table(hands, draws="2s5s1z8p6s6s", tail=GOLD, ruleset=_short_wall(tmp_path))
    act(t, 0, "discard", "2s")
    pass_windows(t)
    act(t, 1, "discard", "5s")
    pass_windows(t)
    assert t.over and not t.state.winners and _events(t, "end") == [{"type": "end"}]
    assert t.state.seats[2].bonus == [T.tile("1z")]
    assert [t.state.seats[s].pool[-1] for s in (3, 0, 1)] == [T.tile("8p"), T.tile("6s"), T.tile("6s")]
    assert len(t.state.wall.remaining()) == 73      # the reserve, untouched


def test_a_kong_needs_a_replacement_beyond_the_last_group(tmp_path):
    kong = "12478m124578p12457s"
    hands = ["5555m1p4p7p1s4s7s2m8m2p3p8p6s", kong, kong, "12478m124578p12458s"]
    # 74 held back: after the dealer's first draw exactly the last four are left
    rules = _overlay(tmp_path, "fuzhou", "options:\n  reserve: {base: 75, per_exposed_kong: 1, "
                                         "per_concealed_kong: 2, per_flower_set: 0}\n")
    t = table(hands, draws="9m", tail=GOLD, ruleset=rules)
    assert t.state.wall.left == 4 and t.state.turn == 0
    assert not any(a.kind == "concealed_kong" for a in t.legal(0))
    with pytest.raises(IllegalActionError, match=r"only the last group is left \(4 tiles, options.last_group: 4\)"):
        act(t, 0, "concealed_kong", "5m")



@pytest.mark.parametrize("base, allowed", [(74, False), (72, True)])
def test_a_kong_holds_its_replacement_and_reserve_beyond_the_last_group(base, allowed, tmp_path):
    """The last four stay four: a concealed kong takes its replacement and holds two more back, so
    with 5 tiles left to draw (74 held back) it would leave 2 and is refused, naming the count;
    with 7 left (72 held back) it leaves exactly the four (7 − 1 − 2) and is allowed."""
    kong = "12478m124578p12457s"
    hands = ["5555m1p4p7p1s4s7s2m8m2p3p8p6s", kong, kong, "12478m124578p12458s"]
    rules = _overlay(tmp_path, "fuzhou", f"options:\n  reserve: {{base: {base}, per_exposed_kong: 1, "
                                         f"per_concealed_kong: 2, per_flower_set: 0}}\n")
    t = table(hands, draws="9m", tail=GOLD + "7s", ruleset=rules)
    left = 144 - 64 - 1 - base          # dealt, the dealer's 17th, held back (the face-up gold among them)
    assert t.state.wall.left == left
    assert any(a.kind == "concealed_kong" for a in t.legal(0)) is allowed
    if allowed:
        act(t, 0, "concealed_kong", "5m")
        assert t.state.drawn == T.tile("7s") and t.state.wall.left == 4 and t.state.wall.reserve == base - 1 + 2
    else:
        with pytest.raises(IllegalActionError, match=r"5 tiles are left to draw: a kong of 5m takes its "
                                                     r"replacement and holds 2 more back, leaving 2, fewer "
                                                     r"than the last group \(options.last_group: 4\)"):
            act(t, 0, "concealed_kong", "5m")

# ---------------------------------------------------------------------------------------------- the gold discard
# the dealer holds the gold beside five sets; after drawing 8s he lets the gold go and waits on 8s
GOLD_HAND = "123m456m789m123p456p9s"
GOLD_FILL = [GOLD_HAND, FILL, "12578m124578p12457s", "12578m124578p12457s"]


def test_a_gold_discard_is_refused_where_it_is_forbidden():
    t = table(GOLD_FILL, draws="8s", tail=GOLD, ruleset=_load())
    before = t.record()
    with pytest.raises(IllegalActionError, match=r"9s is wild and a wild is never discarded \(table.wilds.discard: "
                                                 r"false; options.gold_discard: forbidden\)"):
        act(t, 0, "discard", GOLD)
    assert t.record() == before


# the dealer lets the gold go, keeping 123m 456m 789m 123p 55p 67p: he waits on 5p and 8p; seat 2
# holds 8p8p, so seat 1's 8p opens a window (a pung) in which the dealer's win is refused
BARRED = ["123m456m789m123p55p6p9s", "12578m124578p12457s", "8p8p1m4m7m2m5m1s4s7s2s5s3m6m3s6s",
          "123578m1247p124578s"]


@pytest.mark.parametrize("rule, later", [("self_draw_only_rest_of_hand", False),
                                         ("self_draw_only_rest_of_round", True)])
def test_a_discarded_gold_bars_its_discarder_from_discard_wins(rule, later, tmp_path):
    rules = _overlay(tmp_path, "fuzhou-classic", f"options: {{gold_discard: {rule}}}\n")
    # draws: the dealer 7p, seat 1 8p, seats 2 and 3 4m, the dealer 3s, seat 1 5p
    t = table(BARRED, draws="7p8p4m4m3s5p", tail=GOLD, ruleset=rules)
    act(t, 0, "discard", GOLD)
    assert _events(t, "discard") == [{"type": "discard", "seat": 0, "tile": GOLD}]
    assert t.state.phase == "turn" and t.state.turn == 1        # nobody may claim a discarded gold
    act(t, 1, "discard", "8p")
    assert t.to_move() == (2,) and t.legal(0) == ()
    with pytest.raises(IllegalActionError, match=rf"seat 0 discarded the gold 9s and may win only by self-draw "
                                                 rf".*\(options.gold_discard: {rule}\)"):
        act(t, 0, "win")
    pass_windows(t)
    for seat in (2, 3):
        act(t, seat, "discard", "4m")
        pass_windows(t)
    act(t, 0, "discard", "3s")          # his next discard: the round's bar is lifted, the hand's is not
    pass_windows(t)
    act(t, 1, "discard", "5p")
    assert any(a.kind == "win" for a in t.legal(0)) is later
    lifted = [{"type": "discard", "seat": 0, "tile": "3s"}] if later else []
    assert _events(t, "discard") == [{"type": "discard", "seat": 0, "tile": GOLD}] + lifted
    if later:
        act(t, 0, "win")
        pass_windows(t)
        assert t.state.winners == [0]
        # B = 0 (no bonus tile, the gold let go, no kong); the classic 无花无杠 special 30; on a
        # discard S = B + 30 = 30, the discarder (seat 1) alone pays 2S = 60
        assert tuple(t.settle().deltas) == (60, -60, 0, 0)


# ---------------------------------------------------------------------------------------------- 金雀 priority
# the dealer lets 4p go: seat 1 wins on it as a single wait; seat 2 wins on it with 9s9s as the pair (金雀)
JINQUE = [FILL, "123m456m789m123s567s4p", "789p789s345m345s5p6p9s9s", FILL]


@pytest.mark.parametrize("priority, winner", [(True, 2), (False, 1)])
def test_a_jinque_claimant_beats_a_nearer_one_where_the_option_says_so(priority, winner, tmp_path):
    rules = _overlay(tmp_path, "fuzhou", f"options: {{jinque_claim_priority: {str(priority).lower()}}}\n")
    t = table(JINQUE, draws="6s", tail=GOLD, ruleset=rules)
    act(t, 0, "discard", "4p")
    _pass_opening(t)                    # seat 2 could take the face-up gold (抢金) first
    assert set(t.to_move()) >= {1, 2}
    act(t, 1, "win")
    act(t, 2, "win")
    pass_windows(t)
    assert t.over and t.state.winners == [winner]
    fans = {f.id for f in rules.score(_events(t, "win")[0]["situation"]).fans}
    assert ("jinque" in fans) is (winner == 2)



def test_a_jinque_robber_of_an_added_kong_beats_a_nearer_one_in_the_classic_line():
    # seat 1 pungs the dealer's 8p and later adds the fourth; seats 2 and 3 both rob it. Seat 3's
    # win is 金雀 (123m 456m 789m 345s 678p, the two golds 9s9s its pair), seat 2's a plain one; a
    # robbed added kong counts as the declarer's discard, so 金雀 priority (jinque_claim_priority,
    # on in fuzhou-classic) gives it to seat 3 over the nearer seat 2
    s1 = "8p8p1s1s2s2s4s4s5s5s3p3p6m6m6s6s"
    s2 = "123m456m789m123p67p99p"
    s3 = "9s9s123m456m789m345s67p"
    t = table([FILL, s1, s2, s3], draws="8p3s3s7s8p", tail=GOLD, ruleset=_load("fuzhou-classic"))
    act(t, 0, "discard", "8p")
    _pass_opening(t)
    for seat in list(t.to_move()):
        t.act({"type": "pung", "seat": seat} if seat == 1 else {"type": "pass", "seat": seat})
    act(t, 1, "discard", "6s")
    pass_windows(t)
    for seat in (2, 3, 0):
        act(t, seat, "discard", T.name(t.state.drawn))
        pass_windows(t)
    act(t, 1, "added_kong", "8p")
    assert set(t.to_move()) == {2, 3}
    for seat in (2, 3):
        act(t, seat, "win")
    win = _events(t, "win")[0]
    assert t.over and t.state.winners == [3] and win["situation"]["robbing_kong"] is True
    assert "jinque" in {f.id for f in t.ruleset.score(win["situation"]).fans}

# ---------------------------------------------------------------------------------------------- 三金倒
def test_the_dealer_drawing_his_third_gold_wins_at_once():
    hands = ["1m4m7m1p4p7p1s4s7s2m5m8m2p5p9s9s", FILL, FILL, FILL]
    t = table(hands, draws=GOLD, tail=GOLD, ruleset=_load())
    assert t.over and t.state.winners == [0] and t.state.actions == []
    win = _events(t, "win")[0]
    assert win["situation"]["self_drawn"] is True and win["situation"]["win_tile"] == GOLD
    fans = {f.id for f in _load().score(win["situation"]).fans}
    assert "sanjindao" in fans
    # B = 0 flowers + 3 golds = 3; S = 2 × 3 + 10 (三金倒) = 16 from each of the three others
    assert tuple(t.settle().deltas) == (48, -16, -16, -16)


def test_a_seat_drawing_its_third_gold_wins_at_once_in_play():
    hands = [FILL, "1m4m7m1p4p7p1s4s7s2m5m8m2p5p9s9s", FILL, FILL]
    t = table(hands, draws="6s" + GOLD, tail=GOLD, ruleset=_load())
    act(t, 0, "discard", "6s")
    pass_windows(t)
    assert t.over and t.state.winners == [1] and "from" not in _events(t, "win")[0]


# ---------------------------------------------------------------------------------------------- streaks
@pytest.mark.parametrize("name, after_draw", [("fuzhou", 3), ("fuzhou-classic", 2)])
def test_the_dealer_keeps_the_deal_and_draws_extend_the_streak_as_the_option_says(name, after_draw):
    flow = flow_of(_load(name))
    assert flow.keep_deal_on_win and flow.keep_deal_on_draw
    assert flow.next_streak(2, "dealer_win") == 3
    assert flow.next_streak(2, "draw") == after_draw            # draws_extend_streak: true / false


@pytest.mark.parametrize("name", ["fuzhou", "fuzhou-classic"])
def test_a_series_moves_the_deal_and_the_streak_by_the_rules(name):
    rules = _load(name)
    extend = rules.options["draws_extend_streak"]
    hands = list(play_series(rules, ["random"] * 4, seed=3, hands=8))
    for this, after in zip(hands, hands[1:]):
        dealer, streak = this.record["dealer"], this.record["dealer_streak"]
        if not this.winners:
            assert after.record["dealer"] == dealer and after.record["dealer_streak"] == streak + extend
        elif dealer in this.winners:
            assert after.record["dealer"] == dealer and after.record["dealer_streak"] == streak + 1
        else:
            assert after.record["dealer"] == (dealer + 1) % 4 and after.record["dealer_streak"] == 0


# ---------------------------------------------------------------------------------------------- 抢金
# the gold is 6p; seat 2 holds 6p beside five sets (the face-up 6p makes the pair), seat 1 holds
# 45p that the face-up 6p (read as itself) makes a set of
QJ_SINGLE = "123m456m789m123s789s6p"
QJ_RUN = "12345789p333m666s99s"


# the dealer's 17th tile: 3s, which nobody may claim from FILL, QJ_RUN or QJ_SINGLE
KANMEN = "3s"


def _qiangjin(hands, answers: dict, ruleset=None, first=KANMEN):
    """The dealer, dealt ``first`` as his 17th, lets it go (his first discard); the seats with 抢金
    answer."""
    t = table(hands, draws=first, tail="6p", ruleset=ruleset or _load())
    assert t.state.phase == "turn" and t.state.turn == 0
    act(t, 0, "discard", first)
    assert t.state.phase == "opening" and set(t.to_move()) == set(answers)
    for seat, choice in answers.items():
        assert {a.choice for a in t.legal(seat)} == {"take", "pass"}
        t.act({"type": "rob_gold", "seat": seat, "choice": choice})
    return t


@pytest.mark.parametrize("name", ["fuzhou", "fuzhou-classic"])
def test_three_golds_without_a_shape_are_no_qiangjin_but_santindao_on_the_next_draw(name):
    """Seat 2 is dealt the three playable golds (9s) beside tiles that form nothing: the face-up
    gold completes no winning shape, so 抢金 is not offered (it would have scored as 抢金 through
    三金倒's shapeless count); seat 2 wins 三金倒 at once on its first draw."""
    three = "9s9s9s124578m12457p1s3m"
    t = table([FILL, FILL, three, FILL], draws="3s6p6m", tail=GOLD, ruleset=_load(name))
    act(t, 0, "discard", "3s")
    assert t.state.phase != "opening"
    pass_windows(t)
    act(t, 1, "discard", "6p")
    pass_windows(t)
    assert t.over and t.state.winners == [2]
    win = _events(t, "win")[0]
    assert "extras" not in win["situation"] and win["situation"]["self_drawn"] is True
    fans = {f.id for f in t.ruleset.score(win["situation"]).fans}
    assert "qiangjin" not in fans


def test_qiangjin_is_asked_after_the_dealers_first_discard_not_before():
    t = table([FILL, QJ_RUN, QJ_SINGLE, FILL], draws=KANMEN, tail="6p", ruleset=_load())
    assert t.state.phase == "turn" and t.legal(1) == ()
    with pytest.raises(IllegalActionError, match=r"rob_gold is chosen only at its opening step \(after the "
                                                 r"dealer's first discard\)"):
        t.act({"type": "rob_gold", "seat": 1, "choice": "take"})


def test_qiangjin_goes_to_the_nearest_non_dealer_after_the_dealer(tmp_path):
    t = _qiangjin([FILL, QJ_RUN, QJ_SINGLE, FILL], {1: "take", 2: "take"})
    assert t.over and t.state.winners == [1] and t.observe(0).turned == ()
    assert t.state.seats[0].pool == [T.tile(KANMEN)]        # the dealer's first discard, never claimed
    win = _events(t, "win")[0]
    assert win == {"type": "win", "seat": 1, "situation": {
        "hand": "333m12345789p66699s", "win_tile": "6p", "self_drawn": True, "seat_wind": "S",
        "round_wind": "E", "dealer": False, "wilds": "6p", "first_turn": True, "extras": {"robbing_gold": True}}}
    # B = 0 (no bonus tile, no gold held: the face-up gold scores nothing); S = 2 × 0 + 20 (抢金)
    assert tuple(t.settle().deltas) == (-20, 60, -20, -20)
    _settles_through_the_cli(t, tmp_path)


def test_qiangjin_passed_by_one_goes_to_the_other_and_a_non_dealer_beats_the_dealer():
    t = _qiangjin([FILL, QJ_RUN, QJ_SINGLE, FILL], {1: "pass", 2: "take"})
    assert t.state.winners == [2]
    # B = 1 (the 6p held is a gold); S = 2 × 1 + 20 = 22 from each of the three others
    assert tuple(t.settle().deltas) == (-22, -22, 66, -22)
    # the dealer (QJ_RUN and 1s) lets 1s go and could take the gold; seat 3 takes it first
    t = _qiangjin([QJ_RUN, FILL, FILL, QJ_SINGLE], {0: "take", 3: "take"}, first="1s")
    assert t.state.winners == [3]


def test_the_dealer_lets_one_tile_go_and_takes_the_gold(tmp_path):
    # the dealer holds QJ_RUN and 1s (no win: 6p is missing); he lets 1s go as his first discard
    # and the face-up 6p completes his 16 tiles: 抢金, never 天胡
    rules = _load()
    t = table([QJ_RUN, FILL, FILL, FILL], draws="1s", tail="6p", ruleset=rules)
    assert "win" not in {a.kind for a in t.legal(0)}
    act(t, 0, "discard", "1s")
    assert t.to_move() == (0,)
    t.act({"type": "rob_gold", "seat": 0, "choice": "take"})
    assert t.over and t.state.winners == [0]
    win = _events(t, "win")[0]
    assert win["situation"] == {
        "hand": "333m12345789p66699s", "win_tile": "6p", "self_drawn": True, "seat_wind": "E",
        "round_wind": "E", "dealer": True, "wilds": "6p", "extras": {"robbing_gold": True}}
    fans = {f.id for f in rules.score(win["situation"]).fans}
    assert "qiangjin" in fans and "tianhu" not in fans
    # B = 0 (no bonus tile; the face-up gold taken scores nothing), streak 0; S = 2 × 0 + 20 (抢金)
    # from each of the three others
    assert tuple(t.settle().deltas) == (60, -20, -20, -20)
    _settles_through_the_cli(t, tmp_path)


def test_tianhu_comes_before_a_qiangjin_another_seat_could_take(tmp_path):
    # the dealer holds five sets, the gold 6p and 5s (his 17th): the gold pairs the 5s, 天胡; seat 1
    # (QJ_RUN) could take the face-up gold, but the dealer wins before his first discard
    rules = _load()
    t = table([QJ_SINGLE, QJ_RUN, FILL, FILL], draws="5s", tail="6p", ruleset=rules)
    assert A_WIN in t.legal(0)
    act(t, 0, "win")
    assert t.over and t.state.winners == [0] and t.observe(1).turned == (T.tile("6p"),)
    assert [e["type"] for e in t.record()["events"]] == ["wild", "win"]
    win = _events(t, "win")[0]["situation"]
    assert win["dealer"] and win["first_turn"] and win["self_drawn"] and win["win_tile"] == "5s"
    fans = {f.id for f in rules.score(win).fans}
    assert "tianhu" in fans and "qiangjin" not in fans
    # B = 0 bonus tiles + 1 gold (the 6p held) = 1; self-drawn: S = 2 × 1 + 40 (天胡) = 42 from each
    # of the three others
    assert tuple(t.settle().deltas) == (126, -42, -42, -42)
    _settles_through_the_cli(t, tmp_path)


def test_qiangjin_passed_by_all_leaves_the_gold_face_up_and_the_discard_goes_on():
    t = _qiangjin([FILL, QJ_RUN, FILL, FILL], {1: "pass"})
    # nobody may claim 3s: seat 1 draws
    assert not t.over and t.state.phase == "turn" and t.state.turn == 1
    assert t.observe(1).turned == (T.tile("6p"),) and _events(t, "win") == []


def test_a_claim_window_on_the_dealers_first_discard_opens_after_qiangjin_is_passed():
    # seat 3 holds 3s3s: once seat 1 lets the gold lie, it may pung the dealer's 3s
    t = _qiangjin([FILL, QJ_RUN, FILL, "3s3s124578m12457p147s"], {1: "pass"})
    assert t.state.phase == "claim" and t.to_move() == (3,)
    act(t, 3, "pung")
    assert t.state.turn == 3 and t.observe(0).turned == (T.tile("6p"),)


def test_the_greedy_bot_takes_the_gold():
    rules = _load()
    t = table([FILL, QJ_RUN, FILL, FILL], draws=KANMEN, tail="6p", ruleset=rules)
    act(t, 0, "discard", KANMEN)
    bot = make_bot("greedy", rules, 0, 0, 1)
    t.act(bot.act(t.observe(1), t.legal(1)))
    assert t.state.winners == [1]
