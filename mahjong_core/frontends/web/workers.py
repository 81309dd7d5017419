"""The web API's worker processes: each request's work runs in a forked process that the server
can kill. A thread cannot be stopped, so a request over the time limit would hold its worker (and
its memory) until the work ends; a process is killed at the limit and a fresh one forked in its
place. Each worker's memory is capped (``RLIMIT_AS``), so one request cannot grow the machine's.

The parent talks to a worker over a socket pair: a request is ``(name, args)``, the answer an
``Answer``, each a length-prefixed pickle (only this server's two sides ever read them). Workers
are forked from the server, so they share its loaded engine; a worker closes every descriptor it
inherited (listening and client sockets included) but its own socket and the standard streams.
"""
from __future__ import annotations

import asyncio
import os
import pickle
import resource
import signal
import socket
import struct
import sys
from collections import deque
from typing import Callable, NamedTuple

from mahjong_core.engine.errors import MahjongError

_HEAD = struct.Struct("!I")


class Answer(NamedTuple):
    """One response, made in a worker: sent back as it is, ``log`` written to the server's stderr."""

    status: int
    headers: list                   # (name, value) byte pairs
    body: bytes
    log: str | None = None


class WorkerFailure(Exception):
    """The work gave no answer: ``kind`` is ``timeout``, ``memory`` (over the worker's cap) or ``died``."""

    def __init__(self, kind: str, detail: str = ""):
        super().__init__(detail or kind)
        self.kind = kind


def _frame(obj) -> bytes:
    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    return _HEAD.pack(len(data)) + data


def _read_exact(sock: socket.socket, n: int) -> bytes | None:
    chunks, left = [], n
    while left:
        chunk = sock.recv(min(left, 1 << 20))
        if not chunk:
            return None
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _vm_bytes() -> int:
    """This process's address space now (Linux), or 0 where /proc is not there."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def _detach(keep: int) -> None:
    """Let go of everything inherited from the server: its descriptors point at /dev/null from now
    on (numbers kept, so a stale object closing one cannot close ours), its signals are the defaults."""
    devnull = os.open(os.devnull, os.O_RDWR)
    try:
        fds = [int(x) for x in os.listdir("/proc/self/fd")]
    except OSError:
        fds = range(3, 1024)
    for fd in fds:
        if fd > 2 and fd not in (keep, devnull):
            try:
                os.dup2(devnull, fd)
            except OSError:
                pass
    try:
        signal.set_wakeup_fd(-1)
        signal.signal(signal.SIGINT, signal.SIG_IGN)   # Ctrl-C reaches the server, which ends its workers
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
    except (ValueError, OSError):                      # not the main thread: the server's handlers stay
        pass


def _child(sock: socket.socket, run: Callable[[str, tuple], Answer], memory: int) -> None:
    """A worker's life: answer requests until the server's end of the socket closes."""
    _detach(sock.fileno())
    sock.setblocking(True)
    if memory:
        base = _vm_bytes()
        if base:
            soft, hard = resource.getrlimit(resource.RLIMIT_AS)
            cap = base + memory
            if hard == resource.RLIM_INFINITY or cap < hard:
                resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    while True:
        head = _read_exact(sock, _HEAD.size)
        if head is None:
            return
        data = _read_exact(sock, _HEAD.unpack(head)[0])
        if data is None:
            return
        try:
            name, args = pickle.loads(data)
            reply = ("ok", run(name, args))
        except MemoryError:
            reply = None
        if reply is None:       # outside the handler, so that the work's frames are freed first
            sock.sendall(_frame(("memory", None)))
            return              # a fresh worker replaces this one: its heap may stay fragmented
        sock.sendall(_frame(reply))


class _Worker:
    def __init__(self, pid: int, sock: socket.socket):
        self.pid = pid
        self.sock = sock

    async def ask(self, name: str, args: tuple) -> Answer:
        loop = asyncio.get_running_loop()
        await loop.sock_sendall(self.sock, _frame((name, args)))
        head = await self._read(loop, _HEAD.size)
        kind, answer = pickle.loads(await self._read(loop, _HEAD.unpack(head)[0]))
        if kind == "memory":
            raise WorkerFailure("memory")
        return answer

    async def _read(self, loop, n: int) -> bytes:
        chunks, left = [], n
        while left:
            chunk = await loop.sock_recv(self.sock, min(left, 1 << 20))
            if not chunk:
                raise WorkerFailure("died", f"worker process {self.pid} ended without an answer")
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)


class Workers:
    """``size`` worker processes running ``run(name, args)``; a call that overruns is killed."""

    def __init__(self, run: Callable[[str, tuple], Answer], size: int, memory: int):
        if not hasattr(os, "fork"):
            raise MahjongError("mahjong serve needs os.fork for its worker processes (Linux, macOS, "
                               "other POSIX systems)")
        self.run = run
        self.size = max(1, size)
        self.memory = memory
        self.idle: deque[_Worker] = deque()
        self.busy: set[_Worker] = set()
        self.waiters: deque[asyncio.Future] = deque()
        self.closed = False

    def start(self) -> None:
        """Fork the workers that are missing (at start-up, before the server listens)."""
        while len(self.idle) + len(self.busy) < self.size and not self.closed:
            self.idle.append(self._fork())

    def _fork(self) -> _Worker:
        ours, theirs = socket.socketpair()
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:                # the worker: never returns into the server's code
            status = 0
            try:
                ours.close()
                _child(theirs, self.run, self.memory)
            except BaseException:
                status = 1
            finally:
                os._exit(status)
        theirs.close()
        ours.setblocking(False)
        return _Worker(pid, ours)

    async def call(self, name: str, args: tuple, timeout: float) -> Answer:
        """The answer of ``run(name, args)`` in a worker within ``timeout`` seconds (waiting for a
        free worker included); else ``WorkerFailure`` and that worker is replaced."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        worker = await self._take(deadline)
        healthy = False
        try:
            answer = await asyncio.wait_for(worker.ask(name, args), max(0.0, deadline - loop.time()))
            healthy = True
            return answer
        except asyncio.TimeoutError:
            raise WorkerFailure("timeout") from None
        finally:
            self.busy.discard(worker)
            if healthy:
                self._give(worker)
            else:                   # overran, died, ran out of memory or was cancelled mid-work
                self._end(worker)
                if not self.closed:
                    self._give(self._fork())

    async def _take(self, deadline: float) -> _Worker:
        loop = asyncio.get_running_loop()
        if not self.idle and not self.busy:
            self.start()
        while not self.idle:
            waiter = loop.create_future()
            self.waiters.append(waiter)
            try:
                await asyncio.wait_for(waiter, max(0.0, deadline - loop.time()))
            except asyncio.TimeoutError:
                raise WorkerFailure("timeout") from None
            finally:
                if waiter in self.waiters:
                    self.waiters.remove(waiter)
        worker = self.idle.pop()    # the one used last: its caches are the warmest
        self.busy.add(worker)
        return worker

    def _give(self, worker: _Worker) -> None:
        self.idle.append(worker)
        while self.waiters:
            waiter = self.waiters.popleft()
            if not waiter.done():
                waiter.set_result(None)
                break

    @staticmethod
    def _end(worker: _Worker, wait: bool = False) -> None:
        """Kill a worker and reap it (at once if it is gone already, else in the background)."""
        worker.sock.close()
        try:
            os.kill(worker.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        _reap(worker.pid, wait)

    def close(self) -> None:
        self.closed = True
        for worker in list(self.idle) + list(self.busy):
            self._end(worker, wait=True)
        self.idle.clear()
        self.busy.clear()


def _reap(pid: int, wait: bool, tries: int = 200) -> None:
    """Collect a killed worker's exit status, so that it leaves no zombie; retried from the event
    loop while the kernel frees its memory (a loop is running whenever a worker is replaced)."""
    try:
        done, _ = os.waitpid(pid, 0 if wait else os.WNOHANG)
    except ChildProcessError:
        return
    if done == 0 and tries:
        try:
            asyncio.get_running_loop().call_later(0.05, _reap, pid, False, tries - 1)
        except RuntimeError:
            os.waitpid(pid, 0)
