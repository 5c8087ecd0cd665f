"""The companion's SHA-256 gives hashlib's digests without loading OpenSSL."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import pytest

from companion.lib.digest import sha256_hex

ROOT = Path(__file__).parents[2]


@pytest.mark.parametrize("data", [b"", b"abc", "Cléo|ticket|Paris".encode(), bytes(range(256)) * 9])
def test_the_digest_is_hashlibs(data: bytes) -> None:
    assert sha256_hex(data) == hashlib.sha256(data).hexdigest()


def test_the_digest_loads_no_openssl() -> None:
    probe = ("import sys; from companion.lib.digest import sha256_hex; sha256_hex(b'x'); "
             "print(sorted(name for name in sys.modules if 'hashlib' in name))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          cwd=ROOT, check=True, env={"PYTHONPATH": str(ROOT)})
    assert done.stdout.strip() == "[]"
