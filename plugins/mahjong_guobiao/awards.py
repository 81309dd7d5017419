"""Fan id → the function that decides it, for every fan a Guobiao check awards.

Each module here keeps an ``AWARDS`` table (the check that reports a fan → fan id → the function
of that module deciding it): standard.py's ``@fan_check`` declarations take each check's award
set from the same tables (``standard.awards_of``). A special shape's module also keeps
``ALSO_AWARDS``, the fans that shape earns beside its own, decided there. Every fan of a shipped ruleset that a Guobiao check awards is in
exactly one ``AWARDS`` (tests/guobiao/test_guobiao_awards.py). ``awarded_by(ruleset)`` extends the
table to any ruleset: a fan of another plugin's check is awarded by that check's function.
"""
from __future__ import annotations

from .standard import MODULES


def _path(module, function: str) -> str:
    return f"{module.__name__}.{function}"


# (fan id, "module.function") for every row of every module's AWARDS, in module order
ROWS = tuple((fid, _path(m, fn)) for m in MODULES for table in m.AWARDS.values() for fid, fn in table.items())
AWARDS = dict(ROWS)
# fan id → the special shapes' functions that also award it
ALSO_AWARDS: dict = {}
for _m in MODULES:
    for _fid, _fn in getattr(_m, "ALSO_AWARDS", {}).items():
        ALSO_AWARDS.setdefault(_fid, []).append(_path(_m, _fn))
ALSO_AWARDS = {fid: tuple(paths) for fid, paths in ALSO_AWARDS.items()}


def awarded_by(ruleset) -> dict:
    """``{fan_id: "module.function"}`` for every fan of ``ruleset``: the Guobiao function that
    decides it, else the function of the check its YAML names."""
    checks = ruleset.engine.registry.checks
    out = {}
    for r in ruleset.fan_rules:
        func = checks[r.check].item.func
        if func.__module__.startswith(__package__ + ".") and r.id in AWARDS:
            out[r.id] = AWARDS[r.id]
        else:
            out[r.id] = f"{func.__module__}.{func.__qualname__}"
    return out
