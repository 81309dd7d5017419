"""The plugin interface: one import (mahjong_core.plugin) holds the hook marker and every record a
plugin uses; the hooks are typed and their records document each field."""
from __future__ import annotations

import ast
import dataclasses
import inspect
import re
import types

import pytest

import mahjong_core
from mahjong_core import Engine, plugin
from mahjong_core.engine import declarations, errors, flows, hookspecs
from mahjong_core.engine.registry import REGISTRATIONS
from mahjong_core.tools.hookdoc import hook_names

from testpaths import ROOT


def test_every_exported_name_exists():
    assert len(plugin.__all__) == len(set(plugin.__all__))
    for name in plugin.__all__:
        assert hasattr(plugin, name), name


def test_the_records_of_every_registration_hook_are_exported():
    kinds = [kind for kind in REGISTRATIONS.values() if kind is not None]
    assert len(kinds) == 5
    for kind in kinds:
        assert getattr(plugin, kind.__name__) is kind
    assert plugin.hookimpl is hookspecs.hookimpl


def test_what_checks_and_settlements_read_and_return_is_exported():
    from mahjong_core.engine.fans import Alternatives, FanContext
    from mahjong_core.engine.records import Record
    from mahjong_core.engine.settle.money import Payment
    from mahjong_core.engine.shapes import Decomposition, Group, ShapeInput
    for obj in (Alternatives, FanContext, Payment, Record, Decomposition, Group, ShapeInput):
        assert getattr(plugin, obj.__name__) is obj


def test_every_error_class_is_exported():
    classes = [c for c in vars(errors).values() if isinstance(c, type) and issubclass(c, errors.MahjongError)]
    assert len(classes) >= 9
    for cls in classes:
        assert getattr(plugin, cls.__name__) is cls, cls.__name__


def _imports_from_mahjong_core(tree) -> set[str]:
    return {node.module for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("mahjong_core")}


def test_every_hook_example_needs_only_the_one_import():
    for name in hook_names():
        doc = getattr(hookspecs.MahjongSpec, name).__doc__
        example = inspect.cleandoc(doc.split("Example::", 1)[1])
        assert _imports_from_mahjong_core(ast.parse(example)) == {"mahjong_core.plugin"}, name


def test_the_example_plugin_needs_only_the_one_import():
    source = (ROOT / "examples" / "mahjong-258" / "mahjong_258" / "__init__.py").read_text(encoding="utf-8")
    assert _imports_from_mahjong_core(ast.parse(source)) == {"mahjong_core.plugin"}


def test_a_plugin_written_with_the_one_import_scores_and_settles(tmp_path):
    source = '''
from mahjong_core.plugin import hookimpl, FanCheck, SettlementRule, ValueFormula, Payment, SettlementError

def honour_pair(ctx):
    pair = ctx.pair
    return int(pair is not None and pair.tile >= 27)

def flat(record, ruleset, stake=1):
    for win in record.of_type("win"):
        if win.get("from") is None:
            raise SettlementError("flat: self-drawn wins are not settled")
        yield Payment(win.get("from"), win.seat, stake, "discard win")

@hookimpl
def mahjong_fan_checks():
    return [FanCheck("house.honour_pair", honour_pair, most=1)]

@hookimpl
def mahjong_settlements():
    return [SettlementRule("house.flat", flat, event_types=("win",))]

@hookimpl
def mahjong_value_formulas():
    return [ValueFormula("house.double", lambda total, fans, situation: 2 * total)]
'''
    module = types.ModuleType("house_plugin")
    exec(compile(source, "house_plugin", "exec"), module.__dict__)
    engine = Engine(plugins=[module], entry_points=False)
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: {ROOT / 'tests' / 'data' / 'mini.yaml'}\n"
                    "scoring: {value: {formula: house.double}}\n"
                    "settlement: {id: house.flat, params: {stake: 3}}\n"
                    "fans:\n  honour_pair: {zh: 字将, en: Honour Pair, points: 2, check: house.honour_pair}\n",
                    encoding="utf-8")
    rules = engine.load_ruleset(path)
    result = rules.score({"hand": "123m456p789s777m1z", "win_tile": "1z"})
    assert ([f.id for f in result.fans], result.total, result.value) == (["honour_pair"], 2, 4)
    record = {"seats": 4, "dealer": 0, "events": [
        {"type": "win", "seat": 1, "from": 2, "situation": {"hand": "123m456p789s777m1z", "win_tile": "1z"}}]}
    assert rules.settle(record).to_dict()["deltas"] == [0, 3, -3, 0]


def _records():
    for module in (hookspecs, flows, declarations):
        for obj in vars(module).values():
            if dataclasses.is_dataclass(obj) and obj.__module__ == module.__name__ and obj.__name__ != "WinShape":
                yield obj


def test_every_record_field_is_documented_with_its_type():
    records = list(_records())
    assert {r.__name__ for r in records} >= {"TileSet", "SettlementRule", "ValueFormula", "TableFlow", "OpeningStep",
                                             "SituationField", "Validator"}
    for record in records:
        doc = record.__doc__
        for f in dataclasses.fields(record):
            line = re.search(rf"^\s*- ``{f.name}`` \(``(.+?)``\): (\S.*)$", doc, re.M)
            assert line, f"{record.__name__}.{f.name} is not documented as '- ``{f.name}`` (``type``): meaning'"
            assert line.group(1) == f.type, f"{record.__name__}.{f.name}: documented as {line.group(1)}, " \
                                            f"annotated {f.type}"


def test_every_hook_is_typed():
    for name in hook_names():
        sig = inspect.signature(getattr(hookspecs.MahjongSpec, name))
        assert sig.return_annotation is not inspect.Signature.empty, name
        for p in list(sig.parameters.values())[1:]:
            assert p.annotation is not inspect.Parameter.empty, f"{name}({p.name})"
    for name, kind in REGISTRATIONS.items():
        returns = inspect.signature(getattr(hookspecs.MahjongSpec, name)).return_annotation
        if kind is not None:
            assert returns == f"list[{kind.__name__}]", name


def test_the_package_still_offers_its_own_names():
    """mahjong_core.plugin adds a door; the old import paths keep working."""
    from mahjong_core.engine.fans import FanCheck
    from mahjong_core.engine.hookspecs import hookimpl
    assert (FanCheck, hookimpl) == (plugin.FanCheck, plugin.hookimpl)
    assert mahjong_core.RulesetError is plugin.RulesetError


def _plugin_sources():
    """Every module of the shipped plugins and of everything under examples/: the example plugins
    (each a package of its own) and the scripts beside them, such as examples/rl/ (their tests
    drive the library as a user does, through ``mahjong_core`` and ``mahjong_core.testing``, and
    are left out)."""
    for folder in [ROOT / "plugins", ROOT / "examples"]:
        for path in sorted(folder.rglob("*.py")):
            if "tests" not in path.relative_to(folder).parts:
                yield path


def _core_imports(tree) -> list[str]:
    """Every ``mahjong_core`` module a module imports, as written (``from mahjong_core import x``
    reaches module ``mahjong_core.x`` or a name of the package: both are outside the door)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").split(".")[0] == "mahjong_core":
            found += [node.module] if node.module != "mahjong_core" else [f"mahjong_core.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.split(".")[0] == "mahjong_core"]
    return found


def test_plugins_and_the_example_import_only_the_plugin_door():
    sources = list(_plugin_sources())
    assert len(sources) > 40 and any(p.name == "knitted_straight.py" for p in sources)
    assert any(p.name == "random_agents.py" for p in sources)
    outside = [f"{p.relative_to(ROOT)}: {m}" for p in sources
               for m in _core_imports(ast.parse(p.read_text(encoding="utf-8"))) if m != "mahjong_core.plugin"]
    assert not outside, "\n".join(outside)


@pytest.mark.parametrize("source, found", [
    ("from mahjong_core.plugin import hookimpl", []),
    ("from mahjong_core.plugin import tiles as T", []),
    ("from mahjong_core import testing", ["mahjong_core.testing"]),
    ("from mahjong_core.engine.records import Record", ["mahjong_core.engine.records"]),
    ("from mahjong_core.engine.settle.money import why", ["mahjong_core.engine.settle.money"]),
    ("import mahjong_core.engine.shapes.suits", ["mahjong_core.engine.shapes.suits"]),
    ("def f():\n    from mahjong_core.engine.analysis import NEVER", ["mahjong_core.engine.analysis"]),
    ("from .facts import x", [])])
def test_the_import_walk_sees_every_way_in(source, found):
    assert [m for m in _core_imports(ast.parse(source)) if m != "mahjong_core.plugin"] == found


def test_no_plugin_compares_core_functions_by_identity():
    """A plugin reads a ruleset's value formula by its id (``Ruleset.value_formula_id``)."""
    for path in _plugin_sources():
        assert "value_formula is" not in path.read_text(encoding="utf-8"), path
    assert mahjong_core.load_ruleset("fuzhou").value_formula_id == "units"


def _option_defaults(tree) -> list[str]:
    """Where a module gives an option a value of its own: ``options.get(name, default)`` (on any
    ``…options`` or ``opts``) or a module-level ``DEFAULTS``."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" \
                and len(node.args) == 2 and ast.unparse(node.func.value).split(".")[-1] in ("options", "opts"):
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            found += [f"line {node.lineno}: {t.id}" for t in targets if isinstance(t, ast.Name) and t.id == "DEFAULTS"]
    return found


def test_no_plugin_module_gives_an_option_a_default():
    """An option's default is its declaration in the ruleset YAML, nowhere else: a plugin reads
    ``options[name]`` (an unset one is a ruleset_error naming the file)."""
    found = {str(path.relative_to(ROOT)): hits for path in _plugin_sources()
             if (hits := _option_defaults(ast.parse(path.read_text())))}
    assert not found


@pytest.mark.parametrize("source", ["x = ctx.options.get('formal_waits', True)", "DEFAULTS = {'unit': 20}",
                                    "def f(opts):\n    return opts.get('a', 1)"])
def test_the_default_finder_sees_a_default(source):
    assert _option_defaults(ast.parse(source))
