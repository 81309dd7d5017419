"""The Sichuan ``options:`` keys: defaults and the checks across keys.

Defaults are the rule text's (README.md) (血战到底, 直杠 1×, 自摸加番, no cap), so a ruleset that leaves a key
out still plays that game. Keys that only steer live play (exchange, 过胡, dealer) are kept
for completeness: a record already carries their outcome, so settlement does not read them.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mahjong_core.plugin import RulesetError, did_you_mean

DEFAULTS: dict[str, Any] = {
    "mode": "blood_battle",
    "exchange_three": True,
    "exchange_direction": "random",
    "void_suit_required": True,
    "stacking": "max_base_pattern",
    "extra_patterns": {"yaojiu_jiangdui": True, "menqing_zhongzhang": False, "tian_di_hu": True,
                       "haidi": False},
    "dihu_mode": "first_draw",
    "zimo_bonus": "double",
    "dian_gang_hua": "as_self_draw",
    "kong_pay": {"direct": 1, "added": 1, "concealed": 2},
    "late_added_kong_pays": False,
    "call_transfer": "last_kong",
    "flower_pig_penalty": 16,
    "cha_da_jiao": True,
    "refund_kong_if_not_ready": True,
    "last_four_forced_win": True,
    "pass_win_lock": True,
    "settle_timing": "end_of_hand",
    "dealer_rule": "first_winner",
    "base_score": 1,
}

def option(options: Mapping, key: str, sub: str | None = None):
    """An option's value, falling back to the default (also for a nested key)."""
    value = options.get(key, DEFAULTS[key]) if options is not None else DEFAULTS[key]
    if sub is None:
        return value
    if isinstance(value, Mapping) and sub in value:
        return value[sub]
    return DEFAULTS[key][sub]


def validate_options(ruleset) -> None:
    """Reject options this plugin does not read, and 'cap' without a cap. Each value's own
    choices or type are declared beside it (``option_types`` in sichuan.yaml) and checked by core."""
    options = ruleset.options
    for key in options:
        if key not in DEFAULTS:
            raise RulesetError(f"{ruleset.where('options.' + key)}: unknown Sichuan option '{key}'"
                               f"{did_you_mean(key, DEFAULTS)}")
    if option(options, "flower_pig_penalty") == "cap" and cap_multiplier(ruleset) is None:
        raise RulesetError(f"{ruleset.where('options.flower_pig_penalty')}: option 'flower_pig_penalty' is "
                           f"'cap' but the ruleset has no cap (set scoring.value.params.cap_multiplier)")


def cap_multiplier(ruleset):
    """The cap (封顶) as a multiplier, from ``scoring.value.params.cap_multiplier`` (None = no cap)."""
    return ruleset.value_params.get("cap_multiplier")
