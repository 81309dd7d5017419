"""The plugin index (engine/pluginindex.py, engine/plugins.py): an engine started with it loads
only the plugins a ruleset needs and answers as an engine with every plugin does — on every
shipped ruleset, for a hook asked of every ruleset, a contested id, an unknown name and a
third-party ruleset — and an install, an edited plugin or a damaged index loads them all."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time

import pytest

from mahjong_core import MahjongError
from mahjong_core.engine.registry import Engine

from harness import EXAMPLE_PLUGIN, needs
from site_kit import install_dist, site_folder
from testpaths import MINI

SITUATIONS = [{"hand": "123m456m789m123p5p", "win_tile": "5p"},
              {"hand": "123m456m789m11z22z", "win_tile": "2z", "self_drawn": True},
              {"hand": "123m456m789m123p456p5p", "win_tile": "5p", "self_drawn": True},
              {"hand": "1122m3344p5566s77z", "win_tile": "7z"}]


@pytest.fixture
def site(tmp_path, monkeypatch):
    """A cache folder of the test's own and a folder on ``sys.path`` to install plugins into."""
    yield site_folder(tmp_path, monkeypatch)
    for name in [m for m in sys.modules if m.startswith("lazy_")]:
        del sys.modules[name]


def _install(site, name: str, source: str) -> None:
    """A plugin module ``name`` with its dist-info, as ``pip install`` leaves them."""
    install_dist(site, name, f"{name} = {name}")
    (site / f"{name}.py").write_text(textwrap.dedent(source), encoding="utf-8")


def _full(monkeypatch) -> Engine:
    """An engine without the cache: every plugin loaded at once, as before the index."""
    cache = os.environ["MAHJONG_CORE_CACHE"]
    monkeypatch.setenv("MAHJONG_CORE_CACHE", "off")
    try:
        return Engine()
    finally:
        monkeypatch.setenv("MAHJONG_CORE_CACHE", cache)


def _lazy() -> Engine:
    """An engine started from the index (written by the first engine if there is none)."""
    Engine()
    return Engine()


def _plugins_of(registry) -> set[str]:
    return {reg.plugin for reg in registry.checks.values()}


def _outcome(load, situation=None):
    """What loading a ruleset (and scoring a situation with it) answers: the result or the error."""
    try:
        rules = load()
        return rules.score(situation).to_dict() if situation is not None else rules.fingerprint
    except MahjongError as e:
        return type(e).__name__, e.message


def _explained(rules, situation):
    """``--explain``'s answer (its notes from every plugin's hook), or the error."""
    try:
        return rules.explain(rules.score(situation, enforce_minimum=False))
    except MahjongError as e:
        return type(e).__name__, e.message


def test_an_engine_with_the_index_loads_only_what_a_ruleset_names(site):
    lazy = _lazy()
    assert list((site.parent / "cache").glob("plugins-*.json"))
    assert _plugins_of(lazy.loaded) == {"builtin"}
    lazy.load_ruleset("guobiao")
    assert _plugins_of(lazy.loaded) == {"builtin", "guobiao"}
    lazy.load_ruleset("popular")
    assert _plugins_of(lazy.loaded) == {"builtin", "guobiao", "popular"}
    assert {"sichuan", "guangdong", "fuzhou"} <= _plugins_of(lazy.registry)    # every plugin's, when asked
    assert lazy.failures == {}


def test_every_shipped_ruleset_answers_as_with_every_plugin(site, monkeypatch):
    full = _full(monkeypatch)
    names = sorted(full.ruleset_files())
    assert len(names) >= 15
    for name in names:
        lazy = _lazy()
        got, want = lazy.load_ruleset(name), full.load_ruleset(name)
        assert got.fingerprint == want.fingerprint, name
        assert [(r.id, r.check, r.points) for r in got.fan_rules] == [(r.id, r.check, r.points) for r in want.fan_rules]
        assert [(s.shape.id, s.plugin) for s in got.shapes] == [(s.shape.id, s.plugin) for s in want.shapes], name
        assert (got.settlement_rule and got.settlement_rule.plugin) == (want.settlement_rule and want.settlement_rule.plugin)
        assert (got.fast_scorer is None) == (want.fast_scorer is None), name
        for situation in SITUATIONS:
            assert _outcome(lambda: got, situation) == _outcome(lambda: want, situation), (name, situation)
            assert _explained(got, situation) == _explained(want, situation), (name, situation)


def test_a_hook_asked_of_every_ruleset_loads_its_plugin(site):
    """A plugin that registers nothing a ruleset names still vetoes it, as the hook promises."""
    _install(site, "lazy_veto", """
        from mahjong_core.plugin import RulesetError, hookimpl

        @hookimpl
        def mahjong_validate_ruleset(ruleset):
            if ruleset.name == "guobiao":
                raise RulesetError("the house plays no guobiao")
        """)
    first = _outcome(lambda: Engine().load_ruleset("guobiao"))
    assert first == ("RulesetError", "the house plays no guobiao")
    assert _outcome(lambda: Engine().load_ruleset("guobiao")) == first


def test_a_contested_core_id_stays_contested(site, monkeypatch):
    """mini.yaml names no value formula: 'total' is core's default, which this plugin registers too."""
    _install(site, "lazy_total", """
        from mahjong_core.plugin import ValueFormula, hookimpl

        @hookimpl
        def mahjong_value_formulas():
            return [ValueFormula("total", lambda total, fans, situation: total)]
        """)
    want = _outcome(lambda: _full(monkeypatch).load_ruleset(MINI))
    assert want[0] == "PluginError" and "'total' is registered by more than one plugin" in want[1]
    assert _outcome(lambda: _lazy().load_ruleset(MINI)) == want


def test_an_unknown_name_is_answered_with_every_plugin(site, monkeypatch):
    want = _outcome(lambda: _full(monkeypatch).load_ruleset("guobaio"))
    assert want[0] == "UnknownRulesetError" and "did you mean 'guobiao'" in want[1]
    lazy = _lazy()
    assert _outcome(lambda: lazy.load_ruleset("guobaio")) == want
    assert "sichuan" in _plugins_of(lazy.loaded)


def test_a_third_party_ruleset_loads_its_plugin(site, monkeypatch):
    needs("mahjong_258", EXAMPLE_PLUGIN)
    want = _full(monkeypatch).load_ruleset("guobiao-258")
    lazy = _lazy()
    got = lazy.load_ruleset("guobiao-258")
    assert "mahjong_258" in _plugins_of(lazy.loaded) and "sichuan" not in _plugins_of(lazy.loaded)
    assert got.fingerprint == want.fingerprint
    situation = {"hand": "222m555p888s22z44z", "win_tile": "4z"}
    assert _outcome(lambda: got, situation) == _outcome(lambda: want, situation)


def test_a_damaged_index_loads_every_plugin_and_is_written_again(site):
    Engine()
    (index,) = (site.parent / "cache").glob("plugins-*.json")
    index.write_text("not json", encoding="utf-8")
    assert "sichuan" in _plugins_of(Engine().loaded)
    json.loads(index.read_text(encoding="utf-8"))
    assert _plugins_of(Engine().loaded) == {"builtin"}


def test_an_install_is_seen(site):
    Engine()
    _install(site, "lazy_late", """
        from mahjong_core.plugin import RulesetError, hookimpl

        @hookimpl
        def mahjong_validate_ruleset(ruleset):
            raise RulesetError("installed late")
        """)
    assert _outcome(lambda: Engine().load_ruleset("guobiao")) == ("RulesetError", "installed late")


EDIT_SCRIPT = """
from mahjong_core import MahjongError
from mahjong_core.engine.registry import Engine
try:
    print(Engine().load_ruleset("guobiao").name)
except MahjongError as e:
    print(e.message)
"""


def test_an_edited_plugin_is_seen_by_the_next_start(site, tmp_path):
    """A module's code changes with no install: its file's size and time of change tell."""
    _install(site, "lazy_edited", """
        from mahjong_core.plugin import hookimpl

        @hookimpl
        def mahjong_rulesets():
            return []
        """)
    env = {**os.environ, "PYTHONPATH": str(site)}
    run = tmp_path / "run"         # the child's current folder, on its sys.path: left as it is
    run.mkdir()

    def start() -> str:
        proc = subprocess.run([sys.executable, "-c", EDIT_SCRIPT], capture_output=True, text=True,
                              encoding="utf-8", env=env, cwd=run, timeout=120)
        assert proc.returncode == 0, proc.stderr
        return proc.stdout.strip()

    assert start() == "guobiao" and start() == "guobiao"       # the second from the index
    time.sleep(0.01)                # a time of change that differs on coarse clocks too
    (site / "lazy_edited.py").write_text(textwrap.dedent("""
        from mahjong_core.plugin import RulesetError, hookimpl

        @hookimpl
        def mahjong_validate_ruleset(ruleset):
            raise RulesetError("edited in place")
        """), encoding="utf-8")
    assert start() == "edited in place"
