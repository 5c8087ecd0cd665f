"""The vendored mfrc522 wheel is PyPI's file and the tests import the library from it."""

from __future__ import annotations

import csv
import hashlib
import io
import zipfile
from base64 import urlsafe_b64encode

from drivers.sim.fake_pi import SimulatedSpiBus
from tests.vendor import MFRC522_WHEEL, MFRC522_WHEEL_SHA256, wheel_digest


def test_the_wheel_is_the_published_file() -> None:
    assert wheel_digest() == MFRC522_WHEEL_SHA256


def test_every_file_in_the_wheel_matches_its_record() -> None:
    with zipfile.ZipFile(MFRC522_WHEEL) as wheel:
        record = wheel.read("mfrc522-0.0.7.dist-info/RECORD").decode()
        checked = 0
        for name, digest, _size in csv.reader(io.StringIO(record)):
            if not digest:
                continue
            algorithm, expected = digest.split("=", 1)
            actual = urlsafe_b64encode(hashlib.new(algorithm, wheel.read(name)).digest())
            assert actual.rstrip(b"=").decode() == expected, name
            checked += 1
    assert checked >= 3


def test_the_library_loads_on_the_simulated_bus() -> None:
    library = SimulatedSpiBus().load_mfrc522()
    assert hasattr(library, "MFRC522") and hasattr(library, "SimpleMFRC522")
