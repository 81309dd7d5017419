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
from mahjong_core import config
from mahjong_core.engine import Engine
from mahjong_core.fans import FanCheck
from mahjong_core.hookspecs import hookimpl

from conftest import MINI, run_cli

ROOT = Path(__file__).resolve().parent.parent
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
    script = ("import sys\nfrom mahjong_core.engine import Engine\nfrom mahjong_core import MahjongError\n"
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
    import mahjong_core.cli as cli
    shaky = plugin("shaky", mahjong_fan_checks=lambda: ["not a check"])
    real = cli.Engine
    monkeypatch.setattr(cli, "Engine", lambda *a, **kw: real(plugins=[shaky]))
    rc, out, err = run_cli(["rulesets"])
    assert rc == 0 and "guobiao" in out
    assert "warning: plugin 'shaky' failed to load: mahjong_fan_checks() item 0 is a str, not a FanCheck" in err
