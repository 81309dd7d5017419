"""The web scorer: the pages under ``static/`` and a JSON API that mirrors the contract
(docs/formats.md). Every answer of ``/api/*`` is the library's own dict — ``Ruleset.score(...)
.to_dict()``, ``Waits.to_dict()``, ``Settlement.to_dict()`` — or the failure object
``{"ok": false, "error": {"code", "message"}}``:

* 400 — the request itself cannot be read: not JSON, nested too deeply, not an object, an unknown
  or mistyped request field (code ``invalid_situation``, as a bad JSON line in a batch);
* 422 — a contract error from the library (``invalid_tile``, ``below_minimum``, ``unknown_ruleset``…);
* 404 — no such ruleset (``GET /api/rulesets/{name}``), page (``not_found``) or game
  (``unknown_game``); 409 — a game's record before its end (``game_not_over``); 410 — a game
  dropped after its idle time (``game_expired``); 405 —
  ``method_not_allowed``; 413 — a body over ``max_body`` bytes (``request_too_large``);
  415 — a POST whose Content-Type is not ``application/json`` (``unsupported_media_type``: a page
  elsewhere cannot post here without the browser asking first);
  503 — the answer took longer than ``time_limit`` seconds (``timeout``) or more memory than a
  worker has (``work_too_large``), or the server holds its limit of games (``too_many_games``);
* 500 — ``internal_error``: a bug, never bad input.

Work runs in a few worker processes (``workers.py``): a slow hand holds one worker until the time
limit, then that worker is killed and replaced, so no request outlives its answer. Games
(``games.py``) are the exception: they keep state between requests, so they live in this
process and are played on its event loop, each request's work bounded by the game itself. A ruleset is
named, never a path: the web reads no file the user chooses, and no answer shows where the server
keeps its files. A house-rule overlay is YAML text that must ``extends:`` an installed ruleset by
name, and may not allow more wild kinds than ``MAX_WILD_KINDS``.
"""
from __future__ import annotations

import importlib
import pkgutil
import re
import shutil
import sys
import tempfile
import threading
import weakref
from collections import OrderedDict
from contextlib import asynccontextmanager
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from mahjong_core.tools import rulesinfo
from .. import wire
from mahjong_core.engine import tiles as T
from mahjong_core.engine.digest import sha256_hex
from mahjong_core.engine.config import Shown, read_yaml, resolve, shown
from mahjong_core.engine.registry import Engine
from mahjong_core.engine.errors import MahjongError, ResourceError, RulesetError, UnknownRulesetError, did_you_mean, show
from mahjong_core.engine.ruleset import Ruleset
from .games import GAME_IDLE, GAME_LIMIT, GameError, Games, bounded_overlay
from .openapi import OPENAPI
from .workers import Answer, WorkerFailure, Workers

STATIC = Path(__file__).resolve().parent / "static"
MAX_BODY = 1 << 20              # bytes of one request body
MAX_OVERLAY = 64 << 10          # bytes of overlay text; the largest shipped ruleset is 15 KB
TIME_LIMIT = 10.0               # seconds for one answer; then its worker process is killed
WORKERS = 4                     # worker processes
WORKER_MEMORY = 512 << 20       # bytes one worker may grow by beyond what it was forked with
MAX_WILD_KINDS = 2              # an overlay may allow this many wild kinds (shipped rulesets: 1; 翻双鬼: 2);
                                # each more multiplies the readings of a hand (three: minutes and gigabytes)
OVERLAY_CACHE = 32              # overlays kept loaded, by the hash of their text


_OVERLAY = Shown("overlay")     # how messages name an overlay posted as text

_KIND_NAMES = {str: "a string", bool: "true or false", dict: "an object", int: "a whole number"}


class RequestError(MahjongError):
    """The request cannot be read (a 400), or is refused whole (``status``)."""

    def __init__(self, message: str, status: int = 400, code: str = "invalid_situation"):
        super().__init__(message, code)
        self.status = status


def _json(data, status: int = 200, headers: dict | None = None) -> Response:
    return Response(wire.dumps(data), status, headers, media_type="application/json")


def _failure(status: int, message: str, code: str) -> Response:
    return _json({"ok": False, "error": {"code": code, "message": message}}, status)


def _ran_out_of_memory(error: BaseException) -> bool:
    seen = set()
    while error is not None and id(error) not in seen:
        if isinstance(error, MemoryError):
            return True
        seen.add(id(error))
        error = error.__cause__ or error.__context__
    return False


class _Overlays:
    """House-rule overlays given as text, loaded through a file of their own in a private temp
    folder (``resolve`` reads files) that lives only while it loads; at most OVERLAY_CACHE kept."""

    def __init__(self, engine: Engine, root: Path):
        self.engine = engine
        self.root = root
        weakref.finalize(self, shutil.rmtree, self.root, True)
        self._hidden = re.compile(re.escape(str(self.root.resolve())) + r"/[^/]+/overlay\.yaml")
        self.cache: OrderedDict[str, Ruleset] = OrderedDict()
        self.lock = threading.Lock()

    def hide(self, message: str) -> str:
        """A message names the overlay as ``overlay``, not the temp file it was read from."""
        return self._hidden.sub("overlay", message)

    def load(self, text: str) -> Ruleset:
        key = sha256_hex(text.encode("utf-8", "surrogatepass"))
        with self.lock:
            rules = self.cache.get(key)
            if rules is not None:
                self.cache.move_to_end(key)
                return rules
        if len(text.encode("utf-8", "surrogatepass")) > MAX_OVERLAY:
            raise RulesetError(f"overlay: larger than {MAX_OVERLAY} bytes")
        folder = Path(tempfile.mkdtemp(dir=self.root))
        try:
            path = folder / "overlay.yaml"
            try:
                path.write_text(text, encoding="utf-8")
            except UnicodeEncodeError:
                raise RulesetError("overlay: not UTF-8 text (it holds a lone surrogate)") from None
            files = self.engine.ruleset_files()
            target = read_yaml(path, _OVERLAY).data.get("extends")
            if not isinstance(target, str) or not target:
                raise RulesetError(f"overlay: an overlay must extend an installed ruleset by name "
                                   f"('extends: guobiao'); installed: {', '.join(sorted(files))}")
            if target not in files:
                raise UnknownRulesetError(f"overlay: extends '{shown(target)}': not an installed ruleset"
                                          f"{did_you_mean(target, files)}; installed: {', '.join(sorted(files))}"
                                          f" (an overlay from the web never names a file)")
            base = self.engine.load_ruleset(target)        # the base, checked (and cached) on its own
            bases = dict(files, **self.engine.family_bases())    # what the installed rulesets extend
            rules = self.engine.build_ruleset(resolve(path, bases.get, files.keys, as_shown=_OVERLAY))
            kinds = rules.table.max_wild_kinds
            if kinds > max(MAX_WILD_KINDS, base.table.max_wild_kinds):
                raise RulesetError(f"overlay: table.wilds.max_kinds {kinds}: the web scorer allows at most "
                                   f"{MAX_WILD_KINDS} wild kinds (each more multiplies the readings of a "
                                   f"hand); score such hands with the mahjong command")
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        with self.lock:
            self.cache[key] = rules
            while len(self.cache) > OVERLAY_CACHE:
                self.cache.popitem(last=False)
        return rules


class Api:
    """The endpoints; each body is read here, then answered in a worker process (a game's here)."""

    def __init__(self, engine: Engine, max_body: int, time_limit: float, workers: int, memory: int,
                 games: Games | None = None):
        self.engine = engine
        self.games = games if games is not None else Games()
        self.max_body = max_body
        self.time_limit = time_limit
        self.root = Path(tempfile.mkdtemp(prefix="mahjong-web-"))        # the overlays' files
        weakref.finalize(self, shutil.rmtree, self.root, True)
        self.overlays = _Overlays(engine, self.root)
        self.workers = Workers(self._run, workers, memory)

    # ------------------------------------------------------------------ plumbing
    async def _body(self, request: Request) -> bytes:
        size = request.headers.get("content-length", "")
        if size.isdigit() and int(size) > self.max_body:
            raise RequestError(f"request body of {size} bytes: the limit is {self.max_body}", 413,
                               code="request_too_large")
        chunks, total = [], 0
        async for chunk in request.stream():
            total += len(chunk)
            if total > self.max_body:
                raise RequestError(f"request body over {self.max_body} bytes", 413, code="request_too_large")
            chunks.append(chunk)
        return b"".join(chunks)

    @staticmethod
    def _json_body(request: Request) -> None:
        """A POST is JSON, said so: a form or text/plain post from another site's page is refused."""
        kind, _, params = request.headers.get("content-type", "").partition(";")
        charset = [v.strip().strip('"').lower() for k, _, v in (p.partition("=") for p in params.split(";"))
                   if k.strip().lower() == "charset"]
        if kind.strip().lower() != "application/json" or any(c not in ("utf-8", "utf8") for c in charset):
            given = show(request.headers.get("content-type")) if "content-type" in request.headers else "none"
            raise RequestError(f"request Content-Type must be application/json, got {given}", 415,
                               code="unsupported_media_type")

    async def _answer(self, request: Request, work, *args) -> Response:
        """``work(*args)`` in a worker process within the time limit, its errors as failure objects."""
        try:
            if request.method == "POST":
                self._json_body(request)
                args = (await self._body(request),) + args
            answer = await self.workers.call(work.__name__, args, self.time_limit)
        except RequestError as e:
            return _failure(e.status, e.message, e.code)
        except ClientDisconnect:        # nobody to answer
            return Response(status_code=400)
        except WorkerFailure as e:
            if e.kind == "timeout":
                return _failure(503, f"no answer within {self.time_limit:g} s: the work was too large", code="timeout")
            if e.kind == "memory":
                return _failure(503, "the work needed more memory than one request may take", code="work_too_large")
            print(f"mahjong serve: internal error on {request.url.path}: {e}", file=sys.stderr)
            return _failure(500, f"{e} (please report it with the input)", code="internal_error")
        if answer.log:
            print(f"mahjong serve: internal error on {request.url.path}: {answer.log}", file=sys.stderr)
        response = Response(answer.body, answer.status)
        response.raw_headers = answer.headers
        return response

    async def _game(self, request: Request, work, *args) -> Response:
        """``work(*args)`` on a game, here in the server process where the games live (docs/http.md
        "Games"): not in a worker, and without awaiting, so one request's move is taken whole."""
        try:
            if request.method == "POST":
                self._json_body(request)
                args = (await self._body(request),) + args
            return _json(work(*args))
        except (RequestError, GameError) as e:
            return _failure(e.status, e.message, e.code)
        except ClientDisconnect:
            return Response(status_code=400)
        except MahjongError as e:
            data = e.to_dict()
            data["error"]["message"] = self.overlays.hide(e.message)
            return _json(data, 422)
        except Exception as e:          # a bug: said plainly, and logged for the report
            print(f"mahjong serve: internal error on {request.url.path}: {type(e).__name__}: {e}", file=sys.stderr)
            return _failure(500, f"{type(e).__name__}: {show(str(e))} (please report it with the input)",
                            code="internal_error")

    def _run(self, name: str, args: tuple) -> Answer:
        """In a worker: the endpoint's work, its errors as failure objects."""
        log = None
        try:
            response = getattr(self, name)(*args)
        except RequestError as e:
            response = _failure(e.status, e.message, e.code)
        except MemoryError:
            raise                       # the worker answers for it, and is replaced
        except MahjongError as e:
            if isinstance(e, ResourceError) or _ran_out_of_memory(e):   # out of memory, whoever was blamed
                raise MemoryError from None
            data = e.to_dict()
            data["error"]["message"] = self.overlays.hide(e.message)
            response = _json(data, 422)
        except Exception as e:          # a bug: said plainly, and logged for the report
            log = f"{type(e).__name__}: {e}"
            response = _failure(500, f"{type(e).__name__}: {show(str(e))} (please report it with the input)",
                                code="internal_error")
        return Answer(response.status_code, response.raw_headers, response.body, log)

    @staticmethod
    def _fields(raw: bytes, allowed: dict, required: tuple = ()) -> dict:
        """The body as a JSON object of ``allowed`` fields (name → type), read like a batch line."""
        try:
            body = wire.parse_line(raw)
        except MahjongError as e:
            raise RequestError(f"request body: {e.message}") from None
        if not isinstance(body, dict):
            raise RequestError(f"request body must be a JSON object, got {show(body)}")
        for key, value in body.items():
            if key not in allowed:
                raise RequestError(f"unknown request field '{shown(key)}'{did_you_mean(key, allowed)}; "
                                   f"fields: {', '.join(allowed)}")
            kind = allowed[key]
            if kind is not None and not isinstance(value, kind):
                kinds = kind if isinstance(kind, tuple) else (kind,)
                raise RequestError(f"request field '{key}' must be {' or '.join(_KIND_NAMES[k] for k in kinds)}, "
                                   f"got {show(value)}")
        for key in required:
            if key not in body:
                raise RequestError(f"request field '{key}' is missing")
        return body

    def _named(self, name, field: str = "ruleset") -> Ruleset:
        """An installed ruleset by name; a path is not a name."""
        files = self.engine.ruleset_files()
        if isinstance(name, str) and name in self.engine.family_bases():
            return self.engine.load_ruleset(name)        # refused, naming the rulesets that extend it
        if name not in files:
            raise UnknownRulesetError(f"unknown ruleset {shown(repr(name))} in '{field}'{did_you_mean(name, files)}; "
                                      f"installed: {', '.join(sorted(files))}")
        return self.engine.load_ruleset(name)

    def _rules(self, body: dict, required: bool = True) -> Ruleset | None:
        """The named ruleset, or the overlay (which must extend it when both are given)."""
        name = body.get("ruleset")
        if "overlay" not in body:
            if name is None and required:
                raise RequestError("request field 'ruleset' is missing (an installed ruleset's name)")
            return None if name is None else self._named(name)
        rules = self.overlays.load(body["overlay"])
        chain = rules._resolved.chain[:-1]
        if name is not None and name not in chain:
            raise RulesetError(f"the overlay extends {' → '.join(chain)}, not ruleset '{shown(name)}'")
        return rules

    @staticmethod
    def _headers(rules: Ruleset) -> dict:
        return {"x-ruleset-fingerprint": rules.fingerprint}

    # ------------------------------------------------------------------ work (in the pool)
    def score(self, raw: bytes) -> Response:
        body = self._fields(raw, {"ruleset": str, "overlay": str, "situation": None, "explain": bool},
                            ("situation",))
        rules = self._rules(body)
        result = rules.score(body["situation"])
        data = rules.explain(result) if body.get("explain") else result.to_dict()
        return _json(data, headers=self._headers(rules))

    def waits(self, raw: bytes) -> Response:
        body = self._fields(raw, {"ruleset": str, "overlay": str, "hand": (str, dict)}, ("hand",))
        rules = self._rules(body)
        hand = body["hand"]
        if isinstance(hand, str):           # melds in brackets, as `mahjong waits` reads them
            hand = wire.parse_hand(hand)
        return _json(rules.waits(hand).to_dict(), headers=self._headers(rules))

    def settle(self, raw: bytes) -> Response:
        body = self._fields(raw, {"ruleset": str, "overlay": str, "record": None}, ("record",))
        record = body["record"]
        rules = self._rules(body, required=False)
        if rules is None:
            named = record.get("ruleset") if isinstance(record, dict) else None
            if named is None:
                raise RequestError("give request field 'ruleset' or a 'ruleset' field in the record")
            if not isinstance(named, str):
                raise MahjongError(f"record field 'ruleset' must be the name of an installed ruleset, got {show(named)}")
            rules = self._named(named, "record.ruleset")
        # each payment with its reason as data (``why``), for the page to say in its language
        return _json(rules.settle(record).to_dict(why=True), headers=self._headers(rules))

    def analyze(self, raw: bytes) -> Response:
        body = self._fields(raw, {"ruleset": str, "overlay": str, "hand": (str, dict), "seen": str}, ("hand",))
        rules = self._rules(body)
        hand = body["hand"]
        if isinstance(hand, str):           # notation, melds in brackets, as `mahjong analyze` reads it
            hand = wire.parse_hand(hand)
        result = rules.analyze(hand, seen=body.get("seen"), waits=True)
        return _json(result.to_dict(), headers=self._headers(rules))

    def parse(self, raw: bytes) -> Response:
        body = self._fields(raw, {"notation": str}, ("notation",))
        return _json(wire.parse_notation(body["notation"]))

    def rulesets(self) -> Response:
        return _json([{"name": n, "title": t} for n, t in self.engine.ruleset_names()])

    def ruleset(self, name: str) -> Response:
        try:
            rules = self._named(name, "name")
        except UnknownRulesetError as e:        # the resource of this path: a 404
            raise RequestError(e.message, 404, code=e.code) from None
        table = rules.table
        return _json({
            "ok": True, "name": rules.name, "title": rules.title, "fingerprint": rules.fingerprint,
            "extends": list(rules._resolved.chain[:-1]), "minimum": rules.minimum,
            "fans": rulesinfo.fans(rules),
            "options": {k: {"value": v, "expected": rules.option_types[k].expected()} for k, v in rules.options.items()},
            "table": {"tile_set": table.tile_set, "tiles": [T.name(k) for k in sorted(table.kinds)],
                      "hand_size": table.hand_size, "chows": table.chows, "flowers": table.flowers,
                      "bonus": {T.name(k): n for k, n in sorted(table.bonus.items())},
                      "sequences": table.sequences, "dealer_east": table.dealer_east,
                      "max_wild_kinds": table.max_wild_kinds, "void_suit": table.void_suit,
                      "extras": [x._asdict() for x in table.extras],
                      "wild_name": table.wilds.name, "win_methods": list(table.win_methods),
                      "situation_flags": rulesinfo.situation_flags(rules)},
            "settlement": rulesinfo.settlement(rules),
        })

    def diff(self, a: str | None, b: str | None) -> Response:
        if a is None:
            raise RequestError("query parameter 'a' is missing (an installed ruleset's name)")
        if b is None:               # a against the ruleset it extends, as `mahjong diff A`
            rules = self._named(a, "a")
            return _json(rulesinfo.diff(rulesinfo.base(self.engine, rules), rules))
        return _json(rulesinfo.diff(self._named(a, "a"), self._named(b, "b")))

    # ------------------------------------------------------------------ games (in the server process)
    def game_create(self, raw: bytes) -> dict:
        body = self._fields(raw, {"ruleset": str, "seed": int, "seat": int, "bots": str, "overlay": str})
        if "ruleset" not in body and "overlay" not in body:
            raise RequestError("request field 'ruleset' is missing (an installed ruleset's name)")
        rules = self._rules(body)
        if "overlay" in body:
            bounded_overlay(rules, self.engine.load_ruleset(rules._resolved.chain[-2]))
        return self.games.create(rules, body.get("seed"), body.get("seat", 0), body.get("bots", "greedy"))

    def game_act(self, raw: bytes, gid: str) -> dict:
        body = self._fields(raw, {"action": dict}, ("action",))
        return self.games.act(gid, body["action"])

    # ------------------------------------------------------------------ routes
    def routes(self) -> list:
        def post(path, work):
            async def endpoint(request: Request) -> Response:
                return await self._answer(request, work)
            return Route(path, endpoint, methods=["POST"])

        async def rulesets(request):
            return await self._answer(request, self.rulesets)

        async def ruleset(request):
            return await self._answer(request, self.ruleset, request.path_params["name"])

        async def diff(request):
            q = request.query_params
            return await self._answer(request, self.diff, q.get("a"), q.get("b"))

        async def openapi(request):
            return _json(OPENAPI)

        async def game_create(request):
            return await self._game(request, self.game_create)

        def on_game(work):
            async def endpoint(request):
                return await self._game(request, work, request.path_params["game"])
            return endpoint

        # under a mount of their own, so that a wrong method is a 405 and a wrong path a 404
        # there, not a look-up among the pages
        return [Mount("/api", routes=[
            post("/score", self.score), post("/waits", self.waits), post("/settle", self.settle),
            post("/analyze", self.analyze),
            post("/parse", self.parse), Route("/rulesets", rulesets), Route("/rulesets/{name}", ruleset),
            Route("/diff", diff), Route("/openapi.json", openapi),
            Route("/games", game_create, methods=["POST"]), Route("/games/{game}", on_game(self.games.view)),
            Route("/games/{game}/actions", on_game(self.game_act), methods=["POST"]),
            Route("/games/{game}/record", on_game(self.games.record)),
            Route("/games/{game}/hint", on_game(self.games.hint)),
            Route("/games/{game}/review", on_game(self.games.review))])]

    def close(self) -> None:
        """At shutdown (lifespan's end): the workers killed, the overlays' folder removed."""
        self.workers.close()
        shutil.rmtree(self.root, ignore_errors=True)


async def _http_error(request: Request, exc: HTTPException) -> Response:
    if exc.status_code == 404:
        return _failure(404, f"no such page: {request.url.path}", code="not_found")
    if exc.status_code == 405:
        return _failure(405, f"{request.method} is not allowed on {request.url.path}", code="method_not_allowed")
    return _failure(exc.status_code, str(exc.detail), code="invalid_situation")


def _preload(engine: Engine) -> None:
    """Every installed ruleset loaded once in the server, before the workers are forked: a worker
    (a replacement too) starts with them. A ruleset that fails to load says so when it is asked for.
    So does every module of the engine and of the plugins (``_import_all``), which the library
    imports only when first needed: a worker's time limit measures the work, not imports."""
    for name, _ in engine.ruleset_names():
        try:
            engine.load_ruleset(name)
        except MahjongError:
            pass
    packages = {"mahjong_core.engine"}
    for plugin in engine.pm.get_plugins():
        name = getattr(plugin, "__name__", None)
        top = name.split(".")[0] if isinstance(name, str) else None
        if top in sys.modules and top != "mahjong_core":       # core's own: its engine only
            packages.add(top)
    _import_all(sorted(packages))


# modules no request imports: the learning environment (PettingZoo, the 'rl' extra)
_NOT_SERVED = frozenset({"mahjong_core.engine.table.rlenv"})


def _import_all(packages: list[str]) -> None:
    """Import every module under ``packages`` but ``_NOT_SERVED``; one that cannot be imported
    here (an optional dependency missing) is left to fail when, and if, a request needs it."""
    for package in packages:
        root = sys.modules.get(package) or importlib.import_module(package)
        for info in pkgutil.walk_packages(getattr(root, "__path__", []), package + ".", onerror=lambda _: None):
            if info.name.rsplit(".", 1)[-1] == "__main__" or info.name in _NOT_SERVED:   # a program; unserved
                continue
            try:
                importlib.import_module(info.name)
            except Exception:           # an optional extra not installed, say
                pass


def create_app(engine: Engine | None = None, *, max_body: int = MAX_BODY, time_limit: float = TIME_LIMIT,
               workers: int = WORKERS, worker_memory: int = WORKER_MEMORY, max_games: int = GAME_LIMIT,
               game_idle: float = GAME_IDLE, clock=None) -> Starlette:
    """The ASGI app: ``/api/*`` and the pages; ``engine`` defaults to every installed plugin.
    ``max_games`` games at once, each dropped after ``game_idle`` seconds without a request, by
    ``clock`` (seconds; ``time.monotonic`` unless a test gives its own)."""
    if engine is None:
        from mahjong_core.engine.registry import default_engine
        engine = default_engine()
    games = Games(max_games, game_idle) if clock is None else Games(max_games, game_idle, clock)
    api = Api(engine, max_body, time_limit, workers, worker_memory, games)

    @asynccontextmanager
    async def lifespan(app):
        _preload(engine)
        api.workers.start()         # forked once the rulesets are loaded, so that each shares them
        try:
            yield
        finally:
            api.close()

    app = Starlette(routes=api.routes() + [Mount("/", StaticFiles(directory=STATIC, html=True))],
                    exception_handlers={HTTPException: _http_error}, lifespan=lifespan)
    app.state.api = api
    return app
