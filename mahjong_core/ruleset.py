"""A resolved ruleset: YAML data bound to the plugins' code, ready to score, wait and settle."""
from __future__ import annotations

import inspect
import json
import math
import typing
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, NamedTuple
from collections.abc import Mapping

from . import tiles as T
from .config import Resolved, check_option, describe, shown
from .errors import (BelowMinimumError, MahjongError, NotWinningError, PluginError, RulesetError, SettlementError,
                     did_you_mean, show)
from .fans import Alternatives, Fan, FanContext
from .hand import EXTRA_TYPES, ExtraField, Situation, TableRules, parse_situation
from .records import Ledger, Settlement, parse_record
from .shapes import Decomposition, ShapeInput
from . import waits as W


_HAND_FANS = "engine.hand_fans"     # hand_memo key: what the per-hand checks found
_FINISHED = "engine.finished"       # hand_memo key prefix: a finished result per set of fans found


@dataclass(frozen=True, slots=True)
class FanRule:
    id: str
    zh: str
    en: str
    points: int
    check: str
    args: Mapping[str, Any]
    excludes: tuple[str, ...] = ()
    reduces: Mapping[str, int] = field(default_factory=dict)
    counts_to_minimum: bool = True
    doc: str = ""
    dropped_above: int | None = None     # YAML dropped_when_others_exceed


@dataclass(frozen=True, slots=True)
class ScoreResult:
    ruleset: str
    total: int
    value: Any
    fans: tuple[Fan, ...]
    decomposition: Decomposition
    situation: Situation
    minimum_points: int
    excluded: tuple[tuple[str, tuple[str, ...]], ...] = ()
    dropped: tuple[tuple[str, int, int], ...] = ()      # (fan id, the others' total, the limit)

    @property
    def ok(self) -> bool:
        return True

    def fan_ids(self) -> list[str]:
        return [f.id for f in self.fans]

    def to_dict(self) -> dict:
        return {"ok": True, "ruleset": self.ruleset, "total": self.total, "value": self.value,
                "fans": [f.to_dict() for f in self.fans],
                "decomposition": self.decomposition.labels(),
                "shape": self.decomposition.shape}

    def explain(self) -> dict:
        out = self.to_dict()
        out["points_toward_minimum"] = self.minimum_points
        out["excluded"] = [{"id": fid, "by": list(by)} for fid, by in self.excluded]
        if self.dropped:
            out["dropped"] = [{"id": fid, "others": others, "limit": limit}
                              for fid, others, limit in self.dropped]
        if self.decomposition.wild_as:
            out["wilds_as"] = T.format_tiles(self.decomposition.wild_as)
        return out


@dataclass(frozen=True, slots=True)
class WaitScore:
    """What a win on one wait scores (minimum not enforced), or the contract code of why that win
    cannot stand (e.g. a fifth copy)."""

    total: Any = None
    value: Any = None
    below_minimum: bool = False
    error: str | None = None

    def to_dict(self) -> dict:
        if self.error is not None:
            return {"error": self.error}
        return {"total": self.total, "value": self.value, "below_minimum": self.below_minimum}


@dataclass(frozen=True, slots=True)
class Wait:
    """One winning tile and what it scores on a discard and on a self-draw."""

    tile: int
    discard: WaitScore
    self_drawn: WaitScore

    def to_dict(self) -> dict:
        return {"tile": T.name(self.tile), "discard": self.discard.to_dict(),
                "self_drawn": self.self_drawn.to_dict()}


@dataclass(frozen=True, slots=True)
class Waits:
    """The tiles that complete a hand; ``ready`` when there is at least one. Finding them is cheap;
    ``scores()`` (and ``to_dict()``, the shape ``mahjong waits --json`` prints) score each one twice."""

    tiles: tuple[int, ...]
    rules: "Ruleset" = field(repr=False, compare=False)
    situation: Situation = field(repr=False, compare=False)

    @property
    def ready(self) -> bool:
        return bool(self.tiles)

    def scores(self) -> tuple[Wait, ...]:
        hand = self.situation.to_dict()
        out = []
        for t in self.tiles:
            modes = []
            for self_drawn in (False, True):
                try:
                    r = self.rules.score(dict(hand, win_tile=T.name(t), self_drawn=self_drawn),
                                         enforce_minimum=False)
                    modes.append(WaitScore(r.total, r.value, r.minimum_points < self.rules.minimum))
                except MahjongError as e:
                    modes.append(WaitScore(error=e.code))
            out.append(Wait(t, *modes))
        return tuple(out)

    def to_dict(self) -> dict:
        return {"ok": True, "ruleset": self.rules.name, "ready": self.ready,
                "waits": [w.to_dict() for w in self.scores()]}

    def __iter__(self):
        return iter(self.tiles)

    def __len__(self):
        return len(self.tiles)


class _TailCheck(NamedTuple):
    """A check asked last by the bounded search (FanCheck.most)."""

    entry: tuple            # the plan entry: (func, args, rules, ids, plugin, check id)
    most: int               # it awards at most this many fans, once each
    ceiling: float          # so it adds at most this many points
    kinds: int              # bit mask of FanCheck.only_kinds, or 0
    exposes: frozenset      # the fans its fans exclude or reduce


class _Unbounded(Exception):
    """A check awarded more than its FanCheck.most promised: score the hand exhaustively."""


def _kinds_mask(kinds) -> int:
    """A bit mask of tile kinds (0 for None: no restriction)."""
    mask = 0
    for t in kinds or ():
        mask |= 1 << t
    return mask


def _room(tail, apart: Mapping[str, frozenset]) -> tuple:
    """What each suffix of the tail checks can add at most: ``room[i]`` for ``tail[i:]``. Two
    fans of which one excludes the other (``apart``: fan id → the fans it cannot stand beside)
    never both count, so the room is the best choice of at most ``most`` fans per check with no
    two of them apart — or, when the choices are too many to try, the sum of the ceilings."""
    room = [0] * (len(tail) + 1)
    for i in range(len(tail) - 1, -1, -1):
        room[i] = room[i + 1] + tail[i].ceiling
    if not any(r.id in apart for t in tail for r in t.entry[2]):
        return tuple(room)
    sums = tuple(room)
    for i in range(len(tail) - 1, -1, -1):
        room[i] = _best_apart(tail[i:], apart, sums[i:])
    return tuple(room)


_APART_STEPS = 20_000       # how many choices ``_best_apart`` may try before settling for the sum


def _best_apart(tail, apart: Mapping[str, frozenset], rest: tuple) -> float:
    """The most points ``tail`` can add when fans that are apart never both count (depth first,
    cut off by ``rest``, the plain sums of the ceilings from each check on); that sum if the
    search is too long."""
    options = []
    for t in tail:
        fans = sorted(((max(r.points, 0), r.id) for r in t.entry[2] if r.points > 0), reverse=True)
        options.append((t.most, fans))
    best = 0
    steps = 0

    def visit(k: int, total: float, chosen: tuple) -> None:
        nonlocal best, steps
        steps += 1
        if steps > _APART_STEPS:
            raise OverflowError
        if total > best:
            best = total
        if k == len(options) or total + rest[k] <= best:
            return
        most, fans = options[k]
        picks = [(total, chosen)]
        for points, fid in fans:
            blocked = apart.get(fid, ())
            grown = []
            for sub_total, sub in picks:
                if len(sub) - len(chosen) < most and not any(c in blocked for c in sub):
                    grown.append((sub_total + points, sub + (fid,)))
            picks.extend(grown)
        for sub_total, sub in sorted(picks, reverse=True):
            visit(k + 1, sub_total, sub)

    try:
        visit(0, 0, ())
    except OverflowError:
        return rest[0]
    return best


def _non_finite(value, key: str) -> str | None:
    """The dotted key of the first NaN or infinity in a YAML value (maps and lists searched)."""
    if isinstance(value, float):
        return None if math.isfinite(value) else key
    items = value.items() if isinstance(value, Mapping) else enumerate(value) if isinstance(value, list) else ()
    for k, v in items:
        found = _non_finite(v, f"{key}.{k}")
        if found:
            return found
    return None


def _takes_number(param) -> tuple[bool, bool]:
    """(takes a number, may be None) for a plugin function's parameter, from its annotation
    (``int``, ``float``, ``int | None`` …) or, without one, from a numeric default."""
    ann = param.annotation
    if ann is param.empty:
        d = param.default
        return isinstance(d, (int, float)) and not isinstance(d, bool), d is None
    parts = ann.split("|") if isinstance(ann, str) else \
        [getattr(a, "__name__", str(a)) for a in (typing.get_args(ann) or (ann,))]
    names = {n.strip() for n in parts}
    nullable = bool(names & {"None", "NoneType"})
    names -= {"None", "NoneType"}
    return bool(names) and names <= {"int", "float"}, nullable or param.default is None


def _check_kwargs(func, args: Mapping, where, key: str, what: str) -> None:
    """Validate YAML args (``key``: where they are) against the function's signature (after its
    first positionals): known names, and a finite number wherever the function takes a number."""
    bad = _non_finite(args, key)
    if bad:
        raise RulesetError(f"{where(bad)}: '{shown(bad)}' must be a finite number")
    try:
        sig = inspect.signature(func)
    except (TypeError, ValueError):
        return
    params = {p.name: p for p in sig.parameters.values() if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)}
    loose = any(p.kind is p.VAR_KEYWORD for p in sig.parameters.values())
    for name, value in args.items():
        param = params.get(name)
        if param is None:
            if loose:
                continue
            raise RulesetError(f"{where(key)}: {what} takes no argument '{shown(name)}'"
                               f"{did_you_mean(name, params)}")
        number, nullable = _takes_number(param)
        if number and not (value is None and nullable) and \
                (isinstance(value, bool) or not isinstance(value, (int, float))):
            raise RulesetError(f"{where(f'{key}.{name}')}: '{key}.{name}' must be a number"
                               f"{' or null' if nullable else ''}, got {describe(value)}")


class Ruleset:
    """Immutable once built. Use ``score``, ``waits`` and ``settle``."""

    def __init__(self, resolved: Resolved, engine):
        self._resolved = resolved
        self.engine = engine
        data = resolved.data
        self.name = resolved.name
        self.path = resolved.path
        self.title = str(data.get("title", self.name))
        self.data = data
        self.fingerprint = resolved.fingerprint
        self.options = MappingProxyType(dict(data.get("options") or {}))
        self.option_types = MappingProxyType(resolved.option_types)      # name -> config.OptionType
        for name, value in self.options.items():       # every option is declared (config.resolve)
            check_option(self.option_types[name], value, "options." + name, self.where)
        table = data.get("table") or {}
        self.table = self._table(table)
        scoring = data.get("scoring") or {}
        self.minimum = self._int(scoring.get("minimum", 0), "scoring.minimum")
        self.fan_rules = self._fans(data.get("fans") or {})
        self._fan_by_id = {r.id: r for r in self.fan_rules}
        self.fallback = self._fan_ref(scoring.get("fallback"), "scoring.fallback")
        self.fallback_besides = frozenset(self._fan_list(scoring, "fallback_besides"))
        self.prefer = self._fan_list(scoring, "prefer")
        self.shapes = self._shapes(data.get("shapes") or {})
        value = scoring.get("value") or {"formula": "total"}
        self.value_formula, self.value_params = self._value(value)
        self.settlement_rule, self.settlement_params = self._settlement(data.get("settlement"))
        self._info = self._fan_info()
        self._excludes = {r.id: r.excludes for r in self.fan_rules if r.excludes}
        self._reduces = tuple((r.id, tuple(r.reduces.items())) for r in self.fan_rules if r.reduces)
        # counting fans whose presence rules the fallback fan out
        self._blocks_fallback = frozenset(r.id for r in self.fan_rules
                                          if r.counts_to_minimum and r.id not in self.fallback_besides)
        # per fan: (points, whether it leaves the fallback fan possible)
        self._fan_points = {r.id: (r.points, r.id not in self._blocks_fallback) for r in self.fan_rules}
        self._dropped = tuple((r.id, r.dropped_above) for r in self.fan_rules if r.dropped_above is not None)
        self._drop_ids = frozenset(fid for fid, _ in self._dropped)
        # per fan: the fans that cannot count beside it (it excludes them, or they exclude it)
        apart: dict[str, set] = {}
        for r in self.fan_rules:
            for x in r.excludes:
                if x != r.id:
                    apart.setdefault(r.id, set()).add(x)
                    apart.setdefault(x, set()).add(r.id)
        self._apart = {fid: frozenset(xs) for fid, xs in apart.items()}
        self._hand_tails: dict = {}     # ``_hand_tail`` per set of tail checks a hand leaves (only_kinds)
        # per fan: the fans it excludes or reduces
        self._exposes = {r.id: frozenset(r.excludes) | frozenset(r.reduces) for r in self.fan_rules
                         if r.excludes or r.reduces}
        self._value_needed = self.value_formula is not self.engine.registry.values["total"].item.value \
            if "total" in self.engine.registry.values else True
        plan = self._check_plan()
        self._hand_plan = tuple(p[:6] for p in plan if p[6])     # asked once per hand
        # asked once per reading: ``_head`` always, ``_tail`` (checks with a ceiling) unless the
        # reading cannot beat the best one; ``_plan`` is both, in that order
        self._head, self._tail, self._tail_room = self._split_plan([p for p in plan if not p[6]])
        self._fallback_points = None if self.fallback is None else self._info[self.fallback][2]
        self._plan = self._head + tuple(t[0] for t in self._tail)
        # the head checks' fill keys (FanCheck.fill_key), each function once; None unless every
        # head check has one
        keys = [p[9] for p in plan if not p[6] and not p[7]]
        self._fill_keys = tuple(dict.fromkeys(keys)) if keys and all(keys) and self._tail else None
        self._tail_exposes = frozenset(x for t in self._tail for x in t.exposes)
        self._tail_kinds = any(t.kinds for t in self._tail)      # some tail check has only_kinds
        engine.validate(self)

    # ------------------------------------------------------------------ building
    def has_fan(self, fan_id: str) -> bool:
        """Is this fan enabled in the ruleset (so a check may award it)?"""
        return fan_id in self._fan_by_id

    def where(self, key: str) -> str:
        """``file:line`` where ``key`` (dotted) was last set."""
        return self._resolved.where(key)

    def _int(self, value, key: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesetError(f"{self.where(key)}: '{key}' must be a whole number, got {describe(value)}")
        return value

    def _id(self, value, key: str, what: str) -> str:
        """A YAML value naming a registered item (check, formula, fan …) must be a name."""
        if not isinstance(value, str):
            raise RulesetError(f"{self.where(key)}: '{key}' must be a {what} id, got {describe(value)}")
        return value

    def _text(self, spec: Mapping, name: str, key: str, default: str) -> str:
        value = spec.get(name, default)
        if not isinstance(value, str):
            raise RulesetError(f"{self.where(f'{key}.{name}')}: '{key}.{name}' must be text, got {describe(value)}")
        return value

    def _table(self, table: Mapping) -> TableRules:
        ts_id = table.get("tile_set", "standard_144")
        tile_sets = self.engine.registry.tile_sets
        if not isinstance(ts_id, str) or ts_id not in tile_sets:
            raise RulesetError(f"{self.where('table.tile_set')}: unknown tile set {show(ts_id)}"
                               f"{did_you_mean(ts_id, tile_sets)}")
        ts = tile_sets[ts_id].item
        hand_size = self._int(table.get("hand_size", 13), "table.hand_size")
        if hand_size % 3 != 1 or not 4 <= hand_size <= 19:
            raise RulesetError(f"{self.where('table.hand_size')}: 'table.hand_size' must be 3n + 1 "
                               f"(13 or 16), got {hand_size}")
        flags = {}
        for key, default in (("chows", True), ("sequences", True), ("dealer_east", True), ("void_suit", False)):
            flags[key] = table.get(key, default)
            if not isinstance(flags[key], bool):
                raise RulesetError(f"{self.where('table.' + key)}: 'table.{key}' must be true or false")
        wilds = table.get("wilds", {})
        if not isinstance(wilds, Mapping):
            raise RulesetError(f"{self.where('table.wilds')}: 'table.wilds' must be a map like {{max_kinds: 1}}")
        for key in wilds:
            if key != "max_kinds":
                raise RulesetError(f"{self.where('table.wilds.' + str(key))}: unknown key 'table.wilds.{key}'"
                                   f"{did_you_mean(key, ('max_kinds',))}")
        max_wilds = self._int(wilds.get("max_kinds", 0), "table.wilds.max_kinds")
        if not 0 <= max_wilds <= 4:
            raise RulesetError(f"{self.where('table.wilds.max_kinds')}: 'table.wilds.max_kinds' must be 0–4 "
                               f"(0: no wild tiles), got {max_wilds}")
        return TableRules(frozenset(ts.kinds), hand_size, flags["chows"], ts.flowers, ts.id, flags["sequences"],
                          flags["dealer_east"], max_wilds, flags["void_suit"], self._extras(table.get("extras")))

    def _extras(self, extras) -> tuple[ExtraField, ...]:
        """``table.extras``: ``{key: {type: bool|int|string, doc: "..."}}``, the situation's extras keys."""
        if extras is None:
            return ()
        if not isinstance(extras, Mapping):
            raise RulesetError(f"{self.where('table.extras')}: 'table.extras' must be a map of key: "
                               f"{{type: bool|int|string, doc: ...}}")
        out = []
        for name, spec in extras.items():
            where = self.where(f"table.extras.{name}")
            if not isinstance(spec, Mapping):
                raise RulesetError(f"{where}: 'table.extras.{name}' must be a map {{type: ..., doc: ...}}")
            for key in spec:
                if key not in ("type", "doc"):
                    raise RulesetError(f"{where}: unknown key 'table.extras.{name}.{key}'"
                                       f"{did_you_mean(key, ('type', 'doc'))}")
            kind = spec.get("type")
            if kind not in EXTRA_TYPES:
                raise RulesetError(f"{where}: 'table.extras.{name}.type' must be one of "
                                   f"{', '.join(EXTRA_TYPES)}, got {show(kind)}{did_you_mean(kind, EXTRA_TYPES)}")
            out.append(ExtraField(str(name), kind, str(spec.get("doc", ""))))
        return tuple(out)

    def _fans(self, fans: Mapping) -> tuple[FanRule, ...]:
        checks = self.engine.registry.checks
        rules = []
        for fid, spec in fans.items():
            key = f"fans.{fid}"
            if spec.get("enabled", True) is False:
                continue
            if spec.get("enabled", True) is not True:
                raise RulesetError(f"{self.where(key + '.enabled')}: 'enabled' must be true or false")
            check = spec.get("check")
            if check is None:
                raise RulesetError(f"{self.where(key)}: fan '{fid}' has no 'check'")
            self._id(check, key + ".check", "check")
            if check not in checks:
                raise RulesetError(f"{self.where(key + '.check')}: fan '{fid}': unknown check '{shown(check)}'"
                                   f"{did_you_mean(check, checks)}{self.engine.failed_note()}")
            args = spec.get("args") or {}
            if not isinstance(args, Mapping):
                raise RulesetError(f"{self.where(key + '.args')}: 'args' must be a map")
            _check_kwargs(checks[check].item.func, args, self.where, key + ".args", f"check '{check}'")
            points = spec.get("points")
            if isinstance(points, bool) or not isinstance(points, (int, float)) or not math.isfinite(points):
                raise RulesetError(f"{self.where(key + '.points')}: fan '{fid}' needs numeric 'points', "
                                   f"got {describe(points)}")
            cm = spec.get("counts_to_minimum", True)
            if not isinstance(cm, bool):
                raise RulesetError(f"{self.where(key + '.counts_to_minimum')}: must be true or false")
            drop = spec.get("dropped_when_others_exceed")
            if drop is not None:
                self._int(drop, key + ".dropped_when_others_exceed")
                if spec.get("excludes") or spec.get("reduces"):
                    raise RulesetError(f"{self.where(key + '.dropped_when_others_exceed')}: fan '{fid}' is "
                                       f"dropped after the others are counted, so it cannot exclude or "
                                       f"reduce them (remove 'excludes'/'reduces')")
            rules.append(FanRule(fid, self._text(spec, "zh", key, fid), self._text(spec, "en", key, fid),
                                 points, check, MappingProxyType(dict(args)), (), MappingProxyType({}), cm,
                                 self._text(spec, "doc", key, ""), drop))
        known = {r.id for r in rules}
        every = set(fans)
        out = []
        for r in rules:
            spec = fans[r.id]
            excludes = spec.get("excludes") or []
            if not isinstance(excludes, list):
                raise RulesetError(f"{self.where(f'fans.{r.id}.excludes')}: 'excludes' must be a list of fan ids")
            for i, x in enumerate(excludes):
                self._known_fan(x, every, f"fans.{r.id}.excludes.{i}", f"fan '{r.id}' excludes")
            reduces = spec.get("reduces") or {}
            if not isinstance(reduces, Mapping):
                raise RulesetError(f"{self.where(f'fans.{r.id}.reduces')}: 'reduces' must map fan ids to counts")
            for x, n in reduces.items():
                self._known_fan(x, every, f"fans.{r.id}.reduces.{x}", f"fan '{r.id}' reduces")
                self._int(n, f"fans.{r.id}.reduces.{x}")
            out.append(FanRule(r.id, r.zh, r.en, r.points, r.check, r.args,
                               tuple(x for x in excludes if x in known),
                               MappingProxyType({x: n for x, n in reduces.items() if x in known}),
                               r.counts_to_minimum, r.doc, r.dropped_above))
        return tuple(out)

    def _known_fan(self, fid, every, key: str, what: str) -> None:
        """A fan named by another fan's ``excludes``/``reduces`` must be one of the file's fans."""
        if self._id(fid, key, "fan") not in every:
            raise RulesetError(f"{self.where(key)}: {what} unknown fan '{shown(fid)}'{did_you_mean(fid, every)}")

    def _fan_list(self, scoring: Mapping, name: str) -> tuple[str, ...]:
        """``scoring.<name>``: a list of fan ids (disabled fans dropped)."""
        value = scoring.get(name) or []
        if not isinstance(value, list):
            raise RulesetError(f"{self.where('scoring.' + name)}: 'scoring.{name}' must be a list of fan ids")
        refs = (self._fan_ref(fid, f"scoring.{name}.{i}") for i, fid in enumerate(value))
        return tuple(fid for fid in refs if fid is not None)

    def _fan_ref(self, fid, key: str) -> str | None:
        if fid is None:
            return None
        if self._id(fid, key, "fan") not in self._fan_by_id:
            every = list((self.data.get("fans") or {}).keys())
            if fid in every:
                return None          # disabled fan: nothing to award
            raise RulesetError(f"{self.where(key)}: unknown fan '{shown(fid)}'{did_you_mean(fid, every)}")
        return fid

    def _shapes(self, shapes: Mapping):
        registry = self.engine.registry.shapes
        out = []
        for sid, spec in shapes.items():
            key = f"shapes.{sid}"
            if sid not in registry:
                raise RulesetError(f"{self.where(key)}: unknown win shape '{shown(sid)}'"
                                   f"{did_you_mean(sid, registry)}{self.engine.failed_note()}")
            if spec.get("enabled", True) is False:
                continue
            args = spec.get("args") or {}
            if not isinstance(args, Mapping):
                raise RulesetError(f"{self.where(key + '.args')}: 'args' must be a map")
            shape = registry[sid].item
            _check_kwargs(shape.find, args, self.where, key + ".args", f"shape '{sid}'")
            out.append((shape, dict(args), registry[sid].plugin))
        if not out:
            raise RulesetError(f"{self.where('shapes')}: the ruleset enables no win shape")
        return tuple(out)

    def _value(self, value: Mapping):
        formulas = self.engine.registry.values
        fid = self._id(value.get("formula", "total"), "scoring.value.formula", "formula")
        if fid not in formulas:
            raise RulesetError(f"{self.where('scoring.value.formula')}: unknown value formula '{shown(fid)}'"
                               f"{did_you_mean(fid, formulas)}{self.engine.failed_note()}")
        params = self._map(value.get("params"), "scoring.value.params")
        func = formulas[fid].item.value
        _check_kwargs(func, params, self.where, "scoring.value.params", f"value formula '{fid}'")
        return func, params

    def _map(self, value, key: str) -> dict:
        if value is None:
            return {}
        if not isinstance(value, Mapping):
            raise RulesetError(f"{self.where(key)}: '{key}' must be a map")
        return dict(value)

    def _settlement(self, spec):
        if spec is None:
            return None, {}
        rules = self.engine.registry.settlements
        sid = self._id(spec.get("id"), "settlement.id", "settlement")
        if sid not in rules:
            raise RulesetError(f"{self.where('settlement.id')}: unknown settlement '{shown(sid)}'"
                               f"{did_you_mean(sid, rules)}{self.engine.failed_note()}")
        params = self._map(spec.get("params"), "settlement.params")
        _check_kwargs(rules[sid].item.settle, params, self.where, "settlement.params", f"settlement '{sid}'")
        return rules[sid], params

    def _check_plan(self):
        """Group fans by (check, args) so each piece of check code runs once per decomposition:
        (func, args, rules, fan ids, plugin, check id — the plan entry — then per_hand, most, the
        only_kinds mask and fill_key) per group."""
        checks = self.engine.registry.checks
        plan: dict = {}
        for r in self.fan_rules:
            key = (r.check, json.dumps(dict(r.args), sort_keys=True, default=str))
            if key not in plan:
                entry = checks[r.check]
                plan[key] = [entry.item.func, dict(r.args), [], entry.plugin]
            plan[key][2].append(r)
        return tuple((func, args, tuple(rules), frozenset(r.id for r in rules), plugin, key[0],
                      checks[key[0]].item.per_hand, checks[key[0]].item.most,
                      _kinds_mask(checks[key[0]].item.only_kinds), checks[key[0]].item.fill_key)
                     for key, (func, args, rules, plugin) in plan.items())

    def _split_plan(self, plan) -> tuple[tuple, tuple, tuple]:
        """The per-reading checks as (head, tail, room): the tail holds the checks that promise
        to award at most ``most`` fans (FanCheck.most), highest ceiling first; ``room[i]`` is
        what ``tail[i:]`` can add at most.
        Without a tail when a reading's score cannot be bounded from its fans: a value formula
        other than the total, negative points or negative reductions."""
        if self._value_needed or any(r.points < 0 for r in self.fan_rules) \
                or any(n < 0 for _, reduces in self._reduces for _, n in reduces):
            return tuple(p[:6] for p in plan), (), ()
        head, tail = [], []
        for p in plan:
            most = p[7]
            if not most:
                head.append(p[:6])
                continue
            ceiling = sum(sorted((max(r.points, 0) for r in p[2]), reverse=True)[:most])
            exposes = frozenset().union(*(self._exposes.get(r.id, ()) for r in p[2]))
            tail.append(_TailCheck(p[:6], most, ceiling, p[8], exposes))
        tail.sort(key=lambda t: -t.ceiling)
        return tuple(head), tuple(tail), _room(tail, self._apart)

    def _hand_tail(self, s: Situation) -> tuple:
        """(tail, room, exposed): the tail checks that may award something to this hand, their
        room, and the fans they may exclude or reduce. A check whose ``only_kinds`` the hand's
        natural tiles (melds included) leave is skipped."""
        whole = (self._tail, self._tail_room, self._tail_exposes)
        if not self._tail_kinds:
            return whole
        held = s.natural_kinds
        kept = tuple(i for i, t in enumerate(self._tail) if not t.kinds or not held & ~t.kinds)
        if len(kept) == len(self._tail):
            return whole
        out = self._hand_tails.get(kept)
        if out is None:
            tail = tuple(self._tail[i] for i in kept)
            out = self._hand_tails[kept] = (tail, _room(tail, self._apart),
                                             frozenset(x for t in tail for x in t.exposes))
        return out

    def _fan_info(self) -> dict:
        """Per fan: (sort order, Fan with count 1, points, counts toward minimum).
        Fans are listed by points, highest first, then in YAML order."""
        info = {}
        for i, r in enumerate(self.fan_rules):
            info[r.id] = ((-r.points, i), Fan(r.id, r.zh, r.en, r.points, 1), r.points, r.counts_to_minimum)
        return info

    # ------------------------------------------------------------------ scoring
    def parse(self, situation) -> Situation:
        """Validate a §2 dict or a Situation object against this ruleset (table and plugin vetoes)."""
        s = parse_situation(situation, self.table)
        self.engine.validate_situation(s, self)
        return s

    def shape_input(self, s: Situation, extra_tile: int | None = -1) -> ShapeInput:
        standing = list(s.hand)
        if extra_tile == -1:
            extra_tile = s.win_tile
        if extra_tile is not None:
            standing.append(extra_tile)
        return W.shape_input(standing, s.melds, s.wilds, self.table, extra_tile)

    def decompositions(self, s: Situation) -> list[Decomposition]:
        inp = self.shape_input(s)
        out: list[Decomposition] = []
        melded = bool(s.melds)
        for shape, args, plugin in self.shapes:
            if melded and not shape.melds:
                continue
            try:
                out.extend(shape.find(inp, **args))
            except MahjongError:
                raise
            except Exception as e:
                raise PluginError(f"plugin '{plugin}': win shape '{shape.id}' failed: "
                                  f"{type(e).__name__}: {e}") from e
        return out

    def evaluate(self, s: Situation, dec: Decomposition, hand_memo: dict) -> ScoreResult:
        """Score one decomposition: run the checks, then ``finish`` (exclusions, the fallback,
        dropped fans) — once per alternative when a check leaves a choice open, keeping the best.
        Checks marked ``per_hand`` are asked with the hand's first reading and remembered."""
        ctx, found, choices = self._begin(s, dec, hand_memo, self._plan)
        return self._finish_choices(s, dec, found, choices, hand_memo)

    def _begin(self, s: Situation, dec: Decomposition, hand_memo: dict, plan) -> tuple:
        """(ctx, found, open choices) after the per-hand checks and the checks of ``plan``."""
        ctx = FanContext(s, dec, self, hand_memo)
        if self._hand_plan:
            known = hand_memo.get(_HAND_FANS)
            if known is None:
                hand_found: dict[str, int] = {}
                known = hand_memo[_HAND_FANS] = (hand_found, self._collect(self._hand_plan, ctx, hand_found))
            found = dict(known[0])
            choices = self._collect(plan, ctx, found)
            if known[1]:
                choices = known[1] + (choices or [])
        else:
            found = {}
            choices = self._collect(plan, ctx, found)
        return ctx, found, choices

    def _finish_choices(self, s: Situation, dec: Decomposition, found: dict, choices, hand_memo: dict):
        """``finish`` the reading, once per open choice, keeping the best."""
        if choices is None:
            return self._finish_once(s, dec, found, hand_memo)
        labels = [label for label in choices[0] if all(label in c for c in choices[1:])]
        if not labels:
            raise PluginError(f"ruleset '{self.name}': fan checks offer alternatives with no choice in common "
                              f"({', '.join(sorted(map(str, (lab for c in choices for lab in c))))})")
        best = best_rank = None
        for label in labels:
            chosen = dict(found)
            for c in choices:
                chosen.update(c[label])
            result = self._finish_once(s, dec, chosen, hand_memo)
            if result is not best:
                rank = self._rank(result)
                if best is None or rank > best_rank:
                    best, best_rank = result, rank
        return best

    def _finish_once(self, s: Situation, dec: Decomposition, found: dict, hand_memo: dict) -> ScoreResult:
        """``finish``, once per hand for each set of fans found: readings of a hand that find the
        same fans (common with wilds) share the finished fans and differ only in the reading."""
        key = (_FINISHED, frozenset(found.items()))
        done = hand_memo.get(key)
        if done is None:
            done = hand_memo[key] = self.finish(s, dec, found)
            return done
        if done.decomposition is dec:
            return done
        return ScoreResult(done.ruleset, done.total, done.value, done.fans, dec, s, done.minimum_points,
                           done.excluded, done.dropped)

    # ------------------------------------------------------------------ bounded search
    def _points(self, found: Mapping) -> tuple:
        """(points of ``found``, the part that does not rule the fallback fan out)."""
        points = self._fan_points
        raw = free = 0
        for fid, n in found.items():
            if n > 0:
                p, unblocked = points[fid]
                raw += p * n
                if unblocked:
                    free += p * n
        return raw, free

    def _settled(self, found: dict, choices, exposed: frozenset) -> tuple:
        """(at most the reading's finished total before the checks still to ask, the part of it
        that does not rule the fallback out, or -inf when a fan that stays rules it out):
        ``finish`` as far as it is already decided — the
        fans excluded by fans found, their reductions unless a reducer is ``exposed`` (the checks
        still to ask, or an open choice, may exclude or reduce it), and a dropped fan whose drop
        is certain (the others exceed its limit without the exposed fans and without any fan that
        may itself be dropped); an open choice counts at its best."""
        info = self._info
        if choices:
            exposes = self._exposes
            exposed = exposed.union(*(exposes.get(fid, ()) for c in choices for a in c.values() for fid in a))
        kept = found
        exact = True          # every fan not exposed keeps its count to the end
        if self._excludes or self._reduces:
            kept = dict(found)
            if self._excludes:
                self._exclude(kept)
            reducers = [(fid, reduces) for fid, reduces in self._reduces if fid in kept]
            if reducers:
                if any(fid in exposed for fid, _ in reducers):
                    exact = False            # left out: a reduction only takes away
                else:
                    for fid, reduces in reducers:
                        if fid in kept:
                            for x, n in reduces:
                                if x in kept:
                                    kept[x] -= n * kept[fid]
        total, free = self._points(kept)
        if exact and self._fallback_points is not None and free < total:
            # a fan that rules the fallback out and that nothing still to come can take away
            # (exclusions and reductions are settled, drops come after the fallback): no fallback
            blocking = self._blocks_fallback
            for fid, n in kept.items():
                if n > 0 and fid in blocking and fid not in exposed:
                    free = -math.inf
                    break
        if self._dropped and exact:
            drops = self._drop_ids
            unsure = sum(info[f][2] * n for f, n in kept.items() if n > 0 and (f in exposed or f in drops))
            for fid, limit in self._dropped:
                n = kept.get(fid, 0)
                if n > 0 and total - unsure > limit:
                    own = info[fid][2] * n
                    total -= own
                    unsure -= own
                    if fid not in self._blocks_fallback:
                        free -= own
        if choices:
            for c in choices:
                extra = self._best_points(c)
                total += extra
                free += extra
        return total, free

    def _best_points(self, options: Mapping) -> float:
        """The points of an open choice's best answer."""
        return max(self._points(answer)[0] for answer in options.values())

    def _exclude(self, found: dict) -> dict[str, list[str]]:
        """Take out of ``found`` the fans that fans found exclude; return the excluders of each."""
        excludes = self._excludes
        excluded: dict[str, list[str]] = {}
        for fid in found:
            ex = excludes.get(fid)
            if ex is not None:
                for x in ex:
                    if x in found:
                        if x in excluded:
                            excluded[x].append(fid)
                        else:
                            excluded[x] = [fid]
        for fid in excluded:
            del found[fid]
        return excluded

    def _ceiling(self, raw, free, room) -> float:
        """The most a reading can total once finished, from its ``_settled`` points and ``room``
        for the checks not asked yet: exclusions, reductions and dropped fans only take away;
        the fallback fan comes only beside fans that do not rule it out."""
        if self._fallback_points is None:
            return raw + room
        return max(raw, self._fallback_points + free) + room

    def _finish_above(self, s: Situation, dec: Decomposition, begun: tuple, points: tuple, tail: tuple,
                      hand_memo: dict, floor) -> ScoreResult | None:
        """Ask the tail checks and finish the reading, or None as soon as its ceiling falls
        below ``floor`` (the best total already scored). Raises _Unbounded when a tail check
        breaks its promise (FanCheck.most): its ceiling was wrong, so the search is not exact."""
        ctx, found, choices = begun
        raw, free = points
        tail, room, _ = tail
        fallback = self._fallback_points
        for i, (entry, most, _, _, _) in enumerate(tail):
            if floor is not None:           # self._ceiling, inline: this loop is the search's inner one
                if (raw if fallback is None or raw >= fallback + free else fallback + free) + room[i] < floor:
                    return None
            result = self._ask(entry, ctx)
            if not result:
                continue
            awarded: dict = {}
            options = self._take(entry, result, awarded)
            for answer in (awarded,) if options is None else options.values():
                if len(answer) > most or any(n > 1 for n in answer.values()):
                    raise _Unbounded(entry[5])
            if awarded:
                found.update(awarded)
                add = self._points(awarded)
                raw += add[0]
                free += add[1]
            if options is not None:
                extra = self._best_points(options)
                raw += extra
                free += extra
                choices = [options] if choices is None else choices + [options]
        if floor is not None and self._ceiling(raw, free, 0) < floor:
            return None
        return self._finish_choices(s, dec, found, choices, hand_memo)

    def _begin_filled(self, s: Situation, decs: list, hand_memo: dict) -> list:
        """``_begin`` for every reading, but a reading that differs from one already asked only
        in the kind of a group made of wilds only, with the same fill keys (FanCheck.fill_key),
        takes that reading's answers: (None, its fans, its open choices)."""
        keys = self._fill_keys
        if len(keys) == 1:          # the common case: that key function's key
            key_of = keys[0]
        else:
            def key_of(other, group):
                return tuple([k(other, group) for k in keys])
        families: dict = {}         # family → (a context of one of its readings, fill key → reading)
        begun = []
        for i, dec in enumerate(decs):
            family = dec.family
            if family is None:
                begun.append(self._begin(s, dec, hand_memo, self._head))
                continue
            rest, at = family
            group = dec.groups[at]
            known = families.get(rest)
            if known is None:
                asked = self._begin(s, dec, hand_memo, self._head)
                known = families[rest] = (asked[0], {})
                known[1][key_of(asked[0], group)] = i
                begun.append(asked)
                continue
            key = key_of(known[0], group)
            j = known[1].get(key)
            if j is None:
                known[1][key] = i
                begun.append(self._begin(s, dec, hand_memo, self._head))
            else:
                begun.append((None, begun[j][1], begun[j][2]))
        return begun

    def _best_candidates(self, s: Situation, decs: list) -> list[ScoreResult]:
        """The readings that may score best, scored, in reading order (every reading that ties
        the best is among them, so the choice among equals is the exhaustive one). The readings
        are first asked the head checks; then, highest ceiling first, the tail checks and the
        finish, until no reading left can reach the best total found."""
        hand_memo: dict = {}
        if self._fill_keys is not None and len(decs) > 2:
            begun = self._begin_filled(s, decs, hand_memo)
        else:
            begun = [self._begin(s, dec, hand_memo, self._head) for dec in decs]
        tail = self._hand_tail(s)
        room = tail[1][0]
        # first the plain sum of the fans found (cheap), then, for the readings it leaves in
        # the running, what finishing has already decided
        ranks = []              # (ceiling, points found): the likeliest best first among equal ceilings
        summed: dict = {}       # readings that took another's answers share its sum
        for _, found, choices in begun:
            rank = summed.get(id(found))
            if rank is None:
                if choices is None:
                    raw, free = self._points(found)
                    rank = summed[id(found)] = (self._ceiling(raw, free, room), raw)
                else:
                    rank = summed[id(found)] = (math.inf, 0)
            ranks.append(rank)
        order = sorted(range(len(decs)), key=ranks.__getitem__, reverse=True)
        floor = None
        done: dict[int, ScoreResult] = {}
        settled: dict = {}      # readings that found the same fans (common with wilds) settle alike
        for i in order:
            if floor is not None and ranks[i][0] < floor:
                break
            ctx, found, choices = begun[i]
            if choices is None:
                key = frozenset(found.items())
                points = settled.get(key)
                if points is None:
                    points = settled[key] = self._settled(found, None, tail[2])
            else:
                points = self._settled(found, choices, tail[2])
            if floor is not None and self._ceiling(*points, room) < floor:
                continue
            if ctx is None:         # a reading whose first checks were answered by another's
                ctx = FanContext(s, decs[i], self, hand_memo)
            result = self._finish_above(s, decs[i], (ctx, dict(found), choices), points, tail, hand_memo, floor)
            if result is not None:
                done[i] = result
                if floor is None or result.total > floor:
                    floor = result.total
        return [done[i] for i in sorted(done)]

    @staticmethod
    def _collect(plan, ctx: FanContext, found: dict) -> list | None:
        """Run the checks of ``plan`` on ``ctx``, adding what they award to ``found``; return the
        open choices (one dict label → fans per check that answered with Alternatives), or None."""
        choices = None
        for entry in plan:
            func, args = entry[0], entry[1]
            try:
                result = func(ctx, **args) if args else func(ctx)
            except MahjongError:
                raise
            except Exception as e:
                raise Ruleset._failure(entry, e) from e
            if not result:
                continue
            if result.__class__ is dict:          # the common answer: fan id → count
                ids = entry[3]
                for fid, n in result.items():
                    if n and fid in ids:
                        found[fid] = n
                continue
            options = Ruleset._take(entry, result, found)
            if options is not None:
                choices = [options] if choices is None else choices + [options]
        return choices

    @staticmethod
    def _ask(entry, ctx: FanContext):
        """One check's answer for ``ctx``; a failure other than a MahjongError names the check."""
        func, args = entry[0], entry[1]
        try:
            return func(ctx, **args) if args else func(ctx)
        except MahjongError:
            raise
        except Exception as e:
            raise Ruleset._failure(entry, e) from e

    @staticmethod
    def _failure(entry, e: Exception) -> PluginError:
        return PluginError(f"plugin '{entry[4]}': fan check '{entry[5]}' failed: {type(e).__name__}: {e}")

    @staticmethod
    def _take(entry, result, found: dict) -> dict | None:
        """Add a check's answer (not empty) to ``found``; Alternatives come back as the open
        choice (label → fans) instead."""
        _, _, rules, ids, plugin, check_id = entry
        cls = result.__class__
        if cls is int or cls is bool:
            for r in rules:
                found[r.id] = int(result)
        elif isinstance(result, Alternatives):
            options = {}
            for label, answer in result.items():
                if answer.__class__ is int or answer.__class__ is bool:
                    options[label] = {r.id: int(answer) for r in rules} if answer else {}
                elif isinstance(answer, Mapping):
                    options[label] = {fid: n for fid, n in answer.items() if n and fid in ids}
                else:
                    raise PluginError(f"plugin '{plugin}': fan check '{check_id}' returned an alternative "
                                      f"of type {type(answer).__name__}; expected a count or a mapping")
            return options
        elif isinstance(result, Mapping):
            for fid, n in result.items():
                if n and fid in ids:
                    found[fid] = n
        else:
            raise PluginError(f"plugin '{plugin}': fan check '{check_id}' returned "
                              f"{type(result).__name__}; expected a count, a mapping of fan id to count "
                              f"or Alternatives of such answers")
        return None

    def finish(self, s: Situation, dec: Decomposition, found: dict[str, int]) -> ScoreResult:
        """Turn the fans the checks found (id → count) into a result: exclusions and reductions,
        the fallback fan when no counting fan remains (besides ``scoring.fallback_besides``),
        then the fans dropped because the others total more than their limit."""
        info = self._info
        excluded = self._exclude(found) if self._excludes else {}
        for fid, reduces in self._reduces:
            if fid in found:
                for x, n in reduces:
                    if x in found:
                        found[x] -= n * found[fid]
                        excluded.setdefault(x, []).append(fid)
        fallback = self.fallback
        if fallback is not None and fallback not in found:
            blocking = self._blocks_fallback
            for fid, n in found.items():
                if n > 0 and fid in blocking:
                    break
            else:
                found[fallback] = 1
        dropped = ()
        if self._dropped:
            for fid, limit in self._dropped:
                n = found.get(fid, 0)
                if n > 0:
                    others = sum(info[f][2] * m for f, m in found.items() if m > 0 and f != fid)
                    if others > limit:
                        del found[fid]
                        dropped += ((fid, others, limit),)
        minimum_points = 0
        total = 0
        keyed = []
        for fid, n in found.items():
            if n > 0:
                order, template, points, counts = info[fid]
                if n == 1:
                    keyed.append((order, template))
                    total += points
                    if counts:
                        minimum_points += points
                else:
                    keyed.append((order, Fan(template.id, template.zh, template.en, points, n)))
                    total += points * n
                    if counts:
                        minimum_points += points * n
        keyed.sort()
        fans = tuple([f for _, f in keyed])
        value = self.value_formula(total, fans, s, **self.value_params) if self._value_needed else total
        return ScoreResult(self.name, total, value, fans, dec, s, minimum_points,
                           tuple([(fid, tuple(by)) for fid, by in excluded.items()]) if excluded else (), dropped)

    def explain(self, result: ScoreResult) -> dict:
        """The result with what it took to get there: points toward the minimum, the fans
        excluded and by what, and whatever the ruleset's plugins add (``notes``)."""
        out = result.explain()
        out["minimum"] = self.minimum
        notes: list[str] = []
        for part in self.engine.explain(result, self):
            notes.extend(part.get("notes", ()))
            seen = {e["id"] for e in out["excluded"]}
            for e in part.get("excluded", ()):
                if e.get("id") not in seen:
                    out["excluded"].append(dict(e))
        if notes:
            out["notes"] = notes
        return out

    def candidates(self, situation) -> list[ScoreResult]:
        """Every reading of a winning hand, scored (before the choice and the minimum)."""
        return self._candidates(self.parse(situation))

    def _candidates(self, s: Situation, decs: list | None = None) -> list[ScoreResult]:
        hand_memo: dict = {}
        return [self.evaluate(s, dec, hand_memo) for dec in (self.decompositions(s) if decs is None else decs)]

    def _rank(self, r: ScoreResult):
        if not self.prefer:
            return (r.value, r.total)
        ids = {f.id for f in r.fans}
        return (r.value, r.total) + tuple(p in ids for p in self.prefer)

    def choose(self, candidates: list[ScoreResult]) -> ScoreResult:
        if len(candidates) == 1:
            return candidates[0]
        ranks = [self._rank(c) for c in candidates]
        best_rank = max(ranks)
        tied = [c for c, rank in zip(candidates, ranks) if rank == best_rank]
        if len(tied) == 1:
            return tied[0]
        return self.engine.choose(tied, self)

    def score(self, situation, enforce_minimum: bool = True) -> ScoreResult:
        """Score a winning hand (contract §2 dict or Situation); raises MahjongError."""
        s = self.parse(situation)
        decs = self.decompositions(s)
        if not decs:
            raise NotWinningError(f"not a winning hand: {self.describe(s)} forms no winning shape of "
                                  f"ruleset '{self.name}'")
        if self._tail and len(decs) > 1:
            try:
                best = self.choose(self._best_candidates(s, decs))
            except _Unbounded:
                best = None
            # below the minimum, a reading scoring less may still be the best that meets it
            if best is not None and (not enforce_minimum or best.minimum_points >= self.minimum):
                return best
        candidates = self._candidates(s, decs)
        best = self.choose(candidates)
        if enforce_minimum and best.minimum_points < self.minimum:
            enough = [c for c in candidates if c.minimum_points >= self.minimum]
            if not enough:
                raise BelowMinimumError(
                    f"{best.minimum_points} points, below the minimum of {self.minimum} for ruleset "
                    f"'{self.name}' (flowers and non-counting fans excluded)", best)
            best = self.choose(enough)
        return best

    @staticmethod
    def describe(s: Situation) -> str:
        melds = "".join(f"[{T.format_tiles(m.tiles)}]" for m in s.melds)
        return f"{melds}{T.format_tiles(s.hand)} + {T.name(s.win_tile)}"

    # ------------------------------------------------------------------ waits
    def parse_hand(self, hand) -> Situation:
        """A pre-win hand (``{"hand": ..., "melds": [...]}`` or notation) as a Situation."""
        if isinstance(hand, Situation):
            return hand
        if isinstance(hand, str):
            hand = {"hand": hand}
        if not isinstance(hand, Mapping):
            raise MahjongError("a hand must be notation or an object with 'hand' and 'melds'")
        s = parse_situation(hand, self.table, pre_win=True)
        return s

    def waits(self, hand) -> Waits:
        """Every tile kind that completes the hand and can still be drawn (a kind whose four
        copies are all held is none; wild kinds included)."""
        s = self.parse_hand(hand)
        return Waits(self.waits_of_situation(s), self, s)

    def waits_of_situation(self, s: Situation) -> tuple[int, ...]:
        """Waits of ``s.hand`` + melds (the winning tile ignored), under the enabled shapes."""
        return W.waits(self, s.hand, s.melds, s.wilds)

    # ------------------------------------------------------------------ settlement
    def settle(self, record) -> Settlement:
        if self.settlement_rule is None:
            raise RulesetError(f"{self.where('settlement')}: ruleset '{self.name}' defines no settlement")
        rule = self.settlement_rule.item
        rec = parse_record(record, rule.event_types)
        if rec.ruleset is not None and rec.ruleset not in (self.name,) + self._resolved.chain:
            # a house overlay of the named ruleset is fine; another ruleset family is a mistake
            raise SettlementError(f"record field 'ruleset': the record is for '{rec.ruleset}', but ruleset "
                                  f"'{self.name}' does not extend it")
        ledger = Ledger(rec.seats)
        try:
            ledger.extend(rule.settle(rec, self, **self.settlement_params))
        except MahjongError:
            raise
        except Exception as e:
            raise PluginError(f"plugin '{self.settlement_rule.plugin}': settlement '{rule.id}' failed: "
                              f"{type(e).__name__}: {e}") from e
        return ledger.close(self.name)

    def __repr__(self) -> str:
        return f"<Ruleset {self.name} {self.fingerprint}>"
