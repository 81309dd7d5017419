"""The settlement options of each Guangdong profile and their defaults (README.md: Options;
the 包 switches). The rulesets (rulesets/guangdong*.yaml) declare the same names under ``options`` with
their ``option_types``; a test keeps the two equal. Amounts are in units of ``unit`` (u, b)."""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from mahjong_core.plugin import RulesetError, did_you_mean

# the 包 (responsibility) switches and the shared kong keys, with their defaults when off
_COMMON: dict[str, Any] = {
    "kong_bloom_full_pay": False,        # 杠爆全包: the feeder of the chain's first kong pays 3 shares
    "kong_on_kong_full_pay": False,      # 杠上杠: the feeder also pays the chain's kongs, nobody else
    "kong_on_kong_chain_rates": "own_kong_money",   # each chain kong at its whole kong_money (or a map of rates)
    "rob_kong_full_pay": False,          # 抢杠全包: the robbed player pays 3 shares
    "rob_kong_pays_chain_exposed": False,  # he also pays each robber his chain's exposed kongs
    "rob_kong_drops_other_kong_points": False,  # no other kong money in a robbed hand
    "single_wait_liability": False,      # 尖牌单吊包胡 (extras.claim_liable, four melds)
    "follow_dealer": False,              # 跟庄
    "follow_dealer_amount": 1,
    "kong_paid_on_draw": False,          # 流局算杠 / money paid the moment a kong is made
    "horse_follows_kong": False,         # 马跟杠: the winner's kong money again per hit
    "horse_streak_bonus": 0,             # 买马节节高: horses added per hand a winning dealer kept the deal
    "dealer_streak_bonus": 0,            # 节节高: money per payer per hand a winning dealer kept the deal
    "cap_money": None,                   # 封顶: per-share ceiling of hand + horses, in money
    "cap_in_units": None,                # 封顶: the same ceiling as a multiple of ``unit`` (×5, ×10)
    "horses_with_ghost": None,           # 推倒胡: horses when the winner holds a ghost-kind tile
    "rob_exposed_kong": False,           # 明杠可抢: an exposed kong may be robbed too
}

DEFAULTS: Mapping[str, Mapping[str, Any]] = MappingProxyType({
    # 大胡 ([T])
    "guangdong.dahu": MappingProxyType(dict(
        _COMMON, unit=20, horses=4, horse_table="dealer_1_5_9_east_red", horse_value="hand_value",
        kong_money={"added_each": 0.5, "exposed_from_feeder": 1.5, "concealed_each": 1},
        kong_bloom_full_pay=True)),
    # [B] (推倒胡: face-value kong money, 4 horses with a ghost held, else 6)
    "guangdong.tuidaohu": MappingProxyType(dict(
        _COMMON, unit=1, horses=6, horses_with_ghost=4, horse_table="dealer_1_5_9_east_red",
        kong_money={"exposed_from_feeder": 3, "added_each": 1, "concealed_each": 2})),
    # [L] (莲花: kong money and 跟庄 paid at once, dealer pays double)
    "guangdong.lianhua": MappingProxyType(dict(
        _COMMON, unit=100, horses=8, horse_table="lianhua", dealer_pays_double=True,
        kong_money={"concealed_each": 2, "exposed_from_feeder": 1, "added_each": 1},
        kong_paid_on_draw=True, follow_dealer=True)),
    # [W] (包: no horses; pending kong points; every 包 rule on)
    "guangdong.bao": MappingProxyType(dict(
        _COMMON, unit=3, horses=0, horse_table="dealer_1_5_9_east_red",
        kong_money={"concealed_each": 2, "added_each": 1, "exposed_from_feeder": 3},
        kong_on_kong_chain_rates={"exposed": 3, "added": 1, "concealed": 2},
        kong_bloom_full_pay=True, kong_on_kong_full_pay=True, rob_kong_full_pay=True,
        rob_kong_pays_chain_exposed=True, rob_kong_drops_other_kong_points=True,
        single_wait_liability=True,
        multiple_robbers=True)),             # several players may rob one kong, each wins (false: one)
})


def resolve(rule: str, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The profile's defaults with the settlement keys of ``options`` (a ruleset's) laid over
    them; the ruleset's other options (seven pairs, ghosts …) are its scoring's, not read here."""
    try:
        base = DEFAULTS[rule]
    except KeyError:
        raise RulesetError(f"unknown Guangdong settlement '{rule}'{did_you_mean(rule, DEFAULTS)}") from None
    out = dict(base)
    for key, value in (options or {}).items():
        if key in out:
            out[key] = value
    return out
