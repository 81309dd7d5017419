"""Golden hands and records of both Fuzhou lines (tests/fuzhou/data/), through the golden runner
(mahjong_core.testing) against rulesets/fuzhou.yaml and rulesets/fuzhou-classic.yaml and the
overlays beside the case files. Arithmetic is in the case files' comments."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import mahjong_core
from mahjong_core.testing import load_cases

from testpaths import FUZHOU_DATA, ROOT

DATA = FUZHOU_DATA
FILES = sorted(DATA.glob("*_cases.yaml"))
CASES = [c for path in FILES for c in load_cases(path)]


def test_the_case_files_are_golden_runner_files():
    assert [p.name for p in FILES] == ["fuzhou-classic_cases.yaml", "fuzhou_cases.yaml"]
    assert len(CASES) >= 60
    assert {c.ruleset for c in CASES} >= {"fuzhou", "fuzhou-classic"}


@pytest.mark.parametrize("case", CASES, ids=[f"{Path(c.where).name.split('_')[0]}:{c.id}" for c in CASES])
def test_golden(case):
    case.check()


def _chain(ruleset: str) -> list[str]:
    """The names a case's ruleset is or extends, itself first."""
    path = Path(ruleset) if ruleset.endswith(".yaml") else ROOT / "rulesets" / f"{ruleset}.yaml"
    base = yaml.safe_load(path.read_text(encoding="utf-8")).get("extends")
    return [ruleset] + (_chain(base) if base else [])


@pytest.mark.parametrize("name", ["fuzhou", "fuzhou-classic"])
def test_every_fan_of_each_line_is_awarded_in_a_golden_case(name):
    """Each fan a line defines (disabled ones too: an overlay switches them on) is expected in a
    case of that line or of a ruleset extending it."""
    awarded = set()
    for case in CASES:
        if case.situation is not None and name in _chain(case.ruleset):
            awarded |= set(case.expect.get("fans") or {})
    assert {r.id for r in mahjong_core.load_ruleset(name).fan_rules} | set(
        yaml.safe_load((ROOT / "rulesets" / f"{name}.yaml").read_text(encoding="utf-8"))["fans"]) <= awarded


def test_every_record_event_is_in_a_golden_record():
    types = {e["type"] for c in CASES if c.record is not None for e in c.record["events"]}
    rules = mahjong_core.load_ruleset("fuzhou")
    assert types == set(rules.settlement_rule.item.event_types) == {"wild", "discard", "kong", "win", "end"}
    assert any(not any(e["type"] == "win" for e in c.record["events"]) for c in CASES if c.record is not None)
    assert any(c.record.get("dealer_streak") for c in CASES if c.record is not None)
