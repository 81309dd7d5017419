"""A site folder of a test's own: a cache folder and a folder on ``sys.path`` that plugins are
"installed" into, with the dist-info ``pip install`` leaves (the entry points and the plugin
index read those)."""
from __future__ import annotations

from pathlib import Path

from mahjong_core.engine.hookspecs import PROJECT


def site_folder(tmp_path: Path, monkeypatch) -> Path:
    """Point the cache at a folder of the test's own and put a fresh folder on ``sys.path``."""
    monkeypatch.setenv("MAHJONG_CORE_CACHE", str(tmp_path / "cache"))
    folder = tmp_path / "site"
    folder.mkdir()
    monkeypatch.syspath_prepend(str(folder))
    return folder


def install_dist(site: Path, dist: str, entries: str) -> None:
    """The dist-info of ``dist`` with ``entries`` (lines ``name = module[:object]``) as its
    mahjong_core entry points."""
    meta = site / f"{dist}-1.0.dist-info"
    meta.mkdir(exist_ok=True)
    (meta / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 1.0\n", encoding="utf-8")
    (meta / "entry_points.txt").write_text(f"[{PROJECT}]\n{entries}\n", encoding="utf-8")
