"""What ships: ``python -m build`` makes an sdist and a wheel of mahjong-core, and a wheel of the
example plugin, holding every file the installed code reads — each ruleset YAML, web asset and
module — and the entry points that make the plugins load. An editable install reads the source
folder and hides a file the packages forget (a plugin lost its YAML that way); CI also installs
the wheels in a clean venv and runs scripts/smoke_wheel.sh."""
from __future__ import annotations

import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from harness import needs
from testpaths import ROOT

EXAMPLE = ROOT / "examples" / "mahjong-258"

needs("build", "pip install -e '.[test]'")


# what a fresh clone does not hold: an editable install's *.egg-info (whose file list setuptools
# would reuse, shipping files pyproject.toml does not name), caches, venvs, earlier builds
NOT_SOURCES = shutil.ignore_patterns(".git", ".venv", "*.egg-info", "build", "dist", "__pycache__",
                                     ".hypothesis", ".pytest_cache", "artifacts")


def build(source: Path, out: Path, *what: str) -> None:
    proc = subprocess.run([sys.executable, "-m", "build", *what, "--outdir", str(out), str(source)],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> Path:
    """The packages built from a clean copy of the checkout, as from a fresh clone."""
    src, out = tmp_path_factory.mktemp("src") / "mahjong-core", tmp_path_factory.mktemp("dist")
    shutil.copytree(ROOT, src, ignore=NOT_SOURCES)
    build(src, out)                               # the sdist, then the wheel built from it
    build(src / "examples" / "mahjong-258", out, "--wheel")
    return out


def wheel_files(dist: Path, name: str) -> set[str]:
    (wheel,) = dist.glob(f"{name}-*.whl")
    with zipfile.ZipFile(wheel) as z:
        return set(z.namelist())


def shipped_sources() -> dict[str, Path]:
    """Path in the wheel → file in the checkout, for every file of every installed package: the
    packages' own folders (pyproject.toml maps rulesets/ and plugins/*/ to their import names).
    Markdown is the repository's documentation (the plugin READMEs), which no code reads; a
    compiled module is an editable install's build, not a source (the wheel compiles its own)."""
    folders = {"mahjong_core": ROOT / "mahjong_core", "mahjong_rulesets": ROOT / "rulesets"}
    folders |= {p.name: p for p in (ROOT / "plugins").iterdir() if (p / "__init__.py").exists()}
    out = {}
    for package, folder in folders.items():
        for f in folder.rglob("*"):
            if f.is_file() and "__pycache__" not in f.parts and f.suffix not in (".md", ".pyc", ".so", ".pyd"):
                out[f"{package}/{f.relative_to(folder).as_posix()}"] = f
    return out


def test_the_sources_include_what_the_runtime_reads():
    """The listing below is not vacuous: it holds the rulesets, the web page and its assets."""
    files = shipped_sources()
    assert {f"mahjong_rulesets/{p.name}" for p in (ROOT / "rulesets").glob("*.yaml")} <= set(files)
    assert len([f for f in files if f.startswith("mahjong_rulesets/") and f.endswith(".yaml")]) >= 16
    static = ROOT / "mahjong_core" / "frontends" / "web" / "static"
    assert {f"mahjong_core/frontends/web/static/{p.relative_to(static).as_posix()}" for p in static.rglob("*")
            if p.is_file()} <= set(files)
    assert "mahjong_core/frontends/web/static/index.html" in files and "mahjong_guobiao/__init__.py" in files


def test_the_wheel_holds_every_file_of_every_package(dist):
    missing = sorted(set(shipped_sources()) - wheel_files(dist, "mahjong_core"))
    assert not missing, f"the wheel lacks {missing}: list them in pyproject.toml (packages / package-data)"


def test_the_wheel_registers_the_plugins(dist):
    (wheel,) = dist.glob("mahjong_core-*.whl")
    with zipfile.ZipFile(wheel) as z:
        info = next(n for n in z.namelist() if n.endswith(".dist-info/entry_points.txt"))
        text = z.read(info).decode()
    assert "[mahjong_core]" in text and "[console_scripts]" in text and "mahjong = mahjong_core.frontends.cli:command" in text
    for name in ("guobiao", "sichuan", "popular", "fuzhou", "guangdong"):
        assert f"{name} = mahjong_{name}" in text


def test_the_sdist_holds_the_sources_of_the_wheel(dist):
    """The wheel is built from the sdist, so the sdist holds each file under its source path."""
    (sdist,) = dist.glob("mahjong_core-*.tar.gz")
    with tarfile.open(sdist) as t:
        top = t.getnames()[0].split("/")[0]
        names = {n.split("/", 1)[1] for n in t.getnames() if "/" in n}
    assert {"pyproject.toml", "README.md"} <= names, top
    missing = sorted(f.relative_to(ROOT).as_posix() for f in shipped_sources().values()
                     if f.relative_to(ROOT).as_posix() not in names)
    assert not missing, f"the sdist lacks {missing}"


def test_the_example_plugin_wheel_holds_its_rulesets(dist):
    files = wheel_files(dist, "mahjong_258")
    package = EXAMPLE / "mahjong_258"
    want = {f"mahjong_258/{p.relative_to(package).as_posix()}" for p in package.rglob("*")
            if p.is_file() and "__pycache__" not in p.parts}
    assert {"mahjong_258/rulesets/mini-258.yaml", "mahjong_258/rulesets/guobiao-258.yaml",
            "mahjong_258/base/mini-base.yaml"} <= want
    assert not want - files, f"the example plugin's wheel lacks {sorted(want - files)}"


def test_the_packages_carry_the_compiled_kernel(dist):
    """The sdist holds the C sources (the shanten kernel, the wild splitter, Guobiao's fast-path
    fans) and setup.py; the wheel holds all three compiled wherever this machine compiled them
    for the editable install (a C compiler is here)."""
    from mahjong_core.engine.shapes import kernel
    (sdist,) = dist.glob("mahjong_core-*.tar.gz")
    with tarfile.open(sdist) as t:
        names = {n.split("/", 1)[1] for n in t.getnames() if "/" in n}
    assert {"setup.py", "csrc/shanten_kernel.c", "csrc/wild_splits.c", "csrc/guobiao_fans.c"} <= names
    if kernel._kernel is None:
        pytest.skip("no compiled kernel here (no C compiler at install): the wheel holds none either")
    files = wheel_files(dist, "mahjong_core")
    for name in ("_kernel", "_splits"):
        assert any(n.startswith(f"mahjong_core/engine/shapes/{name}.") for n in files), \
            f"the wheel lacks the compiled {name}"
    assert any(n.startswith("mahjong_guobiao/fastpath/_fans.") for n in files), "the wheel lacks the compiled _fans"
