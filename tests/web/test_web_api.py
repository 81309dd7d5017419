"""The JSON API of ``mahjong serve``, in-process (Starlette's TestClient): every endpoint answers
the library's own dict, every bad request the failure object with its status, never a 500; the
oracle corpus scores through ``/api/score`` exactly as through ``Ruleset.score``; ``mahjong serve``
itself; a bounded run of the load test over real HTTP."""
from __future__ import annotations

import importlib.util
import json
import sys
import threading
import tomllib

import pytest

from harness import needs
from testpaths import ORACLE, ROOT

# mahjong_core.frontends.web and its test client need the web extra: checked before they are imported
TestClient = needs("starlette.testclient", "pip install -e '.[web]'").TestClient

from mahjong_core.frontends import cli, wire
from mahjong_core.tools import rulesinfo
from mahjong_core.engine.errors import MahjongError
from mahjong_core.engine.ruleset import Ruleset
from mahjong_core.frontends.web import app as web, server

CORPUS = ORACLE
HAND = {"hand": "123456789m9m", "win_tile": "9m",
        "melds": [{"type": "pung", "tiles": "111z", "claimed": "1z", "from": "left"}]}
JSON = {"content-type": "application/json"}
BELOW = {"hand": "2344m567p789s111z", "win_tile": "1m"}           # 6 points: below Guobiao's 8
RECORD = {"seats": 4, "dealer": 0, "events": [{"type": "win", "seat": 1, "from": 2, "situation": HAND}]}


@pytest.fixture(scope="module")
def client(engine):
    with TestClient(web.create_app(engine)) as c:
        yield c


def _fails(r, status: int, code: str) -> str:
    """The answer is the failure object with ``code`` under ``status``; its message."""
    assert r.status_code == status, r.text
    body = r.json()
    assert body["ok"] is False and body["error"]["code"] == code and set(body) == {"ok", "error"}
    assert set(body["error"]) == {"code", "message"}
    return body["error"]["message"]


# ----------------------------------------------------------------------------- score

def test_score_is_the_result_dict_with_the_fingerprint_in_a_header(client, engine):
    rules = engine.load_ruleset("guobiao")
    r = client.post("/api/score", json={"ruleset": "guobiao", "situation": HAND})
    assert r.status_code == 200
    assert r.json() == rules.score(HAND).to_dict()
    assert r.headers["x-ruleset-fingerprint"] == rules.fingerprint
    assert r.headers["content-type"] == "application/json"


def test_score_explain_is_the_explained_result(client, engine):
    rules = engine.load_ruleset("guobiao")
    r = client.post("/api/score", json={"ruleset": "guobiao", "situation": HAND, "explain": True})
    assert r.json() == rules.explain(rules.score(HAND))
    assert "excluded" in r.json()


def test_below_minimum_is_a_422_carrying_the_breakdown(client, engine):
    with pytest.raises(MahjongError) as e:
        engine.load_ruleset("guobiao").score(BELOW)
    r = client.post("/api/score", json={"ruleset": "guobiao", "situation": BELOW})
    assert r.status_code == 422 and r.json() == e.value.to_dict()
    assert r.json()["fans"]


@pytest.mark.parametrize("situation,code", [
    ({"hand": "123456789m9x", "win_tile": "9m"}, "invalid_tile"),
    ({"hand": "12345678m9m", "win_tile": "9m"}, "wrong_tile_count"),
    ({"hand": "1111123456789m", "win_tile": "1m"}, "too_many_copies"),
    ({"hand": "123456789m99m", "win_tile": "9m", "melds": [{"type": "chow", "tiles": "135p"}]}, "invalid_meld"),
    ({"hand": "123456789m9m", "win_tile": "9m", "handd": 1}, "invalid_situation"),
    ({"hand": "1357913579m135p", "win_tile": "9p"}, "not_winning"),
    ("not an object", "invalid_situation"),
])
def test_contract_errors_are_422_and_the_errors_own_dict(client, engine, situation, code):
    with pytest.raises(MahjongError) as e:
        engine.load_ruleset("guobiao").score(situation)
    r = client.post("/api/score", json={"ruleset": "guobiao", "situation": situation})
    _fails(r, 422, code)
    assert r.json() == e.value.to_dict()


@pytest.mark.parametrize("body,needle", [
    (b'{"ruleset": "guobiao", "situation": {', "not valid JSON"),
    (b"", "empty"),
    (b"\xff\xfe{}", "not UTF-8"),
    (b'{"ruleset": "guobiao", "situation": {"hand": "1m", "win_tile": "1m", "flowers": NaN}}', "NaN"),
    (b'{"a": ' * 50 + b"1" + b"}" * 50, "nested deeper"),
    (b'{"situation": {"hand": "1m", "win_tile": "1m"}, "x": 1' + b"9" * 5000 + b"}", "digits"),
    (b"[1, 2]", "must be a JSON object"),
    (json.dumps({"ruleset": "guobiao", "situaton": HAND}).encode(), "did you mean 'situation'"),
    (json.dumps({"ruleset": "guobiao"}).encode(), "'situation' is missing"),
    (json.dumps({"situation": HAND}).encode(), "'ruleset' is missing"),
    (json.dumps({"ruleset": 7, "situation": HAND}).encode(), "'ruleset' must be a string"),
    (json.dumps({"ruleset": "guobiao", "situation": HAND, "explain": 1}).encode(), "true or false"),
    (json.dumps({"overlay": ["extends: guobiao"], "situation": HAND}).encode(), "'overlay' must be a string"),
])
def test_a_request_that_cannot_be_read_is_a_400(client, body, needle):
    message = _fails(client.post("/api/score", content=body, headers=JSON), 400, "invalid_situation")
    assert needle in message


@pytest.mark.parametrize("name", ["gubiao", "rulesets/guobiao.yaml", str(ROOT / "rulesets" / "guobiao.yaml"),
                                  "../rulesets/guobiao"])
def test_a_ruleset_is_a_name_never_a_path(client, name):
    message = _fails(client.post("/api/score", json={"ruleset": name, "situation": HAND}), 422, "unknown_ruleset")
    assert "installed: " in message and " guobiao," in message.split("installed: ")[1]


# ----------------------------------------------------------------------------- overlays

def test_an_overlay_scores_as_the_same_file_loaded_from_disk(client, engine, tmp_path):
    text = "extends: guobiao\ntitle: Friday club\nscoring:\n  minimum: 6\nfans:\n  flower_tiles:\n    enabled: false\n"
    path = tmp_path / "overlay.yaml"
    path.write_text(text, encoding="utf-8")
    rules = engine.load_ruleset(path)
    r = client.post("/api/score", json={"ruleset": "guobiao", "overlay": text, "situation": BELOW})
    assert r.status_code == 200 and r.json() == rules.score(BELOW).to_dict()
    assert r.headers["x-ruleset-fingerprint"] == rules.fingerprint


def test_overlays_are_cached_by_text_and_the_cache_is_bounded(engine, tmp_path):
    """Each worker keeps its own cache; this is one worker's."""
    overlays = web._Overlays(engine, tmp_path)
    texts = [f"extends: guobiao\ntitle: club {i}\n" for i in range(web.OVERLAY_CACHE + 3)]
    first = overlays.load(texts[0])
    overlays.load(texts[1])
    assert overlays.load(texts[0]) is first and len(overlays.cache) == 2      # the same object, not reloaded
    for text in texts:
        assert overlays.load(text).score(HAND).total == first.score(HAND).total
    assert len(overlays.cache) == web.OVERLAY_CACHE
    assert list(tmp_path.iterdir()) == []                            # each temp file lived only to load


def test_the_overlays_folder_goes_at_shutdown(engine):
    with TestClient(web.create_app(engine)) as c:
        assert c.post("/api/score", json={"overlay": "extends: guobiao\n", "situation": HAND}).status_code == 200
        root = c.app.state.api.root
        assert root.is_dir()
    assert not root.exists()


@pytest.mark.parametrize("overlay,code,needle", [
    ("title: no base\n", "ruleset_error", "must extend an installed ruleset by name"),
    ("extends: ../rulesets/guobiao.yaml\n", "unknown_ruleset", "never names a file"),
    ("extends: /etc/passwd\n", "unknown_ruleset", "not an installed ruleset"),
    ("extends: guobaio\n", "unknown_ruleset", "did you mean 'guobiao'"),
    ("extends: [guobiao]\n", "ruleset_error", "by name"),
    ("extends: guobiao\noptions:\n  tie_brake: engine\n", "ruleset_error", "overlay:3: unknown option 'tie_brake'"),
    ("extends: guobiao\n  bad: [\n", "ruleset_error", "overlay:"),
    ("extends: sichuan\n", "ruleset_error", "extends sichuan, not ruleset 'guobiao'"),
    ("extends: guobiao\n" + "# pad\n" * 20000, "ruleset_error", "larger than"),
])
def test_a_bad_overlay_is_refused_and_never_shows_the_temp_file(client, overlay, code, needle):
    r = client.post("/api/score", json={"ruleset": "guobiao", "overlay": overlay, "situation": HAND})
    message = _fails(r, 422, code)
    assert needle in message
    assert "mahjong-web-" not in message and "/tmp" not in message


def test_malformed_situations_and_overlays_get_contract_answers_never_a_500(client, engine):
    """The hardening tests' junk, over HTTP: every answer a result or a contract failure."""
    import random

    from malformed import CODES, NASTY as _NASTY, RAW_OVERLAYS as _RAW_OVERLAYS, SHIPPED, \
        malformed_situation as _malformed_situation

    rng = random.Random(19)
    for _ in range(300):
        name = rng.choice(SHIPPED)
        sit = _malformed_situation(rng, lambda: rng.choice(_NASTY))
        try:
            body = json.dumps({"ruleset": name, "situation": sit})
        except RecursionError:          # too deep for the client to write: the 400 tests send such
            continue
        r = client.post("/api/score", content=body, headers=JSON)
        assert r.status_code in (200, 400, 422), (name, sit, r.text)
        if r.status_code == 200:
            assert r.json() == engine.load_ruleset(name).score(sit).to_dict()
        elif r.status_code == 422:
            assert r.json()["error"]["code"] in CODES
    for raw in _RAW_OVERLAYS:
        text = raw.replace(b"%s", b"guobiao").decode("utf-8", "replace")
        r = client.post("/api/score", json={"overlay": text, "situation": HAND})
        assert r.status_code in (200, 422), (raw, r.text)
        if r.status_code == 422:
            assert r.json()["error"]["code"] in ("ruleset_error", "unknown_ruleset")
            assert "root:x:0:0" not in r.text


# ----------------------------------------------------------------------------- waits, settle, parse

@pytest.mark.parametrize("hand", ["2344m567p789s111z", {"hand": "2344m567p789s111z"},
                                  {"hand": "2344m567p789s", "melds": [{"type": "pung", "tiles": "111z"}]}])
def test_waits_is_the_waits_dict(client, engine, hand):
    r = client.post("/api/waits", json={"ruleset": "guobiao", "hand": hand})
    assert r.status_code == 200 and r.json() == engine.load_ruleset("guobiao").waits(hand).to_dict()
    assert r.json()["ready"] is True


def test_waits_reads_melds_in_brackets_as_the_cli_does(client):
    code, out, _ = _cli(["waits", "--ruleset", "guobiao", "[111z,1]2344m567p789s", "--json"])
    r = client.post("/api/waits", json={"ruleset": "guobiao", "hand": "[111z,1]2344m567p789s"})
    assert code == 0 and r.json() == json.loads(out)


@pytest.mark.parametrize("hand,status,code", [
    ({"hand": "2344m567p789s111z", "win_tile": "1m"}, 422, "invalid_situation"),
    ("2344m567p789s11x", 422, "invalid_tile"),
    (["2344m"], 400, "invalid_situation"),
])
def test_waits_errors(client, hand, status, code):
    _fails(client.post("/api/waits", json={"ruleset": "guobiao", "hand": hand}), status, code)


def test_settle_is_the_settlement_dict(client, engine):
    r = client.post("/api/settle", json={"ruleset": "guobiao", "record": RECORD})
    result = engine.load_ruleset("guobiao").settle(RECORD)
    assert r.status_code == 200 and r.json() == result.to_dict(why=True)
    assert sum(r.json()["deltas"]) == 0
    # the contract's settlement, each payment with its reason as data beside the English text
    assert [{k: v for k, v in p.items() if k != "why"} for p in r.json()["payments"]] == result.to_dict()["payments"]
    first = r.json()["payments"][0]["why"][0]
    assert first["seats"]["winner"] == 1 and "{winner}" in first["zh"]


def test_settle_takes_the_records_ruleset_by_name_only(client, engine):
    r = client.post("/api/settle", json={"record": dict(RECORD, ruleset="guobiao")})
    assert r.json() == engine.load_ruleset("guobiao").settle(dict(RECORD, ruleset="guobiao")).to_dict(why=True)
    message = _fails(client.post("/api/settle", json={"record": dict(RECORD, ruleset="rulesets/guobiao.yaml")}),
                     422, "unknown_ruleset")
    assert "'record.ruleset'" in message
    _fails(client.post("/api/settle", json={"record": RECORD}), 400, "invalid_situation")
    for named in (["guobiao"], {"a": 1}, 7):
        assert "must be the name" in _fails(client.post("/api/settle", json={"record": dict(RECORD, ruleset=named)}),
                                            422, "invalid_situation")


def test_settle_errors_are_the_libraries(client, engine):
    bad = dict(RECORD, events=[{"type": "wn", "seat": 1}])
    with pytest.raises(MahjongError) as e:
        engine.load_ruleset("guobiao").settle(bad)
    r = client.post("/api/settle", json={"ruleset": "guobiao", "record": bad})
    assert r.status_code == 422 and r.json() == e.value.to_dict()
    _fails(client.post("/api/settle", json={"ruleset": "guobiao", "record": RECORD, "records": 1}), 400,
           "invalid_situation")


@pytest.mark.parametrize("notation", ["[555p,2]123m789s11z44z 4z", "[7777s]123m456p11z99m 9m", "123456789m11z22z2z"])
def test_parse_is_the_cli_reading_of_notation(client, notation):
    r = client.post("/api/parse", json={"notation": notation})
    assert r.status_code == 200 and r.json() == wire.parse_notation(notation)


def test_parse_errors(client):
    assert "x" in _fails(client.post("/api/parse", json={"notation": "123x"}), 422, "invalid_tile")
    _fails(client.post("/api/parse", json={"notation": "[123m"}), 422, "invalid_tile")
    _fails(client.post("/api/parse", json={"hand": "123m"}), 400, "invalid_situation")


# ----------------------------------------------------------------------------- analyze

@pytest.mark.parametrize("ruleset,hand,extra", [
    ("guobiao", "123m456p789s1122z5m", []),                     # 14 tiles: the discards, best first
    ("guobiao", "[111z,1]2344m567p789s", []),                   # melds in brackets, 10 standing tiles
    ("popular", "123m456p789s112z5m", ["--wilds", "5m"]),       # a wild among the standing tiles
    ("fuzhou", "123m456p789s11223m55p", ["--wilds", "5p"]),     # 16 standing tiles and the gold
    ("sichuan", "1122m3344p55667p", ["--void", "s"]),
])
def test_analyze_is_what_the_cli_prints_with_json(client, ruleset, hand, extra):
    code, out, _ = _cli(["analyze", "--ruleset", ruleset, hand, *extra, "--json"])
    body = {"ruleset": ruleset, "hand": hand}
    if extra:
        melds = wire.parse_notation(hand + " 1m")["melds"] if "[" in hand else []
        body["hand"] = {"hand": hand, "melds": melds, {"--wilds": "wilds", "--void": "void_suit"}[extra[0]]: extra[1]}
    r = client.post("/api/analyze", json=body)
    assert code == 0 and r.status_code == 200, r.text
    assert r.json() == json.loads(out)
    assert r.headers["x-ruleset-fingerprint"]


def test_analyze_of_a_14_tile_hand_names_the_best_discard_and_its_waits(client):
    # 123m 456p 789s 11z 22z + 5m: letting 5m go leaves 11z22z waiting on either pair's third
    # copy (2 + 2 left), ready (shanten 0); keeping 5m and discarding an honour is one step back
    data = client.post("/api/analyze", json={"ruleset": "guobiao", "hand": "123m456p789s1122z5m"}).json()
    best = data["discards"][0]
    assert (data["shanten"], best["discard"], best["shanten"], best["useful_left"]) == (0, "5m", 0, 4)
    assert [w["tile"] for w in best["waits"]] == ["1z", "2z"]


def test_analyze_errors(client):
    assert "seen" in _fails(client.post("/api/analyze", json={"ruleset": "guobiao", "hand": "123m456p789s1122z5m",
                                                              "seen": "5m5m5m5m"}), 422, "too_many_copies")
    _fails(client.post("/api/analyze", json={"ruleset": "guobiao", "hand": "123m45x"}), 422, "invalid_tile")
    _fails(client.post("/api/analyze", json={"ruleset": "guobiao"}), 400, "invalid_situation")
    _fails(client.post("/api/analyze", json={"ruleset": "guobiao", "hand": "123m", "seen": 5}), 400,
           "invalid_situation")


# ----------------------------------------------------------------------------- rulesets, diff, openapi

def test_rulesets_lists_every_installed_ruleset(client, engine):
    r = client.get("/api/rulesets")
    assert r.json() == [{"name": n, "title": t} for n, t in engine.ruleset_names()]
    assert {"guobiao", "sichuan", "popular", "guobiao-258"} <= {x["name"] for x in r.json()}


def test_one_ruleset_shows_fans_options_table_and_chain(client, engine):
    rules = engine.load_ruleset("guobiao-2014")
    r = client.get("/api/rulesets/guobiao-2014")
    data = r.json()
    assert r.status_code == 200 and data["ok"] is True
    assert (data["name"], data["title"], data["fingerprint"]) == (rules.name, rules.title, rules.fingerprint)
    assert data["extends"] == ["guobiao"]
    assert data["fans"] == rulesinfo.fans(rules)
    assert data["options"] == {k: {"value": v, "expected": rules.option_types[k].expected()}
                               for k, v in rules.options.items()}
    assert data["table"]["hand_size"] == 13 and len(data["table"]["tiles"]) == 34
    sichuan = client.get("/api/rulesets/sichuan").json()["table"]
    assert (sichuan["chows"], sichuan["void_suit"], len(sichuan["tiles"])) == (False, True, 27)


@pytest.mark.parametrize("name,events", [
    ("guobiao", {"win", "kong", "end"}),
    ("sichuan", {"exchange", "void", "kong", "win", "end"}),
    ("fuzhou", {"wild", "discard", "kong", "win", "end"}),
    ("guangdong", {"wild", "kong", "horses", "follow_dealer", "win", "end"}),
])
def test_a_ruleset_lists_its_settlements_event_types_and_their_fields(client, engine, name, events):
    got = client.get(f"/api/rulesets/{name}").json()["settlement"]
    rule = engine.load_ruleset(name).settlement_rule.item
    assert got["rule"] == rule.id and [e["type"] for e in got["events"]] == list(rule.event_types)
    assert set(rule.event_types) == events
    by_type = {e["type"]: e["fields"] for e in got["events"]}
    assert by_type["win"]["situation"] == {"kind": "object", "required": True}
    if name == "sichuan":
        assert by_type["void"]["suit"]["choices"] == ["m", "p", "s"]
    if name == "fuzhou":
        assert by_type["discard"]["tile"]["required"] is True


@pytest.mark.parametrize("name,word", [("popular", "混"), ("fuzhou", "金"), ("fuzhou-classic", "金"),
                                       ("guangdong-tuidaohu", "鬼"), ("guangdong-lianhua", "癞子")])
def test_a_ruleset_says_what_its_family_calls_a_wild(client, name, word):
    assert client.get(f"/api/rulesets/{name}").json()["table"]["wild_name"] == word


def test_an_unknown_ruleset_in_the_path_is_a_404(client):
    assert "did you mean 'guobiao'" in _fails(client.get("/api/rulesets/gubiao"), 404, "unknown_ruleset")
    _fails(client.get("/api/rulesets/guobiao.yaml"), 404, "unknown_ruleset")       # a name, not a file
    _fails(client.get("/api/rulesets/..%2Frulesets%2Fguobiao.yaml"), 404, "not_found")


def test_diff_is_the_cli_diff(client, engine):
    a, b = engine.load_ruleset("guobiao"), engine.load_ruleset("popular")
    assert client.get("/api/diff", params={"a": "guobiao", "b": "popular"}).json() == rulesinfo.diff(a, b)
    alone = client.get("/api/diff", params={"a": "guobiao-2014"}).json()
    assert alone == rulesinfo.diff(a, engine.load_ruleset("guobiao-2014"))
    assert "extends no other ruleset" in _fails(client.get("/api/diff", params={"a": "guobiao"}), 422,
                                                "invalid_situation")
    _fails(client.get("/api/diff", params={"a": "guobiao", "b": "nope"}), 422, "unknown_ruleset")
    _fails(client.get("/api/diff"), 400, "invalid_situation")


def test_openapi_describes_every_api_route(client):
    spec = client.get("/api/openapi.json").json()
    assert spec["openapi"].startswith("3.")
    routes = {"/api" + r.path for mount in client.app.routes if getattr(mount, "path", "") == "/api"
              for r in mount.routes}
    assert routes == set(spec["paths"])


# ----------------------------------------------------------------------------- limits and routing

def test_a_body_over_the_limit_is_a_413(engine):
    with TestClient(web.create_app(engine, max_body=1000)) as c:
        body = json.dumps({"ruleset": "guobiao", "situation": HAND, "pad": " " * 1000}).encode()
        assert "1000" in _fails(c.post("/api/score", content=body, headers=JSON), 413, "request_too_large")
        # no Content-Length (chunked): counted as it arrives
        _fails(c.post("/api/score", content=iter([body[:600], body[600:]]), headers=JSON), 413, "request_too_large")
        assert c.post("/api/score", json={"ruleset": "guobiao", "situation": HAND}).status_code == 200


def test_work_over_the_time_limit_is_a_503_and_the_server_goes_on(engine, monkeypatch):
    release = threading.Event()
    real = Ruleset.score

    def stuck(self, situation, enforce_minimum=True):
        if situation == BELOW:
            release.wait(30)        # a hang guard: the worker doing it is killed at the time limit
        return real(self, situation, enforce_minimum)

    monkeypatch.setattr(Ruleset, "score", stuck)
    # the limit also bounds the next, ordinary answer from a freshly forked worker on a busy machine
    with TestClient(web.create_app(engine, time_limit=2)) as c:
        try:
            assert "2 s" in _fails(c.post("/api/score", json={"ruleset": "guobiao", "situation": BELOW}),
                                      503, "timeout")
        finally:
            release.set()
        assert c.post("/api/score", json={"ruleset": "guobiao", "situation": HAND}).status_code == 200


def test_a_bug_is_a_500_internal_error_object(engine, monkeypatch, capsys):
    def broken(self, situation, enforce_minimum=True):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(Ruleset, "score", broken)
    with TestClient(web.create_app(engine)) as c:
        message = _fails(c.post("/api/score", json={"ruleset": "guobiao", "situation": HAND}), 500, "internal_error")
    assert "ZeroDivisionError" in message and "report" in message
    assert "internal error on /api/score" in capsys.readouterr().err


def test_wrong_method_and_unknown_path_are_failure_objects(client):
    assert "GET" in _fails(client.get("/api/score"), 405, "method_not_allowed")
    _fails(client.post("/api/rulesets"), 405, "method_not_allowed")
    _fails(client.get("/api/nothing"), 404, "not_found")
    _fails(client.get("/no-such-page.html"), 404, "not_found")


def test_the_pages_are_served_from_the_package(client):
    r = client.get("/")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert r.text == (web.STATIC / "index.html").read_text(encoding="utf-8")


def test_every_static_file_ships_as_package_data():
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert "mahjong_core.frontends.web" in data["packages"]
    shipped = {p for pattern in data["package-data"]["mahjong_core.frontends.web"] for p in web.STATIC.parent.glob(pattern)}
    files = {p for p in web.STATIC.rglob("*") if p.is_file()}
    assert files and files <= shipped, sorted(str(p) for p in files - shipped)
    optional = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    assert any(d.startswith("starlette") for d in optional["web"]) and any(d.startswith("uvicorn") for d in optional["web"])


# ----------------------------------------------------------------------------- mahjong serve

def _cli(argv):
    from io import StringIO
    out, err = StringIO(), StringIO()
    return cli.main(argv, out=out, err=err), out.getvalue(), err.getvalue()


def test_serve_runs_uvicorn_on_the_app_loopback_by_default(monkeypatch):
    import uvicorn
    calls = []
    monkeypatch.setattr(uvicorn, "run", lambda app, host, port, **limits: calls.append((app, host, port, limits)))
    assert _cli(["serve"])[0] == 0
    assert _cli(["serve", "--host", "0.0.0.0", "--port", "8123"])[0] == 0
    assert [(h, p) for _, h, p, _ in calls] == [("127.0.0.1", 8000), ("0.0.0.0", 8123)]
    assert all(hasattr(app.state, "api") for app, _, _, _ in calls)
    limits = calls[0][3]            # the server's limits (docs/http.md)
    assert issubclass(limits["http"], server.TimedH11Protocol)
    assert limits["http"].header_timeout == server.HEADER_TIMEOUT and limits["http"].body_timeout == server.BODY_TIMEOUT
    assert limits["timeout_keep_alive"] == server.KEEP_ALIVE and limits["limit_concurrency"] == server.LIMIT_CONCURRENCY
    assert limits["h11_max_incomplete_event_size"] == server.MAX_HEADER_BYTES


def test_serve_without_the_web_extra_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "uvicorn", None)       # import uvicorn fails as if not installed
    code, _, err = _cli(["serve"])
    assert code == cli.EXIT_ERROR
    assert "pip install 'mahjong-core[web]'" in err and "uvicorn" in err


@pytest.mark.parametrize("port", ["0", "70000", "http"])
def test_serve_refuses_a_port_that_is_not_one(port):
    code, _, err = _cli(["serve", "--port", port])
    assert code == cli.EXIT_ERROR and "port number" in err


# ----------------------------------------------------------------------------- acceptance

def test_the_oracle_corpus_scores_through_the_api_exactly_as_through_the_library(client, engine):
    rules = engine.load_ruleset("guobiao")
    rows = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert len(rows) == 5000
    wrong, failures = [], 0
    for row in rows:
        try:
            want, status = rules.score(row["situation"]).to_dict(), 200
        except MahjongError as e:
            want, status = e.to_dict(), 422
            failures += 1
        r = client.post("/api/score", json={"ruleset": "guobiao", "situation": row["situation"]})
        if (r.status_code, r.json()) != (status, want):
            wrong.append(row["id"])
    assert wrong == []
    assert failures == sum(row["expected"]["below_minimum"] for row in rows)


def _bench():
    spec = importlib.util.spec_from_file_location("bench_web", ROOT / "benchmarks" / "bench_web.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_bounded_load_run_over_http_has_no_5xx_and_every_malformed_request_its_code():
    bench = _bench()
    probes = bench.plan(500, bench._corpus(CORPUS))
    assert sum(p.kind in ("bad_json", "bad_tile", "unknown_ruleset", "oversized") for p in probes) == 50
    port = bench.free_port()
    server = bench.start_server(port)
    try:
        import asyncio
        outcomes, seconds = asyncio.run(bench.run(f"http://127.0.0.1:{port}", probes, 20, 120))
    finally:
        bench.stop_server(server)
    result = bench.report(outcomes, seconds, len(probes))
    assert result["requests"] == 500 and result["server_errors"] == 0
    assert result["wrong_count"] == 0, result["wrong"]
    assert {"400", "413", "422", "200"} <= set(result["statuses"])


def test_a_rulesets_table_names_its_bonus_tiles_and_their_copies(client):
    fuzhou = client.get("/api/rulesets/fuzhou").json()["table"]["bonus"]
    assert fuzhou["1z"] == 4 and fuzhou["7z"] == 4 and fuzhou["1f"] == 1 and len(fuzhou) == 15
    assert client.get("/api/rulesets/guobiao").json()["table"]["bonus"] == {f"{n}f": 1 for n in range(1, 9)}
    assert client.get("/api/rulesets/sichuan").json()["table"]["bonus"] == {}


def test_the_http_api_section_of_the_docs_is_what_the_server_answers(client):
    section = (ROOT / "docs" / "http.md").read_text(encoding="utf-8")
    documented = json.loads(section.split("```json\n", 1)[1].split("```", 1)[0])
    got = client.post("/api/settle", json={"ruleset": "guobiao", "record": RECORD}).json()["payments"][0]
    assert got == documented
    assert "`POST /api/analyze`" in section and "`GET /api/rulesets/NAME`" in section
    first = client.post("/api/analyze", json={"ruleset": "guobiao", "hand": "123m456p789s1122z5m"}).json()["discards"][0]
    shown = '{"discard": "5m", "shanten": 0, "useful": [{"tile": "1z", "left": 2}, {"tile": "2z", "left": 2}],\n"useful_left": 4'
    assert shown in section and {k: first[k] for k in ("discard", "shanten", "useful", "useful_left")} == json.loads(
        shown.replace("\n", " ") + "}")
    assert "events[0]: unknown event type 'void'; this ruleset's event types: win, kong, end" in section
    bad = client.post("/api/settle", json={"ruleset": "guobiao", "record": {"events": [{"type": "void", "seat": 0}]}})
    assert bad.json()["error"]["message"] == "events[0]: unknown event type 'void'; this ruleset's event types: win, kong, end"
