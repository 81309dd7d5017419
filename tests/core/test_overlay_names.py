"""A house overlay whose file is named like an installed ruleset (``sub/guobiao.yaml``) is that
file, not the built-in: every answer names it by its path, and a record naming the built-in it
only borrows the name of is refused."""
from __future__ import annotations

import json

import pytest

import mahjong_core
from harness import run_cli

HAND = "[111z,1]123456789m9m 9m"


@pytest.fixture
def overlays(tmp_path, monkeypatch):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "guobiao.yaml").write_text("extends: guobiao\ntitle: Club\nscoring: {minimum: 6}\n",
                                                  encoding="utf-8")
    (tmp_path / "sub" / "popular.yaml").write_text("extends: guobiao\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_overlay_is_named_by_its_file(overlays):
    club = mahjong_core.load_ruleset("sub/guobiao.yaml")
    rc, out, _ = run_cli(["score", "--ruleset", "sub/guobiao.yaml", HAND])
    assert rc == 0 and out.splitlines()[0] == f"ruleset   sub/guobiao.yaml: Club [fingerprint {club.fingerprint}]"
    rc, out, _ = run_cli(["score", "--ruleset", "sub/guobiao.yaml", HAND, "--json"])
    assert json.loads(out)["ruleset"] == "sub/guobiao.yaml"
    rc, out, _ = run_cli(["diff", "sub/guobiao.yaml"])
    assert out.splitlines()[1].startswith("b  sub/guobiao.yaml: Club")
    # the Guobiao title, under the name of another family: named by the file, never 'popular'
    rc, out, _ = run_cli(["score", "--ruleset", "sub/popular.yaml", HAND])
    assert out.splitlines()[0].startswith("ruleset   sub/popular.yaml: Guobiao")


def test_a_record_cannot_name_the_built_in_the_file_borrows_the_name_of(overlays):
    rules = mahjong_core.load_ruleset("sub/popular.yaml")
    record = {"ruleset": "popular", "seats": 4, "dealer": 0, "events": []}
    with pytest.raises(mahjong_core.MahjongError, match="popular"):
        rules.settle(record)
    assert list(rules.settle(dict(record, ruleset="guobiao")).deltas) == [0, 0, 0, 0]


def test_an_overlay_of_its_own_name_keeps_its_stem(tmp_path):
    path = tmp_path / "friday.yaml"
    path.write_text("extends: guobiao\n", encoding="utf-8")
    assert mahjong_core.load_ruleset(str(path)).name == "friday"
