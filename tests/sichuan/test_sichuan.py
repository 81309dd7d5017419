"""Sichuan blood battle: golden hands, golden records, options, ruleset checks and the CLI."""
from __future__ import annotations

import hashlib
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import mahjong_core
from mahjong_core import MahjongError, RulesetError

from testpaths import ROOT, SICHUAN_DATA

CASES = SICHUAN_DATA


def load_cases(name: str) -> list[dict]:
    with open(CASES / name, encoding="utf-8") as f:
        return yaml.safe_load(f)


def ruleset(name: str = "sichuan", overlay: dict | None = None, tmp: Path | None = None):
    """The named ruleset, or a house overlay of it written as a YAML file into ``tmp``."""
    if not overlay:
        return mahjong_core.load_ruleset(name)
    blob = json.dumps([name, overlay], sort_keys=True).encode()
    path = tmp / f"house-{hashlib.sha256(blob).hexdigest()[:12]}.yaml"
    if not path.exists():
        path.write_text(yaml.safe_dump({"extends": name, **overlay}, allow_unicode=True), encoding="utf-8")
    return mahjong_core.load_ruleset(path)


HANDS = load_cases("sichuan_hands.yaml")
RECORDS = load_cases("sichuan_records.yaml")
RECORDS_BY_ID = {c["id"]: c for c in RECORDS}


def record_of(case: dict) -> dict:
    return RECORDS_BY_ID[case["same_record_as"]]["record"] if "same_record_as" in case else case["record"]


# ---------------------------------------------------------------- golden hands

@pytest.mark.parametrize("case", HANDS, ids=[c["id"] for c in HANDS])
def test_golden_hand(case, tmp_path):
    rules = ruleset(case.get("ruleset", "sichuan"), case.get("overlay"), tmp_path)
    if "error" in case:
        with pytest.raises(MahjongError) as info:
            rules.score(case["situation"])
        assert info.value.code == case["error"], info.value.message
        if "match" in case:
            assert case["match"] in info.value.message
        return
    result = rules.score(case["situation"])
    assert {f.id: f.count for f in result.fans} == case["fans"]
    assert result.value == case["value"]
    assert result.total == sum(f.points * f.count for f in result.fans)
    out = result.to_dict()
    assert out["ok"] is True and out["value"] == case["value"]


def test_every_fan_fires_in_a_golden_hand():
    fired = set()
    for case in HANDS:
        if "fans" in case:
            fired.update(case["fans"])
    defined = set(yaml.safe_load((ROOT / "rulesets" / "sichuan.yaml").read_text(encoding="utf-8"))["fans"])
    assert defined - fired == set()


def test_void_suit_error_names_suit_and_tiles():
    with pytest.raises(mahjong_core.NotWinningError) as info:
        ruleset().score({"hand": "123m456m789s11s23s", "win_tile": "4s", "void_suit": "s"})
    message = info.value.message
    assert "bamboo (s)" in message and "123789s" in message


def test_void_suit_is_refused_by_other_rulesets():
    """A void suit means something only where the table has one (table.void_suit): elsewhere it
    is refused, not ignored."""
    names = dict(mahjong_core.ruleset_names())
    if "guobiao" not in names or names["guobiao"].startswith("(broken"):
        pytest.skip("the guobiao ruleset is not installed in this checkout")
    with pytest.raises(MahjongError) as e:
        mahjong_core.load_ruleset("guobiao").score({"hand": "123m456m789m11p23p", "win_tile": "4p", "void_suit": "m"})
    assert e.value.code == "invalid_situation" and "void_suit" in e.value.message


# ---------------------------------------------------------------- waits

def test_waits_through_the_public_api():
    rules = ruleset()
    assert rules.waits({"hand": "111m222m333p44p55p"}).tiles == (11, 12, 13, 14)  # 3p–6p
    assert rules.waits({"hand": "123m456m789m11p23p"}).tiles == (9, 12)      # 1p 4p
    assert not rules.waits({"hand": "13579m13579s258s"}).ready
    # runs in the hand count even though chow melds are forbidden
    assert rules.waits({"hand": "2345678m111p999p"}).tiles == (1, 4, 7)      # 2m 5m 8m


# ---------------------------------------------------------------- golden records

@pytest.mark.parametrize("case", RECORDS, ids=[c["id"] for c in RECORDS])
def test_golden_record(case, tmp_path):
    rules = ruleset(case.get("ruleset", "sichuan"), case.get("overlay"), tmp_path)
    record = record_of(case)
    if "error" in case:
        with pytest.raises(MahjongError) as info:
            rules.settle(record)
        assert info.value.code == case["error"], info.value.message
        assert case["match"] in info.value.message
        return
    result = rules.settle(record)
    assert list(result.deltas) == case["deltas"]
    assert sum(result.deltas) == 0
    for p in result.payments:
        assert p.amount > 0 and p.payer != p.payee and len(p.reason) > 10
    again = rules.settle(record)
    assert again.to_dict() == result.to_dict()


def test_enough_golden_records():
    settled = [c for c in RECORDS if "deltas" in c]
    assert len(settled) >= 20


def test_worked_example_of_the_rules():
    """The rule text's worked example: A +38, B +14, C −32, D −20."""
    record = json.loads((CASES / "sichuan_worked_example.json").read_text(encoding="utf-8"))
    result = ruleset().settle(record).to_dict()
    assert result["ok"] is True
    assert result["deltas"] == [38, 14, -32, -20]
    reasons = [p["reason"] for p in result["payments"]]
    assert sum("暗杠" in r for r in reasons) == 3
    assert any("龙七对" in r and "×16" in r for r in reasons)
    assert sum("清一色 + 根 + 自摸 = ×16" in r for r in reasons) == 2
    assert any("查大叫" in r and "对对胡" in r for r in reasons)


def test_robbed_kong_payments_are_not_made():
    result = ruleset().settle(RECORDS_BY_ID["robbed_added_kong"]["record"])
    assert [(p.payer, p.payee, p.amount) for p in result.payments] == [(3, 0, 2)]
    assert "抢杠" in result.payments[0].reason


def test_call_transfer_payment_is_named():
    result = ruleset().settle(RECORDS_BY_ID["call_transfer_last_kong"]["record"])
    transfer = [p for p in result.payments if "呼叫转移" in p.reason]
    assert [(p.payer, p.payee, p.amount) for p in transfer] == [(0, 1, 6)]


def test_refund_payments_reverse_the_kong():
    result = ruleset().settle(RECORDS_BY_ID["tax_refund"]["record"])
    refunds = sorted((p.payer, p.payee, p.amount) for p in result.payments if "退税" in p.reason)
    assert refunds == [(3, 0, 2), (3, 1, 2), (3, 2, 2)]


def test_big_call_excludes_win_method_doublings():
    """查大叫 scores the best wait as a plain win: no 自摸 even with zimo_bonus double."""
    result = ruleset().settle(RECORDS_BY_ID["big_call_uses_the_best_wait_with_roots"]["record"])
    calls = {(p.payer, p.payee): p.amount for p in result.payments if "查大叫" in p.reason}
    assert calls == {(2, 0): 8, (2, 1): 2, (3, 0): 8, (3, 1): 2}


# Four not-ready hands that can sit at one table: together no more than four copies of a kind
# (the record's parser refuses a fifth).
NOT_READY = ("13579m13579s258s", "13579m13579s258s", "123456789m2468p", "123456789p2468m")


def test_record_events_are_validated():
    rules = ruleset()
    with pytest.raises(MahjongError, match="must be m, p or s"):
        rules.settle({"events": [{"type": "void", "seat": 0, "suit": "z"}]})
    with pytest.raises(MahjongError, match="already declared"):
        rules.settle({"events": [{"type": "void", "seat": 0, "suit": "m"},
                                 {"type": "void", "seat": 0, "suit": "p"}]})
    with pytest.raises(MahjongError, match="one tile of the 108"):
        rules.settle({"events": [{"type": "kong", "seat": 0, "kind": "concealed", "tile": "1z"}]})
    with pytest.raises(MahjongError, match="only an exposed kong has 'from'"):
        rules.settle({"events": [{"type": "kong", "seat": 0, "kind": "added", "tile": "1m", "from": 1}]})
    with pytest.raises(MahjongError, match="needs a 'situation'"):
        rules.settle({"events": [{"type": "win", "seat": 0, "from": 1}]})
    with pytest.raises(MahjongError, match="contradicts"):
        rules.settle({"events": [{"type": "void", "seat": 0, "suit": "s"},
                                 {"type": "win", "seat": 0, "from": 1, "situation": {
                                     "hand": "123m456m789m11p23p", "win_tile": "4p", "void_suit": "m"}}]})
    with pytest.raises(MahjongError, match=r"events\[0\] \(win\) seat 0: wrong tile count"):
        rules.settle({"events": [{"type": "win", "seat": 0, "from": 1,
                                  "situation": {"hand": "123m", "win_tile": "4p"}}]})
    hands = {str(s): {"hand": h} for s, h in enumerate(NOT_READY)}
    hands["0"]["win_tile"] = "1m"
    with pytest.raises(MahjongError, match="unknown field 'win_tile'"):
        rules.settle({"events": [{"type": "end", "hands": hands}]})
    with pytest.raises(MahjongError, match="situation.self_drawn is True but the win has a 'from'"):
        rules.settle({"events": [{"type": "win", "seat": 0, "from": 1, "situation": {
            "hand": "123m456m789m11p23p", "win_tile": "4p", "self_drawn": True}}]})
    with pytest.raises(MahjongError, match="only an added kong"):
        rules.settle({"events": [{"type": "kong", "seat": 3, "kind": "concealed", "tile": "4p"},
                                 {"type": "win", "seat": 0, "from": 3, "situation": {
                                     "hand": "123m456m789m11p23p", "win_tile": "4p", "robbing_kong": True}}]})


def test_a_pig_hand_needs_no_legal_shape_but_legal_tiles():
    rules = ruleset()
    # not-ready hands that fit beside the pig's three 1m (two NR would make a fifth and sixth)
    hands = {str(s): {"hand": h} for s, h in enumerate(
        ["123m456p789s11m22p1z", "13579m13579s258s", "123456789p2468m", "123456789s2468p"])}
    with pytest.raises(MahjongError, match=r"hands\.0"):
        rules.settle({"events": [{"type": "end", "hands": hands}]})


# ---------------------------------------------------------------- options and ruleset checks

REGIONAL_KNOBS = ("mode", "exchange_three", "exchange_direction", "void_suit_required", "seven_pairs",
                  "stacking", "extra_patterns", "dihu_mode", "zimo_bonus", "dian_gang_hua", "kong_pay",
                  "late_added_kong_pays", "call_transfer", "flower_pig_penalty", "cha_da_jiao",
                  "refund_kong_if_not_ready", "last_four_forced_win", "pass_win_lock", "cap_multiplier",
                  "settle_timing", "dealer_rule", "base_score")
ELSEWHERE = {"seven_pairs": "shapes.seven_pairs", "cap_multiplier": "scoring.value.params.cap_multiplier"}


def test_every_regional_knob_is_a_documented_yaml_key():
    text = (ROOT / "rulesets" / "sichuan.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    readme = (ROOT / "plugins" / "mahjong_sichuan" / "README.md").read_text(encoding="utf-8")
    for knob in REGIONAL_KNOBS:
        path = ELSEWHERE.get(knob, f"options.{knob}").split(".")
        node = data
        for part in path:
            assert part in node, f"{knob}: {'.'.join(path)} missing from sichuan.yaml"
            node = node[part]
        line = next(ln for ln in text.splitlines() if re.match(rf"\s*{path[-1]}:", ln))
        assert "#" in line, f"{knob} has no comment in sichuan.yaml"
        assert f"`{knob}`" in readme, f"{knob} is not documented in the plugin README"


def test_overlays_differ_from_the_seed_as_documented():
    seed, river, app = ruleset(), ruleset("sichuan-xueliu"), ruleset("sichuan-tencent")
    assert seed.options["mode"] == "blood_battle" and river.options["mode"] == "blood_river"
    assert seed.options["kong_pay"] == {"direct": 1, "added": 1, "concealed": 2}
    assert app.options["kong_pay"] == {"direct": 2, "added": 1, "concealed": 2}
    assert seed.value_params["cap_multiplier"] is None and app.value_params["cap_multiplier"] == 64
    assert seed.table.chows is False and seed.table.tile_set == "suits_108"


@pytest.mark.parametrize("overlay, match", [
    ({"options": {"zimo_bonus": "dubble"}}, "did you mean 'double'"),
    ({"options": {"mode": "blood"}}, "must be one of blood_battle"),
    ({"options": {"cha_da_jiao": "yes"}}, "must be true or false"),
    ({"options": {"kong_pay": {"direkt": 2}}}, "did you mean 'direct'"),
    ({"options": {"kong_pay": {"direct": -1}}}, "base units"),
    ({"options": {"extra_patterns": {"haidi": 1}}}, "must be true or false"),
    ({"options": {"flower_pig_penalty": "cap"}}, "has no cap"),
    ({"options": {"base_score": 0}}, "positive number"),
    ({"scoring": {"value": {"params": {"cap_multiplier": 0}}}}, "cap_multiplier must"),
    ({"fans": {"qidui": {"points": 5}}}, "fan 'qidui' gives both 'points' and 'doublings'"),
    ({"fans": {"pinghu": {"excludes": ["qidui"]}}}, "'qidui', which ranks above it in tier 'base'"),
])
def test_bad_overlays_are_rejected_with_file_and_line(overlay, match, tmp_path):
    with pytest.raises(RulesetError, match=match) as info:
        ruleset("sichuan", overlay, tmp_path)
    assert ".yaml:" in info.value.message or info.value.message.startswith("sichuan: fans.qidui")  # base: by name


def test_unknown_option_is_rejected(tmp_path):
    with pytest.raises(RulesetError, match="unknown option 'zimo_bonnus'.*did you mean 'zimo_bonus'"):
        ruleset("sichuan", {"options": {"zimo_bonnus": "double"}}, tmp_path)


def test_multiply_all_leaves_the_excludes_to_the_overlay(tmp_path):
    """stacking: multiply_all turns the max-only check off; the overlay's excludes decide."""
    overlay = {"options": {"stacking": "multiply_all"},
               "fans": {"qingdui": {"enabled": False}, "qingyise": {"excludes": ["pinghu"]},
                        "duiduihu": {"excludes": ["pinghu"]}}}
    rules = ruleset("sichuan", overlay, tmp_path)
    result = rules.score({"hand": "1112223335559m", "win_tile": "9m"})
    assert {f.id for f in result.fans} == {"qingyise", "duiduihu"} and result.value == 8


# ---------------------------------------------------------------- command line

def test_cli_settle_main():
    out, err = io.StringIO(), io.StringIO()
    from mahjong_core.frontends.cli import main
    code = main(["settle", "--ruleset", "sichuan", "--json", str(CASES / "sichuan_worked_example.json")],
                out=out, err=err)
    assert code == 0, err.getvalue()
    assert json.loads(out.getvalue())["deltas"] == [38, 14, -32, -20]


def test_cli_settle_subprocess():
    proc = subprocess.run([sys.executable, "-m", "mahjong_core.frontends.cli", "settle", "--ruleset", "sichuan",
                           str(CASES / "sichuan_worked_example.json")],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    if proc.returncode != 0 and "No module named mahjong_core.frontends.cli.__main__" in proc.stderr:
        pytest.fail("mahjong_core.frontends.cli cannot run as a module")
    assert proc.returncode == 0, proc.stderr
    assert "seat 0: +38" in proc.stdout and "seat 3: -20" in proc.stdout
