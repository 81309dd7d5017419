"""Popular's pattern checks answered for every reading of a hand in one compiled call
(``mahjong_tail_answers``): 混三步 / 混四步 / 混三节 / 混四节 (``mixed_shifted``), 混龙
(``mixed_dragon``), 二五八将 (``pair_258``) and 幺九头 (``terminal_pair``). They are tail checks
(each awards one fan at most), asked of the readings whose ceiling still reaches the best; a hand
with wilds has a hundred readings and these checks' room of several points kept a quarter of
them in the running. Answered, a reading is bounded by the checks left (the waits).

The compiled module is ``_patterns`` (``csrc/popular_patterns.c``, built by the normal install
where a C compiler is found; not used under ``MAHJONG_CORE_PURE=1``). It reads a reading's groups
as the checks do (``checks._number_sets``, ``checks._the_pair``) and tells, per reading, which of
the plan's entries of these checks award their fans.

Invariant: for every reading, the fans asking those entries of it in the plan's order would
find, with the same counts (one each). tests/popular/test_tail_answers.py holds the answers to
the checks' on random hands with 0–4 wilds under both popular rulesets, and scoring with them to
choosing among every reading.
"""
from __future__ import annotations

from mahjong_core.plugin import TailAnswers, use_compiled

from . import checks

try:
    from . import _patterns
except ImportError:                 # not built here (no compiler at install): the checks are asked
    _patterns = None

SHIFTED, DRAGON, PAIR_258, TERMINAL = range(4)
_CODES = {checks.mixed_shifted: SHIFTED, checks.mixed_dragon: DRAGON, checks.pair_258: PAIR_258,
          checks.terminal_pair: TERMINAL}
_ARGS = {SHIFTED: {"kind", "length", "suits"}, DRAGON: {"suits"}, PAIR_258: set(), TERMINAL: set()}
MAX_LENGTH = 8          # the compiled spread tries 3 ** length picks: a longer run is the checks'
MAX_ENTRIES = 31        # one bit each in a reading's mask


def tail_answers(ruleset) -> TailAnswers | None:
    """The entries of ``ruleset``'s tail that are these checks with args the module takes, and
    their answers; None when there are none or the module is not here (or not in use)."""
    if _patterns is None or not use_compiled():
        return None
    entries, specs = [], []
    for t in ruleset.plan.tail:
        spec = _spec(t.entry)
        if spec is not None and len(entries) < MAX_ENTRIES:
            entries.append(t.entry)
            specs.append(spec)
    if not entries:
        return None
    return TailAnswers(tuple(entries), Patterns(tuple(entries), tuple(specs)).answers)


def _spec(entry) -> tuple | None:
    """(code, kind: 0 chows / 1 pungs, length, bit mask of the suit counts wanted) for the
    compiled module, or None when it does not take the entry."""
    code = _CODES.get(entry.func)
    if code is None or set(entry.args) - _ARGS[code]:
        return None
    args = entry.args
    if code in (PAIR_258, TERMINAL):
        return (code, 0, 0, 0)
    wanted = _wanted(args.get("suits", 2))
    if wanted is None:
        return None
    if code == DRAGON:
        return (code, 0, 3, wanted)
    length = args.get("length", 3)
    if type(length) is not int or not 1 <= length <= MAX_LENGTH:
        return None
    return (code, 0 if args.get("kind", "chow") == "chow" else 1, length, wanted)


def _wanted(suits) -> int | None:
    """``checks._suit_counts(suits)`` as a bit mask over 0–3 suits (a count no pick reaches is
    left out: it never matches), or None for a value the checks read otherwise."""
    try:
        counts = checks._suit_counts(suits)
    except TypeError:
        return None
    mask = 0
    for n in counts:
        if isinstance(n, int) and 0 <= n <= 3:
            mask |= 1 << int(n)
    return mask


class Patterns:
    """One ruleset's answered entries, and the fans each mask of them awards."""

    __slots__ = ("entries", "specs", "_fans")

    def __init__(self, entries: tuple, specs: tuple):
        self.entries = entries
        self.specs = specs
        self._fans: dict = {}       # mask → the fans (one dict per mask: readings share it)

    def answers(self, s, readings: list) -> list:
        """Per reading, the fans of the answered entries (every reading is answered)."""
        fans = self._fans
        masks = _patterns.patterns(readings, self.specs)
        for mask in set(masks).difference(fans):        # a mask met for the first time
            fans[mask] = {r.id: 1 for i, e in enumerate(self.entries) if mask >> i & 1 for r in e.rules}
        return list(map(fans.__getitem__, masks))
