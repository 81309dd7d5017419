"""The README is the user's page — short, the quick start, one example per command, Python ≥ 3.11
and why each extra is there — and the references it links (docs/cli.md, docs/http.md,
docs/plugins.md) exist; every ``$ mahjong`` example of docs/cli.md prints what it shows."""
from __future__ import annotations

import re
import shlex
from io import StringIO

import pytest

from mahjong_core.frontends import cli

from testpaths import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
CLI_DOC = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")


def test_the_readme_is_short_and_links_the_references():
    assert len(README.splitlines()) <= 350
    for ref in ("docs/cli.md", "docs/http.md", "docs/plugins.md", "docs/formats.md", "docs/architecture.md"):
        assert f"]({ref}" in README and (ROOT / ref).is_file(), ref


def test_the_readme_says_what_it_needs_and_why():
    assert "Python ≥ 3.11" in README
    extras = README[README.index("## Quick start"):README.index("## Command line")]
    for extra, why in (("`web`", "Starlette"), ("`web`", "uvicorn"), ("`browser`", "Playwright"),
                       ("`reference`", "PyMahjongGB"), ("`test`", "pytest")):
        line = next((item for item in extras.split("\n* ") if item.startswith(extra)), "")
        assert why in line, (extra, why)


def test_the_readme_has_one_example_per_command():
    section = README[README.index("## Command line"):README.index("\n## ", README.index("## Command line") + 5)]
    for command in cli.build_parser().commands:
        assert re.search(rf"^(\$ )?mahjong {command}\b", section, re.M), command


def test_the_cli_reference_covers_every_command_and_option():
    parser = cli.build_parser()
    for name, sub in parser.commands.items():
        assert f"mahjong {name}" in CLI_DOC, name
        for action in sub._actions:
            for option in action.option_strings:
                if option not in ("-h", "--help"):
                    assert option in CLI_DOC, f"docs/cli.md does not mention {option} of mahjong {name}"


def _console_examples():
    for block in re.findall(r"```console\n(.*?)```", CLI_DOC, re.S):
        command, _, shown = block.partition("\n")
        yield command.removeprefix("$ mahjong "), shown


@pytest.mark.parametrize("command, shown", list(_console_examples()), ids=[c for c, _ in _console_examples()])
def test_cli_doc_example(command, shown, monkeypatch):
    monkeypatch.chdir(ROOT)
    out, err = StringIO(), StringIO()
    cli.main(shlex.split(command), out=out, err=err)
    printed = (out.getvalue() + err.getvalue()).replace(f"{ROOT}/", "")
    fingerprint = re.compile(r"\[fingerprint [0-9a-f]{16}\]")     # checked for the README's example
    printed, shown = fingerprint.sub("[fingerprint]", printed), fingerprint.sub("[fingerprint]", shown)
    if shown.endswith("...\n"):                 # an example cut short: its first lines
        shown = shown[:-4]
        printed = printed[:len(shown)]
    assert printed == shown
