"""The ``mahjong`` command: rulesets, score, waits, analyze, settle, replay, play, fans, diff. Errors never reach the user
as a traceback: they print ``error [code]: message`` and exit 2; under ``--json`` the contract's
failure object goes to stdout instead. Output JSON is strict (no NaN or Infinity)."""
from __future__ import annotations

import argparse
import gc
import json
import os
import re
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from mahjong_core.tools import rulesinfo
from mahjong_core.engine import tiles as T
from mahjong_core.engine.errors import (BelowMinimumError, MahjongError, ResourceError, RulesetError, UnknownRulesetError,
                                        did_you_mean, show)
from .wire import dumps, parse_hand, parse_notation

if TYPE_CHECKING:
    from mahjong_core.engine.registry import Engine

EXIT_ERROR = 2
EXIT_INTERNAL = 3
EXIT_OUTPUT = 4             # the results could not be written (a full disk, a device error)

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

# the options that describe one hand, in the order an error names them
_HAND_OPTIONS = tuple(_FLAGS) + ("after_kong", "seat", "round", "flowers", "wilds", "void", "win")


def _load_json(text: str, where: str):
    """JSON the user gave; nesting or integers beyond what Python reads are contract errors naming
    ``where`` (a syntax error is left to the caller, which words it for its source)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        raise
    except RecursionError:
        raise MahjongError(f"{where}: JSON nested too deeply") from None
    except ValueError:              # the only other failure: an integer past the conversion limit
        raise MahjongError(f"{where}: an integer is too long to read (more than "
                           f"{sys.get_int_max_str_digits()} digits)") from None


def _read_text(source: str, inp: TextIO) -> str:
    """A file's (or stdin's, for ``-``) text, decoded as UTF-8 here so that bad bytes are a
    contract error whatever the locale's error handler."""
    try:
        if source == "-":
            data = inp.buffer.read() if hasattr(inp, "buffer") else inp.read()
        else:
            data = Path(source).read_bytes()
    except OSError as e:
        raise MahjongError(f"cannot read record '{source}': {e.strerror}") from None
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise MahjongError(f"{source}: not UTF-8 text (byte 0x{data[e.start]:02x} at offset {e.start})") from None


def _flowers(value: str):
    """``--flowers 2`` is a number, ``--flowers 1f5f`` tiles (a long digit string stays text, for
    the tile parser to refuse)."""
    return int(value) if value.isascii() and value.isdigit() and len(value) <= 3 else value


def _given(args, names) -> list[str]:
    """The options among ``names`` the user gave, as written on the command line."""
    return [f"--{n.replace('_', '-')}" for n in names if getattr(args, n) not in (None, False, 0)]


def _check_mode(args) -> None:
    """--situation and --jsonl give whole situations: a hand or flag beside them would be ignored."""
    hand = (["HAND"] if args.hand else []) + _given_fields(args)
    if not args.jsonl and (args.backend != "local" or args.address is not None):
        raise MahjongError("--backend and --address choose where --jsonl scores; give --jsonl, or leave them out")
    if args.jsonl:
        extra = hand + _given(args, _HAND_OPTIONS + ("situation", "explain"))
        if extra:
            raise MahjongError(f"--jsonl reads every situation from stdin: {', '.join(extra)} cannot be added "
                               f"to them (put them in each line's JSON)")
    elif args.situation is not None:
        extra = hand + _given(args, _HAND_OPTIONS)
        if extra:
            raise MahjongError(f"--situation gives the whole situation: {', '.join(extra)} cannot be added to "
                               f"it (put them in the JSON)")


def _situation_from_args(args) -> dict:
    if args.situation is not None:
        try:
            return _load_json(args.situation, "--situation")
        except json.JSONDecodeError as e:
            raise MahjongError(f"--situation is not valid JSON: {e}") from None
    if not args.hand:
        raise MahjongError("give a hand in notation (e.g. '123m456p789s11z22z2z', last tile wins), "
                           "--situation JSON, or --jsonl")
    sit = parse_notation(" ".join(args.hand))
    if args.win:
        # the winning tile was given apart: every written tile is standing
        sit = parse_notation(" ".join(args.hand) + " " + args.win)
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
        sit["flowers"] = _flowers(args.flowers)
    if args.wilds:
        sit["wilds"] = args.wilds
    if args.void:
        sit["void_suit"] = args.void
    _add_fields(args, sit)
    return sit


# --------------------------------------------------------------------------- declared fields

_FIELD_PREFIX = "field_"
_FIELD_TYPES = {"bool": None, "int": int, "string": str}


def _field_flags(sp: argparse.ArgumentParser, rules) -> None:
    """One flag per ``extras`` key the ruleset declares (``table.extras``), added to a command's
    parser once ``--ruleset`` is known; a flag that is already an option is a RulesetError."""
    taken = {o for action in sp._actions for o in action.option_strings}
    group = sp.add_argument_group(f"situation fields of ruleset '{rules.name}' (extras)")
    for f in rules.table.extras:
        flag = f.cli_flag
        if flag in taken:
            raise RulesetError(f"{rules.where('table.extras.' + f.name)}: extras key '{f.name}' would take the "
                               f"flag {flag}, already an option of 'mahjong {sp.prog.split()[-1]}'"
                               + (f" (its field '{f.field}' names the flag)" if f.field else ""))
        default = f" (default {json.dumps(f.default)})" if f.default is not None else ""
        text = (f.doc or f"extras.{f.name}") + default
        dest = _FIELD_PREFIX + f.name
        if f.type == "bool":
            group.add_argument(flag, dest=dest, action="store_const", const=True, default=None, help=text)
        else:
            group.add_argument(flag, dest=dest, type=_FIELD_TYPES[f.type], default=None,
                               metavar=f.type.upper(), help=text)
        taken.add(flag)


def _given_fields(args) -> list[str]:
    """The declared-field flags the user gave (``--robbing-gold``), as written."""
    return [f"--{k[len(_FIELD_PREFIX):].replace('_', '-')}" for k, v in vars(args).items()
            if k.startswith(_FIELD_PREFIX) and v is not None]


def _add_fields(args, situation: dict) -> None:
    """The declared-field flags given, into the situation's ``extras``."""
    given = {k[len(_FIELD_PREFIX):]: v for k, v in vars(args).items() if k.startswith(_FIELD_PREFIX) and v is not None}
    if given:
        situation["extras"] = given


def _ruleset_word(argv: list[str]) -> tuple[str | None, str | None]:
    """(the command, the ``--ruleset`` value) read ahead of argparse, so that the ruleset's
    declared fields can become options of the command before the arguments are parsed."""
    words = argv[:argv.index("--")] if "--" in argv else argv
    command = next((w for w in words if not w.startswith("-")), None)
    ruleset = "guobiao"
    for i, w in enumerate(words):
        if w == "--ruleset" and i + 1 < len(words):
            ruleset = words[i + 1]
        elif w.startswith("--ruleset="):
            ruleset = w.split("=", 1)[1]
    return command, ruleset


def _ruleset_line(rules) -> str:
    """Which rules: name, title and fingerprint (the hash of the merged data)."""
    title = f": {rules.title}" if rules.title != rules.name else ""
    return f"{rules.name}{title} [fingerprint {rules.fingerprint}]"


UNIT_WORDS = {"points": "", "doublings": " doubling", "bonus": " bonus"}
# ``mahjong fans``: the unit a fan's amount is in, beside its check
UNIT_WORDS_FANS = {"points": ", points", "doublings": ", doublings", "bonus": ", bonus"}


_amount = rulesinfo.amount      # a fan's amount in its unit: 8 points, ×2^3 (3 doublings), +10 (a bonus)


def _hand_words(s) -> str:
    """The melds in brackets, then the standing tiles."""
    melds = " ".join(f"[{T.format_tiles(m.tiles)}]" for m in s.melds)
    return f"{melds + ' ' if melds else ''}{T.format_tiles(s.hand)}"


def _fan_table(rules, result, out: TextIO, explained: dict | None = None) -> None:
    s = result.situation
    out.write(f"ruleset   {_ruleset_line(rules)}\n")
    out.write(f"hand      {_hand_words(s)}  wins on "
              f"{T.name(s.win_tile)} ({'self-drawn' if s.self_drawn else 'discard'})\n")
    out.write(f"reading   {' '.join(result.decomposition.labels())}  ({result.decomposition.shape})\n")
    if result.decomposition.wild_as:
        out.write(f"wilds as  {T.format_tiles(result.decomposition.wild_as)}\n")
    width = max([len(f.en) for f in result.fans] + [4])
    for f in result.fans:
        each = f"  ({f.points}{UNIT_WORDS[f.unit]} ×{f.count})" if f.count != 1 else ""
        out.write(f"  {f.zh}\t{f.en:<{width}}  {_amount(f.points * f.count, f.unit):>4}{each}\n")
    out.write(f"total     {result.total}\n")
    if result.value != result.total:
        out.write(f"value     {result.value}\n")
    if explained is not None:
        _explanation(rules, explained, out)


def _fan_name(rules, fan_id: str, item: dict | None = None) -> str:
    """A fan as a player reads it: 清龙七对 Pure Dragon Seven Pairs (the id when it has no names)."""
    item = item if item and item.get("zh") else None
    rule = rules.fan_by_id.get(fan_id)
    zh, en = (item["zh"], item.get("en", "")) if item else (rule.zh, rule.en) if rule else (fan_id, "")
    return f"{zh} {en}".strip()


def _explanation(rules, explained: dict, out: TextIO) -> None:
    """The lines ``--explain`` adds under the fan table."""
    out.write(f"toward the minimum: {explained['points_toward_minimum']} (minimum {explained['minimum']})\n")

    def by(item) -> str:
        named = item.get("by")
        named = named if isinstance(named, (list, tuple)) else [named]
        return ", ".join(_fan_name(rules, b) for b in named)

    for item in explained["excluded"]:
        out.write(f"  not counted: {_fan_name(rules, item['id'], item)}  (by {by(item)})\n")
    for item in explained.get("reduced", ()):
        out.write(f"  reduced: {_fan_name(rules, item['id'], item)}, {item['taken']} fewer  (by {by(item)})\n")
    for item in explained.get("dropped", ()):
        out.write(f"  not counted: {_fan_name(rules, item['id'], item)}  (the other fans total {item['others']}, "
                  f"more than {item['limit']})\n")
    for cap in explained.get("capped", ()):
        limit, uncapped = cap["limit"], cap["uncapped"]
        words = {"multiplier": f"capped at ×{limit} (×{uncapped} without the cap)",
                 "doublings": f"capped at {limit} doublings ({uncapped} without the cap)",
                 }.get(cap["limits"], f"capped at {limit} ({uncapped} without the cap)")
        out.write(f"  {words}: {rules.where('scoring.value.params.' + cap['param'])}\n")
    for note in explained.get("notes", ()):
        out.write(f"  note: {note}\n")


def cmd_rulesets(engine: Engine, args, out: TextIO, err: TextIO) -> int:
    names = engine.ruleset_names()
    if args.json:
        out.write(dumps([{"name": n, "title": t} for n, t in names]) + "\n")
    else:
        width = max((len(n) for n, _ in names), default=4)
        for n, t in names:
            out.write(f"{n:<{width}}  {t}\n")
    for warning in engine.warnings():
        err.write(f"warning: {warning}\n")
    return 0


def cmd_score(engine: Engine, args, out: TextIO, inp: TextIO) -> int:
    _check_mode(args)
    rules = engine.load_ruleset(args.ruleset)
    if args.jsonl:
        # binary stdin, read line by line: a bad byte costs its line, not the batch; JSON lines
        # are UTF-8 whatever the locale
        if (getattr(out, "encoding", None) or "utf-8").lower().replace("-", "") != "utf8" and hasattr(out, "reconfigure"):
            out.reconfigure(encoding="utf-8")
        from . import batch
        if args.backend == "ray":
            from .backends import reference
            batch.run_backend(rules, reference(args.ruleset), getattr(inp, "buffer", inp), out, "ray", args.address)
            return 0
        batch.run(rules, getattr(inp, "buffer", inp), out, args.jobs or batch.default_jobs())
        return 0
    sit = _situation_from_args(args)
    try:
        result = rules.score(sit)
    except BelowMinimumError as e:
        if not args.json:
            _fan_table(rules, e.result, out, rules.explain(e.result) if args.explain else None)
        raise
    if args.json:
        data = rules.explain(result) if args.explain else result.to_dict()
        out.write(dumps(dict(data, title=rules.title, fingerprint=rules.fingerprint)) + "\n")
    else:
        _fan_table(rules, result, out, rules.explain(result) if args.explain else None)
    return 0


# an error's few words when it brings none: a table cell says why, never a bare code
_CODE_WORDS = {"too_many_copies": "no copy left", "not_winning": "not a win", "invalid_meld": "meld not allowed",
               "invalid_tile": "tile not in play", "wrong_tile_count": "wrong tile count",
               "below_minimum": "below the minimum", "invalid_situation": "not possible"}


def _cell(score) -> str:
    if score.error is not None:
        return score.reason or _CODE_WORDS.get(score.error, score.error.replace("_", " "))
    if not score.allowed:
        return "not allowed"
    value = f" → {score.value}" if score.value != score.total else ""
    return f"{score.total}{value}{'*' if score.below_minimum else ''}"


def write_waits_table(waits, minimum, out: TextIO) -> None:
    """One row per winning tile: its total on a discard and on a self-draw (``total → value``
    where the value differs, ``*`` below the minimum, or ``not allowed`` by table.win_methods)
    or why that win cannot stand; columns as wide as their widest cell."""
    rows = [("tile", "discard", "self-draw")]
    rows += [(T.name(w.tile), _cell(w.discard), _cell(w.self_drawn)) for w in waits]
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    for tile, discard, self_drawn in rows:
        out.write(f"{tile:<{widths[0]}}  {discard:>{widths[1]}}  {self_drawn:>{widths[2]}}\n")
    why: dict[str, str] = {}                # each cell's words, once, with the error's whole message
    for w in waits:
        for score in (w.discard, w.self_drawn):
            if score.error is not None and score.message and _cell(score) not in why:
                why[_cell(score)] = score.message
    for words, message in why.items():
        out.write(f"{words}: {message}\n")
    below = [(name, score) for w in waits for name, score in (("discard", w.discard), ("self-draw", w.self_drawn))
             if score.below_minimum and score.allowed and score.error is None]
    if below and below[0][1].minimum is not None:
        each = {name: score.minimum for name, score in below}
        out.write("* below the minimum: " + ", ".join(f"{n} on a {name}" for name, n in each.items()) + "\n")
    elif below:
        out.write(f"* below the minimum of {minimum}\n")
    if any(sc.error is None and sc.allowed and sc.value != sc.total for w in waits for sc in (w.discard, w.self_drawn)):
        out.write("(total → value)\n")
    per_method = any(not sc.allowed or sc.minimum is not None for w in waits for sc in (w.discard, w.self_drawn))
    only = [f"{T.name(w.tile)} by {'self-draw' if w.self_drawn.wins else 'discard'} only" for w in waits
            if per_method and w.discard.wins != w.self_drawn.wins]
    if only:
        out.write("wins " + ", ".join(only) + "\n")


def cmd_waits(engine: Engine, args, out: TextIO) -> int:
    rules = engine.load_ruleset(args.ruleset)
    hand = parse_hand(" ".join(args.hand))
    for flag in ("seat", "round"):
        value = getattr(args, flag)
        if value:
            hand[f"{flag}_wind"] = value
    if args.flowers is not None:
        hand["flowers"] = _flowers(args.flowers)
    if args.wilds:
        hand["wilds"] = args.wilds
    if args.void:
        hand["void_suit"] = args.void
    _add_fields(args, hand)
    waits = rules.waits(hand)
    if args.json:
        out.write(dumps(waits.to_dict()) + "\n")
        return 0
    out.write(f"ruleset   {_ruleset_line(rules)}\n")
    wilds = f"  wilds {T.format_tiles(waits.situation.wilds)}" if waits.situation.wilds else ""
    void = f"  void suit {waits.situation.void_suit}" if waits.situation.void_suit else ""
    out.write(f"hand      {_hand_words(waits.situation)}{wilds}{void}\n")
    if not waits.tiles:
        out.write("not ready: no tile completes this hand\n")
    else:
        write_waits_table(waits.scores(), rules.minimum, out)
        if not waits.ready:
            out.write(f"not ready: ruleset '{rules.name}' refuses every win on these tiles\n")
    return 0


def cmd_analyze(engine: Engine, args, out: TextIO) -> int:
    """Shanten and useful tiles of a 3n+1 hand, or each discard of a 3n+2 hand, best first."""
    rules = engine.load_ruleset(args.ruleset)
    hand = parse_hand(" ".join(args.hand))
    if args.wilds:
        hand["wilds"] = args.wilds
    if args.void:
        hand["void_suit"] = args.void
    _add_fields(args, hand)
    result = rules.analyze(hand, seen=args.seen, waits=args.json)
    if args.json:
        out.write(dumps(result.to_dict()) + "\n")
        return 0
    words = {-1: "complete", 0: "ready"}
    out.write(f"shanten {result.shanten} ({words.get(result.shanten, 'tiles from ready')}), "
              f"{result.standing} standing tiles\n")

    def useful(o) -> str:
        return " ".join(f"{T.name(u.tile)}×{u.left}" for u in o.useful) or "-"

    if result.hand is not None:
        o = result.hand
        out.write(f"useful ({o.useful_left} left): {useful(o)}\n")
        if o.shanten == 0:
            write_waits_table(rules.waits(hand).scores(), rules.minimum, out)
        return 0
    rows = [("discard", "shanten", "left", "useful")]
    rows += [(T.name(o.discard), str(o.shanten), str(o.useful_left), useful(o)) for o in result.discards]
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    for discard, sh, left, tiles in rows:
        out.write(f"{discard:<{widths[0]}}  {sh:>{widths[1]}}  {left:>{widths[2]}}  {tiles}\n")
    return 0


def _record_rules(engine: Engine, args, record):
    """The ruleset to settle with. A record is data from elsewhere: its 'ruleset' field names an
    installed ruleset, never a file to open; beside --ruleset it must agree (Ruleset.settle checks
    that, so a house overlay of the named ruleset is fine)."""
    named = record.get("ruleset") if isinstance(record, dict) else None
    if named is not None and not isinstance(named, str):
        raise MahjongError(f"record field 'ruleset' must be the name of an installed ruleset, got {show(named)}")
    if args.ruleset:
        return engine.load_ruleset(args.ruleset)
    if named is None:
        raise MahjongError("give --ruleset or a 'ruleset' field in the record")
    files = engine.ruleset_files()
    if named in engine.family_bases():
        return engine.load_ruleset(named)           # refused, naming the rulesets that extend it
    if named not in files:
        raise UnknownRulesetError(f"unknown ruleset '{named}' in record field 'ruleset'{did_you_mean(named, files)}"
                                  f"; installed: {', '.join(sorted(files))} (a record names an installed "
                                  f"ruleset, never a file: give a ruleset file with --ruleset)")
    return engine.load_ruleset(files[named])


def _read_record(engine: Engine, args, inp: TextIO):
    """``args.record`` (a file, or - for stdin) read as JSON, and the ruleset that settles it."""
    text = _read_text(args.record, inp)
    try:
        record = _load_json(text, args.record)
    except json.JSONDecodeError as e:
        raise MahjongError(f"{args.record}:{e.lineno}: not valid JSON: {e.msg}") from None
    return record, _record_rules(engine, args, record)


def cmd_settle(engine: Engine, args, out: TextIO, inp: TextIO) -> int:
    record, rules = _read_record(engine, args, inp)
    result = rules.settle(record)
    if args.json:
        out.write(dumps(result.to_dict()) + "\n")
        return 0
    out.write(f"ruleset   {_ruleset_line(rules)}\n")
    for p in result.payments:
        out.write(f"  seat {p.payer} → seat {p.payee}  {p.amount:>6}  {p.reason}\n")
    out.write("result    " + "  ".join(f"seat {i}: {d:+}" for i, d in enumerate(result.deltas)) + "\n")
    return 0


def _event_words(event: dict) -> str:
    rest = {k: v for k, v in event.items() if k not in ("type", "situation")}
    return event["type"] + ("" if not rest else " " + " ".join(f"{k}={_show(v)}" for k, v in rest.items()))


def cmd_replay(engine: Engine, args, out: TextIO, inp: TextIO) -> int:
    """Play a table record's log again action by action; the first action that is not legal stops
    it with its place (``play.actions[i]``), after the legal ones are shown."""
    record, rules = _read_record(engine, args, inp)
    replay = rules.replay(record)
    steps = []
    if not args.json:
        out.write(f"ruleset   {_ruleset_line(rules)}\n")
    for step in replay:
        if args.json:
            steps.append({"index": step.index, "action": step.action.to_dict(), "events": list(step.events)})
            continue
        events = "".join(f"   → {_event_words(e)}" for e in step.events)
        out.write(f"{step.index:>5}  {str(step.action):<28}{events}".rstrip() + "\n")
    replay.finish()
    count = len(replay.table.state.events)
    if args.json:
        out.write(dumps({"ok": True, "actions": len(steps), "events": count, "steps": steps}) + "\n")
    else:
        out.write(f"legal     every action is legal and the play gives the record's {count} "
                  f"event{'s' if count != 1 else ''}\n")
    return 0


def _show(value) -> str:
    return json.dumps(value, ensure_ascii=False, default=str)


def _show_change(x, y) -> str:
    """``a → b``; for two lists (``excludes``) only what left and what came."""
    if isinstance(x, list) and isinstance(y, list):
        moved = [f"-{_show(v)}" for v in x if v not in y] + [f"+{_show(v)}" for v in y if v not in x]
        return " ".join(moved) or "reordered"
    return f"{_show(x)} → {_show(y)}"


def cmd_fans(engine: Engine, args, out: TextIO) -> int:
    from mahjong_core.engine.hand import WIN_METHOD_WORDS, WIN_METHODS
    rules = engine.load_ruleset(args.ruleset)
    fans = rulesinfo.fans(rules)
    if args.json:
        out.write(dumps({"ok": True, "ruleset": rules.name, "title": rules.title,
                         "fingerprint": rules.fingerprint, "minimum": dict(rules.minimums),
                         "win_methods": list(rules.win_methods), "fans": fans,
                         "checks": rulesinfo.checks(rules)}) + "\n")
        return 0
    out.write(f"ruleset   {_ruleset_line(rules)}\n")
    if rules.minimum_by_method or len(rules.win_methods) < 3:
        out.write("minimum   " + ", ".join(f"{WIN_METHOD_WORDS[m]} {rules.minimums[m]}" for m in rules.win_methods)
                  + (f" (no win by {', '.join(WIN_METHOD_WORDS[m] for m in WIN_METHODS if m not in rules.win_methods)})"
                     if len(rules.win_methods) < 3 else "") + "\n")
    else:
        out.write(f"minimum   {rules.minimum}\n")
    id_width = max((len(f["id"]) for f in fans), default=2)
    en_width = max((len(f["en"]) for f in fans), default=2)
    for f in fans:
        out.write(f"{f['id']:<{id_width}}  {f['amount']:>5}  {f['zh']}\t{f['en']:<{en_width}}  {f['where']}\n")
        out.write(f"    awarded by {f['awarded_by']} (check {f['check']}{UNIT_WORDS_FANS[f.get('unit', 'points')]})\n")
        if f.get("tier"):
            out.write(f"    tier {f['tier']} (only the highest of the tier counts)\n")
        if f["excludes"]:
            out.write(f"    excludes {', '.join(f['excludes'])}\n")
        if f["reduces"]:
            out.write(f"    reduces {', '.join(f'{x} ×{n}' for x, n in f['reduces'].items())}\n")
    return 0


def cmd_diff(engine: Engine, args, out: TextIO) -> int:
    b = engine.load_ruleset(args.b if args.b is not None else args.a)
    a = engine.load_ruleset(args.a) if args.b is not None else rulesinfo.base(engine, b)
    d = rulesinfo.diff(a, b)
    if args.json:
        out.write(dumps(d) + "\n")
        return 0
    out.write(f"a  {_ruleset_line(a)}\n")
    out.write(f"b  {_ruleset_line(b)}\n")
    lines = [f"+ fan {f['id']}  {f['zh']} {f['en']}  {f['points']}" for f in d["fans"]["added"]]
    lines += [f"- fan {f['id']}  {f['zh']} {f['en']}  {f['points']}" for f in d["fans"]["removed"]]
    lines += [f"~ fan {c['id']}  " + ", ".join(f"{k}: {_show_change(x, y)}" for k, (x, y) in c["changes"].items())
              for c in d["fans"]["changed"]]
    lines += [f"~ option {k}: {_show_change(x, y)}" for k, (x, y) in d["options"].items()]
    lines += [f"~ {k}: {_show_change(x, y)}" for k, (x, y) in d["settings"].items()]
    out.write("".join(line + "\n" for line in lines) or "no differences\n")
    return 0


def cmd_serve(engine: Engine, args) -> int:
    """The web scorer and JSON API, served by uvicorn until Ctrl-C."""
    try:
        import uvicorn
        from .web.app import create_app
        from .web.server import run
    except ImportError as e:
        raise MahjongError(f"mahjong serve needs the web extra: pip install 'mahjong-core[web]' "
                           f"({e.name or e} is not installed)") from None
    run(create_app(engine), args.host, args.port)
    return 0


def _port(text: str) -> int:
    if not (text.isascii() and text.isdigit() and 0 < int(text) < 65536):
        raise argparse.ArgumentTypeError(f"'{text}' is not a port number from 1 to 65535")
    return int(text)


# --------------------------------------------------------------------------- argument parsing

class _UsageError(Exception):
    """argparse's complaint, raised instead of exiting so that ``main`` can print it its way."""

    def __init__(self, parser: argparse.ArgumentParser, message: str):
        super().__init__(message)
        self.parser = parser
        self.message = message


class _ShowVersion(Exception):
    """``--version`` was given: ``main`` prints it on its own output stream."""


class _Parser(argparse.ArgumentParser):
    """Abbreviations off (``--self`` must not pass for ``--self-drawn``); errors raise, with the
    nearest valid choice."""

    def __init__(self, *a, **kw):
        super().__init__(*a, allow_abbrev=False, **kw)

    def _get_formatter(self):
        """argparse's, given the terminal's width as argparse would read it: left to itself it
        asks ``shutil``, whose import brings zlib, bz2 and lzma (a fortieth of a one-hand score)."""
        return self.formatter_class(prog=self.prog, width=_columns() - 2)

    def error(self, message):
        m = re.search(r"invalid choice: '(.*?)' \(choose from (.*)\)", message)
        if m:
            word = f"'{m.group(1)}'"
            hint = did_you_mean(m.group(1), re.findall(r"'([^']*)'", m.group(2)))
            message = message.replace(word, word + hint, 1)
        raise _UsageError(self, message)


def _columns() -> int:
    """The terminal's width as ``shutil.get_terminal_size().columns`` reads it: ``$COLUMNS``, else
    the width of the terminal on standard output, else 80."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class _Version(argparse.Action):
    def __init__(self, option_strings, dest, **kw):
        super().__init__(option_strings, dest, nargs=0, **kw)

    def __call__(self, parser, namespace, values, option_string=None):
        raise _ShowVersion()


def _version() -> str:
    import importlib.metadata
    try:
        return importlib.metadata.version("mahjong-core")
    except importlib.metadata.PackageNotFoundError:
        return "unknown (mahjong-core is not installed)"


def _unrecognized(parser: argparse.ArgumentParser, extras: list[str]) -> _UsageError:
    """Words no option took, each flag with the nearest option of its command."""
    options = [s for action in parser._actions for s in action.option_strings]
    words = [f"'{w}'{did_you_mean(w.split('=', 1)[0], options) if w.startswith('-') else ''}" for w in extras]
    return _UsageError(parser, f"unrecognized arguments: {', '.join(words)}")


_KONG_COUNT = re.compile(r"--after-kong=(.*)", re.S)


def _kong_count(argv: list[str], score: argparse.ArgumentParser) -> tuple[list[str], int | None]:
    """``--after-kong=N`` (N kongs in a row) is read here, leaving a plain ``--after-kong`` for
    argparse: an option with an optional value would take the next word, the hand, as its count."""
    words, count = [], None
    for i, word in enumerate(argv):
        if word == "--":
            words.extend(argv[i:])
            break
        m = _KONG_COUNT.fullmatch(word)
        if m:
            if not re.fullmatch(r"[0-9]{1,3}", m.group(1)) or int(m.group(1)) < 1:
                raise _UsageError(score, f"--after-kong=N needs a whole number N ≥ 1 of kongs in a row, "
                                         f"got '{m.group(1)}'")
            count = int(m.group(1))
            word = "--after-kong"
        elif word == "--after-kong" and i + 1 < len(argv) and argv[i + 1].isdigit():
            raise _UsageError(score, f"'--after-kong {argv[i + 1]}': write the count as --after-kong="
                                     f"{argv[i + 1]} ('{argv[i + 1]}' alone would be read as tiles of the hand)")
        words.append(word)
    return words, count


def _jobs(text: str) -> int:
    """``--jobs``, read by the batch module, imported only when the option is given."""
    from .batch import jobs_arg
    return jobs_arg(text)


def build_parser(command: str | None = None, only: bool = False) -> argparse.ArgumentParser:
    """Every command's parser. Given the ``command`` word another known command, ``play`` is a
    bare entry (its parser imports the table, which no other command needs; only the named
    command's parser is ever asked). With ``only`` too (``_main`` when no help is asked, so no
    list of the commands is shown), only the named command and ``score`` (whose parser words
    the ``--after-kong=N`` errors of every command) take their options, and the other words share
    one bare entry: a parser costs argparse a few translation look-ups."""
    lean = only and command in _COMMANDS
    bare: list[str] = []

    def wanted(name: str) -> bool:
        if lean and name not in (command, "score"):
            bare.append(name)
            return False
        return True

    p = _Parser(prog="mahjong", description="Score and settle Chinese mahjong hands.")
    p.add_argument("--version", action=_Version, help="print the installed version")
    sub = p.add_subparsers(dest="command", required=True)

    if wanted("rulesets"):
        r = sub.add_parser("rulesets", help="list installed rulesets")
        r.add_argument("--json", action="store_true", help="print [{name, title}] as JSON")

    def hand_options(sp, with_flags: bool) -> None:
        sp.add_argument("--ruleset", default="guobiao",
                        help="a ruleset name or the path of a YAML overlay (default: guobiao)")
        sp.add_argument("--seat", metavar="WIND", help="seat wind E/S/W/N (default: E)")
        sp.add_argument("--round", metavar="WIND", help="round (prevalent) wind E/S/W/N (default: E)")
        sp.add_argument("--flowers", help="flower tiles (1f5f) or their number (default: none)")
        sp.add_argument("--wilds", help="wild tile kinds, e.g. 5m (default: none)")
        sp.add_argument("--json", action="store_true",
                        help="print the answer as JSON (docs/formats.md), a failure as {ok: false, error}")
        if with_flags:
            for flag, text in _FLAGS.items():
                sp.add_argument("--" + flag.replace("_", "-"), dest=flag, action="store_true", help=text)
            sp.add_argument("--after-kong", action="store_const", const=1, default=0,
                            help="won on a kong replacement tile; --after-kong=N for N kongs in a row")
            sp.add_argument("--void", help="void suit m/p/s (Sichuan; default: none)")

    s = sub.add_parser("score", help="score one winning hand",
                       description="HAND is notation; the last tile is the winning tile. Melds in brackets: "
                                   "[123m] chow, [555p,2] pung from across (1 left, 2 across, 3 right), "
                                   "[7777s] concealed kong, [7777s,3] melded kong.")
    s.add_argument("hand", nargs="*", help="e.g. '[555p,2]123m789s11z44z 4z'")
    hand_options(s, True)
    s.add_argument("--win", help="the winning tile, when not written last")
    s.add_argument("--situation", help="a situation as JSON (docs/formats.md: Situation)")
    s.add_argument("--jsonl", action="store_true", help="read situations, one JSON per line, from stdin")
    s.add_argument("--jobs", type=_jobs, default=0,
                   help="processes for --jsonl (default: one per core; results stay in input order)")
    s.add_argument("--backend", choices=("local", "ray"), default="local",
                   help="where --jsonl scores: local processes (default) or Ray tasks (the 'ray' extra)")
    s.add_argument("--address", help="with --backend ray: the cluster to join (default: RAY_ADDRESS, else a local instance)")
    s.add_argument("--explain", action="store_true", help="also show excluded fans and what excluded them")

    if wanted("waits"):
        w = sub.add_parser("waits", help="the tiles a ready hand waits on, with their totals")
        w.add_argument("hand", nargs="+", help="the hand before the winning tile, melds in brackets")
        hand_options(w, False)
        w.add_argument("--void", help="void suit m/p/s (Sichuan; default: none)")

    if wanted("analyze"):
        a = sub.add_parser("analyze", help="shanten, useful tiles and the best discards of a hand")
        a.add_argument("hand", nargs="+", help="13 tiles (or 14 to choose a discard), melds in brackets")
        hand_options(a, False)
        a.add_argument("--void", help="void suit m/p/s (Sichuan; default: none)")
        a.add_argument("--seen", help="tiles seen elsewhere (discards, others' melds), not counted as left")

    if wanted("settle"):
        t = sub.add_parser("settle", help="settle a game record (docs/formats.md: Record)")
        t.add_argument("record", help="record JSON file, or - for stdin")
        t.add_argument("--ruleset", help="a ruleset name or YAML path (default: the record's 'ruleset', "
                                         "an installed ruleset's name)")
        t.add_argument("--json", action="store_true", help="print the settlement as JSON (docs/formats.md: Record)")

    if wanted("replay"):
        r = sub.add_parser("replay", help="play a table's record again action by action, and say where it stops "
                                          "being legal (docs/table.md)")
        r.add_argument("record", help="record JSON file with its play log, or - for stdin")
        r.add_argument("--ruleset", help="a ruleset name or YAML path (default: the record's 'ruleset')")
        r.add_argument("--json", action="store_true", help="print every step (action and the events it wrote) as JSON")

    if wanted("play"):
        if command in _COMMANDS and command != "play":
            sub.add_parser("play")
        else:
            from . import play
            play.add_parser(sub)
    if wanted("simulate"):
        if command in _COMMANDS and command != "simulate":
            sub.add_parser("simulate")
        else:
            from . import simulate
            simulate.add_parser(sub)

    if wanted("fans"):
        f = sub.add_parser("fans", help="every enabled fan of a ruleset and the file:line it comes from")
        f.add_argument("ruleset", nargs="?", help="a ruleset name or YAML path (or give it as --ruleset)")
        f.add_argument("--ruleset", dest="ruleset_flag", metavar="RULESET",
                       help="the same, as the other commands take it")
        f.add_argument("--json", action="store_true", help="print the ruleset's fans as JSON")

    if wanted("diff"):
        d = sub.add_parser("diff", help="what one ruleset changes against another (or an overlay against its base)")
        d.add_argument("a", metavar="A", help="a ruleset name or YAML path")
        d.add_argument("b", metavar="B", nargs="?", help="the ruleset to compare with A (default: A against its base)")
        d.add_argument("--json", action="store_true", help="print the differences as JSON")

    if wanted("serve"):
        v = sub.add_parser("serve", help="the web scorer and JSON API (needs the 'web' extra)")
        v.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
        v.add_argument("--port", type=_port, default=8000, help="port to listen on (default 8000)")
    if bare:
        sub.add_parser(bare[0], aliases=bare[1:])
    p.commands = sub.choices
    return p


def _help_asked(argv: list[str]) -> bool:
    """``--help`` or ``-h`` (alone or among short flags) before any ``--``: argparse prints help."""
    words = argv[:argv.index("--")] if "--" in argv else argv
    return any(w == "--help" or (w.startswith("-") and not w.startswith("--") and "h" in w) for w in words)


def _json_wanted(argv: list[str]) -> bool:
    return "--json" in (argv[:argv.index("--")] if "--" in argv else argv)


def _fail(e: MahjongError, out: TextIO, err: TextIO, as_json: bool) -> int:
    if as_json:
        out.write(dumps(e.to_dict()) + "\n")
    else:
        err.write(f"error [{e.code}]: {e.message}\n")
    return EXIT_ERROR


_FIELD_COMMANDS = ("score", "waits", "analyze")
# every command's word (build_parser gives each one a parser)
_COMMANDS = ("rulesets", "score", "waits", "analyze", "settle", "replay", "play", "simulate", "fans", "diff", "serve")


class OutputError(Exception):
    """Writing the results failed with an OS error (a full disk, a device error): the system's
    failure, not a bug. A closed pipe (``| head``) is not one: it ends the run quietly."""

    def __init__(self, error: OSError):
        super().__init__(error.strerror or str(error))
        self.error = error


class _Output:
    """The output stream, its OS errors raised as OutputError (everything else passes through)."""

    def __init__(self, stream: TextIO):
        self.stream = stream

    def write(self, text: str) -> int:
        try:
            return self.stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as e:
            raise OutputError(e) from None

    def flush(self) -> None:
        try:
            self.stream.flush()
        except BrokenPipeError:
            raise
        except OSError as e:
            raise OutputError(e) from None

    def __getattr__(self, name):
        return getattr(self.stream, name)


def _drop_output(stream) -> None:
    """After a failed write, point the stream's descriptor at the null device: what it still
    buffers is dropped, and the interpreter's last flush cannot fail again."""
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, fd)
    finally:
        os.close(null)


def command() -> int:
    """The ``mahjong`` program (its console script, ``python -m mahjong_core``): ``main`` on this
    process's arguments, leaving what start-up froze (``_starting``) frozen, since the process
    ends next: its exit's collections would walk every module, class and the ruleset again only
    to free nothing, about a sixth of a one-hand command."""
    return main(keep_frozen=True)


def main(argv: list[str] | None = None, out: TextIO | None = None, err: TextIO | None = None,
         inp: TextIO | None = None, engine: Engine | None = None, *, keep_frozen: bool = False) -> int:
    """Run the command; ``engine`` (default: every installed plugin) is for embedding and tests.
    An OS error writing the output is its own failure (EXIT_OUTPUT), never a bug report.
    What start-up froze is unfrozen at the end unless ``keep_frozen`` (``command``)."""
    stream = out or sys.stdout
    err = err or sys.stderr
    out = _Output(stream)
    frozen = gc.get_freeze_count()
    try:
        code = _main(argv, out, err, inp, engine)
        out.flush()
        return code
    except BrokenPipeError:
        _drop_output(stream)
        return 0
    except OutputError as e:
        _drop_output(stream)
        err.write(f"error: cannot write the output: {e}\n")
        return EXIT_OUTPUT
    finally:
        if not frozen and not keep_frozen:
            gc.unfreeze()           # what the start-up froze (_starting)


def _engine() -> Engine:
    """Every installed plugin's engine (the registry imported here: ``--version``, ``--help`` and a
    usage error import no engine)."""
    from mahjong_core.engine.registry import Engine
    return Engine()


@contextmanager
def _starting():
    """The engine starting and loading the command's ruleset, with no garbage collection, and
    what it made frozen (``gc.freeze``) until the command ends (``main`` unfreezes it, unless the
    process ends with it: ``command``): start-up makes modules, classes and the ruleset, which
    live until then, so collecting would free nothing, and it took a twentieth of a one-hand
    command. A caller that froze objects of its own is left as it is."""
    if gc.get_freeze_count():
        yield
        return
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if collecting:
            gc.enable()


def _main(argv: list[str] | None, out: TextIO, err: TextIO, inp: TextIO | None, engine: Engine | None) -> int:
    inp = inp or sys.stdin
    argv = sys.argv[1:] if argv is None else [str(a) for a in argv]
    as_json = _json_wanted(argv)
    command, ruleset = _ruleset_word(argv)
    parser = build_parser(command, only=not _help_asked(argv))
    if command in _FIELD_COMMANDS:
        # the ruleset first, then its declared fields as flags (so --help lists them too); a
        # ruleset that does not load is reported by the command itself
        rules = None
        try:
            with _starting():
                engine = engine or _engine()
                rules = engine.load_ruleset(ruleset)
        except MahjongError:
            pass
        if rules is not None:
            try:
                _field_flags(parser.commands[command], rules)
            except RulesetError as e:
                return _fail(e, out, err, as_json)
    try:
        argv, kongs = _kong_count(argv, parser.commands["score"])
        args, extras = parser.parse_known_args(argv)
        if extras:
            raise _unrecognized(parser.commands[args.command], extras)
        if args.command == "fans":
            if (args.ruleset is None) == (args.ruleset_flag is None):
                raise _UsageError(parser.commands["fans"], message="name one ruleset, as RULESET or --ruleset RULESET")
            args.ruleset = args.ruleset if args.ruleset is not None else args.ruleset_flag
    except _ShowVersion:
        out.write(f"mahjong {_version()}\n")
        return 0
    except _UsageError as e:
        e.parser.print_usage(err)
        err.write(f"{e.parser.prog}: error: {e.message}\n")
        if as_json:
            out.write(dumps(MahjongError(e.message).to_dict()) + "\n")
        return EXIT_ERROR
    if kongs is not None:
        args.after_kong = kongs
    try:
        engine = engine or _engine()
        if args.command == "rulesets":
            return cmd_rulesets(engine, args, out, err)
        if args.command == "score":
            return cmd_score(engine, args, out, inp)
        if args.command == "waits":
            return cmd_waits(engine, args, out)
        if args.command == "analyze":
            return cmd_analyze(engine, args, out)
        if args.command == "fans":
            return cmd_fans(engine, args, out)
        if args.command == "diff":
            return cmd_diff(engine, args, out)
        if args.command == "serve":
            return cmd_serve(engine, args)
        if args.command == "play":
            from . import play
            return play.cmd_play(engine, args, out, inp)
        if args.command == "replay":
            return cmd_replay(engine, args, out, inp)
        if args.command == "simulate":
            from . import simulate
            return simulate.cmd_simulate(engine, args, out, err)
        return cmd_settle(engine, args, out, inp)
    except MahjongError as e:
        return _fail(e, out, err, as_json)
    except (BrokenPipeError, OutputError):
        raise
    except KeyboardInterrupt:
        return 130
    except MemoryError:     # the machine's limit, not a bug
        return _fail(ResourceError(), out, err, as_json)
    except Exception as e:  # a bug: say so plainly, without a traceback
        err.write(f"internal error: {type(e).__name__}: {e} (please report it with the input)\n")
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
