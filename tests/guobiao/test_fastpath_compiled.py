"""The fast path's compiled fans (``_fans``, csrc/guobiao_fans.c, through fastpath/compiled.py)
against its Python loop (``FastScorer.tied``: ``fans.Hand.found`` and ``FastScorer.total``), the
reference: on every golden case, every oracle hand and random winning hands with random flags,
flowers, winds and melds (kongs among them), under the three verified rulesets, the same tied
readings in the same order, each with the same fans in the same order.
"""
from __future__ import annotations

import json
import random

import pytest
import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

import mahjong_core
from harness import missing
from mahjong_core.plugin import standard_splits
from mahjong_core.testing import random_situation
from mahjong_guobiao.fastpath import compiled
from mahjong_guobiao.fastpath.readings import special_possible

from testpaths import GUOBIAO_DATA, ORACLE

if compiled._fans is None:
    missing("the compiled fast-path fans", "pip install -e . with a C compiler (setup.py builds it)")

SHIPPED = ("guobiao", "guobiao-2014", "guobiao-strict98")
CASES = [c["situation"] for c in yaml.safe_load((GUOBIAO_DATA / "guobiao.yaml").read_text(encoding="utf-8"))["cases"]]
ORACLE_SITUATIONS = [json.loads(line)["situation"] for line in ORACLE.read_text(encoding="utf-8").splitlines()
                     if line.strip()]
FLAGS = ("self_drawn", "last_tile", "after_kong", "robbing_kong", "fourth_tile")


@pytest.fixture(autouse=True)
def in_use(monkeypatch):
    monkeypatch.delenv("MAHJONG_CORE_PURE", raising=False)


@pytest.fixture(scope="module")
def scorers():
    """The shipped rulesets' fast scorers, built by an engine of their own with compiled code in
    use (whatever the environment says: both answers are what is tested)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.delenv("MAHJONG_CORE_PURE", raising=False)
        engine = mahjong_core.Engine()
        return {name: engine.load_ruleset(name).fast_scorer.__self__ for name in SHIPPED}


def compare(scorer, situation) -> bool:
    """Both answers for one hand the fast path serves; False when it does not serve it."""
    try:
        s, counts = scorer.parser.parse(situation)
    except mahjong_core.MahjongError:
        return False
    if s.wilds or special_possible(counts, bool(s.melds), s.win_tile):
        return False
    readings = standard_splits(counts, 4 - len(s.melds), True)
    if not readings:
        return False
    tiles = tuple(sorted(s.hand + (s.win_tile,)))
    want = [(sets, pair, list(found.items())) for sets, pair, found in scorer.tied(s, counts, tiles, readings)]
    best, tied = scorer.compiled.best(s, counts, readings)
    got = [readings[i] + (list(found.items()),) for i, found in tied]
    assert got == want, (scorer.ruleset.name, situation)
    assert best == scorer.total(dict(want[0][2]))
    return True


def test_every_shipped_verified_ruleset_has_the_compiled_fans(scorers):
    assert all(scorer.compiled is not None for scorer in scorers.values())


@pytest.mark.parametrize("name", SHIPPED)
def test_every_golden_case_and_oracle_hand(scorers, name):
    served = sum(compare(scorers[name], situation) for situation in CASES + ORACLE_SITUATIONS)
    assert served > 4000


def test_melds_kongs_and_flags(scorers):
    """Random hands with melds (kongs, concealed or not), every flag and flower count."""
    base = scorers["guobiao"].ruleset
    rng = random.Random(11)
    served = kongs = 0
    for _ in range(3000):
        situation = random_situation(base, rng)
        situation.update({f: True for f in rng.sample(FLAGS, rng.randint(0, 2))},
                         flowers=rng.randint(0, 8), seat_wind=rng.choice("ESWN"), round_wind=rng.choice("ESWN"))
        for scorer in scorers.values():
            if compare(scorer, situation):
                served += 1
                kongs += any(m.get("type") == "kong" for m in situation.get("melds", ()))
    assert served > 4500 and kongs > 300


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_hands(scorers, seed):
    situation = random_situation(scorers["guobiao"].ruleset, random.Random(seed))
    for scorer in scorers.values():
        compare(scorer, situation)


def test_turned_off_the_python_loop_answers(monkeypatch):
    """``MAHJONG_CORE_PURE=1`` when the ruleset is built: no compiled fans, the same results."""
    monkeypatch.setenv("MAHJONG_CORE_PURE", "1")
    engine = mahjong_core.Engine()
    pure = engine.load_ruleset("guobiao")
    assert pure.fast_scorer.__self__.compiled is None
    monkeypatch.delenv("MAHJONG_CORE_PURE")
    fast = mahjong_core.Engine().load_ruleset("guobiao")
    assert fast.fast_scorer.__self__.compiled is not None
    for situation in ORACLE_SITUATIONS[:500]:
        try:
            a = pure.score(situation, enforce_minimum=False)
        except mahjong_core.MahjongError as e:
            a = e.message
        try:
            b = fast.score(situation, enforce_minimum=False)
        except mahjong_core.MahjongError as e:
            b = e.message
        assert a == b


@settings(max_examples=2000, deadline=None)
@given(text=st.one_of(st.text(alphabet="0123456789mpszMx １[] ", max_size=20),
                      st.lists(st.tuples(st.text(alphabet="0123456789", max_size=5), st.sampled_from("mpsz")),
                               max_size=5).map(lambda parts: "".join(d + s for d, s in parts))))
def test_the_compiled_reader_reads_notation_as_plain_tiles(text):
    from mahjong_guobiao.fastpath.parse import read_hand
    assert compiled._fans.read_hand(text) == read_hand(text)


def test_the_compiled_reader_declines_what_is_not_a_str():
    from mahjong_guobiao.fastpath.parse import read_hand

    class Text(str):
        pass
    for value in (None, 123, b"123m", Text("123m"), ["1m"]):
        assert compiled._fans.read_hand(value) is None and read_hand(value) is None
    assert compiled._fans.read_hand("123m11z") == ((0, 1, 2, 27, 27), [1, 1, 1] + [0] * 24 + [2] + [0] * 6)
