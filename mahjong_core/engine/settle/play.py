"""Who is still in the hand: in blood battle (血战到底) a winner leaves play and neither pays,
collects, draws, discards nor kongs again; elsewhere everyone stays in."""
from __future__ import annotations

from ..errors import SettlementError


class InPlay:
    """The seats still in the hand; ``winners_leave`` is blood battle's rule."""

    def __init__(self, seats: int, winners_leave: bool = False):
        self.seats = seats
        self.winners_leave = winners_leave
        self.left: set[int] = set()

    def won(self, seat: int) -> None:
        """A win: under blood battle the winner leaves play."""
        if self.winners_leave:
            self.left.add(seat)

    def __contains__(self, seat: int) -> bool:
        return seat not in self.left

    def seats_in(self) -> list[int]:
        return [s for s in range(self.seats) if s not in self.left]

    def others(self, seat: int) -> list[int]:
        """Every other seat still in: who pays a self-drawn win or a concealed kong."""
        return [s for s in range(self.seats) if s != seat and s not in self.left]

    def require(self, event, seat: int, role: str) -> None:
        """Refuse an event that needs ``seat`` (as ``role``) in play after it has left."""
        if seat in self.left:
            raise SettlementError(f"{event.where()}: seat {seat} ({role}) has already won and left play "
                                  f"(blood battle: a winner neither draws, discards nor kongs again)")
