"""Ruleset files and plugins that must fail cleanly: YAML that expands, nests or decodes badly,
files that are not rulesets, numbers that are no numbers, plugins that clash or break, and
option values outside their declared choices or types."""
from __future__ import annotations

import subprocess
import sys
import types
from pathlib import Path

import pytest

from mahjong_core import MahjongError, PluginError, RulesetError
from mahjong_core.engine import config
from mahjong_core.engine.registry import Engine
from mahjong_core.engine.fans import FanCheck
from mahjong_core.engine.hookspecs import hookimpl

from harness import EXAMPLE_PLUGIN, missing, run_cli
from testpaths import MINI, ROOT

BASE = MINI.read_text(encoding="utf-8")


def write(folder: Path, name: str, text: str | bytes) -> Path:
    path = folder / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path.resolve()


def load_error(engine, path) -> MahjongError:
    with pytest.raises(MahjongError) as info:
        engine.load_ruleset(path)
    return info.value


def overlay(tmp_path: Path, text: str, base: str = BASE) -> Path:
    write(tmp_path, "base.yaml", base)
    return write(tmp_path, "house.yaml", "extends: base.yaml\n" + text)


# --------------------------------------------------------------------------- YAML resource limits

def billion_laughs(levels: int = 9) -> str:
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for prev, name in zip("abcdefghij", "bcdefghijk"[: levels - 1]):
        lines.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
    return "title: bomb\n" + "\n".join(lines) + "\n"


def test_alias_bomb_fails_fast_naming_file_and_line(tmp_path):
    path = write(tmp_path, "bomb.yaml", billion_laughs())
    assert len(path.read_bytes()) < 600
    script = ("import sys\nfrom mahjong_core.engine.registry import Engine\nfrom mahjong_core import MahjongError\n"
              "try:\n    Engine(entry_points=False).load_ruleset(sys.argv[1])\n"
              "except MahjongError as e:\n    print(e.code, e.message)\n")
    proc = subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True, text=True,
                          timeout=120)          # a hang guard, not a timing assertion
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.strip()
    assert out.startswith(f"ruleset_error {path}:"), out
    assert "expands to more than" in out and "aliases" in out


def test_aliases_within_the_budget_still_work(tmp_path, core_engine):
    text = BASE.replace("title: Minimal test ruleset", "title: &t Minimal test ruleset") \
        .replace("  seven_pairs: {args: {pairs: 7}}", "  seven_pairs: {args: &seven {pairs: 7}}")
    path = write(tmp_path, "ok.yaml", text + "description: *t\n")
    rules = core_engine.load_ruleset(path)
    assert rules.data["description"] == rules.title == "Minimal test ruleset"


@pytest.mark.parametrize("depth", [60, 900, 5000])
def test_nesting_too_deep_is_a_ruleset_error(tmp_path, core_engine, depth):
    path = write(tmp_path, "deep.yaml", BASE + "description: " + "[" * depth + "]" * depth + "\n")
    e = load_error(core_engine, path)
    assert isinstance(e, RulesetError)
    assert e.message.startswith(f"{path}:"), e.message
    assert "nested deeper than" in e.message or "maximum nesting depth" in e.message


def test_block_nesting_too_deep_is_a_ruleset_error(tmp_path, core_engine):
    text = BASE + "description:\n" + "".join("  " * (i + 1) + f"k{i}:\n" for i in range(100))
    path = write(tmp_path, "deep.yaml", text)
    e = load_error(core_engine, path)
    assert isinstance(e, RulesetError) and "nested deeper than" in e.message
    assert e.message.startswith(f"{path}:")


def test_non_utf8_file_names_file_line_and_offset(tmp_path, core_engine):
    data = BASE.encode() + b"description: caf\xe9\n"
    path = write(tmp_path, "latin1.yaml", data)
    e = load_error(core_engine, path)
    assert isinstance(e, RulesetError) and e.code == "ruleset_error"
    line = BASE.count("\n") + 1
    assert e.message.startswith(f"{path}:{line}: not UTF-8 text"), e.message
    offset = data.index(b"\xe9")
    assert f"byte offset {offset}" in e.message


def test_file_too_large_is_refused(tmp_path, core_engine):
    path = write(tmp_path, "big.yaml", BASE + ("# padding " + "x" * 90 + "\n") * 12_000)
    assert path.stat().st_size > config.MAX_FILE_BYTES
    e = load_error(core_engine, path)
    assert isinstance(e, RulesetError) and "larger than" in e.message and str(path) in e.message


def test_long_lines_within_the_size_limit_load(tmp_path, core_engine):
    path = write(tmp_path, "long.yaml", BASE + "description: " + "长" * 200_000 + "\n")
    assert core_engine.load_ruleset(path).data["description"] == "长" * 200_000


def test_integer_too_long_to_convert_is_a_ruleset_error(tmp_path, core_engine):
    path = overlay(tmp_path, "scoring:\n  minimum: " + "9" * 5000 + "\n")
    e = load_error(core_engine, path)
    assert isinstance(e, RulesetError) and e.message.startswith(f"{path}:3: ")
    assert "9" * 100 not in e.message


@pytest.mark.parametrize("exc", [MemoryError, RecursionError])
def test_memory_and_recursion_errors_while_loading_become_ruleset_errors(tmp_path, core_engine, monkeypatch, exc):
    path = write(tmp_path, "any.yaml", BASE)

    def boom(self):
        raise exc()
    monkeypatch.setattr(config._Loader, "get_single_node", boom)
    e = load_error(core_engine, path)
    assert isinstance(e, RulesetError) and e.message.startswith(f"{path}: ")


# --------------------------------------------------------------------------- not a ruleset

SECRET = "hunter2-Secret"


@pytest.mark.parametrize("text", [
    f"root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:{SECRET}:/usr/sbin:/usr/sbin/nologin\n",
    f"- root:x:0:0:{SECRET}\n- daemon\n",
    f"{SECRET}: 1\npassword: {SECRET}\n",
    f"[section]\nkey={SECRET}\n",
    f"export TOKEN={SECRET}\n",
])
def test_a_file_that_is_no_ruleset_is_named_without_its_contents(tmp_path, core_engine, text):
    path = write(tmp_path, "secret.yaml", text)
    e = load_error(core_engine, path)
    assert isinstance(e, RulesetError)
    assert SECRET not in e.message and SECRET.lower() not in e.message.lower()
    assert "not a ruleset" in e.message or "invalid YAML" in e.message, e.message


def test_cli_ruleset_file_that_is_not_a_ruleset(tmp_path):
    path = write(tmp_path, "notes.yaml", f"user: {SECRET}\nhome: /root\n")
    rc, out, err = run_cli(["score", "--ruleset", path, "123m456p789s1122z", "--win", "1z"])
    assert rc != 0 and SECRET not in err + out
    assert f"{path}:1: not a ruleset file" in err


def test_unknown_keys_are_shown_truncated_and_escaped(tmp_path, core_engine):
    long_key = "k" * 500
    path = overlay(tmp_path, f"{long_key}: 1\n")
    e = load_error(core_engine, path)
    assert "unknown key 'kkkk" in e.message and "k" * 100 not in e.message and "…" in e.message
    path = overlay(tmp_path, 'scoring:\n  "a\\nb\\u0007": 1\n')
    e = load_error(core_engine, path)
    assert "unknown key 'scoring.a\\nb\\x07'" in e.message and "\n" not in e.message


def test_non_name_keys_are_not_echoed_in_full(tmp_path, core_engine):
    path = overlay(tmp_path, "? [" + ", ".join(["x" * 50] * 20) + "]\n: 1\n")
    e = load_error(core_engine, path)
    assert "keys must be names" in e.message and len(e.message) < 300


# --------------------------------------------------------------------------- numbers

@pytest.mark.parametrize("text, where", [
    ("fans:\n  self_drawn: {points: .nan}\n", 3),
    ("fans:\n  self_drawn: {points: .inf}\n", 3),
    ("fans:\n  self_drawn: {points: -.inf}\n", 3),
    ("fans:\n  self_drawn: {points: '2'}\n", 3),
    ("scoring:\n  minimum: .nan\n", 3),
    ("scoring:\n  minimum: '1'\n", 3),
    ("fans:\n  flowers: {dropped_when_others_exceed: .inf}\n", 3),
    ("scoring:\n  value: {formula: doubling, params: {cap: .nan}}\n", 3),
    ("scoring:\n  value: {formula: doubling, params: {cap: '5'}}\n", 3),
    ("scoring:\n  value: {formula: doubling, params: {base: .inf}}\n", 3),
    ("shapes:\n  seven_pairs: {args: {pairs: '7'}}\n", 3),
])
def test_numbers_that_are_no_numbers_are_ruleset_errors(tmp_path, core_engine, text, where):
    path = overlay(tmp_path, text)
    e = load_error(core_engine, path)
    assert isinstance(e, RulesetError) and e.code == "ruleset_error"
    assert e.message.startswith(f"{path}:{where}: "), e.message


@pytest.mark.parametrize("text", [
    "scoring:\n  value:\n    params: {cap_multiplier: .nan}\n",
    "scoring:\n  value:\n    params: {cap_multiplier: .inf}\n",
])
def test_sichuan_numbers_that_are_no_numbers(tmp_path, engine, text):
    path = write(tmp_path, "house.yaml", "extends: sichuan\n" + text)
    e = load_error(engine, path)
    assert isinstance(e, RulesetError) and e.message.startswith(f"{path}:"), e.message


def test_guobiao_settlement_base_must_be_a_number(tmp_path, engine):
    path = write(tmp_path, "house.yaml", "extends: guobiao\nsettlement:\n  params: {base: '8'}\n")
    e = load_error(engine, path)
    assert e.message.startswith(f"{path}:3: ") and "'settlement.params.base'" in e.message


# --------------------------------------------------------------------------- plugins

def plugin(name: str, **hooks) -> types.ModuleType:
    """A plugin module named ``name`` whose hooks are the given functions."""
    mod = types.ModuleType(name)
    for hook, func in hooks.items():
        setattr(mod, hook, hookimpl(func))
    return mod


def folder_plugin(name: str, folder: Path, **hooks) -> types.ModuleType:
    return plugin(name, mahjong_rulesets=lambda: [folder], **hooks)


@pytest.fixture
def two_folders(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir(), b.mkdir()
    write(a, "house.yaml", BASE)
    write(b, "house.yaml", BASE.replace("Minimal test ruleset", "Another house"))
    write(a, "alpha.yaml", BASE)
    write(b, "beta.yaml", "extends: house\n")
    return a, b


def test_two_plugins_with_a_ruleset_of_the_same_name_name_both(two_folders):
    a, b = two_folders
    engine = Engine(plugins=[folder_plugin("plugin_a", a), folder_plugin("plugin_b", b)], entry_points=False)
    for name in ("house", "beta"):          # the clash, and what extends it
        with pytest.raises(PluginError) as info:
            engine.load_ruleset(name)
        msg = info.value.message
        assert "ruleset 'house' is provided by more than one plugin" in msg
        assert f"plugin 'plugin_a' ({a / 'house.yaml'})" in msg and f"plugin 'plugin_b' ({b / 'house.yaml'})" in msg
    assert engine.load_ruleset("alpha").title == "Minimal test ruleset"      # the rest still loads
    titles = dict(engine.ruleset_names())
    assert titles["alpha"] == "Minimal test ruleset" and "more than one plugin" in titles["house"]


def test_a_plugin_shipping_guobiao_yaml_does_not_replace_it(tmp_path, engine):
    folder = tmp_path / "impostor"
    folder.mkdir()
    write(folder, "guobiao.yaml", BASE)
    eng = Engine(plugins=[folder_plugin("impostor", folder)])
    for name in ("guobiao", "popular", "guobiao-2014"):
        with pytest.raises(PluginError) as info:
            eng.load_ruleset(name)
        assert "plugin 'builtin'" in info.value.message and "plugin 'impostor'" in info.value.message
    assert eng.load_ruleset("sichuan").fan_rules


def _raises():
    raise KeyError("oops")


GARBAGE = [
    ("mahjong_fan_checks", _raises, "mahjong_fan_checks() failed: KeyError: 'oops'"),
    ("mahjong_fan_checks", lambda: FanCheck("x.one", lambda ctx: 1), "must return a list"),
    ("mahjong_fan_checks", lambda: "x.one", "must return a list"),
    ("mahjong_fan_checks", lambda: ["x.one"], "item 0 is a str, not a FanCheck"),
    ("mahjong_fan_checks", lambda: [FanCheck(5, lambda ctx: 1)], "item 0 has id 5: ids are non-empty strings"),
    ("mahjong_settlements", lambda: [None], "item 0 is a NoneType, not a SettlementRule"),
    ("mahjong_rulesets", lambda: "folder", "must return a list"),
    ("mahjong_rulesets", lambda: [42], "item 0 is a int, not a folder path"),
    ("mahjong_rulesets", _raises, "mahjong_rulesets() failed: KeyError: 'oops'"),
]


@pytest.mark.parametrize("hook, func, problem", GARBAGE)
def test_a_broken_registration_hook_takes_down_only_its_rulesets(tmp_path, hook, func, problem):
    good, bad = tmp_path / "good", tmp_path / "bad"
    good.mkdir(), bad.mkdir()
    write(good, "clubbase.yaml", BASE)
    write(bad, "shaky-rules.yaml", BASE)
    write(good, "uses-shaky.yaml", "extends: clubbase\nfans:\n  lucky: {points: 1, check: shaky.lucky}\n")
    hooks = {"mahjong_rulesets": lambda: [bad],
             "mahjong_fan_checks": lambda: [FanCheck("shaky.lucky", lambda ctx: 1)]}
    hooks[hook] = func
    shaky = plugin("shaky", **hooks)
    engine = Engine(plugins=[folder_plugin("good", good), shaky], entry_points=False)
    assert problem in engine.failures.get("shaky", ""), engine.failures
    assert engine.failures["shaky"].startswith(f"{hook}()")
    assert not engine.pm.has_plugin("shaky")
    assert engine.load_ruleset("clubbase").title == "Minimal test ruleset"
    e = load_error(engine, "uses-shaky")
    assert "unknown check 'shaky.lucky'" in e.message and "plugin 'shaky' failed to load" in e.message
    e = load_error(engine, "shaky-rules")
    assert "unknown ruleset 'shaky-rules'" in e.message and "plugin 'shaky' failed to load" in e.message


def test_cli_lists_a_broken_plugin_as_a_warning(tmp_path, monkeypatch):
    from mahjong_core.engine import registry        # the command line imports Engine from there when it starts
    shaky = plugin("shaky", mahjong_fan_checks=lambda: ["not a check"])
    real = registry.Engine
    monkeypatch.setattr(registry, "Engine", lambda *a, **kw: real(plugins=[shaky]))
    rc, out, err = run_cli(["rulesets"])
    assert rc == 0 and "guobiao" in out
    assert "warning: plugin 'shaky' failed to load: mahjong_fan_checks() item 0 is a str, not a FanCheck" in err


# --------------------------------------------------------------------------- option declarations

def house(tmp_path: Path, base: str, text: str) -> Path:
    return write(tmp_path, "house.yaml", f"extends: {base}\n" + text)


@pytest.mark.parametrize("base, text, message", [
    ("guobiao", "options:\n  melded_and_concealed_kong: combind\n",
     "3: option 'melded_and_concealed_kong' must be one of combined, separate, melded, got 'combind' "
     "(did you mean 'combined'?)"),
    ("guobiao", "options:\n  tie_break: referense\n", "3: option 'tie_break' must be one of reference, engine, "
                                                       "got 'referense' (did you mean 'reference'?)"),
    ("guobiao", "options:\n  formal_waits: 'yes'\n", "3: option 'formal_waits' must be true or false, got 'yes'"),
    ("guobiao", "options:\n  nine_gates_pung_of_terminals: 3\n",
     "3: option 'nine_gates_pung_of_terminals' must be a whole number from 0 to 2, got 3"),
    ("guobiao-2014", "options:\n  nine_gates_pung_of_terminals: 1.5\n",
     "3: option 'nine_gates_pung_of_terminals' must be a whole number from 0 to 2, got 1.5"),
    ("popular", "options:\n  win_on_discarded_wild: 1\n", "3: option 'win_on_discarded_wild' must be true or false"),
    ("sichuan", "options:\n  mode: blood\n", "3: option 'mode' must be one of blood_battle, blood_river, "
                                             "single_win, got 'blood'"),
    ("sichuan", "options:\n  call_transfer: off\n",
     "3: option 'call_transfer' must be one of off, last_kong, all_kongs, got false (YAML reads a bare"),
    ("sichuan", "options:\n  base_score: .nan\n", "3: option 'base_score' must be a positive number, got nan"),
    ("sichuan", "options:\n  base_score: .inf\n", "3: option 'base_score' must be a positive number, got inf"),
    ("sichuan", "options:\n  base_score: 0\n", "3: option 'base_score' must be a positive number, got 0"),
    ("sichuan", "options:\n  kong_pay: {added: 1,\n    direct: .nan}\n",
     "4: option 'kong_pay.direct' must be a number ≥ 0 (base units), got nan"),
    ("sichuan", "options:\n  kong_pay: {direct: '2'}\n",
     "3: option 'kong_pay.direct' must be a number ≥ 0 (base units), got '2'"),
    ("sichuan", "options:\n  kong_pay: {direkt: 2}\n", "3: unknown key 'kong_pay.direkt' (did you mean 'direct'?)"),
    ("sichuan", "options:\n  flower_pig_penalty: .inf\n",
     "3: option 'flower_pig_penalty' must be cap or a number ≥ 0 (bases, or the cap), got inf"),
    ("sichuan", "options:\n  extra_patterns:\n    haidi: 1\n", "4: option 'extra_patterns.haidi' must be true or false"),
])
def test_option_values_outside_their_declaration(tmp_path, engine, base, text, message):
    path = house(tmp_path, base, text)
    e = load_error(engine, path)
    assert isinstance(e, RulesetError) and e.message.startswith(f"{path}:{message}"), e.message


def test_option_values_inside_their_declaration_load(tmp_path, engine):
    for base, text in [("guobiao", "options: {melded_and_concealed_kong: melded, tie_break: engine}\n"),
                       ("sichuan", "options: {flower_pig_penalty: 8.5, kong_pay: {direct: 0}}\n"),
                       ("sichuan", "options: {call_transfer: 'off', base_score: 0.5}\n"),
                       ("popular", "options: {win_on_discarded_wild: true}\n")]:
        rules = engine.load_ruleset(house(tmp_path, base, text))
        assert rules.option_types and set(rules.options) == set(rules.option_types)


NEW = "new_options:\n  wild_limit: 1\n"


@pytest.mark.parametrize("text, message", [
    (NEW, "3: option 'wild_limit' has no declared type: add it under 'option_types'"),
    (NEW + "option_types: {wild_limit: {type: int, max: 0}}\n", "3: option 'wild_limit' must be a whole number ≤ 0, got 1"),
    (NEW + "option_types: {wild_limit: integer}\n", "4: unknown option type 'integer' (did you mean 'int'?)"),
    (NEW + "option_types: {wild_limit: {typ: int}}\n",
     "4: unknown key 'option_types.wild_limit.typ' (did you mean 'type'?)"),
    (NEW + "option_types: {wild_limit: {doc: how many}}\n", "4: option 'wild_limit' declares neither 'choices' nor 'type'"),
    (NEW + "option_types: {wild_limit: {type: bool, min: 0}}\n", "4: 'min' needs type int or number"),
    (NEW + "option_types: {wild_limit: {type: int, min: .nan}}\n", "4: 'option_types.wild_limit.min' must be a finite number"),
    (NEW + "option_types: {wild_limit: {type: map}}\n", "4: type map needs 'fields'"),
    (NEW + "option_types: {wild_limit: {choices: [[1]]}}\n", "4: 'option_types.wild_limit.choices' must be a list"),
    (NEW + "option_types: {wild_limit: int, wild_limt: int}\n",
     "4: option_types declares 'wild_limt', which 'new_options' does not set (did you mean 'wild_limit'?)"),
    (NEW + "option_types: {wild_limit: int, house_flag: bool}\n",
     "4: option 'house_flag' is declared in the base"),
    (NEW + "option_types: [wild_limit]\n", "4: 'option_types' must map option names to their types"),
])
def test_new_options_declare_their_types(tmp_path, core_engine, text, message):
    path = overlay(tmp_path, text)
    e = load_error(core_engine, path)
    assert isinstance(e, RulesetError) and e.message.startswith(f"{path}:{message}"), e.message


def test_a_declared_new_option_is_checked_in_later_overlays(tmp_path, core_engine):
    middle = overlay(tmp_path, NEW + "option_types: {wild_limit: {type: int, min: 0, max: 3}}\n")
    assert core_engine.load_ruleset(middle).options["wild_limit"] == 1
    top = write(tmp_path, "top.yaml", "extends: house.yaml\noptions: {wild_limit: 4}\n")
    e = load_error(core_engine, top)
    assert e.message == f"{top}:2: option 'wild_limit' must be a whole number from 0 to 3, got 4"


def test_a_base_file_declares_every_option(tmp_path, core_engine):
    path = write(tmp_path, "own.yaml", BASE.replace("option_types: {house_flag: bool}\n", ""))
    e = load_error(core_engine, path)
    assert e.message.startswith(f"{path}:10: option 'house_flag' has no declared type")
    path = write(tmp_path, "own.yaml", BASE.replace("{house_flag: bool}", "{house_flag: bool, other: int}"))
    e = load_error(core_engine, path)
    assert e.message.startswith(f"{path}:11: option_types declares 'other', which 'options' does not set")


EXAMPLE = ROOT / "examples" / "mahjong-258" / "mahjong_258"
SHIPPED = [p for p in sorted((ROOT / "rulesets").glob("*.yaml")) + sorted(EXAMPLE.glob("*/*.yaml"))
           if not config.is_family_base(p)]       # a family base is checked through the rulesets extending it


def shipped_engine(engine, path: Path) -> Engine:
    """The installed plugins, which must include the example plugin for the example's YAML."""
    if path.is_relative_to(EXAMPLE) and not engine.pm.has_plugin("mahjong_258"):
        missing("the example plugin mahjong-258 (its rulesets use its fan check)", EXAMPLE_PLUGIN)
    return engine


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_option_of_every_shipped_ruleset_is_declared(engine, path):
    rules = shipped_engine(engine, path).load_ruleset(path)
    assert set(rules.options) == set(rules.option_types)
    for name, value in rules.options.items():
        decl = rules.option_types[name]
        assert decl.type == "map" or decl.accepts(value), name


@pytest.mark.parametrize("path", [p for p in SHIPPED if "option_types:" in p.read_text(encoding="utf-8")],
                         ids=lambda p: p.stem)
def test_a_shipped_ruleset_with_an_undeclared_option_fails_to_load(tmp_path, engine, path):
    import yaml
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    first = next(iter(data["option_types"]))
    del data["option_types"][first]
    if isinstance(data.get("extends"), str) and data["extends"].endswith(".yaml"):
        data["extends"] = str(path.parent / data["extends"])
    copy = write(tmp_path, path.name, yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
    e = load_error(shipped_engine(engine, path), copy)
    assert f"option '{first}' has no declared type" in e.message


# --------------------------------------------------------------------------- values of the wrong kind

@pytest.mark.parametrize("text, message", [
    ("fans:\n  lucky: {points: 1, check: [core.always]}\n", "3: 'fans.lucky.check' must be a check id, got a list"),
    ("scoring: {fallback: {a: 1}}\n", "2: 'scoring.fallback' must be a fan id, got a map"),
    ("scoring: {prefer: [[x]]}\n", "2: 'scoring.prefer.0' must be a fan id, got a list"),
    ("fans:\n  seven_pairs: {excludes: [[plain_win]]}\n", "3: 'fans.seven_pairs.excludes.0' must be a fan id, got a list"),
    ("scoring: {value: {formula: [total]}}\n", "2: 'scoring.value.formula' must be a formula id, got a list"),
    ("scoring: {value: {params: [1]}}\n", "2: 'scoring.value.params' must be a map"),
    ("settlement: {id: [x]}\n", "2: 'settlement.id' must be a settlement id, got a list"),
    ("settlement: {params: {}}\n", "2: 'settlement.id' must be a settlement id, got null"),
    ("fans:\n  seven_pairs: {zh: [1]}\n", "3: 'fans.seven_pairs.zh' must be text, got a list"),
    ("fans:\n  seven_pairs: {doc: 5}\n", "3: 'fans.seven_pairs.doc' must be text, got 5"),
    ("scoring: {minimum: '" + "x" * 500 + "'}\n", "2: 'scoring.minimum' must be a whole number, got 'xxxx"),
    ("fans:\n  lucky: {points: 1, check: " + "x" * 500 + "}\n", "3: fan 'lucky': unknown check 'xxxx"),
    ("scoring: {fallback: " + "x" * 500 + "}\n", "2: unknown fan 'xxxx"),
])
def test_values_of_the_wrong_kind_are_ruleset_errors(tmp_path, core_engine, text, message):
    path = overlay(tmp_path, text)
    e = load_error(core_engine, path)
    assert isinstance(e, RulesetError) and e.message.startswith(f"{path}:{message}"), e.message
    assert len(e.message) < len(str(path)) + 200


def test_extends_chain_too_long(tmp_path, core_engine):
    write(tmp_path, "r0.yaml", BASE)
    for i in range(1, 1200):
        write(tmp_path, f"r{i}.yaml", f"extends: r{i - 1}.yaml\n")
    e = load_error(core_engine, tmp_path / "r1199.yaml")
    assert isinstance(e, RulesetError) and "extends chain longer than" in e.message
    assert core_engine.load_ruleset(tmp_path / f"r{config.MAX_EXTENDS}.yaml").title == "Minimal test ruleset"


def test_options_that_are_no_map_beside_declarations(tmp_path, core_engine):
    path = write(tmp_path, "own.yaml", BASE.replace("options: {house_flag: false}", "options: 5"))
    e = load_error(core_engine, path)
    assert e.message == f"{path}:10: 'options' must be a map"


@pytest.mark.parametrize("char", ["\x00", "\x07", "\ufffe"])
def test_control_characters_name_their_line(tmp_path, core_engine, char):
    path = write(tmp_path, "ctl.yaml", BASE + f"description: a{char}b\n")
    e = load_error(core_engine, path)
    assert isinstance(e, RulesetError)
    assert e.message.startswith(f"{path}:{BASE.count(chr(10)) + 1}: invalid YAML: character #x"), e.message
