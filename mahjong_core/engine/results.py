"""What scoring gives back: a scored reading (``ScoreResult``). A hand's waits as results are
``waitscores.py``'s."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import tiles as T
from .fans import Fan
from .hand import Situation
from .shapes import Decomposition

if TYPE_CHECKING:
    from .ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class ScoreResult:
    """One reading of a hand, finished: its fans (listed by points), total, value, and what it
    took (points toward the minimum, the fans excluded and by what, the fans dropped)."""

    ruleset: str
    total: int
    value: Any
    fans: tuple[Fan, ...]
    decomposition: Decomposition
    situation: Situation
    minimum_points: int
    excluded: tuple[tuple[str, tuple[str, ...]], ...] = ()
    dropped: tuple[tuple[str, int, int], ...] = ()      # (fan id, the others' total, the limit)

    @property
    def ok(self) -> bool:
        return True

    def fan_ids(self) -> list[str]:
        return [f.id for f in self.fans]

    def to_dict(self) -> dict:
        return {"ok": True, "ruleset": self.ruleset, "total": self.total, "value": self.value,
                "fans": [f.to_dict() for f in self.fans],
                "decomposition": self.decomposition.labels(),
                "shape": self.decomposition.shape}

    def explain(self) -> dict:
        out = self.to_dict()
        out["points_toward_minimum"] = self.minimum_points
        # named by the fans that count (a tier's winner), or by all when none of them counts
        counted = {f.id for f in self.fans}
        out["excluded"] = [{"id": fid, "by": [b for b in by if b in counted] or list(by)}
                           for fid, by in self.excluded]
        if self.dropped:
            out["dropped"] = [{"id": fid, "others": others, "limit": limit}
                              for fid, others, limit in self.dropped]
        if self.decomposition.wild_as:
            out["wilds_as"] = T.format_tiles(self.decomposition.wild_as)
        return out
