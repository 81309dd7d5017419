"""The plugin guide's "Testing a plugin" example is a case file that passes, and its names exist."""
from __future__ import annotations

import re

from mahjong_core import testing
from mahjong_core.testing import check_cases

from testpaths import ROOT

GUIDE = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
SECTION = GUIDE[GUIDE.index("## Testing a plugin"):GUIDE.index("## Hook reference")]


def test_the_case_file_example_passes(tmp_path):
    text = re.search(r"```yaml\n(.*?)```", SECTION, re.S).group(1)
    path = tmp_path / "cases.yaml"
    path.write_text(text, encoding="utf-8")
    assert check_cases(path) == 1


def test_the_names_it_imports_exist():
    names = re.search(r"from mahjong_core\.testing import ([\w, ]+)", SECTION).group(1)
    for name in names.split(", "):
        assert name in testing.__all__, name
