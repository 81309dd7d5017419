"""``mahjong simulate``: duplicate play of A and B on the same walls, the JSON report's numbers,
byte-identical reports whatever the number of processes, records that settle to the money the
report summed, the Markdown and HTML reports, the progress bar, and bad input named."""
from __future__ import annotations

import io
import json
from fractions import Fraction

import pytest

from harness import run_cli
from playable import one_per_family

from mahjong_core.frontends import simulate as sim

CLUB = "extends: guangdong-tuidaohu\noptions:\n  horses: 4\n"


@pytest.fixture(scope="module")
def club(tmp_path_factory):
    path = tmp_path_factory.mktemp("club") / "club.yaml"
    path.write_text(CLUB, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def comparison(club, tmp_path_factory):
    """guangdong-tuidaohu against a club with four horses: 6 walls, records and both reports."""
    folder = tmp_path_factory.mktemp("sim")
    files = {k: folder / n for k, n in (("records", "r.jsonl"), ("md", "r.md"), ("html", "r.html"))}
    rc, out, err = run_cli(["simulate", "--ruleset", "guangdong-tuidaohu", "--vs", club, "--hands", 6,
                            "--seed", 1, "--json", "--records", files["records"], "--report", files["md"]])
    assert rc == 0, err
    rc2, _, err2 = run_cli(["simulate", "--ruleset", "guangdong-tuidaohu", "--vs", club, "--hands", 6,
                            "--seed", 1, "--report", files["html"]])
    assert rc2 == 0, err2
    return json.loads(out), files, out


def test_the_report_holds_every_number_for_both_rulesets(comparison):
    report, _, _ = comparison
    assert report["seed"] == 1 and report["hands"] == 6 and report["seatings"] == 4
    assert report["bots"] == ["greedy"] * 4 and report["same_walls"] is True
    a, b = report["rulesets"]
    assert a["name"] == "guangdong-tuidaohu" and a["fingerprint"] != b["fingerprint"]
    for side in (a, b):
        assert side["hands"] == 24 and side["walls"] == 6
        assert 0 <= side["draw_rate"] <= 1
        assert [s["wind"] for s in side["seats"]] == ["E", "S", "W", "N"]
        for s in side["seats"]:
            assert set(s) == {"seat", "wind", "win_rate", "self_draw_share", "money_per_hand", "money_total"}
        assert sum(s["money_total"] for s in side["seats"]) == 0          # zero-sum over every hand
        wins = round(sum(s["win_rate"] for s in side["seats"]) * side["hands"])
        assert side["value"]["wins"] == wins == sum(h["count"] for h in side["value"]["histogram"])
        assert set(side["value"]) == {"wins", "mean", "median", "p90", "max", "histogram"}
        assert side["value"]["median"] <= side["value"]["p90"] <= side["value"]["max"]
        assert set(side["dealer_advantage"]) == {"win_rate", "money_per_hand"}
        assert all(0 < f["share"] <= 1 and f["en"] for f in side["fans"])
        assert "horses" in side["money_shares"]                 # 推倒胡 turns horses after a win
    assert a["money_shares"]["horses"] > 0


def test_every_difference_has_its_interval(comparison):
    report, _, _ = comparison
    metrics = {d["metric"] for d in report["differences"]}
    for m in ("draw_rate", "dealer_advantage", "value_mean", "value_median", "value_p90", "value_max",
              "self_draw_share", "money_share.horses", "win_rate.E", "money_per_hand.N"):
        assert m in metrics, m
    assert any(m.startswith("fan.") for m in metrics)
    for d in report["differences"]:
        if d["difference"] is None:
            continue
        lo, hi = d["ci95"]
        assert lo <= d["difference"] + 1e-9 and d["difference"] <= hi + 1e-9 or d["metric"].startswith("value_")
        assert d["excludes_zero"] == (lo > 0 or hi < 0)


def test_every_record_settles_to_the_money_the_report_summed(comparison, club):
    report, files, _ = comparison
    lines = files["records"].read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2 * 6 * 4                      # A then B, each wall under four seatings
    totals = [[Fraction(0)] * 4, [Fraction(0)] * 4]
    for i, line in enumerate(lines):
        side = (i // 4) % 2                             # per wall: A's four seatings, then B's
        path = files["records"].parent / "one.json"
        path.write_text(line, encoding="utf-8")
        argv = ["settle", path, "--json"] + (["--ruleset", club] if side else [])
        rc, out, err = run_cli(argv)
        assert rc == 0, err
        for s, d in enumerate(json.loads(out)["deltas"]):
            totals[side][s] += Fraction(str(d))
    for side in (0, 1):
        assert totals[side] == [Fraction(str(s["money_total"])) for s in report["rulesets"][side]["seats"]]


def test_the_markdown_and_html_reports_say_the_same_numbers(comparison):
    report, files, _ = comparison
    md = files["md"].read_text(encoding="utf-8")
    html = files["html"].read_text(encoding="utf-8")
    for text in (md, html):
        assert report["rulesets"][0]["fingerprint"] in text and report["rulesets"][1]["fingerprint"] in text
        assert "value_median" in text and "draw rate" in text
    assert html.startswith("<!doctype html>") and "http" not in html.split("<svg")[0].split("<body>")[1]


def test_html_without_matplotlib_still_has_its_tables(monkeypatch, comparison):
    import builtins
    from mahjong_core.frontends import simreport
    real = builtins.__import__

    def no_matplotlib(name, *a, **k):
        if name.startswith("matplotlib"):
            raise ImportError(name)
        return real(name, *a, **k)
    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    page = simreport.html(comparison[0])
    assert "<svg" not in page and "plots need the &#x27;report&#x27; extra" in page and "<table>" in page


@pytest.mark.parametrize("name", one_per_family())
def test_the_same_seed_gives_the_same_json_with_one_or_two_processes(name):
    argv = ["simulate", "--ruleset", name, "--hands", 3, "--seed", 5, "--json"]
    one = run_cli(argv + ["--jobs", 1])
    two = run_cli(argv + ["--jobs", 2])
    assert one[0] == 0 and one[1] == two[1]
    assert json.loads(one[1])["rulesets"][0]["hands"] == 12


def test_chunks_merge_to_the_report_of_one_pass(monkeypatch):
    argv = ["simulate", "--ruleset", "guobiao", "--vs", "guobiao-2014", "--hands", 5, "--seed", 2,
            "--bots", "random,greedy,greedy,random", "--json"]
    whole = run_cli(argv)[1]
    monkeypatch.setattr(sim, "CHUNK", 2)
    assert run_cli(argv)[1] == whole
    assert "players" in json.loads(whole)["rulesets"][0]


def test_a_ruleset_the_table_does_not_play_is_refused_by_name(tmp_path):
    club = tmp_path / "club.yaml"
    club.write_text("extends: guobiao\ntable: {void_suit: true}\n", encoding="utf-8")   # a void suit no flow declares
    rc, out, _ = run_cli(["simulate", "--ruleset", "guobiao", "--vs", str(club), "--hands", 1, "--json"])
    answer = json.loads(out)
    assert rc != 0 and answer["error"]["code"] == "unsupported_ruleset" and "void suit" in answer["error"]["message"]


def test_bad_input_is_named():
    rc, out, _ = run_cli(["simulate", "--ruleset", "guobiao", "--vs", "guobia", "--hands", 1, "--json"])
    assert rc != 0 and "guobiao" in json.loads(out)["error"]["message"]       # the nearest name
    rc, _, err = run_cli(["simulate", "--ruleset", "guobiao", "--report", "r.pdf"])
    assert rc != 0 and "--report" in err and ".md" in err
    rc, _, err = run_cli(["simulate", "--ruleset", "guobiao", "--hands", "0"])
    assert rc != 0 and "--hands" in err
    rc, _, err = run_cli(["simulate", "--ruleset", "guobiao", "--backend", "spark"])
    assert rc != 0 and "ray" in err
    rc, _, err = run_cli(["simulate", "--ruleset", "guobiao", "--bots", "human"])
    assert rc != 0 and "bots only" in err


def test_the_text_summary_marks_the_differences_that_exclude_zero(comparison, club):
    rc, out, _ = run_cli(["simulate", "--ruleset", "guangdong-tuidaohu", "--vs", club, "--hands", 2, "--seed", 1])
    assert rc == 0 and "guangdong-tuidaohu" in out and "95 % interval excludes zero" in out


class _Terminal(io.StringIO):
    def isatty(self):
        return True


def test_progress_is_shown_only_on_a_terminal(monkeypatch):
    quiet = io.StringIO()
    bar = sim.Progress(10, quiet)
    bar.step(4)
    bar.close()
    assert quiet.getvalue() == ""
    import builtins
    real = builtins.__import__
    monkeypatch.setattr(builtins, "__import__",
                        lambda name, *a, **k: (_ for _ in ()).throw(ImportError(name)) if name == "tqdm" else real(name, *a, **k))
    tty = _Terminal()
    bar = sim.Progress(10, tty)
    bar.step(4)
    bar.step(6)
    bar.close()
    assert "4/10 walls" in tty.getvalue() and "10/10 walls" in tty.getvalue()


def test_a_records_or_report_path_that_cannot_be_written_is_named_before_the_run(monkeypatch, tmp_path):
    monkeypatch.setattr(sim, "run_chunk", lambda *a: pytest.fail("the run started"))
    for flag, name in (("--records", "r.jsonl"), ("--report", "r.md")):
        path = tmp_path / "no-such-folder" / name
        rc, out, _ = run_cli(["simulate", "--ruleset", "guobiao", "--hands", 100000, flag, str(path), "--json"])
        assert rc != 0 and json.loads(out)["error"]["message"].startswith(f"cannot write the {flag[2:]} to {path}")


def test_records_are_written_as_the_walls_come_back(tmp_path, monkeypatch):
    """Each chunk's records reach the file before the next chunk is played (none held to the end)."""
    monkeypatch.setattr(sim, "CHUNK", 1)
    path = tmp_path / "r.jsonl"
    sizes = []
    real = sim.run_chunk

    def chunk(*args):
        sizes.append(path.stat().st_size)
        return real(*args)
    monkeypatch.setattr(sim, "run_chunk", chunk)
    rc, _, err = run_cli(["simulate", "--ruleset", "guobiao", "--hands", 3, "--seed", 1, "--records", str(path),
                          "--jobs", 1, "--json"])
    assert rc == 0, err
    assert sizes[0] == 0 and sizes[0] < sizes[1] < sizes[2] < path.stat().st_size
    assert len(path.read_text(encoding="utf-8").splitlines()) == 3 * 4     # a record per wall and seating
