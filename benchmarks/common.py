"""Shared helpers of the benchmark scripts: import paths, the corpus, timing.

The scripts run from a plain checkout (no install needed): the repository root, ``plugins/``
and ``tests/support/`` (the reference adapter and the hand generators) are put on ``sys.path``.
"""
from __future__ import annotations

import gc
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Callable, Iterable, Sequence

REPO = Path(__file__).resolve().parents[1]
for _p in (REPO, REPO / "plugins", REPO / "tests" / "support"):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))

CORPUS = REPO / "tests" / "data" / "oracle" / "guobiao_dev.jsonl"

import reference_gb  # noqa: E402  (needs the paths above)


def load_corpus(path: Path | str = CORPUS) -> list[dict]:
    """The oracle corpus: one ``{"id", "situation", "expected"}`` per line."""
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def time_pass(fn: Callable, items: Sequence) -> float:
    """Seconds for one call of ``fn`` on every item (garbage collection paused)."""
    gc_was = gc.isenabled()
    gc.disable()
    try:
        start = time.perf_counter()
        for item in items:
            fn(item)
        return time.perf_counter() - start
    finally:
        if gc_was:
            gc.enable()


def us_per_item(fn: Callable, items: Sequence, repeats: int) -> tuple[float, float, float]:
    """(first pass, median, best of the following ``repeats`` passes) in µs per item.

    The first pass is reported apart because the engine fills its per-suit tables and parse
    caches on first sight of a hand; later passes show the steady state. The best pass is the
    least disturbed by other load on the machine.
    """
    n = len(items)
    first = time_pass(fn, items) / n * 1e6
    rest = [time_pass(fn, items) / n * 1e6 for _ in range(max(1, repeats))]
    return first, statistics.median(rest), min(rest)


def machine_note() -> str:
    """CPU count and load average, printed with every timing so figures can be judged."""
    try:
        load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        load = "n/a"
    return f"python {sys.version.split()[0]}, {os.cpu_count()} CPU(s), load average {load}"


def fmt_us(us: float) -> str:
    return f"{us:9.1f} µs"


def ratio(a: float, b: float) -> str:
    """'a/b = 3.2x' phrased as how many times slower (>1) or faster (<1) a is than b."""
    return f"{a / b:6.2f}x" if b else "   n/a"


def table(rows: Iterable[Sequence], headers: Sequence[str]) -> str:
    """A plain fixed-width text table."""
    rows = [[str(c) for c in r] for r in rows]
    widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(headers)]
    line = "  ".join(h.ljust(w) for h, w in zip(headers, widths))
    out = [line, "  ".join("-" * w for w in widths)]
    out += ["  ".join(c.ljust(w) for c, w in zip(r, widths)) for r in rows]
    return "\n".join(line.rstrip() for line in out)
