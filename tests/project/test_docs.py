"""The project's own documentation stays true: docs/formats.md names every situation, meld and
record field, every error code the package raises and every record event a shipped settlement
accepts; its examples are what the code returns; the per-ruleset pages are what
``python -m mahjong_core.tools.rulesdoc`` renders from the YAML today; links resolve."""
from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest

import mahjong_core
from mahjong_core import Engine
from mahjong_core.engine import errors
from mahjong_core.engine.hand import MELD_FIELDS, SITUATION_FIELDS, parse_situation
from mahjong_core.engine.records import RECORD_FIELDS

from docs_kit import DOCS, EXAMPLE as _EXAMPLE, FORMATS, text as _text
from testpaths import ROOT


def _section(text: str, heading: str) -> str:
    """The body of the section whose heading is ``heading`` (any level), up to the next heading."""
    match = re.search(rf"^#+ {re.escape(heading)}\n", text, re.M)
    assert match, f"docs/formats.md has no section '{heading}'"
    rest = text[match.end():]
    end = re.search(r"^#+ ", rest, re.M)
    return rest[: end.start()] if end else rest


def _row_names(section: str) -> list[str]:
    """The first cells of a section's table rows, for rows that start with a `name`."""
    return re.findall(r"^\| `([^`]+)` \|", section, re.M)


def _rulesdoc():
    from mahjong_core.tools import rulesdoc
    return rulesdoc


# ---------------------------------------------------------------- fields


def test_every_situation_field_is_documented():
    rows = _row_names(_section(_text(FORMATS), "Situation"))
    missing = [f for f in SITUATION_FIELDS if f not in rows]
    assert not missing, f"situation fields missing from docs/formats.md: {missing}"
    unknown = [f for f in rows if f not in SITUATION_FIELDS]
    assert not unknown, f"docs/formats.md documents situation fields the code does not take: {unknown}"


def test_every_meld_field_is_documented():
    rows = _row_names(_section(_text(FORMATS), "Melds"))
    assert sorted(rows) == sorted(MELD_FIELDS)


def test_every_record_field_is_documented():
    rows = _row_names(_section(_text(FORMATS), "Record"))
    assert sorted(rows) == sorted(RECORD_FIELDS)


_MINIMAL = {"hand": "123m456p789s234m5p", "win_tile": "5p"}


def test_documented_situation_defaults_are_the_codes():
    """Every default in the situation table means the same as leaving the field out."""
    section = _section(_text(FORMATS), "Situation")
    checked = 0
    for name, default in re.findall(r"^\| `([^`]+)` \| [^|]+ \| `([^`]+)` \|", section, re.M):
        if name in _MINIMAL:
            continue
        value = json.loads(default)
        assert parse_situation(dict(_MINIMAL, **{name: value})) == parse_situation(_MINIMAL), name
        checked += 1
    assert checked >= len(SITUATION_FIELDS) - 4


# ---------------------------------------------------------------- error codes


def _source_files():
    for folder in ("mahjong_core", "plugins"):
        yield from sorted((ROOT / folder).rglob("*.py"))


def raised_codes() -> set[str]:
    """Every error code the package can put in a failure: the exception classes' ``code``, and
    the literals passed as ``code=``, as an error constructor's second argument or under a
    ``"code"`` key."""
    codes = {cls.code for cls in vars(errors).values()
             if isinstance(cls, type) and issubclass(cls, errors.MahjongError)}
    for path in _source_files():
        tree = ast.parse(_text(path), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                for stmt in node.body:
                    if isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Constant) \
                            and any(isinstance(t, ast.Name) and t.id == "code" for t in stmt.targets):
                        codes.add(stmt.value.value)
            elif isinstance(node, ast.Call):
                for kw in node.keywords:
                    if kw.arg == "code" and isinstance(kw.value, ast.Constant):
                        codes.add(kw.value.value)
                func = node.func
                name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
                if (name.endswith("Error") or name == "_field_error") and len(node.args) >= 2 \
                        and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str):
                    codes.add(node.args[1].value)
            elif isinstance(node, ast.Dict):
                for key, value in zip(node.keys, node.values):
                    if isinstance(key, ast.Constant) and key.value == "code" and isinstance(value, ast.Constant):
                        codes.add(value.value)
    return {c for c in codes if isinstance(c, str)}


def test_the_code_collector_finds_the_codes():
    codes = raised_codes()
    assert {"invalid_tile", "wrong_tile_count", "too_many_copies", "invalid_meld", "invalid_situation",
            "not_winning", "below_minimum", "unknown_ruleset", "ruleset_error"} <= codes


def test_every_error_code_is_documented():
    rows = _row_names(_section(_text(FORMATS), "Error codes"))
    missing = sorted(raised_codes() - set(rows))
    assert not missing, f"error codes raised in the package but missing from docs/formats.md: {missing}"


# ---------------------------------------------------------------- rulesets and their events


@pytest.fixture(scope="module")
def engine():
    return Engine()


def test_every_event_type_of_a_shipped_settlement_is_documented(engine):
    rulesdoc = _rulesdoc()
    seen = 0
    for name in rulesdoc.shipped_names(engine):
        rules = engine.load_ruleset(name)
        if rules.settlement_rule is None:
            continue
        rule = rules.settlement_rule.item
        documented = {row.event for row in rulesdoc.event_rows(rule.id)}
        missing = [t for t in rule.event_types if t not in documented]
        assert not missing, f"settlement '{rule.id}' accepts events not documented in docs/formats.md: {missing}"
        seen += 1
    assert seen >= 3


def test_ruleset_pages_are_up_to_date(engine):
    rulesdoc = _rulesdoc()
    pages = rulesdoc.render_all(engine)
    assert {"guobiao", "popular", "sichuan"} <= {Path(p).stem for p in pages}
    on_disk = {p.name for p in (DOCS / "rulesets").glob("*.md")}
    assert on_disk == set(pages), "run: python -m mahjong_core.tools.rulesdoc"
    for name, text in pages.items():
        assert _text(DOCS / "rulesets" / name) == text, f"docs/rulesets/{name} is stale: run python -m mahjong_core.tools.rulesdoc"


def test_ruleset_pages_name_every_fan_option_and_event(engine):
    rulesdoc = _rulesdoc()
    for name in rulesdoc.shipped_names(engine):
        rules = engine.load_ruleset(name)
        page = rulesdoc.render(rules)
        for fan in rules.fan_rules:
            assert f"| `{fan.id}` |" in page, (name, fan.id)
        for option in rules.options:
            assert f"`{option}" in page, (name, option)
        for event in rules.settlement_rule.item.event_types:
            assert f"| `{event}` |" in page, (name, event)


def test_rulesdoc_command_writes_the_pages(tmp_path, engine):
    subprocess.run([sys.executable, "-m", "mahjong_core.tools.rulesdoc", "--out", str(tmp_path)],
                   check=True, timeout=120, capture_output=True)
    assert {p.name: _text(p) for p in tmp_path.glob("*.md")} == _rulesdoc().render_all(engine)


# ---------------------------------------------------------------- examples are what the code says


def _examples():
    return _EXAMPLE.findall(_text(FORMATS)) if FORMATS.exists() else []


def test_formats_has_examples():
    kinds = {kind for kind, *_ in _examples()}
    assert {"score", "fail", "settle", "waits", "cli", "jsonl"} <= kinds


@pytest.mark.parametrize("kind,ruleset,given,expected", _examples(),
                         ids=[f"{k}-{r}-{i}" for i, (k, r, *_) in enumerate(_examples())])
def test_formats_example(kind, ruleset, given, expected):
    from mahjong_core.frontends import cli
    rules = mahjong_core.load_ruleset(ruleset)
    if kind == "jsonl":
        out = StringIO()
        from mahjong_core.frontends import batch
        batch.run(rules, StringIO(given), out, 1)
        assert [json.loads(line) for line in out.getvalue().splitlines()] == \
            [json.loads(line) for line in expected.splitlines()]
        return
    want = json.loads(expected)
    if kind == "cli":
        command = given.strip().removeprefix("$ mahjong ")
        argv = [a.strip("'") for a in re.findall(r"'[^']*'|\S+", command)]
        out, err = StringIO(), StringIO()
        cli.main(argv, out=out, err=err)
        assert json.loads(out.getvalue()) == want
        return
    data = json.loads(given)
    if kind == "score":
        assert rules.score(data).to_dict() == want
    elif kind == "waits":
        assert rules.waits(data).to_dict() == want
    elif kind == "settle":
        assert rules.settle(data).to_dict() == want
    elif kind == "fail":
        with pytest.raises(mahjong_core.MahjongError) as caught:
            rules.settle(data) if "events" in data else rules.score(data)
        assert caught.value.to_dict() == want
    else:
        raise AssertionError(f"unknown example kind {kind}")


# ---------------------------------------------------------------- links and voice


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading."""
    text = heading.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    return {_slug(h) for h in re.findall(r"^#+ (.*)$", _text(path), re.M)}


def _doc_files():
    return [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]


def test_links_resolve():
    for doc in _doc_files():
        for target in re.findall(r"\]\(([^)\s]+)\)", _text(doc)):
            if re.match(r"[a-z]+:", target):
                continue
            file_part, _, anchor = target.partition("#")
            path = (doc.parent / file_part).resolve() if file_part else doc
            assert path.exists(), f"{doc.relative_to(ROOT)}: broken link {target}"
            if anchor:
                assert anchor in _anchors(path), f"{doc.relative_to(ROOT)}: no anchor #{anchor} in {file_part or doc.name}"


def test_docs_point_nowhere_outside_the_repository():
    assert "contract \u00a7" not in _text(ROOT / "README.md")      # the section sign, escaped
    for doc in [FORMATS, DOCS / "rulesets" / "README.md"]:
        text = _text(doc)
        assert "contract" not in text.lower() and "shared" + "/" not in text, doc.name


def test_readme_points_at_the_formats():
    readme = _text(ROOT / "README.md")
    assert "(docs/formats.md)" in readme
    assert "(docs/rulesets/README.md)" in readme


def test_documented_exceptions_exist():
    """The exception column of the error-code table names real classes, each carrying a
    documented code."""
    section = _section(_text(FORMATS), "Error codes")
    named = set(re.findall(r"`(\w+Error)`", section))
    assert named, "the error-code table names no exception"
    codes = set(_row_names(section))
    for name in named:
        cls = getattr(errors, name, None)
        assert isinstance(cls, type) and issubclass(cls, errors.MahjongError), name
        assert cls.code in codes, (name, cls.code)


def test_every_fan_page_names_the_function_that_awards_it():
    """One hop from a fan id to its code: each shipped ruleset's page names, for every fan, a
    function that exists and whose module's source mentions the fan's id or its check."""
    import importlib
    import inspect

    from mahjong_core.tools import rulesinfo
    from mahjong_core.tools.rulesdoc import shipped_names

    engine = Engine()
    for name in shipped_names(engine):
        rules = engine.load_ruleset(name)
        check_of = {r.id: r.check for r in rules.fan_rules}
        page = (DOCS / "rulesets" / f"{name}.md").read_text(encoding="utf-8")
        page = page[page.index("\n## Fans"):]
        for fid, path in rulesinfo.awarded_by(rules).items():
            module_name, _, function = path.rpartition(".")
            module = importlib.import_module(module_name)
            assert callable(getattr(module, function, None)), (name, fid, path)
            source = inspect.getsource(module)
            assert fid in source or check_of[fid] in source or function in source, (name, fid, path)
            row = next(line for line in page.splitlines() if line.startswith(f"| `{fid}` |"))
            assert f"`{path}`" in row, (name, fid, path)


def test_ruleset_pages_read_the_wild_rules_out_in_words(engine):
    rulesdoc = _rulesdoc()
    popular = rulesdoc.render(engine.load_ruleset("popular"))
    assert "`wilds` `indicator next, dragon_cycle 765z, copies 4, claim false," in popular     # not a quoted string
    assert "`wilds` `none`" in rulesdoc.render(engine.load_ruleset("guobiao"))                 # no wild tiles at all
