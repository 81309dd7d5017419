"""The Fuzhou ``options:`` keys the plugin reads, with the defaults of the revised line.

Defaults are ``fuzhou`` (README.md: Options), so a ruleset that leaves a key out plays the
newly revised rules; ``fuzhou-classic`` sets the classic values in its YAML. Each key's
choices are declared beside it (``option_types`` in the ruleset YAML) and checked by core.
Point values (specials, flowers, golds, kongs) are fan amounts in YAML, not options.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

GOLD_DISCARD = ("forbidden", "self_draw_only_rest_of_hand", "self_draw_only_rest_of_round")
PAYERS = ("all_three", "discarder", "discarder_double", "discarder_all")

DEFAULTS: dict[str, Any] = {
    "grabbed_gold_scores": False,       # the face-up gold taken by 抢金 earns no gold point
    "gold_discard": "forbidden",
    "payers": {"self_draw": "all_three", "discard": "all_three"},
    "streak_point": 1,
    "streak_first_continuation_counts": False,     # 站顶: points = dealer_streak − 1
    "draws_extend_streak": True,
    "streak_for_non_dealer_winner": False,
    "formula": "version_b",             # S = B + special, 2 × B + special self-drawn (validate.FORMULAS)
}


def option(options: Mapping | None, key: str):
    """An option's value, falling back to the revised line's default."""
    return DEFAULTS[key] if options is None else options.get(key, DEFAULTS[key])


def payer_rule(options: Mapping | None, method: str) -> str:
    """``payers.self_draw`` or ``payers.discard``, each falling back on its own."""
    return {**DEFAULTS["payers"], **option(options, "payers")}[method]
