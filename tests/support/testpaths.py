"""Where the suite's files are: the repository, the shared test data, each family's golden data.

Shared data (``tests/data/``): the small test rulesets every area uses (``mini.yaml`` and its
relatives, ``bonus-16.yaml``, ``gold-16.yaml``) and the reference calculator's labelled corpus
(``oracle/``).
"""
from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
RULESETS = ROOT / "rulesets"
DATA = TESTS / "data"
ORACLE = DATA / "oracle" / "guobiao_dev.jsonl"     # the reference calculator's labels (its README)
MINI = DATA / "mini.yaml"

# each family's golden data
GUOBIAO_DATA = POPULAR_DATA = SICHUAN_DATA = TESTS / "cases"
GUANGDONG_DATA = DATA / "guangdong"
FUZHOU_DATA = DATA / "fuzhou"
