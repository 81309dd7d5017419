"""``FanCheck.per_shape``: when every check a ruleset asks of each reading reads only the
reading's shape, ``Readings.every`` asks them of the first reading of each shape and gives the
others that result with their own reading. Held here to scoring every reading in full, on
random Fuzhou hands holding golds (both lines, 天胡 possible: dealers winning at once), and
to the promise being declared where it holds and nowhere else."""
from __future__ import annotations

import random

import pytest

import mahjong_core
from mahjong_core.engine.errors import MahjongError
from mahjong_core.engine.fans import FanCheck, fan_check
from mahjong_core.plugin import fan_checks

from fuzhou_recordgen import random_situation


def _record(r) -> tuple:
    return (r.total, r.value, r.fans, r.minimum_points, r.excluded, r.dropped, r.situation)


@pytest.mark.parametrize("name", ["fuzhou", "fuzhou-classic"])
def test_readings_of_a_shape_score_as_when_each_is_asked(name):
    rules = mahjong_core.load_ruleset(name)
    readings = rules.readings
    assert readings._by_shape
    rng = random.Random(7)
    several = 0
    for _ in range(300):
        sit = random_situation(rng)
        sit["first_turn"] = sit.get("dealer", False) and sit["self_drawn"] and not sit["melds"]
        try:
            s = rules.parse(sit)
        except MahjongError:
            continue
        decs = rules.decompositions(s)
        if not decs:
            continue
        shortcut = readings.every(s, decs)
        memo: dict = {}
        full = [readings.evaluate(s, d, memo) for d in decs]
        assert [r.decomposition for r in shortcut] == list(decs)
        assert [_record(r) for r in shortcut] == [_record(r) for r in full]
        several += len({d.shape for d in decs}) < len(decs)
    assert several > 100          # most hands with golds have several readings of one shape


def test_the_promise_is_declared_by_the_check():
    @fan_check("test.shape_only", awards=("x",), per_shape=True)
    def shape_only(ctx):
        return int(ctx.decomposition.shape == "standard")

    @fan_check("test.groups", awards=("y",))
    def groups(ctx):
        return len(ctx.decomposition.groups)

    declared = {c.id: c for c in fan_checks(__import__(__name__))}
    assert declared["test.shape_only"].per_shape and not declared["test.groups"].per_shape
    assert FanCheck("test.plain", groups).per_shape is False       # no promise unless made


def test_rulesets_reading_groups_do_not_take_it():
    for name in ("popular", "guangdong-tuidaohu", "guangdong-bao", "sichuan", "guobiao"):
        assert not mahjong_core.load_ruleset(name).readings._by_shape, name
