"""The Sichuan ``options:`` keys (regional.md §1.12): defaults, allowed values, validation.

Defaults are the seed's rules (血战到底, 直杠 1×, 自摸加番, no cap), so a ruleset that leaves a key
out still plays the seed game. Keys that only steer live play (exchange, 过胡, dealer) are kept
for completeness: a record already carries their outcome, so settlement does not read them.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mahjong_core.errors import RulesetError, did_you_mean

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

CHOICES: dict[str, tuple] = {
    "mode": ("blood_battle", "blood_river", "single_win"),
    "exchange_direction": ("random", "clockwise", "counterclockwise", "across"),
    "stacking": ("max_base_pattern", "multiply_all"),
    "dihu_mode": ("first_draw", "first_discard"),
    "zimo_bonus": ("double", "add_base", "none"),
    "dian_gang_hua": ("as_self_draw", "as_discard"),
    "call_transfer": ("off", "last_kong", "all_kongs"),
    "settle_timing": ("end_of_hand", "immediate"),
    "dealer_rule": ("first_winner", "dice", "discarder"),
}
BOOLEANS = ("exchange_three", "void_suit_required", "late_added_kong_pays",
            "cha_da_jiao", "refund_kong_if_not_ready", "last_four_forced_win", "pass_win_lock")


def option(options: Mapping, key: str, sub: str | None = None):
    """An option's value, falling back to the seed default (also for a nested key)."""
    value = options.get(key, DEFAULTS[key]) if options is not None else DEFAULTS[key]
    if sub is None:
        return value
    if isinstance(value, Mapping) and sub in value:
        return value[sub]
    return DEFAULTS[key][sub]


def validate_options(ruleset) -> None:
    """Reject unknown keys and values outside their choices, naming file:line and the nearest name."""
    options = ruleset.options

    def fail(key: str, message: str):
        raise RulesetError(f"{ruleset.where('options.' + key)}: option '{key}' {message}")

    for key, value in options.items():
        if key not in DEFAULTS:
            raise RulesetError(f"{ruleset.where('options.' + key)}: unknown Sichuan option '{key}'"
                               f"{did_you_mean(key, DEFAULTS)}")
        if key in CHOICES and value not in CHOICES[key]:
            fail(key, f"must be one of {', '.join(CHOICES[key])}, got {value!r}"
                      f"{did_you_mean(str(value), CHOICES[key])}")
        if key in BOOLEANS and not isinstance(value, bool):
            fail(key, f"must be true or false, got {value!r}")
        if key in ("extra_patterns", "kong_pay"):
            if not isinstance(value, Mapping):
                fail(key, f"must be a map of {', '.join(DEFAULTS[key])}")
            for sub, v in value.items():
                if sub not in DEFAULTS[key]:
                    raise RulesetError(f"{ruleset.where(f'options.{key}.{sub}')}: unknown key "
                                       f"'{key}.{sub}'{did_you_mean(sub, DEFAULTS[key])}")
                if key == "extra_patterns" and not isinstance(v, bool):
                    fail(f"{key}.{sub}", f"must be true or false, got {v!r}")
                if key == "kong_pay" and (isinstance(v, bool) or not isinstance(v, (int, float)) or v < 0):
                    fail(f"{key}.{sub}", f"must be a number of base units ≥ 0, got {v!r}")
    pig = option(options, "flower_pig_penalty")
    if pig == "cap":
        if cap_multiplier(ruleset) is None:
            fail("flower_pig_penalty", "is 'cap' but the ruleset has no cap "
                                       "(set scoring.value.params.cap_multiplier)")
    elif isinstance(pig, bool) or not isinstance(pig, (int, float)) or pig < 0:
        fail("flower_pig_penalty", f"must be a multiple of the base ≥ 0 or 'cap', got {pig!r}")
    base = option(options, "base_score")
    if isinstance(base, bool) or not isinstance(base, (int, float)) or base <= 0:
        fail("base_score", f"must be a positive number, got {base!r}")


def cap_multiplier(ruleset):
    """The cap (封顶) as a multiplier, from ``scoring.value.params.cap_multiplier`` (None = no cap)."""
    return ruleset.value_params.get("cap_multiplier")
