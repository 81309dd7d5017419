"""The engine's layout: no class in mahjong_core over 300 lines, plan entries read by name only,
the engine's memo keys typed, and the fill-key shortcut on where the shipped rulesets expect it
(and off, as documented, when one head check lacks a fill_key)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

import mahjong_core
from mahjong_core.engine.registry import Engine
from mahjong_core.engine.fans import EngineKey, FanCheck
from mahjong_core.engine.scoring.plan import CheckEntry, HandTail, TailCheck

from house_plugins import checks, plugin

CORE = Path(mahjong_core.__file__).parent
LIMIT = 300


def classes():
    for path in sorted(CORE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                yield path.relative_to(CORE), node


def test_no_class_in_mahjong_core_is_over_300_lines():
    found = list(classes())
    assert any(node.name == "Ruleset" for _, node in found)
    long = [(str(path), node.name, node.end_lineno - node.lineno + 1) for path, node in found
            if node.end_lineno - node.lineno + 1 > LIMIT]
    assert not long


def test_the_line_count_sees_a_long_class(tmp_path):
    source = "class Big:\n" + "    x = 1\n" * LIMIT
    node = ast.parse(source).body[0]
    assert node.end_lineno - node.lineno + 1 > LIMIT


@pytest.mark.parametrize("record", [CheckEntry, TailCheck, HandTail])
def test_plan_records_cannot_be_read_by_position(record):
    assert not issubclass(record, tuple) and not hasattr(record, "__getitem__")


def test_a_loaded_plan_is_read_by_name():
    rules = mahjong_core.load_ruleset("popular")
    entry = rules.plan.head[0]
    with pytest.raises(TypeError):
        entry[0]
    tail = rules.plan.tail[0]
    assert tail.entry.check_id in {r.check for r in rules.fan_rules} and tail.most > 0


def test_the_engine_keys_in_the_hand_memo_are_typed():
    rules = mahjong_core.load_ruleset("popular")
    s = rules.parse({"hand": "123m456p789s1125z", "win_tile": "5z", "wilds": "5z", "self_drawn": True,
                     "flowers": 1})
    hand_memo: dict = {}
    for dec in rules.decompositions(s):
        rules.evaluate(s, dec, hand_memo)
    ours = {k if isinstance(k, EngineKey) else k[0] for k in hand_memo
            if isinstance(k, EngineKey) or (isinstance(k, tuple) and k and isinstance(k[0], EngineKey))}
    assert ours == {EngineKey.MELD_COUNTS, EngineKey.HAND_FANS, EngineKey.FINISHED}
    assert not [k for k in hand_memo if isinstance(k, str) and k.startswith("engine.")]


@pytest.mark.parametrize("name", ["guobiao", "popular", "popular-lianzhong"])
def test_the_shipped_rulesets_keep_the_fill_key_shortcut(name):
    assert mahjong_core.load_ruleset(name).uses_fill_keys


def test_a_head_check_without_a_fill_key_turns_the_shortcut_off(tmp_path):
    """As FanCheck.fill_key and mahjong_core.engine.scoring.fills warn: all or nothing per ruleset."""
    path = tmp_path / "house.yaml"
    path.write_text("extends: popular\nfans:\n"
                    "  plain: {zh: 平, en: Plain, points: 1, check: house.plain}\n", encoding="utf-8")
    engine = Engine(plugins=[plugin("house", mahjong_fan_checks=checks(FanCheck("house.plain", lambda ctx: 0)))])
    rules = engine.load_ruleset(path)
    assert rules.plan.tail and not rules.uses_fill_keys
    keyed = Engine(plugins=[plugin("house", mahjong_fan_checks=checks(
        FanCheck("house.plain", lambda ctx: 0, fill_key=lambda other, group: 0)))]).load_ruleset(path)
    assert keyed.uses_fill_keys


# ---------------------------------------------------------------- the import graph
def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _runtime_imports(tree):
    """Every import statement, at any depth, except those under ``if TYPE_CHECKING:`` (they never run)."""
    def walk(node):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                yield from (n for part in child.orelse for n in walk_one(part))
                continue
            yield from walk_one(child)

    def walk_one(node):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        yield from walk(node)
    return walk(tree)


def import_graph(root: Path = CORE) -> dict[str, set[str]]:
    """module → the mahjong_core modules it imports (a name imported from a package counts as the
    package, or as its submodule when there is one of that name)."""
    files = {_module_name(p, root): p for p in root.rglob("*.py")}
    graph = {}
    for name, path in files.items():
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        edges = set()
        for node in _runtime_imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                edges.update(a.name for a in node.names)
                continue
            base = ".".join(package[:len(package) - node.level + 1] + [node.module] if node.module else
                            package[:len(package) - node.level + 1]) if node.level else node.module or ""
            edges.update(f"{base}.{a.name}" if f"{base}.{a.name}" in files else base for a in node.names)
        graph[name] = {e for e in edges if e in files and e != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (each holds an import cycle)."""
    index, low, stack, found = {}, {}, [], []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_mahjong_core_has_no_import_cycle():
    graph = import_graph()
    assert "mahjong_core.frontends.wire" in graph["mahjong_core.frontends.web.app"]
    assert not cycles(graph)


def test_the_front_ends_share_the_wire_module_and_import_none_of_each_other():
    """cli runs the batch and starts the web server; the batch and the web API import no front end."""
    graph = import_graph()
    web = {m for m in graph if m.startswith("mahjong_core.frontends.web")}
    for name in ("mahjong_core.frontends.cli", "mahjong_core.frontends.batch", "mahjong_core.frontends.web.app"):
        assert "mahjong_core.frontends.wire" in graph[name], name
    assert not graph["mahjong_core.frontends.batch"] & ({"mahjong_core.frontends.cli"} | web)
    for name in web:
        assert not graph[name] & {"mahjong_core.frontends.cli", "mahjong_core.frontends.batch"}, name


def test_the_cycle_finder_sees_a_cycle_and_skips_type_checking_imports(tmp_path):
    pkg = tmp_path / "mahjong_core"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from . import b\n")
    (pkg / "b.py").write_text("def f():\n    from .a import x\n")
    (pkg / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import y\n")
    assert cycles(import_graph(pkg)) == [["mahjong_core.a", "mahjong_core.b"]]
    (pkg / "b.py").write_text("")
    assert import_graph(pkg)["mahjong_core.c"] == set() and not cycles(import_graph(pkg))


# the layers of mahjong_core (docs/architecture.md, "Layers"): a module may import its own layer
# and the layers listed for it, nothing above
LAYERS = {
    "mahjong_core.engine": {"mahjong_core.engine"},
    "mahjong_core.tools": {"mahjong_core.engine", "mahjong_core.tools"},
    "mahjong_core.frontends": {"mahjong_core.engine", "mahjong_core.tools", "mahjong_core.frontends"},
    "mahjong_core.plugin": {"mahjong_core.engine"},
    "mahjong_core.testing": {"mahjong_core.engine"},
}


def _layer(module: str) -> str | None:
    return next((layer for layer in LAYERS if module == layer or module.startswith(layer + ".")), None)


def layer_breaches(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """(importer, imported) pairs where a module reaches a layer its own may not."""
    out = []
    for name, edges in graph.items():
        own = _layer(name)
        if own is None:
            continue
        out += [(name, e) for e in sorted(edges) if not any(e == a or e.startswith(a + ".") for a in LAYERS[own])]
    return out


def test_every_module_of_mahjong_core_is_in_a_layer():
    graph = import_graph()
    loose = [m for m in graph if _layer(m) is None and m not in ("mahjong_core", "mahjong_core.__main__")]
    assert not loose, f"modules outside engine/, frontends/, tools/ and the two doors: {loose}"


def test_no_module_imports_a_layer_above_its_own():
    assert not layer_breaches(import_graph())


def test_the_layer_check_sees_an_engine_module_reaching_a_front_end():
    graph = {"mahjong_core.engine.ruleset": {"mahjong_core.frontends.wire", "mahjong_core.engine.tiles"},
             "mahjong_core.tools.rulesdoc": {"mahjong_core.engine.ruleset"}}
    assert layer_breaches(graph) == [("mahjong_core.engine.ruleset", "mahjong_core.frontends.wire")]
