"""Every shipped ruleset at the table: seeded four-bot hands keep the invariants (checked after
every action), their records settle — the play log replayed — to exactly the money the table
reported, a sample of them through the ``mahjong settle`` command itself, and the same seed gives
byte-identical records. Under ``-m slow`` every shipped ruleset plays at least 1,000 seeded hands:
the family tests play Guobiao's (tests/table/test_table_play_records.py), Sichuan's,
Guangdong's and Fuzhou's (1,000 each), and 150 of each popular ruleset; the rest are here."""
from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import mahjong_core
import rulesets
from mahjong_core.engine.registry import Engine
from mahjong_core.engine.table.match import play_series
from mahjong_core.frontends.cli import main

SHIPPED = sorted(name for name, path in Engine().ruleset_files().items()
                 if path.parent == Path(rulesets.__file__).parent)
RANDOM = ("random",) * 4
MIXED = ("greedy", "random", "greedy", "random")


# the hands played here under -m slow, (mixed, random), beside the family tests' own
TOP_UP = {"guobiao-2014": (250, 750), "guobiao-strict98": (250, 750), "popular": (0, 850),
          "popular-lianzhong": (0, 850)}


def _settle_all(name: str, seed: int, hands: int, bots) -> tuple[int, int]:
    """Play ``hands`` hands and settle each record; (hands, wins)."""
    rules = mahjong_core.load_ruleset(name)
    wins = 0
    for r in play_series(rules, bots, seed, hands):         # invariants checked after every action
        record = json.loads(json.dumps(r.record))
        assert "play" in record
        assert tuple(rules.settle(record).deltas) == r.deltas, (name, seed, r.hand)
        assert sum(r.deltas) == 0
        wins += bool(r.winners)
    return hands, wins


def _through_the_cli(name: str, results, tmp_path) -> None:
    engine = Engine()
    for r in results:
        path = tmp_path / f"{name}-{r.hand}.json"
        path.write_text(json.dumps(r.record), encoding="utf-8")
        out = io.StringIO()
        assert main(["settle", str(path), "--json"], out=out, err=io.StringIO(), engine=engine) == 0, out.getvalue()
        assert json.loads(out.getvalue())["deltas"] == list(r.deltas)


def test_every_shipped_ruleset_is_played():
    # the table refuses nothing that ships: a ruleset it could not play would fail here by name
    from mahjong_core.engine.table import play_rules
    assert len(SHIPPED) >= 16
    for name in SHIPPED:
        play_rules(mahjong_core.load_ruleset(name))


@pytest.mark.parametrize("name", SHIPPED)
def test_seeded_hands_settle_through_mahjong_settle_and_replay_byte_for_byte(name, tmp_path):
    rules = mahjong_core.load_ruleset(name)
    first = list(play_series(rules, MIXED, 11, 4))
    _through_the_cli(name, first, tmp_path)
    again = [json.dumps(r.record) for r in play_series(rules, MIXED, 11, 4)]
    assert [json.dumps(r.record) for r in first] == again
    _settle_all(name, 12, 4, RANDOM)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(TOP_UP))
def test_seeded_hands_up_to_a_thousand_settle(name):
    mixed, random = TOP_UP[name]            # popular's greedy bots are slow: its mixed hands are in its own tests
    _, wins = _settle_all(name, 21, mixed, MIXED)
    _settle_all(name, 22, random, RANDOM)
    assert wins >= mixed // 4
