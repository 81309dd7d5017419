"""The default profile against the labelled corpus tests/data/oracle/guobiao_dev.jsonl (5,000 hands
scored by PyMahjongGB 1.4.0), through the public API ``mahjong_core.load_ruleset("guobiao")``.

* every total (flowers included) equals the expected total;
* fan lists (id → count) agree on at least 99.9 % of the hands — any difference is listed;
* every hand the corpus marks below_minimum raises BelowMinimumError carrying its fans, and no
  other hand does.
"""
from __future__ import annotations

import json

import pytest

import mahjong_core
from mahjong_core.engine.errors import BelowMinimumError
from testpaths import ORACLE

CORPUS = ORACLE


def _counts(fans) -> dict:
    out: dict = {}
    for f in fans:
        fid, n = (f["id"], f["count"]) if isinstance(f, dict) else (f.id, f.count)
        out[fid] = out.get(fid, 0) + n
    return out


@pytest.fixture(scope="module")
def outcomes():
    rules = mahjong_core.load_ruleset("guobiao")
    rows = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines() if line.strip()]
    out = []
    for row in rows:
        try:
            result, raised = rules.score(row["situation"]), False
        except BelowMinimumError as e:
            result, raised = e.result, True
        out.append((row, result, raised))
    return out


def test_corpus_is_complete(outcomes):
    assert len(outcomes) == 5000


def test_every_total_matches(outcomes):
    wrong = [(row["id"], result.total, row["expected"]["total"]) for row, result, _ in outcomes
             if result.total != row["expected"]["total"]]
    assert wrong == []


def test_fan_lists_match(outcomes):
    wrong = []
    for row, result, _ in outcomes:
        got, want = _counts(result.fans), _counts(row["expected"]["fans"])
        if got != want:
            wrong.append((row["id"], {k: (got.get(k, 0), want.get(k, 0)) for k in set(got) | set(want)
                                      if got.get(k, 0) != want.get(k, 0)}))
    agreement = 1 - len(wrong) / len(outcomes)
    assert agreement >= 0.999, wrong[:20]
    assert wrong == [], f"fan lists differ on {len(wrong)} hands (agreement {agreement:.4%}): {wrong[:20]}"


def test_below_minimum_hands_raise_with_their_fans(outcomes):
    below = 0
    for row, result, raised in outcomes:
        expected = row["expected"]
        assert raised == expected["below_minimum"], row["id"]
        if raised:
            below += 1
            assert _counts(result.fans) == _counts(expected["fans"])
            assert result.minimum_points == expected["total_without_flowers"] < 8
    assert below == sum(1 for row, _, _ in outcomes if row["expected"]["below_minimum"]) > 100


def test_every_fan_is_exercised(outcomes):
    fired = set()
    for _, result, _ in outcomes:
        fired.update(f.id for f in result.fans)
    assert len(fired) == 82


@pytest.mark.parametrize("name", ["guobiao-2014", "guobiao-strict98"])
def test_overlays_score_the_whole_corpus(outcomes, name):
    """Every corpus hand scores under each shipped overlay (or is below its minimum); where the
    overlay's choices cannot matter (no kongs, no special shape, no 绿一色/清幺九/九莲, no
    self-drawn special hand) it scores exactly like guobiao."""
    rules = mahjong_core.load_ruleset(name)
    touched = {"concealed_kong_and_melded_kong", "two_concealed_kongs", "all_green", "all_terminals",
               "nine_gates", "seven_pairs", "seven_shifted_pairs", "thirteen_orphans",
               "lesser_honors_and_knitted_tiles", "greater_honors_and_knitted_tiles"}
    same = 0
    for row, base, _ in outcomes:
        try:
            result = rules.score(row["situation"])
        except BelowMinimumError as e:
            result = e.result
        assert result.total == sum(f.points * f.count for f in result.fans)
        kongs = any(m["type"] == "kong" for m in row["situation"].get("melds", ()))
        if not kongs and not touched & {f.id for f in base.fans}:
            assert _counts(result.fans) == _counts(base.fans), row["id"]
            same += 1
    assert same > 3000
