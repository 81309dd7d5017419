"""The suite in an environment without the example plugin (``pip install -e '.[test]'`` alone):
the tests that use the plugin skip, saying how to install it, and none fails; under CI, where
every extra and the plugin are installed, a missing one fails instead of skipping."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from testpaths import ROOT

# hides the installed example plugin from a Python process: no import, no entry point
HIDE = '''
import importlib.metadata as md
import sys


class _Hidden:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] == "mahjong_258":
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)


sys.meta_path.insert(0, _Hidden())
_real = md.entry_points


def _entry_points(**kw):
    found = _real(**kw)
    if kw.get("group") == "mahjong_core":
        return md.EntryPoints(e for e in found if e.name != "mahjong_258")
    return found


md.entry_points = _entry_points
'''

USES_THE_PLUGIN = ["tests/core/test_hardening_config.py", "tests/project/test_example_plugin.py", "examples/mahjong-258/tests"]


def run_without_the_plugin(tmp_path: Path, ci: str) -> subprocess.CompletedProcess:
    (tmp_path / "sitecustomize.py").write_text(HIDE, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "PYTHONPATH")}
    env.update(PYTHONPATH=str(tmp_path), CI=ci)
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider",
                           "-k", "258 or example or plugin or golden or fan or shipped", *USES_THE_PLUGIN],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)


def test_without_the_example_plugin_its_tests_skip_saying_why(tmp_path):
    proc = run_without_the_plugin(tmp_path, ci="")
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    assert "needs the example plugin mahjong-258 (its rulesets use its fan check), which is not installed " \
           "(pip install -e ./examples/mahjong-258)" in proc.stdout
    assert "the plugin is not installed: pip install ./examples/mahjong-258" in proc.stdout
    assert " failed" not in proc.stdout.splitlines()[-1]


def test_under_ci_a_missing_example_plugin_fails(tmp_path):
    proc = run_without_the_plugin(tmp_path, ci="true")
    assert proc.returncode in (1, 2), proc.stdout[-3000:]          # failed, or a collection error
    assert "needs the module mahjong_258, which is not installed" in proc.stdout
