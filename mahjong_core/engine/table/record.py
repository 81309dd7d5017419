"""A hand as a record (docs/formats.md "Record"): the settlement events, and the play log that
replays it (``play``: the wall by seed and algorithm, or its tiles, and every action)."""
from __future__ import annotations

from .. import tiles as T
from .wall import WALL_VERSION


def wall_of(deal) -> dict:
    if deal.tiles is not None:
        return {"tiles": [T.name(t) for t in deal.tiles]}
    return {"algorithm": WALL_VERSION, "seed": deal.seed, "hand": deal.hand}


def build(table) -> dict:
    st = table.state
    deal = st.deal
    return {"ruleset": table.ruleset.name, "seats": table.rules.seats, "dealer": deal.dealer,
            "round_wind": T.WIND_LETTERS[deal.round_wind], "dealer_streak": deal.dealer_streak,
            "events": [dict(e) for e in st.events],
            "play": {"wall": wall_of(deal), "actions": [a.to_dict() for a in st.actions]}}
