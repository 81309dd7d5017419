"""大众 / 联众 popular mahjong: Guobiao's fans plus 混 wild tiles, opening-event and flower fans.

The rulesets ``popular`` (the 18-fan 大众 list, README.md) and ``popular-lianzhong`` (联众 values)
extend ``guobiao`` in YAML; this plugin registers only the extra fan checks (``popular.*``), the
two settlements, the check that 七抢一's extras key is declared and the table's flow (the 混
indicator turned up after the deal, flow.py). The wild tiles' rules are core's (``table.wilds``, see wilds.py).
"""
from __future__ import annotations

from mahjong_core.plugin import RulesetError, fan_checks, hookimpl

# Each hook imports the module it answers from: an engine that loads this plugin only for its
# ruleset check (asked of every ruleset) imports none of them.


@hookimpl
def mahjong_fan_checks():
    """The ``popular.*`` checks, each declared beside its function in checks.py (``@fan_check``)."""
    from . import checks
    return fan_checks(checks)


@hookimpl
def mahjong_settlements():
    from . import settlement
    return list(settlement.RULES)


@hookimpl
def mahjong_validate_ruleset(ruleset):
    """A ruleset scoring 七抢一 must declare the extras key the check reads."""
    if not any(r.check == "popular.seven_robs_one" for r in ruleset.fan_rules):
        return
    from .checks import SEVEN_ROBS_ONE_FLAG
    if not any(f.name == SEVEN_ROBS_ONE_FLAG and f.type == "bool" for f in ruleset.table.extras):
        raise RulesetError(f"{ruleset.where('table.extras')}: the popular.seven_robs_one check reads "
                           f"extras.{SEVEN_ROBS_ONE_FLAG}: declare it under table.extras with type: bool")


@hookimpl
def mahjong_table_flow(ruleset):
    """The table turns up the 混 indicator after the deal (flow.py)."""
    from . import flow
    return flow.table_flow(ruleset)


@hookimpl
def mahjong_tail_answers(ruleset):
    """The pattern checks, compiled, for every reading of a hand (answers.py)."""
    if not any(t.entry.check_id.startswith("popular.") for t in ruleset.plan.tail):
        return None
    from . import answers
    return answers.tail_answers(ruleset)
