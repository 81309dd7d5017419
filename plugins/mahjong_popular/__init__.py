"""大众 / 联众 popular mahjong: Guobiao's fans plus 混 wild tiles, opening-event and flower fans.

The rulesets ``popular`` (the seed's 18-fan 大众 list) and ``popular-lianzhong`` (联众 values)
extend ``guobiao`` in YAML; this plugin registers only the extra fan checks (``popular.*``), the
two settlements and the option checks. See wilds.py for the wild-tile selection rule.
"""
from __future__ import annotations

from mahjong_core.errors import MahjongError, RulesetError, did_you_mean
from mahjong_core.fans import FanCheck
from mahjong_core.hookspecs import SettlementRule, hookimpl

from . import settlement
from .checks import CHECKS, fan_ids
from .wilds import SELECTIONS, next_tile, wild_kinds

__all__ = ["next_tile", "wild_kinds"]


@hookimpl
def mahjong_fan_checks():
    return [FanCheck(cid, func, (func.__doc__ or "").strip()) for cid, func in CHECKS.items()]


@hookimpl
def mahjong_settlements():
    return [
        SettlementRule("popular.competition", settlement.competition,
                       (settlement.competition.__doc__ or "").strip(), settlement.EVENT_TYPES),
        SettlementRule("popular.site", settlement.site, (settlement.site.__doc__ or "").strip(),
                       settlement.EVENT_TYPES),
    ]


@hookimpl
def mahjong_validate_ruleset(ruleset):
    """A ruleset using the popular checks must name real fans in ``excluded_by`` and valid
    wild-tile options."""
    uses = [r for r in ruleset.fan_rules if r.check.startswith("popular.")]
    if not uses:
        return
    every = set((ruleset.data.get("fans") or {}).keys())
    for r in uses:
        for fid in fan_ids(r.args.get("excluded_by", ())):
            if fid not in every:
                raise RulesetError(f"{ruleset.where(f'fans.{r.id}.args.excluded_by')}: fan '{r.id}' is "
                                   f"excluded by unknown fan '{fid}'{did_you_mean(str(fid), every)}")
    opts = ruleset.options
    selection = opts.get("wild_selection", "flip_next")
    if selection not in SELECTIONS:
        raise RulesetError(f"{ruleset.where('options.wild_selection')}: option 'wild_selection' must be one "
                           f"of {', '.join(SELECTIONS)}, got {selection!r}")
    try:
        wild_kinds(opts)
        if opts.get("dragon_cycle") is not None:
            next_tile(31, opts["dragon_cycle"])
    except MahjongError as e:
        raise RulesetError(f"{ruleset.where('options')}: {e.message}") from None
