"""Guobiao competition settlement (the competition rules' 国标比赛计分): base + points from the discarder, or from every
other player on a self-draw; on a discard win the two bystanders pay the base. The rule's function
is here; its replayer (competition.py) is imported by the first record settled, so that an engine
that only scores never imports core's settlement toolkit."""
from __future__ import annotations


def settle(record, ruleset, base: int = 8):
    """Self-draw: each other seat pays ``base + F``. Discard: the discarder pays ``base + F``,
    the others ``base``. F is the winner's total, flowers included. One win per hand: the
    first player in turn after the discarder takes it (截和)."""
    from .competition import CompetitionHand     # core's settlement toolkit: scoring never imports it
    return CompetitionHand(record, ruleset, base).run()
