"""Ruleset checks that keep a Sichuan YAML (or a house overlay of it) consistent. Each option's
own choices or type are declared beside it (``option_types`` in sichuan.yaml) and checked by
core; what is checked here spans keys."""
from __future__ import annotations

from mahjong_core.plugin import RulesetError

from .patterns import void_suit_veto


def void_suit(situation, ruleset) -> None:
    """Validator ``sichuan.void_suit``: a hand holding its void suit, or all three suits, cannot win."""
    void_suit_veto(situation, ruleset.options)


def validate(ruleset) -> None:
    """The ruleset check of validator ``sichuan.void_suit``: 'cap' for 查花猪 needs a cap."""
    if ruleset.options["flower_pig_penalty"] == "cap" and cap_multiplier(ruleset) is None:
        raise RulesetError(f"{ruleset.where('options.flower_pig_penalty')}: option 'flower_pig_penalty' is "
                           f"'cap' but the ruleset has no cap (set scoring.value.params.cap_multiplier)")


def cap_multiplier(ruleset):
    """The cap (封顶) as a multiplier, from ``scoring.value.params.cap_multiplier`` (None = no cap)."""
    return ruleset.value_params.get("cap_multiplier")
