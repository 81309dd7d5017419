"""The core model from a plugin's side: tests/support/table_plugin.py (one import, mahjong_core.plugin)
and tests/data/gold-16.yaml, a 16-tile ruleset with honours as bonus tiles, a gold wild whose
face-up copy is not wild (抢金 a declared field), a minimum per win method, fans in points,
doublings and a bonus, and a highest-of tier, scoring hand-worked hands and settling
hand-worked records through the plugin's Replayer subclass.

value = (base 0 + Σpoints) × 2^Σdoublings + Σbonus; the gold is 5p (or 9s) in every hand below."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

import table_plugin
from testpaths import DATA
from mahjong_core.engine.registry import Engine
from mahjong_core.engine.errors import MahjongError

RULES = DATA / "gold-16.yaml"
PLAIN = "123456789m123456p7s"          # 123m 456m 789m 123p 456p + 7s, waiting on 7s (no gold held)
ONE_GOLD = "123456789m12p45s77s5p"     # 12p + gold (3p), 45s + 6s, 77s
TWO_GOLDS = "123456789m12p4s77s5p5p"   # 12p + gold (3p), 4s + gold (5s) + 6s, 77s
THREE_GOLDS = "123456789m1p4s77s5p5p5p"    # 1p + 2 golds (23p), 4s + gold (5s) + 6s, 77s
ROB = "123456789m123p77s5p5p"          # 123m 456m 789m 123p 77s + two golds, waiting on 5p


@pytest.fixture(scope="module")
def engine():
    engine = Engine(plugins=[table_plugin], entry_points=False)
    assert engine.failures == {}
    return engine


@pytest.fixture(scope="module")
def rules(engine):
    return engine.load_ruleset(RULES)


def test_the_plugin_imports_only_the_plugin_interface():
    tree = ast.parse(Path(table_plugin.__file__).read_text(encoding="utf-8"))
    modules = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module != "__future__"}
    modules |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert modules == {"mahjong_core.plugin"}


def test_the_ruleset_has_every_part(rules):
    table = rules.table
    assert table.hand_size == 16 and all(table.bonus[t] == 4 for t in range(27, 34))
    assert (table.wilds.copies, table.wilds.face_up, table.wilds.indicator) == (3, "robbing_gold", "same")
    assert [f.name for f in table.extras] == ["robbing_gold"]
    assert (rules.minimum_of("self_drawn"), rules.minimum_of("discard")) == (0, 2)
    units = {r.id: r.unit for r in rules.fan_rules}
    assert (units["robbing_gold"], units["no_gold"], units["self_drawn"]) == ("bonus", "doublings", "points")


def _fans(result) -> dict:
    return {f.id: (f.points, f.count, f.unit) for f in result.fans}


def test_no_gold_self_drawn_with_bonus_tiles(rules):
    # one reading: 123m 456m 789m 123p 456p 77s. Bonus tiles 1z 1z 5z 1f: 4.
    # points: 自摸 1 + 花 4 (per bonus tile) = 5; doublings: 无金 1 (the gold 9s is set, none held)
    # value = (0 + 5) × 2^1 + 0 = 10; total = 1 + 4 + 1 = 6
    result = rules.score({"hand": PLAIN, "win_tile": "7s", "self_drawn": True, "wilds": "9s",
                          "flowers": "1z1z5z1f"})
    assert _fans(result) == {"self_drawn": (1, 1, "points"), "bonus_tiles": (1, 4, "points"),
                             "no_gold": (1, 1, "doublings")}
    assert (result.total, result.value) == (6, 10)


def test_no_gold_on_a_discard_keeps_the_plain_win(rules):
    # the same hand won on a discard: no point fan, so the fallback 平胡 1 stays (无金 says
    # rules_out_fallback: false). points 1, doublings 1: value = 1 × 2 = 2; toward the minimum
    # 1 + 1 = 2, the discard minimum.
    result = rules.score({"hand": PLAIN, "win_tile": "7s", "wilds": "9s"})
    assert _fans(result) == {"plain_win": (1, 1, "points"), "no_gold": (1, 1, "doublings")}
    assert (result.total, result.value) == (2, 2)


def test_the_minimum_is_per_win_method(rules):
    # one gold held: 平胡 1 only (no gold fan fires) — 1 toward the minimum: below 2 on a
    # discard; self-drawn, 自摸 1 against a minimum of 0: value 1 × 2^0 = 1.
    with pytest.raises(MahjongError) as info:
        rules.score({"hand": ONE_GOLD, "win_tile": "6s", "wilds": "5p"})
    assert info.value.code == "below_minimum" and "for a win by discard (scoring.minimum.discard)" in \
        info.value.message
    result = rules.score({"hand": ONE_GOLD, "win_tile": "6s", "wilds": "5p", "self_drawn": True})
    assert _fans(result) == {"self_drawn": (1, 1, "points")}
    assert (result.total, result.value) == (1, 1)


def test_two_golds_double_a_discard_win(rules):
    # golds read as 3p and 5s: 平胡 1 point, 双金 1 doubling → value = 1 × 2 = 2, total 2.
    result = rules.score({"hand": TWO_GOLDS, "win_tile": "6s", "wilds": "5p"})
    assert _fans(result) == {"plain_win": (1, 1, "points"), "two_golds": (1, 1, "doublings")}
    assert (result.total, result.value) == (2, 2)


def test_the_gold_tier_counts_only_the_highest(rules):
    # three golds held: 双金 (≥ 2, 1 doubling) and 三金 (≥ 3, 2 doublings) both fire; the tier
    # golds keeps 三金 only. points: 自摸 1; doublings 2 → value = 1 × 2^2 = 4; total = 1 + 2 = 3.
    result = rules.score({"hand": THREE_GOLDS, "win_tile": "6s", "wilds": "5p", "self_drawn": True})
    assert _fans(result) == {"self_drawn": (1, 1, "points"), "three_golds": (2, 1, "doublings")}
    assert (result.total, result.value) == (3, 4)
    assert dict(result.excluded) == {"two_golds": ("three_golds",)}


def test_a_wild_winning_tile_is_a_gold_held(rules):
    # won on a drawn 5p, which is a gold: 2 in the hand + the winning tile = 3 golds held:
    # 自摸 1 point, 三金 2 doublings → value 1 × 4 = 4.
    result = rules.score({"hand": ROB, "win_tile": "5p", "wilds": "5p", "self_drawn": True})
    assert _fans(result) == {"self_drawn": (1, 1, "points"), "three_golds": (2, 1, "doublings")}
    assert result.value == 4


def test_robbing_the_gold_reads_the_face_up_copy_as_itself(rules):
    # 抢金: the winning 5p is the face-up copy, read as a plain 5p (555p with the two golds) and
    # not counted among the golds: 2 held → 双金. points 自摸 1; doublings 1; bonus 抢金 10:
    # value = 1 × 2^1 + 10 = 12; total = 1 + 1 + 10 = 12.
    result = rules.score({"hand": ROB, "win_tile": "5p", "wilds": "5p", "self_drawn": True, "first_turn": True,
                          "extras": {"robbing_gold": True}})
    assert _fans(result) == {"self_drawn": (1, 1, "points"), "two_golds": (1, 1, "doublings"),
                             "robbing_gold": (10, 1, "bonus")}
    assert (result.total, result.value) == (12, 12)
    assert result.to_dict()["fans"][0] == {"id": "robbing_gold", "zh": "抢金", "en": "Robbing the Gold",
                                           "points": 10, "count": 1, "unit": "bonus"}


def test_the_face_up_copy_is_the_fourth_5p(rules):
    # three golds in the hand + the face-up 5p taken = four 5p: allowed (the face-up one is not
    # wild); three golds and a fourth 5p drawn as a gold is one copy too many.
    hand = "123456789m123p7s5p5p5p"
    assert rules.score({"hand": hand, "win_tile": "5p", "wilds": "5p", "self_drawn": True, "first_turn": True,
                        "extras": {"robbing_gold": True}}).ok
    with pytest.raises(MahjongError) as info:
        rules.score({"hand": hand, "win_tile": "5p", "wilds": "5p", "self_drawn": True})
    assert info.value.code == "too_many_copies"


# ---------------------------------------------------------------- settling through GoldHand

def _record(*events, dealer=0, streak=0):
    return {"seats": 4, "dealer": dealer, "dealer_streak": streak, "events": list(events)}


WILD = {"type": "wild", "indicator": "5p"}          # indicator: same — the turned 5p's kind is the gold


def test_a_record_settled_by_hand(rules):
    # kong: seat 2's concealed 9s, 2 stakes from each other seat: 0, 1, 3 pay 2 each (+6).
    # bet: seat 3 pays seat 2 2 stakes.
    # win: seat 1 on the dealer's (seat 0) discard, two golds (the record's wild fills the
    # situation's 'wilds'): value 2 (test_two_golds_double_a_discard_win); the dealer pays, so
    # 连庄 adds dealer_streak 1: 1 × (2 + 1) = 3.
    # deltas: seat 0 −2 −3 = −5; seat 1 −2 +3 = +1; seat 2 +6 +2 = +8; seat 3 −2 −2 = −4.
    record = _record(WILD, {"type": "kong", "seat": 2, "kind": "concealed", "tile": "9s"},
                     {"type": "bet", "seat": 3, "to": 2, "stakes": 2},
                     {"type": "win", "seat": 1, "from": 0, "situation": {"hand": TWO_GOLDS, "win_tile": "6s"}},
                     streak=1)
    out = rules.settle(record).to_dict()
    assert out["deltas"] == [-5, 1, 8, -4]
    assert [(p["from"], p["to"], p["amount"], p["reason"]) for p in out["payments"]] == [
        (0, 2, 2, "concealed kong 9s"), (1, 2, 2, "concealed kong 9s"), (3, 2, 2, "concealed kong 9s"),
        (3, 2, 2, "side bet"), (0, 1, 3, "win: 2 × 1 + 连庄 1 × 1")]


def test_a_dealer_self_draw_with_a_streak_and_a_stake(engine, tmp_path):
    # stake 2, dealer_streak 2; the dealer (seat 0) self-draws three golds: value 4
    # (test_the_gold_tier_counts_only_the_highest). Each other seat pays 2 × (4 + 2) = 12.
    path = tmp_path / "stake.yaml"
    path.write_text(f"extends: {RULES}\nsettlement: {{params: {{stake: 2}}}}\n", encoding="utf-8")
    rules = engine.load_ruleset(path)
    record = _record(WILD, {"type": "win", "seat": 0, "situation": {"hand": THREE_GOLDS, "win_tile": "6s"}},
                     streak=2)
    assert rules.settle(record).to_dict()["deltas"] == [36, -12, -12, -12]


@pytest.mark.parametrize("events, message", [
    ([WILD, {"type": "win", "seat": 1, "from": 0, "situation": {"hand": TWO_GOLDS, "win_tile": "6s", "wilds": "9s"}}],
     "events[1] (win): situation wilds '9s' disagree with the record's wild 5p"),
    ([WILD, {"type": "win", "seat": 1, "from": 0, "situation": {"hand": TWO_GOLDS, "win_tile": "6s"}},
      {"type": "bet", "seat": 3, "to": 2, "stakes": 1}],
     "events[2] (bet): the hand is already over (seat 1 won at events[1] (win))"),
    ([WILD, {"type": "bet", "seat": 3, "to": 2}], "events[1] (bet): field 'stakes' is missing"),
    ([WILD, {"type": "win", "seat": 1, "from": 0, "situation": {"hand": ONE_GOLD, "win_tile": "6s"}}],
     "events[1] (win) seat 1: 1 point, below the minimum of 2 for a win by discard"),
])
def test_a_record_that_cannot_settle_names_its_event(rules, events, message):
    with pytest.raises(MahjongError) as info:
        rules.settle(_record(*events))
    assert info.value.message.startswith(message)
