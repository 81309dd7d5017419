"""The server imports, before it forks its workers, every module the library would import only
when a request first needs it (the analyser, the waits' records, a family's settlement), so a
worker's time limit measures the work, not imports; the learning environment stays out."""
from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip("starlette")

PROBE = """
import sys
from mahjong_core.engine.registry import default_engine
from mahjong_core.frontends.web import app
lazy = ("mahjong_core.engine.analysis", "mahjong_core.engine.waitscores", "mahjong_guobiao.competition")
before = [m for m in lazy if m in sys.modules]
app._preload(default_engine())
print(before, [m for m in lazy if m not in sys.modules], "mahjong_core.engine.table.rlenv" in sys.modules)
"""


def test_the_server_imports_what_requests_would_import_later():
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True).stdout.split("\n")[0]
    # none of them imported by starting the engine, all of them by the preload, not the RL module
    assert out == "[] [] False", out
