"""Meta-tests: what ships is consistent — every YAML loads, the package list matches the folders,
and every fan of every shipped ruleset fires in at least one golden case."""
from __future__ import annotations

import json
import tomllib
from functools import lru_cache
from pathlib import Path

import pytest
import yaml

from mahjong_core import MahjongError
from mahjong_core.engine.config import is_family_base
from mahjong_core.engine.registry import Engine

from testpaths import FAMILIES, ROOT, RULESETS, family_data

SHIPPED = sorted(p.stem for p in RULESETS.glob("*.yaml") if not is_family_base(p))   # a family base loads only as a base
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine()


def test_something_ships():
    assert SHIPPED, "rulesets/ holds no YAML"


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_yaml_loads(engine, name):
    rules = engine.load_ruleset(RULESETS / f"{name}.yaml")
    assert rules.name == name and rules.fan_rules and rules.shapes
    installed = engine.ruleset_files()[name]                             # found by name too
    assert installed.read_bytes() == (RULESETS / f"{name}.yaml").read_bytes()
    assert rules.title and not rules.title.startswith("(broken")


def test_no_plugin_failed_to_load(engine):
    assert engine.failures == {}


def test_packages_match_the_folders():
    setuptools = PYPROJECT["tool"]["setuptools"]
    plugin_dirs = sorted(p.name for p in (ROOT / "plugins").iterdir()
                         if p.is_dir() and not p.name.startswith(("_", ".")))
    # a package list names every subpackage too: a wheel leaves out any it does not name
    core_packages = [".".join(d.relative_to(ROOT).parts) for d in sorted((ROOT / "mahjong_core").rglob("*"))
                     if d.is_dir() and (d / "__init__.py").is_file()]
    plugin_subpackages = [".".join(d.relative_to(ROOT / "plugins").parts) for d in sorted((ROOT / "plugins").rglob("*"))
                          if d.is_dir() and d.parent != ROOT / "plugins" and (d / "__init__.py").is_file()]
    assert sorted(setuptools["packages"]) == sorted(["mahjong_core", "mahjong_rulesets"] + core_packages + plugin_dirs
                                                    + plugin_subpackages)
    package_dir = setuptools["package-dir"]
    assert package_dir == {"mahjong_rulesets": "rulesets", **{p: f"plugins/{p}" for p in plugin_dirs}}
    for p in plugin_dirs:
        assert (ROOT / "plugins" / p / "__init__.py").is_file(), f"plugins/{p} is not a package"
    assert (ROOT / "rulesets" / "__init__.py").is_file()


def test_entry_points_name_the_plugin_packages():
    eps = PYPROJECT["project"]["entry-points"]["mahjong_core"]
    plugin_dirs = {p.name for p in (ROOT / "plugins").iterdir() if p.is_dir() and not p.name.startswith(("_", "."))}
    assert set(eps.values()) == plugin_dirs
    assert PYPROJECT["project"]["scripts"]["mahjong"] == "mahjong_core.frontends.cli:command"


def test_yaml_is_shipped_as_package_data():
    data = PYPROJECT["tool"]["setuptools"]["package-data"]
    assert any("*.yaml" in pattern for patterns in data.values() for pattern in patterns)


# --------------------------------------------------------------------------- fan coverage

def _load_case_file(path: Path):
    text = path.read_text(encoding="utf-8")
    return json.loads(text) if path.suffix == ".json" else yaml.safe_load(text)


def _file_hint(path: Path) -> str | None:
    """``sichuan_hands.yaml`` holds cases for ``sichuan``; ``guobiao.yaml`` for ``guobiao``."""
    stem = path.stem
    for name in sorted(SHIPPED, key=len, reverse=True):
        if stem == name or stem.startswith(name + "_"):
            return name
    return None


def _collect(node, hint: str | None, overlay, out: list) -> None:
    """Every situation in a case file, with the rulesets it was written for (the keys of an
    ``expect`` map, else a ``ruleset`` field, else what the enclosing record or file says) and
    the case's ``overlay`` (YAML data extending that ruleset), if any."""
    if isinstance(node, list):
        for item in node:
            _collect(item, hint, overlay, out)
        return
    if not isinstance(node, dict):
        return
    if isinstance(node.get("ruleset"), str):
        hint = node["ruleset"]
    if isinstance(node.get("overlay"), dict):
        overlay = json.dumps(node["overlay"], sort_keys=True)
    targets = {hint} if hint else set()
    if isinstance(node.get("expect"), dict):
        named = {k for k in node["expect"] if k in SHIPPED}
        targets = named | targets if named else targets
    sit = node.get("situation")
    if isinstance(sit, dict) and "win_tile" in sit and targets:
        if node.get("type") == "win":            # a record's win event: no 'from' = self-drawn
            sit = dict(sit)
            sit.setdefault("self_drawn", node.get("from") is None)
        out.append((frozenset(targets), overlay, sit))
    for key, value in node.items():
        if key != "situation":
            _collect(value, hint, overlay, out)


def _golden_files() -> list[Path]:
    """Every family's golden case files (tests/<family>/data/): YAML, and JSON but the saved ledgers."""
    return [path for family in FAMILIES for path in sorted(family_data(family).glob("*.yaml"))
            + sorted(p for p in family_data(family).glob("*.json") if not p.name.endswith("_ledgers.json"))]


@lru_cache(maxsize=1)
def golden_situations() -> tuple:
    out: list = []
    for path in _golden_files():
        data = _load_case_file(path)
        _collect(data, _file_hint(path), None, out)
    return tuple(out)


def test_golden_cases_are_found():
    if not _golden_files():
        pytest.skip("no golden data yet")
    assert len(golden_situations()) >= 50


@pytest.mark.parametrize("name", SHIPPED)
def test_every_fan_fires_in_a_golden_case(engine, tmp_path, name):
    """Score every golden situation written for this ruleset or one it extends (under the case's
    overlay, if any); each enabled fan must be awarded at least once."""
    path = RULESETS / f"{name}.yaml"
    rules = engine.load_ruleset(path)
    chain = set(rules._resolved.chain)
    overlays: dict = {None: rules}
    fired: set[str] = set()
    scored = 0
    for targets, overlay, sit in golden_situations():
        if not targets & chain:
            continue
        if overlay not in overlays:
            file = tmp_path / f"{name}-overlay-{len(overlays)}.yaml"
            file.write_text(yaml.safe_dump(dict(json.loads(overlay), extends=str(path))), encoding="utf-8")
            try:
                overlays[overlay] = engine.load_ruleset(file)
            except MahjongError:
                overlays[overlay] = None
        scoring = overlays[overlay]
        if scoring is None:
            continue
        try:
            cands = scoring.candidates(sit)
        except MahjongError:
            continue
        if not cands:
            continue
        scored += 1
        best = scoring.choose(cands)
        fired.update(f.id for f in best.fans)
    assert scored, f"no golden case scores under {name}"
    missing = sorted(r.id for r in rules.fan_rules if r.id not in fired)
    assert not missing, f"{name}: fans never awarded in the golden data (tests/<family>/data/): {missing}"
