"""The Guangdong golden data (tests/data/guangdong/) checked against the plugin now, before the
core keys its rulesets need exist.

Each draft ruleset (plugins/mahjong_guangdong/drafts/) is turned into the YAML today's core reads:
``tier`` becomes ``excludes`` of the tier's lower fans, the ``units`` value formula a stand-in
registered here (``doublings`` fans named in its params), ``rules_out_fallback: false``
``scoring.fallback_besides``, a fixed wild the situation's ``wilds``; the win-method rules (``table.win_methods``, ``scoring.minimum`` per method) are applied
here from the draft itself. Situations are then scored by the engine with the plugin's checks, and
records settled by ``settle.settle_hand`` through a small walk over their events (the core
replayer's job once it lands). Once the rulesets load, ``mahjong_core.testing.check_cases`` runs
the same files unchanged.
"""
from __future__ import annotations

import copy
import types
from pathlib import Path

import pytest
import yaml

from mahjong_core import tiles as T
from mahjong_core.engine import Engine
from mahjong_core.errors import MahjongError
from mahjong_core.hookspecs import ValueFormula, hookimpl
from mahjong_core.testing import load_cases
from mahjong_core.wilds import next_kind
from mahjong_guangdong import settle
from mahjong_guangdong.bills import Win
from mahjong_guangdong.facts import ghost_tiles
from mahjong_guangdong.kongs import Kong
from test_guangdong_bills import deltas as net

ROOT = Path(__file__).resolve().parents[1]
DRAFTS = ROOT / "plugins" / "mahjong_guangdong" / "drafts"
DATA = ROOT / "tests" / "data" / "guangdong"
RULESETS = ("guangdong", "guangdong-tuidaohu", "guangdong-lianhua", "guangdong-bao",
            "guangdong-jipinghu", "guangdong-100")


def _merge(base: dict, over: dict) -> dict:
    out = copy.deepcopy(base)
    for key, value in over.items():
        if key == "extends":
            continue
        if isinstance(value, dict) and isinstance(out.get(key), dict) and key != "minimum":
            out[key] = _merge(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


def draft(name: str) -> dict:
    """A draft ruleset with its ``extends`` chain merged; ``name`` may be a club overlay's path
    (a golden case's ``ruleset``), which extends a draft by name."""
    path = Path(name) if name.endswith(".yaml") else DRAFTS / f"{name}.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return _merge(draft(data["extends"]), data) if "extends" in data else data


def base_of(name: str) -> str:
    """The profile a ruleset (a draft or a club overlay) belongs to."""
    while name.endswith(".yaml"):
        name = yaml.safe_load(Path(name).read_text(encoding="utf-8"))["extends"]
    return name


def units_value(total, fans, situation, base=0, doublings=(), max_doublings=None, cap=None):
    """The core-model ``units`` formula: min((base + P) × 2^min(D, max_doublings), cap)."""
    d = sum(f.points * f.count for f in fans if f.id in doublings)
    p = total - d
    value = (base + p) * 2 ** (d if max_doublings is None else min(d, max_doublings))
    return value if cap is None else min(value, cap)


_UNITS = types.ModuleType("guangdong_units_stand_in")
_UNITS.mahjong_value_formulas = hookimpl(lambda: [ValueFormula("test.units", units_value)])
ENGINE = Engine(plugins=[_UNITS])


def interim(data: dict) -> dict:
    """The draft as today's core reads it (see the module docstring)."""
    out = copy.deepcopy(data)
    out.pop("settlement", None)
    table = out["table"]
    table.pop("win_methods", None)
    table["wilds"] = {"max_kinds": table["wilds"]["max_kinds"]}
    if table["tile_set"] == "lianhua_136":
        table["tile_set"] = "standard_136"
    out["shapes"].pop("wild_count", None)
    fans = {k: v for k, v in out["fans"].items() if v.get("enabled", True)}
    scoring = out["scoring"]
    scoring["minimum"] = 0
    params = dict(scoring["value"]["params"], doublings=[k for k, f in fans.items() if "doublings" in f])
    scoring["value"] = {"formula": "test.units", "params": params}
    besides = []
    for fid, fan in fans.items():
        if "doublings" in fan:
            fan["points"] = fan.pop("doublings")
        if fan.pop("rules_out_fallback", True) is False:
            besides.append(fid)
    for fid, fan in fans.items():
        tier = fan.pop("tier", None)
        if tier is None:
            continue
        order = [f for f in fans if data["fans"][f].get("tier") == tier]
        mine = (fan["points"], -order.index(fid))
        fan["excludes"] = [o for o in order if o != fid
                           and (data_points(data["fans"][o]), -order.index(o)) < mine]
    if besides:
        scoring["fallback_besides"] = besides
    out["fans"] = fans
    return out


def data_points(fan: dict) -> int:
    return fan.get("points", fan.get("doublings"))


_RULES: dict = {}


def rules_for(name: str, tmp_path_factory):
    if name not in _RULES:
        path = tmp_path_factory.mktemp("interim") / f"{Path(name).stem}.yaml"
        path.write_text(yaml.safe_dump(interim(draft(name)), allow_unicode=True), encoding="utf-8")
        _RULES[name] = ENGINE.load_ruleset(path)
    return _RULES[name]


def method_of(sit: dict) -> str:
    if sit.get("robbing_kong"):
        return "robbing_kong"
    return "self_drawn" if sit.get("self_drawn") else "discard"


def prepared(sit: dict, data: dict) -> dict:
    """The situation with the fixed wild named (core's ``table.wilds.fixed`` does it later)."""
    fixed = data["table"]["wilds"].get("fixed")
    return dict(sit, wilds=fixed) if fixed else sit


def score(sit: dict, name: str, tmp_path_factory):
    """(error code or None, result or None) under the draft's win-method rules."""
    data = draft(name)
    method = method_of(sit)
    if method not in data["table"]["win_methods"]:
        return "not_winning", None
    try:
        result = rules_for(name, tmp_path_factory).score(prepared(sit, data), enforce_minimum=False)
    except MahjongError as e:
        return e.code, None
    minimum = data["scoring"]["minimum"]
    need = minimum.get(method, minimum.get("discard", 0)) if isinstance(minimum, dict) else minimum
    return ("below_minimum" if result.total < need else None), result


def _cases(kind: str):
    out = []
    for name in RULESETS:
        path = DATA / f"{name}_{kind}.yaml"
        out += [(name, c) for c in load_cases(path)]
    return out


HANDS = _cases("hands")
RECORDS = _cases("records")


@pytest.mark.parametrize("name,case", HANDS, ids=[f"{n}:{c.id}" for n, c in HANDS])
def test_hand(name, case, tmp_path_factory):
    assert base_of(case.ruleset) == name
    error, result = score(dict(case.situation), case.ruleset, tmp_path_factory)
    expect = case.expect
    assert error == expect.get("error"), f"{case.where}: {case.id}: got {error}, result {result and result.total}"
    if result is None:
        return
    got = {"total": result.total, "value": result.value, "fans": {f.id: f.count for f in result.fans}}
    for key in ("total", "value", "fans"):
        if key in expect:
            assert got[key] == expect[key], f"{case.where}: {case.id}: {key} {got[key]} != {expect[key]}"


SETTLE_RULES = {"guangdong": "guangdong.dahu", "guangdong-tuidaohu": "guangdong.tuidaohu",
                "guangdong-lianhua": "guangdong.lianhua", "guangdong-bao": "guangdong.bao",
                "guangdong-jipinghu": "guangdong.dahu", "guangdong-100": "guangdong.dahu"}


def settle_record(record: dict, name: str, tmp_path_factory) -> list:
    """The record's payments: its events gathered into settle_hand's facts."""
    data = draft(name)
    seats, dealer = record.get("seats", 4), record.get("dealer", 0)
    kongs: list[Kong] = []
    wins: list[tuple[dict, Win, int]] = []
    horses: dict = {}
    wild, followed = None, False
    for event in record["events"]:
        kind = event["type"]
        if kind == "wild":
            wild = event.get("tile")
            if wild is None:     # 翻鬼: the kind after the turned tile (core's table.wilds.indicator later)
                turned = T.tile(event["indicator"])
                wild = T.name(next_kind(turned) if data["table"]["wilds"].get("indicator") == "next" else turned)
        elif kind == "follow_dealer":
            followed = True
        elif kind == "kong":
            kongs.append(Kong(event["seat"], event["kind"], event.get("from"), bool(event.get("after_kong"))))
        elif kind == "horses":
            seat = event.get("seat", wins[-1][1].seat if wins else None)
            horses[seat] = T.parse_tiles(event["tiles"])
        elif kind == "win":
            sit = dict(event["situation"], dealer=event["seat"] == dealer)
            if "from" not in event:
                sit["self_drawn"] = True
            if wild:
                sit["wilds"] = wild
            if sit.get("robbing_kong") and kongs and not kongs[-1].robbed:
                kongs[-1] = kongs[-1]._replace(robbed=True)
            error, result = score(sit, name, tmp_path_factory)
            assert error is None, f"win of seat {event['seat']}: {error}"
            parsed = rules_for(name, tmp_path_factory).parse(prepared(sit, data))
            win = Win(event["seat"], result.value, method_of(sit), event.get("from"),
                      after_kong=int(sit.get("after_kong", 0)),
                      claim_liable=(sit.get("extras") or {}).get("claim_liable"), melds=len(parsed.melds))
            wins.append((sit, win, ghost_tiles(parsed)))
    winners = [settle.Winner(w, tuple(horses.get(w.seat, ())), g) for _, w, g in wins]
    return settle.settle_hand(SETTLE_RULES[base_of(name)], kong_list=kongs, winners=winners, options=data["options"],
                              seats=seats, dealer=dealer, dealer_streak=record.get("dealer_streak", 0),
                              followed=followed)


@pytest.mark.parametrize("name,case", RECORDS, ids=[f"{n}:{c.id}" for n, c in RECORDS])
def test_record(name, case, tmp_path_factory):
    assert base_of(case.ruleset) == name
    payments = settle_record(dict(case.record), case.ruleset, tmp_path_factory)
    deltas = net(payments, case.record.get("seats", 4))
    assert sum(deltas) == 0
    expect = case.expect
    if "deltas" in expect:
        assert deltas == list(expect["deltas"]), f"{case.where}: {case.id}: {[p.to_dict() for p in payments]}"
    if "payments" in expect:
        got = [p.to_dict() for p in payments]
        seen = [{k: g.get(k) for k in w} for g, w in zip(got, expect["payments"])]
        assert (len(got), seen) == (len(expect["payments"]), list(expect["payments"])), f"{case.where}: {case.id}: {got}"


def test_every_ruleset_has_golden_hands_and_records():
    assert {n for n, _ in HANDS} == set(RULESETS) == {n for n, _ in RECORDS}
