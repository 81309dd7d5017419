"""Where chunks of work run: in this process, in a pool of forked processes (``local``), or as
Ray tasks (``ray``, the optional extra). Each backend gives the answers in the order of the
chunks, whatever order they finish in, so the caller merges them deterministically.

A chunk is ``(function, arguments)`` with ``function`` importable by name: Ray ships it to
another machine by reference; the local pool forks after the caller has warmed its caches.
"""
from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterable, Iterator

from mahjong_core.engine.errors import MahjongError
from mahjong_core.engine.registry import Engine

BACKENDS = ("local", "ray")
RAY_IN_FLIGHT = 4           # chunks per Ray worker CPU in flight at once: memory stays flat

_RULESETS: dict = {}        # ruleset reference → Ruleset: filled before a fork, or on first use in a Ray task


def reference(text: str) -> str:
    """A ruleset as a worker finds it again: an installed name, or a YAML file's absolute path
    (which must be readable where the worker runs)."""
    return os.path.abspath(text) if os.path.exists(text) else text


def remember(ref: str, rules) -> None:
    """The ruleset already loaded here: forked workers start with it, a task here reuses it."""
    _RULESETS[ref] = rules


def ruleset(ref: str):
    rules = _RULESETS.get(ref)
    if rules is None:
        rules = _RULESETS[ref] = Engine().load_ruleset(ref)
    return rules


def run_ordered(fn: Callable, chunks: Iterable[tuple], jobs: int = 1, backend: str = "local",
                address: str | None = None) -> Iterator:
    """``fn(*chunk)`` for every chunk, yielded in the chunks' order."""
    if backend == "ray":
        yield from _ray(fn, chunks, address)
        return
    if jobs <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        for chunk in chunks:
            yield fn(*chunk)
        return
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        yield from pool.imap(_Star(fn), chunks)


class _Star:
    """``fn(*args)`` as a picklable one-argument callable for ``Pool.imap``."""

    def __init__(self, fn: Callable):
        self.fn = fn

    def __call__(self, args: tuple):
        return self.fn(*args)


def ray_module():
    try:
        import ray
    except ImportError:
        raise MahjongError("--backend ray needs the 'ray' extra: pip install 'mahjong-core[ray]'") from None
    return ray


def connect(address: str | None) -> None:
    """Join the Ray cluster at ``address`` (or the one ``RAY_ADDRESS`` names); without either,
    start a local instance. Already connected: nothing to do."""
    ray = ray_module()
    if ray.is_initialized():
        return
    try:
        if address or os.environ.get("RAY_ADDRESS"):
            ray.init(address=address, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(include_dashboard=False, log_to_driver=False)
    except (ConnectionError, ValueError, RuntimeError) as e:
        raise MahjongError(f"cannot reach the Ray cluster at {address or os.environ.get('RAY_ADDRESS')}: {e}") from None


def _ray(fn: Callable, chunks: Iterable[tuple], address: str | None) -> Iterator:
    ray = ray_module()
    connect(address)
    remote = ray.remote(fn)
    limit = max(2, int(ray.cluster_resources().get("CPU", 1)) * RAY_IN_FLIGHT)
    pending = []
    for chunk in chunks:
        pending.append(remote.remote(*chunk))
        if len(pending) >= limit:
            yield ray.get(pending.pop(0))
    for ref in pending:
        yield ray.get(ref)
