"""The installed plugins: the entry points of a group, as ``importlib.metadata`` finds them, kept
in the ruleset cache's folder (rulecache.py) so that a command starting up does not import
``importlib.metadata`` (it brings ``email``, ``zipfile`` and more: a third of a one-hand
command's start) when nothing was installed or removed since.

Invariant: a kept answer is used only while everything ``importlib.metadata`` reads to find
entry points is as it was when the answer was kept. Its file is named by the SHA-256 of the
Python version, the group and the state of every ``sys.path`` entry: a missing entry; a file
(a zip) by its size and time of change; a folder by its time of change (an install or removal
adds or deletes its metadata folder) and, for each ``*.dist-info`` or ``*.egg-info`` in it,
the time of change of that entry and of its ``entry_points.txt`` (an editable install's
metadata rewritten in place). Any failure (no cache folder, unreadable, corrupt) asks
``importlib.metadata``, silently; ``MAHJONG_CORE_CACHE=off`` always does.
"""
from __future__ import annotations

import importlib
import json
import os
import stat
import sys
from typing import NamedTuple

from . import rulecache
from .digest import sha256_hex

FORMAT = 1


class InstalledPlugin(NamedTuple):
    """One entry point: its name and ``module:attribute`` (``importlib.metadata``'s value); a named
    tuple, as every start makes these."""

    name: str
    value: str

    def load(self):
        """The object the entry point names (as ``EntryPoint.load``; extras are ignored)."""
        module, _, attrs = self.value.partition("[")[0].partition(":")
        obj = importlib.import_module(module.strip())
        for attr in filter(None, attrs.strip().split(".")):
            obj = getattr(obj, attr)
        return obj


def installed(group: str) -> list[InstalledPlugin]:
    """The group's entry points, sorted by name (those of one name in the order found)."""
    return found(group)[0]


def found(group: str) -> tuple[list[InstalledPlugin], str | None]:
    """``installed(group)`` and the state it was read in: the SHA-256 naming its entry (of the
    Python version, the group and every ``sys.path`` entry's state), which the plugin index's
    entry shares (pluginindex.py); None without a cache."""
    folder = rulecache.cache_dir()
    if folder is None:
        return _found(group), None
    try:
        about = json.dumps([FORMAT, sys.version, group, _paths()])
    except (OSError, ValueError, TypeError):
        return _found(group), None
    state = sha256_hex(about.encode())
    entry = folder / f"entry-points-{state}.json"
    kept = _read(entry)
    if kept is not None:
        return kept, state
    got = _found(group)
    rulecache.store(folder, entry, {"format": FORMAT, "entries": [[p.name, p.value] for p in got]})
    return got, state


def _found(group: str) -> list[InstalledPlugin]:
    import importlib.metadata
    return sorted((InstalledPlugin(ep.name, ep.value) for ep in importlib.metadata.entry_points(group=group)),
                  key=lambda p: p.name)


def _read(entry) -> list[InstalledPlugin] | None:
    try:
        d = json.loads(rulecache.read_entry(entry))
        if d.get("format") != FORMAT:
            return None
        out = [InstalledPlugin(name, value) for name, value in d["entries"]]
        if all(isinstance(p.name, str) and isinstance(p.value, str) for p in out):
            return out
    except Exception:       # missing, unreadable, corrupt, foreign: ask importlib.metadata
        pass
    return None


def _paths() -> list:
    """The state of every ``sys.path`` entry (module docstring)."""
    out = []
    for path in sys.path:
        where = os.path.abspath(path or os.curdir)
        try:
            st = os.stat(where)
        except OSError:
            out.append([where, None])
            continue
        if not stat.S_ISDIR(st.st_mode):
            out.append([where, st.st_size, st.st_mtime_ns])
            continue
        meta = []
        with os.scandir(where) as found:
            for d in found:
                if d.name.endswith((".dist-info", ".egg-info")):
                    meta.append([d.name, d.stat().st_mtime_ns, _changed(os.path.join(d.path, "entry_points.txt"))])
        out.append([where, st.st_mtime_ns, sorted(meta)])
    return out


def _changed(path: str) -> int | None:
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return None
