"""``--explain`` for a Fuzhou hand: B from its points fans, which special won (only the highest
of the specials the hand makes counts) and how the value S is made of them."""
from __future__ import annotations

TIER = "special"


def _named(fan, amount) -> str:
    return f"{fan.zh} {fan.id} {amount}"


def explain(result, ruleset) -> dict:
    """Three sentences: the points B, the special, the value S = B (× 2 self-drawn) + special."""
    points = [f for f in result.fans if f.unit == "points"]
    doublings = sum(f.points * f.count for f in result.fans if f.unit == "doublings")
    won = [f for f in result.fans if f.unit == "bonus"]
    b = sum(f.points * f.count for f in points)
    parts = " + ".join(f"{f.points * f.count} {f.zh}" for f in points) or "0"
    notes = [f"B (points) = {parts} = {b}"]
    beaten = [ruleset.fan_by_id[fid] for fid, _ in result.excluded if ruleset.fan_by_id[fid].tier == TIER]
    if won:
        special = won[0]
        if beaten:
            others = ", ".join(_named(r, r.points) for r in beaten)
            notes.append(f"special: {_named(special, special.points)} won; the hand also makes {others}, "
                         f"and only the highest special counts")
        else:
            notes.append(f"special: {_named(special, special.points)}, the only special the hand makes")
    else:
        notes.append("special: none")
    x = sum(f.points * f.count for f in won)
    times = f"{2 ** doublings} × " if doublings else ""
    notes.append(f"value S = {times}B + special = {times}{b} + {x} = {result.value} per payer"
                 f"{' (self-drawn)' if doublings else ''}; a record adds the dealer streak to B")
    return {"notes": notes}
