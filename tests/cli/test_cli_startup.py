"""Start-up: a command imports what it needs. Scoring one hand loads no table, no batch
workers, no web app; the parser of another command leaves ``play``'s options out but still
knows the word, and a full parser has every command."""
from __future__ import annotations

import json
import os
import subprocess
import sys

from harness import run_cli
from mahjong_core.frontends import cli

SCORE = """import json, sys
from mahjong_core.frontends import cli
code = cli.main(["score", "--ruleset", "guobiao", "--json", "[111z,1]123456789m9m 9m"])
sys.stdout.write(json.dumps(sorted(sys.modules)) + "\\n")
sys.exit(code)
"""


def test_scoring_one_hand_imports_no_table_batch_or_web():
    proc = subprocess.run([sys.executable, "-c", SCORE], capture_output=True, text=True, encoding="utf-8",
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    answer, modules = proc.stdout.splitlines()
    assert json.loads(answer)["total"] == 26
    loaded = json.loads(modules)
    unwanted = [m for m in loaded if m.startswith(("mahjong_core.engine.table", "mahjong_core.frontends.batch",
                                                   "mahjong_core.frontends.play", "mahjong_core.frontends.web",
                                                   "starlette", "uvicorn"))]
    assert unwanted == []


def test_every_command_word_is_known_to_the_lazy_parser():
    assert set(cli.build_parser().commands) == set(cli._COMMANDS)
    for command in cli._COMMANDS:
        assert set(cli.build_parser(command).commands) == set(cli._COMMANDS)


def test_play_options_are_there_when_play_or_no_known_command_is_named():
    for command in ("play", None, "plya"):
        assert "--bots" in cli.build_parser(command).commands["play"].format_help()
    assert "--bots" not in cli.build_parser("score").commands["play"].format_help()


def test_jobs_is_still_checked():
    rc, _, err = run_cli(["score", "--jsonl", "--jobs", "999"])
    assert rc == 2 and "is not a number of processes from 1 to 64" in err


def test_a_second_start_reads_the_installed_plugins_without_importlib_metadata(tmp_path):
    """The installed plugins are kept in the cache folder (engine/entrypoints.py): the second
    run of the same command finds them there and never imports ``importlib.metadata``."""
    env = {**os.environ, "MAHJONG_CORE_CACHE": str(tmp_path)}
    runs = [subprocess.run([sys.executable, "-c", SCORE], capture_output=True, text=True, encoding="utf-8",
                           timeout=120, env=env) for _ in range(2)]
    assert all(r.returncode == 0 for r in runs), runs[0].stderr
    first, second = (json.loads(r.stdout.splitlines()[1]) for r in runs)
    assert "importlib.metadata" in first and "importlib.metadata" not in second
    assert json.loads(runs[1].stdout.splitlines()[0])["total"] == 26
    assert len(list(tmp_path.glob("entry-points-*.json"))) == 1


def test_a_guobiao_hand_imports_no_other_family_no_settlement_and_no_analyser(tmp_path):
    """With the plugin index (engine/pluginindex.py) written by a first start, the second start
    loads Guobiao's plugin (the ruleset's checks) and popular's (its ruleset check is asked of
    every ruleset) only: no other family's code, no settlement toolkit, no shanten analyser."""
    env = {**os.environ, "MAHJONG_CORE_CACHE": str(tmp_path / "cache")}
    run = tmp_path / "run"          # the child's current folder, on its sys.path: left as it is
    run.mkdir()
    runs = [subprocess.run([sys.executable, "-c", SCORE], capture_output=True, text=True, encoding="utf-8",
                           timeout=120, env=env, cwd=run) for _ in range(2)]
    assert all(r.returncode == 0 for r in runs), runs[0].stderr
    first, second = (json.loads(r.stdout.splitlines()[1]) for r in runs)
    assert json.loads(runs[1].stdout.splitlines()[0])["total"] == 26
    others = ("mahjong_sichuan", "mahjong_fuzhou", "mahjong_guangdong", "mahjong_258", "mahjong_popular.")
    assert [m for m in first if m.startswith(others)]          # the first start loaded every plugin
    unwanted = [m for m in second if m.startswith(others + ("mahjong_core.engine.settle", "mahjong_core.engine.records",
                                                             "mahjong_core.engine.analysis", "decimal"))]
    assert unwanted == []
    assert "mahjong_guobiao" in second and "mahjong_popular" in second


def _freeze_count_after(call: str) -> int:
    """How many objects stay frozen after ``call`` scores one hand in a fresh process."""
    script = ("import gc, sys\nfrom mahjong_core.frontends import cli\n"
              "sys.argv = ['mahjong', 'score', '--ruleset', 'guobiao', '[111z,1]123456789m9m 9m']\n"
              f"code = {call}\nsys.stderr.write(str(gc.get_freeze_count()))\nsys.exit(code)\n")
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, encoding="utf-8",
                          timeout=120)
    assert proc.returncode == 0 and "total     26" in proc.stdout, proc.stderr
    return int(proc.stderr)


def test_the_program_leaves_start_up_frozen_and_an_embedded_main_does_not():
    """``command`` (the console script) ends the process next: what start-up froze stays frozen,
    so the exit's collections skip it. ``main`` called from Python unfreezes it: the caller's
    process goes on, and its collections must see those objects again."""
    assert _freeze_count_after("cli.command()") > 1000
    assert _freeze_count_after("cli.main()") == 0
