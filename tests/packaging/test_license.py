"""The licence file says what pyproject.toml declares."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_license_file_matches_the_declared_licence() -> None:
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["license"]
    text = (ROOT / "LICENSE").read_text()
    # A table, not the SPDX string: Bookworm's setuptools 66 builds the project (see pyproject).
    assert declared == {"text": "MIT"}
    assert text.splitlines()[0] == "MIT License"
    assert "The tabletop companion authors" in text.splitlines()[2]
    assert "WITHOUT WARRANTY OF ANY KIND" in text
