"""Draw the web pages' tile images: ``python mahjong_core/frontends/web/make_tiles.py`` writes
``static/tiles/{1m..9m,1p..9p,1s..9s,1z..7z,1f..8f,back}.svg``.

Tiles are drawn with shapes (dots as circles, bamboo as sticks) and a few characters (萬, 東, 發, …)
with a Latin index in the corner, so a tile stays recognisable on a machine with no CJK font and
no mahjong-tile font. The output is committed; ``tests/web/test_web_tiles.py`` checks it matches.
"""
from __future__ import annotations

import math
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent / "static" / "tiles"
W, H = 60, 80
BLUE, GREEN, RED, INK = "#1d4f91", "#17804a", "#c62828", "#1b1b1b"
CJK = "'Noto Serif CJK SC','Noto Sans CJK SC','Source Han Serif SC','Songti SC','SimSun',serif"
NUMERALS = "一二三四五六七八九"
WINDS = [("東", "E"), ("南", "S"), ("西", "W"), ("北", "N")]
FLOWERS = ["春", "夏", "秋", "冬", "梅", "兰", "竹", "菊"]
FLOWER_COLOURS = [GREEN, RED, "#b8860b", BLUE, RED, "#7b3fa0", GREEN, "#b8860b"]


def tile(body: str, title: str) -> str:
    """The ivory face over a green back edge, then the tile's own drawing."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}">'
            f"<title>{title}</title>"
            f'<rect x="0.5" y="0.5" width="59" height="79" rx="7" fill="#1f7a4d"/>'
            f'<rect x="1" y="1" width="58" height="74" rx="6" fill="#fdfaf1" stroke="#bdb49b"/>'
            f"{body}</svg>\n")


def text(x: float, y: float, s: str, size: float, fill: str, weight: str = "bold", font: str = CJK) -> str:
    return (f'<text x="{x}" y="{y}" font-family="{font}" font-size="{size}" font-weight="{weight}" '
            f'fill="{fill}" text-anchor="middle" dominant-baseline="central">{s}</text>')


def index(s: str, fill: str = "#6b6455") -> str:
    """The small Latin corner index (1–9, E S W N, …) that reads without a CJK font."""
    return text(8, 9, s, 8, fill, font="'DejaVu Sans',Arial,sans-serif")


def dot(x: float, y: float, r: float, colour: str) -> str:
    return (f'<circle cx="{x}" cy="{y}" r="{r}" fill="{colour}"/>'
            f'<circle cx="{x}" cy="{y}" r="{r * 0.62:.2f}" fill="#fdfaf1"/>'
            f'<circle cx="{x}" cy="{y}" r="{r * 0.38:.2f}" fill="{colour}"/>')


# dot layouts: (x, y, colour) on the 60×76 face
_C, _L, _R = 30, 19, 41
DOT_LAYOUT = {
    2: [(_C, 22, GREEN), (_C, 54, BLUE)],
    3: [(16, 16, BLUE), (_C, 38, RED), (44, 60, GREEN)],
    4: [(_L, 24, BLUE), (_R, 24, GREEN), (_L, 52, GREEN), (_R, 52, BLUE)],
    5: [(17, 19, BLUE), (43, 19, GREEN), (_C, 38, RED), (17, 57, GREEN), (43, 57, BLUE)],
    6: [(_L, 14, GREEN), (_R, 14, GREEN)] + [(x, y, RED) for y in (39, 60) for x in (_L, _R)],
    7: [(15, 11, GREEN), (_C, 19, GREEN), (45, 27, GREEN)] + [(x, y, RED) for y in (45, 63) for x in (_L, _R)],
    8: [(x, y, BLUE) for y in (13, 30, 47, 64) for x in (_L, _R)],
    9: [(x, y, c) for y, c in ((15, BLUE), (38, RED), (61, GREEN)) for x in (15, _C, 45)],
}


def dots(n: int) -> str:
    if n == 1:
        return (dot(30, 38, 20, GREEN) + f'<circle cx="30" cy="38" r="5" fill="{RED}"/>'
                + "".join(f'<circle cx="{30 + 12 * cx:.2f}" cy="{38 + 12 * cy:.2f}" r="1.6" fill="{RED}"/>'
                          for cx, cy in _ring(8)))
    r = {2: 10, 3: 8.5, 4: 9, 5: 8, 6: 8, 7: 6.5, 8: 7, 9: 7}[n]
    return "".join(dot(x, y, r, c) for x, y, c in DOT_LAYOUT[n])


def _ring(k: int):
    """k points evenly round the unit circle (the 1p border, the flowers' petals)."""
    return [(math.cos(2 * math.pi * i / k), math.sin(2 * math.pi * i / k)) for i in range(k)]


def stick(x: float, y: float, colour: str, h: float = 20) -> str:
    """One bamboo stick centred on (x, y): a rounded cane with three nodes."""
    top = y - h / 2
    return (f'<rect x="{x - 3.2}" y="{top}" width="6.4" height="{h}" rx="3" fill="{colour}"/>'
            + "".join(f'<rect x="{x - 4}" y="{top + h * f - 1:.2f}" width="8" height="2" rx="1" fill="{colour}"/>'
                      for f in (0.08, 0.5, 0.92))
            + f'<line x1="{x}" y1="{top + 3}" x2="{x}" y2="{top + h - 3}" stroke="#fdfaf1" stroke-width="1"/>')


STICK_LAYOUT = {
    2: [(30, 24, GREEN), (30, 52, BLUE)],
    3: [(30, 24, GREEN), (19, 52, BLUE), (41, 52, BLUE)],
    4: [(19, 24, BLUE), (41, 24, GREEN), (19, 52, GREEN), (41, 52, BLUE)],
    5: [(17, 24, GREEN), (43, 24, BLUE), (30, 38, RED), (17, 52, BLUE), (43, 52, GREEN)],
    6: [(x, y, c) for y, c in ((24, GREEN), (52, BLUE)) for x in (16, 30, 44)],
    7: [(30, 14, RED)] + [(x, y, c) for y, c in ((38, GREEN), (61, BLUE)) for x in (16, 30, 44)],
    8: [(x, y, c) for y, c in ((24, GREEN), (52, BLUE)) for x in (12, 24, 36, 48)],
    9: [(x, y, RED if x == 30 else c) for y, c in ((15, GREEN), (38, BLUE), (61, GREEN)) for x in (16, 30, 44)],
}


def bamboo(n: int) -> str:
    if n == 1:   # the bird (幺鸡)
        return (f'<path d="M18 56 Q14 40 26 32 Q38 26 42 36 Q44 48 30 56 Z" fill="{GREEN}"/>'
                f'<path d="M22 54 L10 68 M26 56 L18 70 M30 56 L28 71" stroke="{BLUE}" stroke-width="3" '
                f'stroke-linecap="round"/>'
                f'<circle cx="40" cy="24" r="7" fill="{RED}"/>'
                f'<circle cx="42" cy="22" r="1.6" fill="#fdfaf1"/>'
                f'<path d="M46 24 L53 26 L46 28 Z" fill="#b8860b"/>'
                f'<path d="M38 17 Q40 9 46 11" stroke="{RED}" stroke-width="2" fill="none"/>')
    h = {7: 18, 9: 18}.get(n, 22)
    return "".join(stick(x, y, c, h) for x, y, c in STICK_LAYOUT[n])


def characters(n: int) -> str:
    return index(str(n), BLUE) + text(30, 24, NUMERALS[n - 1], 24, BLUE) + text(30, 55, "萬", 28, RED)


def honour(n: int) -> str:
    if n <= 4:
        zh, letter = WINDS[n - 1]
        return index(letter, BLUE) + text(30, 40, zh, 36, BLUE)
    if n == 5:   # White: the blue frame, no character
        return (index("Wh", BLUE)
                + f'<rect x="13" y="15" width="34" height="46" rx="3" fill="none" stroke="{BLUE}" stroke-width="3.5"/>'
                + f'<rect x="19" y="21" width="22" height="34" rx="2" fill="none" stroke="{BLUE}" stroke-width="1.5"/>')
    if n == 6:
        return index("G", GREEN) + text(30, 40, "發", 36, GREEN)
    return index("R", RED) + text(30, 40, "中", 38, RED)


def flower(n: int) -> str:
    colour = FLOWER_COLOURS[n - 1]
    petals = "".join(f'<circle cx="{30 + 7 * cx:.2f}" cy="{54 + 7 * cy:.2f}" r="5" fill="{colour}" opacity="0.75"/>'
                     for cx, cy in _ring(5))
    return (index(str(n), colour) + text(30, 26, FLOWERS[n - 1], 26, colour)
            + petals + f'<circle cx="30" cy="54" r="3.5" fill="#e0a800"/>')


def back() -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}">'
            "<title>back</title>"
            '<rect x="0.5" y="0.5" width="59" height="79" rx="7" fill="#125c38"/>'
            '<rect x="1" y="1" width="58" height="74" rx="6" fill="#1f7a4d" stroke="#0e4a2d"/>'
            '<rect x="8" y="8" width="44" height="60" rx="4" fill="none" stroke="#8fd1ac" stroke-width="1.5"/>'
            '<path d="M30 20 L42 38 L30 56 L18 38 Z" fill="none" stroke="#8fd1ac" stroke-width="1.5"/>'
            "</svg>\n")


TITLES = {"m": "characters", "p": "dots", "s": "bamboo"}
HONOUR_NAMES = ["East", "South", "West", "North", "White", "Green", "Red"]
FLOWER_NAMES = ["Spring", "Summer", "Autumn", "Winter", "Plum", "Orchid", "Bamboo", "Chrysanthemum"]


def all_tiles() -> dict[str, str]:
    """File name → SVG text, for every tile kind in the notation and the back."""
    out = {}
    for suit, draw in (("m", characters), ("p", dots), ("s", bamboo)):
        for n in range(1, 10):
            out[f"{n}{suit}.svg"] = tile(draw(n), f"{n}{suit} {n} {TITLES[suit]}")
    for n in range(1, 8):
        out[f"{n}z.svg"] = tile(honour(n), f"{n}z {HONOUR_NAMES[n - 1]}")
    for n in range(1, 9):
        out[f"{n}f.svg"] = tile(flower(n), f"{n}f {FLOWER_NAMES[n - 1]}")
    out["back.svg"] = back()
    return out


def main(out: Path = OUT) -> int:
    out.mkdir(parents=True, exist_ok=True)
    for name, svg in all_tiles().items():
        (out / name).write_text(svg, encoding="utf-8")
    print(f"wrote {len(all_tiles())} tiles to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT))
