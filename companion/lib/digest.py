"""SHA-256 without OpenSSL: `hashlib` loads libcrypto (about 3.5 MB resident on import) for
digests that need no speed, so the interpreter's own SHA-256 is used where it is built in.
The digests are the same either way."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

#: Where CPython keeps its own SHA-256: `_sha2` from 3.12 on, `_sha256` before.
_BUILT_IN = ("_sha2", "_sha256")


def _built_in_sha256() -> Callable[[bytes], Any]:
    for name in _BUILT_IN:
        try:
            sha256: Callable[[bytes], Any] = importlib.import_module(name).sha256
            return sha256
        except (ImportError, AttributeError):
            continue
    from hashlib import sha256  # an interpreter built without them

    return sha256


_sha256 = _built_in_sha256()


def sha256_hex(data: bytes) -> str:
    """The SHA-256 of `data` in hexadecimal, as `hashlib.sha256(data).hexdigest()`.

    >>> sha256_hex(b"abc")[:16]
    'ba7816bf8f01cfea'
    """
    return str(_sha256(data).hexdigest())
