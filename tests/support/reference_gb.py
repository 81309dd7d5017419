"""Adapter to the reference calculator PyMahjongGB (PyPI ``pymahjonggb``, module ``MahjongGB``).

Used only by differential tests and benchmarks: it turns a situation dict (docs/formats.md) into the
reference's call and the reference's Chinese fan names back into this project's fan ids, so the
two calculators can be compared field for field. Importing it never fails; ``AVAILABLE`` says
whether the reference is installed.
"""
from __future__ import annotations

from typing import Mapping

from mahjong_core.engine import tiles as T

try:  # optional: a test-only dependency
    import MahjongGB as _gb
except ImportError:  # pragma: no cover - depends on the environment
    _gb = None

AVAILABLE = _gb is not None

# Reference tile code of each tile int 0–33 (W = 万 m, B = 饼 p, T = 条 s, F = winds,
# J1 = 中 7z, J2 = 发 6z, J3 = 白 5z).
TILE_CODES = tuple([f"W{r}" for r in range(1, 10)] + [f"B{r}" for r in range(1, 10)]
                   + [f"T{r}" for r in range(1, 10)] + [f"F{r}" for r in range(1, 5)]
                   + ["J3", "J2", "J1"])
CODE_TILES = {code: i for i, code in enumerate(TILE_CODES)}

# (id, zh, points) of every fan of the default profile (tests/guobiao/data/guobiao_fans.md).
FAN_TABLE = (
    ("big_four_winds", "大四喜", 88), ("big_three_dragons", "大三元", 88), ("all_green", "绿一色", 88),
    ("nine_gates", "九莲宝灯", 88), ("four_kongs", "四杠", 88), ("seven_shifted_pairs", "连七对", 88),
    ("thirteen_orphans", "十三幺", 88), ("all_terminals", "清幺九", 64), ("little_four_winds", "小四喜", 64),
    ("little_three_dragons", "小三元", 64), ("all_honors", "字一色", 64),
    ("four_concealed_pungs", "四暗刻", 64), ("pure_terminal_chows", "一色双龙会", 64),
    ("quadruple_chow", "一色四同顺", 48), ("four_pure_shifted_pungs", "一色四节高", 48),
    ("four_pure_shifted_chows", "一色四步高", 32), ("three_kongs", "三杠", 32),
    ("all_terminals_and_honors", "混幺九", 32), ("seven_pairs", "七对", 24),
    ("greater_honors_and_knitted_tiles", "七星不靠", 24), ("all_even_pungs", "全双刻", 24),
    ("full_flush", "清一色", 24), ("pure_triple_chow", "一色三同顺", 24),
    ("pure_shifted_pungs", "一色三节高", 24), ("upper_tiles", "全大", 24), ("middle_tiles", "全中", 24),
    ("lower_tiles", "全小", 24), ("pure_straight", "清龙", 16),
    ("three_suited_terminal_chows", "三色双龙会", 16), ("pure_shifted_chows", "一色三步高", 16),
    ("all_five", "全带五", 16), ("triple_pung", "三同刻", 16), ("three_concealed_pungs", "三暗刻", 16),
    ("lesser_honors_and_knitted_tiles", "全不靠", 12), ("knitted_straight", "组合龙", 12),
    ("upper_four", "大于五", 12), ("lower_four", "小于五", 12), ("big_three_winds", "三风刻", 12),
    ("mixed_straight", "花龙", 8), ("reversible_tiles", "推不倒", 8), ("mixed_triple_chow", "三色三同顺", 8),
    ("mixed_shifted_pungs", "三色三节高", 8), ("chicken_hand", "无番和", 8),
    ("last_tile_draw", "妙手回春", 8), ("last_tile_claim", "海底捞月", 8),
    ("out_with_replacement_tile", "杠上开花", 8), ("robbing_the_kong", "抢杠和", 8),
    ("all_pungs", "碰碰和", 6), ("half_flush", "混一色", 6), ("mixed_shifted_chows", "三色三步高", 6),
    ("all_types", "五门齐", 6), ("melded_hand", "全求人", 6), ("two_concealed_kongs", "双暗杠", 6),
    ("two_dragons_pungs", "双箭刻", 6), ("outside_hand", "全带幺", 4),
    ("fully_concealed_hand", "不求人", 4), ("two_melded_kongs", "双明杠", 4), ("last_tile", "和绝张", 4),
    ("dragon_pung", "箭刻", 2), ("prevalent_wind", "圈风刻", 2), ("seat_wind", "门风刻", 2),
    ("concealed_hand", "门前清", 2), ("all_chows", "平和", 2), ("tile_hog", "四归一", 2),
    ("double_pung", "双同刻", 2), ("two_concealed_pungs", "双暗刻", 2), ("concealed_kong", "暗杠", 2),
    ("all_simples", "断幺", 2), ("pure_double_chow", "一般高", 1), ("mixed_double_chow", "喜相逢", 1),
    ("short_straight", "连六", 1), ("two_terminal_chows", "老少副", 1),
    ("pung_of_terminals_or_honors", "幺九刻", 1), ("melded_kong", "明杠", 1),
    ("one_voided_suit", "缺一门", 1), ("no_honors", "无字", 1), ("edge_wait", "边张", 1),
    ("closed_wait", "嵌张", 1), ("single_wait", "单钓将", 1), ("self_drawn", "自摸", 1),
    ("flower_tiles", "花牌", 1), ("concealed_kong_and_melded_kong", "明暗杠", 5),
)
FAN_ZH = {fan_id: zh for fan_id, zh, _ in FAN_TABLE}
FAN_POINTS = {fan_id: points for fan_id, _, points in FAN_TABLE}
# The reference's own names; its unique-wait fans carry a 独听・ prefix and 单钓 drops 将.
ZH_TO_ID = {zh: fan_id for fan_id, zh, _ in FAN_TABLE}
ZH_TO_ID.update({"独听・边张": "edge_wait", "独听・嵌张": "closed_wait", "独听・单钓": "single_wait"})
FAN_ORDER = {fan_id: i for i, (fan_id, _, _) in enumerate(FAN_TABLE)}

_SOURCE_OFFER = {"left": 1, "across": 2, "right": 3}


class ReferenceError(Exception):
    """The reference rejected the hand (wrong tile count, not a win) or the situation cannot be mapped."""


def _one(text: str) -> int:
    tiles = T.parse_tiles(text)
    if len(tiles) != 1:
        raise ReferenceError(f"expected one tile, got {text!r}")
    return tiles[0]


def _pack(meld: Mapping) -> tuple[str, str, int]:
    """A contract meld as the reference's (type, tile, offer) pack.

    Chows name their middle tile and the position (1–3) of the claimed tile; pungs and melded
    kongs name the discarder (1 left, 2 across, 3 right); a concealed kong has offer 0. Missing
    ``claimed``/``from`` default to the first position / the left player: the reference only
    uses the offer to tell melded from concealed.
    """
    tiles = sorted(T.parse_tiles(meld["tiles"]))
    kind = meld["type"]
    if kind == "chow":
        claimed = meld.get("claimed")
        offer = _one(claimed) - tiles[0] + 1 if claimed else 1
        return ("CHI", TILE_CODES[tiles[1]], offer)
    if kind == "pung":
        return ("PENG", TILE_CODES[tiles[0]], _SOURCE_OFFER.get(meld.get("from") or "left", 1))
    if kind == "kong":
        if meld.get("concealed", False):
            return ("GANG", TILE_CODES[tiles[0]], 0)
        return ("GANG", TILE_CODES[tiles[0]], _SOURCE_OFFER.get(meld.get("from") or "left", 1))
    raise ReferenceError(f"unknown meld type {kind!r}")


def _wind(value) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return T.WIND_LETTERS.index(str(value or "E").upper())


def flower_count(situation: Mapping) -> int:
    flowers = situation.get("flowers", 0) or 0
    return flowers if isinstance(flowers, int) else len(T.parse_tiles(flowers))


def reference_args(situation: Mapping) -> dict:
    """The keyword arguments of ``MahjongFanCalculator`` for a situation dict (docs/formats.md).

    ``isAboutKong`` is 杠上开花 on a self-draw and 抢杠和 on a discard, so it is ``after_kong`` or
    ``robbing_kong`` depending on ``self_drawn``; ``is4thTile`` is ``fourth_tile``;
    ``isWallLast`` is ``last_tile``. Fields the reference has no notion of are ignored.
    """
    self_drawn = bool(situation.get("self_drawn", False))
    about_kong = bool(situation.get("after_kong", False)) if self_drawn \
        else bool(situation.get("robbing_kong", False))
    return dict(
        pack=tuple(_pack(m) for m in situation.get("melds") or ()),
        hand=tuple(TILE_CODES[t] for t in T.parse_tiles(situation["hand"])),
        winTile=TILE_CODES[_one(situation["win_tile"])],
        flowerCount=flower_count(situation),
        isSelfDrawn=self_drawn,
        is4thTile=bool(situation.get("fourth_tile", False)),
        isAboutKong=about_kong,
        isWallLast=bool(situation.get("last_tile", False)),
        seatWind=_wind(situation.get("seat_wind", "E")),
        prevalentWind=_wind(situation.get("round_wind", "E")),
    )


def reference_score(situation: Mapping) -> dict:
    """Score a situation with PyMahjongGB; fans as this project's ids.

    Returns ``{"total", "total_without_flowers", "fans": [{"id", "zh", "points", "count"}]}``
    (the oracle corpus's ``expected`` layout, ``total`` including flowers). Raises
    ReferenceError when the reference refuses the hand.
    """
    if _gb is None:
        raise ReferenceError("PyMahjongGB is not installed (pip install pymahjonggb)")
    try:
        raw = _gb.MahjongFanCalculator(**reference_args(situation), verbose=True)
    except TypeError as e:  # the binding reports every refusal as a TypeError
        raise ReferenceError(str(e)) from None
    fans = []
    for points, count, zh, _en in raw:
        fan_id = ZH_TO_ID.get(zh)
        if fan_id is None:
            raise ReferenceError(f"unmapped reference fan {zh!r}")
        fans.append({"id": fan_id, "zh": FAN_ZH[fan_id], "points": points, "count": count})
    fans.sort(key=lambda f: FAN_ORDER[f["id"]])
    total = sum(f["points"] * f["count"] for f in fans)
    flowers = sum(f["points"] * f["count"] for f in fans if f["id"] == "flower_tiles")
    return {"total": total, "total_without_flowers": total - flowers, "fans": fans}


def fan_counts(fans) -> dict[str, int]:
    """``{id: count}`` from a list of fan dicts or Fan objects (zero counts dropped)."""
    out: dict[str, int] = {}
    for f in fans:
        fan_id, count = (f["id"], f["count"]) if isinstance(f, Mapping) else (f.id, f.count)
        if count:
            out[fan_id] = out.get(fan_id, 0) + count
    return out


def _codes(tiles) -> tuple[str, ...]:
    if isinstance(tiles, str):
        tiles = T.parse_tiles(tiles)
    return tuple(TILE_CODES[t] for t in tiles)


def reference_regular_waits(hand) -> tuple[int, ...]:
    """Waits of a 1/4/7/10/13-tile standing hand under the regular form (RegularShanten).

    ``hand`` is notation or tile ints; returns sorted tile ints, empty when not ready. Waits are
    the reference's *useful tiles at shanten 0*: formal waits, so a kind whose four copies are
    all in the hand still counts.
    """
    shanten, useful = _gb.RegularShanten(_codes(hand))
    if shanten != 0:
        return ()
    return tuple(sorted(CODE_TILES[c] for c in useful))


_SPECIAL_SHANTEN = ("SevenPairsShanten", "ThirteenOrphansShanten", "HonorsAndKnittedTilesShanten",
                    "KnittedStraightShanten")


def reference_waits(hand) -> tuple[int, ...]:
    """Waits of a standing hand under every Guobiao shape the reference knows.

    The regular form, plus (13 tiles) seven pairs, thirteen orphans, honours-and-knitted and
    (10 or 13 tiles) the knitted-straight form; the union of their useful tiles at shanten 0.
    """
    codes = _codes(hand)
    waits: set[int] = set()
    shanten, useful = _gb.RegularShanten(codes)
    if shanten == 0:
        waits.update(CODE_TILES[c] for c in useful)
    for fn in _SPECIAL_SHANTEN:
        if len(codes) != 13 and not (fn == "KnittedStraightShanten" and len(codes) == 10):
            continue
        shanten, useful = getattr(_gb, fn)(codes)
        if shanten == 0:
            waits.update(CODE_TILES[c] for c in useful)
    return tuple(sorted(waits))


def compare(sit: Mapping, rules) -> tuple[str | None, dict]:
    """Score ``sit`` with ``rules`` (``enforce_minimum=False``) and with the reference.

    Returns ``(None, detail)`` when totals and fan lists agree (or both refuse the hand), else
    ``(class key, detail)``: the key lists the fans only the engine awards (+id) and only the
    reference awards (-id), or names the error; ``detail`` holds both sides for the report.
    """
    from mahjong_core import MahjongError
    detail: dict = {"situation": sit}
    try:
        want = reference_score(sit)
    except ReferenceError as e:
        want = None
        detail["reference_error"] = str(e)
    try:
        got = rules.score(sit, enforce_minimum=False)
    except MahjongError as e:
        got = None
        detail["engine_error"] = f"{e.code}: {e.message}"
        code = e.code
    except Exception as e:  # a crash is a class of its own
        got = None
        detail["engine_error"] = f"crash {type(e).__name__}: {e}"
        code = f"crash {type(e).__name__}"
    if want is None and got is None:
        return None, detail                      # both refuse: agreement
    if want is None:
        return "reference refuses: " + detail["reference_error"], detail
    detail["reference"] = {"total": want["total"], "fans": fan_counts(want["fans"])}
    if got is None:
        return f"engine error {code}", detail
    got_fans = fan_counts(got.fans)
    detail["engine"] = {"total": got.total, "fans": got_fans,
                        "decomposition": got.decomposition.labels()}
    want_fans = detail["reference"]["fans"]
    if got.total == want["total"] and got_fans == want_fans:
        return None, detail
    parts = []
    for fan_id in sorted(set(got_fans) | set(want_fans), key=lambda f: FAN_ORDER.get(f, 999)):
        d = got_fans.get(fan_id, 0) - want_fans.get(fan_id, 0)
        if d:
            parts.append(f"{'+' if d > 0 else '-'}{fan_id}" + (f"*{abs(d)}" if abs(d) > 1 else ""))
    if not parts:                                # same fans: the points per fan differ
        got_points = {f.id: f.points for f in got.fans}
        want_points = {f["id"]: f["points"] for f in want["fans"]}
        parts = [f"points {fan_id} {got_points[fan_id]}!={want_points[fan_id]}"
                 for fan_id in got_fans if got_points[fan_id] != want_points.get(fan_id)]
    key = " ".join(parts) or "same fans, different total"
    if got.total == want["total"]:
        key += "  (same total)"
    return key, detail
