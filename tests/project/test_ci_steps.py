"""The default test run leaves out the tests marked slow, and CI runs them in a step of their own."""
from __future__ import annotations

import importlib.util
import shlex
import tomllib

import pytest

from testpaths import ROOT


def test_slow_tests_are_deselected_by_default():
    options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    assert shlex.split(options["addopts"]) == ["-m", "not slow"]
    assert any(m.startswith("slow:") for m in options["markers"])


def test_ci_runs_the_slow_tests_in_their_own_step():
    lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    slow = [line for line in lines if line.endswith("-m pytest -q -m slow -n auto")]
    assert len(slow) == 1
    # after the default run, so a failure there is reported first
    assert lines.index(slow[0]) > lines.index(".venv/bin/python -m pytest -q -n auto")


def test_the_example_plugin_tests_run_with_the_suite():
    options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    assert "examples/mahjong-258/tests" in options["testpaths"]
    assert list((ROOT / "examples" / "mahjong-258" / "tests").glob("test_*.py"))


def test_ci_smoke_tests_the_wheels_after_the_tests():
    """scripts/smoke_wheel.sh builds the packages, installs the wheels in a clean venv outside the
    checkout and runs every ruleset and the web server from there."""
    lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    assert lines.count("scripts/smoke_wheel.sh") == 1
    assert lines.index("scripts/smoke_wheel.sh") > lines.index(".venv/bin/python -m pytest -q -m slow -n auto")
    script = (ROOT / "scripts" / "smoke_wheel.sh").read_text(encoding="utf-8")
    assert "-m build" in script and "python3 -m venv" in script and "pip install -e" not in script
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    assert any(dep.startswith("build") for dep in extras["test"])


def _smoke_cases() -> dict:
    spec = importlib.util.spec_from_file_location("smoke_wheel", ROOT / "scripts" / "smoke_wheel.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.CASES


@pytest.mark.parametrize("name", sorted(_smoke_cases()))
def test_the_wheel_smoke_expects_what_the_source_tree_answers(engine, name):
    """The smoke step runs only in CI, after the suite; a golden case that changes here (a record the
    four-copies check now refuses, a corrected amount) must change there too, and fail here first."""
    situation, expected, record, deltas, source = _smoke_cases()[name]
    rules = engine.load_ruleset(name)
    scored = rules.score(situation).to_dict()
    assert {k: scored.get(k) for k in expected} == expected, source
    if record is not None and deltas is not None:
        assert list(rules.settle(record).deltas) == deltas, source
