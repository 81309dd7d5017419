"""Opening steps (``TableFlow.opening``, docs/table.md "Opening steps"): after the deal step and
before the dealer's first turn (``at`` = ``deal``), or right after the dealer's first discard and
before its claim window (``first_discard``: Fuzhou's 抢金), each step asks every seat that has a
choice at once; a seat's answer is kept from the others until all have answered, then the step's
``resolve`` applies them and returns its record events (a ``void`` event is read by the table:
flow.write; a ``win`` event ends the hand there)."""
from __future__ import annotations

from ..errors import PluginError
from ..flows import OPENING_AT
from . import actions as A
from . import flow, winning
from .state import OPENING, TURN, Opening


def kinds(table) -> tuple[str, ...]:
    """The action types of the flow's opening steps."""
    return tuple(step.kind for step in table.flow.opening) if table.flow is not None else ()


def check(table) -> None:
    """Each step's kind is its own: not a core action type nor another step's."""
    names = kinds(table)
    for name in names:
        if name in A.KINDS or names.count(name) > 1 or not isinstance(name, str):
            raise PluginError(f"table flow '{table.flow.id}': opening step kind {name!r} must be a name of its "
                              f"own (not one of {', '.join(A.KINDS)}, nor another step's)")
    for step in table.flow.opening if table.flow is not None else ():
        if step.at not in OPENING_AT:
            raise PluginError(f"table flow '{table.flow.id}': opening step '{step.kind}' comes at one of "
                              f"{', '.join(OPENING_AT)}, got {step.at!r}")


def has(table, at: str) -> bool:
    """Does the flow have an opening step at ``at`` (``deal`` or ``first_discard``)?"""
    return table.flow is not None and any(step.at == at for step in table.flow.opening)


def start(table, index: int = 0, at: str = "deal") -> bool:
    """Open step ``index`` (or the next one at ``at`` any seat has a choice in); False when none
    is left."""
    steps = kinds(table)
    st = table.state
    while index < len(steps):
        step = table.flow.opening[index]
        if step.at != at:
            index += 1
            continue
        hand = flow.TableHand(table)
        options = {}
        for seat in range(table.rules.seats):
            got = flow.call(table, step.choices, f"opening step '{step.kind}'", hand, seat)
            if any(not isinstance(c, str) for c in got):
                raise PluginError(f"table flow '{table.flow.id}': opening step '{step.kind}' gives choices "
                                  f"as strings, got {got!r}")
            if got:
                options[seat] = tuple(A.Action(step.kind, seat, None, c) for c in dict.fromkeys(got))
        if options:
            st.phase, st.opening = OPENING, Opening(index, options)
            return True
        _resolve(table, index, {})
        index += 1
    st.opening = None
    return False


def answer(table, action: A.Action) -> None:
    """Take one seat's answer; when it is the last, resolve the step and open the next. When the
    steps at this point are over, the dealer's first turn begins, or the claim window on his
    first discard opens; a step's win (抢金) ends the hand there."""
    st = table.state
    op = st.opening
    op.answers[action.seat] = action
    if op.waiting:
        return
    _resolve(table, op.step, {s: a.choice for s, a in sorted(op.answers.items())})
    if st.winners:
        st.opening = None
        winning.end(table, exhausted=False)
        return
    at = table.flow.opening[op.step].at
    if start(table, op.step + 1, at):
        return
    if at == "deal":
        first_turn(table)
    else:
        dealer = st.deal.dealer
        table._open_claims(dealer, st.seats[dealer].pool[-1])


def first_turn(table) -> None:
    """The dealer's first turn: his first draw, or where he took that tile at the deal (坎门,
    ``TableFlow.dealer_tile_at_deal``), his turn with it as his drawn tile."""
    st = table.state
    tile, st.first_tile = st.first_tile, None
    seat = st.deal.dealer
    if tile is None:
        table._draw(seat, tail=False)
        return
    st.phase, st.turn, st.drawn, st.from_tail, st.claimed, st.window = TURN, seat, tile, False, False, None
    st.bloom_draw = False
    take_auto_win(table, seat, tile)


def take_auto_win(table, seat: int, tile: int) -> None:
    """A win the flow takes at once (三金倒), once the seat holds no tile beyond its hand."""
    if not table.state.extra.get(seat) and flow.auto_win(table, seat) \
            and A.Action(A.WIN, seat) in table._compute_legal(seat):
        winning.win(table, [seat], tile, None)


def let_extra_go(table, seat: int, tile: int) -> None:
    """A tile beyond the seat's hand let go (开金's replacement, ``TableHand.replace``): it lies in
    the pool, nobody may claim it, it is not the seat's first discard, and the turn stays with
    the seat. When it was the drawn tile, the last of the seat's sorted tiles that is no wild
    stands for it."""
    st = table.state
    me = st.seats[seat]
    st.extra[seat] -= 1
    if not st.extra[seat]:
        del st.extra[seat]
    flow.run(table, "discard", seat, tile)
    if st.drawn is not None and not me.counts[st.drawn]:
        held = me.tiles()
        st.drawn = next((t for t in reversed(held) if t not in st.wilds), held[-1])
    take_auto_win(table, seat, st.drawn)


def _resolve(table, index: int, answers: dict) -> None:
    step = table.flow.opening[index]
    where = f"opening step '{step.kind}'"
    flow.write(table, flow.call(table, step.resolve, where, flow.TableHand(table), answers), where)
