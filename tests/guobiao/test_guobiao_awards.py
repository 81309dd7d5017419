"""Fan id → the function that decides it (mahjong_guobiao.awards): every fan a Guobiao check
awards in a shipped ruleset is in exactly one module's ``AWARDS``, naming a function of that
module whose source names the fan; ``awarded_by`` answers for every fan of every shipped
ruleset, other plugins' checks included."""
from __future__ import annotations

import importlib
import inspect
from collections import Counter

import pytest

import mahjong_core
from mahjong_core.engine.config import is_family_base
from mahjong_guobiao import awards

from testpaths import RULESETS as RULESETS_DIR

RULESETS = sorted(p.stem for p in RULESETS_DIR.glob("*.yaml")
                  if not is_family_base(p))


@pytest.fixture(scope="module")
def shipped():
    return {name: mahjong_core.load_ruleset(name) for name in RULESETS}


def resolve(path: str):
    module, _, name = path.rpartition(".")
    return importlib.import_module(module), getattr(importlib.import_module(module), name)


def test_every_shipped_ruleset_is_checked(shipped):
    assert {"guobiao", "popular", "sichuan"} <= set(shipped)


def test_every_guobiao_fan_is_decided_in_exactly_one_place(shipped):
    guobiao_fans = {r.id for rules in shipped.values() for r in rules.fan_rules if r.check.startswith("guobiao.")}
    rows = Counter(fid for fid, _ in awards.ROWS)
    assert {fid for fid, n in rows.items() if n > 1} == set()
    assert set(rows) == guobiao_fans


def test_each_award_names_a_function_of_its_module_that_names_the_fan():
    for fid, path in list(awards.ROWS) + [(f, p) for f, ps in awards.ALSO_AWARDS.items() for p in ps]:
        module, func = resolve(path)
        func = inspect.unwrap(func)          # an lru_cache'd table is still its module's function
        assert inspect.isfunction(func) and func.__module__ == module.__name__, path
        assert f'"{fid}"' in inspect.getsource(module), (fid, path)


def test_the_special_shapes_add_only_real_fans(shipped):
    every = {r.id for r in shipped["guobiao"].fan_rules}
    assert set(awards.ALSO_AWARDS) <= every


@pytest.mark.parametrize("name", RULESETS)
def test_awarded_by_names_a_function_for_every_fan(shipped, name):
    rules = shipped[name]
    where = awards.awarded_by(rules)
    assert set(where) == {r.id for r in rules.fan_rules}
    for fid, path in where.items():
        assert callable(resolve(path)[1]), (fid, path)


def test_all_green_is_one_hop_from_its_id(shipped):
    assert awards.awarded_by(shipped["guobiao"])["all_green"] == "mahjong_guobiao.traits.all_green"
    assert awards.awarded_by(shipped["guobiao"])["nine_gates"] == "mahjong_guobiao.nine_gates.special"
    assert awards.awarded_by(shipped["popular"])["mixed_four_shifted_chows"] == "mahjong_popular.checks.mixed_shifted"


def test_each_check_awards_what_the_tables_file_under_it_and_the_shapes_add_nothing_else():
    """One source: a check's declared awards are the AWARDS rows filed under it, and a special
    shape's ALSO_AWARDS row (named by the check function it adds through) is one of them."""
    from mahjong_guobiao import mahjong_fan_checks, standard
    declared = {c.id: c.awards for c in mahjong_fan_checks()}
    filed = {f"guobiao.{check}" for m in awards.MODULES for check in m.AWARDS}
    assert filed == set(declared)
    for m in awards.MODULES:
        for fid, check in getattr(m, "ALSO_AWARDS", {}).items():
            assert fid in declared[f"guobiao.{check}"], (m.__name__, fid, check)
    assert declared["guobiao.win"] == standard.awards_of("win") >= {"concealed_hand", "self_drawn"}
