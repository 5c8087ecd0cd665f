"""Debian bookworm roots of a foreign architecture: built once into a cache, copied per run.

The cached root is what Raspberry Pi OS Lite gives the installer to start with: Debian's
minimal base with systemd, python3 and ca-certificates, upgraded to the point release and
security updates of the day it was built, apt's package lists, and the host's own
certificate authorities (so that a host behind a TLS-inspecting proxy reaches the package
index from inside too). Everything else comes from the installer, for real, on every run.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from tools.arm_check.host import Arch, Mirror
from tools.arm_check.report import CheckFailed

SUITE = "bookworm"
#: On top of debootstrap's minbase: what Raspberry Pi OS Lite has before the installer runs.
BASE_PACKAGES = ("systemd", "ca-certificates", "python3")
#: Raised when the recipe below changes, so that older cached roots are built anew.
RECIPE = 2
HOST_CA_DIR = Path("/usr/local/share/ca-certificates")
PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"

# Mounts live in a mount namespace of the command's own, so none outlives it (not even when
# the command is killed); the PID namespace ends every process the command left behind. The
# shell stays PID 1 outside the chroot, so systemctl sees that it runs in a chroot.
_ENTER = r"""
set -e
root=$1; model=$2; shift 2
mount -t proc proc "$root/proc"
mount -t sysfs sysfs "$root/sys"
mount -t tmpfs -o mode=0755 tmpfs "$root/sys/firmware"
mkdir -p "$root/sys/firmware/devicetree/base"
printf '%s\0' "$model" > "$root/sys/firmware/devicetree/base/model"
mount --rbind /dev "$root/dev"
while [ "$1" != -- ]; do mkdir -p "$root$2"; mount --bind "$1" "$root$2"; shift 2; done
shift
set +e
chroot "$root" "$@"
"""


def enter_command(root: Path, model: str, binds: Sequence[tuple[Path, str]],
                  argv: Sequence[str]) -> list[str]:
    """The host command that runs argv inside root, in namespaces of its own."""
    bind_args = [str(word) for host, guest in binds for word in (host, guest)]
    return ["unshare", "--mount", "--pid", "--fork", "--kill-child", "--propagation", "private",
            "sh", "-c", _ENTER, "enter", str(root), model, *bind_args, "--", *argv]


@dataclass
class Root:
    """A fresh root of one architecture, and how commands run inside it."""

    path: Path
    arch: Arch
    model: str
    binds: list[tuple[Path, str]] = field(default_factory=list)

    def run(self, argv: Sequence[str], log: Path, *, env: dict[str, str] | None = None,
            timeout: float = 1800, append: bool = False,
            merged: bool = False) -> subprocess.CompletedProcess[str]:
        """Run argv in the root under a clean environment; its output goes to log as well.

        merged: standard output and error go to the log as they come (a long command can be
        followed with tail -f) and come back together as stdout.
        """
        clean = {"PATH": PATH, "HOME": "/root", "LANG": "C.UTF-8", "TERM": "dumb",
                 "DEBIAN_FRONTEND": "noninteractive", **(env or {})}
        inner = ["/usr/bin/env", "-i", *(f"{key}={value}" for key, value in clean.items()),
                 *argv]
        command = enter_command(self.path, self.model, self.binds, inner)
        with log.open("a" if append else "w") as file:
            file.write(f"$ {' '.join(argv)}\n")
            file.flush()
            start = file.tell()
            try:
                if merged:
                    done = subprocess.run(command, stdout=file, stderr=subprocess.STDOUT,
                                          text=True, timeout=timeout, check=False,
                                          stdin=subprocess.DEVNULL)
                else:
                    done = subprocess.run(command, capture_output=True, text=True,
                                          timeout=timeout, check=False,
                                          stdin=subprocess.DEVNULL)
            except subprocess.TimeoutExpired as expired:
                raise CheckFailed(f"{' '.join(argv)} did not end within {timeout:.0f} s "
                                  f"(log: {log})") from expired
            if merged:
                file.flush()
                with log.open(errors="replace") as written:
                    written.seek(start)
                    done.stdout, done.stderr = written.read(), ""
            else:
                file.write(f"{done.stdout}{done.stderr}")
            file.write(f"(exit status {done.returncode})\n")
        return done

    def output(self, argv: Sequence[str], log: Path, *, env: dict[str, str] | None = None,
               timeout: float = 1800) -> str:
        """Run argv in the root; its standard output, or CheckFailed naming the log."""
        done = self.run(argv, log, env=env, timeout=timeout, append=True)
        if done.returncode != 0:
            raise CheckFailed(f"{' '.join(argv)} exited with {done.returncode}: "
                              f"{last_line(done.stderr or done.stdout)} (log: {log})")
        return done.stdout


def cache_key(arch: Arch, mirror: Mirror) -> str:
    """What a cached root depends on: a change of any of these builds it anew."""
    parts = [SUITE, arch.name, str(RECIPE), *BASE_PACKAGES, mirror.archive, mirror.security]
    for path in sorted(HOST_CA_DIR.glob("*.crt")) if HOST_CA_DIR.is_dir() else []:
        parts.append(hashlib.sha256(path.read_bytes()).hexdigest())
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:12]


def cached_root(cache: Path, arch: Arch, mirror: Mirror) -> Path:
    return cache / f"root-{SUITE}-{arch.name}-{cache_key(arch, mirror)}.tar"


def build_cached_root(cache: Path, arch: Arch, mirror: Mirror, log: Path) -> Path:
    """debootstrap the root, set up apt and the certificates, and keep it as a tarball."""
    tarball = cached_root(cache, arch, mirror)
    build = cache / f"build-{arch.name}"
    shutil.rmtree(build, ignore_errors=True)
    cache.mkdir(parents=True, exist_ok=True)
    command = ["unshare", "--mount", "--propagation", "private", "debootstrap",
               f"--arch={arch.name}", "--variant=minbase",
               f"--include={','.join(BASE_PACKAGES)}", SUITE, str(build), mirror.archive]
    with log.open("w") as file:
        file.write(f"$ {' '.join(command)}\n")
        file.flush()
        status = subprocess.run(command, stdout=file, stderr=subprocess.STDOUT, check=False,
                                stdin=subprocess.DEVNULL).returncode
    if status != 0:
        raise CheckFailed(f"debootstrap {arch.name} from {mirror.archive} failed "
                          f"(log: {log}, and {build}/debootstrap/debootstrap.log)")
    components = "main contrib non-free non-free-firmware"
    (build / "etc/apt/sources.list").write_text(
        f"deb {mirror.archive} {SUITE} {components}\n"
        f"deb {mirror.archive} {SUITE}-updates {components}\n"
        f"deb {mirror.security} {SUITE}-security {components}\n")
    # No daemon starts from a package's install script: there is no init to own it.
    policy = build / "usr/sbin/policy-rc.d"
    policy.write_text("#!/bin/sh\nexit 101\n")
    policy.chmod(0o755)
    if HOST_CA_DIR.is_dir():
        target = build / HOST_CA_DIR.relative_to("/")
        target.mkdir(parents=True, exist_ok=True)
        for certificate in HOST_CA_DIR.glob("*.crt"):
            shutil.copy(certificate, target)
    shutil.copy("/etc/resolv.conf", build / "etc/resolv.conf")
    root = Root(build, arch, "none")
    # Up to date, as an owner's system is after `apt full-upgrade`: point releases and security
    # updates would otherwise be unpacked on every run.
    for argv in (["update-ca-certificates"], ["apt-get", "update"],
                 ["apt-get", "-y", "full-upgrade"], ["apt-get", "clean"]):
        root.output(argv, log, timeout=3600)
    (build / "etc/resolv.conf").unlink()
    partial = tarball.with_suffix(".partial")
    done = subprocess.run(["tar", "-C", str(build), "-cf", str(partial), "."],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise CheckFailed(f"cannot write {partial}: {last_line(done.stderr)}")
    partial.rename(tarball)
    shutil.rmtree(build)
    for older in cache.glob(f"root-{SUITE}-{arch.name}-*.tar"):
        if older != tarball:
            older.unlink()
    return tarball


def fresh_root(tarball: Path, path: Path, arch: Arch, model: str) -> Root:
    """An unpacked copy of the cached root at path (an earlier copy there is removed)."""
    if path.exists():
        _refuse_mounted(path)
        shutil.rmtree(path)
    path.mkdir(parents=True)
    done = subprocess.run(["tar", "-C", str(path), "-xf", str(tarball)], capture_output=True,
                          text=True, check=False)
    if done.returncode != 0:
        raise CheckFailed(f"cannot unpack {tarball}: {last_line(done.stderr)}; "
                          "remove it to build it anew")
    shutil.copy("/etc/resolv.conf", path / "etc/resolv.conf")
    return Root(path, arch, model)


def _refuse_mounted(path: Path) -> None:
    inside = str(path.resolve()) + os.sep
    with open("/proc/mounts") as mounts:
        for line in mounts:
            if (line.split()[1] + os.sep).startswith(inside):
                raise CheckFailed(f"{line.split()[1]} is mounted: unmount it before a new run")


def last_line(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1][:200] if lines else "(no output)"
