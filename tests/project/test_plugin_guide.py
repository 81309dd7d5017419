"""The plugin guide's walk-through is a family that works: docs/plugins.md "Write a family in a
folder" gives every file of a package (each fenced block after a line ``<!-- file: PATH -->``);
written into a folder and installed (not editable) beside mahjong-core in a fresh virtualenv, it
lists its ruleset, every command the guide shows (each console block after ``<!-- run in FOLDER
... -->``, some after editing a copy of the folder as the marker says) prints what the guide shows,
its settlement's ledger sums to zero, and the family's own golden tests pass there — and fail
when a case is wrong."""
from __future__ import annotations

import ast
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml

ROOT = next(p for p in Path(__file__).resolve().parents if (p / "pyproject.toml").is_file())   # the checkout
GUIDE = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
HEADING = "## Write a family in a folder\n"
SECTION = GUIDE[GUIDE.index(HEADING):GUIDE.index("\n## ", GUIDE.index(HEADING) + len(HEADING))]
PROJECT = "mahjong-demo"

FILE = re.compile(r"^<!-- file: (\S+) -->\n```[\w-]*\n(.*?)^```$", re.M | re.S)
RUN = re.compile(r"^<!-- run in (\S+?)(?: after editing (\S+): (.*?))? -->\n```console\n(.*?)^```$", re.M | re.S)
EDIT = re.compile(r'("(?:[^"\\]|\\.)*") → ("(?:[^"\\]|\\.)*")')

# CI installs everything the suite needs: there a missing prerequisite fails instead of skipping
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")

# what pip builds mahjong-core from: a copy of what its wheel holds, not the checkout itself
CORE_SOURCES = ("pyproject.toml", "README.md", "mahjong_core", "rulesets", "plugins")
NOT_SOURCES = shutil.ignore_patterns("__pycache__", "*.egg-info", "build", "dist")


def snippets() -> dict[str, str]:
    """Path (below the folder the guide builds) → text, for every file the section gives."""
    files = {}
    for path, body in FILE.findall(SECTION):
        assert path not in files, f"docs/plugins.md gives {path} twice"
        files[path] = body
    return files


def runs() -> list[tuple[str, dict[str, list[tuple[str, str]]], str]]:
    """(folder, {file: [(old, new), ...]}, console text) of every run the section shows."""
    out = []
    for folder, edited, edits, console in RUN.findall(SECTION):
        changes = {}
        if edited:
            pairs = EDIT.findall(edits)
            assert pairs and EDIT.sub("", edits).strip("; ") == "", f"unreadable edit in a run marker: {edits}"
            changes[edited] = [(json.loads(a), json.loads(b)) for a, b in pairs]
        out.append((folder, changes, console))
    return out


def commands(console: str) -> list[tuple[str, str]]:
    """(command, what it prints) of each ``$ `` line of a console block."""
    out = []
    for line in console.splitlines(keepends=True):
        if line.startswith("$ "):
            out.append([line[2:].strip(), ""])
        else:
            assert out, f"console block does not start with a command: {console[:60]}"
            out[-1][1] += line
    return [(c, shown) for c, shown in out]


def shown_pattern(shown: str) -> re.Pattern:
    """What a console block shows as a pattern: each line exactly, a line ``…`` any lines."""
    parts = ["(?:[^\n]*\n)*?" if line == "…" else re.escape(line) + "\n" for line in shown.splitlines()]
    return re.compile("".join(parts))


def missing(what: str):
    why = f"needs {what}"
    if IN_CI:
        pytest.fail(why, pytrace=False)
    pytest.skip(why)


# ---------------------------------------------------------------- the guide without installing


def test_the_section_gives_a_whole_family():
    files = snippets()
    assert set(files) == {f"{PROJECT}/{p}" for p in (
        "pyproject.toml", "mahjong_demo/__init__.py", "mahjong_demo/rulesets/demo.yaml",
        "tests/cases.yaml", "tests/test_demo.py", "record.json")}
    # every marker is read: none stands before anything but a fenced block
    assert len(re.findall(r"^<!-- file: ", SECTION, re.M)) == len(files)
    assert len(re.findall(r"^<!-- run in ", SECTION, re.M)) == len(runs()) >= 4
    # every command the section shows is run
    shown = len(re.findall(r"^```console\n", SECTION, re.M))
    assert shown == len(runs()), "a console block of the walk-through has no <!-- run in ... --> marker"
    folders = {folder for folder, _, _ in runs()}
    assert folders == {PROJECT}


def test_the_family_imports_only_the_plugin_doors():
    """Its code imports from core only mahjong_core.plugin, its tests mahjong_core.testing."""
    for path, text in snippets().items():
        if not path.endswith(".py"):
            continue
        allowed = {"mahjong_core.testing"} if "/tests/" in path else {"mahjong_core.plugin"}
        for node in ast.walk(ast.parse(text, path)):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module] if isinstance(node, ast.ImportFrom) and node.module else []
            for name in names:
                if name.split(".")[0] == "mahjong_core":
                    assert name in allowed, f"{path} imports {name}"


def test_the_package_says_what_it_ships():
    data = tomllib.loads(snippets()[f"{PROJECT}/pyproject.toml"])
    assert data["project"]["entry-points"]["mahjong_core"] == {"demo": "mahjong_demo"}
    assert data["tool"]["setuptools"]["package-data"]["mahjong_demo"] == ["rulesets/*.yaml"]
    assert "mahjong-core" in data["project"]["dependencies"]


# ---------------------------------------------------------------- installed in a fresh virtualenv


def run(argv, cwd: Path, env: dict, timeout: int = 300) -> subprocess.CompletedProcess:
    return subprocess.run([str(a) for a in argv], cwd=cwd, env=env, capture_output=True, text=True,
                          encoding="utf-8", timeout=timeout)


def succeeded(proc: subprocess.CompletedProcess) -> str:
    """What a command printed, once it exited 0; else the test fails showing the end of it."""
    if proc.returncode != 0:
        pytest.fail(f"{' '.join(map(str, proc.args))} exited {proc.returncode}:\n"
                    f"{(proc.stdout or '')[-3000:]}{(proc.stderr or '')[-3000:]}", pytrace=False)
    return proc.stdout


class Installed:
    """The guide's folder written out, and a virtualenv holding mahjong-core and the family."""

    def __init__(self, base: Path):
        self.base = base
        self.folder = base / PROJECT
        for path, text in snippets().items():
            target = base / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        self.venv = base / "venv"
        self.bin = self.venv / "bin"
        self.env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
        self.env["PATH"] = f"{self.bin}{os.pathsep}{self.env.get('PATH', '')}"
        self.env["PYTHONDONTWRITEBYTECODE"] = "1"

    def install(self) -> None:
        made = run([sys.executable, "-m", "venv", self.venv], self.base, self.env)
        if made.returncode != 0 or not (self.bin / "pip").exists():
            missing(f"a virtualenv with pip (python -m venv: {made.stderr.strip()[-300:]})")
        core = self.base / "mahjong-core"
        for name in CORE_SOURCES:
            src = ROOT / name
            if src.is_dir():
                shutil.copytree(src, core / name, ignore=NOT_SOURCES)
            else:
                core.mkdir(exist_ok=True)
                shutil.copy2(src, core / name)
        # not editable: each is built into a wheel and installed from it, as a user gets it
        succeeded(run([self.bin / "python", "-m", "pip", "install", "--quiet", core, f"{self.folder}[test]"],
                      self.base, self.env, timeout=600))

    def mahjong(self, command: str, cwd: Path) -> subprocess.CompletedProcess:
        argv = shlex.split(command)
        assert argv[0] == "mahjong", f"the walk-through runs only mahjong commands: {command}"
        proc = subprocess.run([str(self.bin / "mahjong"), *argv[1:]], cwd=cwd, env=self.env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              encoding="utf-8", timeout=120)
        return proc


@pytest.fixture(scope="module")
def family(tmp_path_factory) -> Installed:
    installed = Installed(tmp_path_factory.mktemp("guide"))
    installed.install()
    return installed


def test_the_family_is_installed_not_editable(family):
    path, has_yaml = succeeded(run([family.bin / "python", "-c", "import mahjong_demo, pathlib; "
                                    "p = pathlib.Path(mahjong_demo.__file__); print(p); "
                                    "print((p.parent / 'rulesets' / 'demo.yaml').is_file())"],
                                   family.base, family.env)).split()
    assert Path(path).is_relative_to(family.venv) and "site-packages" in Path(path).parts, path
    assert has_yaml == "True"


def _run_id(index: int) -> str:
    folder, edits, console = runs()[index]
    verbs = "+".join(shlex.split(c)[1] for c, _ in commands(console))
    return f"{index}-{verbs}" + ("-edited" if edits else "")


@pytest.mark.parametrize("index", range(len(runs())), ids=_run_id)
def test_every_run_the_guide_shows(family, index, tmp_path):
    folder, edits, console = runs()[index]
    here = family.folder
    if edits:
        here = tmp_path / folder
        shutil.copytree(family.folder, here)
        for name, changes in edits.items():
            path = here / name
            text = path.read_text(encoding="utf-8")
            for old, new in changes:
                assert text.count(old) == 1, f"the guide's edit of {name}: {old!r} is not in the file once"
                text = text.replace(old, new)
            path.write_text(text, encoding="utf-8")
    for command, shown in commands(console):
        proc = family.mahjong(command, here)
        if not shown_pattern(shown).fullmatch(proc.stdout):
            pytest.fail(f"`{command}` printed:\n{proc.stdout}\nwhere docs/plugins.md shows:\n{shown}", pytrace=False)
        assert (proc.returncode != 0) == shown.startswith("error"), (command, proc.returncode)


def test_the_guide_worked_its_arithmetic(family):
    """The score and the ledger the guide works out, read as JSON: the self-drawn half flush is
    4 points, and the settlement gives the deltas its result line shows, summing to zero."""
    answer = json.loads(succeeded(family.mahjong("mahjong score --ruleset demo 123456789m111z5m 5m --self-drawn --json",
                                                 family.folder)))
    assert (answer["total"], answer["value"]) == (4, 4)
    assert {f["id"]: f["points"] for f in answer["fans"]} == {"half_flush": 3, "self_drawn": 1}
    deltas = json.loads(succeeded(family.mahjong("mahjong settle --ruleset demo record.json --json",
                                                 family.folder)))["deltas"]
    shown = re.search(r"^result +(.*)$", SECTION, re.M).group(1)
    assert deltas == [int(d) for d in re.findall(r"seat \d: ([+-]?\d+)", shown)] == [-6, 26, -6, -14]
    assert sum(deltas) == 0


def test_the_rulesets_listing_names_the_family(family):
    listed = succeeded(family.mahjong("mahjong rulesets --json", family.folder))
    assert "warning" not in listed, listed
    assert {"name": "demo", "title": "Demo family"} in json.loads(listed)


def _cases() -> int:
    return len(yaml.safe_load(snippets()[f"{PROJECT}/tests/cases.yaml"])["cases"])


def test_the_familys_own_tests_pass_there(family):
    out = succeeded(run([family.bin / "pytest", "-q", "-p", "no:cacheprovider"], family.folder, family.env))
    assert re.search(rf"^{_cases()} passed\b", out, re.M), out[-1000:]


def test_the_familys_tests_fail_on_a_wrong_case(family, tmp_path):
    """The runner is no formality: a golden case that expects a wrong total fails, naming its
    file and line."""
    here = tmp_path / PROJECT
    shutil.copytree(family.folder, here)
    cases = here / "tests" / "cases.yaml"
    text = cases.read_text(encoding="utf-8")
    assert text.count("  total: 4\n") >= 1
    cases.write_text(text.replace("  total: 4\n", "  total: 5\n", 1), encoding="utf-8")
    case = text.rindex("\n- id:", 0, text.index("  total: 4\n")) + 1
    line = text[:case].count("\n") + 1                            # the case's first line
    proc = run([family.bin / "pytest", "-q", "-p", "no:cacheprovider"], here, family.env)
    out = proc.stdout
    assert proc.returncode == 1, out[-3000:]
    assert re.search(rf"cases\.yaml:{line}: case '[\w-]+' under ruleset 'demo'", out), out[-3000:]
    assert "total: got 4, expected 5" in out and f"1 failed, {_cases() - 1} passed" in out, out[-3000:]
