"""Situations (docs/formats.md): every invalid class gets its stable code, in the API and in
``mahjong score --jsonl``; thousands of mutated inputs never produce a traceback."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from mahjong_core import MahjongError
from mahjong_core.engine import tiles as T
from mahjong_core.engine.hand import SITUATION_FIELDS, Situation, TableRules, parse_situation

from harness import run_cli
from testpaths import MINI
from winning_hands import random_winning

# the console script installed beside the interpreter running the tests, whatever PATH holds
MAHJONG = str(Path(sys.executable).with_name("mahjong"))

BASE = {"hand": "123m456p789s1122z", "win_tile": "1z"}
MELDED = {"hand": "456p789s1122z", "win_tile": "1z"}
CODES = {"invalid_tile", "wrong_tile_count", "too_many_copies", "invalid_meld", "invalid_situation",
         "not_winning", "below_minimum", "unknown_ruleset", "ruleset_error"}

# (situation, code, exact message)
INVALID = [
    # bad tiles
    (dict(BASE, hand="123m456p789s1122q"), "invalid_tile",
     "field 'hand': invalid tile character 'q' at position 17 of '123m456p789s1122q' (tiles are digits "
     "followed by one of m p s z f, e.g. '123m')"),
    (dict(BASE, win_tile="0m"), "invalid_tile",
     "field 'win_tile': invalid tile '0m' in '0m' (did you mean '1m'? m runs 1–9)"),
    (dict(BASE, win_tile="12m"), "invalid_tile", "field 'win_tile' must be exactly one tile, got '12m'"),
    (dict(BASE, hand=5), "invalid_tile",
     "field 'hand': tiles must be a string in notation like '123m55z', got int"),
    (dict(BASE, hand="123m456p789s1122z1f", win_tile="1z"), "invalid_tile",
     "flower 1f belongs in 'flowers', not in the hand"),
    (dict(BASE, flowers="1m"), "invalid_tile", "field 'flowers': 1m is not a flower (flowers are 1f–8f)"),
    (dict(BASE, wilds="8z"), "invalid_tile",
     "field 'wilds': invalid tile '8z' in '8z' (did you mean '7z'? z runs 1–7)"),
    # wrong count
    (dict(BASE, hand="123m456p789s112z"), "wrong_tile_count",
     "wrong tile count: 12 standing tiles + 0 melds make 12, this ruleset needs 13 before the winning "
     "tile (standing tiles = 13 − 3 × melds)"),
    (dict(BASE, melds=[{"type": "pung", "tiles": "999m"}]), "wrong_tile_count",
     "wrong tile count: 13 standing tiles + 1 meld make 16, this ruleset needs 13 before the winning "
     "tile (standing tiles = 13 − 3 × melds)"),
    # five copies
    ({"hand": "1111m456p789s222z", "win_tile": "1m"}, "too_many_copies",
     "too many copies of 1m: 5 (hand, melds and winning tile hold at most 4)"),
    (dict(MELDED, hand="11m456p789s22z", melds=[{"type": "pung", "tiles": "111m"}], win_tile="2z"),
     "too_many_copies", "too many copies of 1m: 5 (hand, melds and winning tile hold at most 4)"),
    (dict(BASE, flowers="1f1f"), "too_many_copies", "flower 1f appears twice; each flower exists once"),
    # malformed melds
    (dict(MELDED, melds=[{"type": "chow", "tiles": "124m"}]), "invalid_meld",
     "melds[0]: a chow is three consecutive tiles of one suit, got 124m"),
    (dict(MELDED, melds=[{"type": "chow", "tiles": "891m"}]), "invalid_meld",
     "melds[0]: a chow is three consecutive tiles of one suit, got 189m"),
    (dict(MELDED, melds=[{"type": "chow", "tiles": "123z"}]), "invalid_meld",
     "melds[0]: a chow is three consecutive tiles of one suit, got 123z"),
    (dict(MELDED, melds=[{"type": "pung", "tiles": "112m"}]), "invalid_meld",
     "melds[0]: a pung is 3 identical tiles, got 112m"),
    (dict(MELDED, melds=[{"type": "kong", "tiles": "111m"}]), "invalid_meld",
     "melds[0]: a kong has 4 tiles, got 3 (111m)"),
    (dict(MELDED, melds=[{"type": "pong", "tiles": "111m"}]), "invalid_meld",
     "melds[0].type must be chow, pung or kong, got 'pong' (did you mean 'pung'?)"),
    (dict(MELDED, melds=[{"type": "pung", "tiles": "111m", "concealed": True}]), "invalid_meld",
     "melds[0]: only a kong can be declared concealed (a concealed pung stays in 'hand')"),
    (dict(MELDED, melds=[{"type": "pung", "tiles": "111m", "claimed": "2m"}]), "invalid_meld",
     "melds[0]: claimed tile 2m is not in the meld 111m"),
    (dict(MELDED, melds=[{"type": "pung", "tiles": "111m", "from": "lefty"}]), "invalid_meld",
     "melds[0].from must be left, across or right, got 'lefty' (did you mean 'left'?)"),
    (dict(MELDED, melds=[{"type": "pung", "tiles": "111m", "frm": "left"}]), "invalid_meld",
     "melds[0]: unknown field 'frm' (did you mean 'from'?); a meld has type, tiles, concealed, claimed, from"),
    (dict(MELDED, melds=[{"type": "kong", "tiles": "1111m", "concealed": True, "from": "left"}]),
     "invalid_meld", "melds[0]: a concealed kong has no claimed tile or source"),
    (dict(MELDED, melds=["111m"]), "invalid_meld",
     'melds[0] must be an object like {"type": "pung", "tiles": "555p"}'),
    (dict(MELDED, melds={"type": "pung"}), "invalid_meld", "field 'melds' must be a list"),
    # inconsistent flags
    (dict(BASE, after_kong=True), "invalid_situation",
     "'after_kong' (a win on the kong replacement tile) needs 'self_drawn': true"),
    (dict(BASE, after_kong=True, self_drawn=True), "invalid_situation", "'after_kong' needs a kong among the melds"),
    (dict(BASE, robbing_kong=True, self_drawn=True), "invalid_situation",
     "'robbing_kong' is a win on another player's tile: it cannot be 'self_drawn'"),
    (dict(BASE, robbing_kong=True), "invalid_situation",
     "'robbing_kong': the winner already holds 1z, so nobody can add it to a kong"),
    (dict(BASE, discard_after_kong=True, self_drawn=True), "invalid_situation",
     "'discard_after_kong' is a win on a discard: it cannot be 'self_drawn'"),
    (dict(BASE, fourth_tile=True), "invalid_situation",
     "'fourth_tile': the winner holds another 1z in hand, so the winning tile is not the last unseen copy"),
    # unknown fields, wrong types
    (dict(BASE, self_drawm=True), "invalid_situation", "unknown field 'self_drawm' (did you mean 'self_drawn'?); "
     "a situation has " + ", ".join(SITUATION_FIELDS)),
    (dict(BASE, self_drawn="yes"), "invalid_situation", "field 'self_drawn' must be true or false, got 'yes'"),
    (dict(BASE, seat_wind="X"), "invalid_situation", "field 'seat_wind': invalid wind 'X'; use one of E S W N"),
    (dict(BASE, flowers=9), "invalid_situation", "field 'flowers' must be 0–8, got 9"),
    (dict(BASE, void_suit="z"), "invalid_situation", "field 'void_suit' must be 'm', 'p' or 's', got 'z'"),
    (dict(BASE, extras=[]), "invalid_situation", "field 'extras' must be an object"),
    ({"hand": "123m"}, "invalid_situation", "missing field 'win_tile'"),
    ([], "invalid_situation", "a situation must be a JSON object, got list"),
]


@pytest.mark.parametrize("situation, code, message", INVALID)
def test_invalid_situation_raises_its_code(mini, situation, code, message):
    with pytest.raises(MahjongError) as info:
        mini.score(situation)
    assert (info.value.code, info.value.message) == (code, message)
    assert info.value.to_dict() == {"ok": False, "error": {"code": code, "message": message}}


@pytest.mark.parametrize("situation, fields", [
    # two consecutive kong replacements need two kongs
    ({"hand": "123m456p789s1z", "melds": [{"type": "kong", "tiles": "2222z", "concealed": True}], "win_tile": "1z",
      "self_drawn": True, "after_kong": 2}, ("after_kong",)),
    # a win in the first go-around "with no claim made before it" cannot hold a claimed pung
    ({"hand": "123m456p789s1z", "melds": [{"type": "pung", "tiles": "222z"}], "win_tile": "1z", "first_turn": True},
     ("first_turn",)),
])
def test_more_inconsistent_flags(mini, situation, fields):
    with pytest.raises(MahjongError) as info:
        mini.score(situation)
    assert info.value.code == "invalid_situation"
    assert all(f"'{f}'" in info.value.message for f in fields)


def test_consistent_flags_are_accepted(mini):
    kongs = [{"type": "kong", "tiles": "2222z", "concealed": True}, {"type": "kong", "tiles": "3333z", "from": "left"}]
    assert mini.score({"hand": "456p1z", "melds": kongs + [{"type": "chow", "tiles": "789s"}], "win_tile": "1z",
                       "self_drawn": True, "after_kong": 2}).total >= 1
    assert mini.score({"hand": "123m456p789s1z", "melds": kongs[:1], "win_tile": "1z", "first_turn": True,
                       "self_drawn": True, "dealer": True}).total >= 1


def test_valid_base_situations_score(mini):
    assert mini.score(BASE).total == 1
    melded = dict(MELDED, melds=[{"type": "chow", "tiles": "123m", "claimed": "2m", "from": "left"}])
    assert mini.score(melded).decomposition.labels()[0] == "[123m]"


def test_not_winning(mini):
    with pytest.raises(MahjongError) as info:
        mini.score({"hand": "123m456p789s1123z", "win_tile": "5z"})
    assert info.value.code == "not_winning"
    assert info.value.message == ("not a winning hand: 123m456p789s1123z + 5z forms no winning shape of "
                                  "ruleset 'mini'")


def _jsonl_input():
    lines = [json.dumps(s) for s, _, _ in INVALID]
    lines.insert(len(lines) // 2, json.dumps(BASE))
    lines.append(json.dumps(BASE))
    return lines


def _check_jsonl_output(out: str):
    results = [json.loads(line) for line in out.splitlines()]
    expected = [(c, m) for _, c, m in INVALID]
    expected.insert(len(expected) // 2, None)
    expected.append(None)
    assert len(results) == len(expected)
    for got, want in zip(results, expected):
        if want is None:
            assert got["ok"] is True and got["total"] == 1
        else:
            assert got == {"ok": False, "error": {"code": want[0], "message": want[1]}}


def test_jsonl_reports_each_bad_line_and_goes_on():
    rc, out, err = run_cli(["score", "--ruleset", MINI, "--jsonl"], "\n".join(_jsonl_input()) + "\n")
    assert (rc, err) == (0, "")
    _check_jsonl_output(out)


def test_jsonl_through_the_console_script():
    proc = subprocess.run([MAHJONG, "score", "--ruleset", str(MINI), "--jsonl"],
                          input="\n".join(_jsonl_input()) + "\n", capture_output=True, text=True,
                          encoding="utf-8", timeout=60)
    assert (proc.returncode, proc.stderr) == (0, "")
    _check_jsonl_output(proc.stdout)


# --------------------------------------------------------------------------- fuzzing

JUNK_VALUES = [None, True, False, 0, -1, 3, 99, 10 ** 30, 1.5, float("inf"), "", "E", "x", "1m", "1f",
               "0z", "5z", "123m", "[]", [], [1], ["1m"], {}, {"a": 1}, {"type": "pung"}, "1111m",
               "🀄", "中", "\u0000", "m" * 100, "9" * 50 + "m", [[[[[]]]]], "s", "left", "chow"]
TILE_JUNK = ["0m", "10m", "8z", "9f", "x", "1", "m", " ", "1f", "5z", "9s", "1m1m", "🀇"]


def _mutate(rng: random.Random, sit: dict) -> object:
    s = json.loads(json.dumps(sit))
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(12)
        try:
            names = [T.name(t) for t in T.parse_tiles(s["hand"])] if isinstance(s.get("hand"), str) else []
        except MahjongError:
            names = []
        if op == 0 and names:                       # drop a tile
            names.pop(rng.randrange(len(names)))
            s["hand"] = "".join(names)
        elif op == 1 and names:                     # duplicate a tile
            names.append(rng.choice(names))
            s["hand"] = "".join(names)
        elif op == 2 and names:                     # replace a tile, maybe by junk
            i = rng.randrange(len(names))
            names[i] = rng.choice(TILE_JUNK) if rng.random() < 0.4 else T.name(rng.randrange(42))
            s["hand"] = "".join(names)
        elif op == 3:                               # a random field, known or not
            key = rng.choice(list(SITUATION_FIELDS) + ["self_draw", "melds ", "Hand", "wild", "x", ""])
            s[key] = rng.choice(JUNK_VALUES)
        elif op == 4:                               # a known field with a wrong-typed value
            s[rng.choice(SITUATION_FIELDS)] = rng.choice(JUNK_VALUES)
        elif op == 5:                               # a bad or random meld
            meld = {"type": rng.choice(["chow", "pung", "kong", "pong", None, 1]),
                    "tiles": rng.choice(["123m", "111m", "1111m", "124m", "789z", "11m", "55555p", 5, None,
                                         T.format_tiles([rng.randrange(34)] * 3)])}
            if rng.random() < 0.3:
                meld[rng.choice(["concealed", "claimed", "from", "frm"])] = rng.choice(JUNK_VALUES)
            s.setdefault("melds", [])
            if isinstance(s["melds"], list):
                s["melds"].append(meld)
        elif op == 6 and isinstance(s.get("melds"), list) and s["melds"]:
            s["melds"].pop(rng.randrange(len(s["melds"])))
        elif op == 7:                               # a flag
            s[rng.choice(["self_drawn", "after_kong", "robbing_kong", "discard_after_kong", "last_tile",
                          "fourth_tile"])] = rng.choice([True, True, False, 2])
        elif op == 8:
            s["win_tile"] = rng.choice(TILE_JUNK + [T.name(rng.randrange(34))])
        elif op == 9:
            s.pop(rng.choice(list(s) or ["hand"]), None)
        elif op == 10:
            s["flowers"] = rng.choice(["1f2f", "1f1f", "9f", 3, 9, -1, "1m", True])
        else:
            s["wilds"] = rng.choice(["5m", "1z", "0m", "5m5m", 5, "", "1f"])
    return s


def _nonsense(rng: random.Random) -> str:
    options = ['{', '}', '[]', 'null', '42', '"hand"', '{"hand": }', 'nope', '{"hand": "123m"',
               '[{"hand": "1m"}]', '{"a": {"b": [1, {"c": null}]}}', "{'hand': '123m'}", '1e999',
               '{"hand": "123m456p789s1122z", "win_tile": "1z"} trailing', '"\\u00e9"', '-', 'NaN',
               "[" * 30 + "]" * 30]
    return rng.choice(options)


def fuzz_lines(seed: int, n: int) -> list[str]:
    rng = random.Random(seed)
    lines = []
    for _ in range(n):
        r = rng.random()
        if r < 0.08:
            lines.append(_nonsense(rng))
        else:
            sit = random_winning(rng)
            if rng.random() < 0.3:
                sit.update(rng.choice([{"self_drawn": True}, {"flowers": "1f2f"}, {"seat_wind": "S"},
                                       {"wilds": "5m"}]))
            lines.append(json.dumps(sit if r > 0.9 else _mutate(rng, sit), ensure_ascii=False))
    return lines


def _check_fuzz_output(lines: list[str], out: str):
    results = [json.loads(line) for line in out.splitlines()]
    assert len(results) == len(lines)
    oks = 0
    for line, res in zip(lines, results):
        if res["ok"] is True:
            oks += 1
            assert isinstance(res["total"], int) and res["fans"], line
        else:
            assert res["ok"] is False and set(res) >= {"ok", "error"}, line
            assert res["error"]["code"] in CODES, (line, res)
            assert isinstance(res["error"]["message"], str) and res["error"]["message"], line
    # the mutations must leave both kinds of line in the mix, or the test proves little
    assert 0.05 * len(lines) < oks < 0.95 * len(lines)


def test_fuzzed_jsonl_never_crashes():
    lines = fuzz_lines(2026, 2000)
    rc, out, err = run_cli(["score", "--ruleset", MINI, "--jsonl"], "\n".join(lines) + "\n")
    assert (rc, err) == (0, "")
    codes = {json.loads(x)["error"]["code"] for x in out.splitlines() if not json.loads(x)["ok"]}
    assert codes >= {"invalid_tile", "wrong_tile_count", "too_many_copies", "invalid_meld",
                     "invalid_situation", "not_winning"}
    _check_fuzz_output(lines, out)


def test_fuzzed_jsonl_through_a_real_process():
    lines = fuzz_lines(7, 1000)
    proc = subprocess.run([MAHJONG, "score", "--ruleset", str(MINI), "--jsonl"],
                          input="\n".join(lines) + "\n", capture_output=True, text=True, encoding="utf-8",
                          timeout=120)
    assert (proc.returncode, proc.stderr) == (0, "")
    _check_fuzz_output(lines, proc.stdout)


@pytest.mark.parametrize("field, value", [("hand", []), ("hand", {}), ("hand", ["1m"]), ("hand", {"1m": 1}),
                                          ("win_tile", ["1m"]), ("wilds", ["5m"]), ("wilds", {"5m": 1})])
def test_notation_of_the_wrong_type_is_invalid_tile(mini, field, value):
    """Non-string notation (a JSON list or object) must be a TileError naming the field, not a
    TypeError."""
    with pytest.raises(MahjongError) as info:
        mini.score(dict(BASE, **{field: value}))
    assert info.value.code == "invalid_tile"
    assert f"'{field}'" in info.value.message


def test_fuzzed_jsonl_under_every_installed_ruleset(engine):
    """The plugins' checks and vetoes see the same junk: still only known codes, line for line."""
    lines = fuzz_lines(99, 300)
    names = [n for n, title in engine.ruleset_names() if not title.startswith("(broken")]
    assert names
    for name in names:
        rc, out, err = run_cli(["score", "--ruleset", name, "--jsonl"], "\n".join(lines) + "\n")
        assert (rc, err) == (0, ""), name
        results = [json.loads(x) for x in out.splitlines()]
        assert len(results) == len(lines), name
        for line, res in zip(lines, results):
            assert res["ok"] is True or res["error"]["code"] in CODES, (name, line, res)


def test_deeply_nested_json_line_is_an_error_line_not_a_crash():
    """A pathological line must yield its own ``ok: false`` line; the run goes on."""
    deep = "[" * 100000 + "]" * 100000
    good = json.dumps(BASE)
    rc, out, err = run_cli(["score", "--ruleset", MINI, "--jsonl"], f"{deep}\n{good}\n")
    assert (rc, err) == (0, "")
    first, second = [json.loads(x) for x in out.splitlines()]
    assert first["ok"] is False and first["error"]["code"] == "invalid_situation"
    assert second["ok"] is True


def test_lone_surrogate_in_a_line_does_not_stop_the_run():
    """JSON allows the escape \\ud800; echoing it back must not kill the process on a UTF-8 stdout."""
    bad = '{"hand": "\\ud800", "win_tile": "1m"}'
    good = json.dumps(BASE)
    proc = subprocess.run([sys.executable, "-m", "mahjong_core.frontends.cli", "score", "--ruleset", str(MINI),
                           "--jsonl"], input=f"{bad}\n{good}\n", capture_output=True, text=True,
                          encoding="utf-8", env={"PYTHONIOENCODING": "utf-8", "PATH": ""}, timeout=60)
    assert (proc.returncode, proc.stderr) == (0, "")
    first, second = [json.loads(x) for x in proc.stdout.splitlines()]
    assert first["ok"] is False and first["error"]["code"] == "invalid_tile"
    assert second["ok"] is True


@settings(max_examples=150, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
                        st.sampled_from(list(SITUATION_FIELDS) + ["x"]), inner, max_size=6),
                    max_leaves=20))
def test_any_json_value_is_a_mahjong_error_or_a_result(mini, data):
    try:
        res = mini.score(data)
    except MahjongError as e:
        assert e.code in CODES and e.message
    else:
        assert res.total >= 1


# --------------------------------------------------------------------------- valid situations

@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False))
def test_situation_round_trips_through_to_dict(rng):
    sit = random_winning(rng)
    sit.update(rng.choice([{}, {"self_drawn": True, "seat_wind": "W"}, {"flowers": "2f7f"},
                           {"flowers": 3, "round_wind": "N"}, {"wilds": "5z", "dealer": True}]))
    table = TableRules(max_wild_kinds=1)
    s = parse_situation(sit, table)
    assert isinstance(s, Situation)
    assert parse_situation(s.to_dict(), table) == s
    assert len(s.all_tiles) == 14 + sum(1 for m in s.melds if m.kind == "kong")


@settings(max_examples=120, deadline=None)
@given(st.randoms(use_true_random=False))
def test_score_is_independent_of_tile_and_meld_order(mini, rng):
    sit = random_winning(rng, melds=rng.randint(0, 3))
    sit["self_drawn"] = rng.random() < 0.5
    ref = mini.score(sit)
    shuffled = dict(sit)
    names = [T.name(t) for t in T.parse_tiles(sit["hand"])]
    rng.shuffle(names)
    shuffled["hand"] = " ".join(names)
    shuffled["melds"] = list(reversed(sit["melds"]))
    other = mini.score(shuffled)
    assert (other.total, other.value, other.fans) == (ref.total, ref.value, ref.fans)
    assert sorted(other.decomposition.labels()) == sorted(ref.decomposition.labels())


@settings(max_examples=120, deadline=None)
@given(st.randoms(use_true_random=False))
def test_guobiao_score_is_independent_of_tile_and_meld_order(engine, rng):
    if "guobiao" not in engine.ruleset_files():
        pytest.skip("the guobiao ruleset is not installed")
    rules = engine.load_ruleset("guobiao")
    sit = random_winning(rng, melds=rng.randint(0, 3))
    sit.update(rng.choice([{}, {"self_drawn": True}, {"seat_wind": "S", "round_wind": "W"}, {"flowers": 2}]))
    try:
        ref = rules.score(sit, enforce_minimum=False)
    except MahjongError as e:
        assert e.code == "not_winning"
        return
    names = [T.name(t) for t in T.parse_tiles(sit["hand"])]
    rng.shuffle(names)
    melds = list(sit["melds"])
    rng.shuffle(melds)
    other = rules.score(dict(sit, hand="".join(names), melds=melds), enforce_minimum=False)
    assert (other.total, other.value) == (ref.total, ref.value)
    assert sorted((f.id, f.count) for f in other.fans) == sorted((f.id, f.count) for f in ref.fans)


def test_situation_fields_are_the_contracts():
    """The field list is the contract's: a new optional field must be added on purpose."""
    assert SITUATION_FIELDS == (
        "hand", "melds", "win_tile", "self_drawn", "seat_wind", "round_wind", "flowers", "last_tile",
        "after_kong", "robbing_kong", "discard_after_kong", "fourth_tile", "dealer", "first_turn",
        "ready_at_start", "declared_ready", "wilds", "void_suit", "extras")


def test_suits_only_tile_set_rejects_honours_and_flowers():
    rules = TableRules(kinds=frozenset(range(27)), flowers=False, tile_set="suits_108")
    with pytest.raises(MahjongError) as info:
        parse_situation(BASE, rules)
    assert (info.value.code, info.value.message) == (
        "invalid_tile", "tile 1z is not in this ruleset's tile set 'suits_108'")
    with pytest.raises(MahjongError) as info:
        parse_situation({"hand": "123m456p789s1155m", "win_tile": "1m", "flowers": 1}, rules)
    assert info.value.message == "this ruleset's tile set 'suits_108' has no flowers"


def test_a_situation_object_is_validated_like_a_dict(core_engine, mini):
    """The Python API accepts the library's own Situation: it must meet the same checks (table, copies,
    plugin vetoes) as the dict it could have been written as."""
    s = parse_situation(BASE)
    assert mini.score(s).to_dict() == mini.score(BASE).to_dict()
    sixteen = core_engine.load_ruleset(MINI.parent / "mini-16.yaml")
    with pytest.raises(MahjongError) as info:
        sixteen.score(s)
    assert info.value.code == "wrong_tile_count"
    with pytest.raises(MahjongError) as info:
        mini.score(Situation(hand=(0,) * 5 + tuple(range(9, 17)), win_tile=0))
    assert info.value.code == "too_many_copies"
