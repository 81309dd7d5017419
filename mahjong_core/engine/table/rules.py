"""What the table reads of a ruleset (``PlayRules``), and which rulesets it plays.

The table plays a ruleset whose family has no flow of its own beyond the common game: deal,
bonus tiles replaced from the tail, draws, discards, claims, kongs, robbing a kong, the last
tile and the drawn hand. A family with its own flow (a wild turned up, a void suit, horses,
golds) is refused by name (``unsupported``) rather than played wrong.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import UnsupportedError

# settlement id -> the flow of the family the table does not play yet
_FLOWS = {
    "popular.competition": "混 wild indicator turned up from the wall",
    "popular.site": "混 wild indicator turned up from the wall",
    "sichuan_blood_battle": "换三张, 定缺 and blood battle (a winner leaves, play goes on)",
    "guangdong.dahu": "horses (买马) and 跟庄",
    "guangdong.tuidaohu": "ghost turn-up, horses (买马) and 跟庄",
    "guangdong.lianhua": "红中 bonus wins and horses (买马)",
    "guangdong.bao": "ghost turn-up, horses (买马) and 包 liability",
    "fuzhou.gold_rules": "开金, 抢金, 三金倒, golds not discardable, the reserve and the last four",
}
PLAYED = ("guobiao",)           # settlement ids whose rulesets the table plays


@dataclass(frozen=True, slots=True)
class PlayRules:
    """The table's reading of a ruleset: how many tiles a hand holds, may chows be claimed, how
    many may win one discard, who keeps the deal."""

    name: str
    hand_size: int
    chows: bool
    seats: int = 4
    one_winner: bool = True             # Guobiao: the nearest in turn order from the discarder (截和)
    keep_deal_on_win: bool = False      # Guobiao competition: the deal always passes
    keep_deal_on_draw: bool = False


def unsupported(ruleset) -> str | None:
    """Why the table cannot play ``ruleset`` yet, or None when it can."""
    rule = ruleset.settlement_rule
    if rule is None:
        return "settlement (it defines none, so a hand cannot be settled)"
    rid = rule.item.id
    if rid in PLAYED:
        table = ruleset.table
        if table.max_wild_kinds or table.void_suit or table.bonus_win is not None or table.bonus_replacement_bloom:
            return "house rules (wild tiles, a void suit or bonus wins)"
        return None
    return _FLOWS.get(rid, f"settlement '{rid}'")


def play_rules(ruleset, seats: int = 4) -> PlayRules:
    """The table's rules of ``ruleset``; a ruleset it does not play is an ``unsupported_ruleset``
    error naming what it lacks."""
    missing = unsupported(ruleset)
    if missing is not None:
        raise UnsupportedError(f"the table does not play {ruleset.name}'s {missing} yet; it plays the rulesets "
                               f"settled by: {', '.join(PLAYED)}")
    table = ruleset.table
    return PlayRules(ruleset.name, table.hand_size, table.chows, seats)
