"""The six Guangdong rulesets held to the plugin and to their golden data
(tests/guangdong/data/): every check they name is registered and every plugin check is used;
each option is declared once, in the family base or in the one profile that plays it; and every fan, every option value, every
table switch a club sets in YAML and every record event is exercised by a golden case."""
from __future__ import annotations

import json
from functools import lru_cache

import pytest

from mahjong_core import default_engine, load_ruleset
from mahjong_core.engine.errors import MahjongError, RulesetError
from mahjong_core.engine.fans import fan_checks
from mahjong_core.testing import load_cases
from mahjong_guangdong import patterns as P
from mahjong_core.engine.config import read_yaml

from guangdong_kit import CASES, RULESETS
from testpaths import GUANGDONG_DATA, ROOT

LIVE_PLAY = {"reserve": "推倒胡's reserved wall tiles: read by live play, never by settlement"}
# options the scoring YAML reads (not the settlement): each value must score a golden hand
SCORED = {"combine": "the pattern rows' tier is on only for max_plus_bloom (scoring.tiers.pattern.when)",
          "yaojiu_rule": "read by the guangdong.big_hands check (幺九)"}


@lru_cache(maxsize=None)
def rules_of(name: str):
    return load_ruleset(name)


def _chain(rules) -> set[str]:
    """The shipped rulesets a ruleset is or extends (a club overlay's base)."""
    return {rules.name, *rules._resolved.chain} & set(RULESETS)


def test_every_named_check_is_registered_and_every_check_is_used():
    checks = default_engine().registry.checks
    used = set()
    for name in RULESETS:
        for fid, fan in rules_of(name).data["fans"].items():
            assert fan["check"] in checks, (name, fid)
            used.add(fan["check"])
    assert {c.id for c in fan_checks(P)} <= used


SETTLEMENTS = ("guangdong.dahu", "guangdong.tuidaohu", "guangdong.lianhua", "guangdong.bao")
FAMILY = sorted((ROOT / "rulesets").glob("guangdong*.yaml"))


@pytest.mark.parametrize("name", RULESETS)
def test_options_are_declared_and_set(name):
    rules = rules_of(name)
    assert set(rules.options) == set(rules.option_types), name
    assert rules._resolved.family_bases == ("guangdong-base",), name


def test_each_option_is_declared_once_in_the_family():
    """An option's type and its default live in one file: the family base, or the one profile
    whose own table reads it (under new_options); no file restates another's declaration."""
    declared: dict[str, list[str]] = {}
    for path in FAMILY:
        data = read_yaml(path).data
        for name in data.get("option_types") or {}:
            declared.setdefault(name, []).append(path.name)
        defaults = data.get("new_options") or ({} if "extends" in data else data.get("options") or {})
        assert set(defaults) == set(data.get("option_types") or {}), path.name
    assert {k: v for k, v in declared.items() if len(v) > 1} == {}
    base = read_yaml(ROOT / "rulesets" / "guangdong-base.yaml").data
    assert base["family_base"] is True and "extends" not in base
    shared = set(base["options"])
    for name in RULESETS:
        assert shared <= set(rules_of(name).options), name


def test_a_bad_option_value_is_refused_at_load_naming_it(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("extends: guangdong\noptions:\n  horse_table: lianhau\n", encoding="utf-8")
    with pytest.raises(RulesetError, match=r"bad.yaml:3.*horse_table.*did you mean 'lianhua'"):
        load_ruleset(path)


# ---------------------------------------------------------------- coverage by the golden data

def _situations(case):
    """The situations a case scores: its own, or its record's wins (with the record's wild)."""
    if case.situation is not None:
        return [dict(case.situation)]
    events = case.record.get("events", [])
    wild = next((e for e in events if e["type"] == "wild"), None)
    out = []
    for e in events:
        if e["type"] == "win":
            sit = dict(e["situation"], self_drawn="from" not in e)
            sit.setdefault("dealer", e["seat"] == case.record.get("dealer", 0))
            if wild is not None and "tile" in wild:
                sit.setdefault("wilds", wild["tile"])
            out.append(sit)
    return out


def _fans(rules, sit) -> set[str]:
    try:
        return {f.id for f in rules.score(sit, enforce_minimum=False).fans}
    except MahjongError:                    # an error case, or a situation the other ruleset refuses
        return set()


@lru_cache(maxsize=1)
def fired() -> dict[str, set[str]]:
    """Shipped ruleset → the fans awarded by golden cases under it or a club overlay of it, and
    by the cases of the ruleset it extends scored under it (as tests/project/test_meta.py does)."""
    out: dict[str, set[str]] = {n: set() for n in RULESETS}
    for _, _, case in CASES:
        own = rules_of(case.ruleset)
        for sit in _situations(case):
            for name in RULESETS:
                if name in _chain(own):
                    out[name] |= _fans(own, sit)
                elif _chain(own) & _chain(rules_of(name)):
                    out[name] |= _fans(rules_of(name), sit)
    return out


@pytest.mark.parametrize("name", RULESETS)
def test_every_fan_is_awarded_by_a_golden_case(name):
    rules = rules_of(name)
    missing = set()
    for fid, fan in rules.data["fans"].items():
        # a fan this ruleset keeps off (a club switch) is covered where it is switched on
        where = {name} if fan.get("enabled", True) else _chain(rules)
        if not any(fid in fired()[w] for w in where):
            missing.add(fid)
    assert missing == set(), name


def _settled_rulesets():
    """Every ruleset (shipped or a club overlay) that settles a golden record, once."""
    seen = {}
    for _, kind, case in CASES:
        if kind == "records":
            seen.setdefault(str(case.ruleset), rules_of(case.ruleset))
    return list(seen.values())


def _values(option: str):
    used = {str(case.ruleset): rules_of(case.ruleset) for _, _, case in CASES}.values() if option in SCORED \
        else _settled_rulesets()
    return {json.dumps(r.options[option], sort_keys=True) for r in used if option in r.options}


def test_every_option_value_settles_a_golden_record():
    types = {}
    for name in RULESETS:
        types.update(rules_of(name).option_types)
    short = {}
    for option, t in types.items():
        if option in LIVE_PLAY:
            continue
        seen = _values(option)
        if t.type == "bool":
            want = {"true", "false"}
        elif t.choices and t.type is None:
            want = {json.dumps(c) for c in t.choices}
        else:
            want = None                     # numbers and maps: the default and another value
        if (want is not None and not want <= seen) or (want is None and len(seen) < 2):
            short[option] = sorted(seen)
    assert short == {}


def test_every_table_switch_a_club_sets_is_in_a_golden_case():
    """Ghosts none / 白板 / 红中 / 翻鬼 / 翻双鬼 / the turned kind; seven pairs (with and without 豪华七对)
    and thirteen orphans on and off; chows; discard and robbing wins allowed or not; 四鬼胡牌."""
    used = {str(case.ruleset): rules_of(case.ruleset) for _, _, case in CASES}.values()
    ghosts = {("fixed", r.table.wilds.fixed) if r.table.wilds.fixed else ("indicator", r.table.wilds.indicator)
              if r.table.max_wild_kinds else ("none",) for r in used}
    assert ghosts >= {("none",), ("fixed", (31,)), ("fixed", (33,)), ("indicator", "next"),
                      ("indicator", "next_two"), ("indicator", "same")}
    shapes = {(s, r.data["shapes"].get(s, {}).get("enabled", True)) for r in used
              for s in ("seven_pairs", "thirteen_orphans", "wild_count")}
    assert shapes == {(s, on) for s in ("seven_pairs", "thirteen_orphans", "wild_count") for on in (True, False)}
    fours = {(r.data["shapes"].get("seven_pairs", {}).get("args") or {}).get("allow_four") for r in used}
    assert {True, False} <= fours                                   # 豪华七对 played or not
    assert {r.table.chows for r in used} == {True, False}
    methods = {r.table.win_methods for r in used}
    assert any("discard" in m for m in methods) and any("discard" not in m for m in methods)
    assert any("robbing_kong" in m for m in methods) and any("robbing_kong" not in m for m in methods)


@pytest.mark.parametrize("rule", SETTLEMENTS)
def test_every_record_event_and_field_is_in_a_golden_record(rule):
    """Each settlement rule's golden records hold every event type it accepts, every kong kind,
    chains, every win method, blooms, several horses events, a drawn hand and a dealer streak."""
    records = [case.record for _, kind, case in CASES
               if kind == "records" and rules_of(case.ruleset).settlement_rule.item.id == rule
               and "error" not in case.expect]
    events = [e for r in records for e in r["events"]]
    accepted = rules_of(next(n for n in RULESETS if rules_of(n).settlement_rule.item.id == rule)) \
        .settlement_rule.item.event_types
    seen = {e["type"] for e in events}
    if rule not in ("guangdong.tuidaohu", "guangdong.lianhua", "guangdong.bao"):
        assert seen >= set(accepted), (rule, set(accepted) - seen)
    else:
        # 推倒胡 and 包 have no 跟庄 in their source, 莲花 turns no wild: each still accepts it
        assert seen >= set(accepted) - {"follow_dealer", "wild", "end"}, (rule, set(accepted) - seen)
    kongs = [e for e in events if e["type"] == "kong"]
    assert {k["kind"] for k in kongs} == {"exposed", "added", "concealed"}, rule
    wins = [e for e in events if e["type"] == "win"]
    methods = {"robbing_kong" if w["situation"].get("robbing_kong") else "discard" if "from" in w else "self_drawn"
               for w in wins}
    assert methods == set(rules_of(next(n for n in RULESETS if rules_of(n).settlement_rule.item.id == rule))
                          .table.win_methods) | ({"discard"} if rule == "guangdong.tuidaohu" else set()), rule
    assert any(w["situation"].get("after_kong") for w in wins), rule
    assert any(not any(e["type"] == "win" for e in r["events"]) for r in records), rule
    if rule != "guangdong.bao":                                     # 包 has no horses
        assert any(e["type"] == "horses" for e in events), rule
    if rule == "guangdong.dahu":
        assert any(k.get("after_kong") for k in kongs)
        assert any(r.get("dealer_streak") for r in records)
        assert any(e["type"] == "horses" and "seat" in e for e in events)
        assert {("tile" in e, "indicator" in e) for e in events if e["type"] == "wild"} >= {(False, True)}


def test_the_golden_files_hold_cases():
    for path in sorted(GUANGDONG_DATA.glob("guangdong*_*.yaml")):
        assert load_cases(path), path


def test_an_int_too_large_for_a_float_is_refused_by_its_bounds(tmp_path):
    # horses: a whole number from 0 to 20; the check once overflowed converting the int to a float
    path = tmp_path / "huge.yaml"
    path.write_text("extends: guangdong\noptions:\n  horses: " + "9" * 400 + "\n", encoding="utf-8")
    with pytest.raises(RulesetError, match=r"huge.yaml:3.*horses"):
        load_ruleset(path)
