"""What ``--explain`` says beyond the result: every fan left out named as a player reads it (zh,
en), a fan a reduction only lowered kept apart from the fans not counted at all, and the limit
of the value formula that cut the value (封顶), so an explanation never contradicts the fan list."""
from __future__ import annotations

from .hand import win_method
from .results import ScoreResult
from .scoring.units import Units, doubling_value, limits_reached, units_value


def _names(ruleset, fan_id: str) -> dict:
    rule = ruleset.fan_by_id.get(fan_id)
    return {"zh": rule.zh, "en": rule.en} if rule is not None else {}


def _caps(ruleset, result: ScoreResult) -> list[dict]:
    """The value formula's limits that cut this result's value (built-in formulas only: a
    plugin's formula says nothing of its limits)."""
    params = ruleset.value_params
    if ruleset.value_formula is units_value:
        return limits_reached(result.fans, **params)
    if ruleset.value_formula is doubling_value:
        # base × 2^min(total, cap): the total counts doublings, ``cap`` the most that count
        return limits_reached(Units(0, result.total, 0), params.get("base", 1), params.get("cap"),
                              doublings_param="cap")
    return []


def explain(ruleset, result: ScoreResult) -> dict:
    """The result with what it took to get there: points toward the minimum, the fans excluded
    (``excluded``) or lowered (``reduced``, with how many were taken) and by what, the limits
    that cut the value (``capped``), and whatever the ruleset's plugins add (``notes``)."""
    out = result.explain()
    out["minimum"] = ruleset.minimums[win_method(result.situation)]
    notes: list[str] = []
    for part in ruleset.engine.explain(result, ruleset):
        notes.extend(part.get("notes", ()))
        seen = {e["id"] for e in out["excluded"]}
        for e in part.get("excluded", ()):
            if e.get("id") not in seen:
                out["excluded"].append(dict(e))
    counted = {f.id: f.count for f in result.fans}
    excluded, reduced = [], []
    for e in out["excluded"]:
        e = dict(e, **_names(ruleset, e["id"]))
        if e["id"] in counted:
            # a reduction (``reduces``) took some away; the fan still counts with what is left
            by = e.get("by") or []
            taken = sum(ruleset.fan_by_id[b].reduces.get(e["id"], 0) * counted.get(b, 0)
                        for b in by if b in ruleset.fan_by_id)
            reduced.append(dict(e, taken=taken))
        else:
            excluded.append(e)
    out["excluded"] = excluded
    if reduced:
        out["reduced"] = reduced
    for d in out.get("dropped", ()):
        d.update(_names(ruleset, d["id"]))
    caps = _caps(ruleset, result)
    if caps:
        out["capped"] = caps
    if notes:
        out["notes"] = notes
    return out
