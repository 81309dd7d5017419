"""``--explain`` and ``rules.explain`` speak as a player reads: a fan left out is named by its zh
and en names, a fan a reduction only lowered is "reduced" (never also "not counted"), and a value
the ruleset's cap cut says so."""
from __future__ import annotations

import json

import pytest

import mahjong_core
from harness import run_cli

# 11 11 22 22 33 44 55 (m), void p: 清龙七对 (seven pairs of one suit with a four) ×2^5. The hand
# holds two fours (1m, 2m): two 根; 清龙七对 reduces 根 by one (its own four), so one 根 counts.
DRAGON = ["1111222233445m", "5m", "--void", "p"]


def test_a_reduced_fan_is_reduced_not_also_not_counted():
    rc, out, err = run_cli(["score", "--ruleset", "sichuan", *DRAGON, "--explain"])
    assert (rc, err) == (0, "")
    lines = out.splitlines()
    assert any(line.startswith("  根\tRoot") for line in lines)          # counted, ×2^1
    assert "  reduced: 根 Root, 1 fewer  (by 清龙七对 Pure Dragon Seven Pairs)" in lines
    assert not any("not counted" in line and "根" in line for line in lines)
    assert "  not counted: 七对 Seven Pairs  (by 清龙七对 Pure Dragon Seven Pairs)" in lines
    # 5 + 1 = 6 doublings: ×64, no cap in `sichuan`
    assert "value     64" in lines and not any("capped" in line for line in lines)


def test_excluded_fans_are_named_not_ids():
    rc, out, _ = run_cli(["score", "--ruleset", "sichuan", *DRAGON, "--explain"])
    explained = [line for line in out.splitlines() if line.startswith(("  not counted", "  reduced"))]
    assert explained
    for fan_id in ("qidui", "longqidui", "qingyise", "qingqidui", "root", "qinglongqidui"):
        assert not any(fan_id in line for line in explained), fan_id


def test_the_json_explanation_never_lists_a_counted_fan_as_excluded():
    rules = mahjong_core.load_ruleset("sichuan")
    result = rules.score({"hand": DRAGON[0], "win_tile": "5m", "void_suit": "p"})
    explained = rules.explain(result)
    counted = {f["id"] for f in explained["fans"]}
    assert counted == {"qinglongqidui", "root"}
    assert not counted & {e["id"] for e in explained["excluded"]}
    assert {"id": "qidui", "by": ["qinglongqidui"], "zh": "七对", "en": "Seven Pairs"} in explained["excluded"]
    assert explained["reduced"] == [{"id": "root", "by": ["qinglongqidui"], "zh": "根", "en": "Root", "taken": 1}]


def test_the_cap_is_named_when_it_cut_the_value():
    # self-drawn: 清龙七对 5 + 根 1 + 自摸 1 = 7 doublings = ×128; sichuan-tencent caps at ×64
    rc, out, _ = run_cli(["score", "--ruleset", "sichuan-tencent", *DRAGON, "--self-drawn", "--explain"])
    lines = out.splitlines()
    assert rc == 0 and "total     7" in lines and "value     64" in lines
    assert any(line.startswith("  capped at ×64 (×128 without the cap): ") and
               line.endswith("sichuan-tencent: scoring.value.params.cap_multiplier") for line in lines), out
    rc, out, _ = run_cli(["score", "--ruleset", "sichuan-tencent", *DRAGON, "--self-drawn", "--explain", "--json"])
    data = json.loads(out)
    assert data["capped"] == [{"param": "cap_multiplier", "limits": "multiplier", "limit": 64, "uncapped": 128}]
    # the discard win: 6 doublings = ×64 exactly, not cut
    rc, out, _ = run_cli(["score", "--ruleset", "sichuan-tencent", *DRAGON, "--explain", "--json"])
    assert "capped" not in json.loads(out) and json.loads(out)["value"] == 64


def test_the_api_explanation_says_the_same(engine):
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from mahjong_core.frontends.web import app as web
    with TestClient(web.create_app(engine)) as client:
        answer = client.post("/api/score", json={"ruleset": "sichuan-tencent", "explain": True, "situation": {
            "hand": DRAGON[0], "win_tile": "5m", "void_suit": "p", "self_drawn": True}})
    data = answer.json()
    assert answer.status_code == 200 and data["value"] == 64
    assert data["reduced"] == [{"id": "root", "by": ["qinglongqidui"], "zh": "根", "en": "Root", "taken": 1}]
    assert data["capped"] == [{"param": "cap_multiplier", "limits": "multiplier", "limit": 64, "uncapped": 128}]
    assert all(e.get("zh") for e in data["excluded"])
