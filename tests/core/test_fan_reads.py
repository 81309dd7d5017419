"""``FanCheck.reads``: every shipped check declares the situation flags it reads, and its source
(with the helpers of its own package it calls) reads no other; ``rulesinfo.situation_flags``
is what a page offers each ruleset."""
from __future__ import annotations

import inspect
import re
import types
from dataclasses import replace

import pytest

from mahjong_core.tools import rulesinfo
from mahjong_core.engine.fans import FanCheck

FLAG = re.compile(r"\.(%s)\b|[\"'](%s)[\"']" % (("|".join(rulesinfo.SITUATION_FLAGS),) * 2))


def _flags_in_source(func, seen=None) -> set[str]:
    """The flags a function's source names (``s.dealer``, ``"dealer"``), with those of the
    functions of its own package it calls."""
    seen = set() if seen is None else seen
    func = getattr(func, "func", func)
    if id(func) in seen or not isinstance(func, types.FunctionType):
        return set()
    seen.add(id(func))
    out = {a or b for a, b in FLAG.findall(inspect.getsource(func))}
    names = func.__code__.co_names + tuple(n for c in func.__code__.co_consts if isinstance(c, types.CodeType)
                                           for n in c.co_names)
    package = func.__module__.split(".")[0]
    for name in names:
        obj = func.__globals__.get(name)
        if isinstance(obj, types.FunctionType) and obj.__module__.split(".")[0] == package:
            out |= _flags_in_source(obj, seen)
    return out


def test_every_shipped_check_declares_the_flags_it_reads(engine):
    for cid, entry in engine.registry.checks.items():
        check = entry.item
        assert check.reads is not None, f"{cid} does not declare the flags it reads (FanCheck.reads)"
        if callable(check.reads):
            continue
        assert _flags_in_source(check.func) <= set(check.reads), cid


def test_core_flag_reads_the_flag_its_args_name(engine):
    reads = engine.registry.checks["core.flag"].item.reads
    assert reads({"flag": "dealer"}) == ("dealer",)


@pytest.mark.parametrize("name,flags", [
    # Guobiao's 妙手回春/海底捞月, 杠上开花, 抢杠和, 和绝张; no 天和, 报听 or 杠上炮
    ("guobiao", ["last_tile", "after_kong", "robbing_kong", "fourth_tile"]),
    # Fuzhou's 天胡 (dealer, first go-around); its revised line has no robbing win
    ("fuzhou", ["dealer", "first_turn"]),
    ("sichuan", ["last_tile", "after_kong", "robbing_kong", "discard_after_kong", "dealer", "first_turn"]),
    # Guobiao's, with 天和/地和/人和, 天听 and 报听; no 杠上炮
    ("popular", ["last_tile", "after_kong", "robbing_kong", "fourth_tile", "dealer", "first_turn", "ready_at_start",
                 "declared_ready"]),
])
def test_a_ruleset_offers_the_flags_its_fans_read(engine, name, flags):
    assert rulesinfo.situation_flags(engine.load_ruleset(name)) == [f for f in rulesinfo.SITUATION_FLAGS if f in flags]


def test_a_check_that_does_not_say_offers_every_flag(engine, monkeypatch):
    rules = engine.load_ruleset("guobiao")
    entry = engine.registry.checks["guobiao.waits"]
    monkeypatch.setitem(engine.registry.checks, "guobiao.waits",
                        replace(entry, item=FanCheck(entry.item.id, entry.item.func, entry.item.doc)))
    assert rulesinfo.situation_flags(rules) == list(rulesinfo.SITUATION_FLAGS)
