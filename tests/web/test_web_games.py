"""The games API of ``mahjong serve`` (docs/http.md "Games"), in-process (Starlette's TestClient):
a scripted client plays seeded games for each family the table plays, every record settles (its
play log replayed) to the money the API showed, no answer shows more than the seat's own
observation; the bounds (games at once, idle expiry) and every refusal are JSON failures."""
from __future__ import annotations

import gc
import random
import weakref

import pytest

from harness import needs
from playable import one_per_family

TestClient = needs("starlette.testclient", "pip install -e '.[web]'").TestClient

from mahjong_core.engine import tiles as T
from mahjong_core.frontends.web import app as web
from mahjong_core.frontends.web.games import Games

JSON = {"content-type": "application/json"}
FAMILIES = one_per_family()            # guobiao, popular, sichuan, guangdong, fuzhou
ANSWER = {"ok", "game", "ruleset", "seed", "seat", "bots", "status", "observation", "legal"}
SEAT_VIEW = {"seat", "concealed", "melds", "pool", "bonus"}


class Clock:
    """A clock the test moves by hand."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(scope="module")
def clock():
    return Clock()


@pytest.fixture(scope="module")
def app(engine, clock):
    return web.create_app(engine, workers=1, max_games=8, game_idle=60.0, clock=clock)


@pytest.fixture(scope="module")
def client(app):
    with TestClient(app) as c:
        yield c


@pytest.fixture(autouse=True)
def _empty(app, clock):
    """Each test starts with no game held: the clock moved past every game's idle time."""
    clock.now += 1000.0
    app.state.api.games._sweep(clock.now)
    yield


def _fails(r, status: int, code: str) -> str:
    assert r.status_code == status, r.text
    body = r.json()
    assert body["ok"] is False and body["error"]["code"] == code and set(body) == {"ok", "error"}
    return body["error"]["message"]


def _server_table(app, gid):
    return app.state.api.games.live[gid].table


def _check_sees_only_its_seat(app, answer: dict) -> None:
    """The answer is the seat's observation and legal actions as the server's table gives them,
    and nothing else: no other seat's concealed tiles, no wall."""
    table = _server_table(app, answer["game"])
    seat = answer["seat"]
    assert set(answer) == ANSWER | ({"result"} if table.over else set())
    obs = answer["observation"]
    assert obs == table.observe(seat).to_dict()
    assert obs["seat"] == seat
    for view in obs["seats"]:
        assert set(view) == SEAT_VIEW and isinstance(view["concealed"], int)
        if view["seat"] != seat:
            for meld in view["melds"]:
                if meld.get("concealed") and meld.get("type") == "kong":
                    assert meld == {"type": "kong", "concealed": True}
    base = {"seat", "hand", "drawn", "seats", "dealer", "round_wind", "wall_left", "phase", "turn", "tile",
            "wilds", "turned"}
    # the public keys some families add: the opening step being chosen, declared voids, seats out, tiles won
    assert base <= set(obs) <= base | {"opening", "voids", "out", "won"}
    if "voids" in obs:                  # shown once every seat has declared (定缺 is chosen unseen)
        assert None not in obs["voids"]
    assert answer["legal"] == [a.to_dict() for a in table.legal(seat)]
    assert all(a["seat"] == seat for a in answer["legal"])
    if not table.over:
        assert answer["status"] == "your_move" and answer["legal"]
        assert table.to_move() == (seat,)           # the bots have answered: the table waits for the seat alone


def _choose(rng: random.Random, legal: list[dict]) -> dict:
    """The scripted client: a win when it may, otherwise any legal action (claims and kongs included)."""
    for a in legal:
        if a["type"] == "win":
            return a
    return rng.choice(legal)


def _play(client, app, engine, family: str, seed: int, bots: str) -> dict:
    """One game to its end through the API; checks every answer and the record; the final answer."""
    seat = seed % 4
    r = client.post("/api/games", json={"ruleset": family, "seed": seed, "seat": seat, "bots": bots})
    assert r.status_code == 200, r.text
    answer = r.json()
    gid = answer["game"]
    assert answer["seat"] == seat and answer["seed"] == seed and answer["ruleset"] == family
    rng = random.Random(seed)
    moves = 0
    while True:
        _check_sees_only_its_seat(app, answer)
        if answer["status"] == "over":
            break
        _fails(client.get(f"/api/games/{gid}/record"), 409, "game_not_over")
        r = client.post(f"/api/games/{gid}/actions", json={"action": _choose(rng, answer["legal"])})
        assert r.status_code == 200, r.text
        answer = r.json()
        moves += 1
        assert moves < 400
    assert client.get(f"/api/games/{gid}").json() == answer          # the end is asked again the same
    result = answer["result"]
    record = client.get(f"/api/games/{gid}/record").json()
    assert record["play"]["wall"] == {"algorithm": "sha256-fisher-yates/1", "seed": seed, "hand": 0}
    rules = engine.load_ruleset(family)
    settlement = rules.settle(record)                                  # the play log replayed first
    assert list(settlement.deltas) == result["deltas"]
    assert sum(result["deltas"]) == 0
    wins = [e for e in record["events"] if e["type"] == "win"]
    assert result["winners"] == [e["seat"] for e in wins]
    for win, event in zip(result["wins"], wins):
        assert win["score"] == rules.score(event["situation"]).to_dict() and win["score"]["fans"]
    return answer


@pytest.mark.parametrize("family", FAMILIES)
def test_a_scripted_client_plays_seeded_games_and_each_record_settles_to_the_shown_money(
        family, client, app, engine, clock):
    ends = []
    for seed in range(20):
        clock.now += 61.0               # the finished games expire: the store never fills
        ends.append(_play(client, app, engine, family, seed, "greedy" if seed % 2 else "random"))
    assert any(e["result"]["winners"] for e in ends)
    assert {e["seat"] for e in ends} == {0, 1, 2, 3}


@pytest.mark.slow
@pytest.mark.parametrize("family", FAMILIES)
def test_a_hundred_seeded_games_per_family(family, client, app, engine, clock):
    winners = 0
    for seed in range(100):
        clock.now += 61.0
        winners += bool(_play(client, app, engine, family, seed, "greedy" if seed % 2 else "random")["result"]["winners"])
    assert winners


def test_the_same_seed_plays_the_same_game(client):
    a = client.post("/api/games", json={"ruleset": "guobiao", "seed": 5, "seat": 2}).json()
    b = client.post("/api/games", json={"ruleset": "guobiao", "seed": 5, "seat": 2}).json()
    assert a["game"] != b["game"] and len(a["game"]) >= 22
    assert a["observation"] == b["observation"] and a["legal"] == b["legal"]
    c = client.post("/api/games", json={"ruleset": "guobiao"}).json()     # a seed of the server's, seat 0, greedy
    assert c["seat"] == 0 and c["bots"] == "greedy" and isinstance(c["seed"], int)


@pytest.mark.parametrize("bots", ["greedy", "fans"])
def test_a_record_through_the_settle_endpoint_pays_the_same(client, app, engine, bots):
    answer = _play(client, app, engine, "guobiao", 3, bots)
    assert answer["bots"] == bots
    record = client.get(f"/api/games/{answer['game']}/record").json()
    r = client.post("/api/settle", json={"record": record})
    assert r.status_code == 200, r.text
    assert r.json()["deltas"] == answer["result"]["deltas"]


def test_an_illegal_action_is_refused_with_the_tables_message_and_changes_nothing(client, app):
    answer = client.post("/api/games", json={"ruleset": "guobiao", "seed": 1, "seat": 0}).json()
    gid = answer["game"]
    table = _server_table(app, gid)
    taken = len(table.state.actions)
    held = set(answer["observation"]["hand"]) | {answer["observation"]["drawn"]}
    missing = next(f"{n}{s}" for s in "mps" for n in "123456789" if f"{n}{s}" not in held)
    message = _fails(client.post(f"/api/games/{gid}/actions",
                                 json={"action": {"type": "discard", "seat": 0, "tile": missing}}),
                     422, "illegal_action")
    assert "may:" in message and missing in message
    message = _fails(client.post(f"/api/games/{gid}/actions", json={"action": {"type": "pass", "seat": 2}}),
                     422, "illegal_action")
    assert "this game's seat is 0" in message
    _fails(client.post(f"/api/games/{gid}/actions", json={"action": {"type": "fly", "seat": 0}}),
           422, "illegal_action")
    _fails(client.post(f"/api/games/{gid}/actions", json={"action": {"type": "discard", "seat": 0}}),
           422, "illegal_action")
    _fails(client.post(f"/api/games/{gid}/actions", json={}), 400, "invalid_situation")
    _fails(client.post(f"/api/games/{gid}/actions", json={"action": "discard 5m"}), 400, "invalid_situation")
    _fails(client.post(f"/api/games/{gid}/actions", content=b'{"action": {}}'), 415, "unsupported_media_type")
    assert len(table.state.actions) == taken
    assert client.get(f"/api/games/{gid}").json() == answer


def test_a_finished_game_refuses_more_actions(client, app, engine):
    answer = _play(client, app, engine, "guobiao", 2, "greedy")
    message = _fails(client.post(f"/api/games/{answer['game']}/actions",
                                 json={"action": {"type": "pass", "seat": answer["seat"]}}), 422, "illegal_action")
    assert "the hand is over" in message


def test_refused_games(client):
    void = "extends: guobiao\ntable: {void_suit: true}\n"      # a void suit no flow declares
    assert "void suit" in _fails(client.post("/api/games", json={"overlay": void}), 422, "unsupported_ruleset")
    _fails(client.post("/api/games", json={"ruleset": "nosuch"}), 422, "unknown_ruleset")
    _fails(client.post("/api/games", json={}), 400, "invalid_situation")
    for bad in ({"seat": 4}, {"seat": -1}, {"seat": True}, {"seed": -1}, {"seed": 2 ** 63}, {"seed": "1"},
                {"bots": "clever"}, {"hands": 2}):
        _fails(client.post("/api/games", json={"ruleset": "guobiao", **bad}), 400, "invalid_situation")
    assert "random, greedy, fans" in _fails(client.post("/api/games", json={"ruleset": "guobiao", "bots": "clever"}),
                                            400, "invalid_situation")
    _fails(client.get("/api/games"), 405, "method_not_allowed")


def test_unknown_and_expired_games(client, clock):
    for path in ("/api/games/nosuch", "/api/games/nosuch/record"):
        _fails(client.get(path), 404, "unknown_game")
    _fails(client.post("/api/games/nosuch/actions", json={"action": {"type": "pass", "seat": 0}}), 404, "unknown_game")
    gid = client.post("/api/games", json={"ruleset": "guobiao", "seed": 1}).json()["game"]
    clock.now += 59.0
    assert client.get(f"/api/games/{gid}").status_code == 200          # a request keeps it alive
    clock.now += 59.0
    assert client.get(f"/api/games/{gid}").status_code == 200
    clock.now += 60.5
    assert "expired" in _fails(client.get(f"/api/games/{gid}"), 410, "game_expired")
    _fails(client.get(f"/api/games/{gid}/record"), 410, "game_expired")
    _fails(client.post(f"/api/games/{gid}/actions", json={"action": {"type": "pass", "seat": 0}}),
           410, "game_expired")


def test_games_beyond_the_limit_are_refused_until_one_expires(client, app, clock):
    games = [client.post("/api/games", json={"ruleset": "guobiao", "seed": s, "bots": "random"}).json()["game"]
             for s in range(8)]
    assert "8 games" in _fails(client.post("/api/games", json={"ruleset": "guobiao"}), 503, "too_many_games")
    clock.now += 30.0
    for gid in games[4:]:
        assert client.get(f"/api/games/{gid}").status_code == 200
    clock.now += 31.0                   # the first four idle 61 s: dropped; the others 31 s
    for seed in range(4):
        assert client.post("/api/games", json={"ruleset": "guobiao", "seed": seed}).status_code == 200
    _fails(client.post("/api/games", json={"ruleset": "guobiao"}), 503, "too_many_games")
    assert len(app.state.api.games) == 8
    for gid in games[:4]:
        _fails(client.get(f"/api/games/{gid}"), 410, "game_expired")
    for gid in games[4:]:
        assert client.get(f"/api/games/{gid}").status_code == 200


def test_memory_stays_bounded_under_a_thousand_abandoned_games(engine):
    """1,000 games created and abandoned: the store never holds more than its limit, remembers a
    bounded number of dropped ids, and a dropped game's table is freed (nothing else keeps it)."""
    clock = Clock()
    games = Games(limit=50, idle=60.0, clock=clock, remembered=100)
    rules = engine.load_ruleset("guobiao")
    created = refused = 0
    tables = []
    for n in range(1000):
        clock.now += 1.5                # 40 games a minute: a full store now and then
        try:
            answer = games.create(rules, seed=n, seat=0, bots="random")
        except web.GameError as e:
            assert e.code == "too_many_games" and e.status == 503
            refused += 1
            continue
        created += 1
        if n % 100 == 0:
            tables.append(weakref.ref(games.live[answer["game"]].table))
        assert len(games.live) <= 50 and len(games.dropped) <= 100
    assert created > 900 and len(games.live) <= 50
    clock.now += 61.0
    games._sweep(clock.now)
    assert len(games.live) == 0 and len(games.dropped) == 100
    gc.collect()
    assert all(ref() is None for ref in tables)


def test_a_full_store_refuses_and_keeps_its_games(engine):
    clock = Clock()
    games = Games(limit=2, idle=10.0, clock=clock, remembered=1)
    rules = engine.load_ruleset("guobiao")
    a = games.create(rules, seed=1)["game"]
    b = games.create(rules, seed=2)["game"]
    with pytest.raises(web.GameError) as e:
        games.create(rules, seed=3)
    assert e.value.code == "too_many_games"
    assert set(games.live) == {a, b}
    clock.now += 11.0
    games.create(rules, seed=3)
    assert games.dropped and len(games.dropped) == 1                   # only the last dropped id is remembered
    with pytest.raises(web.GameError) as e:
        games.view(a)
    assert e.value.code == "unknown_game"                              # forgotten: a's id was dropped first
    with pytest.raises(web.GameError) as e:
        games.view(b)
    assert e.value.code == "game_expired"


def test_the_documented_bounds_are_the_code_s():
    from mahjong_core.frontends.web import games
    from testpaths import ROOT
    text = (ROOT / "docs" / "http.md").read_text(encoding="utf-8")
    assert f"at most {games.GAME_LIMIT} games at once (`GAME_LIMIT`)" in text
    assert f"{games.GAME_IDLE / 60:g} minutes (`GAME_IDLE`)" in text
    assert f"the last {games.GAME_REMEMBERED:,} dropped ids" in text
    assert f"| games at once | {games.GAME_LIMIT} |" in text


def test_a_sichuan_game_opens_with_the_seat_s_own_choices_and_settles(client, app):
    r = client.post("/api/games", json={"ruleset": "sichuan", "seed": 3, "bots": "greedy"}).json()
    assert r["observation"]["phase"] == "opening" and r["observation"]["opening"] == "exchange"
    assert {a["type"] for a in r["legal"]} == {"exchange"} and all("choice" in a for a in r["legal"])
    gid = r["game"]
    while r["status"] != "over":
        r = client.post(f"/api/games/{gid}/actions", json={"action": r["legal"][-1]}).json()
        assert r["ok"], r
        if r["status"] != "over" and r["observation"]["phase"] != "opening":
            assert "exchange" not in {a["type"] for a in r["legal"]}
    record = client.get(f"/api/games/{gid}/record").json()
    assert [e["type"] for e in record["events"][:5]] == ["exchange"] + ["void"] * 4
    assert sum(r["result"]["deltas"]) == 0


@pytest.mark.parametrize("ruleset, running", [("sichuan-xueliu", True), ("sichuan", False)])
def test_money_paid_as_the_hand_goes_is_in_every_observation_where_settle_timing_is_immediate(client, ruleset, running):
    r = client.post("/api/games", json={"ruleset": ruleset, "seed": 1, "bots": "greedy"}).json()
    gid, seen = r["game"], [r["observation"].get("paid")]
    while r["status"] != "over":
        r = client.post(f"/api/games/{gid}/actions", json={"action": r["legal"][-1]}).json()
        assert r["ok"], r
        seen.append(r["observation"].get("paid"))
    if running:
        assert seen[0] == [0, 0, 0, 0] and seen[-1] == r["result"]["deltas"]
        assert all(sum(p) == 0 for p in seen) and len({tuple(p) for p in seen}) > 2
    else:
        assert seen == [None] * len(seen)


# ------------------------------------------------------------------ house overlays, the hint, the review
HOUSE = "extends: guobiao\nscoring:\n  minimum: 1\n"      # a club that lets any winning hand win


def _to_the_end(client, answer: dict) -> dict:
    """The seat wins when it may, else passes a claim or lets its first legal tile go."""
    gid = answer["game"]
    for _ in range(400):
        if answer["status"] == "over":
            return answer
        legal = answer["legal"]
        action = next((a for a in legal if a["type"] == "win"), None) or \
            next((a for a in legal if a["type"] == "pass"), legal[0])
        r = client.post(f"/api/games/{gid}/actions", json={"action": action})
        assert r.status_code == 200, r.text
        answer = r.json()
    raise AssertionError("the hand did not end")


def test_an_overlay_game_plays_the_house_rule_and_its_record_settles_under_the_overlay(client, app, engine):
    answer = client.post("/api/games", json={"overlay": HOUSE, "seed": 3}).json()
    assert answer["ok"] and answer["ruleset"] == "overlay"
    game = app.state.api.games.live[answer["game"]]
    assert game.ruleset.minimum == 1 and engine.load_ruleset("guobiao").minimum == 8
    end = _to_the_end(client, answer)
    record = client.get(f"/api/games/{answer['game']}/record").json()
    settled = client.post("/api/settle", json={"overlay": HOUSE, "record": record}).json()
    assert settled["deltas"] == end["result"]["deltas"] and sum(settled["deltas"]) == 0
    # the ruleset named beside the overlay must be one it extends
    assert client.post("/api/games", json={"ruleset": "guobiao", "overlay": HOUSE, "seed": 1}).json()["ok"]
    assert "not ruleset 'popular'" in _fails(client.post("/api/games", json={"ruleset": "popular", "overlay": HOUSE}),
                                             422, "ruleset_error")


def test_overlay_games_are_refused_with_the_overlays_line_and_bounded(client):
    message = _fails(client.post("/api/games", json={"overlay": "extends: guobiao\nscoring:\n  minimum: [\n"}),
                     422, "ruleset_error")
    assert message.startswith("overlay:4:") and "/tmp" not in message and "mahjong-web" not in message
    message = _fails(client.post("/api/games", json={"overlay": "extends: guobiao\noptions:\n  tie_breck: 1\n"}),
                     422, "ruleset_error")
    assert message.startswith("overlay:3:")
    assert "larger than" in _fails(client.post("/api/games", json={"overlay": HOUSE + "#" * web.MAX_OVERLAY}),
                                   422, "ruleset_error")
    # one wild kind more than popular's own: the bots' search would cost what no installed ruleset costs
    wide = "extends: popular\ntable:\n  wilds:\n    max_kinds: 2\n"
    assert "at most the 1 of 'popular'" in _fails(client.post("/api/games", json={"overlay": wide}),
                                                  422, "ruleset_error")


def test_the_hint_is_analyze_of_the_seats_own_observation(client, app, engine):
    answer = client.post("/api/games", json={"ruleset": "guobiao", "seed": 4}).json()
    gid = answer["game"]
    rules = engine.load_ruleset("guobiao")
    for _ in range(3):
        hint = client.get(f"/api/games/{gid}/hint").json()
        obs = _server_table(app, gid).observe(0)
        assert hint == rules.analyze(obs.own_hand(), T.format_tiles(obs.seen()), waits=False).to_dict()
        if obs.phase == "turn":
            assert hint["standing"] == 14 and hint["discards"][0]["discard"] in {a["tile"] for a in answer["legal"]}
        discard = next(a for a in answer["legal"] if a["type"] in ("discard", "pass"))
        answer = client.post(f"/api/games/{gid}/actions", json={"action": discard}).json()


def test_the_hint_does_not_change_when_only_other_seats_hidden_tiles_do(client, app, engine):
    """Two tables that differ only in another seat's concealed tiles give the same hint: the
    hint reads the seat's observation, never the table."""
    answer = client.post("/api/games", json={"ruleset": "guobiao", "seed": 6}).json()
    gid = answer["game"]
    before = client.get(f"/api/games/{gid}/hint").json()
    state = _server_table(app, gid).state
    a, b = state.seats[1], state.seats[2]
    a.counts, b.counts = b.counts, a.counts             # swap two bots' concealed tiles (same sizes: 13 each)
    assert client.get(f"/api/games/{gid}/hint").json() == before
    a.counts, b.counts = b.counts, a.counts


def test_the_review_steps_through_the_play_log_as_the_seat_saw_it(client, app, engine):
    answer = client.post("/api/games", json={"ruleset": "guangdong-tuidaohu", "seed": 5, "seat": 1}).json()
    gid = answer["game"]
    _fails(client.get(f"/api/games/{gid}/review"), 409, "game_not_over")
    end = _to_the_end(client, answer)
    assert "a hint is for a hand still in play" in _fails(client.get(f"/api/games/{gid}/hint"), 409, "game_over")
    review = client.get(f"/api/games/{gid}/review").json()
    record = client.get(f"/api/games/{gid}/record").json()
    steps = review["steps"]
    assert review["seat"] == 1 and len(steps) == len(record["play"]["actions"]) + 1
    assert steps[0]["action"] is None and steps[0]["observation"]["phase"] == "turn"
    assert [s["action"] for s in steps[1:]] == record["play"]["actions"]
    assert steps[-1]["observation"] == end["observation"]
    played = [e for s in steps for e in s["events"]]
    assert record["events"][0]["type"] == "wild" and played == record["events"][1:]    # the ghost: at the deal
    for s in steps:
        assert s["observation"]["seat"] == 1
        for view in s["observation"]["seats"]:
            assert set(view) == SEAT_VIEW
    _fails(client.get("/api/games/nosuch/review"), 404, "unknown_game")
    _fails(client.get("/api/games/nosuch/hint"), 404, "unknown_game")
