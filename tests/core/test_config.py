"""Ruleset YAML: every misspelling fails with ``file:line`` and the nearest valid name; safe
loading; ``extends`` by name and path, cycles; deep-merge semantics; fingerprints."""
from __future__ import annotations

import types
from pathlib import Path

import pytest
import yaml

from mahjong_core import MahjongError
from mahjong_core.engine.config import deep_merge, read_yaml
from mahjong_core.engine.registry import Engine
from mahjong_core.engine.hookspecs import hookimpl

from house_plugins import club_plugin
from testpaths import MINI

BASE = MINI.read_text(encoding="utf-8")


@pytest.fixture
def club(tmp_path):
    """(engine, folder): a folder holding ``clubbase.yaml`` (a copy of mini) registered by a plugin."""
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "clubbase.yaml").write_text(BASE, encoding="utf-8")
    return Engine(plugins=[club_plugin(folder)], entry_points=False), folder


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path.resolve()


def error_of(engine, path) -> MahjongError:
    with pytest.raises(MahjongError) as info:
        engine.load_ruleset(path)
    return info.value


# (overlay text after "extends: clubbase", line of the error, message after "file:line: ")
MISSPELT = [
    ("scorng: {minimum: 2}\n", 2, "unknown key 'scorng' (did you mean 'scoring'?)"),
    ("scoring:\n  minimun: 2\n", 3, "unknown key 'scoring.minimun' (did you mean 'minimum'?)"),
    ("table: {tile_sett: standard_136}\n", 2, "unknown key 'table.tile_sett' (did you mean 'tile_set'?)"),
    ("fans:\n  self_drawn: {pionts: 2}\n", 3, "unknown key 'fans.self_drawn.pionts' (did you mean 'points'?)"),
    ("fans:\n  self_drawm: {points: 2}\n", 3,
     "unknown fan id 'self_drawm' (did you mean 'self_drawn'?) (a new fan needs 'check')"),
    ("fans:\n  lucky: {zh: 福, en: Lucky, points: 1, check: core.flwers}\n", 3,
     "fan 'lucky': unknown check 'core.flwers' (did you mean 'core.flowers'?)"),
    ("fans:\n  lucky: {zh: 福, en: Lucky, points: 1, check: core.always, exclude: [plain_win]}\n", 3,
     "unknown key 'fans.lucky.exclude' (did you mean 'excludes'?)"),
    ("fans:\n  seven_pairs: {excludes: [plain_wn]}\n", 3,
     "fan 'seven_pairs' excludes unknown fan 'plain_wn' (did you mean 'plain_win'?)"),
    ("fans:\n  seven_pairs: {reduces: {self_drawm: 1}}\n", 3,
     "fan 'seven_pairs' reduces unknown fan 'self_drawm' (did you mean 'self_drawn'?)"),
    ("fans:\n  seven_pairs:\n    args: {shap: seven_pairs}\n", 4,
     "check 'core.shape' takes no argument 'shap' (did you mean 'shape'?)"),
    ("shapes:\n  seven_pair: {}\n", 3, "unknown win shape 'seven_pair' (did you mean 'seven_pairs'?)"),
    ("shapes:\n  seven_pairs: {args: {pair: 6}}\n", 3,
     "shape 'seven_pairs' takes no argument 'pair' (did you mean 'pairs'?)"),
    ("shapes:\n  seven_pairs: {arg: {pairs: 6}}\n", 3,
     "unknown key 'shapes.seven_pairs.arg' (did you mean 'args'?)"),
    ("table: {tile_set: standard_14}\n", 2, "unknown tile set 'standard_14' (did you mean 'standard_144'?)"),
    ("options:\n  house_flg: true\n", 3, "unknown option 'house_flg' (did you mean 'house_flag'?)"),
    ("scoring: {fallback: plain_wi}\n", 2, "unknown fan 'plain_wi' (did you mean 'plain_win'?)"),
    ("scoring:\n  prefer: [seven_pair]\n", 3, "unknown fan 'seven_pair' (did you mean 'seven_pairs'?)"),
    ("scoring: {value: {formula: totl}}\n", 2, "unknown value formula 'totl' (did you mean 'total'?)"),
    ("scoring: {value: {formula: doubling, params: {bsae: 2}}}\n", 2,
     "value formula 'doubling' takes no argument 'bsae' (did you mean 'base'?)"),
    ("settlement: {id: flta}\n", 2, "unknown settlement 'flta' (did you mean 'flat'?)"),
    ("settlement: {id: flat, params: {stak: 2}}\n", 2,
     "settlement 'flat' takes no argument 'stak' (did you mean 'stake'?)"),
    ("settlment: {id: flat}\n", 2, "unknown key 'settlment' (did you mean 'settlement'?)"),
]


@pytest.mark.parametrize("text, line, message", MISSPELT)
def test_misspelling_names_file_line_and_nearest(club, text, line, message):
    engine, folder = club
    path = write(folder, "house.yaml", "extends: clubbase\n" + text)
    err = error_of(engine, path)
    assert err.code == "ruleset_error"
    assert err.message == f"{path}:{line}: {message}"


def test_misspelt_extends_name(club):
    engine, folder = club
    path = write(folder, "house.yaml", "title: Friday club\nextends: clubbsae\n")
    err = error_of(engine, path)
    assert err.code == "unknown_ruleset"
    assert err.message == f"{path}:2: extends 'clubbsae': unknown ruleset (did you mean 'clubbase'?)"


def test_misspelt_extends_path(club):
    engine, folder = club
    path = write(folder, "house.yaml", "extends: ./clubbsae.yaml\n")
    err = error_of(engine, path)
    assert err.code == "unknown_ruleset"
    missing = f"{path}:1: extends './clubbsae.yaml': no such file {folder.resolve()}/clubbsae.yaml"
    assert err.message in (f"{missing} (did you mean 'clubbase.yaml'?)",
                           f"{missing} (did you mean './clubbase.yaml'?)")


def test_misspelt_ruleset_name(club):
    engine, _ = club
    err = error_of(engine, "clubbsae")
    assert err.code == "unknown_ruleset"
    assert err.message.startswith("unknown ruleset 'clubbsae' (did you mean 'clubbase'?); installed: ")
    assert "clubbase" in err.message.rsplit("installed: ", 1)[1].split(", ")


def test_missing_ruleset_file(tmp_path, core_engine):
    err = error_of(core_engine, tmp_path / "nope.yaml")
    assert (err.code, err.message) == ("unknown_ruleset", f"no ruleset file '{tmp_path / 'nope.yaml'}'")


def test_duplicate_keys_name_both_lines(club):
    engine, folder = club
    path = write(folder, "house.yaml", "extends: clubbase\nfans:\n  self_drawn: {points: 2}\n"
                                        "  seven_pairs: {points: 5}\n  self_drawn: {points: 3}\n")
    assert error_of(engine, path).message == f"{path}:5: duplicate key 'fans.self_drawn' (first at line 3)"
    path = write(folder, "top.yaml", "title: a\nextends: clubbase\ntitle: b\n")
    assert error_of(engine, path).message == f"{path}:3: duplicate key 'title' (first at line 1)"


@pytest.mark.parametrize("tagged", [
    "title: !!python/name:os.system\n",
    "title: !!python/object/apply:os.system ['echo unsafe']\n",
    "title: !!python/object:builtins.dict {a: 1}\n",
    "title: !!python/object/new:builtins.list [[1]]\n",
    "options: !!python/object:builtins.dict {house_flag: true}\n",
])
def test_python_tags_are_refused(club, tagged):
    """Never construct arbitrary Python objects, and never silently drop a tag either."""
    engine, folder = club
    path = write(folder, "house.yaml", "extends: clubbase\n" + tagged)
    err = error_of(engine, path)
    assert err.code == "ruleset_error"
    assert err.message.startswith(f"{path}:2: ")
    assert "python/" in err.message


@pytest.mark.parametrize("text, message", [
    ("extends: clubbase\n<<: {title: x}\n", "2: YAML merge keys ('<<') are not supported; use 'extends'"),
    ("- a\n- b\n", "1: not a ruleset file: it holds list, not a map of ruleset keys"),
    ("title: [unclosed\n", "2: invalid YAML: " + (
        "did not find expected ',' or ']'" if hasattr(yaml, "CSafeLoader")      # libyaml's wording
        else "expected ',' or ']', but got '<stream end>'")),
    ("extends: clubbase\ntable: 5\n", "2: 'table' must be a map"),
    ("extends: clubbase\nfans:\n  self_drawn: 2\n",
     "3: 'fans.self_drawn' must be a map of zh, en, points, check, args, excludes, reduces, enabled, "
     "counts_to_minimum, dropped_when_others_exceed, doc, doublings, bonus, excluded_by, rules_out_fallback, "
     "tier, variant_of"),
    ("extends: clubbase\nscoring: {minimum: lots}\n", "2: 'scoring.minimum' must be a whole number, got 'lots'"),
    ("extends: clubbase\ntable: {hand_size: 14}\n", "2: 'table.hand_size' must be 3n + 1 (13 or 16), got 14"),
    ("extends: clubbase\nfans:\n  self_drawn: {points: many}\n", "3: fan 'self_drawn' needs numeric 'points', got 'many'"),
    ("extends: clubbase\nshapes:\n  standard: {enabled: false}\n  seven_pairs: {enabled: false}\n"
     "  thirteen_orphans: {enabled: false}\n", "2: the ruleset enables no win shape"),
])
def test_other_malformed_files(club, text, message):
    engine, folder = club
    path = write(folder, "house.yaml", text)
    assert error_of(engine, path).message == f"{path}:{message}"


def test_extends_by_relative_path(tmp_path, core_engine):
    write(tmp_path, "base/club.yaml", BASE)
    path = write(tmp_path, "house/friday.yaml", "extends: ../base/club.yaml\ntitle: Friday\n"
                                                 "scoring: {minimum: 2}\n")
    rules = core_engine.load_ruleset(path)
    assert (rules.name, rules.title, rules.minimum) == ("friday", "Friday", 2)
    assert rules.where("scoring.minimum") == f"{path}:3"
    assert rules.where("fans.seven_pairs.points") == f"{(tmp_path / 'base/club.yaml').resolve()}:14"


def test_extends_by_name_through_a_chain(club):
    engine, folder = club
    write(folder, "middle.yaml", "extends: clubbase\nfans:\n  self_drawn: {points: 2}\n")
    path = write(folder, "top.yaml", "extends: middle\nfans:\n  seven_pairs: {points: 5}\n")
    rules = engine.load_ruleset(path)
    points = {r.id: r.points for r in rules.fan_rules}
    assert points == {"plain_win": 1, "seven_pairs": 5, "self_drawn": 2, "flowers": 1}
    assert engine.load_ruleset("top").fingerprint == rules.fingerprint


def test_extends_cycle(tmp_path, core_engine):
    a = write(tmp_path, "a.yaml", "extends: b.yaml\n" + BASE)
    b = write(tmp_path, "b.yaml", "extends: ./a.yaml\ntitle: B\n")
    err = error_of(core_engine, a)
    assert (err.code, err.message) == ("ruleset_error", f"'extends' cycle: {a} -> {b} -> {a}")
    self_loop = write(tmp_path, "c.yaml", "extends: c.yaml\n")
    assert error_of(core_engine, self_loop).message == f"'extends' cycle: {self_loop} -> {self_loop}"


def test_deep_merge_maps_merged_lists_replaced(tmp_path, core_engine):
    write(tmp_path, "base.yaml", BASE.replace(
        "  seven_pairs: {zh: 七对, en: Seven Pairs, points: 4, check: core.shape, args: {shape: seven_pairs}}",
        "  seven_pairs: {zh: 七对, en: Seven Pairs, points: 4, check: core.shape, args: {shape: seven_pairs},\n"
        "                excludes: [self_drawn, flowers]}") + "  lucky: {zh: 福, en: Lucky, points: 1,"
        " check: core.flag, args: {flag: dealer}}\n")
    path = write(tmp_path, "house.yaml", "extends: base.yaml\nfans:\n  seven_pairs: {points: 6, excludes: [lucky]}\n"
                                          "  self_drawn: {args: {value: true}}\n")
    rules = core_engine.load_ruleset(path)
    seven = rules.data["fans"]["seven_pairs"]
    assert seven == {"zh": "七对", "en": "Seven Pairs", "points": 6, "check": "core.shape",
                     "args": {"shape": "seven_pairs"}, "excludes": ["lucky"]}
    assert rules.data["fans"]["self_drawn"]["args"] == {"flag": "self_drawn", "value": True}
    assert rules.where("fans.seven_pairs.points") == f"{path}:3"
    assert rules.where("fans.seven_pairs.zh").endswith("base.yaml:14")
    sit = {"hand": "1122334455667m", "win_tile": "7m", "self_drawn": True, "dealer": True, "flowers": 2}
    fans = {f.id: f.count for f in rules.score(sit).fans}
    assert fans == {"seven_pairs": 1, "self_drawn": 1, "flowers": 2}      # lucky excluded, the rest not


def test_deep_merge_function():
    base = {"a": {"x": 1, "y": [1, 2]}, "b": 1}
    assert deep_merge(base, {"a": {"y": [3]}, "c": {"z": 1}}) == {"a": {"x": 1, "y": [3]}, "b": 1,
                                                                 "c": {"z": 1}}
    assert base == {"a": {"x": 1, "y": [1, 2]}, "b": 1}          # the base is not modified


def test_disabling_a_fan(tmp_path, core_engine):
    write(tmp_path, "base.yaml", BASE)
    path = write(tmp_path, "house.yaml", "extends: base.yaml\nfans:\n  flowers: {enabled: false}\n")
    rules = core_engine.load_ruleset(path)
    assert "flowers" not in {r.id for r in rules.fan_rules}
    res = rules.score({"hand": "123m456p789s1122z", "win_tile": "1z", "flowers": "1f2f"})
    assert [f.id for f in res.fans] == ["plain_win"]


def test_fingerprint_stable_and_sensitive(tmp_path, core_engine):
    one = write(tmp_path, "one.yaml", BASE)
    same = write(tmp_path, "two.yaml", "# a comment changes nothing\n" + BASE.replace(
        "fans:\n", "fans:  # still the same\n"))
    changed = write(tmp_path, "three.yaml", BASE.replace("points: 4", "points: 5"))
    fp = core_engine.load_ruleset(one).fingerprint
    assert fp == core_engine.load_ruleset(MINI).fingerprint == core_engine.load_ruleset(same).fingerprint
    assert fp == Engine(entry_points=False).load_ruleset(one).fingerprint     # stable across engines
    assert len(fp) == 16 and int(fp, 16) >= 0
    assert core_engine.load_ruleset(changed).fingerprint != fp


def test_fan_order_changes_neither_fingerprint_nor_results(tmp_path, core_engine):
    head, fans = BASE.split("fans:\n")
    reordered = write(tmp_path, "mini.yaml", head + "fans:\n" + "".join(reversed(fans.splitlines(True))))
    a, b = core_engine.load_ruleset(MINI), core_engine.load_ruleset(reordered)
    assert [r.id for r in a.fan_rules] != [r.id for r in b.fan_rules]
    assert a.fingerprint == b.fingerprint
    for sit in ({"hand": "1122334455667m", "win_tile": "7m", "self_drawn": True, "flowers": 3},
                {"hand": "123m456p789s1122z", "win_tile": "1z", "flowers": "5f"}):
        ra, rb = a.score(sit), b.score(sit)
        assert (ra.total, set(ra.fans)) == (rb.total, set(rb.fans))


def test_read_yaml_records_lines(tmp_path):
    src = read_yaml(write(tmp_path, "x.yaml", "title: x\nfans:\n  a:\n    points: 1\n"))
    assert src.lines == {"title": 1, "fans": 2, "fans.a": 3, "fans.a.points": 4}
    assert src.where("fans.a.points.deeper") == f"{src.path}:4"


def test_list_valued_args_are_accepted(tmp_path):
    """A check argument may be a list (e.g. ranks: [2, 5, 8]); YAML allows it, so must the engine."""
    mod = types.ModuleType("ranks_plugin")

    def pair_rank(ctx, ranks=(2, 5, 8)):
        pair = ctx.pair
        return int(pair is not None and pair.tile < 27 and pair.tile % 9 + 1 in ranks)

    from mahjong_core.engine.fans import FanCheck

    @hookimpl
    def mahjong_fan_checks():
        return [FanCheck("ranks.pair", pair_rank)]

    mod.mahjong_fan_checks = mahjong_fan_checks
    engine = Engine(plugins=[mod], entry_points=False)
    write(tmp_path, "base.yaml", BASE)
    path = write(tmp_path, "house.yaml", "extends: base.yaml\nfans:\n  pair_369: {zh: 三六九将, en: Pair of 3 6 9,"
                                          " points: 1, check: ranks.pair, args: {ranks: [3, 6, 9]}}\n")
    rules = engine.load_ruleset(path)
    res = rules.score({"hand": "123m456p789s1113m", "win_tile": "3m"})
    assert "pair_369" in [f.id for f in res.fans]


# --------------------------------------------------------------------------- scoring semantics of the YAML

SEMANTICS = """\
title: Semantics
table: {tile_set: standard_144, hand_size: 13, chows: true}
shapes: {standard: {}, seven_pairs: {}}
scoring: {minimum: 0, fallback: plain}
fans:
  plain: {zh: 和, en: Plain, points: 1, check: core.shape, args: {shape: none}, counts_to_minimum: false}
  a: {zh: 甲, en: A, points: 2, check: core.flag, args: {flag: self_drawn}, excludes: [b]}
  b: {zh: 乙, en: B, points: 3, check: core.flag, args: {flag: dealer}, excludes: [a]}
  c: {zh: 丙, en: C, points: 1, check: core.flowers, counts_to_minimum: false}
  d: {zh: 丁, en: D, points: 5, check: core.flag, args: {flag: last_tile}, reduces: {c: 2}}
  pairs: {zh: 对, en: Pairs, points: 2, check: core.shape, args: {shape: seven_pairs}}
  sets: {zh: 组, en: Sets, points: 2, check: core.shape, args: {shape: standard}}
"""
PLAIN = {"hand": "123m456p789s1122z", "win_tile": "1z"}
BOTH_SHAPES = {"hand": "1122334455667m", "win_tile": "7m"}     # seven pairs, or 123 123 456 456 77


def _semantics(core_engine, tmp_path, extra: str = "", text: str = SEMANTICS):
    base = write(tmp_path, "semantics.yaml", text)
    if not extra:
        return core_engine.load_ruleset(base)
    return core_engine.load_ruleset(write(tmp_path, "overlay.yaml", "extends: semantics.yaml\n" + extra))


def _fans(result) -> dict:
    return {f.id: f.count for f in result.fans}


def test_mutual_exclusion_removes_both_whatever_the_order(core_engine, tmp_path):
    head, fans = SEMANTICS.split("fans:\n")
    for text in (SEMANTICS, head + "fans:\n" + "".join(reversed(fans.splitlines(True)))):
        rules = _semantics(core_engine, tmp_path, text=text)
        res = rules.score(dict(PLAIN, self_drawn=True, dealer=True))
        assert _fans(res) == {"sets": 1}
        assert dict(res.excluded) == {"a": ("b",), "b": ("a",)}


def test_fallback_only_when_nothing_counting_remains(core_engine, tmp_path):
    rules = _semantics(core_engine, tmp_path, "fans:\n  sets: {enabled: false}\n")
    assert _fans(rules.score(PLAIN)) == {"plain": 1}
    assert _fans(rules.score(dict(PLAIN, flowers=2))) == {"plain": 1, "c": 2}     # flowers never count
    assert _fans(rules.score(dict(PLAIN, self_drawn=True))) == {"a": 1}


def test_reduces_removes_n_per_occurrence(core_engine, tmp_path):
    rules = _semantics(core_engine, tmp_path)
    res = rules.score(dict(PLAIN, last_tile=True, flowers=3))
    assert _fans(res) == {"d": 1, "c": 1, "sets": 1}
    assert res.total == 5 + 1 + 2
    res = rules.score(dict(PLAIN, last_tile=True, flowers=2))
    assert _fans(res) == {"d": 1, "sets": 1}


def test_minimum_ignores_non_counting_fans(core_engine, tmp_path):
    from mahjong_core import BelowMinimumError
    rules = _semantics(core_engine, tmp_path, "scoring: {minimum: 3}\n")
    with pytest.raises(BelowMinimumError) as info:
        rules.score(dict(PLAIN, flowers=8))
    assert info.value.result.total == 10 and info.value.result.minimum_points == 2
    assert info.value.to_dict()["total"] == 10
    assert rules.score(dict(PLAIN, flowers=8), enforce_minimum=False).total == 10
    assert rules.score(dict(PLAIN, dealer=True)).minimum_points == 5


def test_prefer_breaks_ties_between_readings(core_engine, tmp_path):
    rules = _semantics(core_engine, tmp_path)
    first = rules.score(BOTH_SHAPES)
    assert first.total == 2
    for preferred, shape in (("pairs", "seven_pairs"), ("sets", "standard")):
        ranked = _semantics(core_engine, tmp_path, f"scoring: {{prefer: [{preferred}]}}\n")
        res = ranked.score(BOTH_SHAPES)
        assert (res.decomposition.shape, _fans(res)) == (shape, {preferred: 1})


def test_higher_total_wins_over_reading_order(core_engine, tmp_path):
    rules = _semantics(core_engine, tmp_path, "fans:\n  pairs: {points: 4}\n")
    assert rules.score(BOTH_SHAPES).decomposition.shape == "seven_pairs"
    rules = _semantics(core_engine, tmp_path, "fans:\n  sets: {points: 4}\n")
    assert rules.score(BOTH_SHAPES).decomposition.shape == "standard"


def test_doubling_value_formula_with_cap(core_engine, tmp_path):
    rules = _semantics(core_engine, tmp_path, "scoring: {value: {formula: doubling, params: {base: 2, cap: 3}}}\n")
    assert (lambda r: (r.total, r.value))(rules.score(dict(PLAIN, dealer=True))) == (5, 16)
    assert (lambda r: (r.total, r.value))(rules.score(PLAIN)) == (2, 8)
    res = rules.score(PLAIN).to_dict()
    assert (res["total"], res["value"]) == (2, 8)


def test_disabled_shape_and_counted_fans(core_engine, tmp_path):
    rules = _semantics(core_engine, tmp_path, "shapes:\n  seven_pairs: {enabled: false}\n")
    assert rules.score(BOTH_SHAPES).decomposition.shape == "standard"
    with pytest.raises(MahjongError) as info:
        rules.score({"hand": "1122334455779m", "win_tile": "9m"})
    assert info.value.code == "not_winning"


def test_editing_a_base_file_is_seen_by_its_overlays(tmp_path):
    """An engine caches resolved rulesets; the cache must notice a change in any file of the
    ``extends`` chain, not only in the file asked for."""
    import os
    import time
    engine = Engine(entry_points=False)
    base = write(tmp_path, "base.yaml", BASE)
    overlay = write(tmp_path, "house.yaml", "extends: base.yaml\ntitle: House\n")
    first = engine.load_ruleset(overlay)
    assert first.minimum == 1
    base.write_text(BASE.replace("minimum: 1", "minimum: 5"), encoding="utf-8")
    later = time.time() + 5
    os.utime(base, (later, later))
    again = engine.load_ruleset(overlay)
    assert again.minimum == 5
    assert again.fingerprint != first.fingerprint


def test_chow_melds_and_runs_in_hand_are_separate_switches(core_engine, tmp_path):
    """table.chows: may a chow be claimed; table.sequences: do runs count as sets (Sichuan: runs
    yes, claimed chows no)."""
    write(tmp_path, "base.yaml", BASE)
    no_claims = core_engine.load_ruleset(write(tmp_path, "a.yaml", "extends: base.yaml\ntable: {chows: false}\n"))
    assert no_claims.score({"hand": "123m456p789s1122z", "win_tile": "1z"}).total == 1
    with pytest.raises(MahjongError) as info:
        no_claims.score({"hand": "456p789s1122z", "melds": [{"type": "chow", "tiles": "123m"}], "win_tile": "1z"})
    assert (info.value.code, info.value.message) == ("invalid_meld",
                                                     "melds[0]: chows are not allowed in this ruleset (123m)")
    assert [t for t in no_claims.waits("111p444p777s1123m").tiles] == [0, 3]
    no_runs = core_engine.load_ruleset(write(tmp_path, "b.yaml", "extends: a.yaml\ntable: {sequences: false}\n"))
    with pytest.raises(MahjongError) as info:
        no_runs.score({"hand": "123m456p789s1122z", "win_tile": "1z"})
    assert info.value.code == "not_winning"
    assert no_runs.waits("111p444p777s1123m").tiles == ()
    assert no_runs.score({"hand": "111m444p777s1122z", "win_tile": "1z"}).total == 1


# --------------------------------------------------------------------------- new_options

def test_new_options_extend_the_base_and_later_overlays_may_set_them(club):
    engine, folder = club
    write(folder, "middle.yaml", "extends: clubbase\nnew_options:\n  wild_limit: 1\n"
                                 "option_types: {wild_limit: int}\n")
    path = write(folder, "house.yaml", "extends: middle\noptions: {wild_limit: 2}\n")
    rules = engine.load_ruleset(path)
    assert rules.options["wild_limit"] == 2 and rules.options["house_flag"] is False
    assert rules.where("options.wild_limit") == f"{path}:2"
    assert engine.load_ruleset(folder / "middle.yaml").where("options.wild_limit") == \
        f"{(folder / 'middle.yaml').resolve()}:3"


@pytest.mark.parametrize("text, message", [
    ("new_options:\n  house_flag: true\n", "3: option 'house_flag' already exists in the base"),
    ("new_options:\n  wild_limit: 1\noptions: {wild_limit: 2}\n",
     "4: option 'wild_limit' is introduced under 'new_options' in the same file; give its value there"),
    ("new_options: [wild_limit]\n", "2: 'new_options' must map option names to their defaults"),
    ("new_options:\n  wild_limit: 1\noption_types: {wild_limit: int}\noptions: {wild_limt: 2}\n",
     "5: unknown option 'wild_limt' (did you mean 'wild_limit'?)"),
])
def test_new_options_errors(club, text, message):
    engine, folder = club
    path = write(folder, "house.yaml", "extends: clubbase\n" + text)
    assert error_of(engine, path).message.startswith(f"{path}:{message}")
