"""``mahjong play``: hands at the table (docs/table.md), four bots or a person in the terminal
against three; each hand's record is written to ``--record`` (one record, or one per line for
several hands) and the money shown."""
from __future__ import annotations

import argparse
import sys
from typing import TextIO

from mahjong_core.engine.errors import MahjongError, did_you_mean
from mahjong_core.engine.table import play_rules
from mahjong_core.engine.table.roster import BOTS
from mahjong_core.engine.table.match import play_series
from mahjong_core.engine.table.wall import MAX_SEED
from .wire import dumps

MAX_HANDS = 100_000
HUMAN = "human"


def seat_names(text: str, allowed: tuple[str, ...], lead: str) -> tuple[str, ...]:
    """One name for every seat or four, comma-separated, seat 0 first, each of ``allowed``; else an
    argparse error beginning with ``lead`` and naming the nearest (``--bots`` of play and simulate)."""
    names = tuple(n.strip() for n in text.split(","))
    names = names * 4 if len(names) == 1 else names
    unknown = next((n for n in names if n not in allowed), None)
    if len(names) != 4 or unknown is not None:
        raise argparse.ArgumentTypeError(f"{lead} or four, comma-separated, of: {', '.join(allowed)} "
                                         f"(got '{text}'){did_you_mean(unknown or '', allowed)}")
    return names


def bots_arg(text: str) -> tuple[str, ...]:
    """``greedy`` (every seat), ``human`` (you at seat 0, greedy bots at the others) or four names,
    comma-separated, seat 0 first, at most one of them ``human``."""
    if text.strip() == HUMAN:
        return (HUMAN, "greedy", "greedy", "greedy")
    names = seat_names(text, BOTS + (HUMAN,), "give one bot for every seat")
    if names.count(HUMAN) > 1:
        raise argparse.ArgumentTypeError(f"one seat at most may be {HUMAN} (got '{text}')")
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
    p = sub.add_parser("play", help="play hands at the table, you against three bots or four bots, and write "
                                    "the records (docs/table.md)")
    p.add_argument("--ruleset", default="guobiao", help="a ruleset name or YAML path (default: guobiao)")
    p.add_argument("--bots", type=bots_arg, default=None,
                   help=f"one bot for all seats or four comma-separated, seat 0 first: {', '.join(BOTS)}, "
                        f"or {HUMAN} for the seat you play (default: you at seat 0 against greedy bots in a "
                        "terminal, four greedy bots otherwise)")
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


def _is_terminal(stream) -> bool:
    return stream is not None and getattr(stream, "isatty", lambda: False)()


def _bots(args, stdin) -> tuple[str, ...]:
    """The seats' bots: as given, or a person at seat 0 when both ends are a terminal and no JSON is asked."""
    if args.bots is not None:
        if HUMAN in args.bots and args.json:
            raise MahjongError("--json is for bots' games: a human seat plays in the terminal")
        return args.bots
    if not args.json and _is_terminal(stdin) and _is_terminal(sys.stdout):
        return (HUMAN, "greedy", "greedy", "greedy")
    return ("greedy",) * 4


def _play(rules, args, bots, stdin, out: TextIO) -> list:
    """The hands played; with a person at the table each hand's end is shown as it comes, and
    leaving (``q``, the end of input) keeps the hands already finished."""
    if HUMAN not in bots:
        return list(play_series(rules, bots, args.seed, args.hands))
    from .terminal import HumanSeat, Quit
    seat = bots.index(HUMAN)
    person = HumanSeat(rules, seat, lambda: stdin.readline() or None, out)
    out.write(f"ruleset {rules.name}: you play seat {seat} (Enter passes or lets the drawn tile go; h: hint)\n")
    results = []
    try:
        for r in play_series(rules, bots, args.seed, args.hands, players={seat: person}):
            person.show_result(r)
            results.append(r)
    except Quit:
        out.write(f"\nyou left the game after {len(results)} finished hand(s)\n")
    return results


def cmd_play(engine, args, out: TextIO, stdin=None) -> int:
    stdin = sys.stdin if stdin is None else stdin
    rules = engine.load_ruleset(args.ruleset)
    play_rules(rules)           # a ruleset the table does not play is refused before anything is written
    bots = _bots(args, stdin)
    results = _play(rules, args, bots, stdin, out)
    if args.record and results:
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
    out.write(f"ruleset   {rules.name}   bots {', '.join(bots)}   seed {args.seed}\n")
    for r in results:
        out.write(f"hand {r.hand:<4} dealer {r.record['dealer']}  {_winner_words(r):<36} "
                  + "  ".join(f"{d:+}" for d in r.deltas) + "\n")
    out.write("result    " + "  ".join(f"seat {i}: {d:+}" for i, d in enumerate(totals)) + "\n")
    if args.record and results:
        out.write(f"record    {args.record}\n")
    return 0
