"""The ruleset cache (mahjong_core/engine/rulecache.py): a cached ruleset answers exactly as one
resolved from its YAML; an edited file of the chain, a corrupt entry, an unwritable folder or the
cache turned off all fall back to reading the YAML, silently."""
from __future__ import annotations

import os
import tempfile

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
    monkeypatch.setattr(tempfile, "mkstemp", refused)      # rulecache.store imports it when writing
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


def test_the_folder_keeps_the_most_recently_used_entries(cache):
    # 6 entries in a folder kept to 4: the two oldest go, whatever else lies there stays
    cache.mkdir()
    (cache / "notes.txt").write_text("mine")
    for i in range(6):
        rulecache.store(cache, cache / f"resolved-{i}.json", {"i": i})
        os.utime(cache / f"resolved-{i}.json", (1000 + i, 1000 + i))
    rulecache.prune(cache, keep=4)
    assert [p.name for p in entries(cache)] == [f"resolved-{i}.json" for i in (2, 3, 4, 5)]
    assert (cache / "notes.txt").read_text() == "mine"


def test_a_write_prunes_the_folder_to_its_bound(cache, monkeypatch):
    # MAX_ENTRIES at 3: the third write of four leaves the newest three
    monkeypatch.setattr(rulecache, "MAX_ENTRIES", 3)
    cache.mkdir()
    for i in range(4):
        rulecache.store(cache, cache / f"entry-points-{i}.json", {"i": i})
        os.utime(cache / f"entry-points-{i}.json", (1000 + i, 1000 + i))
    rulecache.store(cache, cache / "resolved-new.json", {"new": True})
    left = sorted(p.name for p in cache.glob("*.json"))
    assert left == ["entry-points-2.json", "entry-points-3.json", "resolved-new.json"]


def test_reading_an_old_entry_marks_it_used(cache):
    # an entry last changed two days ago is read: its time is now, so it outlives a newer unused one
    cache.mkdir()
    old, unused = cache / "resolved-old.json", cache / "resolved-unused.json"
    for path, when in ((old, 1000), (unused, 2000)):
        rulecache.store(cache, path, {})
        os.utime(path, (when, when))
    assert rulecache.read_entry(old) == b"{}"
    rulecache.prune(cache, keep=1)
    assert [p.name for p in entries(cache)] == ["resolved-old.json"]


def test_a_half_written_file_left_an_hour_ago_goes(cache):
    cache.mkdir()
    stale, writing = cache / ".tmp-stale.json", cache / ".tmp-writing.json"
    stale.write_text("{")
    writing.write_text("{")
    os.utime(stale, (1000, 1000))
    rulecache.prune(cache)
    assert not stale.exists() and writing.exists()


def test_loading_rulesets_keeps_the_folder_bounded(cache, monkeypatch, tmp_path):
    # ten overlays, each a new entry, with room for four: the folder never holds more than four
    monkeypatch.setattr(rulecache, "MAX_ENTRIES", 4)
    for i in range(10):
        overlay = tmp_path / f"house{i}.yaml"
        overlay.write_text(f"extends: guobiao\ntitle: house {i}\n", encoding="utf-8")
        Engine().load_ruleset(str(overlay))
        assert len(entries(cache)) <= 4
    newest = set(entries(cache))
    assert fresh(str(overlay)).title == "house 9"       # the newest is read from its entry: nothing written
    assert set(entries(cache)) == newest
