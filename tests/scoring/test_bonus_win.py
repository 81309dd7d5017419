"""``table.bonus_win``: drawing the last copy of a bonus kind, the other copies already in
``flowers``, wins whatever the standing tiles are (莲花's 四红中). Only self-drawn; any other
bonus tile as the winning tile stays refused; the reading lists the standing tiles and the bonus
tiles and is scored by the ruleset's fans; a bonus tile is never a wait."""
from __future__ import annotations

import pytest

from mahjong_core import load_ruleset
from mahjong_core.engine import tiles as T
from mahjong_core.engine.errors import MahjongError, RulesetError

from harness import run_cli

REST = "1m4m7m2p5p8p3s6s9s1z2z3z4z"          # no winning shape, no 白, no 红中


def _sit(**kw):
    return {"hand": REST, "win_tile": "7z", "flowers": "7z7z7z", "self_drawn": True, **kw}


def _error(rules, sit) -> MahjongError:
    with pytest.raises(MahjongError) as info:
        rules.score(sit)
    return info.value


@pytest.fixture(scope="module")
def lianhua():
    return load_ruleset("guangdong-lianhua")


def test_the_last_bonus_tile_wins_whatever_the_rest(lianhua):
    result = lianhua.score(_sit())
    assert result.decomposition.shape == "bonus_win"
    assert result.to_dict()["decomposition"] == [T.name(t) for t in T.parse_tiles(REST)] + ["7z"] * 4
    assert sorted(result.fan_ids()) == ["sihongzhong", "wulaizi"] and (result.total, result.value) == (3, 8)
    assert lianhua.candidates(_sit())[0].decomposition.shape == "bonus_win"


def test_dealer_and_laizi_read_the_bonus_reading_like_any_other(lianhua):
    # a 白 standing: no 无癞子; the dealer's ×2 still counts, and the melds come first
    sit = _sit(hand="1m4m7m2p5p8p3s6s9s5z", dealer=True, melds=[{"type": "pung", "tiles": "111z"}])
    result = lianhua.score(sit)
    assert sorted(result.fan_ids()) == ["sihongzhong", "zhuangjia"] and result.value == 8
    assert result.to_dict()["decomposition"][0] == "[111z]"
    assert result.to_dict()["decomposition"][-4:] == ["7z"] * 4


def test_a_bonus_win_must_be_self_drawn(lianhua):
    for flags in ({"self_drawn": False}, {"self_drawn": False, "robbing_kong": True}):
        e = _error(lianhua, _sit(**flags))
        assert e.code == "not_winning" and "table.bonus_win" in e.message and "self_drawn" in e.message


def test_any_other_bonus_tile_as_winning_tile_stays_refused(lianhua):
    for sit in (_sit(flowers="7z7z"), _sit(flowers=3), _sit(hand="1m4m7m2p5p8p3s6s9s1z2z3z7z")):
        e = _error(lianhua, sit)
        assert e.code == "invalid_situation" and "belongs in 'flowers'" in e.message, sit
    assert "table.bonus_win" in _error(lianhua, _sit(flowers="7z7z")).message


def test_all_copies_in_flowers_is_refused(lianhua):
    # the last one collected won at once: it is the winning tile, not a flower beside another win
    e = _error(lianhua, {"hand": "234m567p123s111z9s", "win_tile": "9s", "self_drawn": True,
                         "flowers": "7z7z7z7z"})
    assert e.code == "invalid_situation" and "table.bonus_win" in e.message and "7z" in e.message


def test_a_bonus_tile_is_not_a_wait(lianhua):
    waits = lianhua.waits({"hand": REST, "flowers": "7z7z7z"})
    assert T.tile("7z") not in waits.tiles


def test_settled_like_any_win(lianhua):
    record = {"dealer": 0, "events": [{"type": "win", "seat": 1, "situation": _sit()},
                                      {"type": "horses", "tiles": "1m1m1m1m1m1m1m1m"}]}
    # m = 8, no hit: P = 800, the dealer 1600
    assert lianhua.settle(record).to_dict()["deltas"] == [-1600, 3200, -800, -800]


def test_the_command_line_shows_the_reading():
    rc, out, err = run_cli(["score", "--ruleset", "guangdong-lianhua", "--self-drawn", "--flowers", "7z7z7z",
                            f"{REST} 7z"])
    assert (rc, err) == (0, "")
    assert f"reading   {' '.join(T.name(t) for t in T.parse_tiles(REST))} 7z 7z 7z 7z  (bonus_win)" in out


def test_without_the_key_the_bonus_tile_is_refused_as_today(core_engine, tmp_path):
    path = tmp_path / "no-bonus-win.yaml"
    path.write_text("table: {tile_set: standard_144}\nshapes: {standard: {}}\n"
                    "fans: {win: {points: 1, check: core.always}}\n", encoding="utf-8")
    rules = core_engine.load_ruleset(path)
    assert rules.table.bonus_win is None
    e = _error(rules, {"hand": REST, "win_tile": "1f", "self_drawn": True})
    assert e.code == "invalid_tile" and "belongs in 'flowers'" in e.message


def test_a_flower_is_no_bonus_win(core_engine, tmp_path):
    # one copy: nothing is collected before it, so it is no "last copy"
    path = tmp_path / "flower-win.yaml"
    path.write_text("table: {tile_set: standard_144, bonus_win: {kind: 8f}}\nshapes: {standard: {}}\n"
                    "fans: {win: {points: 1, check: core.always}}\n", encoding="utf-8")
    with pytest.raises(RulesetError) as info:
        core_engine.load_ruleset(path)
    assert "flower-win.yaml:1" in info.value.message and "holds one 8f" in info.value.message


def test_another_family_with_a_bonus_win(tmp_path):
    # Fuzhou's honours are bonus tiles ×4: an overlay makes the fourth 白 a bonus win there too
    path = tmp_path / "fuzhou-club.yaml"
    path.write_text("extends: fuzhou\ntable: {bonus_win: {kind: 5z}}\n", encoding="utf-8")
    rules = load_ruleset(path)
    sit = {"hand": "1m4m7m2p5p8p3s6s9s1m4m7m2p5p8p3s", "win_tile": "5z", "flowers": "5z5z5z", "self_drawn": True}
    result = rules.score(sit)
    assert result.decomposition.shape == "bonus_win" and result.to_dict()["decomposition"][-4:] == ["5z"] * 4
    assert load_ruleset("fuzhou").table.bonus_win is None


@pytest.mark.parametrize("table,words", [
    ("{bonus_win: {kind: 1m}}", ["table.bonus_win.kind", "1m is not a bonus tile", "7z"]),
    ("{bonus_win: {knd: 7z}}", ["table.bonus_win.knd", "did you mean 'kind'"]),
    ("{bonus_win: {kind: 7z7z}}", ["table.bonus_win.kind", "one tile"]),
    ("{bonus_win: 7z}", ["table.bonus_win", "must be a map"]),
    ("{win_methods: [robbing_kong]}", ["table.bonus_win", "self_drawn", "table.win_methods"]),
])
def test_bad_keys_name_their_line(tmp_path, table, words):
    path = tmp_path / "club.yaml"
    path.write_text(f"extends: guangdong-lianhua\ntable: {table}\n", encoding="utf-8")
    with pytest.raises(RulesetError) as info:
        load_ruleset(path)
    assert "club.yaml:" in info.value.message or info.value.message.startswith("guangdong-lianhua: table.")
    for w in words:
        assert w in info.value.message, (w, info.value.message)
