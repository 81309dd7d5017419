"""Batch scoring of JSON lines, in order, on every core.

Worker processes are forked from the parent after the ruleset is loaded, so they start warm;
input is read in chunks and at most a few chunks per worker are in flight, so memory stays
flat on inputs of any length. Where fork is unavailable the batch runs in one process.
"""
from __future__ import annotations

import json
import multiprocessing
import os
from collections import deque
from itertools import islice
from typing import Iterable, TextIO

from .errors import MahjongError

CHUNK = 500
_rules = None          # the ruleset a forked worker scores with (set before the fork)


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


def _score_chunk(lines: list[str]) -> str:
    rules = _rules
    return "".join(json_line(score_line(rules, line)) for line in lines)


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
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        pending: deque = deque([pool.apply_async(_score_chunk, (first,))])
        for chunk in chunks:
            pending.append(pool.apply_async(_score_chunk, (chunk,)))
            while len(pending) > 2 * jobs:
                out.write(pending.popleft().get())
        while pending:
            out.write(pending.popleft().get())
