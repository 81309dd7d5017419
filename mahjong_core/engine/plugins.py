"""The plugins of one engine: core's own (``builtin``), the installed ones (the ``mahjong_core``
entry points, by name) and any passed in, registered with pluggy in that order, and what their
registration hooks answer, checked and gathered into a ``Registry``.

Installed plugins load on demand when the plugin index (pluginindex.py) holds every one of them,
none failed: a ruleset gets those registering an id its data names as text (with every plugin
registering that id too, so a contested id stays contested, and every plugin registering an id
another plugin registers), and those implementing a hook asked of every ruleset
(``RULESET_HOOKS``: registered with pluggy; what they register is gathered only when a ruleset
names it); ``mahjong_explain``'s are loaded when a result is explained; ``load_all`` loads the rest.
Plugins are always registered in the same order, so every hook answers in the order it does with
all of them. Without such an index (a first start, a change on ``sys.path`` or to a module's
file, ``MAHJONG_CORE_CACHE=off``) every plugin loads at once, and the index is written.
"""
from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Iterable

import pluggy

from . import builtin, entrypoints, pluginindex
from .config import shown
from .errors import PluginError, did_you_mean
from .fans import FanCheck
from .hookspecs import HOOK_NAMES, PROJECT, MahjongSpec, SettlementRule, TileSet, ValueFormula, WinShape

# registration hooks and the record type each answers with (None: folders of ruleset files)
REGISTRATIONS = {"mahjong_tile_sets": TileSet, "mahjong_win_shapes": WinShape, "mahjong_fan_checks": FanCheck,
                 "mahjong_settlements": SettlementRule, "mahjong_value_formulas": ValueFormula,
                 "mahjong_rulesets": None}
# registration hooks of what a ruleset's table names beside its scoring units: declared situation
# fields (table.extras) and validators (YAML validators); collected like the others. Their records
# are named, not imported: declarations.py is read when a plugin answers one of these (``kind_of``)
DECLARATIONS = {"mahjong_situation_fields": "SituationField", "mahjong_validators": "Validator"}
ALL_REGISTRATIONS = {**REGISTRATIONS, **DECLARATIONS}
# the hooks asked of every ruleset while it is built or scores: their plugins load with any ruleset
RULESET_HOOKS = frozenset({"mahjong_validate_ruleset", "mahjong_validate_situation", "mahjong_choose_result",
                           "mahjong_chooses_ties",
                           "mahjong_fast_scorer", "mahjong_head_answers", "mahjong_tail_answers"})


@dataclass(frozen=True, slots=True)
class Registered:
    """A registered item and the plugin that provided it."""

    item: Any
    plugin: str


@dataclass
class Registry:
    """What the gathered plugins register, by id."""

    tile_sets: dict
    shapes: dict
    checks: dict
    settlements: dict
    values: dict
    ruleset_dirs: list
    fields: dict            # SituationField id -> Registered
    validators: dict        # Validator id -> Registered
    # hook name -> id -> the plugins that all registered it: left out of the dicts above, so only
    # the rulesets that name such an id fail (naming every one of those plugins)
    contested: dict


def kind_of(hook_name: str):
    """The record type a registration hook answers with (None: folders of ruleset files)."""
    kind = ALL_REGISTRATIONS[hook_name]
    if isinstance(kind, str):
        from . import declarations
        return getattr(declarations, kind)
    return kind


def checked(hook_name: str, answer) -> list:
    """A registration hook's answer, or PluginError saying what is wrong with it."""
    if answer is None:
        return []
    kind = kind_of(hook_name)
    if not isinstance(answer, (list, tuple)):
        raise PluginError(f"{hook_name}() must return a list, got {type(answer).__name__}")
    for i, item in enumerate(answer):
        if kind is None:
            if not isinstance(item, (str, os.PathLike)) and not hasattr(item, "iterdir"):
                raise PluginError(f"{hook_name}() item {i} is a {type(item).__name__}, not a folder path")
        elif not isinstance(item, kind):
            raise PluginError(f"{hook_name}() item {i} is a {type(item).__name__}, not a {kind.__name__}")
        elif not isinstance(item.id, str) or not item.id:
            raise PluginError(f"{hook_name}() item {i} has id {shown(repr(item.id))}: ids are non-empty strings")
    return list(answer)


def unknown_hook(plugin) -> str | None:
    """A function marked @hookimpl whose name is no hook is a typo: say which, and the nearest."""
    for attr in dir(plugin):
        value = getattr(plugin, attr, None)
        opts = getattr(value, PROJECT + "_impl", None)
        if opts is None:
            continue
        name = opts.get("specname") or attr
        if name not in HOOK_NAMES and not opts.get("optionalhook"):
            return f"unknown hook '{name}'{did_you_mean(name, HOOK_NAMES)}"
    return None


def texts(data) -> set[str]:
    """Every text in a ruleset's data, keys and values at any depth: what may name an id."""
    out: set[str] = set()
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            out.add(value)
        elif isinstance(value, Mapping):
            out.update(k for k in value if isinstance(k, str))
            stack.extend(value.values())
        elif isinstance(value, (list, tuple)):
            stack.extend(value)
    return out


class Plugins:
    """The plugin manager of one engine and the registrations gathered so far (module docstring)."""

    def __init__(self, passed: Iterable[Any], entry_points: bool):
        found, self._state = entrypoints.found(PROJECT)
        self.found = found if entry_points else []
        self.left_out = [] if entry_points else found       # installed, but not this engine's
        self.failures: dict[str, str] = {}
        self._passed: list[tuple[str, Any]] = []
        for p in passed:
            name = getattr(p, "__name__", None) or repr(p)
            problem = unknown_hook(p)
            if problem:
                raise PluginError(f"plugin '{name}': {problem}")
            self._passed.append((name, p))
        self._modules: dict[str, Any] = {}      # entry point name -> the object it names, loaded
        self._tried: set[int] = set()           # the entry points (positions in ``found``) tried
        self._answers: dict[str, dict[str, list]] = {}      # plugin -> registration hook -> its items
        self._dropped: set[str] = set()         # failed while registering: out of the manager
        self.pm: pluggy.PluginManager | None = None      # made when first needed (``_grow``)
        self._registry: Registry | None = None
        self.situation_hooks: tuple = ()
        names = [ep.name for ep in self.found]
        index = pluginindex.read(self._state, self.found) if self.found else None
        if index is not None and (len(set(names)) != len(names) or "builtin" in names
                                  or any(e.failed for e in index.values())):
            index = None        # a failure or a name taken twice is reported as it happens: load them all
        self._index = index
        self.complete = index is None
        if index is None:
            self._grow(names, names)
            self._write_index()
            return
        self._installed = [name for name in index if name != "builtin"]     # core's entry: its ids
        if self._passed:
            self._grow((), ())          # the plugins passed in are checked at once, as without the index
        always = self._contesting()
        if always:
            self._grow(always, always)

    @property
    def registry(self) -> Registry:
        """The registrations gathered so far (core's and those passed in at least)."""
        if self._registry is None:
            self._grow((), ())
        return self._registry

    # ----------------------------------------------------------------- what to load
    def for_ruleset(self, data) -> None:
        """Load what a ruleset whose (resolved) data is ``data`` needs (module docstring)."""
        if self.complete:
            return
        named = texts(data)
        index = self._index
        gather = [name for name in self._installed if name not in self._answers
                  and any(not ids.isdisjoint(named) for ids in index[name].ids.values())]
        load = [name for name in self._installed if not index[name].hooks.isdisjoint(RULESET_HOOKS)]
        self._grow(load + gather, gather)

    def with_hook(self, hook_name: str) -> pluggy.PluginManager:
        """The manager, every plugin implementing ``hook_name`` registered with it."""
        if not self.complete:
            self._grow([name for name in self._installed if hook_name in self._index[name].hooks], ())
        return self.pm

    def load_all(self) -> Plugins:
        """Every installed plugin loaded and its registrations gathered."""
        if not self.complete:
            names = [ep.name for ep in self.found]
            self._grow(names, names)
            self.complete = True
        return self

    def _contesting(self) -> list[str]:
        """The installed plugins registering an id another plugin (core's, one passed in or
        another installed one) registers under the same hook: gathered from the start."""
        installed = set(self._installed)
        seen: dict[tuple[str, str], list[str]] = {}
        for name, e in self._index.items():
            for hook, ids in e.ids.items():
                for item_id in ids:
                    seen.setdefault((hook, item_id), []).append(name)
        for name, answers in self._answers.items():
            if name in self._index:
                continue
            for hook, items in answers.items():
                if hook != "mahjong_rulesets":
                    for item in items:
                        seen.setdefault((hook, item.id), []).append(name)
        return sorted({n for names in seen.values() if len(names) > 1 for n in names if n in installed})

    # ----------------------------------------------------------------- loading
    def _grow(self, load: Iterable[str], gather: Iterable[str]) -> None:
        """Load the entry points named in ``load`` (in their installed order), register them
        with the rest in the one order, and gather the registrations of core's plugin, the ones
        passed in and those named in ``gather``."""
        load = set(load)
        new = False
        for i, ep in enumerate(self.found):
            # each entry point is tried once, in installed order; a name already taken (core's, or
            # an earlier entry point's that loaded) is not tried, as pluggy would refuse it
            if ep.name not in load or i in self._tried or ep.name == "builtin" or ep.name in self._modules:
                continue
            self._tried.add(i)
            try:
                module = ep.load()
                problem = unknown_hook(module)
                if problem:
                    raise PluginError(problem)
                self._modules[ep.name] = module
                new = True
            except Exception as e:  # a broken plugin must not take the others down
                self.failures[ep.name] = f"{type(e).__name__}: {e}"
        if new or self.pm is None:
            self._register()
        names = ["builtin", *(name for name in gather if name in self._modules), *(n for n, _ in self._passed)]
        if any(name not in self._answers and name not in self._dropped for name in names):
            self._gather(names)
            self._registry = self._gathered()
        elif self._registry is None:
            self._registry = self._gathered()
        # called directly on the hot path: pluggy's dispatch costs more than the checks themselves
        self.situation_hooks = tuple(reversed([i.function for i in
                                               self.pm.hook.mahjong_validate_situation.get_hookimpls()]))

    def _register(self) -> None:
        """A new manager: core's plugin, the loaded entry points in their installed order, then
        the plugins passed in (the order every hook answers in)."""
        pm = pluggy.PluginManager(PROJECT)
        pm.add_hookspecs(MahjongSpec)
        pm.register(builtin, name="builtin")
        for ep in self.found:
            module = self._modules.get(ep.name)
            if module is None or ep.name in self._dropped or pm.has_plugin(ep.name):
                continue
            try:
                pm.register(module, name=ep.name)
            except Exception as e:
                self.failures[ep.name] = f"{type(e).__name__}: {e}"
                self._modules.pop(ep.name)
        for name, p in self._passed:
            if name in self._dropped:
                continue
            try:
                pm.register(p, name=name)
            except (ValueError, pluggy.PluginValidationError) as e:
                raise PluginError(f"plugin '{name}': {e}") from None
        try:
            pm.check_pending()
        except pluggy.PluginValidationError as e:
            raise PluginError(f"plugin '{pm.get_name(e.plugin)}': {e}") from None
        self.pm = pm

    def _gather(self, names: list[str]) -> None:
        """Each named plugin's answer to every registration hook, checked: a plugin whose hook raises
        or answers anything but a list of its hook's records (ids being strings) is recorded in
        ``failures`` by name and unregistered, so it takes down only the rulesets that use it."""
        wanted = {name for name in names if name not in self._answers and name not in self._dropped}
        for hook_name in ALL_REGISTRATIONS:
            for impl in list(reversed(getattr(self.pm.hook, hook_name).get_hookimpls())):
                name = impl.plugin_name
                if name not in wanted or name in self.failures:
                    continue
                try:
                    self._answers.setdefault(name, {})[hook_name] = checked(hook_name, impl.function())
                except Exception as e:
                    problem = e.message if isinstance(e, PluginError) else \
                        f"{hook_name}() failed: {type(e).__name__}: {e}"
                    self.failures[name] = problem
                    self._answers.pop(name, None)
                    self._dropped.add(name)
                    self.pm.unregister(name=name)
        for name in wanted - self._dropped:
            self._answers.setdefault(name, {})

    def _gathered(self) -> Registry:
        """The gathered registrations, each id under the plugin registering it (in registration
        order), an id several plugins register set apart in ``contested``."""
        gathered: dict[str, dict] = {hook: {} for hook in ALL_REGISTRATIONS}
        contested: dict[str, dict[str, list[str]]] = {}
        dirs = []
        for hook_name, out in gathered.items():
            for impl in reversed(getattr(self.pm.hook, hook_name).get_hookimpls()):    # registration order
                plugin_name = impl.plugin_name
                for item in self._answers.get(plugin_name, {}).get(hook_name, ()):
                    if hook_name == "mahjong_rulesets":
                        dirs.append(Registered(item, plugin_name))
                        continue
                    clash = contested.setdefault(hook_name, {})
                    if item.id in clash:
                        clash[item.id].append(plugin_name)
                    elif item.id in out:
                        clash[item.id] = [out.pop(item.id).plugin, plugin_name]
                    else:
                        out[item.id] = Registered(item, plugin_name)
        return Registry(gathered["mahjong_tile_sets"], gathered["mahjong_win_shapes"],
                        gathered["mahjong_fan_checks"], gathered["mahjong_settlements"],
                        gathered["mahjong_value_formulas"], dirs, gathered["mahjong_situation_fields"],
                        gathered["mahjong_validators"], {h: c for h, c in contested.items() if c})

    def ruleset_dirs(self) -> list[Registered]:
        """Every registered ruleset folder, those of plugins not loaded yet from the index."""
        if self.complete:
            return self.registry.ruleset_dirs
        if "builtin" in self._answers:
            out = [reg for reg in self.registry.ruleset_dirs if reg.plugin == "builtin"]
        else:
            out = [Registered(folder, "builtin") for folder in self._index["builtin"].folders]
        for ep in self.found:
            answers = self._answers.get(ep.name)
            if answers is not None:
                out += [Registered(folder, ep.name) for folder in answers.get("mahjong_rulesets", ())]
            else:
                out += [Registered(folder, ep.name) for folder in self._index[ep.name].folders]
        passed = {name for name, _ in self._passed}
        return out + [reg for reg in self._registry.ruleset_dirs if reg.plugin in passed] if passed else out

    def _write_index(self) -> None:
        """Keep what core's plugin and every installed one register (pluginindex.py), once all are
        loaded; not when a plugin's module has no file (made in memory: it may change with none
        changing) or an entry point takes core's name."""
        if not self.found or any(ep.name == "builtin" for ep in self.found) or \
                not all(_has_file(obj) for obj in self._modules.values()):
            return
        entries = {"builtin": self._entry("builtin", builtin)}
        for ep in self.found:
            entries[ep.name] = self._entry(ep.name, self._modules.get(ep.name))
        pluginindex.write(self._state, self.found, entries)

    def _entry(self, name: str, module) -> pluginindex.Entry:
        """What the plugin ``name`` registers and implements, as the index keeps it."""
        answers = self._answers.get(name)
        registered = module is not None and self.pm.is_registered(module)
        callers = self.pm.get_hookcallers(module) if registered else None
        return pluginindex.Entry(
            {hook: frozenset(item.id for item in items) for hook, items in (answers or {}).items()
             if hook != "mahjong_rulesets"},
            tuple(str(folder) for folder in (answers or {}).get("mahjong_rulesets", ())),
            frozenset(c.name for c in callers or ()), name in self.failures or answers is None)


def _has_file(obj) -> bool:
    """Whether the module an entry point's object is (or was defined in) is read from a file."""
    module = obj if isinstance(obj, ModuleType) else sys.modules.get(getattr(obj, "__module__", None) or "")
    return isinstance(getattr(module, "__file__", None), str)
