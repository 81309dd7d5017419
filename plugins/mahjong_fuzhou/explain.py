"""``--explain`` for a Fuzhou hand: B from its points fans, which special won (only the highest
of the specials the hand makes counts) and how the value S is made of them (the ``units``
formula's base, doublings and the win method's multiplier, with or without the special:
version B or A)."""
from __future__ import annotations

from mahjong_core.plugin import win_method

TIER = "special"


def _named(fan, amount) -> str:
    return f"{fan.zh} {fan.id} {amount}"


def explain(result, ruleset) -> dict:
    """Three sentences: the points B, the special, the value S made of them."""
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
    s = result.situation
    params = ruleset.value_params
    base = params.get("base", 0)
    times = (params.get("multiplier_by_method") or {}).get(win_method(s), 1)
    takes_bonus = params.get("multiplier_takes_bonus", True)

    def formula(b_, x_) -> str:
        inner = f"({base} + {b_})" if base else f"{b_}"
        inner = f"{2 ** doublings} × {inner}" if doublings else inner
        if times == 1:
            return f"{inner} + {x_}"
        return f"({inner} + {x_}) × {times}" if takes_bonus else f"{inner} × {times} + {x_}"
    notes.append(f"value S = {formula('B', 'special')} = {formula(b, x)} = {result.value} per payer"
                 f"{' (self-drawn)' if s.self_drawn else ''}; a record adds the dealer streak to B")
    return {"notes": notes}
