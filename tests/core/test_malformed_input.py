"""Malformed situations, records and overlays against every shipped ruleset.

Whatever a user, a program or a fuzzer sends, the library answers with a result or a
``MahjongError`` carrying a contract code; output is strict JSON; no input takes more than a
few seconds; and batch mode answers every line with exactly one line, in order.
"""
from __future__ import annotations

import json
import math
import random
import subprocess
import sys
import time

import pytest
import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

from mahjong_core import MahjongError
from mahjong_core.engine.registry import Engine
from mahjong_core.engine.hand import SITUATION_FIELDS
from mahjong_core.engine.records import RECORD_FIELDS

from handgen import random_situation
from malformed import (CODES, NASTY as _NASTY, RAW_OVERLAYS as _RAW_OVERLAYS, SHIPPED, deep as _deep,
                       malformed_situation as _malformed_situation, mutate as _mutate)
from testpaths import FUZHOU_DATA, GUANGDONG_DATA, GUOBIAO_DATA, SICHUAN_DATA

HANG_GUARD = 5.0          # seconds one input may take, with room for a loaded shared machine
ENGINE = Engine()
RULES = {name: ENGINE.load_ruleset(name) for name in SHIPPED}
_FAMILY_RECORDS = {"guobiao": GUOBIAO_DATA / "guobiao_settlement.yaml",
                   "popular": GUOBIAO_DATA / "guobiao_settlement.yaml",
                   "sichuan": SICHUAN_DATA / "sichuan_records.yaml", "fuzhou": FUZHOU_DATA / "fuzhou_cases.yaml",
                   **{n: GUANGDONG_DATA / f"{n}_records.yaml" for n in SHIPPED if n.startswith("guangdong")}}


def _strict(data) -> str:
    """JSON text of ``data``, failing on NaN or Infinity (strict JSON)."""
    return json.dumps(data, allow_nan=False, ensure_ascii=False)


def _reject_constant(name):
    raise AssertionError(f"non-standard JSON constant {name} in output")


def _load_strict(text: str):
    return json.loads(text, parse_constant=_reject_constant)


# ------------------------------------------------------------------------------ junk values

junk = st.recursive(
    st.sampled_from(_NASTY) | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12)


def _timed(func, *args):
    start = time.perf_counter()
    try:
        return func(*args), None
    except MahjongError as e:
        return None, e
    finally:
        assert time.perf_counter() - start < HANG_GUARD, f"{func.__name__} took too long"


def _check_error(e: MahjongError, what) -> None:
    assert e.code in CODES, (what, e.code, e.message)
    assert isinstance(e.message, str) and e.message, what
    _strict(e.to_dict())


# ------------------------------------------------------------------------------ situations

@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.data())
def test_malformed_situations_give_results_or_mahjong_errors(rng, data):
    sit = _malformed_situation(rng, lambda: data.draw(junk))
    for name, rules in RULES.items():
        result, error = _timed(rules.score, sit)
        if error is not None:
            _check_error(error, (name, sit))
        else:
            _strict(result.to_dict())
        pre_win = {k: v for k, v in sit.items() if k != "win_tile"} if isinstance(sit, dict) else sit
        waits, error = _timed(rules.waits, pre_win)
        if error is not None:
            _check_error(error, (name, "waits", pre_win))
        else:
            _strict(waits.to_dict())


# ------------------------------------------------------------------------------ batch mode

def _jsonl_lines(seed: int, n: int) -> list[bytes]:
    """Lines as a program might send them: good, malformed, blank, not JSON, not UTF-8, huge."""
    rng = random.Random(seed)
    lines: list[bytes] = []
    junk_values = _NASTY + [_deep(3), {"hand": 1}, {"hand": "1m", "win_tile": "1m", "melds": "x"}]
    for i in range(n):
        r = rng.random()
        if r < 0.04:
            lines.append(b"")
        elif r < 0.07:
            lines.append(rng.choice([b"{", b"not json", b"[1, 2", b"\xff\xfe{}", b"{\"hand\": \"\xc3\"}",
                                     b"   ", b"NaN", b"1" * 5000, b"[" * 100000 + b"]" * 100000]))
        elif r < 0.09:
            lines.append(b'{"hand": "123m", "win_tile": "1m", "extras": {"n": ' + b"9" * 10000 + b"}}")
        else:
            sit = _malformed_situation(rng, lambda: rng.choice(junk_values))
            if isinstance(sit, dict) and rng.random() < 0.2:
                sit = dict(sit, id=f"q{i}")
            try:
                text = json.dumps(sit, ensure_ascii=rng.random() < 0.5)
            except RecursionError:          # deeper than json.dumps goes: write the brackets
                text = '{"hand": ' + "[" * 5000 + "]" * 5000 + ', "win_tile": "1m"}'
            lines.append(text.encode("utf-8", "surrogatepass"))
    return lines


@pytest.mark.parametrize("name", SHIPPED)
def test_jsonl_answers_every_line_once_in_order_with_strict_json(name):
    lines = _jsonl_lines(SHIPPED.index(name) + 1, 250)
    proc = subprocess.run([sys.executable, "-m", "mahjong_core", "score", "--ruleset", name, "--jsonl"],
                          input=b"\n".join(lines) + b"\n", capture_output=True, timeout=120)
    assert proc.returncode == 0, proc.stderr.decode("utf-8", "replace")[-2000:]
    assert b"Traceback" not in proc.stderr
    answers = proc.stdout.decode("utf-8").splitlines()
    assert len(answers) == len(lines)
    for line, answer in zip(lines, answers):
        res = _load_strict(answer)
        if res["ok"] is not True:
            assert res["error"]["code"] in CODES, (line[:200], res)
        try:
            sent = json.loads(line)
        except (ValueError, RecursionError):
            continue
        if isinstance(sent, dict) and isinstance(sent.get("id"), str):
            # echoed whenever the line was read as an object (a line refused unread has none)
            assert res.get("id", sent["id"]) == sent["id"], (line[:200], res)
            assert res["ok"] is not True or res["id"] == sent["id"], (line[:200], res)


# ------------------------------------------------------------------------------ records

def _records(family: str) -> list[dict]:
    cases = yaml.safe_load(_FAMILY_RECORDS[family].read_text(encoding="utf-8"))
    if isinstance(cases, dict):
        cases = cases.get("records", cases.get("cases"))
    return [c["record"] for c in cases if isinstance(c, dict) and "record" in c]


_RECORDS = {family: _records(family) for family in _FAMILY_RECORDS}
_EVENT_FIELDS = ("type", "seat", "from", "situation", "kind", "tile", "suit", "hands", "tiles", "late")


def _family(name: str) -> str:
    if name.startswith("guangdong"):
        return name                         # each profile has its own golden records
    return next(f for f in ("guobiao", "popular", "sichuan", "fuzhou") if name.startswith(f))


def _malformed_record(rng: random.Random, records: list[dict], draw_junk) -> object:
    r = rng.random()
    if r < 0.05:
        return draw_junk()
    record = json.loads(json.dumps(rng.choice(records)))
    record.pop("ruleset", None)
    if r < 0.15:
        return record
    events = list(record.get("events") or [])
    if r < 0.6 and events:
        i = rng.randrange(len(events))
        event = events[i]
        if isinstance(event, dict) and isinstance(event.get("situation"), dict) and rng.random() < 0.5:
            event = dict(event, situation=_mutate(rng, event["situation"], SITUATION_FIELDS, draw_junk))
        elif isinstance(event, dict):
            event = _mutate(rng, event, _EVENT_FIELDS, draw_junk)
        events[i] = event
        if rng.random() < 0.3:
            events.insert(rng.randrange(len(events) + 1), rng.choice(events))
        return dict(record, events=events)
    return _mutate(rng, record, RECORD_FIELDS, draw_junk)


def _exact_zero(deltas) -> bool:
    from decimal import Decimal
    return sum(Decimal(repr(d)) if isinstance(d, float) else Decimal(d) for d in deltas) == 0


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.data())
def test_malformed_records_settle_or_give_mahjong_errors(rng, data):
    for name, rules in RULES.items():
        record = _malformed_record(rng, _RECORDS[_family(name)], lambda: data.draw(junk))
        result, error = _timed(rules.settle, record)
        if error is not None:
            _check_error(error, (name, record))
            continue
        out = result.to_dict()
        _strict(out)
        assert _exact_zero(out["deltas"]), (name, record, out)


# ------------------------------------------------------------------------------ overlays

def _overlay_keys(rules) -> list[str]:
    keys = ["title", "description", "table", "shapes", "scoring", "options", "fans", "settlement",
            "new_options", "extends", "nonsense"]
    keys += [f"fans.{fid}" for fid in list((rules.data.get("fans") or {}))[:40]]
    keys += [f"options.{o}" for o in rules.options]
    keys += [f"scoring.{k}" for k in ("minimum", "value", "fallback", "prefer")]
    keys += [f"table.{k}" for k in ("tile_set", "hand_size", "chows", "sequences")]
    return keys


def _set_dotted(data: dict, dotted: str, value) -> None:
    *head, last = dotted.split(".")
    node = data
    for part in head:
        node = node.setdefault(part, {})
        if not isinstance(node, dict):
            return
    node[last] = value


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.data())
def test_malformed_overlays_load_or_give_mahjong_errors(tmp_path_factory, rng, data):
    name = rng.choice(SHIPPED)
    base = RULES[name]
    path = tmp_path_factory.mktemp("overlay") / "house.yaml"
    if rng.random() < 0.25:
        raw = rng.choice(_RAW_OVERLAYS)
        path.write_bytes(raw.replace(b"%s", name.encode()) if b"%s" in raw else raw)
    else:
        overlay: dict = {"extends": name}
        for _ in range(rng.randint(1, 3)):
            _set_dotted(overlay, rng.choice(_overlay_keys(base)), data.draw(junk))
        text = yaml.safe_dump(overlay, allow_unicode=True)
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
    engine = Engine()
    rules, error = _timed(engine.load_ruleset, path)
    if error is not None:
        _check_error(error, (name, path.read_bytes()[:300]))
        assert "root:x:0:0" not in error.message
        return
    sit = random_situation(random.Random(rng.random()))
    result, error = _timed(rules.score, sit)
    if error is not None:
        _check_error(error, (name, sit))
    else:
        _strict(result.to_dict())
        assert not any(isinstance(v, float) and not math.isfinite(v) for v in (result.total, result.value))


@pytest.mark.parametrize("field", ["hand", "win_tile", "seat_wind", "flowers", "after_kong", "dealer",
                                   "wilds", "void_suit", "extras"])
@pytest.mark.parametrize("value", [_deep(5000), 10 ** 5000, {"x": [10 ** 5000]}, "x" * 100_000],
                         ids=["deep", "huge-int", "nested-huge-int", "long-string"])
def test_a_value_too_big_to_print_is_named_not_crashed_on(field, value):
    sit = {"hand": "123m456p789s234m5p", "win_tile": "5p", field: value}
    with pytest.raises(MahjongError) as info:
        RULES["guobiao"].score(sit)
    assert info.value.code in CODES and len(info.value.message) < 600


def test_a_huge_kong_count_is_refused_by_its_range():
    sit = {"hand": "5m", "win_tile": "5m", "self_drawn": True, "after_kong": 10 ** 5000,
           "melds": [{"type": "kong", "tiles": t, "concealed": True} for t in ("1111m", "2222p", "3333s", "4444z")]}
    with pytest.raises(MahjongError) as info:
        RULES["guobiao"].score(sit)
    assert info.value.message.startswith("field 'after_kong' must be true/false or a count of kongs 0–4")


@pytest.mark.parametrize("value", ["[]", "{}", "7", "standard_14"])
def test_a_tile_set_that_is_not_a_name_is_a_ruleset_error(tmp_path, value):
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: guobiao\ntable: {{tile_set: {value}}}\n", encoding="utf-8")
    with pytest.raises(MahjongError) as info:
        Engine().load_ruleset(path)
    assert info.value.code == "ruleset_error" and "house.yaml:2: unknown tile set" in info.value.message
