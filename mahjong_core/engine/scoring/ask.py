"""Asking fan checks, and reading their answers into one shape: fan id → count."""
from __future__ import annotations

from collections.abc import Mapping

from ..errors import PluginError, plugin_failure
from ..fans import Alternatives, FanContext


def ask(entries, ctx: FanContext, found: dict) -> list | None:
    """Ask every check of ``entries`` (plan entries) about ``ctx``, adding what each awards to
    ``found``; return the open choices (one dict label → fans per check that answered with
    Alternatives), or None. A count awards each of the entry's fans; a mapping only the entry's
    own fans. A failure other than a MahjongError, or an answer of another type, names the check.
    The loop is the engine's innermost: the common answer, a dict, is read first and inline."""
    choices = None
    for entry in entries:
        func = entry.func
        args = entry.args
        try:
            result = func(ctx, **args) if args else func(ctx)
        except Exception as e:
            raise plugin_failure(e, f"plugin '{entry.plugin}': fan check '{entry.check_id}' failed")
        if not result:
            continue
        cls = result.__class__
        if cls is dict:
            ids = entry.ids
            for fid, n in result.items():
                if n and fid in ids:
                    found[fid] = n
                elif n and entry.outside(fid):
                    raise _outside(entry, fid)
        elif cls is int or cls is bool:
            for r in entry.rules:
                found[r.id] = int(result)
        elif isinstance(result, Alternatives):
            options = {label: _answer(entry, answer) for label, answer in result.items()}
            choices = [options] if choices is None else choices + [options]
        elif isinstance(result, Mapping):
            ids = entry.ids
            for fid, n in result.items():
                if n and fid in ids:
                    found[fid] = n
                elif n and entry.outside(fid):
                    raise _outside(entry, fid)
        else:
            raise PluginError(f"plugin '{entry.plugin}': fan check '{entry.check_id}' returned "
                              f"{type(result).__name__}; expected a count, a mapping of fan id to count "
                              f"or Alternatives of such answers")
    return choices


def _answer(entry, answer) -> dict:
    """One alternative of an answer, as fan id → count."""
    if answer.__class__ is int or answer.__class__ is bool:
        return {r.id: int(answer) for r in entry.rules} if answer else {}
    if isinstance(answer, Mapping):
        out = {}
        for fid, n in answer.items():
            if n and fid in entry.ids:
                out[fid] = n
            elif n and entry.outside(fid):
                raise _outside(entry, fid)
        return out
    raise PluginError(f"plugin '{entry.plugin}': fan check '{entry.check_id}' returned an alternative "
                      f"of type {type(answer).__name__}; expected a count or a mapping")


def _outside(entry, fid) -> PluginError:
    return PluginError(f"plugin '{entry.plugin}': fan check '{entry.check_id}' awarded '{fid}', which is not "
                       f"among the fans it declares (FanCheck.awards: {', '.join(sorted(entry.check.awards))})")
