"""The project documents its own rules: every Markdown file and YAML comment that ships (README,
docs/, the plugins' and the example's READMEs, the rulesets) cites only files that exist in the
repository and public sources — never a folder that does not ship (``shared/``), the rule notes
kept beside the project (``profiles.md``, ``regional.md``, ``guobiao.md``, ``design.md``,
"contract §", bare ``§`` sections of them) or the ids of unpublished seed texts ("seed 000",
``[S003]``). Code comments and docstrings keep to the same, and so do the tests, benchmarks and
scripts: their comments, docstrings, YAML comments and the golden cases' ``source``/``note``
strings, which also name a decision of the notes by its words, never by its number ("D-5")."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from testpaths import GUOBIAO_DATA, ROOT


FORBIDDEN = [
    (re.compile(r"(?:^|[\s`(\"'\[])(?:\.\./)*/?shared/"), "a folder that does not ship"),
    (re.compile(r"\b(profiles|regional|contract)\.md\b"), "a rule note that does not ship"),
    # guobiao.md and design.md also name pages that ship (docs/rulesets/guobiao.md, a link to it,
    # a repository's settlement-design.md): only the bare name is the note
    (re.compile(r"(?<!\]\()(?<![\w/.-])(guobiao|design)\.md\b"), "a rule note that does not ship"),
    (re.compile(r"\bcontract\s*§", re.I), "a section of a contract that does not ship"),
    (re.compile(r"\bseeds?\s*0\d\d\b", re.I), "an unpublished seed text's id"),
    (re.compile(r"\bS0\d\d\b"), "an unpublished seed text's id"),
    (re.compile(r"\bthe seed's|\b(the )?seed (table|game|default|rules?|text)\b", re.I), "an unpublished seed text"),
]
SECTION = (re.compile(r"§"), "a bare section of a document that does not ship")
# in the tests, benchmarks and scripts (the Guangdong plugin's README numbers a choice of its own, "D-7")
DECISION = (re.compile(r"\bD-\d+\b"), "a numbered decision of a rule note that does not ship")

# repository paths written in backticks or as links: plugins/…, docs/…, tests/… must exist
_PATH = re.compile(r"(?<![\w./-])((?:docs|plugins|rulesets|tests|mahjong_core|examples|benchmarks|scripts)"
                   r"/[\w./*<>{},-]*[\w*>}])")


def _shipped_markdown() -> list[Path]:
    files = [ROOT / "README.md", ROOT / "benchmarks" / "README.md"]
    for folder in ("docs", "plugins", "examples"):
        files += sorted((ROOT / folder).rglob("*.md"))
    return [f for f in files if ".venv" not in f.parts and f.is_file()]


def _shipped_yaml() -> list[Path]:
    files = sorted((ROOT / "rulesets").glob("*.yaml"))
    for folder in ("plugins", "examples"):
        files += sorted(p for p in (ROOT / folder).rglob("*.yaml") if "tests" not in p.parts)
    return files


def _yaml_comments(path: Path):
    """(line number, comment text) of every YAML comment (a '#' at a line's start or after a space,
    outside quotes)."""
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        quote = None
        for i, ch in enumerate(line):
            if quote:
                quote = None if ch == quote else quote
            elif ch in "\"'":
                quote = ch
            elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
                yield n, line[i:]
                break


def _texts():
    for path in _shipped_markdown():
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            yield path, n, line
    for path in _shipped_yaml():
        for n, comment in _yaml_comments(path):
            yield path, n, comment


def _problems(texts, rules) -> list[str]:
    out = []
    for path, n, text in texts:
        for pattern, why in rules:
            m = pattern.search(text)
            if m:
                out.append(f"{path.relative_to(ROOT)}:{n}: '{m.group(0)}' cites {why}: {text.strip()[:120]}")
    return out


def test_markdown_and_yaml_comments_cite_nothing_that_does_not_ship():
    problems = _problems(_texts(), FORBIDDEN + [SECTION])
    assert not problems, "\n".join(problems)


def _code_texts():
    for folder in ("mahjong_core", "plugins", "examples"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                yield path, n, line


def test_code_cites_nothing_that_does_not_ship():
    problems = _problems(_code_texts(), FORBIDDEN + [SECTION])
    assert not problems, "\n".join(problems)


# the tests, benchmarks and scripts: every line of their code, Markdown and YAML (comments and
# values alike: a golden case's `source` and `note` are prose, its id too), except this file's own
# patterns and the screenshots in tests/artifacts/
_SUFFIXES = {".py", ".sh", ".yaml", ".md"}


def _test_texts():
    covered = set(_shipped_markdown())
    for folder in ("tests", "benchmarks", "scripts"):
        for path in sorted((ROOT / folder).rglob("*")):
            if (path.suffix not in _SUFFIXES or path in covered or path == Path(__file__).resolve()
                    or "artifacts" in path.relative_to(ROOT).parts or not path.is_file()):
                continue
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                yield path, n, line


def test_tests_benchmarks_and_scripts_cite_nothing_that_does_not_ship():
    files = {path for path, _, _ in _test_texts()}
    assert GUOBIAO_DATA / "guobiao.yaml" in files and ROOT / "scripts" / "smoke_wheel.py" in files
    problems = _problems(_test_texts(), FORBIDDEN + [SECTION, DECISION])
    assert not problems, "\n".join(problems)


def _exists(written: str, base: Path) -> bool:
    if "<" in written or "{" in written:                  # a pattern: tests/<family>/data/
        written = re.split(r"[<{]", written)[0].rsplit("/", 1)[0]
    if "*" in written:
        return any(ROOT.glob(written))
    return (ROOT / written).exists() or (base / written).exists()


# public repositories the docs cite by path: a path after one of them is that repository's
EXTERNAL = re.compile(r"\b(commit [0-9a-f]{40}|YuRos2/fuzhou-mahjong|minyic7/fuzhou-mahjong|atom-chen/shisanshui-1|Bertramoon/|"
                      r"BestGuo2020/|mahjongwymj2026/|guogeer/gofishing-game|zhaozw/freetime5|[A-Z]:)")


def test_repository_paths_named_exist():
    missing = []
    before = (None, "")
    for path, n, text in _texts():
        context = before[1] if before[0] == path else ""        # a path may follow its repository's line
        before = (path, text)
        for m in _PATH.finditer(text):
            written = m.group(1).rstrip(".,")
            if EXTERNAL.search(context + " " + text[:m.start()]):
                continue
            if not _exists(written, path.parent):
                missing.append(f"{path.relative_to(ROOT)}:{n}: names '{written}', which is not in the repository")
    assert not missing, "\n".join(missing)


def test_links_resolve_in_every_shipped_markdown_file():
    broken = []
    for path in _shipped_markdown():
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for target in re.findall(r"\]\(([^)\s]+)\)", line):
                if re.match(r"[a-z]+:", target) or target.startswith("#"):
                    continue
                if not (path.parent / target.partition("#")[0]).resolve().exists():
                    broken.append(f"{path.relative_to(ROOT)}:{n}: broken link {target}")
    assert not broken, "\n".join(broken)


@pytest.mark.parametrize("text, found", [
    ("The rule texts are `shared/rules/profiles.md` §1", True), ("[S003 小胡1番]", True),
    ("the seed 000 \"福州麻将规则及打法\"", True), ("(contract §8)", True), ("(§5.5)", True),
    ("[B:src/engine/scoring.ts] Bertramoon/Guangdong-Mahjong-Training-Assistant", False),
    ("minyic7/fuzhou-mahjong: packages/shared/src/game/scoring.ts", False), ("`../shared/rules`", True)])
def test_the_checks_catch_what_they_should(text, found):
    assert bool(_problems([(ROOT / "x", 1, text)], FORBIDDEN + [SECTION])) is found


@pytest.mark.parametrize("text, found", [
    ("source: 'guobiao.md §6 seed examples: PyMahjongGB 1.4.0 88 = 十三幺 88'", True),
    ("(guobiao.md S000-20)", True), ("design.md §9", True), ("§4.5 step 2", True), ("§1.4, D-5: 清一色 4", True),
    ("D-3: a wilds field naming 白", True), ("note: 1233和3 = 边张 (seed 001/004)", True),
    ("source: 'shared/oracle/guobiao_dev.jsonl #129'", True), ("contract §2 dict", True),
    ("S000-99", True), ("[S003 小胡1番]", True),
    ("extends [`guobiao`](guobiao.md)", False), ("pages: `docs/rulesets/guobiao.md`", False),
    ("docs/superpowers/specs/2026-06-20-settlement-design.md", False), ("- id: S000-01", True),
    ("(tests/guobiao/data/guobiao.yaml example-20)", False), ("see case-332-no-wall-last", False),
    ("tests/data/oracle/guobiao_dev.jsonl #129", False)])
def test_the_checks_of_the_tests_catch_what_they_should(text, found):
    assert bool(_problems([(ROOT / "x", 1, text)], FORBIDDEN + [SECTION, DECISION])) is found
