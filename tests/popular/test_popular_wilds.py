"""Wild tiles: the engine's best reading equals brute-force substitution.

For a random winning hand with 1–4 wilds, every wild is replaced by every tile kind (keeping at
most four copies of a kind, the wild won on being any of the values), each substituted hand is
scored as a wild-free hand, and the best total must equal the engine's total for the hand with
wilds.

Every shape takes part, Guobiao's knitted shapes (全不靠 / 七星不靠 / 组合龙) and 九莲宝灯
included: the random hands mix in those forms too.

The one fan that only exists with wilds held, 四混 (four wilds), is added to each
substituted reading by its own rule (32 unless the other fans of that reading exceed 32), which
also pins that its drop is decided reading by reading.
"""
from __future__ import annotations

import random
from collections import Counter
from itertools import combinations_with_replacement

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import mahjong_core
from mahjong_core import MahjongError
from mahjong_core.engine import tiles as T
from mahjong_core.engine.waits import suit_complete

import handgen
from wildgen import FORMS, wildify
from testpaths import POPULAR_DATA, RULESETS as RULESETS_DIR

CASES = POPULAR_DATA
KNITTED = [(a, b, c) for a in range(3) for b in range(3) for c in range(3) if len({a, b, c}) == 3]
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def _ruleset(name: str):
    if name == "popular" and not (RULESETS_DIR / "guobiao.yaml").is_file():
        pytest.skip("needs the guobiao ruleset (rulesets/guobiao.yaml), not yet in this checkout")
    if name == "unit":
        return mahjong_core.load_ruleset(str(CASES / "popular_unit.yaml"))
    return mahjong_core.load_ruleset(name)


# ------------------------------------------------------------------ brute force

def _maybe_complete(counts: list[int], sets_needed: int, concealed: bool) -> bool:
    """A quick filter (no wilds): could these standing tiles + winning tile form a hand?"""
    total = sum(counts)
    pairs = 0
    ok = True
    for lo, hi, numbered in ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False)):
        key = tuple(counts[lo:hi])
        size = sum(key)
        if size % 3 == 1 or not suit_complete(key, numbered):
            ok = False
            break
        pairs += size % 3 == 2
    if ok and pairs == 1 and total == 3 * sets_needed + 2:
        return True
    if total == 3 * sets_needed + 2 and sets_needed >= 3:     # at most one meld
        for perm in KNITTED:                             # knitted straight + one set or meld, a pair
            if all(counts[9 * s + r] for s, rs in enumerate(perm) for r in range(rs, 9, 3)):
                return True
    if not concealed or total != 14:
        return False
    if all(c in (0, 2, 4) for c in counts):
        return True                                      # seven pairs
    if all(counts[t] for t in ORPHANS) and sum(counts[t] for t in ORPHANS) == 14:
        return True                                      # thirteen orphans
    if max(counts) == 1:
        return True                                      # honours and knitted: let the engine say
    return False


def _four_wilds_rule(rules):
    for r in rules.fan_rules:
        if r.check == "popular.four_wilds":
            return r.points, r.dropped_above
    return None


def brute_best(rules, situation: dict) -> int | None:
    """Best total over every substitution of the wilds, each scored as a wild-free hand."""
    wild = T.tile(situation["wilds"])
    standing = list(T.parse_tiles(situation["hand"]))
    win = T.tile(situation["win_tile"])
    natural = [t for t in standing if t != wild]
    n_hand = len(standing) - len(natural)
    win_wild = win == wild
    melds = situation.get("melds", [])
    meld_counts = Counter(t for m in melds for t in T.parse_tiles(m["tiles"]))
    sets_needed = 4 - len(melds)
    concealed = not melds
    base = [0] * 34
    for t in natural:
        base[t] += 1
    if not win_wild:
        base[win] += 1
    n = n_hand + win_wild
    four = _four_wilds_rule(rules) if n == 4 else None
    plain = {k: v for k, v in situation.items() if k != "wilds"}
    best = None
    for combo in combinations_with_replacement(range(34), n):
        counts = list(base)
        for t in combo:
            counts[t] += 1
        if any(counts[t] + meld_counts[t] > 4 for t in combo):
            continue
        if not _maybe_complete(counts, sets_needed, concealed):
            continue
        win_choices = sorted(set(combo)) if win_wild else [win]
        for w in win_choices:
            values = list(combo)
            if win_wild:
                values.remove(w)
            sub = dict(plain, hand=T.format_tiles(natural + values), win_tile=T.name(w))
            totals = [c.total for c in rules.candidates(sub)]
            if four is not None:             # 四混, decided reading by reading
                totals = [t + four[0] if t <= four[1] else t for t in totals]
            if totals:
                best = max(totals) if best is None else max(best, *totals)
    return best


# ------------------------------------------------------------------ the property

def random_wild_situation(rng: random.Random, k: int, forms=FORMS) -> dict:
    while True:
        form = rng.choices([f for f, _ in forms], [w for _, w in forms])[0]
        sit = wildify(handgen.random_situation(rng, form), rng, k)
        if sit is not None:
            return sit


SHAPE_OF_FORM = {"knitted_straight": "knitted_straight", "honors_knitted": "honors_and_knitted",
                 "nine_gates": "nine_gates"}


def _check(rules, seed: int, k: int) -> None:
    rng = random.Random(seed)
    shapes = {shape.id for shape, _, _ in rules.shapes}
    forms = tuple((f, w) for f, w in FORMS if SHAPE_OF_FORM.get(f, "standard") in shapes)
    sit = random_wild_situation(rng, k, forms)
    engine = rules.score(sit, enforce_minimum=False).total
    expected = brute_best(rules, sit)
    assert expected is not None, f"no substitution wins: {sit}"
    assert engine == expected, f"engine {engine} != brute force {expected} for {sit}"


@pytest.mark.parametrize("name", ["unit", "popular"])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 32 - 1), k=st.integers(1, 4))
def test_best_wild_assignment_equals_brute_force(name, seed, k):
    _check(_ruleset(name), seed, k)


@pytest.fixture(scope="module")
def discarded_wild_club(tmp_path_factory):
    """`popular` with the house rule that a discarded wild may be claimed to win."""
    path = tmp_path_factory.mktemp("club") / "club.yaml"
    path.write_text("extends: popular\noptions: {win_on_discarded_wild: true}\n", encoding="utf-8")
    return mahjong_core.load_ruleset(str(path))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 32 - 1), k=st.integers(1, 4))
def test_win_on_a_discarded_wild_equals_brute_force(discarded_wild_club, seed, k):
    """A claimed wild completes whatever it stands for: its pung then counts as melded for the
    concealed-pung fans, for each value it may take."""
    rng = random.Random(seed)
    while True:
        sit = random_wild_situation(rng, k)
        if sit["win_tile"] == sit["wilds"]:
            break
        standing = list(T.parse_tiles(sit["hand"]))     # make the winning tile one of the wilds
        spot = next((i for i, t in enumerate(standing) if T.name(t) == sit["wilds"]), None)
        if spot is not None:
            standing[spot], win = T.tile(sit["win_tile"]), sit["wilds"]
            sit = dict(sit, hand=T.format_tiles(standing), win_tile=win)
            break
    sit = {key: v for key, v in sit.items() if key != "after_kong"}    # a kong replacement is drawn
    sit["self_drawn"] = False
    engine = discarded_wild_club.score(sit, enforce_minimum=False).total
    assert engine == brute_best(discarded_wild_club, sit), sit


def test_a_discarded_wild_is_refused_without_the_house_rule():
    sit = {"hand": "123m456p789s1122z", "win_tile": "5m", "wilds": "5m"}
    with pytest.raises(MahjongError) as info:
        mahjong_core.load_ruleset("popular").score(sit)
    assert info.value.code == "invalid_situation" and "win_on_discarded_wild" in info.value.message


@pytest.mark.slow
@pytest.mark.parametrize("name", ["popular"])
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 32 - 1), k=st.integers(1, 4))
def test_best_wild_assignment_equals_brute_force_long(name, seed, k):
    _check(_ruleset(name), seed, k)


@pytest.mark.parametrize("sit, shape, least", [
    # 七星不靠: 147m 25p 36s + 123456z and a self-drawn wild 9m standing for 7z
    ({"hand": "147m25p36s123456z", "win_tile": "9m", "wilds": "9m", "self_drawn": True},
     "honors_and_knitted", 24),
    # 组合龙 + 555z + 11z, the drawn wild 9m standing for 9s of the knitted body
    ({"hand": "147m258p36s55511z", "win_tile": "9m", "wilds": "9m", "self_drawn": True},
     "knitted_straight", 12),
    # 九莲宝灯: 1112345678999m, the drawn wild 9p standing for the ninth gate
    ({"hand": "1112345678999m", "win_tile": "9p", "wilds": "9p", "self_drawn": True}, "nine_gates", 88),
])
def test_wilds_complete_the_knitted_and_nine_gates_shapes(sit, shape, least):
    rules = _ruleset("popular")
    result = rules.score(sit, enforce_minimum=False)
    assert result.decomposition.shape == shape
    assert result.total >= least
    assert result.total == brute_best(rules, sit)


def test_wildify_keeps_the_hand_winning():
    rules = _ruleset("unit")
    rng = random.Random(7)
    for k in (1, 2, 3, 4):
        sit = random_wild_situation(rng, k)
        held = T.parse_tiles(sit["hand"]).count(T.tile(sit["wilds"])) + (sit["win_tile"] == sit["wilds"])
        assert held == k
        rules.score(sit, enforce_minimum=False)            # must not raise NotWinningError
