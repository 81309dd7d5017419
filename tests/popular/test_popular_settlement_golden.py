"""The popular settlements (competition and game-site formulas) against ledgers saved from
their implementation before they moved onto the settlement toolkit: 300 seeded random records
(tests/support/popular_recordgen.py) and what each settled to (payments in order, or the error), in
tests/popular/data/popular_ledgers.json. Regenerate only on purpose:
``python tests/popular/test_popular_settlement_golden.py`` (the diff is then the change in behaviour)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import mahjong_core
from mahjong_core.engine.errors import MahjongError

if __name__ == "__main__":     # run as a script to regenerate the ledgers: the helpers' folder
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))

from testpaths import POPULAR_DATA

GOLDEN = POPULAR_DATA / "popular_ledgers.json"
_CACHE: list = []


def outcome(rules, record) -> dict:
    try:
        return rules.settle(record).to_dict()
    except MahjongError as e:
        return e.to_dict()


def _cases() -> list:
    if not _CACHE:
        _CACHE.extend(json.loads(GOLDEN.read_text(encoding="utf-8")))
    return _CACHE


@pytest.fixture(scope="module")
def rulesets():
    return {}


def test_the_golden_file_covers_the_features():
    cases = _cases()
    assert len(cases) == 300
    texts = json.dumps([c["record"] for c in cases])
    for feature in ('{"indicator":', '{"tile": ', '"type": "kong"', '"type": "end"', '"flowers":',
                    '"seats": 3', '"wilds":'):
        assert feature in texts, feature
    assert {c["ruleset"].rsplit("/", 1)[-1] for c in cases} == {"popular", "popular-lianzhong",
                                                                "popular-site.yaml"}
    ok = [c for c in cases if c["ledger"]["ok"]]
    assert len(ok) >= 200
    reasons = json.dumps([c["ledger"] for c in ok])
    for reason in ("self-drawn win", "discarded the winning tile", "base payment", "win ("):
        assert reason in reasons, reason
    assert {c["ledger"]["error"]["code"] for c in cases if not c["ledger"]["ok"]} >= {
        "invalid_situation", "below_minimum", "invalid_meld"}


@pytest.mark.parametrize("i", range(300))
def test_ledger_is_unchanged(i, rulesets):
    case = _cases()[i]
    name = case["ruleset"]
    path = name if "/" not in name else str(POPULAR_DATA.parent / name)
    if name not in rulesets:
        rulesets[name] = mahjong_core.load_ruleset(path)
    assert outcome(rulesets[name], case["record"]) == case["ledger"]


if __name__ == "__main__":
    from popular_recordgen import seeded_records
    loaded = {}
    out = []
    for name, record in seeded_records(300):
        rules = loaded.setdefault(name, mahjong_core.load_ruleset(name))
        shown = name if "/" not in name else str(Path(name).relative_to(POPULAR_DATA.parent))
        out.append({"ruleset": shown, "record": record, "ledger": outcome(rules, record)})
    GOLDEN.write_text("[\n" + ",\n".join(json.dumps(c, ensure_ascii=False, sort_keys=True) for c in out) + "\n]\n",
                      encoding="utf-8")
