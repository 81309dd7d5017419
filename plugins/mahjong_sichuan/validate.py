"""Ruleset checks that keep a Sichuan YAML (or a house overlay of it) consistent."""
from __future__ import annotations

from .options import validate_options
from .patterns import void_suit_veto


def void_suit(situation, ruleset) -> None:
    """Validator ``sichuan.void_suit``: a hand holding its void suit, or all three suits, cannot win."""
    void_suit_veto(situation, ruleset.options)


def validate(ruleset) -> None:
    """The ruleset check of validator ``sichuan.void_suit``: the overlay's options."""
    validate_options(ruleset)
