"""One plugin manager per engine: loads plugins, collects their registrations, finds rulesets."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

import pluggy

from . import builtin, entrypoints, rulecache
from .config import Shown, is_family_base, resolve, shown
from .errors import MahjongError, PluginError, ResourceError, RulesetError, UnknownRulesetError, did_you_mean
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
    # hook name -> id -> the plugins that all registered it: left out of the dicts above, so only
    # the rulesets that name such an id fail (naming every one of those plugins)
    contested: dict


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


def _what(hook_name: str) -> str:
    """'fan check' for ``mahjong_fan_checks``: what a registration hook registers."""
    return hook_name[8:].rstrip("s").replace("_", " ")


def _plugins(names) -> str:
    return " and ".join(f"plugin '{n}'" for n in sorted(names))


def _folder_problem(folder: Path) -> str | None:
    """Why a registered ruleset folder yields no ruleset (a plugin installed without its YAML), or None."""
    if not folder.is_dir():
        return f"its ruleset folder {folder} does not exist"
    if not any(f.suffix in (".yaml", ".yml") for f in folder.iterdir()):
        return f"its ruleset folder {folder} holds no ruleset (*.yaml)"
    return None


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


def _names_a_file(name_or_path) -> bool:
    """A YAML path rather than an installed ruleset's name."""
    text = str(name_or_path)
    return isinstance(name_or_path, Path) or text.endswith((".yaml", ".yml")) or "/" in text


class Engine:
    """Plugins from the ``mahjong_core`` entry-point group (one at a time: a broken plugin is
    recorded by name and the rest still load), plus any passed in directly."""

    def __init__(self, plugins: Iterable[Any] = (), entry_points: bool = True):
        self.pm = pluggy.PluginManager(PROJECT)
        self.pm.add_hookspecs(MahjongSpec)
        self.failures: dict[str, str] = {}
        self.pm.register(builtin, name="builtin")
        # installed plugins this engine does not load (entry_points=False): named when a ruleset
        # needs something only they register
        found = entrypoints.installed(PROJECT)
        self._left_out = [] if entry_points else found
        self._left_out_ids: dict | None = None
        if entry_points:
            for ep in found:
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
        self._bases: dict = {}          # YAML file -> (mtime, is it a family base)

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
        contested: dict[str, dict[str, list[str]]] = {}
        dirs = []
        for hook_name, out in gathered.items():
            for impl in reversed(getattr(self.pm.hook, hook_name).get_hookimpls()):    # registration order
                plugin_name = impl.plugin_name
                for item in answers[plugin_name][hook_name]:
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

    def warnings(self) -> list[str]:
        """What an installation gets wrong without breaking every ruleset, one line each: plugins
        that failed to load, ids several plugins register, ruleset folders that yield no ruleset."""
        out = [f"plugin '{name}' failed to load: {problem}" for name, problem in sorted(self.failures.items())]
        for hook_name, clash in sorted(self.registry.contested.items()):
            for item_id, names in sorted(clash.items()):
                out.append(f"{_what(hook_name)} id '{item_id}' is registered by {_plugins(names)}: the "
                           f"rulesets that use it do not load; uninstall one or rename the id in one")
        out += [f"plugin '{name}' ships no ruleset: {problem}" for name, problem in self._folder_problems()]
        return out

    def _folder_problems(self) -> list[tuple[str, str]]:
        """(plugin, why) for each registered ruleset folder that yields no ruleset. A plugin
        installed without its YAML (package-data missing from its pyproject.toml) looks like this."""
        out = []
        for reg in self.registry.ruleset_dirs:
            problem = _folder_problem(Path(str(reg.item)))
            if problem:
                out.append((reg.plugin, problem + " (is its YAML listed in the package-data of its "
                                                  "pyproject.toml?)"))
        return out

    def not_registered(self, hook_name: str, item_id, where: str, unknown: str) -> MahjongError:
        """The error for an id that a ruleset names (at ``where``) and the registry lacks: one that
        several plugins register names them all; an unknown one (message ``unknown``) says which
        plugin failed to load or was left out by ``entry_points=False`` and would register it."""
        names = self.registry.contested.get(hook_name, {}).get(item_id)
        if names:
            return PluginError(f"{where}: {_what(hook_name)} id '{item_id}' is registered by more than one "
                               f"plugin: {_plugins(names)}; uninstall one or rename the id in one")
        return RulesetError(f"{where}: {unknown}{self.left_out_note(hook_name, item_id)}{self.failed_note()}")

    def left_out_note(self, hook_name: str, item_id) -> str:
        """'; plugin 'x' would register it, but …' when an installed plugin this engine left out
        (``entry_points=False``) registers ``item_id`` (a ruleset name for ``mahjong_rulesets``)."""
        if not self._left_out:
            return ""
        if self._left_out_ids is None:
            self._left_out_ids = self._registered_by_left_out()
        names = sorted(self._left_out_ids.get(hook_name, {}).get(item_id, ()))
        if not names:
            return ""
        return (f"; installed {_plugins(names)} provides it, but entry_points=False left the installed "
                f"plugins out of this engine: pass {'it' if len(names) == 1 else 'them'} in plugins=[...] "
                f"or leave entry_points on")

    def _registered_by_left_out(self) -> dict[str, dict[str, set[str]]]:
        """hook name → id → the left-out entry points that register it, read without registering them."""
        out: dict[str, dict[str, set[str]]] = {}
        for ep in self._left_out:
            if self.pm.has_plugin(ep.name):
                continue
            try:
                module = ep.load()
                for hook_name, kind in _ALL_REGISTRATIONS.items():
                    hook = getattr(module, hook_name, None)
                    answer = _checked(hook_name, kind, hook()) if callable(hook) else []
                    for item in answer:
                        if hook_name == "mahjong_rulesets":
                            folder = Path(str(item))
                            ids = [f.stem for f in folder.iterdir() if f.suffix in (".yaml", ".yml")] \
                                if folder.is_dir() else []
                        else:
                            ids = [item.id]
                        for item_id in ids:
                            out.setdefault(hook_name, {}).setdefault(item_id, set()).add(ep.name)
            except Exception:       # a plugin that does not load is no explanation
                continue
        return out

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

    def _is_family_base(self, path: Path) -> bool:
        stamp = _mtime(path)
        known = self._bases.get(path)
        if known is None or known[0] != stamp:
            known = self._bases[path] = (stamp, is_family_base(path))
        return known[1]

    def ruleset_files(self) -> dict[str, Path]:
        """Ruleset name → YAML file, over every registered folder; family bases (``family_base:
        true``, loaded only as what a ruleset extends) are left out."""
        return {name: f for name, f in self._ruleset_index()[0].items() if not self._is_family_base(f)}

    def family_bases(self) -> dict[str, Path]:
        """Name → YAML file of every installed family base: what rulesets may extend, never load."""
        return {name: f for name, f in self._ruleset_index()[0].items() if self._is_family_base(f)}

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
        # messages name it as the caller did: a name, or the path as given
        as_shown = Shown(str(name_or_path), named=not _names_a_file(name_or_path))
        cached = self._cache.get((path, as_shown))
        if cached is not None and all(_mtime(f) == m for f, m in cached[1]):
            return cached[0]
        files, clashes = self._ruleset_index()
        resolved = rulecache.resolved(path, as_shown, files, clashes, lambda: resolve(
            path, lambda n: self._by_name(n, files, clashes), lambda: files.keys(), as_shown=as_shown))
        installed = files.get(resolved.name)
        if installed is not None and installed.resolve() != path:
            # a file named like an installed ruleset (sub/guobiao.yaml) is not that ruleset:
            # it goes by the path it was given as, so no answer passes it off as the built-in
            resolved.name = str(name_or_path)
            resolved.chain = resolved.chain[:-1] + (resolved.name,)
        stamps = tuple((f, _mtime(f)) for f in resolved.files)
        ruleset = Ruleset(resolved, self)
        self._cache[(path, as_shown)] = (ruleset, stamps)
        return ruleset

    def _locate(self, name_or_path) -> Path:
        text = str(name_or_path)
        if _names_a_file(name_or_path):
            path = Path(text)
            if not path.is_file():
                raise UnknownRulesetError(f"no ruleset file '{text}'")
            return path
        files, clashes = self._ruleset_index()
        if text not in files:
            empty = "".join(f"; plugin '{name}' ships no ruleset: {problem}" for name, problem in
                            self._folder_problems())
            loadable = [n for n, f in files.items() if not self._is_family_base(f)]    # as ``rulesets`` lists them
            raise UnknownRulesetError(f"unknown ruleset '{text}'{did_you_mean(text, loadable)}; installed: "
                                      f"{', '.join(sorted(loadable)) or 'none'}"
                                      f"{self.left_out_note('mahjong_rulesets', text)}{empty}{self.failed_note()}")
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
            except MemoryError:
                raise ResourceError() from None
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



_default: Engine | None = None


def default_engine() -> Engine:
    """The engine with every installed plugin, built on first use."""
    global _default
    if _default is None:
        _default = Engine()
    return _default


def load_ruleset(name_or_path):
    """A ruleset by name (``"guobiao"``) or by the path of a YAML file (a house-rule overlay)."""
    return default_engine().load_ruleset(name_or_path)
