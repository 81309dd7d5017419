"""Shared fixtures: engines, the small test ruleset and a CLI runner.

The helpers the tests import (paths, the CLI runner, hand generators, test plugins) live in
``tests/support/``, put on ``sys.path`` here so that any folder or file of the suite runs alone;
the names below stay importable from ``conftest`` too."""
from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

SUPPORT = Path(__file__).resolve().parent / "support"
if str(SUPPORT) not in sys.path:
    sys.path.insert(0, str(SUPPORT))

# the suite's ruleset cache is a folder of its own, removed at the end: a run writes nothing under
# the user's ~/.cache (the cache's own tests set theirs); the CLI's child processes inherit it
_CACHE = tempfile.mkdtemp(prefix="mahjong-core-test-cache-")
os.environ["MAHJONG_CORE_CACHE"] = _CACHE
atexit.register(shutil.rmtree, _CACHE, True)

from mahjong_core.engine.registry import Engine  # noqa: E402

from harness import EXAMPLE_PLUGIN, IN_CI, missing, needs, run_cli  # noqa: E402,F401
from testpaths import DATA, MINI, ORACLE  # noqa: E402,F401
from winning_hands import random_sets, random_winning  # noqa: E402,F401


@pytest.fixture(scope="session")
def engine() -> Engine:
    """Every installed plugin, as a user gets it."""
    return Engine()


@pytest.fixture(scope="session")
def core_engine() -> Engine:
    """Core only: no entry points, so a test does not depend on which plugins are installed."""
    return Engine(entry_points=False)


@pytest.fixture(scope="session")
def mini(core_engine):
    return core_engine.load_ruleset(MINI)


@pytest.fixture
def cli():
    return run_cli
