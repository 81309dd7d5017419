"""Plugins a test writes on the spot, as a house or a club would: a module of hook functions, an
overlay of the mini ruleset, an engine with a few fan checks, a plugin registering a ruleset folder
and a settlement."""
from __future__ import annotations

import types
from pathlib import Path

from mahjong_core.engine.hookspecs import SettlementRule, hookimpl
from mahjong_core.engine.registry import Engine
from mahjong_core.engine.settle.money import Payment

from testpaths import MINI


def plugin(name: str, **hooks) -> types.ModuleType:
    """A plugin module named ``name`` whose hooks are the given functions."""
    mod = types.ModuleType(name)
    for hook, func in hooks.items():
        setattr(mod, hook, hookimpl(func))
    return mod


def checks(*items):
    return lambda: list(items)


def overlay(tmp_path: Path, text: str, name: str = "house.yaml") -> Path:
    (tmp_path / "base.yaml").write_text(MINI.read_text(encoding="utf-8"), encoding="utf-8")
    path = tmp_path / name
    path.write_text("extends: base.yaml\n" + text, encoding="utf-8")
    return path.resolve()


def engine_with(*items):
    return Engine(plugins=[plugin("house", mahjong_fan_checks=checks(*items))], entry_points=False)


def fans(result):
    return {f.id: f.count for f in result.fans}


def flat(record, ruleset, stake=1):
    for win in record.of_type("win"):
        if win.get("from") is not None:
            yield Payment(win.get("from"), win.seat, stake, "discard win")


def club_plugin(folder: Path) -> types.ModuleType:
    """A plugin registering a ruleset folder and a settlement, as a third party would."""
    mod = types.ModuleType("club_rules")

    @hookimpl
    def mahjong_rulesets():
        return [folder]

    @hookimpl
    def mahjong_settlements():
        return [SettlementRule("flat", flat)]

    mod.mahjong_rulesets = mahjong_rulesets
    mod.mahjong_settlements = mahjong_settlements
    return mod
