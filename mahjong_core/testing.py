"""Test tools for rulesets and plugins: golden cases kept as data, and seeded hand generators.

Golden cases live in a YAML (or JSON) file, either a list of cases or ``{ruleset: NAME,
cases: [...]}`` (the ruleset every case uses unless it names its own). A case scores a
``situation`` or settles a ``record`` and says what it expects::

    ruleset: guobiao-258
    cases:
    - id: pair-of-5
      situation: {hand: 123456789m123p5s, win_tile: 5s}
      total: 24                       # exact total
      fans: {pure_straight: 1, pair_258: 1, ...}   # exact fans, id: count
    - id: not-a-win
      situation: {hand: 123456789m123p4s, win_tile: 5s}
      error: not_winning              # the contract code; ``match``: a piece of its message
    - id: discard-win
      record: {seats: 4, dealer: 0, events: [...]}
      deltas: [-9, 25, -8, -8]        # and/or ``payments``: [{from, to, amount, reason}], as given

Case keys: ``id`` (required, unique), ``ruleset`` (a name, or a YAML path relative to the case
file), ``situation`` or ``record``, ``enforce_minimum`` (default true), the expectations
``total``, ``value``, ``fans`` (situations), ``deltas``, ``payments`` (records), ``error``,
``match``, and free text in ``note``/``source``. ``error: below_minimum`` may come with ``total``
and ``fans``: they are checked on the refused result. In a plugin's pytest suite::

    from mahjong_core.testing import load_cases

    CASES = load_cases(Path(__file__).parent / "cases.yaml")

    @pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
    def test_golden(case):
        case.check()          # AssertionError naming file:line, the case and every mismatch

The generators build random legal situations for a ruleset's table (its tile kinds, hand size,
chows, runs, void suit), winning in the standard shape; a seed reproduces them::

    for situation in situations(rules, seed=1, n=200): ...
    for hand in ready_hands(rules, seed=1, n=200): rules.waits(hand)
"""
from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from mahjong_core.engine.registry import load_ruleset
from mahjong_core.engine import tiles as T
from mahjong_core.engine.errors import BelowMinimumError, MahjongError, did_you_mean

SITUATION_EXPECT = ("total", "value", "fans")
RECORD_EXPECT = ("deltas", "payments")
CASE_KEYS = ("id", "ruleset", "situation", "record", "enforce_minimum", "error", "match", "note", "source") \
    + SITUATION_EXPECT + RECORD_EXPECT


class CaseFileError(ValueError):
    """A golden-case file that cannot be read as cases: names the file, the line and the key."""


@dataclass(frozen=True)
class GoldenCase:
    """One golden case: what to score or settle, under which ruleset, and what it must give."""

    id: str
    where: str                                  # file:line of the case
    ruleset: str | None                         # a name or a path; None: the one passed to check
    situation: Mapping | None = None
    record: Mapping | None = None
    expect: Mapping[str, Any] = field(default_factory=dict)
    enforce_minimum: bool = True

    def check(self, rules=None) -> None:
        """Raise AssertionError listing every way ``rules`` (default: the case's ruleset, loaded
        with every installed plugin) disagrees with the case."""
        if rules is None:
            rules = _load(self.ruleset, self.where)
        problems = self.problems(rules)
        if problems:
            raise AssertionError(f"{self.where}: case '{self.id}' under ruleset '{rules.name}':\n  "
                                 + "\n  ".join(problems))

    def problems(self, rules) -> list[str]:
        """The mismatches between what ``rules`` gives and what the case expects ([] when none)."""
        expect = self.expect
        try:
            if self.situation is not None:
                got = rules.score(self.situation, enforce_minimum=self.enforce_minimum)
            else:
                got = rules.settle(self.record)
        except MahjongError as e:
            if "error" not in expect:
                return [f"expected a result, got error [{e.code}]: {e.message}"]
            out = _error_problems(e, expect)
            if isinstance(e, BelowMinimumError):
                out += _score_problems(e.result, expect)
            return out
        if "error" in expect:
            shown = f"total {got.total}" if self.situation is not None else f"deltas {list(got.to_dict()['deltas'])}"
            return [f"expected error '{expect['error']}', got a result: {shown}"]
        if self.situation is not None:
            return _score_problems(got, expect)
        return _settle_problems(got, expect)


def _error_problems(e: MahjongError, expect: Mapping) -> list[str]:
    out = []
    if e.code != expect["error"]:
        out.append(f"error: got [{e.code}] {e.message}, expected [{expect['error']}]")
    if "match" in expect and str(expect["match"]) not in e.message:
        out.append(f"error message {e.message!r} does not contain {expect['match']!r}")
    return out


def _fan_text(fans: Mapping) -> str:
    return "{" + ", ".join(f"{k}: {v}" for k, v in fans.items()) + "}"


def _score_problems(result, expect: Mapping) -> list[str]:
    out = []
    if "total" in expect and result.total != expect["total"]:
        out.append(f"total: got {result.total}, expected {expect['total']}")
    if "value" in expect and result.value != expect["value"]:
        out.append(f"value: got {result.value}, expected {expect['value']}")
    if "fans" in expect:
        got = {f.id: f.count for f in result.fans}
        want = dict(expect["fans"] or {})
        if got != want:
            missing = {k: v for k, v in want.items() if got.get(k) != v}
            extra = {k: v for k, v in got.items() if want.get(k) != v}
            out.append(f"fans: got {_fan_text(got)}, expected {_fan_text(want)} "
                       f"(expected but not got: {_fan_text(missing)}; got but not expected: {_fan_text(extra)})")
    if out:
        out.append(f"reading: {' '.join(result.decomposition.labels())} ({result.decomposition.shape})")
    return out


def _settle_problems(settlement, expect: Mapping) -> list[str]:
    got = settlement.to_dict()
    out = []
    if "deltas" in expect and got["deltas"] != list(expect["deltas"]):
        out.append(f"deltas: got {got['deltas']}, expected {list(expect['deltas'])}")
    if "payments" in expect:
        want = list(expect["payments"])
        # only the keys each expected payment gives are compared (a case may leave out reasons)
        seen = [{k: p.get(k) for k in w} for p, w in zip(got["payments"], want)]
        if len(got["payments"]) != len(want) or seen != want:
            out.append(f"payments: got {got['payments']}, expected {want}")
    return out


def _load(ruleset, where: str):
    """The case's ruleset from the default engine (which caches it)."""
    if ruleset is None:
        raise AssertionError(f"{where}: the case names no ruleset: pass one to check(), or give "
                             f"'ruleset' in the case or at the top of the file")
    return load_ruleset(ruleset)


def _lines(text: str) -> list[int]:
    """The line of each case of a YAML case file (a list of cases or a map with ``cases``)."""
    node = yaml.compose(text, Loader=yaml.SafeLoader)
    if isinstance(node, yaml.MappingNode):
        node = next((v for k, v in node.value if k.value == "cases"), None)
    if not isinstance(node, yaml.SequenceNode):
        return []
    return [item.start_mark.line + 1 for item in node.value]


def load_cases(path, ruleset: str | None = None) -> list[GoldenCase]:
    """The golden cases of a YAML or JSON file (see the module docstring for its keys).
    ``ruleset`` is the default for cases and files that name none. Raises CaseFileError for a
    file that does not hold cases (an unknown key, a case with no situation or record, no
    expectation, a duplicate id), naming the file and line."""
    path = Path(path)
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".json":
        try:
            data, lines = json.loads(text), []
        except json.JSONDecodeError as e:
            raise CaseFileError(f"{path}:{e.lineno}: invalid JSON: {e.msg}") from None
    else:
        try:
            data, lines = yaml.safe_load(text), _lines(text)
        except yaml.YAMLError as e:
            raise CaseFileError(f"{path}: invalid YAML: {e}") from None
    if isinstance(data, Mapping):
        unknown = [k for k in data if k not in ("ruleset", "cases")]
        if unknown:
            raise CaseFileError(f"{path}: unknown top-level key '{unknown[0]}'{did_you_mean(unknown[0], ('ruleset', 'cases'))}"
                                f" (a case file is a list of cases or {{ruleset, cases}})")
        ruleset = data.get("ruleset", ruleset)
        data = data.get("cases")
    if not isinstance(data, list):
        raise CaseFileError(f"{path}: expected a list of cases, got {type(data).__name__}")
    if isinstance(ruleset, str) and ruleset.endswith((".yaml", ".yml")):
        ruleset = str(path.parent / ruleset)
    cases, ids = [], {}
    for i, raw in enumerate(data):
        where = f"{path}:{lines[i]}" if i < len(lines) else f"{path} (case #{i + 1})"
        case = _case(raw, where, ruleset, path.parent)
        if case.id in ids:
            raise CaseFileError(f"{where}: duplicate case id '{case.id}' (first at {ids[case.id]})")
        ids[case.id] = where
        cases.append(case)
    return cases


def _case(raw, where: str, ruleset, folder: Path) -> GoldenCase:
    if not isinstance(raw, Mapping):
        raise CaseFileError(f"{where}: a case is a map, got {type(raw).__name__}")
    for key in raw:
        if key not in CASE_KEYS:
            raise CaseFileError(f"{where}: unknown case key '{key}'{did_you_mean(str(key), CASE_KEYS)}")
    if not isinstance(raw.get("id"), (str, int)):
        raise CaseFileError(f"{where}: a case needs an 'id' (a string)")
    if ("situation" in raw) == ("record" in raw):
        raise CaseFileError(f"{where}: case '{raw['id']}' needs exactly one of 'situation' and 'record'")
    own, other = (SITUATION_EXPECT, RECORD_EXPECT) if "situation" in raw else (RECORD_EXPECT, SITUATION_EXPECT)
    wrong = [k for k in other if k in raw]
    if wrong:
        raise CaseFileError(f"{where}: case '{raw['id']}': '{wrong[0]}' is not expected of a "
                            f"{'situation' if 'situation' in raw else 'record'} (expect {', '.join(own)} or error)")
    expect = {k: raw[k] for k in own + ("error", "match") if k in raw}
    if not set(expect) - {"match"}:
        raise CaseFileError(f"{where}: case '{raw['id']}' expects nothing: give {', '.join(own)} or error")
    name = raw.get("ruleset", ruleset)
    if "ruleset" in raw and str(name).endswith((".yaml", ".yml")):
        name = str(folder / name)
    return GoldenCase(str(raw["id"]), where, name, raw.get("situation"), raw.get("record"), expect,
                      bool(raw.get("enforce_minimum", True)))


def check_cases(path, rules=None) -> int:
    """Check every case of a file; raise one AssertionError listing each failing case. Returns
    the number of cases checked."""
    cases = load_cases(path)
    failures = []
    for case in cases:
        try:
            case.check(rules)
        except AssertionError as e:
            failures.append(str(e))
    if failures:
        raise AssertionError(f"{len(failures)} of {len(cases)} golden cases failed:\n" + "\n".join(failures))
    return len(cases)


# ---------------------------------------------------------------- hand generators

WINDS = "ESWN"
_MAX_TRIES = 200


def _sets(rng: random.Random, kinds: list[int], n: int, runs: bool, counts: list[int]) -> list[tuple[str, int]] | None:
    allowed = set(kinds)
    chows = [t for t in kinds if t < 27 and t % 9 <= 6 and {t + 1, t + 2} <= allowed] if runs else []
    out = []
    for _ in range(n):
        for _attempt in range(30):
            if chows and rng.random() < 0.55:
                kind, t = "chow", rng.choice(chows)
                need = (t, t + 1, t + 2)
            else:
                kind, t = "pung", rng.choice(kinds)
                need = (t, t, t)
            if all(counts[x] + need.count(x) <= 4 for x in need):
                for x in need:
                    counts[x] += 1
                out.append((kind, t))
                break
        else:
            return None
    return out


def _try_situation(rules, rng: random.Random, melds: int | None) -> dict | None:
    table = rules.table
    kinds = sorted(k for k in table.kinds if k < T.NUM_KINDS)
    void = None
    if table.void_suit:
        suits = sorted({T.SUITS[k // 9] for k in kinds if k < 27})
        void = rng.choice(suits)
        kinds = [k for k in kinds if k >= 27 or T.SUITS[k // 9] != void]
    n_sets = (table.hand_size - 1) // 3
    counts = [0] * T.NUM_KINDS
    sets = _sets(rng, kinds, n_sets, table.sequences, counts)
    if sets is None:
        return None
    pairs = [t for t in kinds if counts[t] <= 2]
    if not pairs:
        return None
    pair = rng.choice(pairs)
    counts[pair] += 2
    n_melds = rng.randint(0, n_sets) if melds is None else min(melds, n_sets)
    order = list(range(n_sets))
    rng.shuffle(order)
    melded = set(order[:n_melds])
    standing = [pair, pair]
    meld_dicts = []
    for i, (kind, t) in enumerate(sets):
        tiles = (t, t + 1, t + 2) if kind == "chow" else (t, t, t)
        if i not in melded:
            standing += tiles
        elif kind == "chow" and not table.chows:
            return None
        elif kind == "pung" and counts[t] == 3 and rng.random() < 0.2:
            counts[t] += 1
            meld_dicts.append({"type": "kong", "tiles": T.format_tiles((t,) * 4), "concealed": rng.random() < 0.5})
        else:
            meld_dicts.append({"type": kind, "tiles": T.format_tiles(tiles)})
    win = standing.pop(rng.randrange(len(standing)))
    sit = {"hand": T.format_tiles(sorted(standing)), "melds": meld_dicts, "win_tile": T.name(win),
           "self_drawn": rng.random() < 0.4, "seat_wind": rng.choice(WINDS), "round_wind": rng.choice(WINDS)}
    if void is not None:
        sit["void_suit"] = void
    try:
        rules.parse(sit)
    except MahjongError:
        return None
    return sit


def random_situation(rules, rng: random.Random, melds: int | None = None) -> dict:
    """A random legal situation (contract dict) that wins in the standard shape under ``rules``:
    sets and a pair from the table's tile kinds (runs only where the table counts them, no chow
    melds where it forbids them, no tile of the void suit it picks), ``melds`` of the sets
    declared (default: 0 to all), self-draw and winds at random. No wilds, flowers or event flags."""
    standard = (rules.data.get("shapes") or {}).get("standard")
    if standard is None or standard.get("enabled", True) is False:
        raise ValueError(f"ruleset '{rules.name}' has no standard shape: the generators build standard hands")
    for _ in range(_MAX_TRIES):
        sit = _try_situation(rules, rng, melds)
        if sit is not None:
            return sit
    raise ValueError(f"ruleset '{rules.name}': no legal standard-shape situation in {_MAX_TRIES} tries "
                     f"(does its table allow the sets of a standard hand?)")


def situations(rules, seed: int, n: int, melds: int | None = None) -> list[dict]:
    """``n`` random winning situations for ``rules``; the same seed gives the same list."""
    rng = random.Random(seed)
    return [random_situation(rules, rng, melds) for _ in range(n)]


def random_ready_hand(rules, rng: random.Random, melds: int | None = None) -> dict:
    """A ready hand (``{"hand", "melds"}``, with ``void_suit`` where the table has one): a random
    winning situation without its winning tile, so it waits at least on that tile."""
    sit = random_situation(rules, rng, melds)
    return {k: v for k, v in sit.items() if k in ("hand", "melds", "void_suit")}


def ready_hands(rules, seed: int, n: int, melds: int | None = None) -> list[dict]:
    """``n`` random ready hands for ``rules``; the same seed gives the same list."""
    rng = random.Random(seed)
    return [random_ready_hand(rules, rng, melds) for _ in range(n)]


__all__ = ["GoldenCase", "CaseFileError", "load_cases", "check_cases", "random_situation", "situations",
           "random_ready_hand", "ready_hands"]

