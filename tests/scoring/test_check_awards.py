"""Checks say what they award (``FanCheck.awards``, declared with ``@fan_check``): a fan under such
a check whose id the check cannot award is refused when its ruleset loads, naming the file and
line and the nearest id — under every check of every shipped family and the example plugin; a
check answering with an id outside its declared set is the plugin's error, never dropped. A
check reports what the hand has: a family reusing Guobiao's ``guobiao.win`` without Guobiao's
exclusions keeps 门前清 and 自摸 beside 不求人."""
from __future__ import annotations

import pytest

import mahjong_core
from mahjong_core import PluginError, RulesetError
from mahjong_core.engine.registry import Engine
from mahjong_core.engine.fans import FanCheck, fan_check, fan_checks
from mahjong_core.engine.hookspecs import hookimpl

from testpaths import MINI
from house_plugins import plugin

# (base ruleset, a misspelt fan id, the check it is put under, the id meant)
MISSPELT = [
    ("guobiao", "full_flsh", "guobiao.tiles", "full_flush"),
    ("popular", "all_simpels", "guobiao.tiles", "all_simples"),
    ("sichuan", "qingyse", "sichuan.base_patterns", "qingyise"),
    ("guangdong", "haohua_qdui", "guangdong.big_hands", "haohua_qidui"),
    ("guangdong-tuidaohu", "pengpenghuu", "guangdong.tdh_shape", "pengpenghu"),
    ("fuzhou", "flower", "fuzhou.bonus_tiles", "flowers"),
]


def _refused(tmp_path, base, fid, check, meant):
    """An overlay of ``base`` putting ``fid`` under ``check`` is refused at its line, suggesting ``meant``."""
    path = tmp_path / "club.yaml"
    path.write_text(f"extends: {base}\nfans:\n  {fid}: {{zh: 错, en: Typo, points: 2, check: {check}}}\n",
                    encoding="utf-8")
    with pytest.raises(RulesetError) as e:
        mahjong_core.load_ruleset(str(path))
    message = e.value.message
    assert "club.yaml:3" in message and f"fan '{fid}': check '{check}' cannot award it" in message, message
    assert f"did you mean '{meant}'" in message, message


@pytest.mark.parametrize("base, fid, check, meant", MISSPELT)
def test_a_misspelt_fan_id_under_a_shipped_check_is_refused_at_load(tmp_path, base, fid, check, meant):
    _refused(tmp_path, base, fid, check, meant)


FAMILIES = ("guobiao", "popular", "sichuan", "guangdong", "fuzhou", "mahjong_258")


def _shipped_uses():
    """check id → (a shipped ruleset whose YAML names it, a fan id under it), enabled or not."""
    engine = mahjong_core.default_engine()
    uses: dict = {}
    for name in sorted(engine.ruleset_files()):
        for fid, spec in engine.load_ruleset(name).data["fans"].items():
            uses.setdefault(spec.get("check"), (name, fid))
    return engine, uses


def _every_family_check():
    engine, uses = _shipped_uses()
    out = []
    for cid, reg in sorted(engine.registry.checks.items()):
        family = cid.partition(".")[0]
        if family == "core":            # core's generic checks: the fan is whatever the YAML calls it
            continue
        assert family in FAMILIES, cid
        base, fid = uses.get(cid, (None, None))
        if base is None:                # declared but in no shipped ruleset: put it in its family's
            base = next(n for c, (n, _) in uses.items() if c and c.startswith(family + "."))
            fid = min(reg.item.awards)
        out.append((cid, base, fid))
    return out


EVERY_CHECK = _every_family_check()


def test_every_family_and_the_example_has_checks_in_the_sweep():
    assert {cid.partition(".")[0] for cid, _, _ in EVERY_CHECK} == set(FAMILIES)
    assert len(EVERY_CHECK) >= 60


@pytest.mark.parametrize("check, base, meant", EVERY_CHECK, ids=[c for c, _, _ in EVERY_CHECK])
def test_a_misspelt_fan_id_under_any_shipped_check_is_refused(tmp_path, check, base, meant):
    fid = meant + meant[-1]                  # one letter doubled: the commonest slip
    assert fid not in mahjong_core.default_engine().registry.checks[check].item.awards
    _refused(tmp_path, base, fid, check, meant)


def test_every_shipped_family_check_declares_what_it_awards():
    checks = mahjong_core.default_engine().registry.checks
    assert [cid for cid, reg in checks.items() if not cid.startswith("core.") and not reg.item.awards] == []


def test_a_variant_names_the_declared_fan_it_is_a_form_of(tmp_path):
    """Two fans under one count check with other args need two ids: the second says which
    declared fan it is a form of (``variant_of``), and a misspelt one is refused."""
    good = tmp_path / "both.yaml"
    good.write_text("extends: popular\nfans:\n  human_hand_any: {zh: 人和, en: Human Hand (any), points: 108,\n"
                    "    check: popular.human_hand, args: {any_first_turn_win: true}, variant_of: human_hand}\n",
                    encoding="utf-8")
    assert mahjong_core.load_ruleset(str(good)).fan_by_id["human_hand_any"].check == "popular.human_hand"
    bad = tmp_path / "bad.yaml"
    bad.write_text(good.read_text(encoding="utf-8").replace("variant_of: human_hand", "variant_of: human_hnd"),
                   encoding="utf-8")
    with pytest.raises(RulesetError, match=r"bad.yaml:4: fan 'human_hand_any': 'variant_of' must name a fan "
                                           r"check 'popular.human_hand' awards, got 'human_hnd' \(did you mean "
                                           r"'human_hand'\?\)"):
        mahjong_core.load_ruleset(str(bad))


def test_the_decorator_refuses_a_declaration_that_says_nothing():
    with pytest.raises(PluginError, match=r"fan check 'house.x': awards must be a collection of fan ids, got 'x'"):
        fan_check("house.x", awards="x")
    with pytest.raises(PluginError, match=r"fan check 'house.x': awards must name at least one fan id"):
        fan_check("house.x", awards=())
    with pytest.raises(PluginError, match=r"module 'nowhere' declares no fan check"):
        fan_checks("nowhere")


def test_the_decorator_declares_beside_the_function_and_returns_it_unchanged():
    def lucky(ctx):
        """A lucky hand."""
        return 1
    lucky.__module__ = "house_checks_module"
    assert fan_check("house.lucky", awards=("lucky",), per_hand=True, reads=("dealer",))(lucky) is lucky
    [check] = fan_checks("house_checks_module")
    assert (check.id, check.func, check.doc, check.per_hand, check.reads, check.awards) == \
        ("house.lucky", lucky, "A lucky hand.", True, ("dealer",), frozenset({"lucky"}))


def _win_ruleset(tmp_path, fans: str):
    path = tmp_path / "reuse.yaml"
    plain = "  plain_win: {zh: 平胡, en: Plain Win, points: 1, check: core.shape, args: {shape: none}}\n"
    path.write_text(MINI.read_text(encoding="utf-8").split("fans:")[0] + "fans:\n" + plain + fans, encoding="utf-8")
    return mahjong_core.load_ruleset(str(path))


CONCEALED_SELF_DRAWN = {"hand": "123m456p789s234s5z", "win_tile": "5z", "self_drawn": True}


def test_guobiao_win_reports_what_the_hand_has_and_guobiao_yaml_combines_it(tmp_path):
    """不求人 in place of 门前清 + 自摸 is Guobiao's YAML (``excludes``), not the check's: a ruleset
    reusing guobiao.win without it gets 门前清 and 自摸 (and 不求人 if it names it)."""
    both = _win_ruleset(tmp_path, "  concealed_hand: {zh: 门前清, en: Concealed Hand, points: 2, check: guobiao.win}\n"
                                  "  self_drawn: {zh: 自摸, en: Self-Drawn, points: 1, check: guobiao.win}\n")
    assert {f.id for f in both.score(CONCEALED_SELF_DRAWN).fans} == {"concealed_hand", "self_drawn"}
    three = _win_ruleset(tmp_path, "  concealed_hand: {zh: 门前清, en: Concealed Hand, points: 2, check: guobiao.win}\n"
                                   "  self_drawn: {zh: 自摸, en: Self-Drawn, points: 1, check: guobiao.win}\n"
                                   "  fully_concealed_hand: {zh: 不求人, en: Fully Concealed, points: 4, "
                                   "check: guobiao.win}\n")
    assert {f.id for f in three.score(CONCEALED_SELF_DRAWN).fans} == {"concealed_hand", "self_drawn",
                                                                      "fully_concealed_hand"}
    guobiao = mahjong_core.load_ruleset("guobiao")
    hand = {"hand": "123m456p789s23s55z", "win_tile": "4s", "self_drawn": True}
    result = guobiao.score(hand)
    fans = {f.id for f in result.fans}
    assert "fully_concealed_hand" in fans and not fans & {"concealed_hand", "self_drawn"}
    # the YAML's exclusion took them: --explain says so
    assert {x["id"] for x in guobiao.explain(result)["excluded"]} >= {"concealed_hand", "self_drawn"}


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


@pytest.mark.parametrize("family", FAMILIES)
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
