"""The installed version, for `companion --version` and `companion doctor`."""

from __future__ import annotations

from importlib import metadata

DISTRIBUTION = "tabletop-companion"


def version() -> str:
    """The version of the installed distribution ("unknown" when run from a bare checkout)."""
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return "unknown"


def version_line() -> str:
    return f"companion {version()} ({DISTRIBUTION})"
