"""The Guangdong golden data as the tests read it (each ruleset's hands and records), and each
seat's net from a list of payments."""
from __future__ import annotations

from mahjong_core.testing import load_cases

from testpaths import GUANGDONG_DATA as DATA

RULESETS = ("guangdong", "guangdong-tuidaohu", "guangdong-lianhua", "guangdong-bao",
            "guangdong-jipinghu", "guangdong-100")
CASES = [(name, kind, case) for name in RULESETS for kind in ("hands", "records")
         for case in load_cases(DATA / f"{name}_{kind}.yaml")]


def deltas(payments, seats=4):
    """Each seat's net from a list of payments."""
    out = [0] * seats
    for p in payments:
        out[p.payer] -= p.amount
        out[p.payee] += p.amount
    return out
