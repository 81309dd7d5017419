"""The digest the engine takes without loading OpenSSL is hashlib's SHA-256, byte for byte, and a
command line that scores a hand never imports hashlib."""
from __future__ import annotations

import hashlib
import subprocess
import sys

import pytest
from hypothesis import given, strategies as st

from mahjong_core.engine.digest import sha256, sha256_hex
from mahjong_core.plugin import sha256_hex as door_sha256_hex


@given(st.binary(max_size=4096))
def test_the_same_digest_as_hashlib(data):
    assert sha256_hex(data) == hashlib.sha256(data).hexdigest()
    assert sha256(data).digest() == hashlib.sha256(data).digest()
    assert door_sha256_hex is sha256_hex


@pytest.mark.skipif(sys.implementation.name != "cpython", reason="other Pythons take hashlib's")
def test_scoring_from_the_command_line_leaves_hashlib_unloaded():
    code = ("import sys; from mahjong_core.frontends.cli import main; "
            "sys.argv = ['mahjong', 'score', '--ruleset', 'guobiao', '[111z,1]123456789m9m 9m']; "
            "import io, contextlib; out = io.StringIO()\n"
            "with contextlib.redirect_stdout(out): main()\n"
            "print('_hashlib' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "False"
