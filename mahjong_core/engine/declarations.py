"""What a ruleset's table names beside its scoring units, as plugins declare them: situation
fields (``mahjong_situation_fields``, YAML ``table.extras``) and validators
(``mahjong_validators``, YAML ``validators``). Apart from hookspecs.py, which names them, so
that an engine whose plugins declare none (Guobiao's) defines neither record: plugins.py reads
them when a plugin answers those hooks."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .hand import EXTRA_TYPES


@dataclass(frozen=True, slots=True)
class SituationField:
    """A situation field a plugin gives a meaning to, kept in the situation's ``extras`` (a
    ruleset enables it by id: YAML ``table.extras: {<name>: {field: <id>}}``).

    - ``id`` (``str``): the id YAML names it by, e.g. ``fuzhou.robbing_gold``
    - ``name`` (``str``): its key in ``extras``, e.g. ``robbing_gold``
    - ``type`` (``str``): ``bool``, ``int`` or ``string``
    - ``default`` (``Any``): its value when a situation leaves it out (None: left out of ``extras``)
    - ``doc`` (``str``): what it means, shown by ``--help`` and the ruleset docs
    - ``flag`` (``str | None``): its command-line flag (default ``--`` + name with dashes)
    """

    id: str
    name: str
    type: str
    default: Any = None
    doc: str = ""
    flag: str | None = None

    def __post_init__(self):
        if self.type not in EXTRA_TYPES:
            raise ValueError(f"situation field '{self.id}': type must be bool, int or string, got {self.type!r}")
        if self.default is not None and self.default.__class__ is not EXTRA_TYPES[self.type]:
            raise ValueError(f"situation field '{self.id}': default {self.default!r} is not a {self.type}")
        if not (isinstance(self.name, str) and self.name.isidentifier()):
            raise ValueError(f"situation field '{self.id}': name must be an identifier, got {self.name!r}")
        if self.flag is not None and not (isinstance(self.flag, str) and self.flag.startswith("--")):
            raise ValueError(f"situation field '{self.id}': flag must start with '--', got {self.flag!r}")


@dataclass(frozen=True, slots=True)
class Validator:
    """Checks a ruleset names by id (YAML ``validators: [id, ...]``): of each situation it parses,
    after core's own checks, and of the ruleset itself once it is built.

    - ``id`` (``str``): the id YAML names it by, e.g. ``sichuan.void_suit``
    - ``check`` (``Callable[..., None] | None``): ``check(situation, ruleset)`` raises a
      ``MahjongError`` to refuse the situation; returns nothing
    - ``doc`` (``str``): one line shown in the ruleset docs
    - ``ruleset`` (``Callable[..., None] | None``): ``ruleset(ruleset)`` raises ``RulesetError`` to
      refuse a ruleset naming it (an overlay that breaks what the plugin's checks rely on)
    """

    id: str
    check: Callable[..., None] | None = None
    doc: str = ""
    ruleset: Callable[..., None] | None = None
