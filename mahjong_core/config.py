"""Ruleset YAML: safe, line-aware loading, ``extends`` chains, closed-world overlays.

Every value remembers its ``file:line`` so an error can point at it, and every misspelt key
gets the nearest valid name.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Callable, Iterable, Mapping

import yaml

from .errors import RulesetError, UnknownRulesetError, did_you_mean

# Keys a ruleset may use. A dict value is a nested schema; ID_MAP marks maps keyed by free ids
# (an overlay may add entries); ANY accepts any value.
ANY = object()
ID_MAP = "id-map"

FAN_FIELDS = ("zh", "en", "points", "check", "args", "excludes", "reduces", "enabled",
              "counts_to_minimum", "dropped_when_others_exceed", "doc")
SHAPE_FIELDS = ("enabled", "args")
SCHEMA: dict = {
    "title": ANY,
    "description": ANY,
    "extends": ANY,
    "table": {"tile_set": ANY, "hand_size": ANY, "chows": ANY, "sequences": ANY, "dealer_east": ANY,
              "void_suit": ANY, "wilds": ANY, "extras": ANY},
    "shapes": (ID_MAP, SHAPE_FIELDS),
    "scoring": {"minimum": ANY, "value": {"formula": ANY, "params": ANY}, "fallback": ANY,
                "fallback_besides": ANY, "prefer": ANY},
    "options": (ID_MAP, None),
    "new_options": ANY,
    "fans": (ID_MAP, FAN_FIELDS),
    "settlement": {"id": ANY, "params": ANY},
}


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """SafeLoader (libyaml's when PyYAML has it: ten times faster to start a batch): plain YAML
    only, never arbitrary Python tags."""


@dataclass
class Source:
    """One YAML file, parsed: the data and the line of every dotted key."""

    path: Path
    data: dict
    lines: dict[str, int]

    def where(self, key: str) -> str:
        line = self.lines.get(key)
        while line is None and "." in key:
            key = key.rsplit(".", 1)[0]
            line = self.lines.get(key)
        return f"{self.path}:{line if line is not None else 1}"


_PLAIN_TAGS = {"tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"}


def _convert(node, path: Path, prefix: str, lines: dict[str, int], loader: _Loader):
    if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) and node.tag not in _PLAIN_TAGS:
        raise RulesetError(f"{path}:{node.start_mark.line + 1}: tag '{node.tag}' is not allowed: ruleset "
                           f"files hold plain YAML data only")
    if isinstance(node, yaml.MappingNode):
        out: dict = {}
        first_line: dict = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise RulesetError(f"{path}:{key_node.start_mark.line + 1}: YAML merge keys ('<<') are not "
                                   f"supported; use 'extends'")
            key = loader.construct_object(key_node, deep=True)
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                raise RulesetError(f"{path}:{key_node.start_mark.line + 1}: keys must be names, got {key!r}")
            key = str(key)
            line = key_node.start_mark.line + 1
            if key in out:
                raise RulesetError(f"{path}:{line}: duplicate key '{prefix}{key}' (first at line "
                                   f"{first_line[key]})")
            first_line[key] = line
            dotted = f"{prefix}{key}"
            lines[dotted] = line
            out[key] = _convert(value_node, path, dotted + ".", lines, loader)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_convert(v, path, f"{prefix}{i}.", lines, loader) for i, v in enumerate(node.value)]
    return loader.construct_object(node, deep=True)


def read_yaml(path: Path) -> Source:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise UnknownRulesetError(f"cannot read ruleset file {path}: {e.strerror}") from None
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        data = {} if node is None else _convert(node, path, "", (lines := {}), loader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark else 1
        raise RulesetError(f"{path}:{line}: invalid YAML: {e.problem or e}") from None
    except yaml.YAMLError as e:
        raise RulesetError(f"{path}: invalid YAML: {e}") from None
    finally:
        loader.dispose()
    if node is None:
        lines = {}
    if not isinstance(data, dict):
        raise RulesetError(f"{path}:1: a ruleset file must be a mapping of keys, got {type(data).__name__}")
    return Source(path, data, lines)


def check_schema(src: Source, base: Mapping | None) -> None:
    """Reject unknown keys with file:line and the nearest valid name. In an overlay, keys must
    exist in the base except new entries of id-keyed maps (options: only the base's)."""

    def walk(data: Mapping, schema, base_part, prefix: str) -> None:
        if isinstance(schema, tuple):            # id-keyed map
            _, fields = schema
            if not isinstance(data, Mapping):
                raise RulesetError(f"{src.where(prefix[:-1])}: '{prefix[:-1]}' must be a map keyed by id")
            for key, value in data.items():
                dotted = prefix + key
                if fields is None:               # options: closed world against the base
                    if base_part is not None and key not in base_part:
                        raise RulesetError(f"{src.where(dotted)}: unknown option '{key}'"
                                           f"{did_you_mean(key, base_part)}")
                    continue
                if not isinstance(value, Mapping):
                    raise RulesetError(f"{src.where(dotted)}: '{dotted}' must be a map of "
                                       f"{', '.join(fields)}")
                if base_part is not None and key not in base_part and "check" in fields \
                        and "check" not in value:
                    # an overlay may add a fan only as a full definition; anything else is a typo
                    raise RulesetError(f"{src.where(dotted)}: unknown fan id '{key}'"
                                       f"{did_you_mean(key, base_part)} (a new fan needs 'check')")
                for field_name in value:
                    if field_name not in fields:
                        raise RulesetError(f"{src.where(dotted + '.' + field_name)}: unknown key "
                                           f"'{dotted}.{field_name}'{did_you_mean(field_name, fields)}")
            return
        for key, value in data.items():
            dotted = prefix + key
            if key not in schema:
                raise RulesetError(f"{src.where(dotted)}: unknown key '{dotted}'{did_you_mean(key, schema)}")
            sub = schema[key]
            sub_base = base_part.get(key) if isinstance(base_part, Mapping) else None
            if sub is ANY:
                continue
            if not isinstance(value, Mapping):
                raise RulesetError(f"{src.where(dotted)}: '{dotted}' must be a map")
            walk(value, sub, sub_base, dotted + ".")

    walk(src.data, SCHEMA, base, "")


def deep_merge(base: Mapping, overlay: Mapping) -> dict:
    """Maps merge key by key; scalars and lists are replaced."""
    out = dict(base)
    for key, value in overlay.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = deep_merge(out[key], value)
        else:
            out[key] = value
    return out


@dataclass
class Resolved:
    """A ruleset after its ``extends`` chain: merged data and where each key was last set."""

    name: str
    path: Path
    data: dict
    origins: dict[str, str] = field(default_factory=dict)     # dotted key -> file:line
    chain: tuple[str, ...] = ()
    files: tuple[Path, ...] = ()          # every file of the extends chain, for cache checks

    def where(self, key: str) -> str:
        k = key
        while k:
            if k in self.origins:
                return self.origins[k]
            if "." not in k:
                break
            k = k.rsplit(".", 1)[0]
        return f"{self.path}:1"

    @property
    def fingerprint(self) -> str:
        blob = json.dumps(self.data, sort_keys=True, ensure_ascii=False, default=str)
        return hashlib.sha256(blob.encode()).hexdigest()[:16]


def _new_options(src: Source, base: "Resolved | None") -> dict:
    """``new_options: {name: default}``: options this file adds to its base (a ruleset that
    extends another and brings its own switches). ``options`` may only set existing ones, so a
    misspelt option is still an error; the new ones join ``options`` for every later overlay."""
    new = src.data.get("new_options")
    if new is None:
        return {}
    if not isinstance(new, Mapping):
        raise RulesetError(f"{src.where('new_options')}: 'new_options' must map option names to their defaults")
    existing = (base.data.get("options") or {}) if base else {}
    own = src.data.get("options") or {}
    for key in new:
        if key in existing:
            raise RulesetError(f"{src.where('new_options.' + key)}: option '{key}' already exists in the base "
                               f"({base.where('options.' + key)}); set it under 'options'")
        if key in own:
            raise RulesetError(f"{src.where('options.' + key)}: option '{key}' is introduced under "
                               f"'new_options' in the same file; give its value there")
    return dict(new)


def resolve(path: Path, find_by_name: Callable[[str], Path | None], names: Callable[[], Iterable[str]],
            _seen: tuple[Path, ...] = ()) -> Resolved:
    """Load ``path`` and everything it extends; overlays are checked against their base."""
    path = path.resolve()
    if path in _seen:
        cycle = " -> ".join(str(p) for p in _seen + (path,))
        raise RulesetError(f"'extends' cycle: {cycle}")
    src = read_yaml(path)
    target = src.data.get("extends")
    base: Resolved | None = None
    if target is not None:
        if not isinstance(target, str) or not target:
            raise RulesetError(f"{src.where('extends')}: 'extends' must be a ruleset name or a relative path")
        if target.endswith((".yaml", ".yml")) or "/" in target:
            base_path = (path.parent / target)
            if not base_path.is_file():
                folder = base_path.parent
                siblings = sorted(f.name for f in folder.glob("*.y*ml")) if folder.is_dir() else []
                hint = did_you_mean(base_path.name, siblings)
                if hint:
                    head = target[: len(target) - len(base_path.name)]
                    hint = hint.replace("'", "'" + head, 1)
                raise UnknownRulesetError(f"{src.where('extends')}: extends '{target}': no such file "
                                          f"{base_path}{hint}")
        else:
            base_path = find_by_name(target)
            if base_path is None:
                raise UnknownRulesetError(f"{src.where('extends')}: extends '{target}': unknown ruleset"
                                          f"{did_you_mean(target, list(names()))}")
        base = resolve(base_path, find_by_name, names, _seen + (path,))
    new_options = _new_options(src, base)
    schema_base = base.data if base else None
    if base and new_options:
        schema_base = dict(base.data, options=dict(base.data.get("options") or {}, **new_options))
    check_schema(src, schema_base)
    data = {k: v for k, v in src.data.items() if k not in ("extends", "new_options")}
    origins = dict(base.origins) if base else {}
    for key, line in src.lines.items():
        if key != "extends":
            origins[key] = f"{src.path}:{line}"
    if new_options:
        data["options"] = dict(data.get("options") or {}, **new_options)
        for key in new_options:
            origins["options." + key] = origins.get("new_options." + key, src.where("new_options"))
    merged = deep_merge(base.data, data) if base else data
    chain = (base.chain if base else ()) + (path.stem,)
    files = (base.files if base else ()) + (path,)
    return Resolved(path.stem, path, merged, origins, chain, files)
