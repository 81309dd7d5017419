"""Write the standard shape's shanten tables (package data) from their definition.

    python scripts/build_shanten_tables.py [--check]

``mahjong_core/engine/shapes/tables.py`` says what they hold; ``--check`` only compares the
bytes built with those shipped (exit 1 when they differ), as ``tests/analysis`` does.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mahjong_core.engine.shapes import tables  # noqa: E402


def main(argv: list[str]) -> int:
    start = time.perf_counter()
    data = tables.build()
    took = time.perf_counter() - start
    if "--check" in argv:
        same = tables.DATA.exists() and tables.DATA.read_bytes() == data
        print(f"{tables.DATA.name}: {'the same bytes' if same else 'DIFFERS from the build'} ({took:.1f} s)")
        return 0 if same else 1
    tables.DATA.write_bytes(data)
    print(f"wrote {tables.DATA} ({len(data):,} bytes, built in {took:.1f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
