"""Compiling a resolved ruleset (config.Resolved: the merged YAML with its ``file:line``s) into
frozen typed rules: the table, the fans (``FanRule``), the win shapes, the value formula and the
settlement, each YAML value checked as it is read (numbers, ids, the plugin functions' arguments)."""
from __future__ import annotations

import inspect
import math
import typing
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, NamedTuple
from collections.abc import Callable, Mapping

from .config import Resolved, check_option, describe, shown
from .errors import RulesetError, did_you_mean, show
from .hand import EXTRA_TYPES, ExtraField, TableRules
from .wilds import compile_wilds


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


class ShapeRule(NamedTuple):
    """An enabled win shape: the registered WinShape, its YAML args, the plugin that gave it."""

    shape: Any
    args: dict
    plugin: str


@dataclass(frozen=True, slots=True)
class CompiledRules:
    """Everything a ruleset's YAML says, checked and typed; the scoring units are built from it."""

    title: str
    options: Mapping[str, Any]
    table: TableRules
    minimum: int
    fan_rules: tuple[FanRule, ...]
    fan_by_id: Mapping[str, FanRule]
    fallback: str | None
    fallback_besides: frozenset
    prefer: tuple[str, ...]
    shapes: tuple[ShapeRule, ...]
    value_formula: Callable[..., Any]
    value_params: dict
    settlement_rule: Any            # the engine's registry entry (``.item``, ``.plugin``), or None
    settlement_params: dict


def compile_rules(resolved: Resolved, engine) -> CompiledRules:
    """Check and type the resolved YAML against the engine's registry (RulesetError at the
    offending ``file:line``)."""
    return _Compiler(resolved, engine).compile()


class _Compiler:
    """Reads one resolved ruleset; each method checks one part of the YAML."""

    def __init__(self, resolved: Resolved, engine):
        self.where = resolved.where
        self.engine = engine
        self.name = resolved.name
        self.data = resolved.data
        self.option_types = resolved.option_types
        self._fan_by_id: dict = {}

    def compile(self) -> CompiledRules:
        data = self.data
        options = MappingProxyType(dict(data.get("options") or {}))
        for name, value in options.items():       # every option is declared (config.resolve)
            check_option(self.option_types[name], value, "options." + name, self.where)
        table = self._table(data.get("table") or {})
        scoring = data.get("scoring") or {}
        minimum = self._int(scoring.get("minimum", 0), "scoring.minimum")
        fan_rules = self._fans(data.get("fans") or {})
        self._fan_by_id = MappingProxyType({r.id: r for r in fan_rules})
        fallback = self._fan_ref(scoring.get("fallback"), "scoring.fallback")
        fallback_besides = frozenset(self._fan_list(scoring, "fallback_besides"))
        prefer = self._fan_list(scoring, "prefer")
        shapes = self._shapes(data.get("shapes") or {})
        value_formula, value_params = self._value(scoring.get("value") or {"formula": "total"})
        settlement_rule, settlement_params = self._settlement(data.get("settlement"))
        return CompiledRules(str(data.get("title", self.name)), options, table, minimum,
                             fan_rules, self._fan_by_id, fallback, fallback_besides, prefer, shapes,
                             value_formula, value_params, settlement_rule, settlement_params)

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
        max_wilds, wild_rules = compile_wilds(table, ts.kinds, self.where, self.option_types,
                                              self.data.get("options") or {})
        return TableRules(frozenset(ts.kinds), hand_size, flags["chows"], ts.flowers, ts.id, flags["sequences"],
                          flags["dealer_east"], max_wilds, flags["void_suit"], self._extras(table.get("extras")),
                          wild_rules)

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

    def _shapes(self, shapes: Mapping) -> tuple[ShapeRule, ...]:
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
            out.append(ShapeRule(shape, dict(args), registry[sid].plugin))
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

