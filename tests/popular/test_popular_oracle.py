"""With no wilds and no extra conditions, `popular` scores every hand of the Guobiao oracle corpus
exactly as `guobiao` does, plus only the popular fans that apply to it.

Allowed differences: 花牌 is 2 points once (any flower) instead of 1 per flower; the pair fans
二五八将 / 幺九头 and the mixed-suit fans 混三步 / 混四步 / 混三节 / 混四节 / 混龙 and 四方大发财
may be added — each is then checked against its own definition on the reported decomposition;
and 无混 2 is added when a wild kind is named that the hand does not hold.
"""
from __future__ import annotations

import json

import pytest

import mahjong_core
from mahjong_core.engine import tiles as T

from testpaths import ORACLE, RULESETS


PATTERN_FANS = {"pair_258", "terminal_pair", "mixed_three_shifted_chows", "mixed_four_shifted_chows",
                "mixed_three_shifted_pungs", "mixed_four_shifted_pungs", "mixed_dragon",
                "four_winds_green_pair"}


def _corpus():
    with ORACLE.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


@pytest.fixture(scope="module")
def pair():
    if not (RULESETS / "guobiao.yaml").is_file():
        pytest.skip("needs the guobiao ruleset")
    return mahjong_core.load_ruleset("guobiao"), mahjong_core.load_ruleset("popular")


def _fans(result):
    return {f.id: (f.points, f.count) for f in result.fans}


def _pattern_ok(fid: str, result) -> bool:
    """Independent restatement of the pattern fans on the reported groups."""
    groups = result.decomposition.groups
    pairs = [g for g in groups if g.kind == "pair"]
    chows = sorted((g.tile // 9, g.tile % 9) for g in groups if g.kind == "chow")
    pungs = sorted((g.tile // 9, g.tile % 9) for g in groups if g.kind in ("pung", "kong") and g.tile < 27)
    if fid == "pair_258":
        return len(pairs) == 1 and pairs[0].tile < 27 and T.rank(pairs[0].tile) in (2, 5, 8)
    if fid == "terminal_pair":
        return len(pairs) == 1 and pairs[0].tile < 27 and T.rank(pairs[0].tile) in (1, 9)
    if fid == "four_winds_green_pair":
        return len(pairs) == 1 and pairs[0].tile == 32
    if fid == "mixed_dragon":
        return any(len({s1, s2, s3}) == 2 for s1, r1 in chows for s2, r2 in chows for s3, r3 in chows
                   if (r1, r2, r3) == (0, 3, 6))
    sets = chows if "chows" in fid else pungs
    n = 4 if "four" in fid else 3
    want = 3 if n == 4 else 2
    for start in range(9):
        picks = [[s for s, r in sets if r == start + i] for i in range(n)]
        if all(picks):
            from itertools import product
            if any(len(set(p)) == want for p in product(*picks)):
                return True
    return False


def _compare(g, p) -> list[str]:
    """Popular's reading = Guobiao's reading of the same decomposition + popular fans that apply."""
    gf, pf = _fans(g), _fans(p)
    flowers = gf.pop("flower_tiles", None)
    pflowers = pf.pop("flower_tiles", None)
    problems = []
    flower_points = 2 if pflowers else 0
    if flowers is not None and flowers[1] == 8:
        # eight flowers are both sets: 四君子 twice, which excludes 花牌 (and 季花)
        if pf.pop("four_gentlemen", None) != (24, 2) or pflowers is not None:
            problems.append(f"eight flowers {flowers} -> {pflowers}, no 四君子 ×2")
        pflowers, flower_points = (2, 1), 48
    if (flowers is None) != (pflowers is None) or (pflowers is not None and pflowers != (2, 1)):
        problems.append(f"flowers {flowers} -> {pflowers}")
    extra = {k: v for k, v in pf.items() if k not in gf}
    for k in extra:
        if k not in PATTERN_FANS or not _pattern_ok(k, p):
            problems.append(f"unexpected {k}")
    changed = {k: v for k, v in gf.items() if pf.get(k) != v}
    if changed:
        problems.append(f"guobiao fans changed: {changed} -> { {k: pf.get(k) for k in changed} }")
    expected = g.total - (flowers[1] if flowers else 0) + flower_points + sum(
        pts * n for pts, n in extra.values())
    if expected != p.total:
        problems.append(f"totals {g.total} -> {p.total}")
    return problems


def test_popular_equals_guobiao_plus_popular_fans(pair):
    """Reading by reading (the same decompositions, in the same order), then the chosen one."""
    guobiao, popular = pair
    mismatches = []
    for case in _corpus():
        sit = case["situation"]
        gc, pc = guobiao.candidates(sit), popular.candidates(sit)
        assert [c.decomposition for c in gc] == [c.decomposition for c in pc]
        for g, p in zip(gc, pc):
            problems = _compare(g, p)
            if problems:
                mismatches.append((case["id"], g.decomposition.labels(), problems))
        best = popular.score(sit, enforce_minimum=False)
        assert best.total == max(c.total for c in pc)
    assert not mismatches, f"{len(mismatches)} readings differ, first: {mismatches[:5]}"


def test_no_wilds_added_when_a_wild_kind_is_named(pair):
    guobiao, popular = pair
    checked = 0
    for case in _corpus()[:500]:
        sit = case["situation"]
        held = set(T.parse_tiles(sit["hand"])) | {T.tile(sit["win_tile"])}
        for m in sit.get("melds", []):
            held |= set(T.parse_tiles(m["tiles"]))
        free = [t for t in range(34) if t not in held]
        plain = popular.score(sit, enforce_minimum=False)
        with_kind = popular.score(dict(sit, wilds=T.name(free[0])), enforce_minimum=False)
        assert _fans(with_kind) == dict(_fans(plain), no_wilds=(2, 1)), case["id"]
        assert with_kind.total == plain.total + 2
        checked += 1
    assert checked == 500
