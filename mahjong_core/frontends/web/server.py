"""``mahjong serve``'s HTTP server: uvicorn with limits, so that slow or many clients cannot hold
the server (docs/http.md, "Limits"). uvicorn times out idle keep-alive connections but not a request
that arrives slowly, so the h11 protocol here gives each request's head and body a deadline."""
from __future__ import annotations

import asyncio

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_TIMEOUT = 10.0       # seconds from a connection (or the end of the last answer) to a request's full head
BODY_TIMEOUT = 20.0         # seconds from the head to the last byte of its body (1 MiB at most)
KEEP_ALIVE = 5              # seconds an idle connection stays open after an answer
MAX_HEADER_BYTES = 16 << 10  # a request head still unfinished after this many bytes is refused (h11)
LIMIT_CONCURRENCY = 100     # connections and requests at once; more get uvicorn's plain 503
BACKLOG = 256               # connections waiting to be accepted
GRACEFUL_SHUTDOWN = 5       # seconds the requests in flight get at Ctrl-C


class TimedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with deadlines: a request whose head does not arrive within
    ``header_timeout`` seconds, or whose body does not arrive within ``body_timeout`` seconds of
    the head, has its connection closed (a slow client cannot hold a connection forever)."""

    header_timeout = HEADER_TIMEOUT
    body_timeout = BODY_TIMEOUT

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        self._deadline: asyncio.TimerHandle | None = None
        self._phase = None
        self._watch()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._watch()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._phase = None          # the keep-alive timer watches the idle connection now
        self._stop()

    def connection_lost(self, exc) -> None:
        self._stop()
        super().connection_lost(exc)

    def _watch(self) -> None:
        """Arm the deadline of what the connection is waiting for: a head, a body, or nothing."""
        state = self.conn.their_state
        if state is h11.IDLE:       # a head is due, unless the keep-alive timer watches an idle connection
            if self._phase is None and self.timeout_keep_alive_task is None:
                self._arm("head", self.header_timeout)
        elif state is h11.SEND_BODY and self._phase != "body":
            self._arm("body", self.body_timeout)
        elif state not in (h11.IDLE, h11.SEND_BODY):
            self._phase = "done"
            self._stop()

    def _arm(self, phase: str, seconds: float) -> None:
        self._stop()
        self._phase = phase
        self._deadline = self.loop.call_later(seconds, self._expired)

    def _stop(self) -> None:
        if getattr(self, "_deadline", None) is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expired(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            self.transport.close()


def settings(**overrides) -> dict:
    """uvicorn's keyword arguments for ``mahjong serve``; ``overrides`` for tests and benchmarks
    (``header_timeout`` and ``body_timeout`` set the protocol's deadlines)."""
    header = overrides.pop("header_timeout", HEADER_TIMEOUT)
    body = overrides.pop("body_timeout", BODY_TIMEOUT)
    protocol = type("MahjongH11Protocol", (TimedH11Protocol,), {"header_timeout": header, "body_timeout": body})
    return {"http": protocol, "timeout_keep_alive": KEEP_ALIVE, "h11_max_incomplete_event_size": MAX_HEADER_BYTES,
            "limit_concurrency": LIMIT_CONCURRENCY, "backlog": BACKLOG,
            "timeout_graceful_shutdown": GRACEFUL_SHUTDOWN, **overrides}


def run(app, host: str, port: int, **overrides) -> None:
    """Serve ``app`` until Ctrl-C, with the limits above."""
    import uvicorn
    uvicorn.run(app, host=host, port=port, **settings(**overrides))
