"""The README and the plugin guide stay true: the guide's hook reference is generated from the
hookspecs, every hook example is a working plugin, CI runs exactly the quick start, the README's
sample output is what the command prints (its fingerprint included), and the README stays the
user's page: short, linking the references."""
from __future__ import annotations

import re
import types

import pytest

from mahjong_core import Engine
from mahjong_core.tools.hookdoc import END, START, hook_names, render
from mahjong_core.engine.hookspecs import MahjongSpec

from testpaths import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
PLUGINS = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")      # the plugin guide


def test_hook_reference_matches_hookspecs():
    start, end = PLUGINS.index(START), PLUGINS.index(END) + len(END)
    assert PLUGINS[start:end] == render(), "run: python -m mahjong_core.tools.hookdoc and paste into docs/plugins.md"


def test_every_hook_is_documented():
    for name in hook_names():
        assert f"`{name}(" in PLUGINS


def _examples():
    for name in hook_names():
        doc = getattr(MahjongSpec, name).__doc__
        body = doc.split("Example::", 1)[1]
        yield name, "\n".join(line[12:] if line.startswith(" " * 12) else line.strip()
                              for line in body.splitlines())


@pytest.mark.parametrize("name,source", list(_examples()), ids=[n for n, _ in _examples()])
def test_hook_examples_register(name, source, tmp_path):
    module = types.ModuleType(f"example_{name}")
    module.__file__ = str(tmp_path / "example.py")
    exec(compile(source, f"<{name} example>", "exec"), module.__dict__)
    engine = Engine(plugins=[module], entry_points=False)
    impls = [i.plugin_name for i in getattr(engine.pm.hook, name).get_hookimpls()]
    assert module.__name__ in impls


def test_ci_runs_the_quick_start():
    block = re.search(r"## Quick start\n\n```bash\n(.*?)```", README, re.S).group(1)
    commands = [line for line in block.splitlines() if line.strip()]
    assert len(commands) == 2
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    for command in commands:
        assert command in ci


def test_python_api_example_runs():
    block = re.search(r"## Python API\n\n```python\n(.*?)```", README, re.S).group(1)
    exec(compile(block, "README.md (Python API)", "exec"), {})


def test_console_example_is_what_the_cli_prints():
    from io import StringIO

    from mahjong_core.frontends import cli
    match = re.search(r"```console\n\$ mahjong (score [^\n]*)\n(.*?)```", README, re.S)
    argv = [a.strip("'") for a in re.findall(r"'[^']*'|\S+", match.group(1))]
    out = StringIO()
    assert cli.main(argv, out=out) == 0
    # the real fingerprint, as a user sees it (it changes with any edit of the ruleset's data)
    assert out.getvalue() == match.group(2)


def test_house_overlay_example_loads(tmp_path):
    import mahjong_core
    text = re.search(r"A club writes an overlay:\n\n```yaml\n(.*?)```", README, re.S).group(1)
    path = tmp_path / "friday.yaml"
    path.write_text(text, encoding="utf-8")
    rules = mahjong_core.load_ruleset(str(path))
    assert (rules.title, rules.minimum) == ("Friday club", 6)
    assert not rules.has_fan("flower_tiles")
    assert rules.fan_rules[[r.id for r in rules.fan_rules].index("chicken_hand")].points == 10
