"""Shared fixtures: engines, the small test ruleset, a CLI runner and a random winning-hand maker."""
from __future__ import annotations

import importlib
import io
import os
import random
from pathlib import Path

import pytest

from mahjong_core.engine import tiles as T
from mahjong_core.frontends.cli import main as cli_main
from mahjong_core.engine.registry import Engine

DATA = Path(__file__).parent / "data"
ORACLE = DATA / "oracle" / "guobiao_dev.jsonl"     # the reference calculator's labels (its README)
MINI = DATA / "mini.yaml"


# CI installs every extra and the example plugin: there a missing one fails instead of skipping
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


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


EXAMPLE_PLUGIN = "pip install -e ./examples/mahjong-258"


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


def run_cli(argv, stdin: str = "") -> tuple[int, str, str]:
    """Run ``mahjong`` in-process; returns (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    rc = cli_main([str(a) for a in argv], out=out, err=err, inp=io.StringIO(stdin))
    return rc, out.getvalue(), err.getvalue()


@pytest.fixture
def cli():
    return run_cli


# --------------------------------------------------------------------------- random hands

def random_sets(rng: random.Random, n_sets: int, counts: list[int], chows: bool = True,
                kinds=range(34)) -> list[tuple[str, int]] | None:
    """``n_sets`` random chows/pungs drawn without exceeding four copies; updates ``counts``."""
    kinds = list(kinds)
    out = []
    for _ in range(n_sets):
        for _attempt in range(50):
            if chows and rng.random() < 0.55:
                t = rng.choice([k for k in kinds if k < 27 and k % 9 <= 6 and k + 2 in kinds] or [0])
                need = (t, t + 1, t + 2)
                kind = "chow"
            else:
                t = rng.choice(kinds)
                need = (t, t, t)
                kind = "pung"
            if all(counts[x] + need.count(x) <= 4 for x in set(need)):
                for x in need:
                    counts[x] += 1
                out.append((kind, t))
                break
        else:
            return None
    return out


def random_winning(rng: random.Random, melds: int | None = None, kinds=range(34), n_sets: int = 4,
                   chows: bool = True) -> dict:
    """A random standard-shape winning situation (a docs/formats.md dict) with up to ``n_sets`` melds."""
    while True:
        counts = [0] * 34
        n_melds = rng.randint(0, 2) if melds is None else melds
        sets = random_sets(rng, n_sets, counts, chows=chows, kinds=kinds)
        if sets is None:
            continue
        pair = rng.choice([k for k in kinds if counts[k] <= 2])
        counts[pair] += 2
        meld_sets, hand_sets = sets[:n_melds], sets[n_melds:]
        standing = [pair, pair]
        for kind, t in hand_sets:
            standing += [t, t + 1, t + 2] if kind == "chow" else [t] * 3
        rng.shuffle(standing)
        win = standing.pop()
        meld_dicts = []
        for kind, t in meld_sets:
            tiles = [t, t + 1, t + 2] if kind == "chow" else [t] * 3
            meld_dicts.append({"type": kind, "tiles": T.format_tiles(tiles)})
        return {"hand": T.format_tiles(standing), "melds": meld_dicts, "win_tile": T.name(win)}
