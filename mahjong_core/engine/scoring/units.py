"""Score units: a fan adds ``points`` (P), ``doublings`` (D) or a ``bonus`` (X), and the
built-in value formula ``units`` makes ``(min((base + P) × min(2^min(D, max_doublings),
cap_multiplier), cap) + X) × M`` of them (a null limit is no limit; M is the win method's
``multiplier_by_method``, 1 unless given; with ``multiplier_takes_bonus: false`` M leaves X
out: ``min(…) × M + X``). The value is monotone in each unit, so the bounded
search bounds each unit on its own (``Units``, added and maxed per unit); M is fixed for a hand,
and a bound that does not know the hand takes the largest."""
from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from ..hand import win_method

UNITS = ("points", "doublings", "bonus")


class Units(NamedTuple):
    """Amounts per unit: a fan's, a reading's, or a bound of what checks may still add. Adding
    0 keeps it (sums start at 0); adding -inf (the fallback ruled out) gives -inf."""

    points: float = 0
    doublings: float = 0
    bonus: float = 0

    def __add__(self, other):
        if isinstance(other, Units):
            return Units(self[0] + other[0], self[1] + other[1], self[2] + other[2])
        return self if other == 0 else other

    __radd__ = __add__

    def __mul__(self, n):
        return Units(self[0] * n, self[1] * n, self[2] * n)

    def top(self, other: "Units") -> "Units":
        """The larger of the two in each unit: a bound of both."""
        return Units(max(self[0], other[0]), max(self[1], other[1]), max(self[2], other[2]))


def of(unit: str, amount) -> Units:
    """``amount`` in ``unit``."""
    return Units(**{unit: amount})


def units_value(total, fans, situation, base: float = 0, max_doublings: int | None = None,
                cap_multiplier: float | None = None, cap: float | None = None,
                multiplier_by_method: Mapping[str, float] | None = None, multiplier_takes_bonus: bool = True):
    """(min((base + Σpoints) × min(2^min(Σdoublings, max_doublings), cap_multiplier), cap) + Σbonus)
    × multiplier_by_method[win method] (default 1)."""
    # multiplier_takes_bonus false: min(…) × multiplier + Σbonus (the module doc; kept out of the
    # docstring, which every units ruleset page prints)
    p, d, x = sums(fans)
    if not multiplier_by_method:
        return of_amounts(p, d, x, base, max_doublings, cap_multiplier, cap)
    times = multiplier_by_method.get(win_method(situation), 1)
    if multiplier_takes_bonus:
        return of_amounts(p, d, x, base, max_doublings, cap_multiplier, cap) * times
    return of_amounts(p, d, 0, base, max_doublings, cap_multiplier, cap) * times + x


def sums(fans) -> Units:
    """The fans' amounts added up per unit."""
    p = d = x = 0
    for f in fans:
        if f.unit == "points":
            p += f.points * f.count
        elif f.unit == "doublings":
            d += f.points * f.count
        else:
            x += f.points * f.count
    return Units(p, d, x)


def limits_reached(fans, base=0, max_doublings=None, cap_multiplier=None, cap=None, multiplier_by_method=None,
                   doublings_param="max_doublings", multiplier_takes_bonus=True) -> list[dict]:
    """Which of the ``units`` limits cut the value of the fans (or of their ``Units``), each as
    ``{"param", "limits", "limit", "uncapped"}``: the parameter's name, what it limits
    (``doublings``, ``multiplier`` or ``value``), its limit and the amount without it; for an
    explanation to say "capped at ×64". Empty when none did. The win-method multiplier is no limit:
    ``multiplier_by_method`` and ``multiplier_takes_bonus`` are taken with the other params and unused."""
    p, d, x = fans if isinstance(fans, Units) else sums(fans)
    out = []
    if max_doublings is not None and d > max_doublings:
        out.append({"param": doublings_param, "limits": "doublings", "limit": max_doublings, "uncapped": d})
        d = max_doublings
    multiplier = 2 ** d
    if cap_multiplier is not None and multiplier > cap_multiplier:
        out.append({"param": "cap_multiplier", "limits": "multiplier", "limit": cap_multiplier, "uncapped": multiplier})
        multiplier = cap_multiplier
    if cap is not None and (base + p) * multiplier > cap:
        out.append({"param": "cap", "limits": "value", "limit": cap, "uncapped": (base + p) * multiplier})
    return out


def of_amounts(p, d, x, base=0, max_doublings=None, cap_multiplier=None, cap=None, multiplier_by_method=None,
               multiplier_takes_bonus=True):
    """The ``units`` value of the amounts (see ``units_value``); not knowing the win method, it
    takes the largest of ``multiplier_by_method`` (a bound: the search's ceiling)."""
    if max_doublings is not None and d > max_doublings:
        d = max_doublings
    multiplier = 2 ** d
    if cap_multiplier is not None and multiplier > cap_multiplier:
        multiplier = cap_multiplier
    value = (base + p) * multiplier
    if cap is not None and value > cap:
        value = cap
    if multiplier_by_method:
        times = max(1, *multiplier_by_method.values())
        return (value + x) * times if multiplier_takes_bonus else value * times + x
    return value + x


def doubling_value(total, fans, situation, base: float = 1, cap: int | None = None):
    """base × 2^fan, the fan count capped (Sichuan style)."""
    return of_amounts(0, total, 0, base, max_doublings=cap)
