"""Compiling a resolved ruleset (config.Resolved: the merged YAML with its ``file:line``s) into
frozen typed rules: the table, the fans (``FanRule``), the win shapes, the value formula and the
settlement, each YAML value checked as it is read (numbers, ids, the plugin functions' arguments)."""
from __future__ import annotations

import dataclasses
import inspect
import math
import typing
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, NamedTuple
from collections.abc import Callable, Mapping

from . import tiles as T
from .config import OptionValues, Resolved, check_option, describe, shown
from .errors import RulesetError, TileError, did_you_mean, show
from .hand import EXTRA_TYPES, WIN_METHODS, ExtraField, TableRules
from .hookspecs import win_methods_of
from .scoring.units import UNITS, units_value
from .wilds import compile_wilds

EXCLUDES_EDITS = ("add", "remove")
TIER_KEYS = ("when",)


@dataclass(frozen=True, slots=True)
class FanRule:
    """One fan's YAML: ``points`` is its amount per occurrence, in ``unit`` (YAML ``points``,
    ``doublings`` or ``bonus``); ``excludes`` already holds what ``excluded_by`` and ``tier`` add."""

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
    unit: str = "points"
    tier: str | None = None
    rules_out_fallback: bool = True


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
    if not args:            # nothing to check: most fans name no args, and a signature costs
        return
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


def _whole(where, value, key: str) -> int:
    """A YAML whole number (not a bool) at ``key``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesetError(f"{where(key)}: '{key}' must be a whole number, got {describe(value)}")
    return value


def _named(where, value, key: str, what: str) -> str:
    """A YAML value naming a registered item (check, formula, fan …) must be a name."""
    if not isinstance(value, str):
        raise RulesetError(f"{where(key)}: '{key}' must be a {what} id, got {describe(value)}")
    return value


def _points_needed(where, value, key: str) -> int:
    """A minimum: a whole number of points ≥ 0 (a negative one would let every hand win and
    more, which no rule text means)."""
    n = _whole(where, value, key)
    if n < 0:
        raise RulesetError(f"{where(key)}: '{key}' is the points a hand needs to win, a whole number ≥ 0, "
                           f"got {n} (0: any legal hand wins)")
    return n


def _minimums(value, where) -> Mapping[str, int]:
    """``scoring.minimum``: one number for every win method, or ``{self_drawn, discard,
    robbing_kong}`` (a missing key is 0; robbing_kong defaults to discard's)."""
    if not isinstance(value, Mapping):
        n = _points_needed(where, value, "scoring.minimum")
        return MappingProxyType(dict.fromkeys(WIN_METHODS, n))
    for key in value:
        if key not in WIN_METHODS:
            raise RulesetError(f"{where(f'scoring.minimum.{key}')}: unknown win method "
                               f"'scoring.minimum.{shown(key)}'{did_you_mean(key, WIN_METHODS)}; the "
                               f"minimum is a number or a map of {', '.join(WIN_METHODS)}")
    out = {m: _points_needed(where, value[m], f"scoring.minimum.{m}") for m in value}
    out.setdefault("self_drawn", 0)
    out.setdefault("discard", 0)
    out.setdefault("robbing_kong", out["discard"])
    return MappingProxyType({m: out[m] for m in WIN_METHODS})


def _total_units(value, where) -> frozenset:
    """``scoring.total_units``: the units the result's ``total`` adds up (default all three)."""
    if value is None:
        return frozenset(UNITS)
    if not isinstance(value, list) or not value:
        raise RulesetError(f"{where('scoring.total_units')}: 'scoring.total_units' must be a non-empty list of "
                           f"units ({', '.join(UNITS)}), got {describe(value)}")
    for i, unit in enumerate(value):
        if unit not in UNITS:
            raise RulesetError(f"{where(f'scoring.total_units.{i}')}: unknown unit {show(unit)} in "
                               f"'scoring.total_units'{did_you_mean(unit, UNITS)}; the units are {', '.join(UNITS)}")
    return frozenset(value)


def _win_methods(value, where) -> tuple[str, ...]:
    """``table.win_methods``: the ways a hand may be won (default all three)."""
    if value is None:
        return WIN_METHODS
    if not isinstance(value, list):
        raise RulesetError(f"{where('table.win_methods')}: 'table.win_methods' must be a list of "
                           f"{', '.join(WIN_METHODS)}, got {describe(value)}")
    if not value:
        raise RulesetError(f"{where('table.win_methods')}: 'table.win_methods' lists no way of winning: give "
                           f"at least one of {', '.join(WIN_METHODS)}")
    for i, m in enumerate(value):
        if m not in WIN_METHODS:
            raise RulesetError(f"{where(f'table.win_methods.{i}')}: unknown win method {show(m)}"
                               f"{did_you_mean(m, WIN_METHODS)}; 'table.win_methods' lists "
                               f"{', '.join(WIN_METHODS)}")
    return tuple(m for m in WIN_METHODS if m in value)


def _bonus_win(spec, table: TableRules, where) -> TableRules:
    """``table.bonus_win: {kind: K}``: drawing the last copy of bonus kind K, the others in
    ``flowers``, wins whatever the standing tiles are (self-drawn; hand.validate checks it)."""
    if spec is None:
        return table
    key = "table.bonus_win.kind"
    kind = spec.get("kind")
    try:
        tiles = T.parse_tiles(kind) if isinstance(kind, str) else ()
    except TileError:
        tiles = ()
    if len(tiles) != 1:
        raise RulesetError(f"{where(key)}: '{key}' must be one tile like \"7z\", got {describe(kind)}")
    t = tiles[0]
    if t not in table.bonus:
        have = f"its bonus tiles: {T.format_tiles(table.bonus)}" if table.bonus else "it has no bonus tiles"
        raise RulesetError(f"{where(key)}: '{key}': {T.name(t)} is not a bonus tile of tile set '{table.tile_set}' "
                           f"({have})")
    if table.bonus[t] < 2:
        raise RulesetError(f"{where(key)}: '{key}': tile set '{table.tile_set}' holds one {T.name(t)}: a bonus "
                           f"win is the last of several copies, the others collected in 'flowers' first")
    if "self_drawn" not in table.win_methods:
        raise RulesetError(f"{where('table.bonus_win')}: 'table.bonus_win' is a self-drawn win, but "
                           f"'table.win_methods' ({', '.join(table.win_methods)}) leaves out self_drawn")
    return dataclasses.replace(table, bonus_win=t)


def _validators(value, where, engine) -> tuple:
    """YAML ``validators``: ids of registered validators, run in this order."""
    if value is None:
        return ()
    if not isinstance(value, list):
        raise RulesetError(f"{where('validators')}: 'validators' must be a list of validator ids, "
                           f"got {describe(value)}")
    registry = engine.loaded.validators
    out = []
    for i, vid in enumerate(value):
        _named(where, vid, f"validators.{i}", "validator")
        if vid not in registry:
            raise engine.not_registered("mahjong_validators", vid, where(f"validators.{i}"),
                                        f"unknown validator '{shown(vid)}'{did_you_mean(vid, registry)}")
        if registry[vid] not in out:
            out.append(registry[vid])
    return tuple(out)


def _declared_field(name: str, spec: Mapping, where, engine) -> ExtraField:
    """``table.extras.<name>: {field: id}``: a field a plugin declared (SituationField), under
    its own name."""
    key = f"table.extras.{name}"
    for k in spec:
        if k != "field":
            raise RulesetError(f"{where(f'{key}.{k}')}: '{key}' names a declared field, which "
                               f"brings its own type and doc: remove '{shown(k)}'")
    fid = _named(where, spec["field"], f"{key}.field", "declared field")
    fields = engine.loaded.fields
    if fid not in fields:
        raise engine.not_registered("mahjong_situation_fields", fid, where(f"{key}.field"),
                                    f"unknown situation field '{shown(fid)}'{did_you_mean(fid, fields)}")
    f = fields[fid].item
    if f.name != name:
        raise RulesetError(f"{where(key)}: field '{fid}' is the extras key '{f.name}', not "
                           f"'{shown(name)}': write {f.name}: {{field: {fid}}}")
    return ExtraField(f.name, f.type, f.doc, f.default, f.flag, fid)


class ShapeRule(NamedTuple):
    """An enabled win shape: the registered WinShape, its YAML args, the plugin that gave it."""

    shape: Any
    args: dict
    plugin: str


class CompiledRules(NamedTuple):
    """Everything a ruleset's YAML says, checked and typed; the scoring units are built from it
    (read once, by ``Ruleset``: a named tuple, cheaper than a dataclass to define at each start)."""

    title: str
    options: Mapping[str, Any]
    table: TableRules
    minimum: int                    # the lowest of ``minimums`` over the allowed win methods
    minimums: Mapping[str, int]     # win method -> points needed (YAML scoring.minimum)
    minimum_by_method: bool         # scoring.minimum is a map: messages name the method
    validators: tuple               # the engine's registry entries named by YAML ``validators``
    fan_rules: tuple[FanRule, ...]
    fan_by_id: Mapping[str, FanRule]
    fallback: str | None
    fallback_besides: frozenset     # the fans with ``rules_out_fallback: false``
    prefer: tuple[str, ...]
    shapes: tuple[ShapeRule, ...]
    value_formula: Callable[..., Any]
    value_formula_id: str           # its registered id (YAML scoring.value.formula): what a plugin compares
    value_params: dict
    total_units: frozenset          # the units ``total`` adds up (YAML scoring.total_units)
    settlement_rule: Any            # the engine's registry entry (``.item``, ``.plugin``), or None
    settlement_params: dict


def _own_win_methods(shape, value, key: str, where):
    """The shape with YAML ``shapes.<id>.win_methods`` in place of its own (``WinShape.win_methods``),
    or as it is when the YAML leaves them out."""
    if value is None:
        return shape
    try:
        methods = win_methods_of(value, f"'{key}'")
    except ValueError as e:
        raise RulesetError(f"{where(key)}: {e}") from None
    return dataclasses.replace(shape, win_methods=methods)


def _awardable(fid: str, check: str, awards, variant_of, key: str, where) -> None:
    """A fan under a check that declares what it awards (``FanCheck.awards``) must be one of those,
    or say with ``variant_of`` which of them it is another form of (the same check under other
    ``args``, beside the declared fan: 联众's 人和 next to 大众's, in one ruleset)."""
    if variant_of is not None:
        if not isinstance(variant_of, str) or (awards is not None and variant_of not in awards):
            choices = sorted(awards) if awards is not None else ()
            raise RulesetError(f"{where(key + '.variant_of')}: fan '{fid}': 'variant_of' must name a fan check "
                               f"'{check}' awards, got {show(variant_of)}{did_you_mean(variant_of, choices)}"
                               + (f"; it awards {', '.join(choices)}" if choices else ""))
        return
    if awards is not None and fid not in awards:
        raise RulesetError(f"{where(key)}: fan '{fid}': check '{check}' cannot award it"
                           f"{did_you_mean(fid, awards)}; it awards {', '.join(sorted(awards))}")


def compile_rules(resolved: Resolved, engine) -> CompiledRules:
    """Check and type the resolved YAML against the engine's registry (RulesetError at the
    offending ``file:line``)."""
    return _Compiler(resolved, engine).compile()


class _FanLinks:
    """The YAML that links fans to one another beyond their own lists: ``excludes`` edits,
    ``excluded_by`` and ``tier`` (a part of ``_Compiler``, which gives ``where``, ``data`` …)."""

    def _excludes(self, value, fid: str, every) -> list:
        """A fan's ``excludes``: a list, or ``{add, remove}`` editing the inherited list (applied by
        config.deep_merge; a map left here had nothing to edit)."""
        key = f"fans.{fid}.excludes"
        if value is None:
            return []
        if isinstance(value, Mapping):
            for name in value:
                if name not in EXCLUDES_EDITS:
                    raise RulesetError(f"{self.where(f'{key}.{name}')}: unknown key '{key}.{shown(name)}'"
                                       f"{did_you_mean(name, EXCLUDES_EDITS)}")
            for name in EXCLUDES_EDITS:
                if not isinstance(value.get(name, []), list):
                    raise RulesetError(f"{self.where(f'{key}.{name}')}: '{key}.{name}' must be a list of fan ids")
            for i, x in enumerate(value.get("remove", [])):
                self._known_fan(x, every, f"{key}.remove.{i}", f"fan '{fid}' excludes.remove")
                raise RulesetError(f"{self.where(f'{key}.remove.{i}')}: fan '{fid}' does not exclude "
                                   f"'{shown(x)}', so it cannot be removed from its excludes")
            value = value.get("add", [])
        if not isinstance(value, list):
            raise RulesetError(f"{self.where(key)}: 'excludes' must be a list of fan ids or {{add: [...], "
                               f"remove: [...]}}")
        for i, x in enumerate(value):
            self._known_fan(x, every, f"{key}.{i}", f"fan '{fid}' excludes")
        return list(value)

    def _excluded_by(self, spec: Mapping, rule: FanRule, every, by_id: Mapping, excludes_of: dict) -> None:
        """``excluded_by: [ids]``: each named (enabled) fan excludes this one."""
        key = f"fans.{rule.id}.excluded_by"
        value = spec.get("excluded_by")
        if value is None:
            return
        if not isinstance(value, list):
            raise RulesetError(f"{self.where(key)}: 'excluded_by' must be a list of fan ids")
        for i, x in enumerate(value):
            self._known_fan(x, every, f"{key}.{i}", f"fan '{rule.id}' excluded_by")
            if x not in by_id:
                continue        # disabled: it never excludes
            if by_id[x].dropped_above is not None:
                raise RulesetError(f"{self.where(f'{key}.{i}')}: fan '{x}' is dropped after the others are "
                                   f"counted, so it cannot exclude '{rule.id}'")
            if rule.id not in excludes_of[x]:
                excludes_of[x].append(rule.id)

    def _when(self, value, key: str) -> bool:
        """``when: {option: value}`` (a tier's or a shape's): do the ruleset's options hold every
        value named? Each option must be declared and each value one it may take."""
        on = True
        for option, wanted in self._map(value, key).items():
            okey = f"{key}.{option}"
            if option not in self.option_types:
                raise RulesetError(f"{self.where(okey)}: unknown option '{shown(option)}'"
                                   f"{did_you_mean(option, self.option_types)}")
            check_option(self.option_types[option], wanted, okey, self.where)
            on = on and (self.data.get("options") or {}).get(option) == wanted
        return on

    def _tiers(self, rules, excludes_of: dict) -> None:
        """``tier: NAME``: of the fans sharing a tier only the highest counts (by amount, then YAML
        order), as if each excluded those below it; ``scoring.tiers.NAME.when: {option: value}``
        keeps a tier only while the options hold those values."""
        tiers: dict[str, list] = {}
        for r in rules:
            if r.tier is not None:
                tiers.setdefault(r.tier, []).append(r)
        specs = self._map((self.data.get("scoring") or {}).get("tiers"), "scoring.tiers")
        every_tier = {spec.get("tier") for spec in (self.data.get("fans") or {}).values()
                      if isinstance(spec, Mapping)} - {None}
        for name, spec in specs.items():
            key = f"scoring.tiers.{name}"
            if name not in every_tier:
                raise RulesetError(f"{self.where(key)}: no fan has tier '{shown(name)}'"
                                   f"{did_you_mean(name, every_tier)}")
            spec = self._map(spec, key)
            for k in spec:
                if k not in TIER_KEYS:
                    raise RulesetError(f"{self.where(f'{key}.{k}')}: unknown key '{key}.{shown(k)}'"
                                       f"{did_you_mean(k, TIER_KEYS)}")
            if not self._when(spec.get("when"), key + ".when"):
                tiers.pop(name, None)
        for name, members in tiers.items():
            first = members[0]
            for r in members:
                if r.unit != first.unit:
                    raise RulesetError(f"{self.where(f'fans.{r.id}.tier')}: fan '{r.id}' adds {r.unit} but "
                                       f"'{first.id}' of the same tier '{name}' adds {first.unit}: a tier's "
                                       f"fans share one unit")
            ranked = sorted(members, key=lambda r: -r.points)       # stable: YAML order among equals
            for i, hi in enumerate(ranked):
                for lo in ranked[i + 1:]:
                    if hi.id in excludes_of[lo.id]:
                        raise RulesetError(
                            f"{self.where(f'fans.{lo.id}.excludes')}: fan '{lo.id}' excludes '{hi.id}', which "
                            f"ranks above it in tier '{name}' (the tier keeps only the highest of them)")
                    if lo.id not in excludes_of[hi.id]:
                        excludes_of[hi.id].append(lo.id)


class _Compiler(_FanLinks):
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
        for name, value in (data.get("options") or {}).items():   # every option is declared (config.resolve)
            check_option(self.option_types[name], value, "options." + name, self.where)
        options = MappingProxyType(OptionValues(data.get("options") or {}, self.name, self.where("options")))
        table = self._table(data.get("table") or {})
        scoring = data.get("scoring") or {}
        minimums = _minimums(scoring.get("minimum", 0), self.where)
        minimum = min(minimums[m] for m in table.win_methods)
        validators = _validators(data.get("validators"), self.where, self.engine)
        fan_rules = self._fans(data.get("fans") or {})
        self._fan_by_id = MappingProxyType({r.id: r for r in fan_rules})
        fallback = self._fan_ref(scoring.get("fallback"), "scoring.fallback")
        if "fallback_besides" in scoring:
            raise RulesetError(f"{self.where('scoring.fallback_besides')}: 'scoring.fallback_besides' is no "
                               f"longer read: give each fan it listed 'rules_out_fallback: false'")
        fallback_besides = frozenset(r.id for r in fan_rules if not r.rules_out_fallback)
        prefer = self._fan_list(scoring, "prefer")
        shapes = self._shapes(data.get("shapes") or {})
        value_formula_id, value_formula, value_params = self._value(scoring.get("value") or {"formula": "total"})
        total_units = _total_units(scoring.get("total_units"), self.where)
        if "total_units" in scoring and value_formula is not units_value:
            raise RulesetError(f"{self.where('scoring.total_units')}: 'scoring.total_units' needs the value formula "
                               f"units (scoring.value.formula); the other formulas read every fan as points")
        settlement_rule, settlement_params = self._settlement(data.get("settlement"))
        return CompiledRules(str(data.get("title", self.name)), options, table, minimum, minimums,
                             isinstance(scoring.get("minimum"), Mapping), validators,
                             fan_rules, self._fan_by_id, fallback, fallback_besides, prefer, shapes,
                             value_formula, value_formula_id, value_params, total_units, settlement_rule,
                             settlement_params)

    def _int(self, value, key: str) -> int:
        return _whole(self.where, value, key)

    def _id(self, value, key: str, what: str) -> str:
        return _named(self.where, value, key, what)

    def _text(self, spec: Mapping, name: str, key: str, default: str) -> str:
        value = spec.get(name, default)
        if not isinstance(value, str):
            raise RulesetError(f"{self.where(f'{key}.{name}')}: '{key}.{name}' must be text, got {describe(value)}")
        return value

    def _table(self, table: Mapping) -> TableRules:
        ts_id = table.get("tile_set", "standard_144")
        tile_sets = self.engine.loaded.tile_sets
        if not isinstance(ts_id, str):
            raise RulesetError(f"{self.where('table.tile_set')}: unknown tile set {show(ts_id)}")
        if ts_id not in tile_sets:
            raise self.engine.not_registered("mahjong_tile_sets", ts_id, self.where("table.tile_set"),
                                             f"unknown tile set {show(ts_id)}{did_you_mean(ts_id, tile_sets)}")
        ts = tile_sets[ts_id].item
        hand_size = self._int(table.get("hand_size", 13), "table.hand_size")
        if hand_size % 3 != 1 or not 4 <= hand_size <= 19:
            raise RulesetError(f"{self.where('table.hand_size')}: 'table.hand_size' must be 3n + 1 "
                               f"(13 or 16), got {hand_size}")
        flags = {}
        for key, default in (("chows", True), ("sequences", True), ("dealer_east", True), ("void_suit", False),
                             ("bonus_replacement_bloom", False)):
            flags[key] = table.get(key, default)
            if not isinstance(flags[key], bool):
                raise RulesetError(f"{self.where('table.' + key)}: 'table.{key}' must be true or false")
        extras = self._extras(table.get("extras"))
        max_wilds, wild_rules = compile_wilds(table, ts.kinds, self.where, self.option_types,
                                              self.data.get("options") or {}, extras)
        rules = TableRules(frozenset(ts.kinds), hand_size, flags["chows"], ts.flowers, ts.id, flags["sequences"],
                           flags["dealer_east"], max_wilds, flags["void_suit"], extras,
                           ts.bonus, _win_methods(table.get("win_methods"), self.where), wilds=wild_rules,
                           bonus_replacement_bloom=flags["bonus_replacement_bloom"])
        if rules.bonus_replacement_bloom and not rules.bonus:
            raise RulesetError(f"{self.where('table.bonus_replacement_bloom')}: 'table.bonus_replacement_bloom' "
                               f"is a win on the tile drawn for a set-aside bonus tile, but tile set "
                               f"'{rules.tile_set}' has no bonus tiles")
        return _bonus_win(table.get("bonus_win"), rules, self.where)

    def _extras(self, extras) -> tuple[ExtraField, ...]:
        """``table.extras``: ``{key: {type: bool|int|string, doc: "..."}}`` declared inline, or
        ``{key: {field: id}}`` naming a plugin's declared field: the situation's extras keys."""
        if extras is None:
            return ()
        if not isinstance(extras, Mapping):
            raise RulesetError(f"{self.where('table.extras')}: 'table.extras' must be a map of key: "
                               f"{{type: bool|int|string, doc: ...}} or key: {{field: <declared field id>}}")
        out = []
        for name, spec in extras.items():
            where = self.where(f"table.extras.{name}")
            if not isinstance(spec, Mapping):
                raise RulesetError(f"{where}: 'table.extras.{name}' must be a map {{type: ..., doc: ...}} "
                                   f"or {{field: <declared field id>}}")
            if "field" in spec:
                out.append(_declared_field(str(name), spec, self.where, self.engine))
                continue
            for key in spec:
                if key not in ("type", "doc"):
                    raise RulesetError(f"{where}: unknown key 'table.extras.{name}.{key}'"
                                       f"{did_you_mean(key, ('type', 'doc', 'field'))}")
            kind = spec.get("type")
            if kind not in EXTRA_TYPES:
                raise RulesetError(f"{where}: 'table.extras.{name}.type' must be one of "
                                   f"{', '.join(EXTRA_TYPES)}, got {show(kind)}{did_you_mean(kind, EXTRA_TYPES)}")
            out.append(ExtraField(str(name), kind, str(spec.get("doc", ""))))
        return tuple(out)

    def _fans(self, fans: Mapping) -> tuple[FanRule, ...]:
        checks = self.engine.loaded.checks
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
                raise self.engine.not_registered("mahjong_fan_checks", check, self.where(key + ".check"),
                                                 f"fan '{fid}': unknown check '{shown(check)}'"
                                                 f"{did_you_mean(check, checks)}")
            _awardable(fid, check, checks[check].item.awards, spec.get("variant_of"), key, self.where)
            args = spec.get("args") or {}
            if not isinstance(args, Mapping):
                raise RulesetError(f"{self.where(key + '.args')}: 'args' must be a map")
            _check_kwargs(checks[check].item.func, args, self.where, key + ".args", f"check '{check}'")
            unit, points = self._amount(spec, fid, key)
            cm = spec.get("counts_to_minimum", True)
            if not isinstance(cm, bool):
                raise RulesetError(f"{self.where(key + '.counts_to_minimum')}: must be true or false")
            rof = spec.get("rules_out_fallback", True)
            if not isinstance(rof, bool):
                raise RulesetError(f"{self.where(key + '.rules_out_fallback')}: 'rules_out_fallback' must be "
                                   f"true or false")
            tier = spec.get("tier")
            if tier is not None:
                self._id(tier, key + ".tier", "tier")
            drop = spec.get("dropped_when_others_exceed")
            if drop is not None:
                self._int(drop, key + ".dropped_when_others_exceed")
                if spec.get("excludes") or spec.get("reduces") or spec.get("tier") is not None:
                    raise RulesetError(f"{self.where(key + '.dropped_when_others_exceed')}: fan '{fid}' is "
                                       f"dropped after the others are counted, so it cannot exclude or "
                                       f"reduce them (remove 'excludes'/'reduces'/'tier')")
            rules.append(FanRule(fid, self._text(spec, "zh", key, fid), self._text(spec, "en", key, fid),
                                 points, check, MappingProxyType(dict(args)), (), MappingProxyType({}), cm,
                                 self._text(spec, "doc", key, ""), drop, unit, tier, rof))
        known = {r.id for r in rules}
        every = set(fans)
        excludes_of = {r.id: self._excludes(fans[r.id].get("excludes"), r.id, every) for r in rules}
        by_id = {r.id: r for r in rules}
        for r in rules:
            self._excluded_by(fans[r.id], r, every, by_id, excludes_of)
        self._tiers(rules, excludes_of)
        out = []
        for r in rules:
            spec = fans[r.id]
            excludes = excludes_of[r.id]
            reduces = spec.get("reduces") or {}
            if not isinstance(reduces, Mapping):
                raise RulesetError(f"{self.where(f'fans.{r.id}.reduces')}: 'reduces' must map fan ids to counts")
            for x, n in reduces.items():
                self._known_fan(x, every, f"fans.{r.id}.reduces.{x}", f"fan '{r.id}' reduces")
                self._int(n, f"fans.{r.id}.reduces.{x}")
            out.append(FanRule(r.id, r.zh, r.en, r.points, r.check, r.args,
                               tuple(x for x in excludes if x in known),
                               MappingProxyType({x: n for x, n in reduces.items() if x in known}),
                               r.counts_to_minimum, r.doc, r.dropped_above, r.unit, r.tier, r.rules_out_fallback))
        return tuple(out)

    def _amount(self, spec: Mapping, fid: str, key: str) -> tuple[str, Any]:
        """(unit, amount): the one of ``points`` / ``doublings`` / ``bonus`` the fan gives."""
        given = [u for u in UNITS if spec.get(u) is not None]      # null: an overlay drops the unit
        if len(given) > 1:
            raise RulesetError(f"{self.where(f'{key}.{given[1]}')}: fan '{fid}' gives both '{given[0]}' and "
                               f"'{given[1]}': a fan adds in one unit, give one of {', '.join(UNITS)}")
        unit = given[0] if given else "points"
        amount = spec.get(unit)
        if isinstance(amount, bool) or not isinstance(amount, (int, float)) or not math.isfinite(amount):
            raise RulesetError(f"{self.where(f'{key}.{unit}')}: fan '{fid}' needs numeric '{unit}', "
                               f"got {describe(amount)}" + ("" if given else " (or 'doublings' or 'bonus')"))
        return unit, amount

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
        registry = self.engine.loaded.shapes
        out = []
        for sid, spec in shapes.items():
            key = f"shapes.{sid}"
            if sid not in registry:
                raise self.engine.not_registered("mahjong_win_shapes", sid, self.where(key),
                                                 f"unknown win shape '{shown(sid)}'{did_you_mean(sid, registry)}")
            if spec.get("enabled", True) is False or not self._when(spec.get("when"), key + ".when"):
                continue             # off, or on only while options hold values they do not
            args = spec.get("args") or {}
            if not isinstance(args, Mapping):
                raise RulesetError(f"{self.where(key + '.args')}: 'args' must be a map")
            shape = registry[sid].item
            _check_kwargs(shape.find, args, self.where, key + ".args", f"shape '{sid}'")
            shape = _own_win_methods(shape, spec.get("win_methods"), key + ".win_methods", self.where)
            out.append(ShapeRule(shape, dict(args), registry[sid].plugin))
        if not out:
            raise RulesetError(f"{self.where('shapes')}: the ruleset enables no win shape")
        return tuple(out)

    def _value(self, value: Mapping):
        formulas = self.engine.loaded.values
        fid = self._id(value.get("formula", "total"), "scoring.value.formula", "formula")
        if fid not in formulas:
            raise self.engine.not_registered("mahjong_value_formulas", fid, self.where("scoring.value.formula"),
                                             f"unknown value formula '{shown(fid)}'{did_you_mean(fid, formulas)}")
        params = self._map(value.get("params"), "scoring.value.params")
        func = formulas[fid].item.value
        _check_kwargs(func, params, self.where, "scoring.value.params", f"value formula '{fid}'")
        if func is units_value:
            self._units_params(params)
        return fid, func, params

    def _units_params(self, params: Mapping) -> None:
        """The ``units`` formula's limits: the value must stay monotone in each unit."""
        for name, least, what in (("base", 0, "a number ≥ 0"), ("max_doublings", 0, "a whole number ≥ 0 or null"),
                                  ("cap_multiplier", 1, "a multiplier ≥ 1 (e.g. 64) or null for no cap"),
                                  ("cap", 0, "a number ≥ 0 or null for no cap")):
            value = params.get(name)
            if name not in params or (value is None and name != "base"):
                continue
            if value is None or value < least or (name == "max_doublings" and not isinstance(value, int)):
                raise RulesetError(f"{self.where('scoring.value.params.' + name)}: {name} must be {what}, "
                                   f"got {describe(value)}")
        if params.get("multiplier_by_method") is not None:
            self._method_multipliers(params["multiplier_by_method"])
        if "multiplier_takes_bonus" in params and not isinstance(params["multiplier_takes_bonus"], bool):
            raise RulesetError(f"{self.where('scoring.value.params.multiplier_takes_bonus')}: multiplier_takes_bonus "
                               f"must be true or false, got {describe(params['multiplier_takes_bonus'])}")

    def _method_multipliers(self, value) -> None:
        """``multiplier_by_method``: win method → a number > 0 multiplying the whole value."""
        key = "scoring.value.params.multiplier_by_method"
        if not isinstance(value, Mapping):
            raise RulesetError(f"{self.where(key)}: multiplier_by_method must be a map of win methods "
                               f"({', '.join(WIN_METHODS)}) to multipliers, got {describe(value)}")
        for method, n in value.items():
            if method not in WIN_METHODS:
                raise RulesetError(f"{self.where(f'{key}.{method}')}: unknown win method '{shown(method)}' in "
                                   f"multiplier_by_method{did_you_mean(method, WIN_METHODS)}; the methods are "
                                   f"{', '.join(WIN_METHODS)}")
            if isinstance(n, bool) or not isinstance(n, (int, float)) or not n > 0:
                raise RulesetError(f"{self.where(f'{key}.{method}')}: multiplier_by_method.{method} must be a "
                                   f"number > 0, got {describe(n)}")

    def _map(self, value, key: str) -> dict:
        if value is None:
            return {}
        if not isinstance(value, Mapping):
            raise RulesetError(f"{self.where(key)}: '{key}' must be a map")
        return dict(value)

    def _settlement(self, spec):
        if spec is None:
            return None, {}
        rules = self.engine.loaded.settlements
        sid = self._id(spec.get("id"), "settlement.id", "settlement")
        if sid not in rules:
            raise self.engine.not_registered("mahjong_settlements", sid, self.where("settlement.id"),
                                             f"unknown settlement '{shown(sid)}'{did_you_mean(sid, rules)}")
        params = self._map(spec.get("params"), "settlement.params")
        _check_kwargs(rules[sid].item.settle, params, self.where, "settlement.params", f"settlement '{sid}'")
        return rules[sid], params

