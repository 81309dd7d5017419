"""The Ray backend on a local instance this fixture starts (2 CPUs, no dashboard): `mahjong
simulate --backend ray` gives the JSON of the local run byte for byte, for every playable family
and for a YAML overlay found again by its path; `mahjong score --jsonl --backend ray` answers
every line as the local batch does, in order. Without the `ray` extra the tests skip, except
under CI."""
from __future__ import annotations

import json

import pytest

from harness import needs, run_cli
from playable import one_per_family


@pytest.fixture(scope="module")
def ray_instance():
    ray = needs("ray", "pip install -e '.[ray]'")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


@pytest.mark.parametrize("name", one_per_family())
def test_ray_gives_the_local_json(ray_instance, name):
    argv = ["simulate", "--ruleset", name, "--hands", 12, "--seed", 9, "--json"]
    local = run_cli(argv)
    remote = run_cli(argv + ["--backend", "ray"])
    assert local[0] == remote[0] == 0, remote[2]
    assert remote[1] == local[1]


def test_ray_finds_an_overlay_by_its_path(ray_instance, tmp_path):
    club = tmp_path / "club.yaml"
    club.write_text("extends: guangdong-tuidaohu\noptions:\n  horses: 4\n", encoding="utf-8")
    argv = ["simulate", "--ruleset", "guangdong-tuidaohu", "--vs", club, "--hands", 3, "--seed", 2, "--json"]
    local, remote = run_cli(argv), run_cli(argv + ["--backend", "ray"])
    assert remote[0] == 0 and remote[1] == local[1]
    assert json.loads(remote[1])["rulesets"][1]["name"] != ""


def test_score_jsonl_on_ray_answers_every_line_in_order(ray_instance):
    good = json.dumps({"hand": "123456789m9m", "win_tile": "9m",
                       "melds": [{"type": "pung", "tiles": "111z", "from": "left"}]})
    lines = [good, "not json", json.dumps({"id": 7, "hand": "1m", "win_tile": "1m"}), ""] * 150   # several chunks
    stdin = "\n".join(lines) + "\n"
    local = run_cli(["score", "--ruleset", "guobiao", "--jsonl", "--jobs", 1], stdin)
    remote = run_cli(["score", "--ruleset", "guobiao", "--jsonl", "--backend", "ray"], stdin)
    assert remote[0] == 0 and remote[1] == local[1]
    answers = remote[1].splitlines()
    assert len(answers) == 600 and json.loads(answers[0])["total"] == 26 and json.loads(answers[2])["id"] == 7


def test_backend_is_refused_without_jsonl():
    rc, _, err = run_cli(["score", "--ruleset", "guobiao", "123m", "--backend", "ray"])
    assert rc != 0 and "--jsonl" in err
