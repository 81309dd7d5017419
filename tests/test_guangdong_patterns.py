"""Guangdong checks read on their own (the golden hands score them through the engine), and the
draft rulesets held to the plugin: every check they name exists, every option has a declared
type and the plugin's default, and every fan is covered by a golden hand."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
import yaml

from mahjong_core import default_engine, tiles as T
from mahjong_core.errors import RulesetError
from mahjong_core.hand import Situation
from mahjong_guangdong import patterns as P
from mahjong_guangdong.facts import ghost_tiles, natural_counts, suits_of_counts
from mahjong_guangdong.options import DEFAULTS

import test_guangdong_golden as golden


def ctx(**fields) -> SimpleNamespace:
    data = {k: (T.parse_tiles(v) if k in ("hand", "flowers", "wilds") else v) for k, v in fields.items()}
    if "win_tile" in data:
        data["win_tile"] = T.tile(data["win_tile"])
    return SimpleNamespace(situation=Situation(**data), options={})


def test_four_red_dragons_the_fourth_as_winning_tile_or_all_set_aside():
    # 四红中 (profiles.md §3.1): three in flowers and the fourth as win_tile, whatever the hand
    assert P.four_bonus(ctx(hand="1357m2468p135s9s", flowers="7z7z7z", win_tile="7z")) == 1
    assert P.four_bonus(ctx(hand="1357m2468p135s9s", flowers="7z7z7z7z", win_tile="2s")) == 1
    assert P.four_bonus(ctx(hand="1357m2468p135s9s", flowers="7z7z", win_tile="7z")) == 0


def test_four_ghosts_and_no_ghost_bonus():
    held = ctx(hand="5m5m5m123p456p789s1z", win_tile="5m", wilds="5m", self_drawn=True)
    assert P.four_wilds(held) == 1 and P.no_wilds(held) == 0
    three = ctx(hand="5m5m123p456p789s1z2z", win_tile="5m", wilds="5m")
    assert P.four_wilds(three) == 0
    none = ctx(hand="123m123p456p789s1z", win_tile="1z", wilds="5m")
    assert P.no_wilds(none) == 1
    # a game without ghosts has no 无鬼加倍 / 四鬼
    plain = ctx(hand="123m123p456p789s1z", win_tile="1z")
    assert P.no_wilds(plain) == 0 and P.four_wilds(plain) == 0


def test_bloom_needs_a_self_drawn_replacement():
    assert P.bloom(ctx(hand="1m", win_tile="1m", after_kong=1, self_drawn=True)) == {"gangshang_kaihua": 1}
    assert P.bloom(ctx(hand="1m", win_tile="1m", after_kong=3, self_drawn=True)) == {"gangshang_gang_kaihua": 1}
    assert P.bloom(ctx(hand="1m", win_tile="1m", after_kong=1)) == {}
    assert P.bloom(ctx(hand="1m", win_tile="1m", self_drawn=True)) == {}


def test_plain_row_named_by_the_win_method():
    assert P.plain_by_method(ctx(hand="1m", win_tile="1m", robbing_kong=True)) == {"qianggang_hu": 1}
    assert P.plain_by_method(ctx(hand="1m", win_tile="1m", self_drawn=True)) == {"putong_zimo": 1}
    assert P.fallback(ctx(hand="1m", win_tile="1m")) == 0


def test_natural_tiles_leave_every_ghost_kind_tile_out():
    s = ctx(hand="111z123s", win_tile="1z", wilds="1z").situation
    counts = natural_counts(s)
    assert sum(counts) == 3 and suits_of_counts(counts).numbered == frozenset({2})
    assert ghost_tiles(s) == 4
    assert ghost_tiles(ctx(hand="111z123s", win_tile="1z").situation) == 0


# ---------------------------------------------------------------- the drafts against the plugin

def test_drafts_name_only_registered_checks():
    checks = default_engine().registry.checks
    for name in golden.RULESETS:
        for fid, fan in golden.draft(name)["fans"].items():
            assert fan["check"] in checks, (name, fid)


def test_every_plugin_check_is_used_by_a_draft():
    used = {f["check"] for n in golden.RULESETS for f in golden.draft(n)["fans"].values()}
    assert set(P.CHECKS) <= used


@pytest.mark.parametrize("name", golden.RULESETS)
def test_draft_options_are_the_plugin_defaults_and_declared(name):
    data = golden.draft(name)
    options, types = data["options"], data["option_types"]
    assert set(options) == set(types), name
    defaults = DEFAULTS[golden.SETTLE_RULES[name]]
    live_play = {"reserve"}          # read by live play, not by settlement
    assert set(options) - live_play == set(defaults), name
    base = name in ("guangdong", "guangdong-tuidaohu", "guangdong-lianhua", "guangdong-bao")
    if base:
        assert {k: options[k] for k in defaults} == dict(defaults), name


# fans no golden hand can show yet, and where they are tested instead
NOT_IN_GOLDEN = {
    ("guangdong-lianhua", "sihongzhong"): "test_four_red_dragons_... (needs the bonus-tile shape)",
}


@pytest.mark.parametrize("name", golden.RULESETS)
def test_every_fan_is_in_a_golden_hand(name):
    shown = {fid for n, case in golden.HANDS if n == name for fid in (case.expect.get("fans") or {})}
    missing = {fid for fid in golden.draft(name)["fans"] if fid not in shown and (name, fid) not in NOT_IN_GOLDEN}
    inherited = set()
    if "extends" in yaml.safe_load((golden.DRAFTS / f"{name}.yaml").read_text(encoding="utf-8")):
        # an overlay's inherited rows are the base's: the base's golden hands cover them
        own = yaml.safe_load((golden.DRAFTS / f"{name}.yaml").read_text(encoding="utf-8")).get("fans") or {}
        inherited = {fid for fid in missing if fid not in own}
    assert missing - inherited == set(), name


def test_a_bad_option_value_is_refused_at_load(tmp_path):
    data = golden.interim(golden.draft("guangdong"))
    data["options"]["horse_table"] = "lianhau"
    path = Path(tmp_path) / "bad.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(RulesetError, match="horse_table"):
        golden.ENGINE.load_ruleset(path)
