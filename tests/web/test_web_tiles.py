"""The web pages' tile images: one SVG per tile kind of the notation (34 kinds, 8 flowers) and a back,
drawn with shapes, and exactly what make_tiles.py writes (the committed files are reproducible)."""
from __future__ import annotations

import importlib.util
import xml.etree.ElementTree as ET

from mahjong_core.engine import tiles as T

from testpaths import ROOT

WEB = ROOT / "mahjong_core" / "frontends" / "web"
SVG = "{http://www.w3.org/2000/svg}"


def _make_tiles():
    spec = importlib.util.spec_from_file_location("make_tiles", WEB / "make_tiles.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_one_tile_image_per_notation_name_and_a_back():
    names = {p.stem for p in (WEB / "static" / "tiles").glob("*.svg")}
    assert names == set(T.ALL_NAMES) | {"back"}
    assert len(T.ALL_NAMES) == 42


def test_committed_tiles_are_what_the_script_draws(tmp_path):
    _make_tiles().main(tmp_path)
    for made in tmp_path.iterdir():
        committed = WEB / "static" / "tiles" / made.name
        assert committed.read_text(encoding="utf-8") == made.read_text(encoding="utf-8"), (
            f"{made.name} differs: run python mahjong_core/frontends/web/make_tiles.py")


def test_suited_tiles_are_drawn_with_shapes():
    """Dots count their circles and bamboo its sticks, so no font is needed to read them."""
    tiles = _make_tiles().all_tiles()
    for n in range(2, 10):
        dots = ET.fromstring(tiles[f"{n}p.svg"]).findall(f"{SVG}circle")
        assert len(dots) == 3 * n                      # each dot is three rings
        sticks = [r for r in ET.fromstring(tiles[f"{n}s.svg"]).findall(f"{SVG}rect") if r.get("width") == "6.4"]
        assert len(sticks) == n
    for name in ("1m", "9m", "1z", "7z", "8f"):
        root = ET.fromstring(tiles[f"{name}.svg"])
        assert root.find(f"{SVG}title").text.startswith(name)
        assert root.findall(f"{SVG}text"), name     # a numeral or character, plus the Latin corner index
