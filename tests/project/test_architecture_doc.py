"""docs/architecture.md stays true to the tree: its module map names every module under
mahjong_core/ and plugins/, and every module it names exists; its Tests section names every folder
of tests/ and the suite keeps the rules it states; the pipeline, the glossary, the search's
invariants and the "to change X, edit Y" table are there."""
from __future__ import annotations

import ast
import re
from collections import Counter

from testpaths import ROOT

DOC = ROOT / "docs" / "architecture.md"


def _section(title: str) -> str:
    text = DOC.read_text(encoding="utf-8")
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    assert match, f"docs/architecture.md has no section '## {title}'"
    return match.group(1)


def _named_modules() -> set[str]:
    return set(re.findall(r"`((?:mahjong_core|plugins)/[\w/]+\.py)`", _section("Module map")))


def _modules_on_disk() -> set[str]:
    return {p.relative_to(ROOT).as_posix() for folder in ("mahjong_core", "plugins")
            for p in (ROOT / folder).rglob("*.py")}


def test_every_module_is_in_the_module_map():
    missing = sorted(_modules_on_disk() - _named_modules())
    assert not missing, f"modules missing from the module map of docs/architecture.md: {missing}"


def test_every_module_in_the_map_exists():
    gone = sorted(_named_modules() - _modules_on_disk())
    assert not gone, f"docs/architecture.md names modules that do not exist: {gone}"


def test_the_pipeline_has_its_diagram():
    pipeline = _section("The pipeline")
    diagram = re.search(r"```text\n(.*?)```", pipeline, re.S).group(1)
    for step in ("parse", "shapes", "readings", "checks", "finish", "ScoreResult", "record", "Settlement"):
        assert step in diagram, step


def test_the_glossary_defines_the_engines_words():
    first_cells = re.findall(r"^\| (.+?) \|", _section("Glossary"), re.M)
    defined = {w for cell in first_cells for w in re.findall(r"\*\*(.+?)\*\*", cell)}
    for word in ("reading", "decomposition", "family", "plan", "head checks", "tail checks", "room",
                 "ceiling", "fill key", "finish", "fallback", "drop", "exclusion", "reduction",
                 "per-hand check", "Alternatives", "choice"):
        assert word in defined, word


def test_the_search_invariants_and_the_edit_table_are_there():
    assert _section("The search and its invariants").count("\n* **") >= 5
    rows = re.findall(r"^\| (?!to change|---)", _section("To change X, edit Y"), re.M)
    assert len(rows) >= 10


def test_the_tests_section_names_every_folder_of_tests():
    named = set(re.findall(r"`tests/(\w+)/`", _section("Tests")))
    on_disk = {p.name for p in (ROOT / "tests").iterdir()
               if p.is_dir() and p.name[0] not in "._" and p.name != "artifacts"}
    assert named == on_disk, f"docs/architecture.md, Tests: names {sorted(named)}, tests/ holds {sorted(on_disk)}"


def test_no_test_module_imports_another_and_each_name_is_unique():
    """Helpers live in tests/support/; pytest's default import mode needs unique file names."""
    files = sorted((ROOT / "tests").rglob("test_*.py")) + sorted((ROOT / "examples").glob("*/tests/**/test_*.py"))
    twice = [name for name, n in Counter(p.name for p in files).items() if n > 1]
    assert not twice, f"test file names used twice: {twice}"
    offenders = []
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            offenders += [f"{path.relative_to(ROOT)}:{node.lineno} imports {n}" for n in names if n.startswith("test_")]
    assert not offenders, offenders
