"""Ruleset checks that keep a Sichuan YAML (or a house overlay of it) consistent."""
from __future__ import annotations

from mahjong_core.errors import RulesetError, show

from .options import cap_multiplier, option, validate_options
from .patterns import void_suit_veto

BASE_CHECKS = ("sichuan.base_patterns", "sichuan.heaven_earth")


def void_suit(situation, ruleset) -> None:
    """Validator ``sichuan.void_suit``: a hand holding its void suit, or all three suits, cannot win."""
    void_suit_veto(situation, ruleset.options)


def check_base_order(ruleset) -> None:
    """With ``stacking: max_base_pattern`` only the highest base pattern may count, and that is
    what the ``excludes`` lists say: of two base patterns, the one worth more (or, at equal
    worth, exactly one of the two) must exclude the other. Checked so an overlay that changes
    a pattern's points cannot silently start adding patterns up."""
    base = [r for r in ruleset.fan_rules if r.check in BASE_CHECKS]
    for a in base:
        for b in base:
            if a.id >= b.id:
                continue
            a_ex, b_ex = b.id in a.excludes, a.id in b.excludes
            hi, lo = (a, b) if a.points >= b.points else (b, a)
            hi_ex = a_ex if hi is a else b_ex
            lo_ex = b_ex if hi is a else a_ex
            if a.points != b.points and (not hi_ex or lo_ex):
                raise RulesetError(
                    f"{ruleset.where(f'fans.{hi.id}.excludes')}: stacking is max_base_pattern, so base "
                    f"pattern '{hi.id}' ({hi.points} 番) must exclude '{lo.id}' ({lo.points} 番)"
                    + (f" and '{lo.id}' must not exclude it" if lo_ex else ""))
            if a.points == b.points and a_ex == b_ex:
                raise RulesetError(
                    f"{ruleset.where(f'fans.{a.id}.excludes')}: stacking is max_base_pattern: of the "
                    f"equal base patterns '{a.id}' and '{b.id}' ({a.points} 番) exactly one must exclude "
                    f"the other (now: {'both' if a_ex else 'neither'})")


def validate(ruleset) -> None:
    """The ruleset check of validator ``sichuan.void_suit``: options, cap and base-pattern order."""
    validate_options(ruleset)
    cap = cap_multiplier(ruleset)
    if cap is not None and (isinstance(cap, bool) or not isinstance(cap, (int, float)) or cap < 1):
        raise RulesetError(f"{ruleset.where('scoring.value.params.cap_multiplier')}: cap_multiplier must "
                           f"be a multiplier ≥ 1 (e.g. 64) or null for no cap, got {show(cap)}")
    if option(ruleset.options, "stacking") == "max_base_pattern":
        check_base_order(ruleset)
