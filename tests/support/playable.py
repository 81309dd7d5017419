"""The rulesets the table plays, found by asking it (``play_rules``), so the tests that run over
"every playable family" grow as families become playable."""
from __future__ import annotations

from functools import lru_cache

from mahjong_core.engine.errors import UnsupportedError
from mahjong_core.engine.registry import Engine
from mahjong_core.engine.table import play_rules

FAMILIES = ("guobiao", "popular", "sichuan", "guangdong", "fuzhou")


@lru_cache(maxsize=1)
def playable_rulesets() -> tuple[str, ...]:
    engine = Engine()
    out = []
    for name in sorted(engine.ruleset_files()):
        try:
            play_rules(engine.load_ruleset(name))
        except UnsupportedError:
            continue
        out.append(name)
    return tuple(out)


def one_per_family() -> tuple[str, ...]:
    """The first playable ruleset of each family (by name): the family's name itself when it plays."""
    out = []
    for family in FAMILIES:
        names = [n for n in playable_rulesets() if n == family or n.startswith(family + "-")]
        if names:
            out.append(family if family in names else names[0])
    return tuple(out)
