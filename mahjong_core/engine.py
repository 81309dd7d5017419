"""One plugin manager per engine: loads plugins, collects their registrations, finds rulesets."""
from __future__ import annotations

import importlib.metadata
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

import pluggy

from . import builtin
from .config import resolve
from .errors import MahjongError, PluginError, RulesetError, UnknownRulesetError, did_you_mean
from .hookspecs import PROJECT, MahjongSpec


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


def _mtime(path: Path):
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return None


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
    def _gather(self, hook_name: str, id_attr: str = "id") -> dict:
        hook = getattr(self.pm.hook, hook_name)
        out: dict = {}
        for impl in reversed(hook.get_hookimpls()):
            try:
                items = impl.function() or []
            except Exception as e:
                raise PluginError(f"plugin '{impl.plugin_name}': {hook_name}() failed: "
                                  f"{type(e).__name__}: {e}") from e
            for item in items:
                key = getattr(item, id_attr)
                if key in out:
                    raise PluginError(f"duplicate {hook_name[8:].rstrip('s').replace('_', ' ')} id '{key}': "
                                      f"registered by plugin '{out[key].plugin}' and by plugin "
                                      f"'{impl.plugin_name}'")
                out[key] = Registered(item, impl.plugin_name)
        return out

    def _collect(self) -> Registry:
        dirs = []
        for impl in reversed(self.pm.hook.mahjong_rulesets.get_hookimpls()):
            try:
                for d in impl.function() or []:
                    dirs.append(Registered(d, impl.plugin_name))
            except Exception as e:
                raise PluginError(f"plugin '{impl.plugin_name}': mahjong_rulesets() failed: {e}") from e
        return Registry(self._gather("mahjong_tile_sets"), self._gather("mahjong_win_shapes"),
                        self._gather("mahjong_fan_checks"), self._gather("mahjong_settlements"),
                        self._gather("mahjong_value_formulas"), dirs)

    # ----------------------------------------------------------------- rulesets
    def ruleset_files(self) -> dict[str, Path]:
        """Ruleset name → YAML file, over every registered folder."""
        found: dict[str, Path] = {}
        for reg in self.registry.ruleset_dirs:
            folder = Path(str(reg.item))
            if not folder.is_dir():
                continue
            for f in sorted(folder.iterdir()):
                if f.suffix in (".yaml", ".yml") and f.stem not in found:
                    found[f.stem] = f
        return found

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
        files = self.ruleset_files()
        resolved = resolve(path, lambda n: files.get(n), lambda: files.keys())
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
        files = self.ruleset_files()
        if text not in files:
            raise UnknownRulesetError(f"unknown ruleset '{text}'{did_you_mean(text, files)}; installed: "
                                      f"{', '.join(sorted(files)) or 'none'}")
        return files[text]

    # ----------------------------------------------------------------- hooks used while scoring
    def validate(self, ruleset) -> None:
        try:
            self.pm.hook.mahjong_validate_ruleset(ruleset=ruleset)
        except RulesetError:
            raise
        except Exception as e:
            raise RulesetError(f"ruleset '{ruleset.name}' vetoed: {type(e).__name__}: {e}") from e

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
