"""tools/arm-check: the Pi install, for real, in emulated Raspberry Pi OS userlands.

    sudo tools/arm-check                    # arm64, then armhf
    sudo tools/arm-check --arch armhf       # one architecture
    sudo tools/arm-check --parallel         # both at once (one core each)
    tools/arm-check --dry-run               # what it would do; changes nothing

For each architecture: a Debian bookworm root (built once with debootstrap and cached, then a
fresh copy per run) runs through qemu-user-static and binfmt_misc; inside, systemd/install.sh
runs as root from the owner's checkout, as on a Raspberry Pi OS Lite, then `companion
--version`, `companion doctor`, the Freight Train demo (its result compared with the host's
run of the same seed), `companion tally` of every example (compared with the host's), the
installer again (the update path, with a backup), and where each Python distribution the
companion uses came from (apt or a wheel). Every phase prints its time; the exit status is 1
when anything failed, with the reason and its log.

What stands in for a Raspberry Pi (see stand_ins.py): systemctl's verbs that need a running
systemd, raspi-config and python3-lgpio (Raspberry Pi OS's own archive), the board's model
and /boot/firmware/config.txt. Everything else is real: Debian's archive, PyPI, pip, the
installer, the companion. Downloads of apt and pip are cached between runs (not pip's wheels
built on the spot); the root has no compiler, so a dependency that needs one fails.

Environment: ARM_CHECK_CACHE (default /var/cache/companion-arm-check: the cached roots and
downloads), ARM_CHECK_WORK (default /var/tmp/companion-arm-check: the fresh roots and the
logs), ARM_CHECK_MAX_AGE_DAYS (default 30: an older cached root is built anew),
ARM_CHECK_MIRROR (default: the host's Debian archive), COMPANION_SRC (the checkout to
install, default this one), ARM_CHECK_NATIVE_PYTHON (default: this checkout's .venv, else
python3) and ARM_CHECK_PARALLEL=1 (as --parallel).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from tools.arm_check import host, rootfs, stand_ins, steps
from tools.arm_check.report import CheckFailed, PhaseResult, Run, say, table
from tools.arm_check.steps import Native

CHECKOUT = Path(__file__).resolve().parents[2]
DEFAULT_CACHE = Path("/var/cache/companion-arm-check")
DEFAULT_WORK = Path("/var/tmp/companion-arm-check")


def parser() -> argparse.ArgumentParser:
    arguments = argparse.ArgumentParser(
        prog="tools/arm-check", description=__doc__.split("\n\n")[0].split(": ", 1)[1],
        epilog="Needs root, binfmt_misc, network to the Debian archive and PyPI, ~3 GB of disk.")
    arguments.add_argument("--arch", choices=[*host.ARCHES, "all"], default="all",
                           help="the architecture to check (default: all, arm64 first)")
    arguments.add_argument("--parallel", action="store_true",
                           default=os.environ.get("ARM_CHECK_PARALLEL") == "1",
                           help="run the architectures side by side (ARM_CHECK_PARALLEL=1)")
    arguments.add_argument("--source", type=Path,
                           default=Path(os.environ.get("COMPANION_SRC") or CHECKOUT),
                           help="the git checkout to install (COMPANION_SRC; default: this one)")
    arguments.add_argument("--native-python", default=os.environ.get("ARM_CHECK_NATIVE_PYTHON"),
                           help="the host's Python with the project's requirements, for the "
                                "results to compare with (default: SOURCE/.venv, else python3)")
    arguments.add_argument("--rebuild", action="store_true",
                           help="build the cached roots anew (a cold run)")
    arguments.add_argument("--dry-run", action="store_true",
                           help="print the plan and change nothing (no root needed)")
    return arguments


def main(argv: list[str] | None = None) -> int:
    options = parser().parse_args(argv)
    arches = list(host.ARCHES) if options.arch == "all" else [options.arch]
    cache = Path(os.environ.get("ARM_CHECK_CACHE") or DEFAULT_CACHE)
    work = Path(os.environ.get("ARM_CHECK_WORK") or DEFAULT_WORK)
    source = options.source.resolve()
    try:
        if not (source / "systemd" / "install.sh").is_file():
            raise CheckFailed(f"{source} has no systemd/install.sh: give --source a checkout "
                              "of the repository")
        native_python = options.native_python or default_native_python(source)
        if options.dry_run:
            print(plan(arches, options.parallel, cache, work, source, native_python))
            return 0
        host.require_root()
        say(f"arm-check of {steps.source_label(source)} ({source})")
        say(f"host tools: {host.ensure_host_tools()}")
        mirror = host.host_mirror()
        say(f"Debian archive: {mirror.archive}; cache: {cache}; logs: {work}")
        started = time.monotonic()
        native = steps.run_native(native_python, source)
        say(f"host results ({native_python}): {native.version}; demo and tally in "
            f"{time.monotonic() - started:.0f} s")
    except CheckFailed as error:
        print(f"arm-check: {error}", file=sys.stderr)
        return 1
    def check(arch: str) -> Run:
        return check_arch(host.ARCHES[arch], mirror, cache, work, source, native,
                          options.rebuild)
    if options.parallel and len(arches) > 1:
        with ThreadPoolExecutor(len(arches)) as pool:
            runs = list(pool.map(check, arches))
    else:
        runs = [check(arch) for arch in arches]
    say("\n" + table(runs))
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    # The processor time the commands used: what the wall time comes down to on a machine
    # with a free core for each architecture.
    say(f"wall time: {time.monotonic() - started:.0f} s; processor time of the commands: "
        f"{children.ru_utime + children.ru_stime:.0f} s")
    failed = [run for run in runs if run.failed]
    for run in failed:
        phase = run.failed
        assert phase is not None
        print(f"arm-check: FAILED on {run.arch} in '{phase.name}': {phase.detail}",
              file=sys.stderr)
    return 1 if failed else 0


def default_native_python(source: Path) -> str:
    local = source / ".venv" / "bin" / "python"
    return str(local) if local.exists() else "python3"


def check_arch(arch: host.Arch, mirror: host.Mirror, cache: Path, work: Path, source: Path,
               native: Native, rebuild: bool) -> Run:
    """Every phase of one architecture; a failed phase ends its run."""
    run = Run(arch.name)
    logs = work / f"logs-{arch.name}"
    shutil.rmtree(logs, ignore_errors=True)
    logs.mkdir(parents=True)
    try:
        with run.phase("binfmt_misc") as detail:
            detail.append(host.ensure_binfmt(arch))
        tarball = rootfs.cached_root(cache, arch, mirror)
        if rebuild or not tarball.exists() or age_days(tarball) > max_age_days():
            with run.phase(f"cached root: debootstrap {rootfs.SUITE} {arch.name} (cold)") \
                    as detail:
                rootfs.build_cached_root(cache, arch, mirror, logs / "debootstrap.log")
                detail.append(f"{tarball.stat().st_size // 2**20} MB")
        with run.phase("fresh root from the cache") as detail:
            root = rootfs.fresh_root(tarball, work / f"root-{arch.name}", arch, stand_ins.MODEL)
            root.binds = download_caches(cache, arch.name)
            detail.append(str(root.path))
        check = steps.ArchCheck(run, root, source, native, logs)
        check.prepare()
        check.first_install()
        check.version()
        check.doctor()
        check.demo()
        check.tally()
        check.update()
        found = check.provenance()
        (logs / "provenance.md").write_text(provenance_markdown(arch.name, found, logs))
        say(f"[{arch.name}] what the companion runs on:\n" + (logs / "provenance.md").read_text())
    except (CheckFailed, OSError, subprocess.SubprocessError) as error:
        if not run.failed:  # not inside a phase, which records its own: recorded here
            message = str(error) if isinstance(error, CheckFailed) else repr(error)
            run.phases.append(PhaseResult("(between phases)", 0.0, False, message))
    return run


def max_age_days() -> float:
    """ARM_CHECK_MAX_AGE_DAYS: a cached root older than this is built anew (default 30)."""
    text = os.environ.get("ARM_CHECK_MAX_AGE_DAYS") or "30"
    try:
        return float(text)
    except ValueError:
        raise CheckFailed(f"ARM_CHECK_MAX_AGE_DAYS={text!r}: give a number of days") from None


def age_days(path: Path) -> float:
    return (time.time() - path.stat().st_mtime) / 86400


def download_caches(cache: Path, arch: str) -> list[tuple[Path, str]]:
    """apt's and pip's download caches, kept between runs (pip's locally built wheels are not)."""
    apt = cache / f"apt-archives-{arch}"
    pip = cache / f"pip-{arch}"
    (apt / "partial").mkdir(parents=True, exist_ok=True)
    pip.mkdir(parents=True, exist_ok=True)
    shutil.rmtree(pip / "wheels", ignore_errors=True)
    return [(apt, "/var/cache/apt/archives"), (pip, "/root/.cache/pip")]


def provenance_markdown(arch: str, found: list[dict[str, Any]], logs: Path) -> str:
    """The measured lists for the README: from apt, from wheels, and what apt added."""
    apt = [f"{item['name']} {item['version']} ({item['package']})" for item in found
           if item["origin"] == "apt"]
    wheels = [f"{item['name']} {item['version']} ({', '.join(item['tags'])})"
              for item in found if item["origin"] == "wheel"]
    added = (logs / "apt-installed.txt").read_text().split("\n")
    python_debs = [line for line in added if line.startswith("python3-")]
    return "\n".join([
        f"{arch}: from apt: {'; '.join(apt) or 'nothing'}",
        f"{arch}: from wheels: {'; '.join(wheels) or 'nothing'}",
        f"{arch}: apt packages the install added: {len([line for line in added if line])}, "
        f"of them python3-*: {'; '.join(python_debs)}", ""])


def plan(arches: list[str], parallel: bool, cache: Path, work: Path, source: Path,
         native_python: str) -> str:
    """What a run would do, from what is known without root."""
    lines = [f"arm-check plan (dry run): {', '.join(arches)}"
             f"{' side by side' if parallel and len(arches) > 1 else ', one after the other'}",
             f"source: {source}", f"host results from: {native_python}",
             f"cache: {cache}; work and logs: {work}",
             f"stand-ins: systemctl (running-manager verbs), "
             f"{', '.join(package.name for package in stand_ins.STAND_IN_PACKAGES)}, "
             f"board '{stand_ins.MODEL}', /boot/firmware/config.txt"]
    for arch in arches:
        cached = sorted(cache.glob(f"root-{rootfs.SUITE}-{arch}-*.tar"))
        state = f"cached ({cached[-1].name})" if cached else "cold: debootstrap first"
        lines.append(f"{arch}: root {state}; then: fresh root, install.sh, --version, doctor, "
                     "demo (vs host), tally (vs host), install.sh again, provenance")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
