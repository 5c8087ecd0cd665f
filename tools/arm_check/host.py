"""The host's side: root, the emulation tools, binfmt_misc and the Debian mirror it uses."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from tools.arm_check.report import CheckFailed

#: The Debian packages that build and run the foreign roots on the host.
HOST_PACKAGES = ("qemu-user-static", "binfmt-support", "debootstrap")
#: The commands they (and util-linux, dpkg) give.
HOST_COMMANDS = ("debootstrap", "update-binfmts", "qemu-aarch64-static", "qemu-arm-static",
                 "unshare", "chroot", "dpkg-deb")
BINFMT = Path("/proc/sys/fs/binfmt_misc")
APT_SOURCES = (Path("/etc/apt/sources.list"), Path("/etc/apt/sources.list.d"))


@dataclass(frozen=True)
class Arch:
    """A Debian architecture and how the kernel runs its programs here."""

    name: str
    machine: str  # what `uname -m` says inside the root
    binfmt: str  # the binfmt_misc entry that hands its programs to qemu


ARCHES = {
    "arm64": Arch("arm64", "aarch64", "qemu-aarch64"),
    "armhf": Arch("armhf", "armv7l", "qemu-arm"),
}


@dataclass(frozen=True)
class Mirror:
    archive: str  # e.g. http://deb.debian.org/debian
    security: str  # e.g. http://deb.debian.org/debian-security


def require_root() -> None:
    if os.geteuid() != 0:
        raise CheckFailed("run it as root (sudo tools/arm-check): it builds roots with "
                          "debootstrap, mounts and chroots")


def missing_commands() -> list[str]:
    return [name for name in HOST_COMMANDS if shutil.which(name) is None]


def ensure_host_tools() -> str:
    """Install the emulation tools from apt when one is missing; say what was done."""
    missing = missing_commands()
    if not missing:
        return "already installed"
    for command in (["apt-get", "update", "-qq"],
                    ["apt-get", "install", "-y", "-qq", *HOST_PACKAGES]):
        done = subprocess.run(command, capture_output=True, text=True, check=False,
                              env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
        if done.returncode != 0:
            raise CheckFailed(f"{' '.join(command)} failed: {_last_line(done.stderr)}")
    still = missing_commands()
    if still:
        raise CheckFailed(f"still missing after apt-get install: {', '.join(still)}")
    return f"installed {' '.join(HOST_PACKAGES)} (was missing: {', '.join(missing)})"


def ensure_binfmt(arch: Arch) -> str:
    """Make the kernel run the architecture's programs through qemu-user-static.

    The entry must have the F flag (the interpreter opened when registered), so that programs
    run inside a chroot that holds no copy of qemu.
    """
    if not (BINFMT / "register").exists():
        subprocess.run(["mount", "-t", "binfmt_misc", "binfmt_misc", str(BINFMT)],
                       capture_output=True, check=False)
    if not (BINFMT / "register").exists():
        raise CheckFailed(f"binfmt_misc is not mounted on {BINFMT} and cannot be: the kernel "
                          "cannot hand foreign programs to qemu (a container needs it from its "
                          "host)")
    subprocess.run(["update-binfmts", "--enable", arch.binfmt], capture_output=True, check=False)
    entry = BINFMT / arch.binfmt
    text = entry.read_text() if entry.exists() else ""
    if not text.startswith("enabled"):
        raise CheckFailed(f"binfmt_misc has no enabled {arch.binfmt} entry: "
                          f"update-binfmts --enable {arch.binfmt} (package qemu-user-static)")
    flags = re.search(r"^flags: *(\S*)", text, re.MULTILINE)
    if flags is None or "F" not in flags[1]:
        raise CheckFailed(f"the {arch.binfmt} entry lacks the F flag: reinstall "
                          "qemu-user-static so that its binfmt entry is registered with it")
    return f"{arch.binfmt} {flags[0]}"


def host_mirror() -> Mirror:
    """The Debian archive this host's apt uses (ARM_CHECK_MIRROR overrides it)."""
    chosen = os.environ.get("ARM_CHECK_MIRROR", "").rstrip("/")
    if chosen:
        return Mirror(chosen, _security_beside(chosen))
    texts = []
    for place in APT_SOURCES:
        files = sorted(place.glob("*.list")) + sorted(place.glob("*.sources")) \
            if place.is_dir() else [place]
        texts += [path.read_text(errors="replace") for path in files if path.is_file()]
    mirror = debian_mirror("\n".join(texts))
    if mirror is None:
        raise CheckFailed("no Debian archive in the host's apt sources: set ARM_CHECK_MIRROR, "
                          "e.g. http://deb.debian.org/debian")
    return mirror


def debian_mirror(sources: str) -> Mirror | None:
    """The first Debian archive (and its security archive) of apt sources, one-line or deb822.

    >>> debian_mirror("deb http://ftp.fr.debian.org/debian bookworm main")
    Mirror(archive='http://ftp.fr.debian.org/debian', security='http://ftp.fr.debian.org/debian-security')
    """
    uris: list[str] = []
    for line in sources.splitlines():
        line = line.strip()
        if line.startswith("deb "):
            words = [word for word in line.split()[1:] if not word.startswith("[")]
            words = [word for word in words if "=" not in word and not word.endswith("]")]
            uris += words[:1]
        elif line.startswith("URIs:"):
            uris += line.split()[1:]
    uris = [uri.rstrip("/") for uri in uris]
    archives = [uri for uri in uris if re.search(r"/debian$", uri)]
    if not archives:
        return None
    securities = [uri for uri in uris if re.search(r"/debian-security$", uri)]
    return Mirror(archives[0], securities[0] if securities else _security_beside(archives[0]))


def _security_beside(archive: str) -> str:
    return re.sub(r"/debian$", "", archive) + "/debian-security"


def _last_line(text: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    return lines[-1] if lines else "(no output)"
