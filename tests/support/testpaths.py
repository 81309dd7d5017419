"""Where the suite's files are: the repository, the shared test data, each family's golden data.

Shared data (``tests/data/``): the small test rulesets every area uses (``mini.yaml`` and its
relatives, ``bonus-16.yaml``, ``gold-16.yaml``) and the reference calculator's labelled corpus
(``oracle/``). A family's golden files (cases, records, saved ledgers, the overlays they use)
live beside its tests, in ``tests/<family>/data/``.
"""
from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
RULESETS = ROOT / "rulesets"
DATA = TESTS / "data"
ORACLE = DATA / "oracle" / "guobiao_dev.jsonl"     # the reference calculator's labels (its README)
MINI = DATA / "mini.yaml"

FAMILIES = ("guobiao", "popular", "sichuan", "guangdong", "fuzhou")


def family_data(family: str) -> Path:
    """The folder of ``family``'s golden data: ``tests/<family>/data``."""
    assert family in FAMILIES, family
    return TESTS / family / "data"


GUOBIAO_DATA, POPULAR_DATA, SICHUAN_DATA, GUANGDONG_DATA, FUZHOU_DATA = map(family_data, FAMILIES)
