"""The API's OpenAPI 3.1 description, served at ``/api/openapi.json``. Written by hand: the
bodies are the contract's JSON (docs/formats.md), which the library checks itself."""
from __future__ import annotations

from mahjong_core.engine.table.roster import BOTS


def _ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict, description: str) -> dict:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


_FAILURES = {
    "400": _json(_ref("Failure"), "the request cannot be read: not JSON, nested too deeply, not an object, "
                                  "an unknown or mistyped request field (code invalid_situation)"),
    "413": _json(_ref("Failure"), "the body is over 1 MiB (code request_too_large)"),
    "422": _json(_ref("Failure"), "a contract error: invalid_tile, wrong_tile_count, too_many_copies, "
                                  "invalid_meld, invalid_situation, not_winning, below_minimum (with the "
                                  "breakdown), unknown_ruleset, ruleset_error"),
    "415": _json(_ref("Failure"), "the Content-Type is not application/json (code unsupported_media_type)"),
    "503": _json(_ref("Failure"), "no answer within the time limit (code timeout), or the work needed more "
                                  "memory than one request may take (code work_too_large)"),
}
_RULESET = {"ruleset": {"type": "string", "description": "an installed ruleset's name (GET /api/rulesets)"},
            "overlay": {"type": "string", "maxLength": 65536,
                        "description": "house rules as ruleset YAML text; it must 'extends:' an installed "
                                       "ruleset by name, and extend 'ruleset' when both are given"}}
_ANY = {"type": "object", "additionalProperties": True}


def _post(summary: str, fields: dict, required: list, answer: str) -> dict:
    body = {"type": "object", "properties": fields, "required": required, "additionalProperties": False}
    return {"post": {"summary": summary,
                     "requestBody": {"required": True, "content": {"application/json": {"schema": body}}},
                     "responses": {"200": _json(_ANY, answer), **_FAILURES}}}


def _get(summary: str, answer: str, parameters: list = (), failures: dict | None = None) -> dict:
    responses = {"200": _json(_ANY, answer)}
    for status, text in (failures or {}).items():
        responses[status] = _json(_ref("Failure"), text)
    return {"get": {"summary": summary, "parameters": list(parameters), "responses": responses}}


def _param(name: str, where: str, required: bool, description: str) -> dict:
    return {"name": name, "in": where, "required": required, "schema": {"type": "string"},
            "description": description}


_GAME = _param("game", "path", True, "the game's id, as POST /api/games answered it")
_GAME_ANSWER = ("{ok, game, ruleset, seed, seat, bots, status: your_move | over, observation (the seat's own: "
                "docs/table.md#observation), legal: [actions]}; when over, result: {winners, deltas, wins: "
                "[{seat, from, score}], settlement}")
_GAME_GONE = {"404": "no such game (code unknown_game)",
              "410": "the game was dropped after its idle time (code game_expired)"}
_ACTION = {"type": "object", "required": ["type", "seat"], "additionalProperties": False,
           "properties": {"type": {"enum": ["discard", "win", "concealed_kong", "added_kong", "exposed_kong",
                                            "pung", "chow", "pass"]},
                          "seat": {"type": "integer", "minimum": 0, "maximum": 3},
                          "tile": {"type": "string", "description": "the tile let go, the kong's kind or the "
                                                                    "chow's lowest tile"}}}


def _game_post(summary: str, fields: dict, required: list, answer: str, failures: dict) -> dict:
    out = _post(summary, fields, required, answer)
    responses = out["post"]["responses"]
    del responses["503"]            # a game runs in the server, not in a worker with a time limit
    for status, text in failures.items():
        responses[status] = _json(_ref("Failure"), text)
    return out


OPENAPI = {
    "openapi": "3.1.0",
    "info": {"title": "mahjong-core", "version": "1",
             "description": "Score, find waits and settle Chinese mahjong hands under any installed ruleset. "
                            "Every answer is the library's contract JSON (docs/formats.md); every failure "
                            "is {\"ok\": false, \"error\": {\"code\", \"message\"}}, never a 500 for bad input. "
                            "Score, waits and settle answers carry the ruleset's fingerprint in the "
                            "X-Ruleset-Fingerprint header."},
    "paths": {
        "/api/score": _post("Score one winning hand", {
            **_RULESET, "situation": {"type": "object", "description": "a situation (docs/formats.md#situation)"},
            "explain": {"type": "boolean", "description": "add minimum, points_toward_minimum, excluded fans"}},
            ["situation"], "exactly Ruleset.score(situation).to_dict() (or Ruleset.explain of it)"),
        "/api/waits": _post("The tiles a ready hand waits on, with their values", {
            **_RULESET, "hand": {"oneOf": [{"type": "string"}, {"type": "object"}],
                                 "description": "notation (melds in brackets) or a situation without win_tile"}},
            ["hand"], "Waits.to_dict()"),
        "/api/settle": _post("Settle a game record", {
            **_RULESET, "record": {"type": "object", "description": "a record (docs/formats.md#record); "
                                                                    "its 'ruleset' is used when none is given"}},
            ["record"], "Settlement.to_dict(why=True): the settlement result, each payment with "
                        "'why' too: its reason as data, [{kind, en, zh, seats: {role: seat}, values}], the "
                        "sentences' {role} and {value} placeholders filled to say it (the English with "
                        "'seat N' is 'reason')"),
        "/api/analyze": _post("Shanten, useful tiles and the best discards of a hand", {
            **_RULESET, "hand": {"oneOf": [{"type": "string"}, {"type": "object"}],
                                 "description": "notation (melds in brackets) of 3n+1 standing tiles, or 3n+2 to "
                                                "choose a discard; or a situation without win_tile (wilds, "
                                                "void_suit …)"},
            "seen": {"type": "string", "description": "tiles seen elsewhere (discards, others' melds), not "
                                                      "counted as left"}},
            ["hand"], "Analysis.to_dict(): what `mahjong analyze --json` prints, waits included"),
        "/api/parse": _post("Read command-line notation into a situation", {
            "notation": {"type": "string", "description": "e.g. '[555p,2]123m789s11z44z 4z': the last tile wins"}},
            ["notation"], "the situation `mahjong score NOTATION` would score"),
        "/api/rulesets": _get("Every installed ruleset", "[{name, title}]"),
        "/api/rulesets/{name}": _get(
            "A ruleset: title, fingerprint, extends chain, fans, options and table",
            "{ok, name, title, fingerprint, extends, minimum, fans, options: {name: {value, expected}}, table, "
            "settlement: {rule, events: [{type, fields: {name: {kind, required, choices?, doc?}}}]} or null}; "
            "table.situation_flags: the flags a hand's score can depend on",
            [_param("name", "path", True, "an installed ruleset's name")],
            {"404": "no such ruleset (code unknown_ruleset)"}),
        "/api/diff": _get(
            "What ruleset b changes against ruleset a (or a against the ruleset it extends)",
            "the diff of `mahjong diff A B --json`",
            [_param("a", "query", True, "an installed ruleset's name"),
             _param("b", "query", False, "another; without it, a is compared with its base")],
            {"400": "no 'a' given", "422": "an unknown ruleset, or a extends nothing and b is not given"}),
        "/api/games": _game_post(
            "Start a game: the client plays one seat, bots the other three, in the server", {
                "ruleset": {"type": "string", "description": "an installed ruleset the table plays "
                                                            "(guobiao, popular …)"},
                "overlay": {"type": "string", "description": "house-rule YAML that extends an installed ruleset "
                                                            "(at most 64 KiB; no more wild kinds than its base)"},
                "seed": {"type": "integer", "minimum": 0, "maximum": 2 ** 63 - 1,
                         "description": "the wall's seed (default: one the server draws)"},
                "seat": {"type": "integer", "minimum": 0, "maximum": 3, "description": "the client's seat (default 0)"},
                "bots": {"enum": list(BOTS), "description": "the other seats (default greedy)"}},
            [], _GAME_ANSWER + "; the bots have moved up to the seat's first decision",
            {"422": "unknown_ruleset, ruleset_error (an overlay's, with its line), or unsupported_ruleset "
                    "(a ruleset the table does not play)",
             "503": "the server holds as many games as it may (code too_many_games)"}),
        "/api/games/{game}": _get("A game as its seat sees it", _GAME_ANSWER, [_GAME], _GAME_GONE),
        "/api/games/{game}/actions": {"post": {**_game_post(
            "The seat's action; then the bots move up to its next decision", {"action": _ACTION}, ["action"],
            _GAME_ANSWER, {**_GAME_GONE, "422": "the table refuses the action (code illegal_action, its "
                                                "message naming the rule and the seat's legal actions); "
                                                "the game is unchanged"})["post"], "parameters": [_GAME]}},
        "/api/games/{game}/record": _get(
            "The hand's record (docs/formats.md#record) with its play log, once the hand is over",
            "the record, which POST /api/settle and `mahjong settle` pay as the game did", [_GAME],
            {**_GAME_GONE, "409": "the hand is not over (code game_not_over)"}),
        "/api/games/{game}/hint": _get(
            "The analysis of the seat's own hand with the tiles it has seen (its observation only)",
            "Analysis.to_dict(): in the seat's turn its best discards first, each with shanten and useful "
            "tiles left", [_GAME], {**_GAME_GONE, "409": "the hand is over (code game_over)"}),
        "/api/games/{game}/review": _get(
            "The finished hand step by step as the seat saw it",
            "{ok, game, seat, steps: [{index, action, events, observation}]}: the deal, then each action of "
            "the record's play log with the seat's observation after it", [_GAME],
            {**_GAME_GONE, "409": "the hand is not over (code game_not_over)"}),
        "/api/openapi.json": _get("This description", "OpenAPI 3.1"),
    },
    "components": {"schemas": {"Failure": {
        "type": "object", "required": ["ok", "error"],
        "properties": {"ok": {"const": False},
                       "error": {"type": "object", "required": ["code", "message"],
                                 "properties": {"code": {"type": "string"}, "message": {"type": "string"}}}}}}},
}
