"""What the table reads of a ruleset (``PlayRules``), and which rulesets it plays.

The core table plays the common game: deal, bonus tiles replaced from the tail, draws, discards,
claims, kongs, robbing a kong, the last tile and the drawn hand, with what YAML says of it
(``table.wilds``, ``table.win_methods``, the minimum per way of winning). A family with more (an
indicator turned up, horses) is played when a plugin gives its flow (``mahjong_table_flow``); a
ruleset whose family has none is refused by name (``unsupported``) rather than played wrong.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import MahjongError, PluginError, UnsupportedError, did_you_mean
from ..flows import AFTER_WIN, TableFlow

# settlement id -> the flow of the family the table does not play yet (when no plugin gives it)
_FLOWS = {
    "popular.competition": "混 wild indicator turned up from the wall",
    "popular.site": "混 wild indicator turned up from the wall",
    "sichuan_blood_battle": "换三张, 定缺 and blood battle (a winner leaves, play goes on)",
    "guangdong.dahu": "horses (买马) and 跟庄",
    "guangdong.tuidaohu": "ghost turn-up and horses (买马)",
    "guangdong.lianhua": "horses (买马) and 跟庄",
    "guangdong.bao": "ghost turn-up and 包 liability",
}
PLAYED = ("guobiao",)           # settlement ids whose rulesets the core table plays without a flow


@dataclass(frozen=True, slots=True)
class PlayRules:
    """The table's reading of a ruleset: how many tiles a hand holds, may chows be claimed, how
    many may win one discard, who keeps the deal, how many tiles the wall holds back, what a win
    does to the hand, whether the hands still in play are shown when the wall runs out, how many
    last tiles are drawn one each without a discard (``lastgroup``), whether money is paid as the
    hand goes (``running_money``)."""

    name: str
    hand_size: int
    chows: bool
    seats: int = 4
    one_winner: bool = True             # the nearest in turn order from the discarder (截和); else 一炮多响
    keep_deal_on_win: bool = False      # Guobiao competition: the deal always passes
    keep_deal_on_draw: bool = False
    reserve: int = 0                    # wall tiles never drawn (option ``reserve`` where declared)
    after_win: str = "end"              # end | leave (血战: winners leave play) | stay (血流: winners play on)
    show_hands: bool = False            # the end event lists the hands still in play (查花猪 / 查大叫)
    pass_win_lock: bool = False         # 过水: a discard win let go locks out discard wins worth no more
    forced_win_tiles: int = 0           # a win is forced with this many wall tiles left or fewer
    one_robber: bool = False            # several may win a discard, the nearest alone robs an added kong
    last_group: int = 0                 # the last drawable tiles drawn one each (option ``last_group``)
    running_money: bool = False         # each win and kong paid as it happens: observations show ``paid``
    rob_exposed_kong: bool = False      # 明杠可抢: an exposed kong may be robbed too, as an added one


def flow_of(ruleset) -> TableFlow | None:
    """The family flow a plugin of the ruleset's engine gives for it (``mahjong_table_flow``), or None."""
    engine = getattr(ruleset, "engine", None)
    return None if engine is None else find_flow(engine, ruleset)


def find_flow(engine, ruleset) -> TableFlow | None:
    """The first plugin's ``TableFlow`` for ``ruleset`` in ``engine``, or None; a plugin that
    fails or answers with something else is named (``PluginError``)."""
    for impl in reversed(engine.pm.hook.mahjong_table_flow.get_hookimpls()):       # registration order
        try:
            got = impl.function(ruleset=ruleset)
        except MahjongError:
            raise
        except Exception as e:
            raise PluginError(f"plugin '{impl.plugin_name}': mahjong_table_flow failed: "
                              f"{type(e).__name__}: {e}") from e
        if got is None:
            continue
        if not isinstance(got, TableFlow):
            raise PluginError(f"plugin '{impl.plugin_name}': mahjong_table_flow must return a TableFlow "
                              f"or None, got {type(got).__name__}")
        return got
    return None


def unsupported(ruleset) -> str | None:
    """Why the table cannot play ``ruleset`` yet, or None when it can."""
    return _missing(ruleset, flow_of(ruleset))


def _missing(ruleset, flow) -> str | None:
    rule = ruleset.settlement_rule
    if rule is None:
        return "settlement (it defines none, so a hand cannot be settled)"
    rid = rule.item.id
    if rid not in PLAYED and flow is None:
        return _FLOWS.get(rid, f"settlement '{rid}'")
    table = ruleset.table
    if table.void_suit and flow is None:
        return "house rules (a void suit that no flow declares: table.void_suit)"
    if table.max_wild_kinds and not table.wilds.fixed and (flow is None or flow.deal is None):
        return "house rules (wild tiles that no flow turns up: table.wilds without fixed kinds)"
    return None


def play_rules(ruleset, seats: int = 4) -> PlayRules:
    """The table's rules of ``ruleset`` (with its family's flow: a flow's ``reserve`` replaces the
    option); a ruleset it does not play is an
    ``unsupported_ruleset`` error naming what it lacks."""
    flow = flow_of(ruleset)
    missing = _missing(ruleset, flow)
    if missing is not None:
        raise UnsupportedError(f"the table does not play {ruleset.name}'s {missing} yet; it plays the rulesets "
                               f"settled by: {', '.join(PLAYED)}, and those a plugin gives a flow")
    table = ruleset.table
    opts = ruleset.options
    reserve = 0 if flow is not None and flow.reserve is not None else opts["reserve"] if "reserve" in opts else 0
    last_group = opts["last_group"] if "last_group" in opts else 0
    if flow is None:
        return PlayRules(ruleset.name, table.hand_size, table.chows, seats, True, False, False, reserve,
                         last_group=last_group)
    if flow.after_win not in AFTER_WIN:
        raise PluginError(f"table flow '{flow.id}': after_win must be one of {', '.join(AFTER_WIN)}, "
                          f"got {flow.after_win!r}{did_you_mean(str(flow.after_win), AFTER_WIN)}")
    return PlayRules(ruleset.name, table.hand_size, table.chows, seats, not flow.several_winners,
                     flow.keep_deal_on_win, flow.keep_deal_on_draw, reserve, flow.after_win, flow.show_hands,
                     flow.pass_win_lock, flow.forced_win_tiles, flow.one_robber, last_group, flow.running_money,
                     flow.rob_exposed_kong)
