"""settle_hand over random hands of every profile: zero-sum, deterministic, and the same deltas
whatever order the winners of one discard are listed in."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from mahjong_guangdong import settle as S
from mahjong_guangdong.bills import Win
from mahjong_guangdong.kongs import Kong
from mahjong_guangdong.options import DEFAULTS

from test_guangdong_bills import deltas

SEATS = 4


@st.composite
def hands(draw):
    rule = draw(st.sampled_from(sorted(DEFAULTS)))
    dealer = draw(st.integers(0, SEATS - 1))
    kongs = []
    for _ in range(draw(st.integers(0, 4))):
        seat = draw(st.integers(0, SEATS - 1))
        kind = draw(st.sampled_from(("exposed", "added", "concealed")))
        source = draw(st.sampled_from([s for s in range(SEATS) if s != seat])) if kind == "exposed" else None
        kongs.append(Kong(seat, kind, source, draw(st.booleans()) and bool(kongs) and kongs[-1].seat == seat))
    method = draw(st.sampled_from(("none", "self_drawn", "discard", "robbing_kong")))
    winners = []
    horse = st.lists(st.integers(0, 33), max_size=8).map(tuple)
    if method == "self_drawn":
        seat = draw(st.integers(0, SEATS - 1))
        own = sum(1 for k in kongs if k.seat == seat)
        win = Win(seat, draw(st.integers(1, 64)), after_kong=draw(st.integers(0, own)),
                  claim_liable=draw(st.one_of(st.none(), st.integers(0, SEATS - 1))), melds=draw(st.integers(0, 4)))
        winners.append(S.Winner(win, draw(horse), draw(st.integers(0, 4))))
    elif method != "none":
        source = draw(st.integers(0, SEATS - 1))
        if method == "robbing_kong":
            kongs.append(Kong(source, "added", robbed=True))
        seats = draw(st.lists(st.sampled_from([s for s in range(SEATS) if s != source]), min_size=1,
                              max_size=3, unique=True))
        winners = [S.Winner(Win(s, draw(st.integers(1, 64)), method, source), draw(horse)) for s in seats]
    return rule, dealer, kongs, winners, draw(st.booleans()), draw(st.integers(0, 3))


@settings(max_examples=300, deadline=None)
@given(hands())
def test_settle_hand_is_zero_sum_deterministic_and_winner_order_free(hand):
    rule, dealer, kongs, winners, followed, streak = hand
    opts = dict(DEFAULTS[rule], dealer_streak_bonus=1, horse_follows_kong=True)

    def run(ws):
        return S.settle_hand(rule, kong_list=kongs, winners=ws, options=opts, dealer=dealer,
                             dealer_streak=streak, followed=followed)
    first = run(winners)
    assert sum(deltas(first)) == 0
    assert run(winners) == first
    assert deltas(run(list(reversed(winners)))) == deltas(first)
