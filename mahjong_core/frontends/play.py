"""``mahjong play``: four bots play hands at the table (docs/table.md); each hand's record is
written to ``--record`` (one record, or one per line for several hands) and the money shown."""
from __future__ import annotations

import argparse
from typing import TextIO

from mahjong_core.engine.errors import MahjongError
from mahjong_core.engine.table import play_rules
from mahjong_core.engine.table.bots import BOTS
from mahjong_core.engine.table.match import play_series
from mahjong_core.engine.table.wall import MAX_SEED
from .wire import dumps

MAX_HANDS = 100_000


def bots_arg(text: str) -> tuple[str, ...]:
    """``greedy`` (every seat) or four names, comma-separated, seat 0 first."""
    names = tuple(n.strip() for n in text.split(","))
    if len(names) == 1:
        names *= 4
    if len(names) != 4 or any(n not in BOTS for n in names):
        raise argparse.ArgumentTypeError(f"give one bot for every seat or four, comma-separated, of: "
                                         f"{', '.join(BOTS)} (got '{text}')")
    return names


def seed_arg(text: str) -> int:
    if not text.isdigit() or int(text) > MAX_SEED:
        raise argparse.ArgumentTypeError(f"a seed is a whole number 0 … 2^63 − 1, got '{text}'")
    return int(text)


def hands_arg(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= MAX_HANDS:
        raise argparse.ArgumentTypeError(f"--hands takes 1 … {MAX_HANDS}, got '{text}'")
    return int(text)


def add_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser("play", help="four bots play hands at the table and write the records (docs/table.md)")
    p.add_argument("--ruleset", default="guobiao", help="a ruleset name or YAML path (default: guobiao)")
    p.add_argument("--bots", type=bots_arg, default=("greedy",) * 4,
                   help=f"one bot for all seats or four comma-separated, seat 0 first: {', '.join(BOTS)} "
                        "(default: greedy)")
    p.add_argument("--seed", type=seed_arg, default=0, help="the seed the walls come from (default 0)")
    p.add_argument("--hands", type=hands_arg, default=1, help="hands to play, the deal moving on (default 1)")
    p.add_argument("--record", metavar="FILE", help="write the record here (several hands: one record per line)")
    p.add_argument("--json", action="store_true",
                   help='print {"ok", "seed", "deltas", "winners", "record"} as JSON')
    return p


def _winner_words(result) -> str:
    events = [e for e in result.record["events"] if e["type"] == "win"]
    if not events:
        return "drawn (the wall ran out)"
    e = events[0]
    how = "self-drawn" if "from" not in e else f"on seat {e['from']}'s " + \
        ("kong" if e["situation"].get("robbing_kong") else "discard")
    return f"seat {e['seat']} wins {how}"


def cmd_play(engine, args, out: TextIO) -> int:
    rules = engine.load_ruleset(args.ruleset)
    play_rules(rules)           # a ruleset the table does not play is refused before anything is written
    results = list(play_series(rules, args.bots, args.seed, args.hands))
    if args.record:
        lines = [dumps(r.record) for r in results]
        try:
            with open(args.record, "w", encoding="utf-8") as f:
                f.write("\n".join(lines) + "\n")
        except OSError as e:
            raise MahjongError(f"cannot write the record to {args.record}: {e.strerror or e}") from None
    totals = [sum(r.deltas[s] for r in results) for s in range(4)]
    winners = [w for r in results for w in r.winners]
    if args.json:
        answer = {"ok": True, "seed": args.seed, "deltas": totals, "winners": winners, "record": args.record}
        if args.hands > 1:
            answer["hands"] = [{"hand": r.hand, "dealer": r.record["dealer"], "deltas": list(r.deltas),
                                "winners": list(r.winners)} for r in results]
        out.write(dumps(answer) + "\n")
        return 0
    out.write(f"ruleset   {rules.name}   bots {', '.join(args.bots)}   seed {args.seed}\n")
    for r in results:
        out.write(f"hand {r.hand:<4} dealer {r.record['dealer']}  {_winner_words(r):<36} "
                  + "  ".join(f"{d:+}" for d in r.deltas) + "\n")
    out.write("result    " + "  ".join(f"seat {i}: {d:+}" for i, d in enumerate(totals)) + "\n")
    if args.record:
        out.write(f"record    {args.record}\n")
    return 0
