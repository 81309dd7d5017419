"""Batch scoring of JSON lines, in order, on every core.

Every input line gets exactly one output line, whatever it holds: a blank line, bytes that are not
UTF-8, a line over ``MAX_LINE``, JSON nested too deeply or with a number Python cannot convert, a
situation that runs out of memory — each is that line's ``ok: false`` and the batch goes on. An
``"id"`` in a situation is echoed in its answer. Output is strict JSON (never NaN or Infinity) in
UTF-8, one line per answer whatever the answer echoes: the characters a line reader may take for a
line break (U+0085, U+2028, U+2029) and lone surrogates are written as ``\\uXXXX`` escapes.

Worker processes are forked from the parent after the ruleset is loaded, so they start warm; each
holds one chunk of lines at a time, sent down its own pipe, and at most ``2 × jobs`` chunks are
between input and output, so memory stays flat on inputs of any length. A worker that dies (killed,
out of memory) costs the lines of its chunk, answered with ``internal_error``, and is replaced; on
Ctrl-C the parent ends every worker before it returns. Where fork is unavailable the batch runs in
one process.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import pickle
import re
import select
import signal
from itertools import chain
from typing import BinaryIO, Iterable, Iterator, TextIO

from mahjong_core.engine.errors import HandError, MahjongError, ResourceError
from .wire import MAX_LINE, parse_line

CHUNK = 200                 # lines per chunk sent to a worker...
CHUNK_BYTES = 1 << 20       # ...or fewer, once they pass this many bytes
MAX_JOBS = 64

_NO_ID = object()


_ENCODE = json.JSONEncoder(ensure_ascii=False, allow_nan=False).encode
# What JSON leaves raw inside a string (ensure_ascii=False escapes only controls below U+0020) but
# must not reach an output line: U+0085, U+2028 and U+2029, which str.splitlines() and some JSON-lines
# readers split on, and lone surrogates, which UTF-8 cannot encode. They occur only inside strings,
# where the \uXXXX escape reads back as the same character.
_UNSAFE = re.compile("[\x85\u2028\u2029\ud800-\udfff]")
_NOT_FINITE = _ENCODE({"ok": False, "error": {
    "code": "internal_error",
    "message": "the result holds NaN or infinity, which JSON cannot carry "
               "(please report it with the input)"}})
_JSON_TYPES = {list: "a list", dict: "an object", bool: "true or false", type(None): "null"}


def _pop_id(data: dict):
    """The situation's ``id``, removed before scoring: a string or a number, echoed in the answer."""
    ident = data.pop("id")
    if ident.__class__ not in (str, int, float):
        kind = _JSON_TYPES.get(type(ident), type(ident).__name__)
        raise HandError(f"'id' must be a string or a number, not {kind}")
    return ident


def _failure(e: Exception) -> dict:
    """A line's ``ok: false`` for anything scoring raised."""
    if isinstance(e, MahjongError):
        return e.to_dict()
    if isinstance(e, MemoryError):
        return ResourceError().to_dict()
    return {"ok": False, "error": {"code": "internal_error",     # a bug costs one line, not the batch
                                   "message": f"{type(e).__name__}: {e} (please report it with the input)"}}


def _escape(match: re.Match) -> str:
    return f"\\u{ord(match.group()):04x}"


def safe_lines(text: str) -> str:
    """JSON text with the characters ``_UNSAFE`` names escaped: each answer stays one line of UTF-8."""
    return _UNSAFE.sub(_escape, text) if _UNSAFE.search(text) else text


def _dumps(data: dict) -> str:
    try:
        return _ENCODE(data)
    except ValueError:
        return _NOT_FINITE


_FAN_JSON: dict = {}
_LABELS_JSON: dict = {}
_HEAD_JSON: dict = {}
_SHAPE_JSON: dict = {}


def result_json(result) -> str:
    """``json.dumps(result.to_dict(), ensure_ascii=False)``, built from cached pieces: the fans
    and readings of a batch repeat, and serialising is a large share of a batch line's cost.
    Raises ValueError on NaN or infinity."""
    fans = []
    for fan in result.fans:
        text = _FAN_JSON.get(fan)
        if text is None:
            text = _FAN_JSON[fan] = _ENCODE(fan.to_dict())
        fans.append(text)
    dec = result.decomposition
    labels = dec.labels()
    key = tuple(labels)
    text = _LABELS_JSON.get(key)
    if text is None:
        text = _LABELS_JSON[key] = _ENCODE(labels)
    head = _HEAD_JSON.get(result.ruleset)
    if head is None:
        head = _HEAD_JSON[result.ruleset] = f'{{"ok": true, "ruleset": {_ENCODE(result.ruleset)}, '
    shape = _SHAPE_JSON.get(dec.shape)
    if shape is None:
        shape = _SHAPE_JSON[dec.shape] = _ENCODE(dec.shape)
    total, value = result.total, result.value
    total = str(total) if total.__class__ is int else _ENCODE(total)
    value = str(value) if value.__class__ is int else _ENCODE(value)
    return (f'{head}"total": {total}, "value": {value}, '
            f'"fans": [{", ".join(fans)}], "decomposition": {text}, "shape": {shape}}}')


def score_text(rules, line: bytes | str | None) -> str:
    """One input line → its answer as JSON text (no newline): the score result or failure, with the
    line's ``id`` first when it has one."""
    ident = _NO_ID
    try:
        data = parse_line(line)
        if data.__class__ is dict and "id" in data:
            ident = _pop_id(data)
        result = rules.score(data)
    except MahjongError as e:               # the common failure (below the minimum)
        text = _dumps(e.to_dict())
    except Exception as e:
        text = _dumps(_failure(e))
    else:
        try:
            text = result_json(result)
        except ValueError:
            text = _NOT_FINITE
    return text if ident is _NO_ID else f'{{"id": {_ENCODE(ident)}, {text[1:]}'


def score_line(rules, line: bytes | str | None) -> dict:
    """score_text's answer as a dict, built the plain way: the reference its text is tested against."""
    ident = _NO_ID
    try:
        data = parse_line(line)
        if data.__class__ is dict and "id" in data:
            ident = _pop_id(data)
        out = rules.score(data).to_dict()
    except Exception as e:
        out = _failure(e)
    return out if ident is _NO_ID else {"id": ident, **out}


def json_line(data: dict) -> str:
    """One output line, whatever characters ``data`` echoes (``safe_lines``)."""
    return safe_lines(_dumps(data)) + "\n"


def _score_chunk(rules, lines: list) -> str:
    """The answers to ``lines``, one line each, escaped once for the whole chunk."""
    return safe_lines("\n".join([score_text(rules, line) for line in lines]) + "\n")


class _Lost:
    """Stands in for the ruleset when a worker died: every line that parses gets this error."""

    def __init__(self, message: str):
        self.message = message

    def score(self, data):
        raise MahjongError(self.message, code="internal_error")


def _lines(inp: BinaryIO | TextIO) -> Iterator[bytes | str | None]:
    """Every line of ``inp``, read in pieces of at most MAX_LINE + 1: a longer line is skipped to
    its end and stands as ``None``."""
    readline = inp.readline
    limit = MAX_LINE + 1
    while True:
        line = readline(limit)
        if not line:
            return
        if len(line) == limit and line[-1:] not in (b"\n", "\n"):
            while True:
                rest = readline(limit)
                if not rest or rest[-1:] in (b"\n", "\n"):
                    break
            line = None
        yield line


def _chunks(lines: Iterable) -> Iterator[list]:
    chunk: list = []
    size = 0
    for line in lines:
        chunk.append(line)
        if line is not None:
            size += len(line)
        if len(chunk) == CHUNK or size > CHUNK_BYTES:
            yield chunk
            chunk, size = [], 0
    if chunk:
        yield chunk


def default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:
        return max(1, os.cpu_count() or 1)


def jobs_arg(text: str) -> int:
    """``--jobs``: 0 (one per core) or 1..MAX_JOBS; anything else is a usage error."""
    try:
        jobs = int(text)
    except ValueError:
        jobs = -1
    if not 0 <= jobs <= MAX_JOBS:
        raise argparse.ArgumentTypeError(
            f"{text} is not a number of processes from 1 to {MAX_JOBS} (0: one per core)")
    return jobs


def run(rules, inp: BinaryIO | TextIO, out: TextIO, jobs: int) -> None:
    """Score every line of ``inp`` (binary, or text) into ``out`` in order, with up to ``jobs``
    processes."""
    chunks = _chunks(_lines(inp))
    ahead = [chunk for chunk in (next(chunks, None), next(chunks, None)) if chunk is not None]
    if jobs <= 1 or len(ahead) < 2 or not hasattr(os, "fork"):
        for chunk in chain(ahead, chunks):
            out.write(_score_chunk(rules, chunk))
        return
    # The ruleset, plugins and caches loaded so far never die: keep the collector off them, in the
    # parent and in every forked worker (fewer objects to traverse, pages stay shared).
    gc.freeze()
    try:
        _Pool(rules, jobs).run(chain(ahead, chunks), out)
    finally:
        gc.unfreeze()


def score_chunk(ref: str, lines: list) -> str:
    """A chunk's answers where a backend runs it: the ruleset found again by its reference."""
    from .backends import ruleset
    return _score_chunk(ruleset(ref), lines)


def run_backend(rules, ref: str, inp: BinaryIO | TextIO, out: TextIO, backend: str, address: str | None) -> None:
    """``run`` on another backend (Ray): chunks as tasks, answers written in input order."""
    from .backends import remember, run_ordered
    remember(ref, rules)
    for text in run_ordered(score_chunk, ((ref, chunk) for chunk in _chunks(_lines(inp))), 1, backend, address):
        out.write(text)


class _Worker:
    """A forked scorer, the parent's ends of its two pipes, and the chunk it holds (by input place)."""

    __slots__ = ("pid", "task", "result", "chunk", "seq")

    def __init__(self, pid: int, task: int, result: int):
        self.pid, self.task, self.result = pid, task, result
        self.chunk: list = []
        self.seq = -1


class _Pool:
    """Up to ``jobs`` workers, each scoring one chunk at a time; answers leave in input order."""

    def __init__(self, rules, jobs: int):
        self.rules = rules
        self.jobs = jobs
        self.workers: dict[int, _Worker] = {}       # by the parent's end of the result pipe

    def run(self, chunks: Iterator[list], out: TextIO) -> None:
        poller = select.poll()
        idle: list[_Worker] = []
        done: dict[int, str] = {}
        sent = written = 0
        more = True
        try:
            for _ in range(self.jobs):
                idle.append(self._spawn())
            while True:
                while more and idle and sent - written < 2 * self.jobs:
                    chunk = next(chunks, None)
                    if chunk is None:
                        more = False
                        break
                    worker = self._send(idle.pop(), chunk, sent)
                    if worker.seq == sent:
                        poller.register(worker.result, select.POLLIN)
                    else:           # no worker could take it
                        done[sent] = self._lost(chunk, "could not be started")
                        idle.append(worker)
                    sent += 1
                if sent == written:
                    return
                for fd, _ in poller.poll():
                    poller.unregister(fd)
                    worker = self.workers[fd]
                    text = self._receive(worker)
                    if text is None:
                        text = self._lost(worker.chunk, self._bury(worker))
                        idle.append(self._spawn())
                    else:
                        idle.append(worker)
                    done[worker.seq] = text
                while written in done:
                    out.write(done.pop(written))
                    written += 1
                out.flush()
        finally:
            self._end()

    def _spawn(self) -> _Worker:
        """Fork a worker; SIGINT stays blocked until it ignores it, so Ctrl-C is the parent's alone."""
        task_r, task_w = os.pipe()
        result_r, result_w = os.pipe()
        inherited = [task_w, result_r] + [fd for w in self.workers.values() for fd in (w.task, w.result)]
        mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            pid = os.fork()
            if pid == 0:
                _serve(self.rules, task_r, result_w, inherited, mask)
            worker = self.workers[result_r] = _Worker(pid, task_w, result_r)
        except BaseException:
            os.close(task_w)
            os.close(result_r)
            raise
        finally:
            os.close(task_r)
            os.close(result_w)
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        return worker

    def _send(self, worker: _Worker, chunk: list, seq: int) -> _Worker:
        """Give ``chunk`` to ``worker``, or to one replacement if it died idle; the worker that
        holds it has ``seq`` set."""
        payload = pickle.dumps(chunk, pickle.HIGHEST_PROTOCOL)
        for _ in range(2):
            try:
                _write_all(worker.task, len(payload).to_bytes(8, "little"))
                _write_all(worker.task, payload)
            except BrokenPipeError:     # it died between chunks: nothing of it is lost
                self._bury(worker)
                worker = self._spawn()
                continue
            worker.chunk, worker.seq = chunk, seq
            break
        return worker

    @staticmethod
    def _receive(worker: _Worker) -> str | None:
        """The worker's answers to its chunk, or None when it died first."""
        head = _read_exact(worker.result, 8)
        data = head and _read_exact(worker.result, int.from_bytes(head, "little"))
        return None if data is None else data.decode()

    def _bury(self, worker: _Worker) -> str:
        """Reap a dead worker; how it died."""
        del self.workers[worker.result]
        os.close(worker.task)
        os.close(worker.result)
        status = _reap(worker.pid)
        if status is None:
            return "exit status unknown"
        if os.WIFSIGNALED(status):
            return f"killed by signal {os.WTERMSIG(status)}"
        return f"exit status {os.waitstatus_to_exitcode(status)}"

    @staticmethod
    def _lost(chunk: list, how: str) -> str:
        """The answers to a chunk no worker finished: each line that parses is an internal_error."""
        return _score_chunk(_Lost(f"the worker process scoring this line died ({how})"), chunk)

    def _end(self) -> None:
        """Kill and reap every worker (they are idle, or the run is being abandoned); a Ctrl-C
        during this waits until it is done."""
        mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            for worker in self.workers.values():
                os.kill(worker.pid, signal.SIGKILL)
                os.close(worker.task)
                os.close(worker.result)
                _reap(worker.pid)
            self.workers.clear()
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def _serve(rules, task: int, result: int, inherited: list[int], mask) -> None:
    """A worker's life: score each chunk the parent sends until its pipe closes, then exit without
    running the parent's cleanup (os._exit; nothing buffered is flushed twice, nothing printed)."""
    code = 1
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)     # the parent ends its workers on Ctrl-C
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        for fd in inherited:        # only the parent may hold a worker's pipes: EOF must mean it
            os.close(fd)
        devnull = os.open(os.devnull, os.O_RDWR)          # nor keep the user's stdin/stdout open
        os.dup2(devnull, 0)
        os.dup2(devnull, 1)
        os.close(devnull)
        # Scoring allocates many short-lived tuples and dicts and makes almost no cycles: collect
        # the young generation less often.
        gc.set_threshold(20_000, 20, 20)
        while True:
            head = _read_exact(task, 8)
            if head is None:
                break
            lines = pickle.loads(_read_exact(task, int.from_bytes(head, "little")))
            data = _score_chunk(rules, lines).encode()
            _write_all(result, len(data).to_bytes(8, "little"))
            _write_all(result, data)
        code = 0
    finally:
        os._exit(code)


def _reap(pid: int) -> int | None:
    """Wait for a worker's end; its wait status, or None where SIGCHLD is ignored (no status kept)."""
    try:
        return os.waitpid(pid, 0)[1]
    except ChildProcessError:
        return None


def _read_exact(fd: int, size: int) -> bytes | None:
    """``size`` bytes from a pipe, or None at its end."""
    parts = []
    while size:
        part = os.read(fd, min(size, 1 << 20))
        if not part:
            return None
        parts.append(part)
        size -= len(part)
    return b"".join(parts)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
