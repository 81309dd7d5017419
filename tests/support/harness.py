"""Running the suite's pieces: the ``mahjong`` command in-process, and the optional extras a test
needs (skipped with the install command, or failed under CI)."""
from __future__ import annotations

import importlib
import io
import os

import pytest

from mahjong_core.frontends.cli import main as cli_main

# CI installs every extra and the example plugin: there a missing one fails instead of skipping
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")

EXAMPLE_PLUGIN = "pip install -e ./examples/mahjong-258"


def missing(what: str, install: str):
    """A test cannot run without ``what``: skip, saying how to install it; under CI, fail."""
    why = f"needs {what}, which is not installed ({install})"
    if IN_CI:
        pytest.fail(why, pytrace=False)
    pytest.skip(why, allow_module_level=True)


def needs(module: str, install: str):
    """The module a test file uses (``G = needs("MahjongGB", "pip install -e '.[reference]'")``),
    or ``missing``: a test environment without an extra skips these tests and says why."""
    try:
        return importlib.import_module(module)
    except ImportError:
        missing(f"the module {module}", install)


def run_cli(argv, stdin: str = "") -> tuple[int, str, str]:
    """Run ``mahjong`` in-process; returns (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    rc = cli_main([str(a) for a in argv], out=out, err=err, inp=io.StringIO(stdin))
    return rc, out.getvalue(), err.getvalue()
