"""``mahjong simulate``: bots play the same walls under ruleset A (and B, ``--vs``), each wall
under four seatings (duplicate play), and the report says what the rules change
(docs/simulate.md).

The walls are cut into chunks by number (``CHUNK`` walls each); each chunk is played where the
backend runs it (this process, forked workers, or Ray tasks) and gives a ``Partial`` of exact
sums, merged in chunk order: any ``--jobs`` and either backend give the same JSON, byte for byte.
"""
from __future__ import annotations

import argparse
import os
import sys
from contextlib import ExitStack
from typing import TextIO

from mahjong_core.engine.errors import MahjongError
from mahjong_core.engine.table import play_rules
from mahjong_core.engine.table.roster import BOTS
from mahjong_core.engine.table.duplicate import SEATINGS, play_wall
from mahjong_core.engine.table.wall import tile_list
from . import simreport, simstats
from .backends import BACKENDS, reference, remember, ruleset, run_ordered
from .play import seat_names, seed_arg
from .wire import dumps

CHUNK = 10                  # walls per chunk
MAX_WALLS = 10_000_000
REPORT_KINDS = (".md", ".html")


def bots_arg(text: str) -> tuple[str, ...]:
    """As ``mahjong play``'s, bots only: a simulation has no person at the table."""
    return seat_names(text, BOTS, "a simulation plays bots only: give one for every seat")


def walls_arg(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= MAX_WALLS:
        raise argparse.ArgumentTypeError(f"--hands takes 1 … {MAX_WALLS} (walls), got '{text}'")
    return int(text)


def report_arg(text: str) -> str:
    if os.path.splitext(text)[1].lower() not in REPORT_KINDS:
        raise argparse.ArgumentTypeError(f"--report writes Markdown (.md) or HTML (.html), got '{text}'")
    return text


def add_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser("simulate", help="bots play the same walls under one or two rulesets; the report compares them "
                                        "(docs/simulate.md)")
    p.add_argument("--ruleset", required=True, help="ruleset A: a name or YAML path")
    p.add_argument("--vs", metavar="RULESET", help="ruleset B, played on the same walls: a name or YAML path")
    p.add_argument("--hands", type=walls_arg, default=100,
                   help="walls to play (each under four seatings, and under A and B; default 100)")
    p.add_argument("--seed", type=seed_arg, default=0, help="the seed the walls come from (default 0)")
    p.add_argument("--bots", type=bots_arg, default=("greedy",) * 4,
                   help=f"one bot for all seats or four comma-separated, player 0 first: {', '.join(BOTS)} "
                        "(default: greedy)")
    p.add_argument("--jobs", type=_jobs, default=1, help="processes (default 1; 0: one per core)")
    p.add_argument("--backend", choices=BACKENDS, default="local",
                   help="local processes (default) or Ray tasks (the 'ray' extra)")
    p.add_argument("--address", help="the Ray cluster to join (default: RAY_ADDRESS, else a local instance)")
    p.add_argument("--records", metavar="FILE.jsonl", help="write every hand's record, one per line")
    p.add_argument("--report", type=report_arg, metavar="FILE.html|.md", help="write the report as HTML or Markdown")
    p.add_argument("--json", action="store_true", help="print the report as JSON (docs/simulate.md)")
    return p


def _jobs(text: str) -> int:
    from .batch import default_jobs, jobs_arg
    return jobs_arg(text) or default_jobs()


def run_chunk(refs: tuple, bots: tuple, seed: int, start: int, stop: int, records: bool):
    """Walls ``start`` … ``stop`` − 1 under each ruleset: (their ``Partial``, the records' lines)."""
    rulesets = [ruleset(r) for r in refs]
    part = simstats.Partial(start, start)
    part.stop = stop
    lines = [] if records else None
    players = len(set(bots)) > 1
    for wall in range(start, stop):
        facts = []
        for rules in rulesets:
            plays = play_wall(rules, bots, seed, wall, SEATINGS, check=False)
            facts.append(simstats.wall_metrics(plays, play_rules(rules).seats, players))
            if records:
                lines.extend(dumps(p.record) for p in plays)
        part.add_wall([f[0] for f in facts], [f[1] for f in facts], [f[2] for f in facts])
    return part, lines


class Progress:
    """Walls done, on stderr only when it is a terminal: tqdm's bar when installed, else one line."""

    def __init__(self, total: int, err: TextIO):
        self.total, self.err, self.done, self.bar = total, err, 0, None
        self.on = hasattr(err, "isatty") and err.isatty()
        if self.on:
            try:
                from tqdm import tqdm
                self.bar = tqdm(total=total, unit="wall", file=err, desc="simulate")
            except ImportError:
                pass

    def step(self, n: int) -> None:
        self.done += n
        if self.bar is not None:
            self.bar.update(n)
        elif self.on:
            self.err.write(f"\rsimulate: {self.done}/{self.total} walls")
            self.err.flush()

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
        elif self.on:
            self.err.write("\n")


def simulate(engine, args, err: TextIO, records: TextIO | None = None) -> dict:
    """The report; with ``records``, every hand's record written to it, one line each, as the
    chunks come back in order (a long run never holds its records in memory)."""
    specs = [args.ruleset] + ([args.vs] if args.vs else [])
    loaded = [engine.load_ruleset(s) for s in specs]
    for rules in loaded:
        play_rules(rules)           # a ruleset the table does not play is refused before anything runs
    refs = tuple(reference(s) for s in specs)
    for ref, rules in zip(refs, loaded):
        remember(ref, rules)
    chunks = [(refs, tuple(args.bots), args.seed, start, min(start + CHUNK, args.hands), records is not None)
              for start in range(0, args.hands, CHUNK)]
    progress = Progress(args.hands, err)
    total = None
    try:
        for part, chunk_lines in run_ordered(run_chunk, chunks, args.jobs, args.backend, args.address):
            total = part if total is None else total.merge(part)
            if records is not None:
                _put(records, "".join(line + "\n" for line in chunk_lines), args.records, "records")
            progress.step(part.stop - part.start)
    finally:
        progress.close()
    same = len(loaded) < 2 or tile_list(loaded[0].table) == tile_list(loaded[1].table)
    return simstats.report(total, seed=args.seed, bots=args.bots, seatings=SEATINGS,
                           rulesets=[(r.name, r.fingerprint) for r in loaded], same_walls=same)


def _cannot_write(what: str, path: str, e: OSError) -> MahjongError:
    return MahjongError(f"cannot write the {what} to {path}: {e.strerror or e}")


def _open(path: str, what: str) -> TextIO:
    try:
        return open(path, "w", encoding="utf-8")
    except OSError as e:
        raise _cannot_write(what, path, e) from None


def _put(f: TextIO, text: str, path: str, what: str) -> None:
    """Write and flush, so a full disk is named here, not in a traceback when the file closes."""
    try:
        f.write(text)
        f.flush()
    except OSError as e:
        raise _cannot_write(what, path, e) from None


def cmd_simulate(engine, args, out: TextIO, err: TextIO | None = None) -> int:
    with ExitStack() as files:
        # both files are opened before the run, so a path that cannot be written is named at once
        records = files.enter_context(_open(args.records, "records")) if args.records else None
        report_file = files.enter_context(_open(args.report, "report")) if args.report else None
        report = simulate(engine, args, err or sys.stderr, records)
        if report_file is not None:
            html = args.report.lower().endswith(".html")
            _put(report_file, simreport.html(report) if html else simreport.markdown(report), args.report, "report")
    if args.json:
        out.write(dumps(report) + "\n")
        return 0
    out.write(simreport.summary(report))
    return 0
