"""The settlement toolkit: what every settlement rule replays a record with.

A rule subclasses ``Replayer`` and writes one ``on_<event type>`` method per event type it
accepts; ``Replayer.rule`` turns the class into the ``SettlementRule`` a plugin registers.
``InPlay`` says who is still in the hand (blood battle), ``KongBook`` holds each seat's kongs,
their chains and the kongs robbed before they completed, and answers who fed the kong a win
was drawn on. ``money`` holds what the replay moves: exact amounts, ``Payment`` (its reason as
data, ``Why``), the zero-sum ``Ledger`` and the ``Settlement`` it closes into.
"""
from __future__ import annotations

from .kongs import Kong, KongBook, robbed_kongs
from .money import Ledger, Payment, Settlement, Why, exact, number, plain, why
from .play import InPlay
from .replay import Change, Replayer

__all__ = ["Replayer", "Change", "InPlay", "Kong", "KongBook", "robbed_kongs",
           "Ledger", "Payment", "Settlement", "Why", "why", "exact", "number", "plain"]
