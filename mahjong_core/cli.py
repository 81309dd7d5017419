"""The ``mahjong`` command: rulesets, score, waits, settle. Errors never reach the user as a
traceback: they print ``error [code]: message`` and exit 2."""
from __future__ import annotations

import argparse
import json
import re
import sys
from typing import Any, TextIO

from . import batch
from . import tiles as T
from .engine import Engine
from .errors import BelowMinimumError, MahjongError, TileError

EXIT_ERROR = 2
EXIT_INTERNAL = 3

_FLAGS = {
    "self_drawn": "won by self-draw (自摸)",
    "last_tile": "won on the last tile of the wall",
    "robbing_kong": "won by robbing a kong (抢杠和)",
    "discard_after_kong": "won on a discard made right after the discarder's kong (杠上炮)",
    "fourth_tile": "the winning tile is the last unseen copy (和绝张)",
    "dealer": "the winner is the dealer",
    "first_turn": "won in the first go-around (天和/地和/人和)",
    "ready_at_start": "declared ready right after the deal (天听)",
    "declared_ready": "declared ready earlier in the hand (立直/报听)",
}

_MELD_RE = re.compile(r"\[([^\]]*)\]")
_SOURCES = {"1": "left", "2": "across", "3": "right", "l": "left", "a": "across", "r": "right"}


def parse_notation(text: str) -> dict:
    """``[123m][555p,2][7777s]45m789s11z 6m`` → hand, melds, win tile.

    Brackets are melds: a chow or pung is melded; a kong in brackets is concealed unless a source
    follows the comma (1/2/3 = left/across/right). The last tile is the winning tile.
    """
    melds = []
    for body in _MELD_RE.findall(text):
        tiles_text, _, source = body.partition(",")
        tiles = T.parse_tiles(tiles_text)
        kind = "chow" if len(set(tiles)) == 3 else ("kong" if len(tiles) == 4 else "pung")
        meld: dict[str, Any] = {"type": kind, "tiles": tiles_text.strip()}
        source = source.strip().lower()
        if source:
            if source not in _SOURCES:
                raise TileError(f"meld [{body}]: source must be 1, 2 or 3 (left, across, right)")
            meld["from"] = _SOURCES[source]
        if kind == "kong":
            meld["concealed"] = not source
        melds.append(meld)
    rest = _MELD_RE.sub(" ", text)
    if "[" in rest or "]" in rest:
        raise TileError(f"unbalanced brackets in '{text}'")
    standing = T.parse_tiles(rest)
    if not standing:
        raise TileError(f"no standing tiles in '{text}': the last tile written is the winning tile")
    return {"hand": T.format_tiles(standing[:-1]), "melds": melds, "win_tile": T.name(standing[-1])}


def _situation_from_args(args) -> dict:
    if args.situation:
        try:
            data = json.loads(args.situation)
        except json.JSONDecodeError as e:
            raise MahjongError(f"--situation is not valid JSON: {e}") from None
        return data
    if not args.hand:
        raise MahjongError("give a hand in notation (e.g. '123m456p789s11z22z2z', last tile wins), "
                           "--situation JSON, or --jsonl")
    sit = parse_notation(" ".join(args.hand))
    if args.win:
        # the winning tile was given apart: every written tile is standing
        full = parse_notation(" ".join(args.hand) + " " + args.win)
        sit = full
    for flag in _FLAGS:
        if getattr(args, flag):
            sit[flag] = True
    if args.after_kong:
        sit["after_kong"] = args.after_kong
    if args.seat:
        sit["seat_wind"] = args.seat
    if args.round:
        sit["round_wind"] = args.round
    if args.flowers is not None:
        sit["flowers"] = int(args.flowers) if args.flowers.isdigit() else args.flowers
    if args.wilds:
        sit["wilds"] = args.wilds
    if args.void:
        sit["void_suit"] = args.void
    return sit


def _fan_table(result, out: TextIO, explained: dict | None = None) -> None:
    s = result.situation
    melds = " ".join(f"[{T.format_tiles(m.tiles)}]" for m in s.melds)
    out.write(f"ruleset   {result.ruleset}\n")
    out.write(f"hand      {melds + ' ' if melds else ''}{T.format_tiles(s.hand)}  wins on "
              f"{T.name(s.win_tile)} ({'self-drawn' if s.self_drawn else 'discard'})\n")
    out.write(f"reading   {' '.join(result.decomposition.labels())}  ({result.decomposition.shape})\n")
    if result.decomposition.wild_as:
        out.write(f"wilds as  {T.format_tiles(result.decomposition.wild_as)}\n")
    width = max([len(f.en) for f in result.fans] + [4])
    for f in result.fans:
        count = f" ×{f.count}" if f.count != 1 else ""
        out.write(f"  {f.zh}\t{f.en:<{width}}  {f.points * f.count:>4}{'  (' + str(f.points) + count + ')' if count else ''}\n")
    out.write(f"total     {result.total}\n")
    if result.value != result.total:
        out.write(f"value     {result.value}\n")
    if explained is not None:
        out.write(f"toward the minimum: {result.minimum_points} (minimum {explained['minimum']})\n")
        for item in explained["excluded"]:
            by = item.get("by")
            by = ", ".join(by) if isinstance(by, (list, tuple)) else str(by)
            out.write(f"  not counted: {item.get('zh', '') + ' ' if item.get('zh') else ''}{item['id']}"
                      f"  (by {by})\n")
        for item in explained.get("dropped", ()):
            out.write(f"  not counted: {item['id']}  (the other fans total {item['others']}, "
                      f"more than {item['limit']})\n")
        for note in explained.get("notes", ()):
            out.write(f"  note: {note}\n")


def _error(e: MahjongError, err: TextIO) -> int:
    err.write(f"error [{e.code}]: {e.message}\n")
    return EXIT_ERROR


def cmd_rulesets(engine: Engine, args, out: TextIO, err: TextIO) -> int:
    names = engine.ruleset_names()
    if args.json:
        out.write(json.dumps([{"name": n, "title": t} for n, t in names], ensure_ascii=False) + "\n")
    else:
        width = max((len(n) for n, _ in names), default=4)
        for n, t in names:
            out.write(f"{n:<{width}}  {t}\n")
    for name, problem in sorted(engine.failures.items()):
        err.write(f"warning: plugin '{name}' failed to load: {problem}\n")
    return 0


def cmd_score(engine: Engine, args, out: TextIO, inp: TextIO) -> int:
    rules = engine.load_ruleset(args.ruleset)
    if args.jsonl:
        # binary stdin, read line by line: a bad byte costs its line, not the batch
        batch.run(rules, getattr(inp, "buffer", inp), out, args.jobs or batch.default_jobs())
        return 0
    sit = _situation_from_args(args)
    try:
        result = rules.score(sit)
    except BelowMinimumError as e:
        if args.json:
            out.write(json.dumps(e.to_dict(), ensure_ascii=False) + "\n")
            return EXIT_ERROR
        _fan_table(e.result, out, rules.explain(e.result) if args.explain else None)
        raise
    if args.json:
        data = rules.explain(result) if args.explain else result.to_dict()
        out.write(json.dumps(data, ensure_ascii=False) + "\n")
    else:
        _fan_table(result, out, rules.explain(result) if args.explain else None)
    return 0


def cmd_waits(engine: Engine, args, out: TextIO) -> int:
    rules = engine.load_ruleset(args.ruleset)
    text = " ".join(args.hand)
    melds = []
    hand_text = text
    if "[" in text:
        parsed = parse_notation(text + " 1m")   # stand-in winning tile, dropped below
        melds = parsed["melds"]
        hand_text = _MELD_RE.sub(" ", text)
    hand = {"hand": hand_text, "melds": melds}
    for flag in ("seat", "round"):
        value = getattr(args, flag)
        if value:
            hand[f"{flag}_wind"] = value
    if args.flowers is not None:
        hand["flowers"] = int(args.flowers) if args.flowers.isdigit() else args.flowers
    if args.wilds:
        hand["wilds"] = args.wilds
    waits = rules.waits(hand)
    rows = []
    for t in waits.tiles:
        row: dict[str, Any] = {"tile": T.name(t)}
        for mode, self_drawn in (("discard", False), ("self_drawn", True)):
            sit = dict(hand, win_tile=T.name(t), self_drawn=self_drawn)
            try:
                r = rules.score(sit, enforce_minimum=False)
                row[mode] = {"total": r.total, "value": r.value,
                             "below_minimum": r.minimum_points < rules.minimum}
            except MahjongError as e:
                row[mode] = {"error": e.code}
        rows.append(row)
    if args.json:
        out.write(json.dumps({"ok": True, "ruleset": rules.name, "ready": waits.ready, "waits": rows},
                             ensure_ascii=False) + "\n")
        return 0
    if not rows:
        out.write("not ready: no tile completes this hand\n")
        return 0
    out.write(f"{'tile':<6}{'discard':>10}{'self-draw':>12}\n")
    for row in rows:
        cells = []
        for mode in ("discard", "self_drawn"):
            cell = row[mode]
            if "error" in cell:
                cells.append(cell["error"])
            else:
                cells.append(f"{cell['total']}{'*' if cell['below_minimum'] else ''}")
        out.write(f"{row['tile']:<6}{cells[0]:>10}{cells[1]:>12}\n")
    if any(row[m].get("below_minimum") for row in rows for m in ("discard", "self_drawn")):
        out.write(f"* below the minimum of {rules.minimum}\n")
    return 0


def cmd_settle(engine: Engine, args, out: TextIO, inp: TextIO) -> int:
    try:
        text = inp.read() if args.record == "-" else open(args.record, encoding="utf-8").read()
    except OSError as e:
        raise MahjongError(f"cannot read record '{args.record}': {e.strerror}") from None
    try:
        record = json.loads(text)
    except json.JSONDecodeError as e:
        raise MahjongError(f"{args.record}:{e.lineno}: not valid JSON: {e.msg}") from None
    name = args.ruleset or (record.get("ruleset") if isinstance(record, dict) else None)
    if not name:
        raise MahjongError("give --ruleset or a 'ruleset' field in the record")
    rules = engine.load_ruleset(name)
    result = rules.settle(record)
    if args.json:
        out.write(json.dumps(result.to_dict(), ensure_ascii=False) + "\n")
        return 0
    out.write(f"ruleset   {rules.name}\n")
    for p in result.payments:
        out.write(f"  seat {p.payer} → seat {p.payee}  {p.amount:>6}  {p.reason}\n")
    out.write("result    " + "  ".join(f"seat {i}: {d:+}" for i, d in enumerate(result.deltas)) + "\n")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="mahjong", description="Score and settle Chinese mahjong hands.")
    sub = p.add_subparsers(dest="command", required=True)

    r = sub.add_parser("rulesets", help="list installed rulesets")
    r.add_argument("--json", action="store_true")

    def hand_options(sp, with_flags: bool) -> None:
        sp.add_argument("--ruleset", default="guobiao", help="a ruleset name or the path of a YAML overlay")
        sp.add_argument("--seat", metavar="WIND", help="seat wind E/S/W/N")
        sp.add_argument("--round", metavar="WIND", help="round (prevalent) wind E/S/W/N")
        sp.add_argument("--flowers", help="flower tiles (1f5f) or their number")
        sp.add_argument("--wilds", help="wild tile kinds, e.g. 5m")
        sp.add_argument("--json", action="store_true", help="print JSON")
        if with_flags:
            for flag, text in _FLAGS.items():
                sp.add_argument("--" + flag.replace("_", "-"), dest=flag, action="store_true", help=text)
            sp.add_argument("--after-kong", type=int, nargs="?", const=1, default=0,
                            help="won on a kong replacement tile (a count for consecutive kongs)")
            sp.add_argument("--void", help="void suit m/p/s (Sichuan)")

    s = sub.add_parser("score", help="score one winning hand",
                       description="HAND is notation; the last tile is the winning tile. Melds in brackets: "
                                   "[123m] chow, [555p,2] pung from across (1 left, 2 across, 3 right), "
                                   "[7777s] concealed kong, [7777s,3] melded kong.")
    s.add_argument("hand", nargs="*", help="e.g. '[555p,2]123m789s11z44z 4z'")
    hand_options(s, True)
    s.add_argument("--win", help="the winning tile, when not written last")
    s.add_argument("--situation", help="a situation as JSON (contract §2)")
    s.add_argument("--jsonl", action="store_true", help="read situations, one JSON per line, from stdin")
    s.add_argument("--jobs", type=batch.jobs_arg, default=0,
                   help="processes for --jsonl (default: one per core; results stay in input order)")
    s.add_argument("--explain", action="store_true", help="also show excluded fans and what excluded them")

    w = sub.add_parser("waits", help="the tiles a ready hand waits on, with their totals")
    w.add_argument("hand", nargs="+", help="the hand before the winning tile, melds in brackets")
    hand_options(w, False)

    t = sub.add_parser("settle", help="settle a game record (contract §4)")
    t.add_argument("record", help="record JSON file, or - for stdin")
    t.add_argument("--ruleset", help="a ruleset name or YAML path (default: the record's 'ruleset')")
    t.add_argument("--json", action="store_true")
    return p


def main(argv: list[str] | None = None, out: TextIO | None = None, err: TextIO | None = None,
         inp: TextIO | None = None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    inp = inp or sys.stdin
    args = build_parser().parse_args(argv)
    try:
        engine = Engine()
        if args.command == "rulesets":
            return cmd_rulesets(engine, args, out, err)
        if args.command == "score":
            return cmd_score(engine, args, out, inp)
        if args.command == "waits":
            return cmd_waits(engine, args, out)
        return cmd_settle(engine, args, out, inp)
    except MahjongError as e:
        return _error(e, err)
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130
    except Exception as e:  # a bug: say so plainly, without a traceback
        err.write(f"internal error: {type(e).__name__}: {e} (please report it with the input)\n")
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
