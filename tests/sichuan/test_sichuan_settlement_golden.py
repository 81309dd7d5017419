"""The Sichuan settlement against saved ledgers (first saved from its implementation before it
moved onto the settlement toolkit; regenerated when the generator began dealing every record
from one table of 108 tiles): 300 seeded random legal records (tests/support/sichuan_recordgen.py) and
what each settled to (payments in order, or the error), in tests/sichuan/data/sichuan_ledgers.json.
Regenerate only on purpose: ``python tests/sichuan/test_sichuan_settlement_golden.py`` (the diff is then
the change in behaviour). And, on hypothesis's random records: zero-sum, deterministic, and a robbed kong
earns nothing."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mahjong_core
from mahjong_core.engine.errors import MahjongError
from mahjong_core.plugin import KongBook
from mahjong_core.engine.records import parse_record

if __name__ == "__main__":     # run as a script to regenerate the ledgers: the helpers' folder
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))

from sichuan_recordgen import Drawn, make_record
from testpaths import SICHUAN_DATA

GOLDEN = SICHUAN_DATA / "sichuan_ledgers.json"


def outcome(rules, record) -> dict:
    try:
        return rules.settle(record).to_dict()
    except MahjongError as e:
        return e.to_dict()


def _cases():
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def rulesets():
    return {name: mahjong_core.load_ruleset(name) for name in ("sichuan", "sichuan-xueliu", "sichuan-tencent")}


def test_the_golden_file_covers_the_features():
    cases = _cases()
    assert len(cases) == 300
    texts = json.dumps([c["record"] for c in cases])
    for feature in ('"robbing_kong": true', '"discard_after_kong": true', '"after_kong": true', '"late": true',
                    '"type": "end"', '"kind": "exposed"'):
        assert feature in texts
    assert sum(c["ledger"]["ok"] for c in cases) >= 290


@pytest.mark.parametrize("i", range(300))
def test_ledger_is_unchanged(i, rulesets):
    case = _cases_cached()[i]
    assert outcome(rulesets[case["record"]["ruleset"]], case["record"]) == case["ledger"]


_CACHE: list = []


def _cases_cached():
    if not _CACHE:
        _CACHE.extend(_cases())
    return _CACHE


@st.composite
def records(draw):
    return make_record(Drawn(draw))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records())
def test_random_records_settle_zero_sum_deterministically_and_robbed_kongs_earn_nothing(case):
    name, record = case
    rules = mahjong_core.load_ruleset(name)
    result = rules.settle(record)
    assert sum(result.deltas) == 0
    assert rules.settle(record).to_dict() == result.to_dict()
    rule = rules.settlement_rule.item
    parsed = parse_record(record, rule.event_types, rule.event_fields)
    for i in KongBook(parsed).robbed:
        paid = f"added kong (面下杠, 刮风) {parsed.events[i].get('tile')}:"
        assert not any(p.reason.startswith(paid) for p in result.payments)


if __name__ == "__main__":
    from sichuan_recordgen import seeded_records
    loaded = {}
    out = []
    for name, record in seeded_records(300):
        rules = loaded.setdefault(name, mahjong_core.load_ruleset(name))
        out.append({"record": record, "ledger": outcome(rules, record)})
    GOLDEN.write_text("[\n" + ",\n".join(json.dumps(c, ensure_ascii=False, sort_keys=True) for c in out) + "\n]\n",
                      encoding="utf-8")
