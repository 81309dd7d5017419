"""The records a family's table flow is made of (``mahjong_table_flow``'s answer, docs/table.md
"Family flows"): ``TableFlow``, its ``OpeningStep``s, and the values their fields take. Apart from
hookspecs.py, which names them, so that registering plugins and scoring import none of it: only
the table reads them (the plugin door and ``hookspecs`` still offer them by name)."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Callable, Iterable


@dataclass(frozen=True, slots=True)
class OpeningStep:
    """One choice every seat makes at the opening (``TableFlow.opening``): by default after the deal
    step and before the dealer's first turn (Sichuan's 换三张 and 定缺); with ``at`` =
    ``first_discard`` right after the dealer's first discard, before its claim window (Fuzhou's
    抢金). The table asks the seats with a choice at once; each answers ``{"type": kind, "seat": s, "choice": c}`` (one of its
    ``choices``), unseen by the others; when all have answered, ``resolve`` runs.

    - ``kind`` (``str``): the action type, e.g. ``exchange``; not one of the core's action types
    - ``doc`` (``str``): one line: what the seats choose
    - ``choices`` (``Callable[..., Iterable[str]]``): ``choices(hand, seat)`` (a ``TableHand``), the
      seat's choices as strings, e.g. ``["123m", "124m", …]``; none: the seat is not asked (no
      seat asked: the step is skipped and ``resolve`` gets no answers)
    - ``resolve`` (``Callable[..., Iterable[Mapping]]``): ``resolve(hand, answers)`` with
      ``answers`` ``{seat: choice}``: apply them (``hand.move(...)``) and return the record events
      they make. The table reads a returned ``void`` event itself (``{"seat", "suit"}``, on a
      ruleset with ``table.void_suit``): that seat must let its void suit go first and may not
      claim it; and a returned ``win`` event (``{"seat", "situation"}``: Fuzhou's 抢金, after
      ``hand.take_turned(seat)``): that seat has won and the hand ends
    - ``suggest`` (``Callable[..., str] | None``): ``suggest(held, choices)``, the choice the
      greedy bot makes holding the concealed tile kinds ``held`` (default: the first choice)
    - ``at`` (``str``): ``deal`` (default: before the dealer's first turn) or ``first_discard``
      (after the dealer's first discard, before anyone may claim it; when no step wins, the
      discard's claim window opens as usual)
    """

    kind: str
    doc: str
    choices: Callable[..., Iterable[str]]
    resolve: Callable[..., Iterable[Mapping]]
    suggest: Callable[..., str] | None = None
    at: str = "deal"


OPENING_AT = ("deal", "first_discard")


@dataclass(frozen=True, slots=True)
class TableFlow:
    """What the table does for a family beyond the core flow (``mahjong_table_flow``). The core
    table already honours what YAML says: ``table.wilds`` (fixed wilds; a wild kind never claimed,
    konged or discarded where the keys forbid it; a win on a discarded wild only where
    ``win_on_discard`` allows), ``table.win_methods`` and ``scoring.minimum`` per way of winning
    (a win is offered only when ``Ruleset.score`` accepts it). A flow adds the rest, as steps
    that read and change the hand through a ``TableHand`` and return the record events they add.

    - ``id`` (``str``): names the flow in messages, e.g. ``popular.indicator``
    - ``doc`` (``str``): one line: what the flow adds, shown by the docs
    - ``deal`` (``Callable[..., Iterable[Mapping]] | None``): ``deal(hand)`` (a ``TableHand``) after
      the deal and the bonus tiles' replacement, before the dealer's first turn: e.g. turn up an indicator
      (``hand.turn_up()``) and return ``[{"type": "wild", "indicator": "4m"}]``. The table reads
      a returned ``wild`` event itself: its kinds (``table.wilds``) are the hand's wilds from then on
    - ``end`` (``Callable[..., Iterable[Mapping]] | None``): ``end(hand)`` when the hand is over (a
      win or a drawn hand), after the table's own events: e.g. horses turned up from the wall's tail
    - ``keep_deal_on_win`` (``bool``): the deal stays with a dealer who wins (a series' rotation;
      default: the deal always passes, as in Guobiao)
    - ``keep_deal_on_draw`` (``bool``): the deal stays after a drawn hand
    - ``next_streak`` (``Callable[..., int] | None``): ``next_streak(dealer_streak, outcome)``, the
      next hand's ``dealer_streak`` when the dealer keeps the deal (``outcome``: ``dealer_win`` or
      ``draw``); default: one more
    - ``reserve`` (``Callable[..., int] | None``): ``reserve(hand)``, the wall tiles held back now
      (never drawn), asked after the deal and after every kong and bonus tile set aside; default:
      the option ``reserve`` (a number), else none
    - ``discard`` (``Callable[..., Iterable[Mapping]] | None``): ``discard(hand, seat, tile)`` after a
      discard, before its claim window: the record events it adds (Fuzhou: a discarded gold)
    - ``win_barred`` (``Callable[..., str | None] | None``): ``win_barred(hand, seat, self_drawn)``, why
      the family bars ``seat`` from that win now (naming the rule and option), or None
    - ``win_rank`` (``Callable[..., int] | None``): ``win_rank(hand, seat, tile)``, where one player
      wins a discard: a claimant of higher rank beats nearer ones (default: all rank 0)
    - ``auto_win`` (``Callable[..., bool] | None``): ``auto_win(hand, seat)``, true when the win the
      seat may declare on the tile it drew is taken at once, without an action (三金倒)
    - ``wild_discard`` (``str``): the rule a refused wild discard names beside ``table.wilds.discard``
      (e.g. ``options.gold_discard: forbidden``)
    - ``opening`` (``tuple[OpeningStep, ...]``): choices every seat makes at the opening, in order
      (换三张, 定缺 before the dealer's first draw; 抢金 after his first discard: ``OpeningStep.at``)
    - ``dealer_tile_at_deal`` (``bool``): the dealer takes his extra tile at the deal (Fuzhou's 坎门),
      after every seat's dealt tiles and before the bonus tiles' replacement; his first turn then
      begins without a draw, that tile (or, when it was a bonus tile, its last replacement) standing
      as his drawn tile (a 天胡's winning tile). Default: he draws it as his first draw, after the
      deal step and the opening steps
    - ``bonus_in_rounds`` (``bool``): the dealt bonus tiles are replaced in rounds (Fuzhou's 补花):
      each round, from the dealer in turn order, every seat holding bonus tiles sets them all
      aside and takes as many from the tail; bonus tiles among those wait for the next round, and
      a seat holding none is skipped. Default: each seat in turn replaces until it holds none
    - ``several_winners`` (``bool``): every seat that claims a win on one discard (or robs one
      added kong) wins (一炮多响); default: the nearest in turn order from the discarder
    - ``rob_exposed_kong`` (``bool``): an exposed kong may be robbed as an added one is (明杠可抢):
      before its replacement, a window where each seat that may win on its tile (but its
      declarer and the discarder) may rob it; robbed, it never stands and the robber wins from its
      declarer. Default: only added kongs are robbed
    - ``one_robber`` (``bool``): with ``several_winners``, an added kong is still robbed by the
      nearest robber alone (Guangdong's ``multiple_robbers: false``)
    - ``after_win`` (``str``): what a win does to the hand: ``end`` (default: it is over),
      ``leave`` (血战: the winners leave play, the others go on until one is left or the wall
      ends) or ``stay`` (血流: the winner sets the winning tile aside and plays on, its hand
      fixed: it may only win again or let its drawn tile go)
    - ``show_hands`` (``bool``): when the wall runs out, the ``end`` event lists the hands of the
      seats still in play (``{"hands": {"0": {"hand": …, "melds": […]}}}``: 查花猪 / 查大叫)
    - ``pass_win_lock`` (``bool``): 过水 — a seat that lets a discard win go may not win on a
      discard worth the same or less until its own next discard (a self-draw still may)
    - ``forced_win_tiles`` (``int``): once the wall's last N tiles are being drawn (fewer than N
      left), a seat that may win must (its only legal action is the win, a robbed kong's
      included); 0: never forced
    - ``running_money`` (``bool``): each win and kong is paid when it happens, so every seat's
      observation shows the money paid so far (``paid``: the settlement of the hand's events to
      now; Sichuan's ``settle_timing: immediate``); default: money shows when the hand is settled
    - ``next_dealer`` (``Callable[..., int | None] | None``): ``next_dealer(hand)`` (the finished
      hand's ``TableHand``: ``events``, ``winners``, ``waits(seat)``, ``draw_lots``), the seat that
      deals next, overriding the ``keep_deal_*`` flags (e.g. the winner deals next, or a drawn
      hand keeps a dealer who is ready); None (the function or its answer): the deal passes or
      stays by those flags. The dealer himself is a kept deal (the streak grows)
    - ``win_extras`` (``Callable[..., Mapping] | None``): ``win_extras(hand, seat)`` as ``seat``
      wins, the ``extras`` its recorded situation carries (e.g. a liable seat); keys the ruleset
      declares under ``table.extras``. Asked too when the table checks whether the win may be
      declared (the extras may decide it)
    """

    id: str
    doc: str = ""
    deal: Callable[..., Iterable[Mapping]] | None = None
    end: Callable[..., Iterable[Mapping]] | None = None
    keep_deal_on_win: bool = False
    keep_deal_on_draw: bool = False
    next_streak: Callable[..., int] | None = None
    reserve: Callable[..., int] | None = None
    discard: Callable[..., Iterable[Mapping]] | None = None
    win_barred: Callable[..., str | None] | None = None
    win_rank: Callable[..., int] | None = None
    auto_win: Callable[..., bool] | None = None
    wild_discard: str = ""
    opening: tuple[OpeningStep, ...] = ()
    dealer_tile_at_deal: bool = False
    bonus_in_rounds: bool = False
    rob_exposed_kong: bool = False
    several_winners: bool = False
    one_robber: bool = False
    after_win: str = "end"
    show_hands: bool = False
    pass_win_lock: bool = False
    forced_win_tiles: int = 0
    next_dealer: Callable[..., int | None] | None = None
    win_extras: Callable[..., Mapping] | None = None
    running_money: bool = False


AFTER_WIN = ("end", "leave", "stay")
