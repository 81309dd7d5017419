"""Every shape's ``shanten_useful`` mask against its own ``shanten_draws`` (the kinds whose draw
lowers the shape's shanten), on hands of every kind the shapes care about, with and without
melds and without the chows the table may rule out; and the analysis's useful tiles through
the masks against the same analysis read draw by draw."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from mahjong_core import load_ruleset
from mahjong_core.engine import tiles as T
from mahjong_core.engine import analysis
from mahjong_core.engine.analysis import Analyzer

from dealing import hands, shape_input


@pytest.fixture(scope="module")
def gb():
    return load_ruleset("guobiao")


def test_every_shapes_useful_mask_is_the_draws_that_lower_its_shanten(gb):
    rng = random.Random(1802)
    shapes = [(shape, args) for shape, args, _ in gb.shapes if shape.shanten_useful is not None]
    shapes += [(shape, {"pairs": 7, "allow_four": False}) for shape, _ in shapes if shape.id == "seven_pairs"]
    assert {shape.id for shape, _ in shapes} >= {"standard", "seven_pairs", "thirteen_orphans",
                                                 "honors_and_knitted", "knitted_straight"}
    for hand, n_melds in hands(rng):
        for chows in (True, False):
            inp = replace(shape_input(hand, n_melds), chows=chows)
            for shape, args in shapes:
                here = shape.shanten(inp, **args)
                draws = shape.shanten_draws(inp, **args)
                want = {t for t in range(34) if draws[t] < here and inp.counts[t] < 4}
                mask = shape.shanten_useful(inp, **args)
                got = {t for t in range(34) if mask >> t & 1 and inp.counts[t] < 4}
                assert got == want, (shape.id, T.format_tiles(hand), n_melds, chows)


def test_useful_tiles_through_the_masks_equal_those_read_draw_by_draw(gb, monkeypatch):
    rng = random.Random(1803)
    sichuan = load_ruleset("sichuan")
    asked = []
    for hand, n_melds in hands(rng):
        if n_melds:
            continue
        notation = T.format_tiles(hand)
        asked.append((Analyzer(gb), notation))
        if all(t < 27 for t in hand):
            asked.append((Analyzer(sichuan), notation))
    fast = [analyzer.analyze(notation, with_waits=False) for analyzer, notation in asked]
    monkeypatch.setattr(analysis, "useful_by_masks", lambda plan, inputs: None)    # every draw read
    slow = [analyzer.analyze(notation, with_waits=False) for analyzer, notation in asked]
    assert any(a.ruleset == "sichuan" for a in fast)
    for (_, notation), got, want in zip(asked, fast, slow):
        assert got == want, notation
