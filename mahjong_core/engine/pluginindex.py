"""The plugin index: what each installed plugin (and core's own) registers (the ids per
registration hook, its ruleset folders) and which other hooks it implements, kept in the
ruleset cache's folder (rulecache.py) so that an engine can load only the plugins a ruleset
needs (plugins.py) instead of importing every installed plugin at each start.

Invariant: a kept index is used only while loading every installed plugin would record the same.

* Its file is named by the state of ``sys.path`` that names the entry points' entry
  (entrypoints.py: an install, a removal or an edited ``entry_points.txt`` is another name), and
  it holds the entry points it was made from: another list is a miss.
* It holds the size and time of change of every module file, outside the standard library, that
  the process writing it had imported once every plugin was loaded and registered: the plugins'
  modules, core's and pluggy's. Each is checked before use, so an edited plugin or core module
  is a miss. What a plugin's hooks register must follow from its modules' code (the engine asks
  them once anyway, so a plugin cannot tell).
* A plugin whose loading or registration failed is recorded as failed, and always loaded.

Any failure (no cache folder, unreadable, corrupt, unwritable) is a miss, silently; a miss
loads every plugin, as ``MAHJONG_CORE_CACHE=off`` always does.
"""
from __future__ import annotations

import json
import os
import sys
from typing import Mapping, NamedTuple

from . import rulecache

FORMAT = 2


class Entry(NamedTuple):
    """One plugin's record: registration hook → the ids it registers; its ruleset folders; the
    names of the other hooks it implements; whether loading or registering it failed."""

    ids: Mapping[str, frozenset]
    folders: tuple
    hooks: frozenset
    failed: bool = False


def read(state: str | None, installed: list) -> dict[str, Entry] | None:
    """Plugin name → its entry (core's own as ``builtin``), when the index kept for ``state``
    (entrypoints.found's) holds what loading the ``installed`` entry points would record now;
    else None."""
    folder = rulecache.cache_dir()
    if folder is None or state is None:
        return None
    try:
        d = json.loads(rulecache.read_entry(folder / f"plugins-{state}.json"))
        if d.get("format") != FORMAT or d["entries"] != [[p.name, p.value] for p in installed] or \
                "builtin" not in d["plugins"]:
            return None
        for path, stamp in d["files"]:
            if _stamp(path) != stamp:
                return None
        return {name: Entry({hook: frozenset(ids) for hook, ids in e["ids"].items()}, tuple(e["folders"]),
                            frozenset(e["hooks"]), e["failed"]) for name, e in d["plugins"].items()}
    except Exception:       # missing, unreadable, corrupt, foreign: load every plugin
        return None


def write(state: str | None, installed: list, entries: Mapping[str, Entry]) -> None:
    """Keep ``entries`` (every plugin's, made with all of them loaded) for ``state``."""
    folder = rulecache.cache_dir()
    if folder is None or state is None:
        return
    files = [[path, _stamp(path)] for path in _module_files()]
    plugins = {name: {"ids": {hook: sorted(ids) for hook, ids in e.ids.items()}, "folders": list(e.folders),
                      "hooks": sorted(e.hooks), "failed": e.failed} for name, e in entries.items()}
    rulecache.store(folder, folder / f"plugins-{state}.json",
                    {"format": FORMAT, "entries": [[p.name, p.value] for p in installed], "files": files,
                     "plugins": plugins})


def _module_files() -> list[str]:
    """The file of every module imported so far that is not the standard library's."""
    std = sys.stdlib_module_names
    out = set()
    for name, module in list(sys.modules.items()):
        path = getattr(module, "__file__", None)
        if isinstance(path, str) and name.partition(".")[0] not in std:
            out.add(os.path.abspath(path))
    return sorted(out)


def _stamp(path: str) -> list | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return [st.st_size, st.st_mtime_ns]
