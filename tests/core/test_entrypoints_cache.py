"""The installed plugins kept between runs (engine/entrypoints.py): the same answer as
``importlib.metadata``, read back while nothing on ``sys.path`` changed, asked again after an
install, a removal or an edited ``entry_points.txt``, and never trusted when corrupt."""
from __future__ import annotations

import importlib.metadata
import os
import sys
import time

import pytest

from mahjong_core.engine import entrypoints
from mahjong_core.engine.entrypoints import InstalledPlugin
from mahjong_core.engine.hookspecs import PROJECT
from site_kit import install_dist, site_folder


@pytest.fixture
def site(tmp_path, monkeypatch):
    """A cache folder of its own and a folder on ``sys.path`` to install into."""
    return site_folder(tmp_path, monkeypatch)


def _counting(monkeypatch) -> list:
    """Count the times ``importlib.metadata`` is asked."""
    asked = []
    found = entrypoints._found
    monkeypatch.setattr(entrypoints, "_found", lambda group: asked.append(group) or found(group))
    return asked


def test_the_answer_is_importlib_metadatas_and_is_read_back(site, monkeypatch):
    install_dist(site, "extra_plugin", "extra = extra_plugin_module:hooks")
    asked = _counting(monkeypatch)
    want = sorted(((e.name, e.value) for e in importlib.metadata.entry_points(group=PROJECT)), key=lambda p: p[0])
    first = entrypoints.installed(PROJECT)
    assert [(p.name, p.value) for p in first] == want and ("extra", "extra_plugin_module:hooks") in want
    assert entrypoints.installed(PROJECT) == first and asked == [PROJECT]      # the second: read back


def test_an_install_a_removal_and_an_edited_file_are_seen(site, monkeypatch):
    asked = _counting(monkeypatch)
    names = lambda: [p.name for p in entrypoints.installed(PROJECT)]       # noqa: E731
    assert "late" not in names()
    install_dist(site, "late_plugin", "late = late_module")
    assert "late" in names()
    time.sleep(0.01)                        # a time of change that differs on coarse clocks too
    (site / "late_plugin-1.0.dist-info" / "entry_points.txt").write_text(f"[{PROJECT}]\nrenamed = late_module\n",
                                                                         encoding="utf-8")
    assert "renamed" in names() and "late" not in names()
    for f in (site / "late_plugin-1.0.dist-info").iterdir():
        f.unlink()
    (site / "late_plugin-1.0.dist-info").rmdir()
    assert "renamed" not in names()
    assert len(asked) == 4 and names() and len(asked) == 4


def test_a_corrupt_entry_is_asked_again(site, monkeypatch):
    entrypoints.installed(PROJECT)
    cache = site.parent / "cache"
    (entry,) = cache.glob("entry-points-*.json")
    entry.write_text('{"format": 1, "entries": [[1, 2]]}', encoding="utf-8")
    asked = _counting(monkeypatch)
    assert all(isinstance(p.name, str) for p in entrypoints.installed(PROJECT)) and asked == [PROJECT]
    entry.write_text("not json", encoding="utf-8")
    entrypoints.installed(PROJECT)
    assert len(asked) == 2


def test_without_a_cache_importlib_metadata_is_asked_every_time(site, monkeypatch):
    monkeypatch.setenv("MAHJONG_CORE_CACHE", "off")
    asked = _counting(monkeypatch)
    entrypoints.installed(PROJECT)
    entrypoints.installed(PROJECT)
    assert asked == [PROJECT, PROJECT]


def test_load_names_a_module_or_an_attribute_and_ignores_extras(tmp_path, monkeypatch):
    (tmp_path / "ep_target.py").write_text("class Outer:\n    class Inner:\n        pass\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("ep_target", None)
    module = InstalledPlugin("m", "ep_target").load()
    assert module.__name__ == "ep_target"
    assert InstalledPlugin("a", "ep_target : Outer.Inner [web, extra]").load() is module.Outer.Inner
    with pytest.raises(ModuleNotFoundError):
        InstalledPlugin("x", "ep_no_such_module:x").load()


def test_an_entry_that_cannot_be_written_still_answers(site, monkeypatch, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("MAHJONG_CORE_CACHE", os.fspath(blocker / "cache"))     # under a file: no folder
    assert [p.name for p in entrypoints.installed(PROJECT)] == \
        sorted(e.name for e in importlib.metadata.entry_points(group=PROJECT))
