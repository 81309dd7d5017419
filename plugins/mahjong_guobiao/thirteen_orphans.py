"""十三幺 (thirteen orphans): the engine finds the shape (``mahjong_core.engine.shapes``); Guobiao
awards the fan and nothing of the tiles beside it (the win fans of any special shape are in
standard.py's ``win``)."""
from __future__ import annotations


def special(ctx):
    """十三幺."""
    return {"thirteen_orphans": 1}


AWARDS = {"special": {"thirteen_orphans": "special"}}
ALSO_AWARDS: dict = {}
