"""``WinShape.win_methods``: a shape that allows only some ways of winning reads a hand only when
it is won one of them. A third-party shape (selfdraw_plugin.py, self-drawn only) scores a
self-draw, is refused as not_winning on a discard (naming the shape and the way), leaves a hand
also read in another shape to that shape, shows its waits in the self-draw column only, and
counts for shanten; YAML ``shapes.<id>.win_methods`` sets a ruleset's own, checked at load."""
from __future__ import annotations

import types

import pytest

import selfdraw_plugin
from mahjong_core import NotWinningError, RulesetError
from mahjong_core.engine.registry import Engine
from mahjong_core.engine.hookspecs import WinShape, hookimpl

from testpaths import MINI

SHAPELESS = {"hand": "1112223334567z", "win_tile": "7z"}        # all honours, no other shape
ALSO_STANDARD = {"hand": "1112223334455z", "win_tile": "5z"}    # all honours, and 111 222 333 44 555


def ruleset(tmp_path, extra: str = ""):
    base = MINI.read_text(encoding="utf-8").replace("  thirteen_orphans: {}\n",
                                                     "  thirteen_orphans: {}\n  club.all_honours: {" + extra + "}\n")
    path = tmp_path / "club.yaml"
    path.write_text(base, encoding="utf-8")
    return Engine(plugins=[selfdraw_plugin], entry_points=False).load_ruleset(path), path


def test_a_self_drawn_only_shape_scores_a_self_draw(tmp_path):
    rules, _ = ruleset(tmp_path)
    got = rules.score(dict(SHAPELESS, self_drawn=True))
    assert got.decomposition.shape == "club.all_honours"
    assert "self_drawn" in {f.id for f in got.fans}


def test_on_a_discard_it_is_refused_naming_the_shape_and_the_way(tmp_path):
    rules, _ = ruleset(tmp_path)
    with pytest.raises(NotWinningError) as info:
        rules.score(SHAPELESS)
    assert info.value.message == (
        "not a winning hand: 1112223334567z + 7z won by discard forms no winning shape of ruleset 'club' that "
        "allows it: it is read only as shape 'club.all_honours', which wins only by self-draw "
        "(win shape 'club.all_honours')")
    assert info.value.reason == "club.all_honours: self-draw only"
    with pytest.raises(NotWinningError, match="won by robbing a kong"):
        rules.score({"hand": "1112223334566z", "win_tile": "7z", "robbing_kong": True})
    assert rules.candidates(SHAPELESS) == []


def test_a_hand_it_shares_with_another_shape_wins_on_a_discard_in_that_shape(tmp_path):
    rules, _ = ruleset(tmp_path)
    assert rules.score(ALSO_STANDARD).decomposition.shape == "standard"
    assert {r.decomposition.shape for r in rules.candidates(ALSO_STANDARD)} == {"standard"}
    assert {r.decomposition.shape for r in rules.candidates(dict(ALSO_STANDARD, self_drawn=True))} == \
        {"standard", "club.all_honours"}


def test_its_waits_score_in_the_self_draw_column_only(tmp_path):
    rules, _ = ruleset(tmp_path)
    waits = rules.waits(SHAPELESS["hand"])
    assert [w["tile"] for w in waits.to_dict()["waits"]] == ["1z", "2z", "3z", "4z", "5z", "6z", "7z"]
    assert waits.ready
    for w in waits.scores():
        assert w.self_drawn.error is None and w.self_drawn.total >= 1
        assert (w.discard.error, w.discard.reason) == ("not_winning", "club.all_honours: self-draw only")


def test_shanten_counts_it_whatever_the_way(tmp_path):
    rules, _ = ruleset(tmp_path)
    assert rules.shanten(SHAPELESS["hand"]) == 0
    assert rules.shanten(SHAPELESS["hand"] + "7z") == -1


def test_yaml_sets_a_rulesets_own_win_methods(tmp_path):
    rules, path = ruleset(tmp_path, "win_methods: [discard]")
    assert rules.score(SHAPELESS).decomposition.shape == "club.all_honours"
    with pytest.raises(NotWinningError) as info:
        rules.score(dict(SHAPELESS, self_drawn=True))
    assert info.value.message.endswith(f"which wins only by discard ({path}:7)")
    waits = rules.waits(SHAPELESS["hand"]).scores()
    assert all(w.discard.error is None and w.self_drawn.error == "not_winning" for w in waits)


@pytest.mark.parametrize("extra, words", [
    ("win_methods: [self_draw]", ":7: 'shapes.club.all_honours.win_methods': unknown win method 'self_draw' "
                                 "(did you mean 'self_drawn'?)"),
    ("win_methods: []", ":7: 'shapes.club.all_honours.win_methods' must be a non-empty list"),
    ("win_methods: self_drawn", ":7: 'shapes.club.all_honours.win_methods' must be a non-empty list")])
def test_a_bad_yaml_win_methods_is_refused_at_load(tmp_path, extra, words):
    with pytest.raises(RulesetError) as info:
        ruleset(tmp_path, extra)
    assert words in info.value.message


def test_a_shape_declaring_an_unknown_way_is_refused_naming_its_plugin(tmp_path):
    mod = types.ModuleType("typo")
    mod.mahjong_win_shapes = hookimpl(lambda: [WinShape("typo.shape", lambda inp: [], win_methods=("tsumo",))])
    path = tmp_path / "typo.yaml"
    path.write_text(MINI.read_text(encoding="utf-8").replace("  thirteen_orphans: {}\n",
                                                             "  thirteen_orphans: {}\n  typo.shape: {}\n"),
                    encoding="utf-8")
    engine = Engine(plugins=[mod], entry_points=False)
    assert engine.failures["typo"] == ("mahjong_win_shapes() failed: ValueError: win shape 'typo.shape': win_methods: "
                                       "unknown win method 'tsumo'; the ways of winning are self_drawn, discard, "
                                       "robbing_kong")
    with pytest.raises(RulesetError, match="plugin 'typo' failed to load"):
        engine.load_ruleset(path)
