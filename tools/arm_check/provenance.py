"""Where each distribution the companion runs on comes from: apt, a wheel, or this checkout.

Run by the installed environment's Python (`python provenance.py [DISTRIBUTION]`, default
tabletop-companion): it walks the distribution's requirements (without extras) and prints one
JSON object per distribution: its name, version and origin, `apt` with the Debian package that
owns it, `wheel` with the wheel's tags, or `local` for the project itself. Standard library and
pip's own vendored `packaging` only, so that it runs in any environment pip made.
"""

from __future__ import annotations

import json
import subprocess
import sys
from importlib import metadata
from pathlib import Path
from typing import Any

try:
    from packaging.requirements import Requirement
except ImportError:  # an environment without packaging still has pip's copy
    from pip._vendor.packaging.requirements import Requirement  # type: ignore[assignment]


def requirements(distribution: metadata.Distribution) -> list[str]:
    """The names a distribution needs on this machine (markers evaluated, no extra)."""
    names = []
    for text in distribution.requires or []:
        requirement = Requirement(text)
        if requirement.marker is None or requirement.marker.evaluate({"extra": ""}):
            names.append(requirement.name)
    return names


def closure(name: str) -> list[metadata.Distribution]:
    """The distribution and everything it needs, each once, in the order found."""
    found: dict[str, metadata.Distribution] = {}
    waiting = [name]
    while waiting:
        wanted = waiting.pop(0)
        key = normalized(wanted)
        if key in found:
            continue
        distribution = metadata.distribution(wanted)
        found[key] = distribution
        waiting += requirements(distribution)
    return list(found.values())


def normalized(name: str) -> str:
    return name.lower().replace("_", "-").replace(".", "-")


def origin(distribution: metadata.Distribution) -> dict[str, Any]:
    """Where the distribution's files come from."""
    where = Path(str(distribution.locate_file(""))).resolve()
    info = {"name": distribution.metadata["Name"], "version": distribution.version,
            "location": str(where)}
    direct = distribution.read_text("direct_url.json")
    if direct and json.loads(direct).get("url", "").startswith("file:"):
        return {**info, "origin": "local"}
    if not where.is_relative_to(Path(sys.prefix).resolve()):
        return {**info, "origin": "apt", "package": debian_package(distribution)}
    wheel = distribution.read_text("WHEEL") or ""
    tags = [line.split(":", 1)[1].strip() for line in wheel.splitlines()
            if line.startswith("Tag:")]
    return {**info, "origin": "wheel", "tags": tags}


def debian_package(distribution: metadata.Distribution) -> str:
    """`name version` of the Debian package that owns the distribution's metadata."""
    files = [file for file in distribution.files or [] if file.name == "METADATA"
             or file.name == "PKG-INFO"]
    paths = [str(distribution.locate_file(file)) for file in files] or \
        [str(getattr(distribution, "_path", ""))]
    owner = subprocess.run(["dpkg-query", "-S", paths[0]], capture_output=True, text=True,
                           check=False)
    if owner.returncode != 0:
        return "(no Debian package owns it)"
    name = owner.stdout.split(":", 1)[0]
    version = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", name],
                             capture_output=True, text=True, check=False).stdout
    return f"{name} {version}".strip()


def main(argv: list[str]) -> int:
    for distribution in closure(argv[0] if argv else "tabletop-companion"):
        print(json.dumps(origin(distribution), sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
