"""Seeded four-bot hands for every Guangdong ruleset: the invariants hold after every action (the
table checks them), every record settles through ``mahjong settle`` to the money the table
reported, one seed gives byte-identical records, ``mahjong play`` plays each profile, and the deal
moves on by each profile's rotation (plugins/mahjong_guangdong/flow.py ``next_dealer``)."""
from __future__ import annotations

import io
import json

import pytest

import mahjong_core
from mahjong_core.engine import tiles as T
from mahjong_core.engine.table import Deal, Table
from mahjong_core.engine.table.flow import TableHand
from mahjong_core.engine.table.match import play_series
from mahjong_core.frontends.cli import main

PROFILES = ["guangdong", "guangdong-jipinghu", "guangdong-100", "guangdong-tuidaohu", "guangdong-lianhua",
            "guangdong-bao"]
MIX = ("greedy", "random", "greedy", "random")


def _cli(*argv):
    out, err = io.StringIO(), io.StringIO()
    return main(list(argv), out=out, err=err), out.getvalue()


def _check(rules, results, tmp_path=None):
    """Each hand settles to what the table reported: from its record (play log replayed) and,
    with ``tmp_path``, through the ``mahjong settle`` command; the horses follow the options."""
    opts = rules.options
    for i, r in enumerate(results):
        assert sum(r.deltas) == 0
        record = json.loads(json.dumps(r.record))
        assert tuple(rules.settle(record).deltas) == r.deltas
        if tmp_path is not None:
            path = tmp_path / f"hand{i}.json"
            path.write_text(json.dumps(r.record), encoding="utf-8")
            code, out = _cli("settle", str(path), "--json")
            assert code == 0 and tuple(json.loads(out)["deltas"]) == r.deltas
        horses = [e for e in record["events"] if e["type"] == "horses"]
        if not opts["horses"] or not r.winners:
            assert horses == []
        for e in horses:
            n = len(T.parse_tiles(e["tiles"]))
            assert e["seat"] in r.winners and (n == opts["horses"] or e.get("short") or opts["horses_with_ghost"])


@pytest.mark.parametrize("name", PROFILES)
def test_seeded_hands_settle_through_mahjong_settle_to_the_reported_money(name, tmp_path):
    rules = mahjong_core.load_ruleset(name)
    results = list(play_series(rules, MIX, 7, 24))
    _check(rules, results, tmp_path)
    assert any(r.winners for r in results)


@pytest.mark.slow
@pytest.mark.parametrize("name", PROFILES)
def test_a_thousand_seeded_hands_settle(name):
    """300 hands of greedy and random bots (nearly every one won: wins, horses, 跟庄 settle) and
    700 of random bots (long hands, kongs and draws: the table's rules over a whole wall)."""
    rules = mahjong_core.load_ruleset(name)
    for seed in range(10):
        _check(rules, list(play_series(rules, MIX if seed < 3 else ("random",) * 4, 100 + seed, 100)))


@pytest.mark.parametrize("name", PROFILES)
def test_one_seed_gives_byte_identical_records(name):
    rules = mahjong_core.load_ruleset(name)
    first = [json.dumps(r.record) for r in play_series(rules, MIX, 9, 4)]
    again = [json.dumps(r.record) for r in play_series(rules, MIX, 9, 4)]
    assert first == again


@pytest.mark.parametrize("name", PROFILES)
def test_mahjong_play_plays_every_profile(name, tmp_path):
    path = tmp_path / "hand.json"
    code, out = _cli("play", "--ruleset", name, "--bots", "greedy", "--seed", "1", "--record", str(path), "--json")
    answer = json.loads(out)
    assert code == 0 and answer["ok"] and answer["seed"] == 1 and sum(answer["deltas"]) == 0
    code, out = _cli("settle", str(path), "--json")
    assert code == 0 and json.loads(out)["deltas"] == answer["deltas"]


def _final(rules, r) -> Table:
    """The table at the end of a played hand, rebuilt from its record's play log."""
    t = Table(rules, Deal(r.record["play"]["wall"]["seed"], r.hand, None, r.record["dealer"],
                          "ESWN".index(r.record["round_wind"]), r.record["dealer_streak"]))
    for a in r.record["play"]["actions"]:
        t.act(a)
    assert t.over
    return t


@pytest.mark.parametrize("name", PROFILES)
def test_the_deal_moves_by_the_profiles_rotation(name):
    rules = mahjong_core.load_ruleset(name)
    rule = rules.settlement_rule.item.id
    results = list(play_series(rules, MIX, 11, 24))
    seen = set()
    for r, after in zip(results, results[1:]):
        dealer, winners = r.record["dealer"], r.winners
        if rule in ("guangdong.tuidaohu", "guangdong.bao"):
            want = winners[0] if winners else dealer          # the winner deals; a drawn hand keeps the dealer
        elif dealer in winners:
            want = dealer                                     # a winning dealer keeps the deal
        elif not winners and rule == "guangdong.lianhua" and TableHand(_final(rules, r)).waits(dealer):
            want = dealer                                     # 莲花: a drawn hand with the dealer ready
        else:
            want = (dealer + 1) % 4
        assert after.record["dealer"] == want == r.next_dealer
        streak = r.record["dealer_streak"] + 1 if want == dealer else 0
        assert after.record["dealer_streak"] == streak
        seen.add("kept" if want == dealer else "moved")
    assert seen == {"kept", "moved"}
