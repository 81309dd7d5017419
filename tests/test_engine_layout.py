"""The engine's layout: no class in mahjong_core over 300 lines, plan entries read by name only,
the engine's memo keys typed, and the fill-key shortcut on where the shipped rulesets expect it
(and off, as documented, when one head check lacks a fill_key)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

import mahjong_core
from mahjong_core.engine import Engine
from mahjong_core.fans import EngineKey, FanCheck
from mahjong_core.scoring.plan import CheckEntry, HandTail, TailCheck

from test_plugins import checks, plugin

CORE = Path(mahjong_core.__file__).parent
LIMIT = 300


def classes():
    for path in sorted(CORE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                yield path.relative_to(CORE), node


def test_no_class_in_mahjong_core_is_over_300_lines():
    found = list(classes())
    assert any(node.name == "Ruleset" for _, node in found)
    long = [(str(path), node.name, node.end_lineno - node.lineno + 1) for path, node in found
            if node.end_lineno - node.lineno + 1 > LIMIT]
    assert not long


def test_the_line_count_sees_a_long_class(tmp_path):
    source = "class Big:\n" + "    x = 1\n" * LIMIT
    node = ast.parse(source).body[0]
    assert node.end_lineno - node.lineno + 1 > LIMIT


@pytest.mark.parametrize("record", [CheckEntry, TailCheck, HandTail])
def test_plan_records_cannot_be_read_by_position(record):
    assert not issubclass(record, tuple) and not hasattr(record, "__getitem__")


def test_a_loaded_plan_is_read_by_name():
    rules = mahjong_core.load_ruleset("popular")
    entry = rules.plan.head[0]
    with pytest.raises(TypeError):
        entry[0]
    tail = rules.plan.tail[0]
    assert tail.entry.check_id in {r.check for r in rules.fan_rules} and tail.most > 0


def test_the_engine_keys_in_the_hand_memo_are_typed():
    rules = mahjong_core.load_ruleset("popular")
    s = rules.parse({"hand": "123m456p789s1125z", "win_tile": "5z", "wilds": "5z", "self_drawn": True,
                     "flowers": 1})
    hand_memo: dict = {}
    for dec in rules.decompositions(s):
        rules.evaluate(s, dec, hand_memo)
    ours = {k if isinstance(k, EngineKey) else k[0] for k in hand_memo
            if isinstance(k, EngineKey) or (isinstance(k, tuple) and k and isinstance(k[0], EngineKey))}
    assert ours == {EngineKey.MELD_COUNTS, EngineKey.HAND_FANS, EngineKey.FINISHED}
    assert not [k for k in hand_memo if isinstance(k, str) and k.startswith("engine.")]


@pytest.mark.parametrize("name", ["guobiao", "popular", "popular-lianzhong"])
def test_the_shipped_rulesets_keep_the_fill_key_shortcut(name):
    assert mahjong_core.load_ruleset(name).uses_fill_keys


def test_a_head_check_without_a_fill_key_turns_the_shortcut_off(tmp_path):
    """As FanCheck.fill_key and mahjong_core.scoring.fills warn: all or nothing per ruleset."""
    path = tmp_path / "house.yaml"
    path.write_text("extends: popular\nfans:\n"
                    "  plain: {zh: 平, en: Plain, points: 1, check: house.plain}\n", encoding="utf-8")
    engine = Engine(plugins=[plugin("house", mahjong_fan_checks=checks(FanCheck("house.plain", lambda ctx: 0)))])
    rules = engine.load_ruleset(path)
    assert rules.plan.tail and not rules.uses_fill_keys
    keyed = Engine(plugins=[plugin("house", mahjong_fan_checks=checks(
        FanCheck("house.plain", lambda ctx: 0, fill_key=lambda other, group: 0)))]).load_ruleset(path)
    assert keyed.uses_fill_keys
