"""Every payment of every shipped settlement carries its reason as data (``settle.money.Why``): the
English sentence with seats as "seat N" is the payment's ``reason`` exactly, the Chinese one has
no English word in it, and every seat a reason names is one of the record's seats. Records from
the seeded generators of each family and the Sichuan and popular golden ledgers."""
from __future__ import annotations

import json
import random
import re

import pytest

from mahjong_core.engine.errors import MahjongError
from mahjong_core.engine.settle.money import Ledger, Payment, Why, why

import fuzhou_recordgen
import guangdong_recordgen
from testpaths import POPULAR_DATA, SICHUAN_DATA

ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")


def _golden(path) -> list[tuple[str, dict]]:
    text = path.read_text(encoding="utf-8")
    rows = json.loads(text) if text.lstrip().startswith("[") else [json.loads(line) for line in text.splitlines() if line.strip()]
    return [(row["record"].get("ruleset") or "popular", row["record"]) for row in rows if row["ledger"].get("ok")]


def _records(engine) -> list[tuple[str, dict]]:
    out = _golden(SICHUAN_DATA / "sichuan_ledgers.json")
    out += [(n, r) for n, r in _golden(POPULAR_DATA / "popular_ledgers.json") if n == "popular"]
    for name in ("guangdong", "guangdong-tuidaohu", "guangdong-lianhua", "guangdong-bao"):
        out += [(name, r) for r in guangdong_recordgen.records(engine.load_ruleset(name), name, seed=7, n=25)]
    out += [("fuzhou", r) for r in fuzhou_recordgen.records(seed=7, n=25, classic=False)]
    out += [("fuzhou-classic", r) for r in fuzhou_recordgen.records(seed=7, n=25, classic=True)]
    win = {"hand": "123456789m9m", "win_tile": "9m", "melds": [{"type": "pung", "tiles": "111z", "from": "left"}]}
    for name in ("guobiao", "popular"):
        out += [(name, {"events": [{"type": "win", "seat": 1, "from": 2, "situation": win}]}),
                (name, {"events": [{"type": "win", "seat": 3, "situation": win}]})]
    return out


def test_every_shipped_settlement_says_its_reasons_in_english_and_chinese(engine):
    kinds: dict[str, set] = {}
    settled = 0
    for name, record in _records(engine):
        rules = engine.load_ruleset(name)
        try:
            result = rules.settle(record)
        except MahjongError:
            continue                         # a generated record the ruleset refuses: its own test's matter
        settled += 1
        for p in result.payments:
            assert p.why, (name, p)
            assert "; ".join(w.text() for w in p.why) == p.reason
            zh = "；".join(w.text("zh", lambda s: f"<{s}>") for w in p.why)
            assert not ENGLISH_WORD.search(re.sub(r"\d[mpsz]", "", zh)), (name, zh)
            for w in p.why:
                assert all(0 <= s < record.get("seats", 4) for s in w.seats.values())
                kinds.setdefault(rules.settlement_rule.item.id, set()).add(w.kind)
            data = p.to_dict(why=True)
            assert data["why"] == [w.to_dict() for w in p.why] and set(p.to_dict()) == {"from", "to", "amount", "reason"}
    assert settled > 100
    print(sorted((k, sorted(v)) for k, v in kinds.items()))
    assert len(kinds) >= 8, sorted(kinds)           # every shipped settlement rule
    assert {"discard_win", "self_drawn_win", "concealed_kong", "exposed_kong", "flower_pig", "not_ready",
            "follow_dealer", "horses", "hand"} <= set().union(*kinds.values())


def test_a_reason_names_players_by_the_name_given():
    w = why("discard_win_base", "discard win by {winner} off {discarder}: base {base}",
            "{winner} 和 {discarder} 的点炮：底分 {base}", {"winner": 1, "discarder": 2}, base=8)
    assert w.text() == "discard win by seat 1 off seat 2: base 8"
    names = ["Ann", "Bo", "Cy", "Di"].__getitem__
    assert w.text("en", names) == "discard win by Bo off Cy: base 8"
    assert w.text("zh", names) == "Bo 和 Cy 的点炮：底分 8"
    assert w.to_dict() == {"kind": "discard_win_base", "en": w.en, "zh": w.zh, "seats": {"winner": 1, "discarder": 2},
                           "values": {"base": 8}}


def test_a_reason_with_a_placeholder_it_does_not_fill_is_a_plugin_error():
    with pytest.raises(MahjongError, match=r"placeholder \{who\} names no seat or value"):
        why("x", "paid by {who}", "{who} 付")


def test_the_ledger_keeps_the_reasons_data_and_the_contract_json_is_unchanged():
    ledger = Ledger(4)
    w = why("win", "win ({value} × {base})", "{winner} 和牌（{value} × {base}）", {"winner": 0}, value=3, base=0.5)
    ledger.pay(1, 0, 1.5, w)
    (p,) = ledger.payments
    assert p.reason == "win (3 × 0.5)" and p.why == (w,)
    assert p.to_dict() == {"from": 1, "to": 0, "amount": 1.5, "reason": "win (3 × 0.5)"}
    assert p.to_dict(why=True)["why"][0]["values"] == {"value": 3, "base": 0.5}
    assert Payment.of(1, 0, 2, (w, w)).reason == "win (3 × 0.5); win (3 × 0.5)"
    assert isinstance(p.why[0], Why)
