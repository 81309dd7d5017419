"""The ruleset cache (mahjong_core/engine/rulecache.py): a cached ruleset answers exactly as one
resolved from its YAML; an edited file of the chain, a corrupt entry, an unwritable folder or the
cache turned off all fall back to reading the YAML, silently."""
from __future__ import annotations

import os

import pytest

from mahjong_core import Engine
from mahjong_core.engine import rulecache

HAND = {"hand": "123456789m9m", "melds": [{"type": "pung", "tiles": "111z", "from": "left"}], "win_tile": "9m"}


def fresh(name):
    return Engine().load_ruleset(name)


@pytest.fixture
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv(rulecache.ENV, str(folder))
    return folder


def entries(folder):
    return sorted(folder.glob("resolved-*.json")) if folder.is_dir() else []


@pytest.mark.parametrize("name", ["guobiao", "popular", "sichuan", "guangdong", "guobiao-2014", "fuzhou"])
def test_a_cached_ruleset_answers_as_the_yaml_does(cache, monkeypatch, name):
    monkeypatch.setenv(rulecache.ENV, "off")
    plain = fresh(name)
    monkeypatch.setenv(rulecache.ENV, str(cache))
    first = fresh(name)                 # resolved, then stored
    assert entries(cache)
    second = fresh(name)                # read back
    hand = dict(HAND) if name in ("guobiao", "popular") else None
    for rules in (first, second):
        assert rules.fingerprint == plain.fingerprint and rules._resolved.origins == plain._resolved.origins
        assert rules._resolved.option_types == plain._resolved.option_types
        assert rules._resolved.files == plain._resolved.files and rules._resolved.chain == plain._resolved.chain
        if hand:
            assert rules.score(hand).to_dict() == plain.score(hand).to_dict()


def test_the_cache_is_read_without_pyyaml(cache):
    import subprocess
    import sys
    code = ("import sys; from mahjong_core import load_ruleset; r = load_ruleset('guobiao'); "
            "print(r.fingerprint, 'yaml' in sys.modules)")
    env = dict(os.environ, **{rulecache.ENV: str(cache)})
    outs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120).stdout
            for _ in range(2)]
    assert outs[0].split()[0] == outs[1].split()[0]
    assert outs[0].split()[1] == "True" and outs[1].split()[1] == "False"


def test_an_edited_file_of_the_chain_is_read_again(cache, tmp_path):
    base = tmp_path / "house.yaml"
    base.write_text("extends: guobiao\nfans:\n  pure_straight:\n    points: 16\n", encoding="utf-8")
    top = tmp_path / "top.yaml"
    top.write_text("extends: house.yaml\n", encoding="utf-8")
    assert fresh(top).fan_by_id["pure_straight"].points == 16
    assert fresh(top).fan_by_id["pure_straight"].points == 16      # from the cache
    base.write_text("extends: guobiao\nfans:\n  pure_straight:\n    points: 17\n", encoding="utf-8")
    assert fresh(top).fan_by_id["pure_straight"].points == 17


def test_a_corrupt_entry_is_ignored_and_replaced(cache):
    want = fresh("guobiao").fingerprint
    for junk in (b"", b"{", b"\xff\xfe", b'{"format": 1}', b"[1, 2]", b'{"format": 1, "files": ["/nonexistent"], '
                                                                       b'"digests": ["0"]}'):
        for entry in entries(cache):
            entry.write_bytes(junk)
        assert fresh("guobiao").fingerprint == want
    assert fresh("guobiao").fingerprint == want


def test_a_forged_entry_for_other_contents_is_not_used(cache):
    """An entry whose recorded digests do not match the files on disk is a miss."""
    fresh("guobiao")
    [entry] = entries(cache)
    text = entry.read_text(encoding="utf-8")
    entry.write_text(text.replace('"Guobiao', '"Forged'), encoding="utf-8")
    assert fresh("guobiao").title.startswith("Forged")       # same files: the entry is trusted
    digest = text.split('"digests": ["')[1][:64]
    entry.write_text(text.replace('"Guobiao', '"Forged').replace(digest, "0" * 64), encoding="utf-8")
    assert fresh("guobiao").title.startswith("Guobiao")


def test_an_unwritable_folder_is_no_cache(cache, monkeypatch):
    """A folder the process may not write to (the cache's temp file refused, as for a read-only
    home, whoever the user is) leaves the answer as it is and stores nothing."""
    cache.mkdir()

    def refused(*args, **kwargs):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(rulecache.tempfile, "mkstemp", refused)
    assert fresh("guobiao").fingerprint == fresh("guobiao").fingerprint
    assert entries(cache) == []


def test_a_folder_that_cannot_be_made_is_no_cache(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(rulecache.ENV, str(blocker / "cache"))
    assert fresh("guobiao").title.startswith("Guobiao")
    assert not (blocker / "cache").exists()


def test_off_and_empty_turn_the_cache_off(tmp_path, monkeypatch):
    for value in ("off", ""):
        monkeypatch.setenv(rulecache.ENV, value)
        assert rulecache.cache_dir() is None
    monkeypatch.delenv(rulecache.ENV)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert rulecache.cache_dir() == tmp_path / "mahjong-core"


def test_errors_are_not_cached(cache, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: guobiao\nfans:\n  no_such_fan:\n    points: 1\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(Exception) as e:
            fresh(bad)
        assert "no_such_fan" in str(e.value)
    assert entries(cache) == []


def test_data_json_cannot_give_back_is_not_stored(cache, tmp_path):
    odd = tmp_path / "odd.yaml"
    odd.write_text("extends: guobiao\ntitle: x\ndescription: 2024-01-01\n", encoding="utf-8")
    try:
        rules = fresh(odd)
    except Exception:
        pytest.skip("the schema refuses a date here")
    assert rules.fingerprint == fresh(odd).fingerprint
    assert entries(cache) == []
