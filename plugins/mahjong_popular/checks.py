"""Fan checks of the popular (大众 / 联众) fans that Guobiao lacks.

Every Guobiao fan is reused as is (``extends: guobiao``); these checks only add the extra fans.
Points, exclusions and which preset uses what live in rulesets/popular*.yaml.

In 混四节 / 混四步 / 混三节 / 混三步 / 混龙 the 混 means *mixed suits*, not wild tiles: only
无混, 四混 and 混杠 concern wilds. Checks read the decomposition with wilds already substituted,
so a wild counts as whatever it stands for.

``excluded_by`` (on the checks that take it) names fans of the same ruleset whose presence
cancels this fan — the reverse of YAML ``excludes``, for a base fan (e.g. Guobiao's 清幺九) that
an overlay cannot edit without replacing its whole ``excludes`` list.
"""
from __future__ import annotations

import weakref
from collections.abc import Mapping
from dataclasses import replace
from functools import lru_cache
from itertools import product
from typing import Sequence

from mahjong_core import tiles as T
from mahjong_core.errors import HandError
from mahjong_core.fans import FanContext
from mahjong_core.shapes import Decomposition

from .wilds import wild_facts

GREEN = 32  # 6z


# ------------------------------------------------------------------ shared facts

def _wilds(ctx):
    return ctx.memoised("popular.wilds", lambda: wild_facts(ctx.situation, ctx.options), per_hand=True)


def _number_sets(ctx) -> tuple[tuple, tuple]:
    """(chows, pungs) of number tiles as 9 suit bit masks each: bit s of entry r is set when
    suit s holds a chow starting at rank r (or a pung/kong of rank r)."""
    def compute():
        chows, pungs = [0] * 9, [0] * 9
        for g in ctx.groups:
            t = g.tile
            if t >= 27:
                continue
            if g.kind == "chow":
                chows[t % 9] |= 1 << (t // 9)
            elif g.kind in ("pung", "kong"):
                pungs[t % 9] |= 1 << (t // 9)
        return tuple(chows), tuple(pungs)
    return ctx.memoised("popular.number_sets", compute)


@lru_cache(maxsize=None)
def _spread(masks: tuple, wanted: frozenset) -> bool:
    """Can one suit be picked from each mask so that the picks cover a number of distinct suits
    in ``wanted``?"""
    choices = [[s for s in range(3) if m >> s & 1] for m in masks]
    return any(len(set(pick)) in wanted for pick in product(*choices))


def _the_pair(ctx):
    """The pair (将) of a hand read as sets + one pair; None for seven pairs and special forms."""
    pairs = [g for g in ctx.groups if g.kind == "pair"]
    return pairs[0] if len(pairs) == 1 else None


class _Plan:
    """Per ruleset, computed once: each fan's check function, args and memo key; the fallback
    fan and what 无番和 may be awarded beside (``chicken_hand``'s ``besides``)."""

    __slots__ = ("fans", "rules", "fallback", "besides", "cheap_besides", "others", "groups",
                 "n_likely", "excludable")

    def __init__(self, ruleset):
        checks = ruleset.engine.registry.checks
        self.rules = {r.id: r for r in ruleset.fan_rules}
        self.fans = {}
        for r in ruleset.fan_rules:
            args = dict(r.args)
            self.fans[r.id] = (_memo_key(r.check, args), checks[r.check].item.func, args)
        self.fallback = ruleset.fallback
        chicken = [r for r in ruleset.fan_rules if r.check == "popular.chicken_hand"]
        self.besides = frozenset(fan_ids(chicken[0].args.get("besides", ()))) if chicken else frozenset()
        self.excludable = frozenset(x for b in self.besides if b in self.rules
                                    for x in self.rules[b].excludes)
        self.cheap_besides = tuple(b for b in self.besides
                                   if b in self.rules and self.rules[b].check not in _META)
        # counting fans that rule 无番和 out when they fire, unless a `besides` fan may exclude
        # them; the likeliest first (win method, tile traits), so the search usually stops early
        others = [r for r in ruleset.fan_rules
                  if r.counts_to_minimum and r.id not in self.besides and r.id != self.fallback
                  and r.check not in _META]
        others.sort(key=lambda r: _LIKELY.get(r.check, 9))
        self.others = tuple(r.id for r in others)
        # the same fans grouped by check (one call answers for all of a group's fans); only
        # fans no `besides` fan may exclude rule 无番和 out at once
        groups: dict = {}
        for r in others:
            key, func, args = self.fans[r.id]
            groups.setdefault(key, (key, func, args, set(), set()))[3 if r.id not in self.excludable
                                                                     else 4].add(r.id)
        self.groups = tuple((k, f, a, frozenset(sure), frozenset(maybe))
                            for k, f, a, sure, maybe in groups.values())
        self.n_likely = sum(1 for k, *_ in self.groups if k[1] in _LIKELY)


def _memo_key(check: str, args) -> tuple:
    """The ctx.memo key of a check's result for given args (lists made hashable)."""
    items = tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in args.items()))
    try:
        hash(items)
    except TypeError:
        items = repr(items)
    return ("popular.fires", check, items)


_PLANS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
_LIKELY = {"popular.resolved": 0, "guobiao.win": 0, "guobiao.tiles": 1}


def _plan(ruleset) -> _Plan:
    plan = _PLANS.get(ruleset)
    if plan is None:
        plan = _PLANS[ruleset] = _Plan(ruleset)
    return plan


def _ctx_plan(ctx) -> _Plan:
    plan = ctx.hand_memo.get("popular.plan")
    if plan is None:
        plan = ctx.hand_memo["popular.plan"] = _plan(ctx.ruleset)
    return plan


def fires(ctx, fan_id: str) -> bool:
    """Does ``fan_id`` (an enabled fan of this ruleset) apply to this decomposition? Runs the
    fan's own check with its own YAML args (once per check and args); disabled or unknown fans
    never fire. Exclusions are not applied."""
    entry = _ctx_plan(ctx).fans.get(fan_id)
    if entry is None:
        return False
    key, func, args = entry
    memo = ctx.memo
    result = memo.get(key, _MISSING)
    if result is _MISSING:
        result = memo[key] = func(ctx, **args)
    if isinstance(result, Mapping):
        return result.get(fan_id, 0) > 0
    return bool(result)


_MISSING = object()


def fan_ids(value) -> tuple[str, ...]:
    """A list of fan ids from YAML: a list, or one string of ids separated by spaces or commas."""
    if isinstance(value, str):
        return tuple(v for v in value.replace(",", " ").split() if v)
    return tuple(value)


def _suit_counts(value) -> frozenset:
    if isinstance(value, int):
        return _SUIT_COUNTS[value] if 0 <= value < 4 else frozenset((value,))
    return frozenset(value)


_SUIT_COUNTS = tuple(frozenset((n,)) for n in range(4))


def _blocked(ctx, excluded_by) -> bool:
    return any(fires(ctx, f) for f in fan_ids(excluded_by))


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

def heavenly_hand(ctx) -> int:
    """天和/天胡: the dealer's dealt hand already wins (after flower replacement); not after a
    concealed kong."""
    s = ctx.situation
    if not (s.first_turn and s.dealer and s.self_drawn):
        return 0
    return 0 if _melds_block_first_turn(ctx) else 1


def earthly_hand(ctx, next_seat_only: bool = False) -> int:
    """地和/地胡: a non-dealer wins on his first draw, nobody having claimed (or konged) before.
    ``next_seat_only`` (联众): only the player after the dealer (seat wind South)."""
    s = ctx.situation
    if not (s.first_turn and not s.dealer and s.self_drawn):
        return 0
    if next_seat_only and s.seat_wind != 1:
        return 0
    return 0 if _melds_block_first_turn(ctx) else 1


def human_hand(ctx, any_first_turn_win: bool = False) -> int:
    """人和/人胡: a non-dealer wins on a discard in the first go-around (大众: the dealer's first
    discard). ``any_first_turn_win`` (联众): any win in the first go-around; the YAML lets 天和 and
    地和 exclude it."""
    s = ctx.situation
    if not s.first_turn:
        return 0
    if not any_first_turn_win and (s.dealer or s.self_drawn):
        return 0
    return 0 if _melds_block_first_turn(ctx) else 1


def heavenly_ready(ctx) -> int:
    """天听: declared ready right after the deal (``ready_at_start``), counted when the hand wins;
    the dealer loses it by a concealed kong after the deal."""
    s = ctx.situation
    if not s.ready_at_start:
        return 0
    if s.dealer and any(m.kind == "kong" and m.concealed for m in s.melds):
        return 0
    return 1


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

def four_winds_green_pair(ctx, single_wait: bool = True) -> int:
    """四方大发(财): a pung or kong of each wind and a pair of 发 (Green). ``single_wait`` (大众):
    won on the single 发 (a wild winning tile counts when a wild sits in the 发 pair)."""
    pair = _the_pair(ctx)
    if pair is None or pair.tile != GREEN:
        return 0
    winds = {g.tile for g in ctx.groups if g.kind in ("pung", "kong") and g.tile in T.WINDS}
    if len(winds) != 4:
        return 0
    if single_wait:
        win = ctx.situation.win_tile
        if win in ctx.situation.wilds:
            return int(pair.wilds > 0)          # the wild won on is the one in the 发 pair
        if win != GREEN:
            return 0
    return 1


def mixed_shifted(ctx, kind: str = "chow", length: int = 3, suits: int | Sequence[int] = 2,
                  excluded_by: str | Sequence[str] = ()) -> int:
    """混三步 / 混四步 (chows) and 混三节 / 混四节 (pungs or kongs): ``length`` sets of ``kind`` whose
    numbers step up by one, spread over exactly ``suits`` suits (or any count in a list of them):
    2 for the three-set fans — two share a suit; 3 for the four-set fans. 1 when such sets
    exist."""
    chows, pungs = _number_sets(ctx)
    if not _shifted(chows if kind == "chow" else pungs, length, _suit_counts(suits)):
        return 0
    return 0 if _blocked(ctx, excluded_by) else 1


@lru_cache(maxsize=4096)
def _shifted(masks: tuple, length: int, wanted: frozenset) -> bool:
    """Sets at ``length`` consecutive ranks, one per rank, over a number of suits in ``wanted``."""
    for start in range(0, 9 - length + 1):
        window = masks[start:start + length]
        if all(window) and _spread(window, wanted):
            return True
    return False


def mixed_dragon(ctx, suits: int | Sequence[int] = 2, excluded_by: str | Sequence[str] = ()) -> int:
    """混龙: chows 123, 456 and 789 spread over exactly ``suits`` suits (2: two of them share a
    suit — one suit is 清龙, three suits 花龙); not counted beside the fans in ``excluded_by``
    (联众 judge: not when 清龙 or 花龙 is scored)."""
    chows, _ = _number_sets(ctx)
    window = (chows[0], chows[3], chows[6])
    if not all(window) or not _spread(window, _suit_counts(suits)):
        return 0
    return 0 if _blocked(ctx, excluded_by) else 1


def pair_258(ctx) -> int:
    """二五八将: the pair is a 2, 5 or 8 of a suit."""
    pair = _the_pair(ctx)
    return int(pair is not None and pair.tile < 27 and pair.tile % 9 in (1, 4, 7))


def terminal_pair(ctx, excluded_by: str | Sequence[str] = ()) -> int:
    """幺九头: the pair is a 1 or 9 of a suit (大众: not with 清幺九, via ``excluded_by``)."""
    pair = _the_pair(ctx)
    if pair is None or pair.tile >= 27 or pair.tile % 9 not in (0, 8):
        return 0
    return 0 if _blocked(ctx, excluded_by) else 1


# ------------------------------------------------------------------ wild-tile fans

def no_wilds(ctx) -> int:
    """无混: a wild kind is in play but no wild is among the standing tiles and the winning tile."""
    facts = _wilds(ctx)
    return int(bool(facts.kinds) and facts.held == 0)


def four_wilds(ctx, others_at_most: int = 32) -> int:
    """四混: all four wilds held at the win — dropped when the hand's other fans already total
    more than ``others_at_most`` (大众: 32). 'Other fans' = the full score of this same reading
    without 四混 (flowers included; 无番和 when no other fan of the base ruleset remains)."""
    if _meta_inside(ctx):
        return 0
    facts = _wilds(ctx)
    if facts.held < 4:
        return 0
    win_value(ctx)                             # fix the wild winning tile's value first
    return int(_others_total(ctx, _base(ctx)) <= others_at_most)


def _others_total(ctx, base) -> int:
    """The reading's total without 四混, from its base evaluation: 无番和 added when no fan of
    the base ruleset remains beside the popular fans (what ``chicken_hand`` awards)."""
    plan = _ctx_plan(ctx)
    total = base.total
    if plan.fallback is not None and plan.besides:
        had = any(f.id == plan.fallback for f in base.fans)
        gets = _no_counting_fan_besides(plan, base.fans)
        total += plan.rules[plan.fallback].points * (gets - had)
    return total


def _four_wilds_points(ctx, others: int) -> int:
    """What 四混 adds to a reading whose other fans total ``others``."""
    if _wilds(ctx).held < 4:
        return 0
    for r in _ctx_plan(ctx).rules.values():
        if r.check == "popular.four_wilds":
            return r.points if others <= r.args.get("others_at_most", 32) else 0
    return 0


def wild_kong(ctx) -> int:
    """混杠: a concealed kong of the four wilds (wilds are never konged from a discard)."""
    return _wilds(ctx).kongs


# ------------------------------------------------------------------ base checks on the resolved hand

def resolved(ctx, checks: str | Sequence[str] = "guobiao.waits guobiao.win"):
    """Run other checks (by id, e.g. Guobiao's unique-wait and win-method checks) on the hand as
    its wilds were resolved in this reading: the pre-win hand is the standing tiles with each
    wild replaced by what it stands for, so 边张/嵌张/单钓将 and 和绝张 are judged on real tiles
    (the 联众 judge tracks what each wild became). A wild winning tile may have become any of the
    values the wilds took: the one giving the reading its best score is used (``win_value``).
    Without wilds the checks run on the hand as it is. Returns the merged fan → count mapping."""
    if isinstance(checks, list):
        checks = tuple(checks)
    key = _memo_key("popular.resolved", {"checks": checks})   # shared with fires()
    out = ctx.memo.get(key)
    if out is None:
        funcs = _funcs(ctx, checks)
        if not ctx.decomposition.wild_as:
            out = _merge(ctx, funcs)
        else:
            out = _resolved_for(ctx, funcs, checks, win_value(ctx))
        ctx.memo[key] = out
    return out


def _funcs(ctx, checks) -> tuple:
    registry = ctx.ruleset.engine.registry.checks
    return tuple(registry[c].item.func for c in fan_ids(checks))


def _resolved_for(ctx, funcs, checks, w: int) -> dict:
    """The wrapped checks' result for this reading with the winning tile read as ``w``
    (memoised per reading and value: it does not depend on anything else)."""
    dec = ctx.decomposition
    memo = ctx.hand_memo
    key = ("popular.resolved", id(dec), w, checks)
    out = memo.get(key)
    if out is None:
        skey = ("popular.resolved_situation", dec.tiles, w)
        rs = memo.get(skey)
        if rs is None:
            hand = list(dec.tiles)
            hand.remove(w)
            rs = memo[skey] = replace(ctx.situation, hand=tuple(hand), win_tile=w, wilds=())
        # the groups keep their wild counts (facts about the reading, not about the tiles)
        rdec = Decomposition(dec.shape, dec.groups, dec.tiles, ())
        sub_memo = memo.setdefault(("popular.resolved_memo", dec.tiles, w), {})
        out = memo[key] = _merge(FanContext(rs, rdec, ctx.ruleset, sub_memo), funcs)
    return out


def win_value(ctx) -> int:
    """What the winning tile is in this reading: itself, or — a wild winning tile — the value
    among those the wilds took that scores the reading best. Only the resolved checks read the
    winning tile: the value whose resolved fans are worth most is best, unless the score is not
    monotone in them — 四混 (dropped above a total) may apply, or some value leaves no counting
    resolved fan (无番和 may then apply) — and then the reading is scored once per value."""
    s = ctx.situation
    dec = ctx.decomposition
    if s.win_tile not in s.wilds:
        return s.win_tile
    values = sorted(set(dec.wild_as))
    if len(values) == 1:
        return values[0]
    key = ("popular.win_as", id(dec))
    chosen = ctx.hand_memo.get(key)
    if chosen is not None:
        return chosen
    plan = _ctx_plan(ctx)
    points = {}
    outcome = {}
    for r in plan.rules.values():
        if r.check == "popular.resolved":
            checks = r.args.get("checks", "guobiao.waits guobiao.win")
            if isinstance(checks, list):
                checks = tuple(checks)
            funcs = _funcs(ctx, checks)
            for v in values:
                out = _resolved_for(ctx, funcs, checks, v)
                outcome.setdefault(tuple(sorted(out.items())), v)     # alike answers: one value
                points[v] = sum(plan.rules[f].points * n for f, n in out.items()
                                if f in plan.rules and plan.rules[f].counts_to_minimum)
            break
    if len(outcome) <= 1:
        best = values[0]
    elif _wilds(ctx).held < 4 and (min(points.values()) > 0 or max(points.values()) == 0):
        best = max(values, key=lambda v: points[v])
    else:
        best, best_total = values[0], None
        try:
            for v in outcome.values():
                ctx.hand_memo[key] = v
                total = _others_total(ctx, _base(ctx))
                total += _four_wilds_points(ctx, total)
                if best_total is None or total > best_total:
                    best, best_total = v, total
        finally:
            ctx.hand_memo[key] = best
    ctx.hand_memo[key] = best
    return best


def _merge(ctx, funcs) -> dict:
    out: dict = {}
    for func in funcs:
        result = func(ctx)
        if isinstance(result, Mapping):
            out.update(result)
        elif result:
            raise HandError(f"popular.resolved wraps checks that name their fans (a mapping); "
                            f"{func.__name__} returned a bare count")
    return out


# ------------------------------------------------------------------ the fallback

_META = ("popular.four_wilds", "popular.chicken_hand")
_META_DEPTH = "popular.meta"


def _group_fires(ctx, key, func, args, ids) -> bool:
    """Does the check (memo ``key``) award any of the fans ``ids``?"""
    if not ids:
        return False
    memo = ctx.memo
    result = memo.get(key, _MISSING)
    if result is _MISSING:
        result = memo[key] = func(ctx, **args)
    if isinstance(result, Mapping):
        return any(n > 0 and f in ids for f, n in result.items())
    return bool(result)


def _meta_inside(ctx) -> bool:
    return ctx.hand_memo.get(_META_DEPTH, 0) > 0


def _base(ctx):
    """This reading scored without the fans that depend on the others' total (四混, and 无番和
    beside popular fans): those checks answer 0 inside. Once per reading (and winning value)."""
    key = ("popular.base", id(ctx.decomposition), ctx.hand_memo.get(("popular.win_as", id(ctx.decomposition))))
    memo = ctx.hand_memo
    result = memo.get(key)
    if result is None:
        memo[_META_DEPTH] = memo.get(_META_DEPTH, 0) + 1
        try:
            result = memo[key] = ctx.ruleset.evaluate(ctx.situation, ctx.decomposition, memo)
        finally:
            memo[_META_DEPTH] -= 1
    return result


def _no_counting_fan_besides(plan: _Plan, fans) -> bool:
    """No counting fan other than the fallback and the ``besides`` fans among ``fans``."""
    rules = plan.rules
    return not any(rules[f.id].counts_to_minimum for f in fans
                   if f.id not in plan.besides and f.id != plan.fallback)


def chicken_hand(ctx, besides: str | Sequence[str] = ()) -> int:
    """无番和 when no fan *other than* those in ``besides`` remains: the popular fans are added to
    the Guobiao fans of the hand, so a hand with no Guobiao fan is 无番和 plus its popular fans.
    (The engine's ``scoring.fallback`` covers the case with no counting fan at all.)"""
    if _meta_inside(ctx):
        return 0
    plan = _ctx_plan(ctx)
    groups = plan.groups
    for key, func, args, sure, maybe in groups[:plan.n_likely]:   # win method, tile traits
        if _group_fires(ctx, key, func, args, sure):
            return 0                           # a fan of the base ruleset stays: no 无番和
    held4 = _wilds(ctx).held >= 4              # 四混 may fire (asked only when needed)
    if not held4 and not any(fires(ctx, f) for f in plan.cheap_besides):
        return 0                               # the engine's own fallback decides
    for key, func, args, sure, maybe in groups[plan.n_likely:]:
        if _group_fires(ctx, key, func, args, sure):
            return 0
    if not any(_group_fires(ctx, key, func, args, maybe) for key, func, args, sure, maybe in groups):
        return 1                               # no fan of the base ruleset at all
    if ctx.decomposition.wild_as:
        win_value(ctx)
    return int(_no_counting_fan_besides(plan, _base(ctx).fans))


# ------------------------------------------------------------------ flower fans

_SEASONS = frozenset(range(34, 38))   # 1f-4f 春夏秋冬
_PLANTS = frozenset(range(38, 42))    # 5f-8f 梅兰竹菊


def any_flower(ctx) -> int:
    """花牌 (大众): any flower held, counted once."""
    return int(ctx.situation.flower_count > 0)


def flower_set(ctx, which: str = "either") -> int:
    """四君子 (``either``: one count per complete set of four), 春夏秋冬 (``seasons``),
    梅兰竹菊 (``plants``). Needs the flowers as tiles, not just their number."""
    held = set(ctx.situation.flowers)
    n = 0
    if which in ("either", "seasons") and _SEASONS <= held:
        n += 1
    if which in ("either", "plants") and _PLANTS <= held:
        n += 1
    return n


def all_flowers(ctx) -> int:
    """八仙过海: all eight flowers."""
    return int(ctx.situation.flower_count == 8)


def seat_flower(ctx, per_flower: bool = False) -> int:
    """季花: a flower numbered like the seat wind (East = 春/梅, South = 夏/兰, West = 秋/竹,
    North = 冬/菊); once (大众) or once per such flower (联众, ``per_flower``)."""
    s = ctx.situation
    mine = (34 + s.seat_wind, 38 + s.seat_wind)
    n = sum(1 for f in s.flowers if f in mine)
    return n if per_flower else int(n > 0)


CHECKS = {
    "popular.heavenly_hand": heavenly_hand,
    "popular.earthly_hand": earthly_hand,
    "popular.human_hand": human_hand,
    "popular.heavenly_ready": heavenly_ready,
    "popular.riichi": riichi,
    "popular.four_winds_green_pair": four_winds_green_pair,
    "popular.mixed_shifted": mixed_shifted,
    "popular.mixed_dragon": mixed_dragon,
    "popular.pair_258": pair_258,
    "popular.terminal_pair": terminal_pair,
    "popular.no_wilds": no_wilds,
    "popular.four_wilds": four_wilds,
    "popular.wild_kong": wild_kong,
    "popular.chicken_hand": chicken_hand,
    "popular.resolved": resolved,
    "popular.any_flower": any_flower,
    "popular.flower_set": flower_set,
    "popular.all_flowers": all_flowers,
    "popular.seat_flower": seat_flower,
}
