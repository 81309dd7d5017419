"""Opening steps (``TableFlow.opening``, docs/table.md "Opening steps"): after the deal step and
before the dealer's first turn (``at`` = ``deal``), or right after the dealer's first discard and
before its claim window (``first_discard``: Fuzhou's 抢金), each step asks every seat that has a
choice at once; a seat's answer is kept from the others until all have answered, then the step's
``resolve`` applies them and returns its record events (a ``void`` event is read by the table:
flow.write; a ``win`` event ends the hand there)."""
from __future__ import annotations

from ..errors import PluginError
from ..hookspecs import OPENING_AT
from . import actions as A
from . import flow, winning
from .state import OPENING, Opening


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


def answer(table, action: A.Action) -> bool:
    """Take one seat's answer; when it is the last, resolve the step and open the next. False
    when the steps at this point are over (the dealer's first turn, or the claim window on his
    first discard, comes next); True while they go on or when a step's win has ended the hand."""
    op = table.state.opening
    op.answers[action.seat] = action
    if op.waiting:
        return True
    _resolve(table, op.step, {s: a.choice for s, a in sorted(op.answers.items())})
    if table.state.winners:             # a step's win (抢金) ends the hand before the first draw
        table.state.opening = None
        winning.end(table, exhausted=False)
        return True
    return start(table, op.step + 1, table.flow.opening[op.step].at)


def _resolve(table, index: int, answers: dict) -> None:
    step = table.flow.opening[index]
    where = f"opening step '{step.kind}'"
    flow.write(table, flow.call(table, step.resolve, where, flow.TableHand(table), answers), where)
