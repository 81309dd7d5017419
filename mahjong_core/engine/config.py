"""Ruleset YAML: safe, line-aware loading, ``extends`` chains, closed-world overlays.

Every value remembers its ``file:line`` so an error can point at it, and every misspelt key
gets the nearest valid name.
"""
from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass, field
from pathlib import Path, PurePath
from types import MappingProxyType
from typing import NamedTuple
from collections.abc import Callable, Iterable, Mapping

from .digest import sha256_hex
from .errors import MahjongError, RulesetError, UnknownRulesetError, did_you_mean

# Keys a ruleset may use. A dict value is a nested schema; ID_MAP marks maps keyed by free ids
# (an overlay may add entries); ANY accepts any value.
ANY = object()
ID_MAP = "id-map"

FAN_FIELDS = ("zh", "en", "points", "check", "args", "excludes", "reduces", "enabled",
              "counts_to_minimum", "dropped_when_others_exceed", "doc",
              "doublings", "bonus", "excluded_by", "rules_out_fallback", "tier", "variant_of")
SHAPE_FIELDS = ("enabled", "args", "when", "win_methods")
SCHEMA: dict = {
    "title": ANY,
    "description": ANY,
    "extends": ANY,
    "family_base": ANY,          # true: a base other rulesets extend, never loaded on its own
    "table": {"tile_set": ANY, "hand_size": ANY, "chows": ANY, "sequences": ANY, "dealer_east": ANY,
              "void_suit": ANY, "wilds": ANY, "extras": ANY, "win_methods": ANY, "bonus_win": {"kind": ANY},
              "bonus_replacement_bloom": ANY},
    "shapes": (ID_MAP, SHAPE_FIELDS),
    "scoring": {"minimum": ANY, "value": {"formula": ANY, "params": ANY}, "fallback": ANY,
                "fallback_besides": ANY, "prefer": ANY, "tiers": ANY, "total_units": ANY},
    "options": (ID_MAP, None),
    "new_options": ANY,
    "option_types": ANY,          # checked by option_types() below
    "fans": (ID_MAP, FAN_FIELDS),
    "settlement": {"id": ANY, "params": ANY},
    "validators": ANY,
}


yaml = None                 # PyYAML, imported by the first file read: a ruleset from the cache needs none
_LOADER = None


def _loader_class():
    """SafeLoader (libyaml's when PyYAML has it, so that a batch starts sooner): plain YAML
    only, never arbitrary Python tags. Made on first use, with PyYAML's import."""
    global yaml, _LOADER
    if _LOADER is None:
        import yaml as pyyaml

        class _Loader(getattr(pyyaml, "CSafeLoader", pyyaml.SafeLoader)):
            __doc__ = _loader_class.__doc__

        yaml, _LOADER = pyyaml, _Loader
    return _LOADER


def __getattr__(name: str):
    if name == "_Loader":       # config._Loader: the loader class, made on first use
        return _loader_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class Shown(NamedTuple):
    """How a message names a ruleset file: an installed ruleset by its name and the key (where the
    server or the package keeps it is nobody's business), a user's file by the path as they gave it
    and the line. (This and ``Source`` are named tuples: cheaper to define at each start.)"""

    text: str
    named: bool = False

    def line(self, n: int) -> str:
        return f"{self.text} line {n}" if self.named else f"{self.text}:{n}"

    def key(self, key: str, line: int) -> str:
        return f"{self.text}: {key}" if self.named and key else self.line(line)

    def __str__(self) -> str:
        return self.text

    def beside(self, target: str) -> "Shown":
        """The file ``extends: target`` names, a path relative to this one, shown alike."""
        if self.named:
            return Shown(PurePath(target).stem, True)
        return Shown(os.path.normpath(PurePath(self.text).parent / target))


class Source(NamedTuple):
    """One YAML file, parsed: the data and the line of every dotted key."""

    path: Path
    data: dict
    lines: dict[str, int]
    shown: Shown
    digest: str = ""            # SHA-256 of the bytes read, for the ruleset cache (rulecache.py)

    def where(self, key: str) -> str:
        asked, line = key, self.lines.get(key)
        while line is None and "." in key:
            key = key.rsplit(".", 1)[0]
            line = self.lines.get(key)
        return self.shown.key(asked, line if line is not None else 1)


_PLAIN_TAGS = {"tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"}

# Bounds on what one file may hold; the largest shipped ruleset is 15 KB, 5 levels deep, 3 000 values.
MAX_FILE_BYTES = 1 << 20
MAX_DEPTH = 32
MAX_EXTENDS = 32            # files in one extends chain (the longest shipped chain has 3)
MAX_VALUES = 100_000        # values after aliases are expanded: a 554-byte alias bomb makes 10^9


def shown(text, limit: int = 60) -> str:
    """A key from the file as an error message may echo it: control characters escaped, and cut
    at ``limit`` characters, so a message never reprints a stranger's file."""
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(text)[: limit + 1])
    return text if len(text) <= limit else text[: limit - 1] + "…"


class _Reading:
    """One file being converted: where it is, the lines found so far, the values made so far (a
    plain class: defined at every start, made only when a file is read)."""

    __slots__ = ("shown", "loader", "lines", "values")

    def __init__(self, shown: Shown, loader: "_Loader"):
        self.shown = shown
        self.loader = loader
        self.lines: dict[str, int] = {}
        self.values = 0

    def fail(self, node, message: str) -> RulesetError:
        return RulesetError(f"{self.shown.line(node.start_mark.line + 1)}: {message}")


def _convert(node, r: _Reading, prefix: str, depth: int = 0):
    r.values += 1
    if r.values > MAX_VALUES:
        raise r.fail(node, f"the file expands to more than {MAX_VALUES} values (YAML aliases repeat "
                           f"what they name): not a ruleset")
    if depth > MAX_DEPTH:
        raise r.fail(node, f"values nested deeper than {MAX_DEPTH} levels")
    if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) and node.tag not in _PLAIN_TAGS:
        raise r.fail(node, f"tag '{shown(node.tag)}' is not allowed: ruleset files hold plain YAML data only")
    if isinstance(node, yaml.MappingNode):
        out: dict = {}
        first_line: dict = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise r.fail(key_node, "YAML merge keys ('<<') are not supported; use 'extends'")
            if not isinstance(key_node, yaml.ScalarNode):       # never built: it may be an alias bomb
                raise r.fail(key_node, f"keys must be names, got a "
                                       f"{'map' if isinstance(key_node, yaml.MappingNode) else 'list'}")
            key = _scalar(key_node, r)
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                raise r.fail(key_node, f"keys must be names, got {describe(key)}")
            key = str(key)
            line = key_node.start_mark.line + 1
            if key in out:
                raise r.fail(key_node, f"duplicate key '{shown(prefix + key)}' (first at line {first_line[key]})")
            first_line[key] = line
            dotted = f"{prefix}{key}"
            r.lines[dotted] = line
            out[key] = _convert(value_node, r, dotted + ".", depth + 1)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_convert(v, r, f"{prefix}{i}.", depth + 1) for i, v in enumerate(node.value)]
    return _scalar(node, r)


def _scalar(node, r: _Reading):
    try:
        return r.loader.construct_object(node, deep=True)
    except (ValueError, OverflowError) as e:       # e.g. an integer of more than 4300 digits
        raise r.fail(node, f"cannot read this value: {shown(e, 120)}") from None


def read_yaml(path: Path, as_shown: Shown | None = None) -> Source:
    """``path`` parsed; messages name it ``as_shown`` (default: the path itself)."""
    here = as_shown or Shown(str(path))
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        raise UnknownRulesetError(f"cannot read ruleset file {here}: {e.strerror}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise RulesetError(f"{here}: larger than {MAX_FILE_BYTES} bytes: not a ruleset file")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw.count(b"\n", 0, e.start) + 1
        raise RulesetError(f"{here.line(line)}: not UTF-8 text (byte offset {e.start}): ruleset files "
                           f"are UTF-8") from None
    loader = None
    loader_class = _loader_class()
    try:
        loader = loader_class(text)
        reading = _Reading(here, loader)
        node = loader.get_single_node()
        data = {} if node is None else _convert(node, reading, "")
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark else 1
        raise RulesetError(f"{here.line(line)}: invalid YAML: {shown(e.problem or e.context or 'unreadable', 120)}") \
            from None
    except yaml.reader.ReaderError as e:           # a control character: say where, as a line
        # libyaml gives the character's code and its byte offset, PyYAML the character and its index
        binary = isinstance(e.character, int)
        line = (raw.count(b"\n", 0, e.position) if binary else text.count("\n", 0, e.position)) + 1
        char = e.character if binary else ord(e.character)
        raise RulesetError(f"{here.line(line)}: invalid YAML: character #x{char:04x} is not "
                           f"allowed ({e.reason})") from None
    except yaml.YAMLError as e:
        raise RulesetError(f"{here}: invalid YAML: {shown(e, 120)}") from None
    except (MemoryError, RecursionError) as e:
        raise RulesetError(f"{here}: too large or too deeply nested to load ({type(e).__name__})") from None
    finally:
        if loader is not None:
            loader.dispose()
    if not isinstance(data, dict):
        raise RulesetError(f"{here.line(1)}: not a ruleset file: it holds {type(data).__name__}, not a map of "
                           f"ruleset keys")
    return Source(path, data, reading.lines, here, sha256_hex(raw))


def _by_name(key, fans: Mapping) -> str:
    """' (did you mean 'all_simples'? 断幺 is its zh name)' when ``key`` is a fan's zh or en name
    rather than its id."""
    if not isinstance(key, str):
        return ""
    for fid, spec in fans.items():
        if isinstance(spec, Mapping):
            for field_name in ("zh", "en"):
                name = spec.get(field_name)
                if isinstance(name, str) and name.casefold() == key.casefold():
                    return f" (did you mean '{fid}'? {name} is its {field_name} name; fans are keyed by id)"
    return ""


def _elsewhere(key, data: Mapping, prefix: str = "", depth: int = 0) -> list[str]:
    """The dotted keys of ``data`` (options and fans aside) that end in ``key``: where a setting
    given in the wrong place lives (Sichuan's cap is scoring.value.params.cap_multiplier)."""
    found = []
    if depth > 6 or not isinstance(key, str):
        return found
    for k, v in data.items():
        dotted = f"{prefix}{k}"
        if dotted in ("options", "option_types", "fans"):
            continue
        if k == key:
            found.append(dotted)
        if isinstance(v, Mapping):
            found.extend(_elsewhere(key, v, dotted + ".", depth + 1))
    return found


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
                if fields is None:               # options: closed world against the base (if it has none: empty)
                    if base is not None and key not in (base_part or {}):
                        there = _elsewhere(key, base)
                        there = (f"; '{shown(key)}' is not an option but a setting: it lives at "
                                 f"{' and '.join(there)}" if there else "")
                        raise RulesetError(f"{src.where(dotted)}: unknown option '{shown(key)}'"
                                           f"{did_you_mean(key, base_part or {})}{there}")
                    continue
                if not isinstance(value, Mapping):
                    raise RulesetError(f"{src.where(dotted)}: '{shown(dotted)}' must be a map of "
                                       f"{', '.join(fields)}")
                if base_part is not None and key not in base_part and "check" in fields \
                        and "check" not in value:
                    # an overlay may add a fan only as a full definition; anything else is a typo
                    hint = _by_name(key, base_part) or did_you_mean(key, base_part)
                    raise RulesetError(f"{src.where(dotted)}: unknown fan id '{shown(key)}'"
                                       f"{hint} (a new fan needs 'check')")
                for field_name in value:
                    if field_name not in fields:
                        raise RulesetError(f"{src.where(dotted + '.' + field_name)}: unknown key "
                                           f"'{shown(dotted + '.' + field_name)}'"
                                           f"{did_you_mean(field_name, fields)}")
            return
        for key, value in data.items():
            dotted = prefix + key
            if key not in schema:
                raise RulesetError(f"{src.where(dotted)}: unknown key '{shown(dotted)}'{did_you_mean(key, schema)}")
            sub = schema[key]
            sub_base = base_part.get(key) if isinstance(base_part, Mapping) else None
            if sub is ANY:
                continue
            if not isinstance(value, Mapping):
                raise RulesetError(f"{src.where(dotted)}: '{dotted}' must be a map")
            walk(value, sub, sub_base, dotted + ".")

    if src.data and not any(key in SCHEMA for key in src.data):
        # say so without echoing the keys: they may be the text of any file given as --ruleset
        raise RulesetError(f"{src.shown.line(1)}: not a ruleset file: none of its top-level keys is a ruleset "
                           f"key ({', '.join(SCHEMA)})")
    walk(src.data, SCHEMA, base, "")


def deep_merge(base: Mapping, overlay: Mapping, path: tuple = ()) -> dict:
    """Maps merge key by key; scalars and lists are replaced, except a fan's ``excludes: {add,
    remove}``, which edits the inherited list (see ``edit_excludes``)."""
    out = dict(base)
    for key, value in overlay.items():
        if key == "excludes" and len(path) == 2 and path[0] == "fans" and isinstance(value, Mapping):
            out[key] = edit_excludes(out.get(key), value)
        elif isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = deep_merge(out[key], value, path + (key,))
        else:
            out[key] = value
    return out


def edit_excludes(inherited, edit: Mapping):
    """The inherited ``excludes`` list less ``remove``, plus ``add``; the edit itself when it cannot
    apply (bad keys, a removed fan not inherited), for compile to report at its line."""
    if isinstance(inherited, Mapping):          # the base's own edit of nothing
        inherited = inherited.get("add", [])
    inherited = inherited or []
    add, remove = edit.get("add", []), edit.get("remove", [])
    if set(edit) - {"add", "remove"} or not isinstance(inherited, list) or not isinstance(add, list) \
            or not isinstance(remove, list) or any(x not in inherited for x in remove):
        return edit
    kept = [x for x in inherited if x not in remove]
    return kept + [x for x in add if x not in kept]


@dataclass
class Resolved:
    """A ruleset after its ``extends`` chain: merged data and where each key was last set."""

    name: str
    path: Path
    data: dict
    origins: dict[str, str] = field(default_factory=dict)     # dotted key -> file:line
    chain: tuple[str, ...] = ()
    files: tuple[Path, ...] = ()          # every file of the extends chain, for cache checks
    option_types: dict = field(default_factory=dict)        # option name -> OptionType
    shown: Shown | None = None            # how messages name the file (default: its path)
    family_bases: tuple[str, ...] = ()    # the chain's files marked ``family_base: true`` (by stem)
    digests: tuple[str, ...] = ()         # SHA-256 of each of ``files`` as read, for the ruleset cache

    def where(self, key: str) -> str:
        k = key
        while k:
            if k in self.origins:
                return self.origins[k]
            if "." not in k:
                break
            k = k.rsplit(".", 1)[0]
        return (self.shown or Shown(str(self.path))).key(key, 1)

    @property
    def fingerprint(self) -> str:
        blob = json.dumps(self.data, sort_keys=True, ensure_ascii=False, default=str)
        return sha256_hex(blob.encode())[:16]


# ----------------------------------------------------------------------------- option declarations

TYPE_NAMES = {"bool": "true or false", "int": "a whole number", "number": "a number", "string": "text",
              "map": "a map"}
DECLARATION_KEYS = ("type", "choices", "min", "max", "above", "fields", "doc")


class OptionType(NamedTuple):
    """What one option may hold (YAML ``option_types``): one of ``choices``, or a value of
    ``type`` within ``min``/``max`` (inclusive) and ``above`` (exclusive); a map's ``fields``
    are declared the same way (read-only). A named tuple: every start defines it."""

    type: str | None = None
    choices: tuple = ()
    min: float | None = None
    max: float | None = None
    above: float | None = None
    fields: Mapping[str, "OptionType"] = MappingProxyType({})
    doc: str = ""

    def expected(self) -> str:
        """What the value should be, in words: 'one of a, b', 'a whole number from 0 to 2' …"""
        parts = []
        if self.choices:
            parts.append(("one of " if len(self.choices) > 1 else "") + ", ".join(map(_yaml_text, self.choices)))
        if self.type is not None:
            words = TYPE_NAMES[self.type]
            if self.type == "map":
                words = f"a map of {', '.join(self.fields)}"
            elif self.above == 0 and self.min is None:
                words = f"a positive {words[2:]}"
            elif self.above is not None:
                words += f" above {_yaml_text(self.above)}"
            if self.min is not None and self.max is not None:
                words += f" from {_yaml_text(self.min)} to {_yaml_text(self.max)}"
            elif self.min is not None:
                words += f" ≥ {_yaml_text(self.min)}"
            elif self.max is not None:
                words += f" ≤ {_yaml_text(self.max)}"
            parts.append(words)
        text = " or ".join(parts)
        return f"{text} ({self.doc})" if self.doc else text

    def accepts(self, value) -> bool:
        """Is ``value`` (not a map: those are checked field by field) one this option may hold?"""
        if any(value == c and isinstance(value, bool) == isinstance(c, bool) for c in self.choices):
            return True
        t = self.type
        if t is None or t == "map":
            return False
        if t == "bool" or t == "string":
            return isinstance(value, bool if t == "bool" else str)
        if isinstance(value, bool) or not isinstance(value, int if t == "int" else (int, float)):
            return False
        # an int is always finite (math.isfinite overflows on one too large for a float)
        return (isinstance(value, int) or math.isfinite(value)) and (self.min is None or value >= self.min) \
            and (self.max is None or value <= self.max) and (self.above is None or value > self.above)


def describe(value) -> str:
    """A YAML value as an error message may show it: a map or a list by its kind, else the
    value itself (a string quoted), cut short."""
    if isinstance(value, Mapping):
        return "a map"
    if isinstance(value, list):
        return "a list"
    return shown(repr(value) if isinstance(value, str) else _yaml_text(value))


def _yaml_text(value) -> str:
    return "null" if value is None else str(value).lower() if isinstance(value, bool) else str(value)


def _declaration(spec, key: str, where: Callable[[str], str]) -> OptionType:
    """Parse one ``option_types`` entry: ``{type: …, choices: […], …}``, or the short forms
    ``bool`` (a type name alone) and ``[a, b, c]`` (choices alone)."""
    if isinstance(spec, str):
        spec = {"type": spec}
    elif isinstance(spec, list):
        spec = {"choices": spec}
    if not isinstance(spec, Mapping):
        raise RulesetError(f"{where(key)}: '{shown(key)}' must be a type name ({', '.join(TYPE_NAMES)}), a list of "
                           f"choices, or a map of {', '.join(DECLARATION_KEYS)}")
    for k in spec:
        if k not in DECLARATION_KEYS:
            raise RulesetError(f"{where(key + '.' + k)}: unknown key '{shown(key + '.' + k)}'"
                               f"{did_you_mean(k, DECLARATION_KEYS)}")
    t = spec.get("type")
    if t is not None and t not in TYPE_NAMES:
        raise RulesetError(f"{where(key + '.type')}: unknown option type {shown(repr(t))}"
                           f"{did_you_mean(t, TYPE_NAMES)}; types: {', '.join(TYPE_NAMES)}")
    choices = spec.get("choices", [])
    if not isinstance(choices, list) or any(isinstance(c, (dict, list)) for c in choices):
        raise RulesetError(f"{where(key + '.choices')}: '{shown(key)}.choices' must be a list of plain values")
    if t is None and not choices:
        raise RulesetError(f"{where(key)}: option '{shown(key.split('.', 1)[1])}' declares neither "
                           f"'choices' nor 'type'")
    bounds = {}
    for b in ("min", "max", "above"):
        v = spec.get(b)
        if v is None:
            continue
        if t not in ("int", "number"):
            raise RulesetError(f"{where(key + '.' + b)}: '{b}' needs type int or number")
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            raise RulesetError(f"{where(key + '.' + b)}: '{shown(key)}.{b}' must be a finite number")
        bounds[b] = v
    fields = spec.get("fields")
    if (fields is not None) != (t == "map"):
        raise RulesetError(f"{where(key)}: type map needs 'fields' (and only a map has them)")
    parsed = {}
    if fields is not None:
        if not isinstance(fields, Mapping) or not fields:
            raise RulesetError(f"{where(key + '.fields')}: 'fields' must map field names to their types")
        parsed = {name: _declaration(sub, f"{key}.fields.{name}", where) for name, sub in fields.items()}
    doc = spec.get("doc", "")
    return OptionType(t, tuple(choices), bounds.get("min"), bounds.get("max"), bounds.get("above"),
                      MappingProxyType(parsed), str(doc))


def _option_types(src: Source, base: "Resolved | None", new_options: Mapping) -> dict[str, OptionType]:
    """This file's ``option_types``, parsed. A file without ``extends`` declares every option
    it sets; an overlay declares exactly the options its ``new_options`` introduces."""
    spec = src.data.get("option_types")
    if spec is None:
        spec = {}
    if not isinstance(spec, Mapping):
        raise RulesetError(f"{src.where('option_types')}: 'option_types' must map option names to their types")
    declared = {name: _declaration(decl, f"option_types.{name}", src.where) for name, decl in spec.items()}
    if base is None:
        own = src.data.get("options") or {}
        section = "options"
    else:
        own = new_options
        section = "new_options"
        for name in declared:
            if name in base.option_types:
                raise RulesetError(f"{src.where('option_types.' + name)}: option '{shown(name)}' is declared "
                                   f"in the base ({base.where('option_types.' + name)}); an overlay declares "
                                   f"only the options of its 'new_options'")
    for name in declared:
        if name not in own:
            raise RulesetError(f"{src.where('option_types.' + name)}: option_types declares '{shown(name)}', "
                               f"which '{section}' does not set{did_you_mean(name, own)}")
    for name in own:
        if name not in declared:
            raise RulesetError(f"{src.where(section + '.' + name)}: option '{shown(name)}' has no declared "
                               f"type: add it under 'option_types' ({', '.join(TYPE_NAMES)}, or choices)")
    return declared


def check_option(decl: OptionType, value, key: str, where: Callable[[str], str]) -> None:
    """A value outside its declaration is a ruleset_error at the value's file:line."""
    name = key.split(".", 1)[1]
    if decl.type == "map" and isinstance(value, Mapping):
        for sub, v in value.items():
            if sub not in decl.fields:
                raise RulesetError(f"{where(f'{key}.{sub}')}: unknown key '{shown(f'{name}.{sub}')}'"
                                   f"{did_you_mean(sub, decl.fields)}")
            check_option(decl.fields[sub], v, f"{key}.{sub}", where)
        return
    if decl.accepts(value):
        return
    hint = did_you_mean(value, [c for c in decl.choices if isinstance(c, str)]) if isinstance(value, str) else ""
    if isinstance(value, bool) and any(c in ("off", "on", "yes", "no") for c in decl.choices):
        hint = " (YAML reads a bare off/on/yes/no as true or false: quote it)"
    raise RulesetError(f"{where(key)}: option '{name}' must be {decl.expected()}, got {describe(value)}{hint}")


class OptionValues(dict):
    """A ruleset's option values (a map option's fields alike): reading one the ruleset does not
    set (``options[name]``) is a ruleset_error naming the ruleset's file and the option, never a
    KeyError; ``get(name, default)`` and ``in`` still ask quietly."""

    def __init__(self, values: Mapping, ruleset: str, where: str, prefix: str = ""):
        super().__init__((k, OptionValues(v, ruleset, where, f"{prefix}{k}.") if isinstance(v, Mapping) else v)
                         for k, v in values.items())
        self._about = (ruleset, where, prefix)

    def __missing__(self, key):
        ruleset, where, prefix = self._about
        name = f"{prefix}{key}"
        raise RulesetError(f"{where}: ruleset '{ruleset}' does not set option '{shown(name)}', which its checks or "
                           f"settlement read{did_you_mean(str(key), [k for k in self if isinstance(k, str)])}: "
                           f"give it a value under 'options' (a ruleset without 'extends' declares and sets "
                           f"every option it plays with; an overlay of a shipped ruleset inherits them)")


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


def family_base(src: Source) -> bool:
    """Is this file a family base (``family_base: true``): the declarations and values a family of
    rulesets shares, loaded only as the base of one that extends it?"""
    flag = src.data.get("family_base", False)
    if not isinstance(flag, bool):
        raise RulesetError(f"{src.where('family_base')}: 'family_base' must be true or false, got {describe(flag)}")
    return flag


def is_family_base(path: Path) -> bool:
    """``path`` is a readable ruleset file marked ``family_base: true`` (False when it cannot be
    read: loading it says why)."""
    try:
        return family_base(read_yaml(path))
    except RulesetError:
        return False


def _extenders(path: Path, find_by_name: Callable[[str], Path | None], names: Callable[[], Iterable[str]]) -> list[str]:
    """The rulesets whose ``extends`` names ``path``: installed ones by name, files beside it by
    file name."""
    def named(name: str) -> Path | None:
        try:
            return find_by_name(name)
        except MahjongError:              # a name two plugins ship: loading it says so
            return None

    found = set()
    candidates = [(n, named(n)) for n in names()] + [(f.stem, f) for f in sorted(path.parent.glob("*.y*ml"))]
    for name, other in candidates:
        if other is None or other.resolve() == path:
            continue
        try:
            target = read_yaml(other).data.get("extends")
        except MahjongError:
            continue
        if not isinstance(target, str):
            continue
        by_path = target.endswith((".yaml", ".yml")) or "/" in target
        base = other.parent / target if by_path else named(target)
        if base is not None and base.resolve() == path:
            found.add(name)
    return sorted(found)


def resolve(path: Path, find_by_name: Callable[[str], Path | None], names: Callable[[], Iterable[str]],
            _seen: tuple[tuple[Path, Shown], ...] = (), as_shown: Shown | None = None) -> Resolved:
    """Load ``path`` and everything it extends; overlays are checked against their base. Messages
    name the file ``as_shown`` (default: the path as given), a base by its name, or by its path
    beside this one as the user would write it."""
    here = as_shown or Shown(str(path))
    path = path.resolve()
    if len(_seen) > MAX_EXTENDS:
        raise RulesetError(f"{here}: extends chain longer than {MAX_EXTENDS} files")
    if any(path == seen for seen, _ in _seen):
        cycle = " -> ".join(str(label) for _, label in _seen + ((path, here),))
        raise RulesetError(f"'extends' cycle: {cycle}")
    src = read_yaml(path, here)
    is_base = family_base(src)
    if is_base and not _seen:
        users = _extenders(path, find_by_name, names)
        users_text = (f": load one that extends it ({', '.join(users)})" if users
                      else "; no ruleset extends it")
        raise RulesetError(f"{src.where('family_base')}: a family base (the options and settings of the "
                           f"rulesets that extend it), not a ruleset to load on its own{users_text}")
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
                raise UnknownRulesetError(f"{src.where('extends')}: extends '{shown(target)}': no such file "
                                          f"{shown(here.beside(target), 200)}{hint}")
        else:
            base_path = find_by_name(target)
            if base_path is None:
                raise UnknownRulesetError(f"{src.where('extends')}: extends '{shown(target)}': unknown ruleset"
                                          f"{did_you_mean(target, list(names()))}")
        by_path = target.endswith((".yaml", ".yml")) or "/" in target
        base = resolve(base_path, find_by_name, names, _seen + ((path, here),),
                       here.beside(target) if by_path else Shown(target, True))
    new_options = _new_options(src, base)
    schema_base = base.data if base else None
    if base and new_options:
        schema_base = dict(base.data, options=dict(base.data.get("options") or {}, **new_options))
    check_schema(src, schema_base)
    option_types = dict(base.option_types if base else {}, **_option_types(src, base, new_options))
    data = {k: v for k, v in src.data.items() if k not in ("extends", "new_options", "family_base")}
    origins = dict(base.origins) if base else {}
    for key, line in src.lines.items():
        if key not in ("extends", "family_base"):
            origins[key] = src.shown.key(key, line)
    if new_options:
        data["options"] = dict(data.get("options") or {}, **new_options)
        for key in new_options:
            origins["options." + key] = origins.get("new_options." + key, src.where("new_options"))
    merged = deep_merge(base.data, data) if base else data
    chain = (base.chain if base else ()) + (path.stem,)
    files = (base.files if base else ()) + (path,)
    bases = (base.family_bases if base else ()) + ((path.stem,) if is_base else ())
    digests = (base.digests if base else ()) + (src.digest,)
    return Resolved(path.stem, path, merged, origins, chain, files, option_types, here, bases, digests)
