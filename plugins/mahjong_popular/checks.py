"""Fan checks of the popular (大众 / 联众) fans that Guobiao lacks.

Every Guobiao fan is reused as is (``extends: guobiao``); these checks only add the extra fans.
Points, exclusions and which preset uses what live in rulesets/popular*.yaml.

In 混四节 / 混四步 / 混三节 / 混三步 / 混龙 the 混 means *mixed suits*, not wild tiles: only
无混, 四混 and 混杠 concern wilds. Checks read the decomposition with wilds already substituted,
so a wild counts as whatever it stands for. Which fans cancel which (混三节 beside a Guobiao
shifted-pungs fan …) is YAML ``excludes`` / ``excluded_by``, applied by the engine.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import Sequence

from mahjong_core.plugin import tiles as T
from mahjong_core.plugin import HandError
from mahjong_core.plugin import fan_check

from .wilds import wild_facts

GREEN = 32  # 6z


# ------------------------------------------------------------------ shared facts

def _wilds(ctx):
    return ctx.memoised("popular.wilds", lambda: wild_facts(ctx.situation), per_hand=True)


def _number_sets(ctx) -> tuple:
    """(chows, pungs, chow count, pung count) of number tiles: 9 suit bit masks each — bit s of
    entry r is set when suit s holds a chow starting at rank r (or a pung/kong of rank r) — and
    how many such sets there are. Once per reading."""
    memo = ctx.memo
    out = memo.get("popular.number_sets")
    if out is None:
        chows, pungs = [0] * 9, [0] * 9
        nc = np_ = 0
        for kind, t, _, _ in ctx.groups:
            if t >= 27:
                continue
            if kind == "chow":
                chows[t % 9] |= 1 << (t // 9)
                nc += 1
            elif kind == "pung" or kind == "kong":
                pungs[t % 9] |= 1 << (t // 9)
                np_ += 1
        out = memo["popular.number_sets"] = (tuple(chows), tuple(pungs), nc, np_)
    return out


@lru_cache(maxsize=1 << 14)
def _spread(masks: tuple, wanted: frozenset) -> bool:
    """Can one suit be picked from each mask so that the picks cover a number of distinct suits
    in ``wanted``?"""
    choices = [[s for s in range(3) if m >> s & 1] for m in masks]
    return any(len(set(pick)) in wanted for pick in product(*choices))


def _the_pair(ctx):
    """The pair (将) of a hand read as sets + one pair; None for seven pairs and special forms.
    Once per reading."""
    memo = ctx.memo
    if "popular.pair" in memo:
        return memo["popular.pair"]
    pairs = [g for g in ctx.groups if g.kind == "pair"]
    out = memo["popular.pair"] = pairs[0] if len(pairs) == 1 else None
    return out


def _suit_counts(value) -> frozenset:
    if isinstance(value, int):
        return _SUIT_COUNTS[value] if 0 <= value < 4 else frozenset((value,))
    return frozenset(value)


_SUIT_COUNTS = tuple(frozenset((n,)) for n in range(4))


def _melds_block_first_turn(ctx) -> bool:
    """A first-go-around win with declared melds: a claimed meld contradicts 'first_turn' (no
    claim before it); a concealed kong is legal but voids 天和/地和/人和."""
    s = ctx.situation
    if not s.melds:
        return False
    for i, m in enumerate(s.melds):
        if not (m.kind == "kong" and m.concealed):
            raise HandError(f"'first_turn' (a win in the first go-around, no claim before it) contradicts "
                            f"melds[{i}], a claimed {m.kind} {T.format_tiles(m.tiles)}")
    return True


# ------------------------------------------------------------------ opening-event fans

@fan_check("popular.heavenly_hand", awards=("heavenly_hand",), per_hand=True, reads=("dealer", "first_turn"))
def heavenly_hand(ctx) -> int:
    """天和/天胡: the dealer's dealt hand already wins (after flower replacement); not after a
    concealed kong."""
    s = ctx.situation
    if not (s.first_turn and s.dealer and s.self_drawn):
        return 0
    return 0 if _melds_block_first_turn(ctx) else 1


@fan_check("popular.earthly_hand", awards=("earthly_hand",), per_hand=True, reads=("dealer", "first_turn"))
def earthly_hand(ctx, next_seat_only: bool = False) -> int:
    """地和/地胡: a non-dealer wins on his first draw, nobody having claimed (or konged) before.
    ``next_seat_only`` (联众): only the player after the dealer (seat wind South)."""
    s = ctx.situation
    if not (s.first_turn and not s.dealer and s.self_drawn):
        return 0
    if next_seat_only and s.seat_wind != 1:
        return 0
    return 0 if _melds_block_first_turn(ctx) else 1


FIRST_DISCARD = "on_dealers_first_discard"      # declared bool (table.extras): written by the table


@fan_check("popular.human_hand", awards=("human_hand",), per_hand=True, reads=("dealer", "first_turn"))
def human_hand(ctx, any_first_turn_win: bool = False) -> int:
    """人和/人胡: a non-dealer wins on a discard in the first go-around (大众: the dealer's first
    discard). ``any_first_turn_win`` (联众): any win in the first go-around; the YAML lets 天和 and
    地和 exclude it."""
    s = ctx.situation
    if not s.first_turn:
        return 0
    if not any_first_turn_win and (s.dealer or s.self_drawn or s.extras.get(FIRST_DISCARD) is False):
        return 0            # the table says when the discard was another's first (extras.on_dealers_first_discard)
    return 0 if _melds_block_first_turn(ctx) else 1


@fan_check("popular.heavenly_ready", awards=("heavenly_ready",), per_hand=True,
           reads=("dealer", "ready_at_start"))
def heavenly_ready(ctx) -> int:
    """天听: declared ready right after the deal (``ready_at_start``), counted when the hand wins;
    the dealer loses it by a concealed kong after the deal."""
    s = ctx.situation
    if not s.ready_at_start:
        return 0
    if s.dealer and any(m.kind == "kong" and m.concealed for m in s.melds):
        return 0
    return 1


@fan_check("popular.riichi", awards=("riichi",), per_hand=True, reads=("declared_ready",))
def riichi(ctx, allow_concealed_kongs: bool = True) -> int:
    """立直: declared ready with a concealed hand, then won. 联众 counts it only with no melds at
    all (``allow_concealed_kongs: false``)."""
    s = ctx.situation
    if not s.declared_ready:
        return 0
    for m in s.melds:
        if not (allow_concealed_kongs and m.kind == "kong" and m.concealed):
            return 0
    return 1


# ------------------------------------------------------------------ pattern fans

@fan_check("popular.four_winds_green_pair", awards=("four_winds_green_pair",), most=1,
           only_kinds=frozenset(T.WINDS) | {GREEN})
def four_winds_green_pair(ctx, single_wait: bool = True) -> int:
    """四方大发(财): a pung or kong of each wind and a pair of 发 (Green). ``single_wait`` (大众):
    won on the single 发 (a wild winning tile, when it is read as the 发: the same choice as the
    wait fans make)."""
    pair = _the_pair(ctx)
    if pair is None or pair.tile != GREEN:
        return 0
    winds = {g.tile for g in ctx.groups if g.kind in ("pung", "kong") and g.tile in T.WINDS}
    if len(winds) != 4:
        return 0
    if single_wait:
        win = ctx.situation.win_tile
        if ctx.win_wild:                        # counted when the wild won on stood for the 发
            return ctx.per_win_value(lambda c: int(c.win_tile == GREEN))
        if win != GREEN:
            return 0
    return 1


@fan_check("popular.mixed_shifted", awards=("mixed_four_shifted_chows", "mixed_four_shifted_pungs",
                                            "mixed_three_shifted_chows", "mixed_three_shifted_pungs"), most=1)
def mixed_shifted(ctx, kind: str = "chow", length: int = 3, suits: int | Sequence[int] = 2) -> int:
    """混三步 / 混四步 (chows) and 混三节 / 混四节 (pungs or kongs): ``length`` sets of ``kind`` whose
    numbers step up by one, spread over exactly ``suits`` suits (or any count in a list of them):
    2 for the three-set fans — two share a suit; 3 for the four-set fans. 1 when such sets
    exist."""
    chows, pungs, nc, np_ = _number_sets(ctx)
    if kind == "chow":
        if nc < length or not _shifted(chows, length, _suit_counts(suits)):
            return 0
    elif np_ < length or not _shifted(pungs, length, _suit_counts(suits)):
        return 0
    return 1


@lru_cache(maxsize=4096)
def _shifted(masks: tuple, length: int, wanted: frozenset) -> bool:
    """Sets at ``length`` consecutive ranks, one per rank, over a number of suits in ``wanted``."""
    for start in range(0, 9 - length + 1):
        window = masks[start:start + length]
        if all(window) and _spread(window, wanted):
            return True
    return False


@fan_check("popular.mixed_dragon", awards=("mixed_dragon",), most=1)
def mixed_dragon(ctx, suits: int | Sequence[int] = 2) -> int:
    """混龙: chows 123, 456 and 789 spread over exactly ``suits`` suits (2: two of them share a
    suit — one suit is 清龙, three suits 花龙)."""
    chows, _, nc, _ = _number_sets(ctx)
    if nc < 3:
        return 0
    window = (chows[0], chows[3], chows[6])
    return int(all(window) and _spread(window, _suit_counts(suits)))


@fan_check("popular.pair_258", awards=("pair_258",), most=1)
def pair_258(ctx) -> int:
    """二五八将: the pair is a 2, 5 or 8 of a suit."""
    pair = _the_pair(ctx)
    return int(pair is not None and pair.tile < 27 and pair.tile % 9 in (1, 4, 7))


@fan_check("popular.terminal_pair", awards=("terminal_pair",), most=1)
def terminal_pair(ctx) -> int:
    """幺九头: the pair is a 1 or 9 of a suit."""
    pair = _the_pair(ctx)
    return int(pair is not None and pair.tile < 27 and pair.tile % 9 in (0, 8))


# ------------------------------------------------------------------ wild-tile fans

@fan_check("popular.no_wilds", awards=("no_wilds",), per_hand=True)
def no_wilds(ctx) -> int:
    """无混: a wild kind is in play but no wild is among the standing tiles and the winning tile."""
    facts = _wilds(ctx)
    return int(bool(facts.kinds) and facts.held == 0)


@fan_check("popular.four_wilds", awards=("four_wilds",), per_hand=True)
def four_wilds(ctx) -> int:
    """四混: all four wilds held at the win (standing tiles + winning tile). The YAML drops it when
    the reading's other fans total more than 32 (``dropped_when_others_exceed``)."""
    return int(_wilds(ctx).held >= 4)


@fan_check("popular.wild_kong", awards=("wild_kong",), per_hand=True)
def wild_kong(ctx) -> int:
    """混杠: a concealed kong of the four wilds (wilds are never konged from a discard)."""
    return _wilds(ctx).kongs


# ------------------------------------------------------------------ flower fans

_SEASONS = frozenset(range(34, 38))   # 1f-4f 春夏秋冬
_PLANTS = frozenset(range(38, 42))    # 5f-8f 梅兰竹菊
_ALL_FLOWERS = _SEASONS | _PLANTS


@fan_check("popular.any_flower", awards=("flower_tiles",), per_hand=True)
def any_flower(ctx) -> int:
    """花牌 (大众): any flower held, counted once."""
    return int(ctx.situation.flower_count > 0)


def _flowers_held(s) -> frozenset:
    """The flower tiles held; ``flowers: 8`` (a number) is all of them, whatever their names."""
    if s.flower_count == 8:
        return _ALL_FLOWERS
    return frozenset(s.flowers)


@fan_check("popular.flower_set", awards=("four_gentlemen", "four_plants", "four_seasons"), per_hand=True)
def flower_set(ctx, which: str = "either") -> int:
    """四君子 (``either``: one count per complete set of four), 春夏秋冬 (``seasons``),
    梅兰竹菊 (``plants``). Needs the flowers as tiles, not just their number (but eight are all)."""
    held = _flowers_held(ctx.situation)
    n = 0
    if which in ("either", "seasons") and _SEASONS <= held:
        n += 1
    if which in ("either", "plants") and _PLANTS <= held:
        n += 1
    return n


@fan_check("popular.all_flowers", awards=("eight_immortals",), per_hand=True)
def all_flowers(ctx) -> int:
    """八仙过海: all eight flowers."""
    return int(ctx.situation.flower_count == 8)


SEVEN_ROBS_ONE_FLAG = "eighth_flower_held_by_other"


@fan_check("popular.seven_robs_one", awards=("seven_robs_one",), per_hand=True)
def seven_robs_one(ctx) -> int:
    """七抢一: the winner holds seven flowers and another player holds the eighth — the situation
    says so with ``extras: {eighth_flower_held_by_other: true}`` (with seven flowers held, the
    eighth may as well be still in the wall)."""
    s = ctx.situation
    if not s.extras.get(SEVEN_ROBS_ONE_FLAG, False):       # declared bool (table.extras)
        return 0
    if s.flower_count != 7:
        raise HandError(f"field 'extras.{SEVEN_ROBS_ONE_FLAG}': another player can hold the eighth flower "
                        f"only when the winner holds seven, not {s.flower_count}")
    return 1


@fan_check("popular.seat_flower", awards=("seat_flower",), per_hand=True)
def seat_flower(ctx, per_flower: bool = False) -> int:
    """季花: a flower numbered like the seat wind (East = 春/梅, South = 夏/兰, West = 秋/竹,
    North = 冬/菊); once (大众) or once per such flower (联众, ``per_flower``)."""
    s = ctx.situation
    mine = (34 + s.seat_wind, 38 + s.seat_wind)
    n = sum(1 for f in _flowers_held(s) if f in mine)
    return n if per_flower else int(n > 0)
