"""What a Fuzhou situation and ruleset must say beyond core's checks (YAML ``validators``):

* ``fuzhou.robbing_gold``: a 抢金 win takes the face-up gold at the opening, so it is
  self-drawn and its winning tile is the gold kind;
* ``fuzhou.gold_discard`` (ruleset only): ``options.gold_discard`` agrees with
  ``table.wilds.discard``;
* ``fuzhou.formula`` (ruleset only): ``options.formula`` names the value formula the YAML
  gives (``FORMULAS``).
"""
from __future__ import annotations

from typing import NamedTuple

from mahjong_core.plugin import tiles as T
from mahjong_core.plugin import HandError, RulesetError

from .golds import robbing_gold


def check_situation(situation, ruleset=None) -> None:
    """Raise invalid_situation for an ``extras.robbing_gold`` that could not have happened."""
    if not robbing_gold(situation):
        return
    if not situation.self_drawn:
        raise HandError("'extras.robbing_gold' (抢金) takes the turned-up gold: it is scored as a self-draw, "
                        "so it needs 'self_drawn': true")
    if situation.win_tile not in situation.wilds:
        gold = T.format_tiles(situation.wilds) if situation.wilds else "none given in 'wilds'"
        raise HandError(f"'extras.robbing_gold' (抢金): the winning tile {T.name(situation.win_tile)} must be "
                        f"the gold ({gold})")


def gold_discard_agrees(ruleset) -> None:
    """``options.gold_discard: forbidden`` exactly when ``table.wilds.discard`` is false."""
    forbidden = ruleset.options["gold_discard"] == "forbidden"
    if forbidden == ruleset.table.wilds.discard:
        raise RulesetError(f"{ruleset.where('options.gold_discard')}: options.gold_discard is "
                           f"{ruleset.options['gold_discard']} but table.wilds.discard is "
                           f"{str(ruleset.table.wilds.discard).lower()}: golds may be discarded exactly when "
                           f"the option is not 'forbidden'")


class Formula(NamedTuple):
    """What one ``options.formula`` value needs of the ``units`` value formula and the fans."""

    base: int                       # scoring.value.params.base
    multipliers: dict               # scoring.value.params.multiplier_by_method, the entries ≠ 1
    takes_bonus: bool               # scoring.value.params.multiplier_takes_bonus (read with multipliers)
    doublings: frozenset            # (check id, doublings) of the enabled doublings fans
    without: frozenset              # checks whose fans must be off (kongs are no part of version A's B)
    says: str                       # S, as a sentence


FORMULAS = {
    "version_b": Formula(0, {}, True, frozenset({("fuzhou.self_draw", 1)}), frozenset(),
                         "S = B + special, 2 × B + special self-drawn (the self_draw fan doubles)"),
    "version_a": Formula(5, {"self_drawn": 3}, False, frozenset({("core.always", 1)}), frozenset({"fuzhou.kongs"}),
                         "S = (flowers + golds + streak + 5) × 2 + special, the × 2 part × 3 self-drawn (params "
                         "base: 5, multiplier_by_method: {self_drawn: 3}, multiplier_takes_bonus: false; the "
                         "every_win fan on; the self_draw, exposed_kongs and concealed_kongs fans off)"),
}


def formula_agrees(ruleset) -> None:
    """``options.formula`` is the formula ``scoring.value`` and the doublings fans make: an
    overlay switching one without the other is refused, naming both places."""
    name = ruleset.options["formula"]
    want = FORMULAS[name]
    params = ruleset.value_params
    doublings = frozenset((r.check, r.points) for r in ruleset.fan_rules if r.unit == "doublings")
    multipliers = {m: n for m, n in (params.get("multiplier_by_method") or {}).items() if n != 1}
    if ruleset.value_formula_id != "units":
        key, got = "scoring.value.formula", "not units"
    elif params.get("base", 0) != want.base:
        key, got = "scoring.value.params.base", f"base {params.get('base', 0)}"
    elif multipliers != want.multipliers:
        shown = "{" + ", ".join(f"{m}: {n}" for m, n in multipliers.items()) + "}" if multipliers else "none"
        key, got = "scoring.value.params.multiplier_by_method", f"multiplier_by_method {shown}"
    elif want.multipliers and params.get("multiplier_takes_bonus", True) != want.takes_bonus:
        key = "scoring.value.params.multiplier_takes_bonus"
        got = f"multiplier_takes_bonus {str(params.get('multiplier_takes_bonus', True)).lower()}"
    elif doublings != want.doublings:
        key, got = _doublings_fan(ruleset, doublings, want)
    elif any(r.check in want.without for r in ruleset.fan_rules):
        r = next(r for r in ruleset.fan_rules if r.check in want.without)
        key, got = f"fans.{r.id}", f"fan {r.id} ({r.check}) switched on"
    else:
        return
    here, there = ruleset.where("options.formula"), ruleset.where(key)
    own = str(ruleset.path)
    first = there if there.startswith(own) and not here.startswith(own) else here
    raise RulesetError(f"{first}: options.formula is {name} (set at {here}) but {key} (set at {there}) "
                       f"gives {got}: {name} is {want.says}; set the option and the formula together, or "
                       f"options.formula to {' or '.join(v for v in FORMULAS if v != name)}")


def _doublings_fan(ruleset, doublings: frozenset, want: Formula) -> tuple[str, str]:
    """(the key of the fan that disagrees, what it gives): one on that the formula has no use
    for, else one the formula needs that is off (found by its check)."""
    for r in ruleset.fan_rules:
        if r.unit == "doublings" and (r.check, r.points) not in want.doublings:
            return f"fans.{r.id}", f"fan {r.id} ({r.check}, doublings {r.points}) switched on"
    check, n = sorted(want.doublings - doublings)[0]
    fid = next((f for f, spec in (ruleset.data.get("fans") or {}).items() if spec.get("check") == check), None)
    return (f"fans.{fid}" if fid else "fans"), f"no fan of {check} with doublings {n} switched on"
