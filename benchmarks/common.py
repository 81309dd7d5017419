"""Shared helpers of the benchmark scripts: import paths, the corpus, timing.

The scripts run from a plain checkout (no install needed): the repository root, ``plugins/``
and ``tests/support/`` (the reference adapter and the hand generators) are put on ``sys.path``.

The headline of every script is measured the way bots, simulations and researchers use the
engine: hands the process has never seen, in a fresh process, garbage collection on.
``per_hand`` times each hand once, the engine and its peer (or the same hand without wilds)
one after the other on the same hand, so the machine's drift moves both alike; the ratio is
taken within the run, of the total (mean) time per hand, with the ratio of the per-hand medians
beside it. Figures on repeated hands (``repeated``: the same hands again, caches warm) come
after the headline, labelled. Each script ends with one ``HEADLINE {json}`` line that
``headline.py`` reads.
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


def time_pass(fn: Callable, items: Sequence, pause_gc: bool = False) -> float:
    """Seconds for one call of ``fn`` on every item (garbage collection on unless ``pause_gc``)."""
    gc_was = gc.isenabled()
    if pause_gc:
        gc.disable()
    try:
        start = time.perf_counter()
        for item in items:
            fn(item)
        return time.perf_counter() - start
    finally:
        if gc_was:
            gc.enable()


def distinct(items: Iterable, key: Callable = lambda x: json.dumps(x, sort_keys=True)) -> list:
    """``items`` without the ones whose ``key`` came before: every hand timed is one not seen."""
    seen: set = set()
    out = []
    for item in items:
        k = key(item)
        if k not in seen:
            seen.add(k)
            out.append(item)
    return out


def per_hand(jobs: dict, alternate: bool = False, repeats: int = 1) -> tuple[dict, int]:
    """Per-hand times in µs, garbage collection on: ``jobs`` maps a label to ``(fn, items)``, the
    items of every job being the same hands (each in the form its side takes). Hand i is given
    to every job before hand i + 1 to any, in the order of ``jobs`` (``alternate``: reversed on
    every other hand, for two rows that are both the engine, so neither always goes first).
    ``repeats`` > 1 times each hand again (repeated hands: the median per hand is kept). A hand on
    which any job raises is left out of every row; returns (times, hands left out)."""
    labels = list(jobs)
    n = min(len(items) for _, items in jobs.values())
    times = {label: [[] for _ in range(n)] for label in labels}
    failed: set = set()
    clock = time.perf_counter
    for _ in range(repeats):
        for i in range(n):
            order = labels[::-1] if alternate and i % 2 else labels
            for label in order:
                fn, items = jobs[label]
                item = items[i]
                start = clock()
                try:
                    fn(item)
                except Exception:
                    failed.add(i)
                    continue
                times[label][i].append((clock() - start) * 1e6)
    keep = [i for i in range(n) if i not in failed]
    return {label: [statistics.median(t[i]) for i in keep] for label, t in times.items()}, len(failed)


def compare(times: dict, a: str, b: str) -> dict:
    """Row ``a`` against row ``b``: mean and median µs per hand of each, the ratio of the means
    (total time, the headline) and of the medians."""
    ma, mb = statistics.fmean(times[a]), statistics.fmean(times[b])
    da, db = statistics.median(times[a]), statistics.median(times[b])
    return {"hands": len(times[a]), "us": round(ma, 2), "peer_us": round(mb, 2),
            "ratio": round(ma / mb, 3), "median_us": round(da, 2), "peer_median_us": round(db, 2),
            "median_ratio": round(da / db, 3)}


def us_rows(times: dict) -> list[list[str]]:
    """One table row per label: hands, mean and median µs per hand."""
    return [[label, str(len(t)), f"{statistics.fmean(t):.2f}", f"{statistics.median(t):.2f}"]
            for label, t in times.items()]


def headline(bench: str, rows: dict, **extra) -> None:
    """The closing line ``HEADLINE {json}`` that ``headline.py`` reads: ``rows`` maps a key to a
    ``compare`` dict (or any dict with a ``ratio``)."""
    print("HEADLINE " + json.dumps({"bench": bench, "rows": rows, "load": os.getloadavg()[0]
                                    if hasattr(os, "getloadavg") else None, **extra}))


def us_per_item(fn: Callable, items: Sequence, repeats: int) -> tuple[float, float, float]:
    """(first pass, median, best of the following ``repeats`` passes) in µs per item, garbage
    collection on: the repeated-hand figures (the first pass sees the hands once, the others again).
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
