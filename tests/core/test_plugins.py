"""The plugin door: loading one at a time, conflicts, misspelt hooks, errors wrapped with the
plugin's name, every hook usable by a third party, and the README's hook reference in step."""
from __future__ import annotations

import importlib.metadata
import inspect
import re
import sys

import pytest

from mahjong_core import MahjongError, NotWinningError, PluginError, RulesetError
from mahjong_core.engine.errors import ResourceError
from mahjong_core.engine import hookspecs
from mahjong_core.engine.registry import Engine
from mahjong_core.engine.fans import FanCheck
from mahjong_core.engine.hookspecs import MahjongSpec, SettlementRule, TileSet, ValueFormula, WinShape
from mahjong_core.engine.settle.money import Payment
from mahjong_core.engine.shapes import standard

from harness import run_cli
from house_plugins import checks, overlay, plugin
from testpaths import MINI, ROOT

SIT = {"hand": "123m456p789s1122z", "win_tile": "1z"}


# --------------------------------------------------------------------------- loading

@pytest.fixture
def fake_entry_points(tmp_path, monkeypatch):
    """Three entry points: one good, one that cannot be imported, one that raises on import."""
    (tmp_path / "ep_good.py").write_text(
        "from mahjong_core.engine.hookspecs import hookimpl\n"
        "from mahjong_core.engine.fans import FanCheck\n"
        "@hookimpl\n"
        "def mahjong_fan_checks():\n"
        "    return [FanCheck('good.always', lambda ctx: 1)]\n", encoding="utf-8")
    (tmp_path / "ep_boom.py").write_text("raise RuntimeError('boom at import')\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    for mod in ("ep_good", "ep_boom"):
        sys.modules.pop(mod, None)
    eps = [importlib.metadata.EntryPoint(n, v, "mahjong_core") for n, v in
           (("boom", "ep_boom"), ("good", "ep_good"), ("missing", "ep_no_such_module"))]
    real = importlib.metadata.entry_points

    def entry_points(**kw):
        return eps if kw.get("group") == "mahjong_core" else real(**kw)

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)
    return eps


def test_broken_entry_points_are_recorded_and_others_load(fake_entry_points):
    engine = Engine()
    assert engine.failures == {
        "boom": "RuntimeError: boom at import",
        "missing": "ModuleNotFoundError: No module named 'ep_no_such_module'",
    }
    assert engine.registry.checks["good.always"].plugin == "good"
    assert engine.pm.has_plugin("good") and not engine.pm.has_plugin("boom")


def test_cli_warns_about_broken_plugins_on_its_error_stream(fake_entry_points):
    rc, out, err = run_cli(["rulesets"])
    assert rc == 0
    assert "warning: plugin 'boom' failed to load: RuntimeError: boom at import" in err.splitlines()
    assert "warning: plugin 'missing' failed to load" in err


def test_misspelt_hook_is_an_error_naming_the_plugin():
    bad = plugin("typo_plugin", mahjong_fan_check=lambda: [])
    with pytest.raises(PluginError) as info:
        Engine(plugins=[bad], entry_points=False)
    assert info.value.message.startswith("plugin 'typo_plugin': unknown hook 'mahjong_fan_check'")


def test_misspelt_hook_in_an_entry_point_is_reported_by_its_name(tmp_path, monkeypatch):
    """Either the engine refuses to start, or it records the plugin as failed: never silence."""
    (tmp_path / "ep_typo.py").write_text(
        "from mahjong_core.engine.hookspecs import hookimpl\n"
        "@hookimpl\n"
        "def mahjong_fan_check():\n"
        "    return []\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("ep_typo", None)
    eps = [importlib.metadata.EntryPoint("typo", "ep_typo", "mahjong_core")]
    real = importlib.metadata.entry_points
    monkeypatch.setattr(importlib.metadata, "entry_points",
                        lambda **kw: eps if kw.get("group") == "mahjong_core" else real(**kw))
    try:
        engine = Engine()
    except PluginError as e:
        assert e.message.startswith("plugin 'typo': ") and "mahjong_fan_check" in e.message
    else:
        assert "mahjong_fan_check" in engine.failures["typo"]
        assert not engine.pm.has_plugin("typo")


def test_misspelt_hook_suggests_the_nearest_hook():
    bad = plugin("typo_plugin", mahjong_fan_check=lambda: [])
    with pytest.raises(PluginError) as info:
        Engine(plugins=[bad], entry_points=False)
    assert "(did you mean 'mahjong_fan_checks'?)" in info.value.message


def test_wrong_hook_arguments_are_an_error():
    bad = plugin("argh", mahjong_validate_ruleset=lambda ruleset, extra: None)
    with pytest.raises(PluginError) as info:
        Engine(plugins=[bad], entry_points=False)
    assert info.value.message.startswith("plugin 'argh': ")
    assert "extra" in info.value.message


# (hook, its registration, what it registers, an overlay on mini that uses the id)
CLASHES = [
    ("mahjong_fan_checks", lambda: [FanCheck("x.same", lambda ctx: 1)], "fan check",
     "fans:\n  same: {zh: 同, en: Same, points: 1, check: x.same}\n"),
    ("mahjong_win_shapes", lambda: [WinShape("x_shape", standard)], "win shape", "shapes:\n  x_shape: {}\n"),
    ("mahjong_tile_sets", lambda: [TileSet("x_set", frozenset(range(34)))], "tile set", "table: {tile_set: x_set}\n"),
    ("mahjong_value_formulas", lambda: [ValueFormula("x_value", lambda total, fans, situation: 0)],
     "value formula", "scoring: {value: {formula: x_value}}\n"),
    ("mahjong_settlements", lambda: [SettlementRule("x_settle", lambda record, ruleset: [])], "settlement",
     "settlement: {id: x_settle}\n"),
]


@pytest.mark.parametrize("hook, make, what, uses", CLASHES, ids=[c[0] for c in CLASHES])
def test_an_id_two_plugins_register_breaks_only_the_rulesets_that_use_it(tmp_path, hook, make, what, uses):
    """As with a ruleset name two plugins ship: the engine starts, a ruleset naming the id is an
    error naming both plugins, the others load, and the warnings name both."""
    a, b = plugin("plugin_a", **{hook: make}), plugin("plugin_b", **{hook: make})
    engine = Engine(plugins=[a, b], entry_points=False)
    key = make()[0].id
    assert engine.load_ruleset(MINI).title == "Minimal test ruleset"
    path = overlay(tmp_path, uses)
    with pytest.raises(PluginError) as info:
        engine.load_ruleset(path)
    assert info.value.message.startswith(f"{path}:")
    assert info.value.message.endswith(
        f": {what} id '{key}' is registered by more than one plugin: plugin 'plugin_a' and plugin 'plugin_b'; "
        f"uninstall one or rename the id in one")
    assert engine.warnings() == [f"{what} id '{key}' is registered by plugin 'plugin_a' and plugin 'plugin_b': "
                                 f"the rulesets that use it do not load; uninstall one or rename the id in one"]


def test_an_id_three_plugins_register_names_all_three(tmp_path):
    make = checks(FanCheck("x.same", lambda ctx: 1))
    engine = Engine(plugins=[plugin(n, mahjong_fan_checks=make) for n in ("p1", "p2", "p3")], entry_points=False)
    with pytest.raises(PluginError, match="plugin 'p1' and plugin 'p2' and plugin 'p3'"):
        engine.load_ruleset(overlay(tmp_path, CLASHES[0][3]))


def test_a_plugin_taking_a_core_id_names_builtin_and_it():
    clash = plugin("clash", mahjong_fan_checks=checks(FanCheck("core.flowers", lambda ctx: 0)))
    engine = Engine(plugins=[clash], entry_points=False)
    with pytest.raises(PluginError) as info:
        engine.load_ruleset(MINI)          # its fan 'flowers' is core.flowers
    assert info.value.message == (f"{MINI}:16: fan check id 'core.flowers' is registered by more than one plugin: "
                                  f"plugin 'builtin' and plugin 'clash'; uninstall one or rename the id in one")
    assert "core.flowers" not in engine.registry.checks


@pytest.fixture
def clashing_entry_points(tmp_path, monkeypatch):
    """The installed plugins plus two that both register the fan check 'clash.lucky'."""
    for name in ("ep_clash_a", "ep_clash_b"):
        (tmp_path / f"{name}.py").write_text(
            "from mahjong_core.plugin import FanCheck, hookimpl\n"
            "@hookimpl\n"
            "def mahjong_fan_checks():\n"
            "    return [FanCheck('clash.lucky', lambda ctx: 1)]\n", encoding="utf-8")
        sys.modules.pop(name, None)
    monkeypatch.syspath_prepend(str(tmp_path))
    real = importlib.metadata.entry_points
    extra = [importlib.metadata.EntryPoint(n, v, "mahjong_core") for n, v in
             (("clash_a", "ep_clash_a"), ("clash_b", "ep_clash_b"))]

    def entry_points(**kw):
        return list(real(**kw)) + extra if kw.get("group") == "mahjong_core" else real(**kw)

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)


def test_two_installed_plugins_with_one_check_id_leave_the_other_rulesets_working(clashing_entry_points):
    rc, out, err = run_cli(["rulesets"])
    assert rc == 0
    titles = dict(line.split(None, 1) for line in out.splitlines())
    assert not any("broken" in t for t in titles.values()), out
    assert titles["guobiao"].startswith("Guobiao (MCR)")
    assert ("warning: fan check id 'clash.lucky' is registered by plugin 'clash_a' and plugin 'clash_b': the "
            "rulesets that use it do not load; uninstall one or rename the id in one") in err.splitlines()
    rc, out, err = run_cli(["score", "--ruleset", "guobiao", "--json", "[111z,1]123456789m9m", "9m"])
    assert rc == 0, err


def test_same_plugin_twice_is_an_error():
    p = plugin("twice", mahjong_fan_checks=checks())
    with pytest.raises(PluginError) as info:
        Engine(plugins=[p, p], entry_points=False)
    assert info.value.message.startswith("plugin 'twice': ")


def test_registration_hook_that_raises_is_recorded_by_name():
    def broken():
        raise KeyError("oops")
    engine = Engine(plugins=[plugin("shaky", mahjong_fan_checks=broken)], entry_points=False)
    assert engine.failures == {"shaky": "mahjong_fan_checks() failed: KeyError: 'oops'"}


def test_engines_do_not_share_plugins():
    p = plugin("only_here", mahjong_fan_checks=checks(FanCheck("here.x", lambda ctx: 1)))
    assert "here.x" in Engine(plugins=[p], entry_points=False).registry.checks
    assert "here.x" not in Engine(entry_points=False).registry.checks


def test_an_engine_without_entry_points_says_which_left_out_plugin_a_ruleset_needs():
    """Engine(plugins=[mine], entry_points=False) loads no installed plugin: the built-in rulesets
    it lists as broken say which installed plugin provides what they miss, and how to get it."""
    import mahjong_guobiao
    mine = plugin("mine", mahjong_fan_checks=checks(FanCheck("mine.x", lambda ctx: 1)))
    engine = Engine(plugins=[mine], entry_points=False)
    titles = dict(engine.ruleset_names())
    left_out = ("provides it, but entry_points=False left the installed plugins out of this engine: pass it in "
                "plugins=[...] or leave entry_points on")
    assert titles["guobiao"].endswith(f"unknown check 'guobiao.pungs'; installed plugin 'guobiao' {left_out})")
    assert f"unknown validator 'sichuan.void_suit'; installed plugin 'sichuan' {left_out}" in titles["sichuan"]
    assert f"unknown tile set 'fuzhou_144'; installed plugin 'fuzhou' {left_out}" in titles["fuzhou"]
    # passed in, a plugin is there; the ones still left out are still named
    engine = Engine(plugins=[mine, mahjong_guobiao], entry_points=False)
    assert engine.load_ruleset("guobiao").title.startswith("Guobiao (MCR)")
    assert f"installed plugin 'sichuan' {left_out}" in dict(engine.ruleset_names())["sichuan"]


def test_an_engine_without_entry_points_names_the_left_out_plugin_of_a_ruleset(fake_ruleset_entry_point):
    engine = Engine(entry_points=False)
    with pytest.raises(MahjongError) as info:
        engine.load_ruleset("outside")
    assert info.value.message.endswith("; installed plugin 'outside_rules' provides it, but entry_points=False "
                                       "left the installed plugins out of this engine: pass it in plugins=[...] "
                                       "or leave entry_points on")
    assert Engine().load_ruleset("outside").title == "Minimal test ruleset"


@pytest.fixture
def fake_ruleset_entry_point(tmp_path, monkeypatch):
    """An installed plugin 'outside_rules' shipping the ruleset 'outside' (a copy of mini)."""
    pkg = tmp_path / "ep_outside"
    (pkg / "rulesets").mkdir(parents=True)
    (pkg / "rulesets" / "outside.yaml").write_text(MINI.read_text(encoding="utf-8"), encoding="utf-8")
    (pkg / "__init__.py").write_text(
        "from pathlib import Path\n"
        "from mahjong_core.plugin import hookimpl\n"
        "@hookimpl\n"
        "def mahjong_rulesets():\n"
        "    return [Path(__file__).parent / 'rulesets']\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("ep_outside", None)
    real = importlib.metadata.entry_points
    extra = [importlib.metadata.EntryPoint("outside_rules", "ep_outside", "mahjong_core")]
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda **kw: list(real(**kw)) + extra
                        if kw.get("group") == "mahjong_core" else real(**kw))
    return pkg


@pytest.mark.parametrize("make, problem", [
    (lambda folder: None, "does not exist"),                     # installed without its YAML
    (lambda folder: folder.mkdir(), "holds no ruleset (*.yaml)"),
    (lambda folder: (folder.mkdir(), (folder / "notes.txt").write_text("x", encoding="utf-8")),
     "holds no ruleset (*.yaml)"),
])
def test_a_plugin_whose_ruleset_folder_yields_nothing_is_warned_about(tmp_path, make, problem):
    folder = tmp_path / "rulesets"
    make(folder)
    engine = Engine(plugins=[plugin("lost_yaml", mahjong_rulesets=lambda: [folder])], entry_points=False)
    warning = (f"plugin 'lost_yaml' ships no ruleset: its ruleset folder {folder} {problem} (is its YAML listed "
               f"in the package-data of its pyproject.toml?)")
    assert engine.warnings() == [warning]
    with pytest.raises(MahjongError) as info:
        engine.load_ruleset("lost")
    assert info.value.message.startswith("unknown ruleset 'lost'; installed: ")
    assert info.value.message.endswith(f"; {warning}")


def test_mahjong_rulesets_warns_about_an_installed_plugin_without_its_yaml(fake_ruleset_entry_point):
    for f in (fake_ruleset_entry_point / "rulesets").iterdir():      # as `pip install .` without package-data
        f.unlink()
    (fake_ruleset_entry_point / "rulesets").rmdir()
    rc, out, err = run_cli(["rulesets"])
    assert rc == 0 and "guobiao " in out
    folder = fake_ruleset_entry_point / "rulesets"
    assert (f"warning: plugin 'outside_rules' ships no ruleset: its ruleset folder {folder} does not exist "
            f"(is its YAML listed in the package-data of its pyproject.toml?)") in err.splitlines()
    rc, out, err = run_cli(["score", "--ruleset", "outside", "123m456p789s1122z", "1z"])
    assert rc != 0 and "plugin 'outside_rules' ships no ruleset" in err


def test_the_installed_plugins_warn_about_nothing(engine):
    assert engine.warnings() == []


# --------------------------------------------------------------------------- errors inside plugin code

def test_exception_in_a_fan_check_names_plugin_and_check(tmp_path):
    def divide(ctx):
        return 1 // 0
    engine = Engine(plugins=[plugin("divider", mahjong_fan_checks=checks(FanCheck("div.zero", divide)))],
                    entry_points=False)
    rules = engine.load_ruleset(overlay(tmp_path, "fans:\n  bad: {zh: 坏, en: Bad, points: 1, check: div.zero}\n"))
    with pytest.raises(PluginError) as info:
        rules.score(SIT)
    assert info.value.message == ("plugin 'divider': fan check 'div.zero' failed: ZeroDivisionError: "
                                  "integer division or modulo by zero")
    assert info.value.code == "ruleset_error"
    assert isinstance(info.value.__cause__, ZeroDivisionError)


def test_exception_in_a_win_shape_names_plugin_and_shape(tmp_path):
    def broken(inp):
        raise ValueError("no shape today")
    engine = Engine(plugins=[plugin("shaper", mahjong_win_shapes=lambda: [WinShape("broken", broken)])],
                    entry_points=False)
    rules = engine.load_ruleset(overlay(tmp_path, "shapes:\n  broken: {}\n"))
    with pytest.raises(PluginError) as info:
        rules.score(SIT)
    assert info.value.message == "plugin 'shaper': win shape 'broken' failed: ValueError: no shape today"


def test_exception_in_a_settlement_names_plugin(tmp_path):
    def broken(record, ruleset):
        raise TypeError("bad record")
    engine = Engine(plugins=[plugin("payer", mahjong_settlements=lambda: [SettlementRule("oops", broken)])],
                    entry_points=False)
    rules = engine.load_ruleset(overlay(tmp_path, "settlement: {id: oops}\n"))
    with pytest.raises(PluginError) as info:
        rules.settle({"seats": 4, "events": []})
    assert info.value.message == "plugin 'payer': settlement 'oops' failed: TypeError: bad record"


def test_mahjong_error_from_a_check_passes_through(tmp_path):
    def strict(ctx):
        raise NotWinningError("this club does not allow it")
    engine = Engine(plugins=[plugin("strict", mahjong_fan_checks=checks(FanCheck("s.x", strict)))],
                    entry_points=False)
    rules = engine.load_ruleset(overlay(tmp_path, "fans:\n  s: {zh: 严, en: Strict, points: 1, check: s.x}\n"))
    with pytest.raises(NotWinningError, match="this club does not allow it"):
        rules.score(SIT)


# --------------------------------------------------------------------------- every hook, used by a plugin

def test_every_hook_works_for_a_third_party(tmp_path):
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "club.yaml").write_text(
        "title: Club\n"
        "table: {tile_set: club_set, hand_size: 13}\n"
        "shapes:\n  standard: {}\n  club_pairs: {}\n"
        "scoring: {value: {formula: squared}}\n"
        "fans:\n  honest: {zh: 诚, en: Honest, points: 3, check: club.honest}\n"
        "settlement: {id: flat, params: {stake: 2}}\n", encoding="utf-8")
    seen = {}

    def all_pairs(inp):
        yield from ()

    def flat(record, ruleset, stake=1):
        for win in record.of_type("win"):
            yield Payment(win.get("from"), win.seat, stake * ruleset.score(record.situation_dict(win)).value,
                          "win")

    def validate_ruleset(ruleset):
        seen["ruleset"] = ruleset.name

    def validate_situation(situation, ruleset):
        if situation.dealer:
            raise NotWinningError("the dealer never wins at this club")

    p = plugin(
        "club",
        mahjong_tile_sets=lambda: [TileSet("club_set", frozenset(range(34)), False)],
        mahjong_win_shapes=lambda: [WinShape("club_pairs", all_pairs)],
        mahjong_fan_checks=checks(FanCheck("club.honest", lambda ctx: 1)),
        mahjong_settlements=lambda: [SettlementRule("flat", flat)],
        mahjong_value_formulas=lambda: [ValueFormula("squared", lambda total, fans, situation: total * total)],
        mahjong_rulesets=lambda: [folder],
        mahjong_validate_ruleset=validate_ruleset,
        mahjong_validate_situation=validate_situation,
        mahjong_choose_result=lambda candidates, ruleset: None,
    )
    engine = Engine(plugins=[p], entry_points=False)
    assert ("club", "Club") in engine.ruleset_names()
    rules = engine.load_ruleset("club")
    assert seen == {"ruleset": "club"}
    res = rules.score(SIT)
    assert (res.total, res.value, [f.id for f in res.fans]) == (3, 9, ["honest"])
    with pytest.raises(NotWinningError, match="dealer"):
        rules.score(dict(SIT, dealer=True))
    with pytest.raises(MahjongError) as info:
        rules.score(dict(SIT, flowers=1))
    assert info.value.message == "this ruleset's tile set 'club_set' has no flowers"
    record = {"seats": 4, "events": [{"type": "win", "seat": 1, "from": 3, "situation": SIT}]}
    assert rules.settle(record).to_dict()["deltas"] == [0, 18, 0, -18]


def test_validate_ruleset_veto(tmp_path):
    def veto(ruleset):
        if ruleset.minimum < 2:
            raise RulesetError(f"{ruleset.where('scoring.minimum')}: this club needs a minimum of 2")
    engine = Engine(plugins=[plugin("vetoer", mahjong_validate_ruleset=veto)], entry_points=False)
    with pytest.raises(RulesetError) as info:
        engine.load_ruleset(MINI)
    assert info.value.message == f"{MINI}:8: this club needs a minimum of 2"


def test_validate_ruleset_other_exception_is_wrapped():
    def veto(ruleset):
        raise ValueError("nope")
    engine = Engine(plugins=[plugin("vetoer", mahjong_validate_ruleset=veto)], entry_points=False)
    with pytest.raises(RulesetError) as info:
        engine.load_ruleset(MINI)
    assert info.value.message == "ruleset 'mini' vetoed by plugin 'vetoer': ValueError: nope"


def test_running_out_of_memory_in_a_ruleset_hook_is_no_plugins_fault():
    """A MemoryError in ``mahjong_validate_ruleset`` or ``mahjong_chooses_ties`` is the machine's
    limit: a ResourceError, neither a veto nor the plugin's failure."""
    def hungry(ruleset):
        raise MemoryError
    for hooks in ({"mahjong_validate_ruleset": hungry},
                  {"mahjong_choose_result": lambda candidates, ruleset: None, "mahjong_chooses_ties": hungry}):
        engine = Engine(plugins=[plugin("hungry", **hooks)], entry_points=False)
        with pytest.raises(ResourceError) as info:
            engine.load_ruleset(MINI)
        assert info.value.code == "out_of_memory" and "hungry" not in info.value.message


def test_choose_result_breaks_ties(core_engine):
    """111222333m reads as three pungs or three chows: same total in mini, so the hook decides."""
    sit = {"hand": "111222333m456p5z", "win_tile": "5z"}
    def pungs(result):
        return sum(g.kind == "pung" for g in result.decomposition.groups)

    default = core_engine.load_ruleset(MINI).score(sit)
    want = 0 if pungs(default) else 3

    def choose(candidates, ruleset):
        assert len(candidates) == 2
        return next(c for c in candidates if pungs(c) == want)
    engine = Engine(plugins=[plugin("chooser", mahjong_choose_result=choose)], entry_points=False)
    chosen = engine.load_ruleset(MINI).score(sit)
    assert chosen.total == default.total
    assert pungs(chosen) == want


def test_chooses_ties_false_leaves_the_first_tied_reading(core_engine):
    """A chooser that answers False to mahjong_chooses_ties for a ruleset is never asked there:
    the first tied reading is the choice, as core's default gives; True keeps it asked."""
    sit = {"hand": "111222333m456p5z", "win_tile": "5z"}
    default = core_engine.load_ruleset(MINI).score(sit)
    asked = []

    def choose(candidates, ruleset):
        asked.append(len(candidates))
        return candidates[-1]
    for says, want_asked in ((False, []), (True, [2])):
        asked.clear()
        engine = Engine(plugins=[plugin("chooser", mahjong_choose_result=choose,
                                        mahjong_chooses_ties=lambda ruleset, says=says: says)],
                        entry_points=False)
        chosen = engine.load_ruleset(MINI).score(sit)
        assert asked == want_asked
        assert (chosen.decomposition == default.decomposition) is (not says)


def test_chooses_ties_failure_names_the_plugin():
    def broken(ruleset):
        raise KeyError("tie_break")
    engine = Engine(plugins=[plugin("chooser", mahjong_choose_result=lambda candidates, ruleset: None,
                                    mahjong_chooses_ties=broken)], entry_points=False)
    with pytest.raises(PluginError, match="plugin 'chooser': mahjong_chooses_ties failed: KeyError"):
        engine.load_ruleset(MINI)


# --------------------------------------------------------------------------- documentation in step

SPEC_HOOKS = sorted(name for name, _ in inspect.getmembers(MahjongSpec, inspect.isfunction)
                    if name.startswith("mahjong_"))


def test_hookspecs_all_prefixed_and_documented_with_an_example():
    assert len(SPEC_HOOKS) >= 8
    for name in SPEC_HOOKS:
        doc = inspect.getdoc(getattr(MahjongSpec, name))
        assert doc and "Example::" in doc and "@hookimpl" in doc, name


@pytest.mark.parametrize("hook", SPEC_HOOKS)
def test_every_hook_is_in_the_plugin_guide(hook):
    readme = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
    assert re.search(rf"\b{hook}\b", readme), f"docs/plugins.md does not document the hook {hook}"


def test_readme_names_no_hook_that_does_not_exist():
    readme = (ROOT / "README.md").read_text(encoding="utf-8") + (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
    mentioned = set(re.findall(r"\bmahjong_[a-z_]+\b", readme))
    # mahjong_demo: the family the guide's walk-through builds
    packages = {"mahjong_core", "mahjong_rulesets", "mahjong_guobiao", "mahjong_sichuan", "mahjong_popular",
                "mahjong_258", "mahjong_demo"} | {p.name for p in (ROOT / "plugins").iterdir()}
    unknown = {m for m in mentioned - packages - set(SPEC_HOOKS) if not m.startswith("mahjong_core_")}
    assert not unknown, f"README.md mentions hooks that MahjongSpec lacks: {sorted(unknown)}"


def test_hookimpl_marker_belongs_to_the_project():
    assert hookspecs.PROJECT == "mahjong_core"
    assert hookspecs.hookimpl.project_name == "mahjong_core"
