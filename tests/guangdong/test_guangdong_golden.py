"""The Guangdong golden data (tests/guangdong/data/): every hand and record case run straight
through the shipped rulesets (and the club overlays next to the data) by
``mahjong_core.testing``: each case's total, value, fans, deltas, payments or error."""
from __future__ import annotations

from pathlib import Path

import pytest

from guangdong_kit import CASES, DATA, RULESETS


@pytest.mark.parametrize("name,kind,case", CASES, ids=[f"{n}:{c.id}" for n, _, c in CASES])
def test_golden(name, kind, case):
    assert case.ruleset == name or Path(case.ruleset).parent == DATA
    assert (case.situation if kind == "hands" else case.record) is not None
    case.check()


def test_every_ruleset_has_golden_hands_and_records():
    assert {(n, k) for n, k, _ in CASES} == {(n, k) for n in RULESETS for k in ("hands", "records")}
