"""``shapes.<id>.when: {option: value}``: a win shape kept only while the ruleset's options hold
those values (as ``scoring.tiers.NAME.when``), each option declared and each value checked at
its ``file:line``."""
from __future__ import annotations

import pytest

from mahjong_core import NotWinningError, RulesetError
from mahjong_core.engine.registry import Engine

from testpaths import MINI

PAIRS = {"hand": "1122m3344p5566s7z", "win_tile": "7z"}      # seven pairs only


def _load(tmp_path, text: str):
    (tmp_path / "base.yaml").write_text(MINI.read_text(encoding="utf-8"), encoding="utf-8")
    path = tmp_path / "house.yaml"
    path.write_text("extends: base.yaml\n" + text, encoding="utf-8")
    return path, Engine().load_ruleset(path)


@pytest.mark.parametrize("flag, wins", [("false", False), ("true", True)])
def test_the_shape_follows_the_option(tmp_path, flag, wins):
    _, rules = _load(tmp_path, f"shapes:\n  seven_pairs: {{when: {{house_flag: true}}}}\noptions:\n  house_flag: {flag}\n")
    if wins:
        assert rules.score(PAIRS).fans[0].id == "seven_pairs"
    else:
        with pytest.raises(NotWinningError):
            rules.score(PAIRS)


@pytest.mark.parametrize("text, line, message", [
    ("shapes:\n  seven_pairs: {when: {house_flg: true}}\n", 3,
     "unknown option 'house_flg' (did you mean 'house_flag'?)"),
    ("shapes:\n  seven_pairs:\n    when: {house_flag: 3}\n", 4, "when.house_flag' must be true or false, got 3"),
    ("shapes:\n  seven_pairs: {wehn: {house_flag: true}}\n", 3,
     "unknown key 'shapes.seven_pairs.wehn' (did you mean 'when'?)"),
])
def test_errors_name_the_file_and_line(tmp_path, text, line, message):
    with pytest.raises(RulesetError) as info:
        _load(tmp_path, text)
    path = tmp_path / "house.yaml"
    assert info.value.message.startswith(f"{path}:{line}: "), info.value.message
    assert message in info.value.message, info.value.message
