"""Every Fuzhou option value is played: each choice of each option that scoring or settlement
reads is the value of some golden case's ruleset (a line or an overlay beside the cases), and the
options only live play reads (``reserve``, ``last_group``, ``jinque_claim_priority``, ``youjin``)
load, are checked, and leave every golden outcome unchanged; ``draws_extend_streak`` is read by
``streak.next_streak`` (tests/fuzhou/test_fuzhou_rules.py)."""
from __future__ import annotations

import pytest

import mahjong_core
from mahjong_core import RulesetError
from mahjong_core.engine.registry import Engine
from mahjong_core.engine.errors import MahjongError
from mahjong_core.testing import load_cases

from testpaths import FUZHOU_DATA

DATA = FUZHOU_DATA
CASES = [c for path in sorted(DATA.glob("*_cases.yaml")) for c in load_cases(path)]
LIVE_ONLY = {"reserve", "last_group", "jinque_claim_priority", "youjin"}
READ_ELSEWHERE = {"draws_extend_streak"}        # streak.next_streak: the next hand's count


def _values(name: str, kind, value) -> set:
    """(option path, value) pairs of one option, maps flattened."""
    if kind.fields:
        return {pair for k, sub in kind.fields.items() for pair in _values(f"{name}.{k}", sub, value[k])}
    return {(name, value)}


def _choices(name: str, kind) -> set:
    if kind.fields:
        return {pair for k, sub in kind.fields.items() for pair in _choices(f"{name}.{k}", sub)}
    if kind.type == "bool" or (not kind.choices and kind.type is None):
        return {(name, True), (name, False)}
    return {(name, c) for c in kind.choices}


def test_every_choice_of_every_read_option_is_the_value_of_a_golden_ruleset():
    played = set()
    rulesets = {}
    for case in CASES:
        rules = rulesets.setdefault(case.ruleset, mahjong_core.load_ruleset(case.ruleset))
        for name, value in rules.options.items():
            played |= _values(name, rules.option_types[name], value)
    base = mahjong_core.load_ruleset("fuzhou")
    wanted = set()
    for name, kind in base.option_types.items():
        if name in LIVE_ONLY | READ_ELSEWHERE:
            continue
        wanted |= _choices(name, kind) if (kind.choices or kind.type == "bool" or kind.fields) \
            else {(name, v) for n, v in played if n == name}
    assert wanted - played == set()
    assert ("streak_point", 2) in played and ("payers.discard", "discarder_all") in played
    assert set(base.option_types) >= LIVE_ONLY | READ_ELSEWHERE


def _outcome(rules, case):
    try:
        got = rules.score(case.situation) if case.situation is not None else rules.settle(case.record)
        out = got.to_dict()
    except MahjongError as e:
        return e.code
    out.pop("ruleset", None)
    return out


@pytest.mark.parametrize("line", ["fuzhou", "fuzhou-classic"])
def test_live_play_options_change_no_golden_outcome(tmp_path, line):
    path = tmp_path / "live.yaml"
    path.write_text(f"extends: {line}\noptions:\n  reserve: {{base: 14, per_exposed_kong: 0, per_concealed_kong: 1, "
                    f"per_flower_set: 3}}\n  last_group: 0\n  jinque_claim_priority: false\n", encoding="utf-8")
    live = Engine().load_ruleset(path)
    assert live.options["last_group"] == 0 and live.options["reserve"]["base"] == 14
    plain = mahjong_core.load_ruleset(line)
    mine = [c for c in CASES if c.ruleset == line]
    assert len(mine) >= 25
    for case in mine:
        assert _outcome(live, case) == _outcome(plain, case), case.id


@pytest.mark.parametrize("text, words", [
    ("  youjin: true\n", ["youjin", "游金 is a southern-Fujian rule, in no Fuzhou source"]),
    ("  last_group: -1\n", ["last_group", "≥ 0"]),
    ("  reserve: {base: 18, per_kong: 1}\n", ["per_kong"]),
    ("  jinque_claim_priority: 1\n", ["jinque_claim_priority"]),
    ("  streak_point: -1\n", ["streak_point"]),
])
def test_bad_option_values_are_ruleset_errors(tmp_path, text, words):
    path = tmp_path / "bad.yaml"
    path.write_text("extends: fuzhou\noptions:\n" + text, encoding="utf-8")
    with pytest.raises(RulesetError) as info:
        Engine().load_ruleset(path)
    assert f"{path}:3" in info.value.message
    for w in words:
        assert w in info.value.message, info.value.message


def test_diff_shows_the_all_pairs_option_and_the_shape_it_puts_in_play():
    from mahjong_core.tools.rulesinfo import diff
    out = diff(mahjong_core.load_ruleset("fuzhou"), mahjong_core.load_ruleset(str(DATA / "fuzhou-all-pairs.yaml")))
    assert out["options"] == {"all_pairs_shape": [False, True]}
    assert out["settings"] == {"shapes.fuzhou.all_pairs.in_play": [False, True]}
