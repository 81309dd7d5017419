"""What a ruleset holds and what one changes against another: the data behind ``mahjong fans``
and ``mahjong diff``, in plain JSON-ready dicts."""
from __future__ import annotations

import json
import sys
from collections.abc import Mapping

from mahjong_core.engine.errors import MahjongError

# data keys shown elsewhere (fans, options) or not rules at all (title, description)
_NOT_SETTINGS = ("fans", "options", "title", "description")


def fan_fields(rule) -> dict:
    """A fan as the rules apply it, under its YAML field names (``points`` is its amount, with
    ``unit`` as in a score result when it is not points; ``excludes`` with what ``excluded_by``
    and ``tier`` add; ``excludes``/``reduces`` hold only fans that are enabled; ``tier`` and
    ``rules_out_fallback`` only when set)."""
    out = {"zh": rule.zh, "en": rule.en, "points": rule.points, "check": rule.check, "args": dict(rule.args),
           "excludes": list(rule.excludes), "reduces": dict(rule.reduces),
           "counts_to_minimum": rule.counts_to_minimum, "dropped_when_others_exceed": rule.dropped_above}
    if rule.unit != "points":
        out["unit"] = rule.unit
    if rule.tier is not None:
        out["tier"] = rule.tier
    if not rule.rules_out_fallback:
        out["rules_out_fallback"] = False
    return out


def awarded_by(rules) -> dict[str, str]:
    """Fan id → ``"module.function"`` that decides it: the function of the check its YAML names,
    or, where that check's plugin package knows better (a module-level ``awarded_by(ruleset)``,
    as Guobiao's family checks have), the function it names."""
    checks = rules.engine.registry.checks
    refined: dict = {}
    out = {}
    for r in rules.fan_rules:
        func = checks[r.check].item.func
        package = func.__module__.partition(".")[0]
        if package not in refined:
            refine = getattr(sys.modules.get(package), "awarded_by", None)
            refined[package] = refine(rules) if callable(refine) else {}
        out[r.id] = refined[package].get(r.id) or f"{func.__module__}.{func.__qualname__}"
    return out


def amount(n, unit: str) -> str:
    """A fan's amount as the value formula uses it: 8 points, ×2^3 (3 doublings), +10 (a bonus)."""
    return f"×2^{n}" if unit == "doublings" else f"+{n}" if unit == "bonus" else str(n)


def fans(rules) -> list[dict]:
    """Every enabled fan, in the ruleset's order, with its amount in its unit (``amount``), the
    ``file:line`` that last set it and the function that awards it."""
    by = awarded_by(rules)
    return [{"id": r.id, **fan_fields(r), "amount": amount(r.points, r.unit), "where": rules.where(f"fans.{r.id}"),
             "awarded_by": by[r.id]} for r in rules.fan_rules]


def checks(rules) -> dict[str, dict]:
    """Each check the ruleset's fans name: the fan ids it can award (``FanCheck.awards``, null
    when it does not say), the ruleset's fans under it, and whether it is asked once per hand."""
    registered = rules.engine.registry.checks
    out: dict[str, dict] = {}
    for r in rules.fan_rules:
        item = registered[r.check].item
        entry = out.setdefault(r.check, {"awards": None if item.awards is None else sorted(item.awards),
                                         "fans": [], "per_hand": item.per_hand})
        entry["fans"].append(r.id)
    return out


def base(engine, rules):
    """The ruleset ``rules`` extends (the file before it in its chain)."""
    files = rules._resolved.files
    if len(files) < 2:
        raise MahjongError(f"ruleset '{rules.name}' extends no other ruleset: name a second ruleset to compare")
    if rules._resolved.chain[-2] in rules._resolved.family_bases:
        raise MahjongError(f"ruleset '{rules.name}' extends only the family base '{rules._resolved.chain[-2]}', "
                           f"which is not a ruleset of its own: name a second ruleset to compare")
    return engine.load_ruleset(files[-2])


def _same(x, y) -> bool:
    """Equal as JSON: ``1`` and ``true`` (equal in Python) are different settings."""
    return json.dumps(x, sort_keys=True, default=str) == json.dumps(y, sort_keys=True, default=str)


def _flat(data: Mapping, prefix: str = "") -> dict:
    out: dict = {}
    for key, value in data.items():
        if isinstance(value, Mapping) and value:
            out.update(_flat(value, f"{prefix}{key}."))
        else:
            out[prefix + key] = value
    return out


def _changes(a: Mapping, b: Mapping) -> dict:
    """``{key: [a's value, b's value]}`` for every key whose value differs; null where unset."""
    keys = dict.fromkeys([*a, *b])
    return {k: [a.get(k), b.get(k)] for k in keys if (k in a) != (k in b) or not _same(a.get(k), b.get(k))}


def _brief(rule) -> dict:
    out = {"id": rule.id, "zh": rule.zh, "en": rule.en, "points": rule.points}
    if rule.unit != "points":
        out["unit"] = rule.unit
    return out


def _header(rules) -> dict:
    return {"name": rules.name, "title": rules.title, "fingerprint": rules.fingerprint}


def diff(a, b) -> dict:
    """What ``b`` changes against ``a``: fans added, removed and changed (field by field), options,
    and every other setting (table, shapes, scoring, settlement) by dotted key."""
    fa = {r.id: r for r in a.fan_rules}
    fb = {r.id: r for r in b.fan_rules}
    changed = []
    for fid, rule in fa.items():
        if fid in fb:
            fields = _changes(fan_fields(rule), fan_fields(fb[fid]))
            if fields:
                changed.append({"id": fid, "changes": fields})
    settings_a = _flat({k: v for k, v in a.data.items() if k not in _NOT_SETTINGS})
    settings_b = _flat({k: v for k, v in b.data.items() if k not in _NOT_SETTINGS})
    # a shape switched by an option (``shapes.<id>.when``) changes no YAML of its own: say it
    play_a, play_b = ({shape.id for shape, _, _ in r.shapes} for r in (a, b))
    for sid in sorted(play_a ^ play_b):
        settings_a[f"shapes.{sid}.in_play"], settings_b[f"shapes.{sid}.in_play"] = sid in play_a, sid in play_b
    return {"ok": True, "a": _header(a), "b": _header(b),
            "fans": {"added": [_brief(r) for fid, r in fb.items() if fid not in fa],
                     "removed": [_brief(r) for fid, r in fa.items() if fid not in fb],
                     "changed": changed},
            "options": _changes(a.options, b.options),
            "settings": _changes(settings_a, settings_b)}


def settlement(rules) -> dict | None:
    """The ruleset's settlement as its rule declares it: the rule's id and each record event
    type it accepts with that type's fields (core's and the rule's own, ``records.event_fields``),
    in the order the rule handles them; None when the ruleset defines no settlement."""
    from mahjong_core.engine.records import event_fields

    if rules.settlement_rule is None:
        return None
    rule = rules.settlement_rule.item
    fields = event_fields(rule.event_fields)
    events = []
    for kind in rule.event_types:
        events.append({"type": kind, "fields": {
            name: {"kind": f.kind, "required": f.required, **({"choices": list(f.choices)} if f.choices else {}),
                   **({"doc": f.doc} if f.doc else {})}
            for name, f in fields.get(kind, {}).items()}})
    return {"rule": rule.id, "events": events}


SITUATION_FLAGS = ("last_tile", "after_kong", "robbing_kong", "discard_after_kong", "fourth_tile", "dealer",
                   "first_turn", "ready_at_start", "declared_ready")


def situation_flags(rules) -> list[str]:
    """The situation flags a hand's score can depend on under ``rules``: those the checks of its
    enabled fans read (``FanCheck.reads``), and robbing_kong where a win may rob a kong (a win
    method); every flag when a check does not say what it reads."""
    checks = rules.engine.registry.checks
    used = {"robbing_kong"} if "robbing_kong" in rules.table.win_methods else set()
    for r in rules.fan_rules:
        reads = checks[r.check].item.reads
        if reads is None:
            return list(SITUATION_FLAGS)
        used.update(reads(r.args) if callable(reads) else reads)
    return [f for f in SITUATION_FLAGS if f in used]
