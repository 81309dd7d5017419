"""Ruleset checks that keep a Sichuan YAML (or a house overlay of it) consistent."""
from __future__ import annotations

import weakref

from .options import validate_options


_KNOWN: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def is_sichuan(ruleset) -> bool:
    """Does this ruleset use the Sichuan settlement or checks (so Sichuan vetoes apply)?"""
    try:
        return _KNOWN[ruleset]
    except (KeyError, TypeError):
        pass
    rule = ruleset.settlement_rule
    found = (rule is not None and rule.item.id == "sichuan_blood_battle") or \
        any(r.check.startswith("sichuan.") for r in ruleset.fan_rules)
    try:
        _KNOWN[ruleset] = found
    except TypeError:
        pass
    return found


def validate(ruleset) -> None:
    if not is_sichuan(ruleset):
        return
    validate_options(ruleset)
