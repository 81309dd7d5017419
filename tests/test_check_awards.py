"""Checks say what they award (``FanCheck.awards``): a fan under such a check whose id the check
cannot award is refused when its ruleset loads, naming the file and line and the nearest id; a
check answering with an id outside its declared set is the plugin's error, never dropped."""
from __future__ import annotations

import pytest

import mahjong_core
from mahjong_core import PluginError, RulesetError
from mahjong_core.engine import Engine
from mahjong_core.fans import FanCheck
from mahjong_core.hookspecs import hookimpl

from conftest import MINI
from test_plugins import plugin

# (base ruleset, a misspelt fan id, the check it is put under, the id meant)
MISSPELT = [
    ("guobiao", "full_flsh", "guobiao.tiles", "full_flush"),
    ("popular", "all_simpels", "guobiao.tiles", "all_simples"),
    ("sichuan", "qingyse", "sichuan.base_patterns", "qingyise"),
    ("guangdong", "haohua_qdui", "guangdong.big_hands", "haohua_qidui"),
    ("guangdong-tuidaohu", "pengpenghuu", "guangdong.tdh_shape", "pengpenghu"),
    ("fuzhou", "flower", "fuzhou.bonus_tiles", "flowers"),
]


@pytest.mark.parametrize("base, fid, check, meant", MISSPELT)
def test_a_misspelt_fan_id_under_a_shipped_check_is_refused_at_load(tmp_path, base, fid, check, meant):
    path = tmp_path / "club.yaml"
    path.write_text(f"extends: {base}\nfans:\n  {fid}: {{zh: 错, en: Typo, points: 2, check: {check}}}\n",
                    encoding="utf-8")
    with pytest.raises(RulesetError) as e:
        mahjong_core.load_ruleset(str(path))
    message = e.value.message
    assert "club.yaml:3" in message and f"fan '{fid}': check '{check}' cannot award it" in message, message
    assert f"did you mean '{meant}'" in message, message


def test_every_fan_of_every_shipped_ruleset_is_one_its_check_can_award():
    engine = mahjong_core.default_engine()
    checks = engine.registry.checks
    declared = 0
    for name in engine.ruleset_files():
        for rule in engine.load_ruleset(name).fan_rules:
            awards = checks[rule.check].item.awards
            if awards is not None:
                declared += 1
                assert rule.id in awards, (name, rule.id)
    assert declared > 300


@pytest.mark.parametrize("family", ["guobiao", "guangdong", "fuzhou", "sichuan"])
def test_each_family_declares_what_its_mapping_checks_award(family):
    checks = mahjong_core.default_engine().registry.checks
    mine = {cid: reg.item.awards for cid, reg in checks.items() if cid.startswith(family + ".")}
    assert any(awards for awards in mine.values()), family


def _engine(answer, awards):
    def house_checks():
        return [FanCheck("house.pairs", lambda ctx: answer, "pairs", awards=awards)]
    return Engine(plugins=[plugin("house_awards", mahjong_fan_checks=house_checks)])


def _ruleset(tmp_path, fans: str):
    (tmp_path / "base.yaml").write_text(MINI.read_text(encoding="utf-8"), encoding="utf-8")
    path = tmp_path / "house.yaml"
    path.write_text("extends: base.yaml\nfans:\n" + fans, encoding="utf-8")
    return path


SIT = {"hand": "123m456p789s1122z", "win_tile": "1z"}


def test_an_answer_outside_the_declared_awards_is_the_plugins_error(tmp_path):
    engine = _engine({"pair_a": 1, "pair_z": 1}, frozenset({"pair_a", "pair_b"}))
    rules = engine.load_ruleset(_ruleset(tmp_path, "  pair_a: {zh: 甲, en: A, points: 2, check: house.pairs}\n"))
    with pytest.raises(PluginError, match=r"fan check 'house.pairs' awarded 'pair_z', which is not among"):
        rules.score(SIT)


def test_a_declared_fan_the_ruleset_does_not_use_is_left_out_quietly(tmp_path):
    engine = _engine({"pair_a": 1, "pair_b": 1}, frozenset({"pair_a", "pair_b"}))
    rules = engine.load_ruleset(_ruleset(tmp_path, "  pair_a: {zh: 甲, en: A, points: 2, check: house.pairs}\n"))
    assert {f.id for f in rules.score(SIT).fans} == {"pair_a"}


def test_a_check_that_declares_nothing_keeps_working_as_before(tmp_path):
    """A third-party check written before ``awards`` existed: its unknown ids are left out."""
    engine = _engine({"pair_a": 1, "other": 1}, None)
    rules = engine.load_ruleset(_ruleset(tmp_path, "  pair_a: {zh: 甲, en: A, points: 2, check: house.pairs}\n"))
    assert {f.id for f in rules.score(SIT).fans} == {"pair_a"}


def test_a_third_partys_misspelt_id_is_refused_too(tmp_path):
    engine = _engine({"pair_a": 1}, frozenset({"pair_a"}))
    with pytest.raises(RulesetError, match=r"house.yaml:3: fan 'pair_aa': check 'house.pairs' cannot award it "
                                           r"\(did you mean 'pair_a'\?\); it awards pair_a"):
        engine.load_ruleset(_ruleset(tmp_path, "  pair_aa: {zh: 甲, en: A, points: 2, check: house.pairs}\n"))
