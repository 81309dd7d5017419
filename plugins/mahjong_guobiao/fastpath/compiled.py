"""The fast path's fans, compiled: ``_fans`` (from ``csrc/guobiao_fans.c``, built by the normal
install where a C compiler is found, as core's kernel is) gives every standard reading of a hand
its fans and total in one call and returns the best, as the Python loop over ``fans.Hand.found``
and ``FastScorer.total`` does; it reads a hand's plain notation for the quick parse
(``read_hand``, as ``parse.read_hand``); and it answers the head checks of readings for the
general path (``heads``, through heads.py, with a table of its own: ``heads_table``).

Invariant: for every hand, the same best total and the same tied readings in the same order,
each with the same fans in the same order (so finishing them gives the same record). The Python
loop stays the reference and answers where the module was not built, where compiled code is
turned off (``MAHJONG_CORE_PURE=1``: the plugin door's ``use_compiled``) or for a table the
module does not take (a fan it knows filed under another check, flowers under another id).
tests/guobiao/test_fastpath_compiled.py holds the two to each other on every golden and oracle
hand and on random hands, under the three verified rulesets.
"""
from __future__ import annotations

from mahjong_core.plugin import use_compiled

from ..standard import awards_of

try:
    from . import _fans
except ImportError:             # not built here (no compiler at install): the Python loop
    _fans = None

_SPLIT = {"combined": 0, "separate": 1, "melded": 2}
_MELD = {"chow": 0, "pung": 1, "kong": 2}
# the check each fan the module finds is filed under (what the Python loop filters it by)
_CHECKS = ("pungs", "tiles", "concealment", "chows", "win", "waits", "special")


class CompiledFans:
    """One verified ruleset's table, set up in the module."""

    __slots__ = ("table",)

    def __init__(self, table):
        self.table = table

    def best(self, s, counts: list, readings: list) -> tuple:
        """(the best total, ((index in ``readings``, its fans), ...) for the readings tied for it)."""
        melds = tuple((_MELD[m.kind], m.tile, int(m.concealed)) for m in s.melds)
        flags = (s.win_tile, int(s.self_drawn), int(s.last_tile), int(s.fourth_tile), int(bool(s.after_kong)),
                 int(s.robbing_kong), s.flower_count, 27 + s.round_wind, 27 + s.seat_wind)
        return _fans.best(self.table, tuple(counts), melds, flags, readings)


def compiled_reader():
    """The compiled plain-notation reader (``parse.read_hand``'s answers), or None."""
    return _fans.read_hand if _fans is not None and use_compiled() else None


def _enabled(rules) -> bytes | None:
    """Which of the module's fans (``_fans.fan_ids``) the ruleset awards, each under the check the
    Python loop files it under; None for a table the module does not take."""
    check_of = {fid: f"guobiao.{check}" for check in _CHECKS for fid in awards_of(check)}
    check_of["flower_tiles"] = "core.flowers"
    if not set(rules.ids.get("core.flowers", ())) <= {"flower_tiles"}:
        return None
    ids = _fans.fan_ids()
    if any(fid not in check_of for fid in ids):
        return None
    return bytes(fid in rules.ids.get(check_of[fid], ()) for fid in ids)


def _options(rules) -> tuple:
    """The options ``setup`` reads, in its order."""
    return (_SPLIT[rules.split], int(rules.four_fully_concealed), int(rules.last_from_melds), int(rules.formal_waits),
            int(rules.special_fully_concealed), int(rules.seven_pairs_hog_with_pure))


def heads_table(rules):
    """The module's table for ``_fans.heads`` (which fans and options only: it totals nothing), or None."""
    enabled = _enabled(rules)
    if enabled is None:
        return None
    n = len(enabled)
    return _fans.setup(enabled, bytes(n), (0,) * n, ((),) * n, False, 0, *_options(rules))


def compiled_fans(scorer) -> CompiledFans | None:
    """The compiled fans for a ``FastScorer``'s ruleset, or None (the Python loop answers)."""
    if _fans is None or not use_compiled():
        return None
    rules = scorer.rules
    enabled = _enabled(rules)
    if enabled is None:
        return None
    ids = _fans.fan_ids()
    index = {fid: i for i, fid in enumerate(ids)}
    blocks = bytes(fid in scorer.blocks_fallback for fid in ids)
    points = tuple(scorer.points.get(fid, 0) for fid in ids)
    excludes = tuple(tuple(index[x] for x in scorer.excludes.get(fid, ()) if x in index) for fid in ids)
    fallback = scorer.fallback_points
    table = _fans.setup(enabled, blocks, points, excludes, fallback is not None, fallback or 0, *_options(rules))
    return CompiledFans(table)
