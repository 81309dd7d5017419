"""SHA-256 without binding OpenSSL: importing ``hashlib`` loads OpenSSL's library (some 5 ms, a
twentieth of a one-hand command line), while CPython's own SHA-256 is built into the
interpreter. The digests are the same (tests/core/test_digest.py holds them to hashlib's).
"""
from __future__ import annotations

try:
    from _sha2 import sha256            # CPython 3.12 and later
except ImportError:
    try:
        from _sha256 import sha256      # CPython 3.11
    except ImportError:                 # another Python: hashlib's
        from hashlib import sha256

__all__ = ["sha256", "sha256_hex"]


def sha256_hex(data: bytes) -> str:
    """The SHA-256 of ``data`` in hexadecimal."""
    return sha256(data).hexdigest()
