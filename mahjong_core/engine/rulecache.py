"""The ruleset cache: a YAML ruleset's resolved form (``config.Resolved``: the merged data, where
each key was set, the option declarations) kept on disk as JSON, so that a process loading a
ruleset it loaded before reads neither PyYAML nor the YAML. Compiling (plugins' ids, checks,
the plan) still runs every time: only data is cached, never objects holding functions.

Invariant: an entry is used only when it is what ``config.resolve`` would return now.

* Its name is the SHA-256 of everything resolving reads besides the files: the file asked for
  and how messages name it, the installed rulesets' names and files (what ``extends: NAME``
  finds), the Python version and the source of ``config.py`` (the resolver itself).
* It holds the SHA-256 of every file of the ``extends`` chain as resolving read them; each file
  is read again and hashed before the entry is used, so an edited file is a miss.
* Only data JSON gives back exactly is stored (maps with text keys, lists, text, whole numbers,
  finite numbers, true/false/null); anything else is resolved each time.
* Any failure (no directory, unwritable, a corrupt or foreign file) is a miss, silently; errors
  are never cached: a ruleset that does not resolve is resolved again, raising as it did.

Bounded: the folder keeps at most ``MAX_ENTRIES`` entries, the least recently used going first
(``prune``, after each write), since every edit of a ruleset file makes a new entry.

Where: ``$MAHJONG_CORE_CACHE`` (empty or ``off``: no cache), else
``$XDG_CACHE_HOME/mahjong-core``, else ``~/.cache/mahjong-core`` (docs/cli.md).
"""
from __future__ import annotations

import json
import math
import os
import sys
import time
from pathlib import Path
from types import MappingProxyType
from typing import Callable, Mapping

from . import config
from .digest import sha256_hex
from .config import OptionType, Resolved, Shown

FORMAT = 1
ENV = "MAHJONG_CORE_CACHE"
MAX_ENTRIES = 256               # entries kept in the folder (``prune``)
STALE_AFTER = 86400             # seconds: a read entry older than this is marked used again
ENTRY_PREFIXES = ("resolved-", "entry-points-", "plugins-")   # this cache's, entrypoints.py's, pluginindex.py's


def cache_dir() -> Path | None:
    """The folder entries go in, or None when the cache is off."""
    chosen = os.environ.get(ENV)
    if chosen is not None:
        return None if chosen.strip() in ("", "off") else Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "mahjong-core" if os.path.isabs(base) else None


_RESOLVER: str | None = None


def _resolver() -> str:
    """The hash of the resolver's source: a changed ``config.py`` starts a new cache."""
    global _RESOLVER
    if _RESOLVER is None:
        with open(config.__file__, "rb") as f:
            _RESOLVER = sha256_hex(f.read())
    return _RESOLVER


def _key(path: Path, as_shown: Shown, index: Mapping[str, Path], clashes) -> str:
    about = [FORMAT, sys.version, _resolver(), str(path), as_shown.text, as_shown.named,
             sorted((name, str(f)) for name, f in index.items()), sorted(clashes)]
    return sha256_hex(json.dumps(about).encode())


def _plain(value) -> bool:
    """Data JSON gives back exactly (a bool stays a bool, 1.0 stays a float)."""
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_plain(v) for v in value)
    if isinstance(value, float):
        return math.isfinite(value)
    return value is None or isinstance(value, (str, int))


def _option_out(t: OptionType) -> dict:
    return {"type": t.type, "choices": list(t.choices), "min": t.min, "max": t.max, "above": t.above,
            "fields": {k: _option_out(v) for k, v in t.fields.items()}, "doc": t.doc}


def _option_in(d: dict) -> OptionType:
    return OptionType(d["type"], tuple(d["choices"]), d["min"], d["max"], d["above"],
                      MappingProxyType({k: _option_in(v) for k, v in d["fields"].items()}), d["doc"])


def _to_json(r: Resolved) -> dict:
    return {"format": FORMAT, "name": r.name, "path": str(r.path), "data": r.data, "origins": r.origins,
            "chain": list(r.chain), "files": [str(f) for f in r.files], "digests": list(r.digests),
            "option_types": {k: _option_out(v) for k, v in r.option_types.items()},
            "shown": None if r.shown is None else [r.shown.text, r.shown.named],
            "family_bases": list(r.family_bases)}


def _from_json(d: dict) -> Resolved:
    shown = None if d["shown"] is None else Shown(d["shown"][0], d["shown"][1])
    return Resolved(d["name"], Path(d["path"]), d["data"], d["origins"], tuple(d["chain"]),
                    tuple(Path(f) for f in d["files"]), {k: _option_in(v) for k, v in d["option_types"].items()},
                    shown, tuple(d["family_bases"]), tuple(d["digests"]))


def _unchanged(files, digests) -> bool:
    if len(files) != len(digests):
        return False
    for f, digest in zip(files, digests):
        with open(f, "rb") as fh:
            if sha256_hex(fh.read(config.MAX_FILE_BYTES + 1)) != digest:
                return False
    return True


def _read(entry: Path) -> Resolved | None:
    try:
        d = json.loads(read_entry(entry))
        if d.get("format") != FORMAT or not _unchanged(d["files"], d["digests"]):
            return None
        return _from_json(d)
    except Exception:       # missing, unreadable, corrupt, foreign: resolve instead
        return None


def _write(folder: Path, entry: Path, r: Resolved) -> None:
    if len(r.digests) != len(r.files) or not _plain(r.data) or not _plain(_to_json(r)):
        return
    store(folder, entry, _to_json(r))


def read_entry(entry: Path) -> bytes:
    """An entry's bytes (``OSError`` when there is none). Reading marks it used: its time of
    change is set to now when it is a day old or more (one write a day at most), so ``prune``
    keeps the entries in use."""
    with open(entry, "rb") as f:
        data = f.read()
        try:
            if time.time() - os.fstat(f.fileno()).st_mtime >= STALE_AFTER:
                os.utime(f.fileno())
        except OSError:         # a read-only folder: still a hit
            pass
    return data


def store(folder: Path, entry: Path, data) -> None:
    """Write ``data`` as the JSON file ``entry`` whole or not at all (readers never see half an
    entry), then ``prune`` the folder; any failure leaves no entry, silently (the entrypoints
    cache writes here too)."""
    import tempfile             # here: a start that finds its entries writes none
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=".json")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(data, f, ensure_ascii=True, allow_nan=False)
            os.replace(tmp, entry)
        except BaseException:
            os.unlink(tmp)
            raise
        prune(folder)
    except (OSError, ValueError, TypeError):
        pass


def prune(folder: Path, keep: int | None = None) -> None:
    """Bound the folder: every ruleset file edited, every overlay written and every install
    makes a new entry, so beyond ``keep`` entries (``MAX_ENTRIES``) the least recently used go
    (oldest time of change first; ``read_entry`` renews it); a half-written file a writer left
    an hour ago goes too. Files it did not write (other names) are left alone."""
    keep = MAX_ENTRIES if keep is None else keep
    entries = []
    now = time.time()
    with os.scandir(folder) as it:
        for e in it:
            name = e.name
            if not name.endswith(".json"):
                continue
            try:
                mtime = e.stat().st_mtime
                if name.startswith(".tmp-"):
                    if now - mtime > 3600:
                        os.unlink(e.path)
                elif name.startswith(ENTRY_PREFIXES):
                    entries.append((mtime, e.path))
            except OSError:     # gone meanwhile (another process pruning)
                pass
    if len(entries) > keep:
        entries.sort()
        for _, path in entries[:len(entries) - keep]:
            try:
                os.unlink(path)
            except OSError:
                pass


def resolved(path: Path, as_shown: Shown, index: Mapping[str, Path], clashes,
             resolve: Callable[[], Resolved]) -> Resolved:
    """``resolve()``'s answer, from the cache when it holds what ``resolve()`` would return now."""
    folder = cache_dir()
    if folder is None:
        return resolve()
    try:
        entry = folder / f"resolved-{_key(path, as_shown, index, clashes)}.json"
    except (OSError, ValueError, TypeError):
        return resolve()
    found = _read(entry)
    if found is not None:
        return found
    fresh = resolve()
    _write(folder, entry, fresh)
    return fresh
