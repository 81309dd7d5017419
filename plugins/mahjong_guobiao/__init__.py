"""Guobiao (MCR, 国标麻将): the 81 fans + 明暗杠, the knitted and nine-gates win shapes, the
competition settlement and the reference calculator's tie-break.

Points, exclusions and rule-version options live in rulesets/guobiao.yaml (and its overlays
guobiao-2014.yaml, guobiao-strict98.yaml); this package holds only what needs an algorithm:

* standard.py — the checks the YAML names (``guobiao.<family>``), one per family of fans, each
  declared with ``@fan_check`` (its award set read from the ``AWARDS`` tables below);
* traits.py — the tile-trait engine (one predicate per trait fan), relations.py — the set
  relationships under the combination principles, facts.py — what a reading holds;
* one module per special shape, with the shape's search and every fan it earns:
  seven_pairs.py, thirteen_orphans.py, honors_and_knitted.py, knitted_straight.py,
  nine_gates.py;
* fills.py — the fill keys that let a family of wild readings share answers;
* awards.py — fan id → the function that decides it (``AWARDS``, ``awarded_by``), from the same
  ``AWARDS`` tables: each module files a fan under the check reporting it, with its function.
"""
from __future__ import annotations

from mahjong_core.plugin import SettlementRule, WinShape, fan_checks, hookimpl

from . import honors_and_knitted, knitted_straight, nine_gates, settlement, standard
from .awards import AWARDS, awarded_by

# the hooks that answer from choose.py, explain.py and fastpath/ import them when asked: an
# engine that loads this plugin for another family's ruleset imports none of them

__all__ = ["AWARDS", "awarded_by"]


@hookimpl
def mahjong_win_shapes():
    return [
        WinShape("honors_and_knitted", honors_and_knitted.readings, honors_and_knitted.readings.__doc__,
                 melds=False, waits=honors_and_knitted.shape_waits, shanten=honors_and_knitted.shanten,
                 shanten_draws=honors_and_knitted.shanten_draws,
                 shanten_useful=honors_and_knitted.shanten_useful, kernel="honors_and_knitted"),
        WinShape("knitted_straight", knitted_straight.readings, knitted_straight.readings.__doc__,
                 waits=knitted_straight.shape_waits, shanten=knitted_straight.shanten,
                 shanten_draws=knitted_straight.shanten_draws,
                 shanten_bound=knitted_straight.shanten_bound,
                 shanten_useful=knitted_straight.shanten_useful, kernel="knitted_straight"),
        WinShape("nine_gates", nine_gates.readings, nine_gates.readings.__doc__, melds=False,
                 waits=nine_gates.shape_waits, shanten=nine_gates.shanten,
                 shanten_draws=nine_gates.shanten_draws, shanten_bound=nine_gates.shanten_bound,
                 kernel="nine_gates"),
    ]


@hookimpl
def mahjong_fan_checks():
    """The ``guobiao.*`` checks, each declared beside its function in standard.py (``@fan_check``):
    the six asked of every reading first carry the fill key (fills.py), 边张/嵌张/单钓将 award at
    most one, 无番和 is per hand."""
    return fan_checks(standard)


@hookimpl
def mahjong_settlements():
    return [SettlementRule("guobiao", settlement.settle, settlement.settle.__doc__,
                           event_types=("win", "kong", "end"))]


@hookimpl
def mahjong_choose_result(candidates, ruleset):
    """Ties between readings of a Guobiao-family ruleset: pick what the reference picks. The hook
    is asked for every ruleset; one that does not declare Guobiao's ``tie_break`` is not ours."""
    if ruleset.options.get("tie_break") != "reference":
        return None
    from . import choose
    return choose.reference_choice(candidates)


@hookimpl
def mahjong_chooses_ties(ruleset):
    """Only a ruleset declaring Guobiao's ``tie_break: reference`` has its ties picked here."""
    return ruleset.options.get("tie_break") == "reference"


@hookimpl
def mahjong_explain(result, ruleset):
    """Which sets made which relationship fans, what the combination principles removed."""
    if not any(r.check.startswith("guobiao.") for r in ruleset.fan_rules):
        return None
    from . import explain
    return explain.explain(result, ruleset)



@hookimpl
def mahjong_tail_answers(ruleset):
    """``guobiao.waits``, compiled, beside the head checks (fastpath/heads.py)."""
    if not any(t.entry.check_id == "guobiao.waits" for t in ruleset.plan.tail):
        return None
    from .fastpath import heads
    return heads.tail_answers(ruleset)


@hookimpl
def mahjong_head_answers(ruleset):
    """The six reading checks, compiled, for every standard and seven pairs reading of a hand
    (fastpath/heads.py)."""
    if not any(e.check_id == "guobiao.pungs" for e in ruleset.plan.head):
        return None
    from .fastpath import heads
    return heads.head_answers(ruleset)


@hookimpl
def mahjong_fast_scorer(ruleset):
    """The fast path (fastpath/) for a ruleset whose scoring it was checked on, else None."""
    from . import fastpath
    return fastpath.scorer(ruleset)
