"""Smoke test of an installed mahjong-core (a wheel in a clean venv, not the checkout): for every
installed ruleset, score one winning hand, list its waits, analyse it and settle one record, all
through the ``mahjong`` command; then start ``mahjong serve`` and fetch a page and an API answer.

Run it with the venv's Python, from a folder outside the checkout:
``VENV/bin/python scripts/smoke_wheel.py CHECKOUT`` (scripts/smoke_wheel.sh does all of it).
CHECKOUT is only read for the list of ruleset files the packages must ship.

The hands and records are golden cases of the test suite (named beside each), so each is a real
win of its ruleset with a known total; records without a golden answer are checked to sum to zero.
"""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import yaml

MAHJONG = str(Path(sys.executable).with_name("mahjong"))


def win(seat: int, situation: dict, frm: int | None = None) -> dict:
    event = {"type": "win", "seat": seat, "situation": situation}
    if frm is not None:
        event["from"] = frm
    return event


# ruleset -> (situation, {field: expected} of its score, record, expected deltas or None, source)
GB_S000_03 = {"hand": "123m8s555666777z", "win_tile": "8s"}
GB_T11 = {"seats": 4, "dealer": 1, "round_wind": "E", "events": [
    {"type": "kong", "seat": 0, "kind": "concealed", "tile": "5p"},
    win(1, {"hand": "4445677m777p777s", "win_tile": "7m"}, frm=3)]}
BIG_FOUR_GREEN = {"hand": "111222333444z6z", "win_tile": "6z"}
PING = {"hand": "123m456m789m11p23p", "win_tile": "4p"}
PING_S = {"hand": "123s456s789s11p23p", "win_tile": "4p"}
DD = {"hand": "111m222m333p44p55p", "win_tile": "4p"}
QYS = {"hand": "1112345678999m", "win_tile": "5m"}
EIGHTEEN = {"hand": "5p", "win_tile": "5p", "self_drawn": True, "melds": [
    {"type": "kong", "tiles": "1111m", "concealed": False}, {"type": "kong", "tiles": "2222m", "concealed": True},
    {"type": "kong", "tiles": "3333p", "concealed": False}, {"type": "kong", "tiles": "4444p", "concealed": False}]}
FZ_HAND = {"hand": "123456789m23p5p9s", "win_tile": "9s", "flowers": "1f3z6z",
           "melds": [{"type": "kong", "tiles": "7777s", "concealed": False, "from": "left"}]}
FZ_EVENTS = [{"type": "wild", "indicator": "5p"}, {"type": "kong", "seat": 0, "kind": "exposed", "tile": "7s", "from": 3},
             win(0, FZ_HAND, frm=2)]
JIHU = {"hand": "234m567p123s111z9s", "win_tile": "9s", "self_drawn": True}
GB_258 = {"hand": "123456789m123p5s", "win_tile": "5s"}

CASES = {
    "guobiao": (GB_S000_03, {"total": 108}, GB_T11, [-8, 46, -8, -30],
                "tests/guobiao/data/guobiao.yaml example-03; tests/guobiao/data/guobiao_settlement.yaml discard"),
    # the overlays score these hands as guobiao does (tests/guobiao/data/guobiao.yaml lists no change)
    "guobiao-2014": (GB_S000_03, {"total": 108}, GB_T11, [-8, 46, -8, -30], "as guobiao"),
    "guobiao-strict98": (GB_S000_03, {"total": 108}, GB_T11, [-8, 46, -8, -30], "as guobiao"),
    "popular": (BIG_FOUR_GREEN, {"total": 297}, {"seats": 4, "dealer": 0, "events": [win(1, BIG_FOUR_GREEN, 2)]},
                None, "tests/popular/data/popular.yaml 四方大发财"),
    "popular-lianzhong": (BIG_FOUR_GREEN, {"total": 233}, {"seats": 4, "dealer": 0,
                                                           "events": [win(1, BIG_FOUR_GREEN, 2)]},
                          None, "tests/popular/data/popular.yaml 四方大发财"),
    "sichuan": (dict(DD, win_tile="5p"), {"value": 2}, {"events": [win(0, PING, 2), win(1, DD, 2)]}, [1, 2, -3, 0],
                "tests/sichuan/data/sichuan_hands.yaml duiduihu; tests/sichuan/data/sichuan_records.yaml one_discard_several_winners"),
    "sichuan-tencent": (EIGHTEEN, {"value": 64}, {"events": [win(0, PING, 2), win(1, DD, 2)]}, None,
                        "tests/sichuan/data/sichuan_hands.yaml cap_64"),
    "sichuan-xueliu": (dict(QYS, self_drawn=True), {"value": 8}, {"events": [
        win(0, QYS), win(0, dict(QYS, win_tile="2m")), win(1, PING_S, 0),
        {"type": "kong", "seat": 3, "kind": "concealed", "tile": "9p"},
        {"type": "end", "hands": {"0": {"hand": "111m222m333p44p55p"}, "1": {"hand": PING_S["hand"]},
                                  "2": {"hand": "13579m13579s258s"},
                                  "3": {"hand": "123456s2468p",
                                        "melds": [{"type": "kong", "tiles": "9999p", "concealed": True}]}}}]},
        [51, -13, -19, -19], "tests/sichuan/data/sichuan_records.yaml blood_river_wins_again"),
    "fuzhou": (dict(FZ_HAND, wilds="5p", dealer=True), {"total": 5},
               {"dealer": 0, "dealer_streak": 2, "events": FZ_EVENTS}, [18, -6, -6, -6],
               "tests/fuzhou/data/fuzhou_cases.yaml worked-discard, rec-worked-discard"),
    "fuzhou-classic": (dict(FZ_HAND, wilds="5p", dealer=True), {"total": 5},
                       {"dealer": 0, "dealer_streak": 1, "events": FZ_EVENTS}, [12, 0, -12, 0],
                       "tests/fuzhou/data/fuzhou-classic_cases.yaml worked-discard, rec-worked-discard"),
    "guangdong": (JIHU, {"total": 1}, {"dealer": 0, "events": [
        win(1, {"hand": "1223344556789m", "win_tile": "5m"}), {"type": "horses", "tiles": "2m6p1m9s"}]},
        [-240, 720, -240, -240], "tests/guangdong/data/guangdong_hands.yaml jihu-self-drawn; "
                                 "guangdong_records.yaml seed-720-full-flush-self-drawn"),
    "guangdong-100": ({"hand": "11m33m55s77s99s11z2z", "win_tile": "2z", "self_drawn": True}, {"total": 4},
                      {"dealer": 0, "events": [win(0, {"hand": "11m33m55s77s99s11z2z", "win_tile": "2z"}),
                                               {"type": "horses", "tiles": "1m5m9s1z"}]},
                      [1200, -400, -400, -400], "tests/guangdong/data/guangdong-100_*.yaml qixiaodui-is-4, "
                                                "dealer-seven-pairs-four-hits"),
    "guangdong-bao": ({"hand": "234p567p123s111z9s", "win_tile": "9s", "self_drawn": True, "wilds": "5z"},
                      {"total": 6}, {"dealer": 0, "events": [
                          {"type": "wild", "tile": "5z"}, {"type": "kong", "seat": 0, "kind": "concealed", "tile": "9s"},
                          win(1, {"hand": "234p567p123s111z8s", "win_tile": "8s"})]},
                      [12, 12, -12, -12], "tests/guangdong/data/guangdong-bao_*.yaml putong-zimo, normal-self-draw"),
    "guangdong-jipinghu": ({"hand": "456p111z9s", "win_tile": "9s", "self_drawn": True, "melds": [
        {"type": "chow", "tiles": "123m", "claimed": "1m", "from": "left"},
        {"type": "chow", "tiles": "789s", "claimed": "7s", "from": "left"}]}, {"total": 1},
        {"dealer": 0, "events": [win(1, {"hand": "123m456p789s234s5m", "win_tile": "5m"}, 3),
                                 {"type": "horses", "tiles": "2m6m1m1m"}]},
        [0, 60, 0, -60], "tests/guangdong/data/guangdong-jipinghu_*.yaml jihu-with-chow-melds-self-drawn, "
                           "pinghu-on-a-discard"),
    "guangdong-lianhua": ({"hand": "234m567p123s111z5z", "win_tile": "9s", "self_drawn": True}, {"value": 1},
                          {"dealer": 0, "events": [win(1, {"hand": "234m567p123s111z9s", "win_tile": "9s"}),
                                                   {"type": "horses", "tiles": "2m7z1m1m3m3m4m4m"}]},
                          [-800, 1600, -400, -400], "tests/guangdong/data/guangdong-lianhua_*.yaml plain-with-a-laizi, "
                                                    "non-dealer-self-draw-dealer-pays-double"),
    "guangdong-tuidaohu": (JIHU, {"total": 1, "value": 2}, {"dealer": 0, "events": [
        {"type": "wild", "tile": "5m"}, win(2, {"hand": "234m567p123s111z5m", "win_tile": "9s"}),
        {"type": "horses", "tiles": "3m7p3s1z3p7s"}]}, [-8, -8, 24, -8],
        "tests/guangdong/data/guangdong-tuidaohu_*.yaml jihu-self-drawn, ghost-held-four-horses"),
    # the example plugin (examples/mahjong-258)
    "mini-258": ({"hand": "123m456p789s777m5m", "win_tile": "5m"}, {"total": 2}, None, None,
                 "examples/mahjong-258/tests/cases.yaml pair-5m (mini-258 has no settlement)"),
    "guobiao-258": (GB_258, {"total": 23}, {"seats": 4, "dealer": 0, "events": [win(1, GB_258, 2)]},
                    [-8, 47, -31, -8], "examples/mahjong-258/tests/cases.yaml guobiao-pure-straight-pair-5s, "
                                       "guobiao-258-settles-a-discard-win"),
}

SIDE = {"left": 1, "across": 2, "right": 3}


def notation(situation: dict) -> list[str]:
    """The hand before its winning tile as command-line words: melds in brackets, then the tiles."""
    melds = ""
    for m in situation.get("melds", ()):
        side = f",{SIDE[m.get('from', 'left')]}"
        if m["type"] == "chow" or (m["type"] == "kong" and m.get("concealed")):
            side = ""
        melds += f"[{m['tiles']}{side}]"
    return [melds + situation["hand"]]


def options(situation: dict) -> list[str]:
    words = []
    for key in ("wilds", "flowers"):
        if key in situation:
            words += [f"--{key}", str(situation[key])]
    return words


def mahjong(*args: str, ok: bool = True) -> dict:
    """One ``mahjong ... --json`` call: its JSON answer; exit 0 (or, with ok=False, a clean error)."""
    proc = subprocess.run([MAHJONG, *args, "--json"], capture_output=True, text=True, timeout=120)
    try:
        answer = json.loads(proc.stdout)
    except json.JSONDecodeError:
        raise SystemExit(f"mahjong {' '.join(args)}: exit {proc.returncode}, no JSON answer:\n"
                         f"{proc.stdout[-2000:]}{proc.stderr[-2000:]}")
    if ok and proc.returncode != 0:
        raise SystemExit(f"mahjong {' '.join(args)}: exit {proc.returncode}: {proc.stdout[-2000:]}{proc.stderr[-2000:]}")
    if not ok and (proc.returncode != 2 or "Traceback" in proc.stderr):
        raise SystemExit(f"mahjong {' '.join(args)}: expected a clean error, got exit {proc.returncode}: "
                         f"{proc.stdout[-2000:]}{proc.stderr[-2000:]}")
    return answer


def check(cond: bool, what: str) -> None:
    if not cond:
        raise SystemExit(f"smoke failed: {what}")


def smoke_ruleset(name: str, folder: Path) -> str:
    situation, expected, record, deltas, source = CASES[name]
    scored = mahjong("score", "--ruleset", name, "--situation", json.dumps(situation))
    got = {k: scored.get(k) for k in expected}
    check(got == expected, f"{name}: score of {situation} is {got}, the golden case ({source}) says {expected}")
    waits = mahjong("waits", "--ruleset", name, *notation(situation), *options(situation))
    check(waits.get("ready") is True, f"{name}: waits of {situation['hand']} is not ready: {waits}")
    analysed = mahjong("analyze", "--ruleset", name, *notation(situation), *options(situation))
    check(analysed.get("shanten") == 0, f"{name}: analyze of the ready hand says {analysed.get('shanten')}")
    path = folder / f"{name}.json"
    if record is None:          # a ruleset without a settlement refuses the record, cleanly
        path.write_text(json.dumps({"events": [win(1, situation, 2)]}), encoding="utf-8")
        answer = mahjong("settle", str(path), "--ruleset", name, ok=False)
        check(answer.get("ok") is False, f"{name}: settle without a settlement answered {answer}")
        return f"{name}: score {got}, waits, analyze; settle refused: {answer['error']['message']} ({source})"
    path.write_text(json.dumps(record), encoding="utf-8")
    settled = mahjong("settle", str(path), "--ruleset", name)
    check(sum(settled["deltas"]) == 0, f"{name}: deltas {settled['deltas']} do not sum to zero")
    if deltas is not None:
        check(settled["deltas"] == deltas, f"{name}: deltas {settled['deltas']}, the golden record says {deltas}")
    return f"{name}: score {got}, waits, analyze, settle {settled['deltas']} ({source})"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fetch(url: str, body: dict | None = None) -> tuple[int, bytes]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return answer.status, answer.read()


def smoke_serve() -> str:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen([MAHJONG, "serve", "--port", str(port)], stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                status, page = fetch(base + "/")
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(f"mahjong serve did not answer on {base}: {server.communicate()[0][-2000:]}")
                time.sleep(0.2)
        check(status == 200 and b"<html" in page.lower(), f"GET / answered {status}")
        status, body = fetch(base + "/api/score", {"ruleset": "guobiao", "situation": GB_S000_03})
        answer = json.loads(body)
        check(status == 200 and answer.get("total") == 108, f"POST /api/score answered {status} {answer}")
    finally:
        server.terminate()
        server.wait(timeout=10)
    return f"serve: GET / and POST /api/score on {base}"


def main(checkout: Path) -> None:
    import mahjong_core
    installed = Path(mahjong_core.__file__).resolve()
    check(Path(sys.prefix).resolve() in installed.parents, f"mahjong_core comes from {installed}, not the venv")
    check(checkout.resolve() not in Path.cwd().resolve().parents and Path.cwd().resolve() != checkout.resolve(),
          "run the smoke test from a folder outside the checkout")
    listed = subprocess.run([MAHJONG, "rulesets", "--json"], capture_output=True, text=True, timeout=120)
    check(listed.returncode == 0 and not listed.stderr, f"mahjong rulesets: {listed.returncode} {listed.stderr}")
    names = [r["name"] for r in json.loads(listed.stdout)]
    files = [*(checkout / "rulesets").glob("*.yaml"),
             *(checkout / "examples" / "mahjong-258" / "mahjong_258" / "rulesets").glob("*.yaml")]
    # a family base (family_base: true) is shipped for its profiles to extend, and is no ruleset itself
    shipped = {p.stem for p in files
               if (yaml.safe_load(p.read_text(encoding="utf-8")) or {}).get("family_base") is not True}
    check(set(names) == shipped, f"installed rulesets {sorted(names)} are not the shipped {sorted(shipped)}")
    check(set(CASES) == shipped, f"the smoke table covers {sorted(CASES)}, the packages ship {sorted(shipped)}")
    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(2) as pool:     # two at a time: quicker
        for line in pool.map(lambda name: smoke_ruleset(name, Path(tmp)), names):
            print(line, flush=True)
    print(smoke_serve(), flush=True)
    print(f"smoke: {len(names)} rulesets and mahjong serve work from the installed wheels ({installed.parent})")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: VENV/bin/python smoke_wheel.py CHECKOUT")
    os.environ.pop("PYTHONPATH", None)
    main(Path(sys.argv[1]))
