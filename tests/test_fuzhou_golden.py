"""Golden hands and records of both Fuzhou lines (tests/data/fuzhou/), against the draft YAML.

The files are in the golden runner's format (mahjong_core.testing), so once the core keys the
drafts use exist and the drafts move to rulesets/, ``case.check()`` runs them as they are. Until
then this file scores and settles them the way the drafts say, from the plugin's own checks and
rules: the draft fans with their units and tier (value = P × 2^D + X), the five-sets-and-a-pair
or three-golds win, and the settlement from payers.py, streak.py and gold_discard.py.
"""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from types import MappingProxyType, SimpleNamespace

import pytest
import yaml

from mahjong_core import tiles as T
from mahjong_core.errors import HandError, MahjongError, NotWinningError, SettlementError
from mahjong_core.fans import FanContext
from mahjong_core.records import Event
from mahjong_core.shapes import Decomposition
from mahjong_core.testing import load_cases
from mahjong_fuzhou import CHECKS
from mahjong_fuzhou.gold_discard import check_gold_discards, gold_of
from mahjong_fuzhou.golds import fits, golds, natural_counts, room
from mahjong_fuzhou.payers import share, win_payments
from mahjong_fuzhou.streak import streak_points
from mahjong_fuzhou.validate import check_situation

from test_fuzhou_checks import situation_of

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "fuzhou"
DRAFTS = ROOT / "plugins" / "mahjong_fuzhou" / "drafts"
FILES = sorted(DATA.glob("*_cases.yaml"))


# ---------------------------------------------------------------- the drafts, read as data

def _merge(base: dict, over: dict) -> dict:
    out = dict(base)
    for k, v in over.items():
        out[k] = _merge(out[k], v) if isinstance(v, dict) and isinstance(out.get(k), dict) else v
    return out


def ruleset_data(name: str) -> dict:
    """A draft (by name) or an overlay (by path), its ``extends`` chain merged."""
    path = Path(name) if name.endswith(".yaml") else DRAFTS / f"{name}.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    base = data.pop("extends", None)
    return _merge(ruleset_data(base), data) if base else data


class Draft:
    """What the pre-core scorer reads of a draft: enabled fans in order, options, table."""

    def __init__(self, name: str):
        data = ruleset_data(name)
        self.options = data.get("options", {})
        self.table = data["table"]
        self.fans = [(fid, f) for fid, f in data["fans"].items() if f.get("enabled", True)]


def _amount(fan: dict) -> int:
    return next(fan[u] for u in ("points", "doublings", "bonus") if u in fan)


# ---------------------------------------------------------------- scoring as the drafts say

def prescore(d: dict, draft: Draft) -> dict:
    """total, value and fans of a situation dict, or the MahjongError the ruleset would raise."""
    s = situation_of(d)
    size = len(s.hand) + 3 * len(s.melds)
    if size != draft.table["hand_size"]:
        raise HandError(f"wrong tile count: this ruleset needs {draft.table['hand_size']} before the winning tile",
                        code="wrong_tile_count")
    for t in s.all_tiles:
        if t >= 27:
            raise HandError(f"{T.name(t)} is a bonus tile: it belongs in 'flowers'")
    for m in s.melds:
        if set(m.tiles) & set(s.wilds):
            raise HandError(f"a gold cannot be melded ({T.format_tiles(m.tiles)})", code="invalid_meld")
    check_situation(s)
    facts = golds(s)
    if s.win_tile in s.wilds and not s.self_drawn:
        raise HandError("a discarded gold cannot be won on")
    if s.robbing_kong and "robbing_kong" not in draft.table["win_methods"]:
        raise NotWinningError("robbing a kong is not a win in this ruleset (table.win_methods)")
    sets = (len(s.hand) + 1 - 2) // 3
    counts = natural_counts(s, facts)
    if not fits(counts, facts.held, sets, True, room(s, counts)) and not (s.self_drawn and facts.held >= 3):
        raise NotWinningError("not a winning hand")
    ctx = FanContext(s, Decomposition("standard", (), ()), SimpleNamespace(options=draft.options))
    found = {}
    for fid, fan in draft.fans:
        got = CHECKS[fan["check"]](ctx)
        n = got.get(fid, 0) if isinstance(got, dict) else int(got)
        if n:
            found[fid] = n
    tiers: dict = {}
    for fid, fan in draft.fans:                 # of a tier, the highest amount, then the first in order
        if fid in found and "tier" in fan:
            best = tiers.get(fan["tier"])
            if best is None or _amount(fan) > _amount(dict(draft.fans)[best]):
                tiers[fan["tier"]] = fid
    fans = {fid: n for fid, n in found.items() if "tier" not in dict(draft.fans)[fid] or fid in tiers.values()}
    by_id = dict(draft.fans)
    unit = {u: sum(by_id[f].get(u, 0) * n for f, n in fans.items()) for u in ("points", "doublings", "bonus")}
    return {"total": unit["points"] + unit["bonus"], "value": unit["points"] * 2 ** unit["doublings"] + unit["bonus"],
            "fans": fans, "doublings": unit["doublings"]}


def presettle(record: dict, draft: Draft) -> dict:
    """deltas and payments of a record, as the drafts' settlement would give them."""
    events = [Event(e["type"], i, MappingProxyType(e)) for i, e in enumerate(record["events"])]
    seats, dealer, streak = record.get("seats", 4), record.get("dealer", 0), record.get("dealer_streak", 0)
    check_gold_discards(events, draft.options)
    gold = next((gold_of(e) for e in events if e.type == "wild"), None)
    wins = [e for e in events if e.type == "win"]
    if len(wins) > 1:
        raise SettlementError(f"{wins[1].where()}: one win per hand (one winner per discard)")
    deltas = [0] * seats
    if not wins:
        return {"deltas": deltas, "payments": []}
    win = wins[0]
    frm = win.get("from")
    sit = dict(win.get("situation"), self_drawn=frm is None, dealer=win.seat == dealer)
    if gold is not None:
        sit.setdefault("wilds", T.name(gold))
    robbed = bool(sit.get("robbing_kong"))
    if robbed:
        kong = events[win.index - 1]
        if kong.type != "kong" or kong.get("kind") != "added" or kong.seat != frm \
                or kong.get("tile") != sit["win_tile"]:
            raise SettlementError(f"{win.where()}: a robbed kong needs the added kong of seat {frm} just before")
    result = prescore(sit, draft)
    s = share(result["value"], streak_points(streak, win.seat == dealer, draft.options), frm is None,
              2 ** result["doublings"])
    payments = win_payments(seats, win.seat, s, draft.options, discarder=frm, robbed_kong=robbed)
    for p in payments:
        deltas[p.payer] -= p.amount
        deltas[p.payee] += p.amount
    return {"deltas": deltas, "payments": [p.to_dict() for p in payments]}


# ---------------------------------------------------------------- the cases

CASES = [c for path in FILES for c in load_cases(path)]


def test_the_case_files_are_golden_runner_files():
    assert [p.name for p in FILES] == ["fuzhou-classic_cases.yaml", "fuzhou_cases.yaml"]
    assert len(CASES) >= 40
    assert {c.ruleset for c in CASES} >= {"fuzhou", "fuzhou-classic"}


@pytest.mark.parametrize("case", CASES, ids=[f"{Path(c.where).name.split('_')[0]}:{c.id}" for c in CASES])
def test_golden(case):
    draft = Draft(case.ruleset)
    expect = case.expect
    try:
        got = prescore(case.situation, draft) if case.situation is not None else presettle(case.record, draft)
    except MahjongError as e:
        assert expect.get("error") == e.code, f"{case.where}: {case.id}: [{e.code}] {e.message}"
        assert str(expect.get("match", "")) in e.message, f"{case.where}: {case.id}: {e.message}"
        return
    assert "error" not in expect, f"{case.where}: {case.id}: expected {expect['error']}, got {got}"
    for key in ("total", "value", "fans", "deltas"):
        if key in expect:
            assert got[key] == expect[key], f"{case.where}: {case.id}: {key} {got[key]} != {expect[key]}"
    if "payments" in expect:
        seen = [{k: p[k] for k in w} for p, w in zip(got["payments"], expect["payments"])]
        assert seen == expect["payments"] and len(got["payments"]) == len(expect["payments"]), case.where
    if "deltas" in got:
        assert sum(Fraction(x) for x in got["deltas"]) == 0


def _chain(ruleset: str) -> list[str]:
    """The names and paths a case's ruleset extends, itself first."""
    path = Path(ruleset) if ruleset.endswith(".yaml") else DRAFTS / f"{ruleset}.yaml"
    base = yaml.safe_load(path.read_text(encoding="utf-8")).get("extends")
    return [ruleset] + (_chain(base) if base else [])


@pytest.mark.parametrize("name", ["fuzhou", "fuzhou-classic"])
def test_every_fan_of_each_line_is_awarded_in_a_golden_case(name):
    """Each fan a line defines (disabled ones too: an overlay switches them on) is expected in a
    case of that line or of a ruleset extending it."""
    awarded = set()
    for case in CASES:
        if case.situation is not None and name in _chain(case.ruleset):
            awarded |= set(case.expect.get("fans") or {})
    assert set(ruleset_data(name)["fans"]) - awarded == set()


def test_every_record_event_is_in_a_golden_record():
    types = {e["type"] for c in CASES if c.record is not None for e in c.record["events"]}
    assert types == {"wild", "kong", "discard", "win"}
    assert any(not any(e["type"] == "win" for e in c.record["events"]) for c in CASES if c.record is not None)
    assert any(c.record.get("dealer_streak") for c in CASES if c.record is not None)
