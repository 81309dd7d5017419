"""One plugin manager per engine: loads plugins, collects their registrations, finds rulesets."""
from __future__ import annotations

import importlib.metadata
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

import pluggy

from . import builtin
from .config import resolve, shown
from .errors import MahjongError, PluginError, RulesetError, UnknownRulesetError, did_you_mean
from .fans import FanCheck
from .hookspecs import (PROJECT, MahjongSpec, SettlementRule, SituationField, TileSet, Validator, ValueFormula,
                        WinShape)


@dataclass(frozen=True, slots=True)
class Registered:
    """A registered item and the plugin that provided it."""

    item: Any
    plugin: str


@dataclass
class Registry:
    tile_sets: dict
    shapes: dict
    checks: dict
    settlements: dict
    values: dict
    ruleset_dirs: list
    fields: dict            # SituationField id -> Registered
    validators: dict        # Validator id -> Registered


def _mtime(path: Path):
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return None


# registration hooks and the record type each answers with (None: folders of ruleset files)
REGISTRATIONS = {"mahjong_tile_sets": TileSet, "mahjong_win_shapes": WinShape, "mahjong_fan_checks": FanCheck,
                 "mahjong_settlements": SettlementRule, "mahjong_value_formulas": ValueFormula,
                 "mahjong_rulesets": None}
# registration hooks of what a ruleset's table names beside its scoring units: declared situation
# fields (table.extras) and validators (YAML validators); collected like the others
DECLARATIONS = {"mahjong_situation_fields": SituationField, "mahjong_validators": Validator}
_ALL_REGISTRATIONS = {**REGISTRATIONS, **DECLARATIONS}


def _checked(hook_name: str, kind, answer) -> list:
    """A registration hook's answer, or PluginError saying what is wrong with it."""
    if answer is None:
        return []
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


HOOK_NAMES = tuple(n for n in vars(MahjongSpec) if n.startswith("mahjong_"))


def _unknown_hook(plugin) -> str | None:
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


class Engine:
    """Plugins from the ``mahjong_core`` entry-point group (one at a time: a broken plugin is
    recorded by name and the rest still load), plus any passed in directly."""

    def __init__(self, plugins: Iterable[Any] = (), entry_points: bool = True):
        self.pm = pluggy.PluginManager(PROJECT)
        self.pm.add_hookspecs(MahjongSpec)
        self.failures: dict[str, str] = {}
        self.pm.register(builtin, name="builtin")
        if entry_points:
            for ep in sorted(importlib.metadata.entry_points(group=PROJECT), key=lambda e: e.name):
                if self.pm.has_plugin(ep.name):
                    continue
                try:
                    module = ep.load()
                    problem = _unknown_hook(module)
                    if problem:
                        raise PluginError(problem)
                    self.pm.register(module, name=ep.name)
                except Exception as e:  # a broken plugin must not take the others down
                    self.failures[ep.name] = f"{type(e).__name__}: {e}"
        for p in plugins:
            name = getattr(p, "__name__", None) or repr(p)
            problem = _unknown_hook(p)
            if problem:
                raise PluginError(f"plugin '{name}': {problem}")
            try:
                self.pm.register(p, name=name)
            except (ValueError, pluggy.PluginValidationError) as e:
                raise PluginError(f"plugin '{name}': {e}") from None
        self._check_pending()
        self.registry = self._collect()
        # called directly on the hot path: pluggy's dispatch costs more than the checks themselves
        self._situation_hooks = tuple(reversed([i.function for i in
                                                self.pm.hook.mahjong_validate_situation.get_hookimpls()]))
        self._cache: dict = {}

    def _check_pending(self) -> None:
        try:
            self.pm.check_pending()
        except pluggy.PluginValidationError as e:
            raise PluginError(f"plugin '{self.pm.get_name(e.plugin)}': {e}") from None

    # ----------------------------------------------------------------- registrations
    def _answers(self) -> dict[str, dict[str, list]]:
        """Every plugin's answer to every registration hook, checked: a plugin whose hook raises
        or answers anything but a list of its hook's records (ids being strings) is recorded in
        ``failures`` by name and unregistered, so it takes down only the rulesets that use it."""
        answers: dict[str, dict[str, list]] = {}
        for hook_name, kind in _ALL_REGISTRATIONS.items():
            for impl in list(reversed(getattr(self.pm.hook, hook_name).get_hookimpls())):
                name = impl.plugin_name
                if name in self.failures:
                    continue
                try:
                    answers.setdefault(name, {})[hook_name] = _checked(hook_name, kind, impl.function())
                except Exception as e:
                    problem = e.message if isinstance(e, PluginError) else \
                        f"{hook_name}() failed: {type(e).__name__}: {e}"
                    self.failures[name] = problem
                    answers.pop(name, None)
                    self.pm.unregister(name=name)
        return answers

    def _collect(self) -> Registry:
        answers = self._answers()
        gathered: dict[str, dict] = {hook: {} for hook in _ALL_REGISTRATIONS}
        dirs = []
        for hook_name, out in gathered.items():
            for impl in reversed(getattr(self.pm.hook, hook_name).get_hookimpls()):    # registration order
                plugin_name = impl.plugin_name
                for item in answers[plugin_name][hook_name]:
                    if hook_name == "mahjong_rulesets":
                        dirs.append(Registered(item, plugin_name))
                        continue
                    if item.id in out:
                        raise PluginError(f"duplicate {hook_name[8:].rstrip('s').replace('_', ' ')} id "
                                          f"'{item.id}': registered by plugin '{out[item.id].plugin}' and by "
                                          f"plugin '{plugin_name}'")
                    out[item.id] = Registered(item, plugin_name)
        return Registry(gathered["mahjong_tile_sets"], gathered["mahjong_win_shapes"],
                        gathered["mahjong_fan_checks"], gathered["mahjong_settlements"],
                        gathered["mahjong_value_formulas"], dirs, gathered["mahjong_situation_fields"],
                        gathered["mahjong_validators"])

    def failed_note(self) -> str:
        """'; plugin 'x' failed to load (…)' when some did: what a ruleset misses may be theirs."""
        if not self.failures:
            return ""
        names = ", ".join(f"'{n}'" for n in sorted(self.failures))
        return f"; plugin {names} failed to load (see 'mahjong rulesets')"

    # ----------------------------------------------------------------- rulesets
    def _ruleset_index(self) -> tuple[dict[str, Path], dict[str, list[Registered]]]:
        """(name → YAML file, name → every plugin file of that name when several plugins ship one)."""
        found: dict[str, Registered] = {}
        clashes: dict[str, list[Registered]] = {}
        for reg in self.registry.ruleset_dirs:
            folder = Path(str(reg.item))
            if not folder.is_dir():
                continue
            for f in sorted(folder.iterdir()):
                if f.suffix not in (".yaml", ".yml"):
                    continue
                here = Registered(f, reg.plugin)
                first = found.setdefault(f.stem, here)
                if first is not here and first.item.resolve() != f.resolve():
                    clashes.setdefault(f.stem, [first]).append(here)
        return {name: reg.item for name, reg in found.items()}, clashes

    def ruleset_files(self) -> dict[str, Path]:
        """Ruleset name → YAML file, over every registered folder."""
        return self._ruleset_index()[0]

    def _by_name(self, name: str, files: dict[str, Path], clashes: dict) -> Path | None:
        """The file of an installed ruleset; a name several plugins ship is an error naming them."""
        if name in clashes:
            both = " and ".join(f"plugin '{r.plugin}' ({r.item})" for r in clashes[name])
            raise PluginError(f"ruleset '{name}' is provided by more than one plugin: {both}; "
                              f"uninstall one or rename its file")
        return files.get(name)

    def ruleset_names(self) -> list[tuple[str, str]]:
        """(name, title) of every installed ruleset, sorted by name."""
        out = []
        for name in sorted(self.ruleset_files()):
            try:
                title = self.load_ruleset(name).title
            except Exception as e:
                title = f"(broken: {e})"
            out.append((name, title))
        return out

    def load_ruleset(self, name_or_path):
        """A resolved, validated Ruleset by name or YAML path; cached until a file of its chain changes."""
        from .ruleset import Ruleset

        path = self._locate(name_or_path).resolve()
        cached = self._cache.get(path)
        if cached is not None and all(_mtime(f) == m for f, m in cached[1]):
            return cached[0]
        files, clashes = self._ruleset_index()
        resolved = resolve(path, lambda n: self._by_name(n, files, clashes), lambda: files.keys())
        installed = files.get(resolved.name)
        if installed is not None and installed.resolve() != path:
            # a file named like an installed ruleset (sub/guobiao.yaml) is not that ruleset:
            # it goes by the path it was given as, so no answer passes it off as the built-in
            resolved.name = str(name_or_path)
            resolved.chain = resolved.chain[:-1] + (resolved.name,)
        stamps = tuple((f, _mtime(f)) for f in resolved.files)
        ruleset = Ruleset(resolved, self)
        self._cache[path] = (ruleset, stamps)
        return ruleset

    def _locate(self, name_or_path) -> Path:
        text = str(name_or_path)
        if isinstance(name_or_path, Path) or text.endswith((".yaml", ".yml")) or "/" in text:
            path = Path(text)
            if not path.is_file():
                raise UnknownRulesetError(f"no ruleset file '{text}'")
            return path
        files, clashes = self._ruleset_index()
        if text not in files:
            raise UnknownRulesetError(f"unknown ruleset '{text}'{did_you_mean(text, files)}; installed: "
                                      f"{', '.join(sorted(files)) or 'none'}{self.failed_note()}")
        return self._by_name(text, files, clashes)

    # ----------------------------------------------------------------- hooks used while scoring
    def validate(self, ruleset) -> None:
        """Every plugin's ruleset checks; one that fails with anything but a RulesetError is named."""
        for impl in reversed(self.pm.hook.mahjong_validate_ruleset.get_hookimpls()):
            try:
                impl.function(ruleset=ruleset)
            except RulesetError:
                raise
            except Exception as e:
                raise RulesetError(f"ruleset '{ruleset.name}' vetoed by plugin '{impl.plugin_name}': "
                                   f"{type(e).__name__}: {e}") from e

    def validate_situation(self, situation, ruleset) -> None:
        if self._situation_hooks:
            try:
                for hook in self._situation_hooks:
                    hook(situation=situation, ruleset=ruleset)
            except MahjongError:
                raise
            except Exception as e:
                raise PluginError(f"situation check failed in a plugin: {type(e).__name__}: {e}") from e

    def explain(self, result, ruleset) -> list[dict]:
        out = []
        for part in self.pm.hook.mahjong_explain(result=result, ruleset=ruleset):
            if part:
                out.append(part)
        return out

    def choose(self, candidates, ruleset):
        return self.pm.hook.mahjong_choose_result(candidates=candidates, ruleset=ruleset)
