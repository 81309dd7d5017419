"""Why a Guobiao result holds the fans it holds: the structural decisions behind it.

The engine already reports the YAML exclusions (``ScoreResult.excluded``: fan → the fans that
excluded it). The combination principles are structural (relations.py), so this module replays
them for the chosen reading and says in words what they decided, plus the waits and the
concealment adjustments. ``explain(result, ruleset)`` returns ``{"notes": [...], "excluded":
[{"id", "by"}]}``; it never changes a score.
"""
from __future__ import annotations

import re

from mahjong_core.plugin import tiles as T
from mahjong_core.plugin import FanContext

from .facts import WIND, facts, standing
from .relations import chow_fans, pung_relations
from .waits import hand_waits


def explain(result, ruleset) -> dict:
    s = result.situation
    dec = result.decomposition
    ctx = FanContext(s, dec, ruleset, {})
    notes: list[str] = []
    shape = dec.shape
    if shape != "standard":
        notes.append(f"read as {shape.replace('_', ' ')}: only the fans the rules let this shape combine with")
    if shape in ("standard", "knitted_straight"):
        f = facts(ctx)
        if shape == "standard":
            if len(f.chows) >= 2:
                chow_fans(f.chows, f.pair, notes)
            if len(f.pungs) >= 2:
                pung_relations(f.pungs, len(f.chows), notes)
        winds = [t for t in f.pungs if t in WIND]
        for t in winds:
            roles = [name for name, w in (("圈风刻", 27 + s.round_wind), ("门风刻", 27 + s.seat_wind)) if t == w]
            if roles:
                notes.append(f"{T.format_tiles((t, t, t))} scores {' and '.join(roles)}, so it is not also 幺九刻")
        if len(f.standing_pungs) and not s.self_drawn and f.concealed_pungs < len(f.standing_pungs):
            w = T.name(s.win_tile)
            notes.append(f"the discarded {w} completes {T.format_tiles((s.win_tile,) * 3)}, which therefore counts as melded for the "
                         f"concealed-pung fans")
        if shape == "standard" and s.hand and ctx.win_tile not in s.wilds:
            waits = hand_waits(standing(ctx), s.melds, ctx.options["formal_waits"])
            names = T.format_tiles(waits) or "none"
            if len(waits) == 1:
                notes.append(f"the hand before the win waited only on {names}: one unique-wait fan may count "
                             f"(边张 > 嵌张 > 单钓将)")
            else:
                notes.append(f"the hand before the win waited on {names}: no 边张/嵌张/单钓将")
    zh = {r.id: r.zh for r in ruleset.fan_rules}
    pattern = re.compile(r"\b(" + "|".join(sorted(zh, key=len, reverse=True)) + r")\b")
    notes = [pattern.sub(lambda m: zh[m.group(1)], n) for n in notes]
    excluded = [{"id": fid, "zh": zh.get(fid, fid), "by": list(by)} for fid, by in result.excluded]
    return {"notes": notes, "excluded": excluded}
