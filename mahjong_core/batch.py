"""Batch scoring of JSON lines, in order, on every core.

Worker processes are forked from the parent after the ruleset is loaded, so they start warm;
input is read in chunks and at most a few chunks per worker are in flight, so memory stays
flat on inputs of any length. Where fork is unavailable the batch runs in one process.
"""
from __future__ import annotations

import gc
import json
import multiprocessing
import os
from collections import deque
from itertools import islice
from typing import Iterable, TextIO

from .errors import MahjongError

CHUNK = 200
_rules = None          # the ruleset a forked worker scores with (set before the fork)


_FAN_JSON: dict = {}
_LABELS_JSON: dict = {}
_HEAD_JSON: dict = {}
_SHAPE_JSON: dict = {}


def result_json(result) -> str:
    """``json.dumps(result.to_dict(), ensure_ascii=False)``, built from cached pieces: the fans
    and readings of a batch repeat, and serialising is a large share of a batch line's cost."""
    fans = []
    for fan in result.fans:
        text = _FAN_JSON.get(fan)
        if text is None:
            text = _FAN_JSON[fan] = json.dumps(fan.to_dict(), ensure_ascii=False)
        fans.append(text)
    dec = result.decomposition
    labels = dec.labels()
    key = tuple(labels)
    text = _LABELS_JSON.get(key)
    if text is None:
        text = _LABELS_JSON[key] = json.dumps(labels, ensure_ascii=False)
    head = _HEAD_JSON.get(result.ruleset)
    if head is None:
        head = _HEAD_JSON[result.ruleset] = f'{{"ok": true, "ruleset": {json.dumps(result.ruleset, ensure_ascii=False)}, '
    shape = _SHAPE_JSON.get(dec.shape)
    if shape is None:
        shape = _SHAPE_JSON[dec.shape] = json.dumps(dec.shape, ensure_ascii=False)
    total, value = result.total, result.value
    total = str(total) if total.__class__ is int else json.dumps(total)
    value = str(value) if value.__class__ is int else json.dumps(value)
    return (f'{head}"total": {total}, "value": {value}, '
            f'"fans": [{", ".join(fans)}], "decomposition": {text}, "shape": {shape}}}')


def score_text(rules, line: str) -> str:
    """One situation line → its §3 result as JSON text (no newline)."""
    try:
        data = json.loads(line)
        result = rules.score(data)
    except MahjongError as e:               # the common failure (below the minimum): no second try
        return json_line(e.to_dict())[:-1]
    except Exception:                       # bad JSON or a bug: score_line words the error
        return json_line(score_line(rules, line))[:-1]
    return result_json(result)


def score_line(rules, line: str) -> dict:
    """One situation line → its §3 result; any failure is that line's ``ok: false``."""
    try:
        data = json.loads(line)
    except json.JSONDecodeError as e:
        return {"ok": False, "error": {"code": "invalid_situation", "message": f"not valid JSON: {e}"}}
    except RecursionError:
        return {"ok": False, "error": {"code": "invalid_situation", "message": "JSON nested too deeply"}}
    try:
        return rules.score(data).to_dict()
    except MahjongError as e:
        return e.to_dict()
    except RecursionError:
        return {"ok": False, "error": {"code": "invalid_situation", "message": "situation nested too deeply"}}
    except Exception as e:  # a bug must cost one line, not the batch
        return {"ok": False, "error": {"code": "internal_error",
                                       "message": f"{type(e).__name__}: {e} (please report it with the input)"}}


def json_line(data: dict) -> str:
    """One output line; text that cannot be encoded (a lone surrogate echoed back) is escaped."""
    text = json.dumps(data, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(data)
    return text + "\n"


def _worker_start() -> None:
    """Scoring allocates many short-lived tuples and dicts and makes almost no cycles: collect
    the young generation less often."""
    gc.set_threshold(20_000, 20, 20)


def _score_chunk(lines: list[str]) -> str:
    rules = _rules
    text = "\n".join([score_text(rules, line) for line in lines]) + "\n"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:      # a lone surrogate echoed back in a message: escape that chunk
        text = "".join(json.dumps(json.loads(line)) + "\n" for line in text.splitlines())
    return text


def _chunks(inp: Iterable[str]):
    lines = (line for line in inp if line.strip())
    while True:
        chunk = list(islice(lines, CHUNK))
        if not chunk:
            return
        yield chunk


def default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:
        return max(1, os.cpu_count() or 1)


def run(rules, inp: TextIO, out: TextIO, jobs: int) -> None:
    """Score every line of ``inp`` into ``out`` in order, with up to ``jobs`` processes."""
    global _rules
    _rules = rules
    chunks = _chunks(inp)
    first = next(chunks, None)
    if first is None:
        return
    if jobs <= 1 or len(first) < CHUNK or "fork" not in multiprocessing.get_all_start_methods():
        out.write(_score_chunk(first))
        for chunk in chunks:
            out.write(_score_chunk(chunk))
        return
    # The ruleset, plugins and caches loaded so far never die: keep the collector off them, in the
    # parent and in every forked worker (fewer objects to traverse, pages stay shared).
    gc.freeze()
    try:
        with multiprocessing.get_context("fork").Pool(jobs, initializer=_worker_start) as pool:
            pending: deque = deque([pool.apply_async(_score_chunk, (first,))])
            for chunk in chunks:
                pending.append(pool.apply_async(_score_chunk, (chunk,)))
                while len(pending) > 2 * jobs:
                    out.write(pending.popleft().get())
            while pending:
                out.write(pending.popleft().get())
    finally:
        gc.unfreeze()
