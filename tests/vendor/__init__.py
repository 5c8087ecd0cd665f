"""Third-party code the tests run unmodified, kept here so that installing the test extra
needs no C compiler.

`mfrc522-0.0.7-py3-none-any.whl` is the `mfrc522` release from PyPI, byte for byte (GPLv3, its
licence is inside the wheel). Installed with pip it pulls RPi.GPIO and spidev, which have no
wheels for a desktop and build from C sources; the tests replace both with the fakes of
`drivers.sim.fake_pi`, so they only need the library's Python files, which Python imports
straight from the wheel (a zip archive) once it is on `sys.path`.
"""

from __future__ import annotations

import hashlib
import importlib.util
import sys
from pathlib import Path

MFRC522_WHEEL = Path(__file__).with_name("mfrc522-0.0.7-py3-none-any.whl")
#: The sha256 PyPI publishes for that file: a changed copy is refused, not run.
MFRC522_WHEEL_SHA256 = "874fd0385a7e40190063b60af83d615534b1f764c6b776fed1fcc94551c1e62f"


def wheel_digest(path: Path = MFRC522_WHEEL) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def use_mfrc522_wheel() -> None:
    """Make `import mfrc522` find the library: an installed copy first, else the wheel."""
    if importlib.util.find_spec("mfrc522") is not None:
        return
    if wheel_digest() != MFRC522_WHEEL_SHA256:
        raise RuntimeError(f"{MFRC522_WHEEL} is not the file published on PyPI")
    sys.path.append(str(MFRC522_WHEEL))
