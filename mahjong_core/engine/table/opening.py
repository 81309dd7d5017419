"""Opening steps (``TableFlow.opening``, docs/table.md "Opening steps"): after the deal step and
before the dealer's first draw, each step asks every seat that has a choice at once; a seat's
answer is kept from the others until all have answered, then the step's ``resolve`` applies
them and returns its record events (a ``void`` event is read by the table: flow.write)."""
from __future__ import annotations

from ..errors import PluginError
from . import actions as A
from . import flow
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


def start(table, index: int = 0) -> bool:
    """Open step ``index`` (or the next one any seat has a choice in); False when none is left."""
    steps = kinds(table)
    st = table.state
    while index < len(steps):
        step = table.flow.opening[index]
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
    when the opening is over (the dealer's first draw comes next)."""
    op = table.state.opening
    op.answers[action.seat] = action
    if op.waiting:
        return True
    _resolve(table, op.step, {s: a.choice for s, a in sorted(op.answers.items())})
    return start(table, op.step + 1)


def _resolve(table, index: int, answers: dict) -> None:
    step = table.flow.opening[index]
    where = f"opening step '{step.kind}'"
    flow.write(table, flow.call(table, step.resolve, where, flow.TableHand(table), answers), where)
