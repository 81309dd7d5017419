"""The one exception tree of the library; every failure carries a stable ``code`` (docs/formats.md: Error codes)."""
from __future__ import annotations

import reprlib
from typing import Iterable


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """' (did you mean 'x'?)' for the nearest valid name, or '' when nothing is close."""
    if not isinstance(word, str):           # a list or a number given where a name belongs
        return ""
    import difflib          # here, not at the top: only a failure pays for it
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.5)
    return f" (did you mean '{close[0]}'?)" if close else ""


def plural(n, word: str, words: str | None = None) -> str:
    """``1 point``, ``2 points``: a count with its noun in the right number."""
    return f"{n} {word if n == 1 else words or word + 's'}"


class MahjongError(Exception):
    """Root of every error the library raises on purpose. ``reason`` is an optional few words
    for a table cell (a waits row's "wild: no discard win"), beside the full message."""

    code = "invalid_situation"
    reason: str | None = None

    def __init__(self, message: str, code: str | None = None, reason: str | None = None):
        super().__init__(message)
        if code is not None:
            self.code = code
        if reason is not None:
            self.reason = reason

    @property
    def message(self) -> str:
        return str(self.args[0]) if self.args else ""

    def to_dict(self) -> dict:
        return {"ok": False, "error": {"code": self.code, "message": self.message}}


class TileError(MahjongError):
    code = "invalid_tile"


class HandError(MahjongError):
    """A hand or situation that cannot exist (counts, copies, melds, flags)."""

    code = "invalid_situation"


class NotWinningError(MahjongError):
    code = "not_winning"


class BelowMinimumError(MahjongError):
    """A winning shape whose points are below the ruleset's minimum; keeps the breakdown."""

    code = "below_minimum"

    def __init__(self, message: str, result):
        super().__init__(message)
        self.result = result

    def to_dict(self) -> dict:
        out = super().to_dict()
        data = self.result.to_dict()
        for key in ("ruleset", "total", "value", "fans", "decomposition"):
            if key in data:
                out[key] = data[key]
        return out


class RulesetError(MahjongError):
    code = "ruleset_error"


class UnknownRulesetError(RulesetError):
    code = "unknown_ruleset"


class PluginError(MahjongError):
    """A plugin failed to load or raised inside its own code; names the plugin."""

    code = "ruleset_error"


class SettlementError(MahjongError):
    code = "invalid_situation"


class ResourceError(MahjongError):
    """The work ran out of memory: the machine's limit, not a fault of the input or of a plugin,
    so it is never reported as a plugin's failure (``plugin_failure`` around a plugin's code,
    ``raise ResourceError() from None`` where a MemoryError is caught elsewhere)."""

    code = "out_of_memory"

    def __init__(self, message: str = "ran out of memory: the work needs more memory than this process "
                                      "may use (nothing is wrong with the input or the ruleset)"):
        super().__init__(message)


def plugin_failure(e: Exception, what: str) -> MahjongError:
    """The error to raise for ``e``, caught around a plugin's code that ``what`` names ("plugin
    'x': fan check 'y' failed"): a MahjongError as it is; running out of memory as a
    ResourceError (never the plugin's fault, its cause left out); anything else as a PluginError
    naming the plugin, caused by ``e``. Use ``except Exception as e: raise plugin_failure(e, ...)``:
    the message is made only when something failed."""
    if isinstance(e, MahjongError):
        return e
    if isinstance(e, MemoryError):
        err: MahjongError = ResourceError()
        err.__suppress_context__ = True
        return err
    err = PluginError(f"{what}: {type(e).__name__}: {e}")
    err.__cause__ = e
    return err


class IllegalActionError(MahjongError):
    """An action the table refuses (docs/table.md): not the seat's to take now, or against a
    rule, which the message names; the table's state is unchanged."""

    code = "illegal_action"


class UnsupportedError(MahjongError):
    """A ruleset whose family's flow the table does not play yet (named in the message)."""

    code = "unsupported_ruleset"


class InvariantError(MahjongError):
    """The table broke one of its invariants: a bug; the message names the seed and the action."""

    code = "table_invariant"


class _ShortRepr(reprlib.Repr):
    """reprlib's bounded repr, with integers too long to print shown by their size."""

    def repr_int(self, x, level):
        return repr(x) if x.bit_length() <= 128 else f"<a {x.bit_length()}-bit number>"


_SHORT = _ShortRepr()
_SHORT.maxlevel, _SHORT.maxstring, _SHORT.maxother, _SHORT.maxlist, _SHORT.maxdict = 3, 40, 40, 6, 6


def show(value) -> str:
    """A value as an error message may echo it: short, one line, never recursive or huge (a
    message must not fail on the input it describes)."""
    return _SHORT.repr(value)
