"""The documentation as the docs tests read it: its files, and the checked examples of
docs/formats.md (``<!-- example KIND RULESET -->`` then the input block and the JSON answer)."""
from __future__ import annotations

import re
from pathlib import Path

from testpaths import ROOT

DOCS = ROOT / "docs"
FORMATS = DOCS / "formats.md"

EXAMPLE = re.compile(r"<!-- example (\w+) (\S+) -->\n(?:(?!```)[^\n]*\n)*?```(?:json|console|text)\n(.*?)```\n"
                     r"(?:(?!```)[^\n]*\n)*?```json\n(.*?)```", re.S)


def text(path: Path) -> str:
    return path.read_text(encoding="utf-8")
