"""The engine: its plugins (plugins.py), the rulesets they ship and load, and the hooks asked of
a ruleset; one per process by default (``default_engine``)."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

from . import rulecache
from .config import Shown, is_family_base, resolve
from .errors import (MahjongError, PluginError, ResourceError, RulesetError, UnknownRulesetError, did_you_mean,
                     plugin_failure)
from .plugins import REGISTRATIONS  # noqa: F401 (read from here by tests and tools)
from .plugins import ALL_REGISTRATIONS, Plugins, Registered, Registry, checked


def _mtime(path: Path):
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return None


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


def _names_a_file(name_or_path) -> bool:
    """A YAML path rather than an installed ruleset's name."""
    text = str(name_or_path)
    return isinstance(name_or_path, Path) or text.endswith((".yaml", ".yml")) or "/" in text


class Engine:
    """Plugins from the ``mahjong_core`` entry-point group (one at a time: a broken plugin is
    recorded by name and the rest still load), plus any passed in directly. With the plugin index
    (plugins.py) an installed plugin is loaded when a ruleset needs it; ``pm``, ``registry`` and
    ``failures`` are every plugin's, so reading one loads them all."""

    def __init__(self, plugins: Iterable[Any] = (), entry_points: bool = True):
        self._plugins = Plugins(plugins, entry_points)
        self._left_out_ids: dict | None = None
        self._cache: dict = {}
        self._bases: dict = {}          # YAML file -> (mtime, is it a family base)

    @property
    def pm(self):
        """The pluggy manager with every plugin registered."""
        return self._plugins.load_all().pm

    @property
    def registry(self) -> Registry:
        """What every plugin registers."""
        return self._plugins.load_all().registry

    @property
    def failures(self) -> dict[str, str]:
        """Plugin name → why it failed to load or register, over every installed plugin."""
        return self._plugins.load_all().failures

    @property
    def loaded(self) -> Registry:
        """What the plugins loaded so far register: every id a ruleset built by this engine names
        (and each plugin registering it). Compiling a ruleset reads this."""
        return self._plugins.registry

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
        names = self.loaded.contested.get(hook_name, {}).get(item_id)
        if names:
            return PluginError(f"{where}: {_what(hook_name)} id '{item_id}' is registered by more than one "
                               f"plugin: {_plugins(names)}; uninstall one or rename the id in one")
        return RulesetError(f"{where}: {unknown}{self.left_out_note(hook_name, item_id)}{self.failed_note()}")

    def left_out_note(self, hook_name: str, item_id) -> str:
        """'; plugin 'x' would register it, but …' when an installed plugin this engine left out
        (``entry_points=False``) registers ``item_id`` (a ruleset name for ``mahjong_rulesets``)."""
        if not self._plugins.left_out:
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
        for ep in self._plugins.left_out:
            if self._plugins.pm.has_plugin(ep.name):
                continue
            try:
                module = ep.load()
                for hook_name in ALL_REGISTRATIONS:
                    hook = getattr(module, hook_name, None)
                    answer = checked(hook_name, hook()) if callable(hook) else []
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
        failures = self._plugins.failures
        if not failures:
            return ""
        names = ", ".join(f"'{n}'" for n in sorted(failures))
        return f"; plugin {names} failed to load (see 'mahjong rulesets')"

    # ----------------------------------------------------------------- rulesets
    def _ruleset_index(self) -> tuple[dict[str, Path], dict[str, list[Registered]]]:
        """(name → YAML file, name → every plugin file of that name when several plugins ship one)."""
        found: dict[str, Registered] = {}
        clashes: dict[str, list[Registered]] = {}
        for reg in self._plugins.ruleset_dirs():
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
        self._plugins.load_all()
        out = []
        for name in sorted(self.ruleset_files()):
            try:
                title = self.load_ruleset(name).title
            except Exception as e:
                title = f"(broken: {e})"
            out.append((name, title))
        return out

    def load_ruleset(self, name_or_path):
        """A resolved, validated Ruleset by name or YAML path; cached until a file of its chain
        changes. Built with the plugins it needs (plugins.py); should that fail, every plugin is
        loaded and it is built again, so an error (an unknown name and its nearest valid one, an
        id no plugin registers) is the one every plugin gives."""
        if self._plugins.complete:
            return self._load_ruleset(name_or_path)
        try:
            return self._load_ruleset(name_or_path)
        except Exception:
            self._plugins.load_all()
            return self._load_ruleset(name_or_path)

    def build_ruleset(self, resolved):
        """The Ruleset of a resolved YAML file (``config.resolve``'s answer) with the plugins its data
        names, built again with every plugin should that fail (as ``load_ruleset``)."""
        from .ruleset import Ruleset

        if not self._plugins.complete:
            try:
                self._plugins.for_ruleset(resolved.data)
                return Ruleset(resolved, self)
            except Exception:
                self._plugins.load_all()
        return Ruleset(resolved, self)

    def _load_ruleset(self, name_or_path):
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
        self._plugins.for_ruleset(resolved.data)
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
        for impl in reversed(self._plugins.pm.hook.mahjong_validate_ruleset.get_hookimpls()):
            try:
                impl.function(ruleset=ruleset)
            except RulesetError:
                raise
            except MemoryError:     # the machine's limit: no veto of the plugin's (errors.ResourceError)
                raise ResourceError() from None
            except Exception as e:
                raise RulesetError(f"ruleset '{ruleset.name}' vetoed by plugin '{impl.plugin_name}': "
                                   f"{type(e).__name__}: {e}") from e

    def validate_situation(self, situation, ruleset) -> None:
        hooks = self._plugins.situation_hooks
        if hooks:
            try:
                for hook in hooks:
                    hook(situation=situation, ruleset=ruleset)
            except Exception as e:
                raise plugin_failure(e, "situation check failed in a plugin")

    def explain(self, result, ruleset) -> list[dict]:
        out = []
        for part in self._plugins.with_hook("mahjong_explain").hook.mahjong_explain(result=result, ruleset=ruleset):
            if part:
                out.append(part)
        return out

    def choose(self, candidates, ruleset):
        return self._plugins.pm.hook.mahjong_choose_result(candidates=candidates, ruleset=ruleset)

    def chooses_ties(self, ruleset) -> bool:
        """Whether a plugin may pick among the tied readings of ``ruleset`` (``choose``): one that
        implements ``mahjong_choose_result`` and does not answer False to ``mahjong_chooses_ties``.
        Asked once, when the ruleset is built (its plugins are loaded by then, as for ``fast_scorer``)."""
        pm = self._plugins.pm
        choosers = [i.plugin_name for i in pm.hook.mahjong_choose_result.get_hookimpls() if i.plugin_name != "builtin"]
        if not choosers:
            return False
        declared = {i.plugin_name: i.function for i in pm.hook.mahjong_chooses_ties.get_hookimpls()}
        for name in choosers:
            says = declared.get(name)
            if says is None:
                return True
            try:
                if says(ruleset=ruleset):
                    return True
            except Exception as e:
                raise plugin_failure(e, f"plugin '{name}': mahjong_chooses_ties failed")
        return False

    def fast_scorer(self, ruleset):
        """A plugin's faster scorer of ``ruleset`` (``mahjong_fast_scorer``), or None."""
        return self._plugins.pm.hook.mahjong_fast_scorer(ruleset=ruleset)

    def head_answers(self, ruleset):
        """A plugin's answers to ``ruleset``'s head checks for a hand's readings at once
        (``mahjong_head_answers``), or None."""
        return self._plugins.pm.hook.mahjong_head_answers(ruleset=ruleset)

    def tail_answers(self, ruleset) -> list:
        """The plugins' answers to some of ``ruleset``'s tail checks for a hand's readings at once
        (``mahjong_tail_answers``), each a ``TailAnswers``."""
        return [a for a in self._plugins.pm.hook.mahjong_tail_answers(ruleset=ruleset) if a is not None]


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
