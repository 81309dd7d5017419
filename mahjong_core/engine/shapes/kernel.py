"""The compiled shanten kernel, where it was built: one C call answers ``rules.shanten`` of a
wild-free hand of standing tiles in plain notation, over every shape of a ruleset that names a
kernel (``WinShape.kernel``), and one more gives ``rules.analyze`` of such a hand its shanten
and useful kinds, for each discard of a 3n+2 hand (the copies left, the waits and the order of
the discards stay Python's). The pure path stays the reference and answers everything else.

The kernel is ``_kernel``, compiled from ``csrc/shanten_kernel.c`` by the normal install where a
C compiler is found (``setup.py``: an optional extension, so an install without one still
succeeds). ``MAHJONG_CORE_PURE=1`` in the environment keeps it unused. This module is also the
door to the other compiled module, the wild splitter (``splitter``, for ``wild_splits``).

Invariant: for every hand it answers, its answer is the pure path's. The standard shape reads
the same precomputed tables (``tables.py``), handed over on first use; seven pairs, thirteen
orphans, wild_count and the shapes a plugin maps to a kernel (Guobiao's 全不靠, 组合龙 and 九莲宝灯)
are their closed forms, as each shape's own ``shanten`` computes them. It gives up (None, the
pure path answers) on notation it does not read, a fifth copy, a tile count or kind the table
does not take, and any vector the tables do not hold. ``tests/analysis/test_shanten_kernel.py``
holds each kernel to its shape, and the whole answer to the pure path's, on random hands.
"""
from __future__ import annotations

import os

# named in full: the compiled modules, not the package (whose modules import this one)
try:
    import mahjong_core.engine.shapes._kernel as _kernel
except ImportError:                     # not built here (no compiler at install): the pure path
    _kernel = None
try:
    import mahjong_core.engine.shapes._splits as _splits
except ImportError:
    _splits = None

# the kernels, by id; the number is the C side's (``enum`` in csrc/shanten_kernel.c)
KERNELS = ("standard", "seven_pairs", "thirteen_orphans", "honors_and_knitted", "knitted_straight",
           "nine_gates", "wild_count")

_loaded = False


def use_compiled() -> bool:
    """May optional compiled code answer? Not with ``MAHJONG_CORE_PURE=1`` in the environment,
    which keeps core's and every plugin's to the pure path (the plugin door exports this)."""
    return os.environ.get("MAHJONG_CORE_PURE", "") in ("", "0")


def available() -> bool:
    """Is the compiled kernel here and in use (built, and not turned off)?"""
    return _kernel is not None and use_compiled()


def splitter():
    """The compiled wild splitter (``_splits``, from ``csrc/wild_splits.c``: a suit's splits
    with wilds for ``wild_splits.wild_options``), or None where it was not built or the
    compiled code is turned off."""
    return _splits if _splits is not None and use_compiled() else None


def _ready():
    """The kernel with the tables loaded (once)."""
    global _loaded
    if not _loaded:
        from .tables import tables
        t = tables()
        _kernel.load(*t.raw)
        _loaded = True
    return _kernel


def _step(kernel: str, args: dict) -> bytes | None:
    """One shape of a plan as the kernel reads it (its id and two arguments), or None when the
    kernel does not take these arguments."""
    if kernel not in KERNELS:
        return None
    i = KERNELS.index(kernel)
    if kernel == "seven_pairs":
        known = {"pairs": 7, "allow_four": True, **args}
        if set(known) != {"pairs", "allow_four"} or not isinstance(known["pairs"], int) \
                or not 1 <= known["pairs"] <= 255 or not isinstance(known["allow_four"], bool):
            return None
        return bytes((i, known["pairs"], int(known["allow_four"])))
    if kernel == "wild_count":
        known = {"count": 3, **args}
        if set(known) != {"count"} or not isinstance(known["count"], int) or not 0 <= known["count"] <= 255:
            return None
        return bytes((i, known["count"], 0))
    return None if args else bytes((i, 0, 0))


def plan_of(shapes) -> bytes | None:
    """The kernel's plan for a ruleset's shapes (``(shape, args, _)`` as ``Ruleset.shapes``), or
    None when the kernel is not in use or a shape has none."""
    if not available():
        return None
    plan = b""
    for shape, args, _ in shapes:
        step = _step(shape.kernel, args) if shape.kernel else None
        if step is None:
            return None
        plan += step
    return plan or None


def shanten(text: str, *, size: int, kind_mask: int, need: int, chows: bool, plan: bytes, drops: int) -> int | None:
    """``Analyzer.shanten`` of plain notation through the kernel, or None (the pure path answers):
    ``size`` the table's hand size, ``kind_mask`` its kinds (bit t for kind t), ``need`` the sets
    needed, ``plan`` the shapes (``plan_of``), ``drops`` the suits a hand may leave out (bit s)."""
    return (_kernel if _loaded else _ready()).shanten(text, size, kind_mask, need, chows, plan, drops)


def analyze(text: str, *, size: int, kind_mask: int, need: int, chows: bool, plan: bytes, drops: int):
    """``Analyzer.analyze`` of plain notation through the kernel (the arguments as ``shanten``'s):
    ``(tiles, 34 counts as bytes, the hand's shanten, rows)``, a row ``(discard, shanten, useful
    kinds as a mask)`` per kind held (discard −1 and one row for a 3n+1 hand), or None."""
    return (_kernel if _loaded else _ready()).analyze(text, size, kind_mask, need, chows, plan, drops)


def counts_shanten(counts, need: int, chows: bool, plan: bytes) -> int | None:
    """The plan's best shanten over 34 counts, not raised to a floor (for the tests)."""
    return _ready().counts_shanten(bytes(counts), need, chows, plan)
