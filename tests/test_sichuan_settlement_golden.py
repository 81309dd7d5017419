"""The Sichuan settlement against ledgers saved from its own earlier implementation: 300 seeded
random legal records (tests/sichuan_recordgen.py) and what each settled to (payments in order,
or the error), in tests/data/sichuan_ledgers.json. Regenerate only on purpose:
``python tests/test_sichuan_settlement_golden.py`` (then the diff is the change in behaviour)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import mahjong_core
from mahjong_core.errors import MahjongError

GOLDEN = Path(__file__).parent / "data" / "sichuan_ledgers.json"


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


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    from sichuan_recordgen import seeded_records
    loaded = {}
    out = []
    for name, record in seeded_records(300):
        rules = loaded.setdefault(name, mahjong_core.load_ruleset(name))
        out.append({"record": record, "ledger": outcome(rules, record)})
    GOLDEN.write_text("[\n" + ",\n".join(json.dumps(c, ensure_ascii=False, sort_keys=True) for c in out) + "\n]\n",
                      encoding="utf-8")
