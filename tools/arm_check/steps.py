"""One architecture's run: a fresh root, the installer as a Pi owner runs it, then the companion.

Every phase compares what it can with the same command on the host (the `Native` results of
the same source), so an emulated result that differs fails.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tools.arm_check import outputs, stand_ins
from tools.arm_check.report import CheckFailed, Run
from tools.arm_check.rootfs import Root, last_line

CHECKOUT = "/home/pi/companion"  # where the owner cloned the repository, inside the root
VENV_COMPANION = "/opt/companion/venv/bin/companion"
CONFIG = "/etc/companion/config.toml"
STATE_DIR = "/var/lib/companion"
BACKUP_DIR = "/var/backups/companion"
DEMO = ("demo", "freight-train", "--seed", "1")
COMPILERS = ("cc", "gcc", "c++", "clang", "rustc", "cargo", "cmake")
DPKG_LIST = ["dpkg-query", "-W", "-f", "${Package}\t${Version}\t${db:Status-Abbrev}\n"]


@dataclass(frozen=True)
class Native:
    """The same commands run on the host, from the same source."""

    version: str
    demo_result: str
    tally: str


def source_files(source: Path) -> list[str]:
    """The files of the checkout as git sees them: tracked, or new and not ignored."""
    done = subprocess.run(["git", "-C", str(source), "ls-files", "-z", "--cached", "--others",
                           "--exclude-standard"], capture_output=True, check=False)
    if done.returncode != 0:
        raise CheckFailed(f"{source} is not a git checkout: point --source (COMPANION_SRC) at "
                          "a clone of the repository")
    return [name for name in done.stdout.decode().split("\0")
            if name and (source / name).exists()]


def source_label(source: Path) -> str:
    done = subprocess.run(["git", "-C", str(source), "log", "-1", "--format=%h %s"],
                          capture_output=True, text=True, check=False)
    dirty = subprocess.run(["git", "-C", str(source), "status", "--porcelain"],
                           capture_output=True, text=True, check=False).stdout.strip()
    return done.stdout.strip()[:72] + (" (with uncommitted changes)" if dirty else "")


def copy_source(source: Path, target: Path) -> None:
    for name in source_files(source):
        destination = target / name
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source / name, destination, follow_symlinks=False)


def run_native(python: str, source: Path) -> Native:
    """--version, the demo and the tally on the host: what every architecture must print."""
    def companion(*args: str, cwd: Path = source) -> subprocess.CompletedProcess[str]:
        return subprocess.run([python, "-m", "companion", *args], capture_output=True,
                              text=True, cwd=cwd, check=False, timeout=900)
    version = companion("--version")
    if version.returncode != 0:
        raise CheckFailed(f"{python} -m companion --version failed in {source}: "
                          f"{last_line(version.stderr)}; give --native-python an interpreter "
                          "with the project's requirements")
    with tempfile.TemporaryDirectory() as work_name:
        work = Path(work_name)
        demo = companion(*DEMO, "--state-dir", str(work / "demo"))
        result = outputs.result_line(demo.stdout)
        if demo.returncode != 0 or not result:
            raise CheckFailed(f"the demo on the host gave no result: {last_line(demo.stderr)}")
        names = write_tally_inputs(source, work / "tally")
        tally = companion("tally", *names, cwd=work / "tally")
    if tally.returncode != 0:
        raise CheckFailed(f"the tally on the host failed: {last_line(tally.stderr)}")
    return Native(version.stdout.strip(), result, tally.stdout)


def write_tally_inputs(source: Path, folder: Path) -> list[str]:
    folder.mkdir(parents=True, exist_ok=True)
    tables = outputs.tally_inputs(source)
    for name, text in tables.items():
        (folder / name).write_text(text)
    return sorted(tables)


class ArchCheck:
    """The phases inside one fresh root, in order; each raises CheckFailed on a failure."""

    def __init__(self, run: Run, root: Root, source: Path, native: Native, logs: Path) -> None:
        self.run, self.root, self.source, self.native, self.logs = run, root, source, native, logs
        self.companion = [VENV_COMPANION]

    def log(self, name: str) -> Path:
        return self.logs / f"{name}.log"

    def prepare(self) -> None:
        """Stand-ins, the raspi-config Raspberry Pi OS preinstalls, and the owner's checkout."""
        with self.run.phase("fresh root: stand-ins, the checkout") as detail:
            stand_ins.install(self.root.path)
            self.root.output(["dpkg", "-i", stand_ins.raspi_config_deb()], self.log("prepare"))
            copy_source(self.source, self.root.path / CHECKOUT.lstrip("/"))
            machine = self.root.output(["uname", "-m"], self.log("prepare")).strip()
            if machine != self.root.arch.machine:
                raise CheckFailed(f"uname -m says {machine}, not {self.root.arch.machine}: "
                                  "the root does not run emulated")
            python = self.root.output(["python3", "--version"], self.log("prepare")).strip()
            found = self.root.output(["sh", "-c", " ".join(
                f"command -v {name};" for name in COMPILERS) + " true"], self.log("prepare"))
            if found.strip():
                raise CheckFailed(f"a compiler is in the root ({found.split()[0]}): a source "
                                  "build would pass here and fail on a Pi")
            detail.append(f"{machine}, {python}, no compiler")
            self.run.fact("root", f"{machine}, {python}")

    def install(self, label: str, log_name: str) -> str:
        """systemd/install.sh run as root from the owner's checkout; returns its output."""
        done = self.root.run(["sh", "-c", f"cd {CHECKOUT} && exec systemd/install.sh"],
                             self.log(log_name), env={"COMPANION_PI_MODEL": self.root.model},
                             timeout=3600, merged=True)
        output = done.stdout + done.stderr
        if done.returncode != 0:
            raise CheckFailed(f"{label} exited with {done.returncode} "
                              f"{outputs.where_it_stopped(output)} (log: {self.log(log_name)})")
        return output

    def first_install(self) -> None:
        with self.run.phase("install.sh (first install)") as detail:
            before = self.root.output(DPKG_LIST, self.log("dpkg"))
            output = self.install("install.sh", "install")
            after = self.root.output(DPKG_LIST, self.log("dpkg"))
            added = outputs.newly_installed(before, after)
            (self.logs / "apt-installed.txt").write_text("\n".join(added) + "\n")
            wants = self.root.path / "etc/systemd/system/multi-user.target.wants"
            enabled = sorted(path.name for path in wants.glob("companion*.service"))
            if "companion.service" not in enabled:
                raise CheckFailed("the install ended without enabling companion.service "
                                  f"(log: {self.log('install')})")
            built = outputs.built_from_source(output)
            detail.append(f"{len(added)} apt packages; pip built from source: "
                          f"{', '.join(built) or 'nothing'}; enabled: {', '.join(enabled)}")
            self.run.fact("pip built from source", ", ".join(built) or "nothing")
            self.run.fact("apt packages the install added", str(len(added)))
            if shutil.which("companion", path=str(self.root.path / "usr/local/bin")):
                self.companion = ["companion"]  # the administrators' command, when installed

    def version(self) -> None:
        with self.run.phase("companion --version") as detail:
            got = self.root.output([*self.companion, "--version"], self.log("version")).strip()
            if got != self.native.version:
                raise CheckFailed(f"'{got}', where the host says '{self.native.version}'")
            detail.append(f"{got} (via {self.companion[0]})")

    def doctor(self) -> None:
        with self.run.phase("companion doctor") as detail:
            argv = ["companion", "doctor"] if self.companion == ["companion"] else \
                ["runuser", "-u", "companion", "--", VENV_COMPANION, "doctor", "--config", CONFIG]
            done = self.root.run(argv, self.log("doctor"))
            problem, passed, failed = outputs.judge_doctor(done.returncode,
                                                           done.stdout + done.stderr)
            if problem:
                raise CheckFailed(f"doctor: {problem} (log: {self.log('doctor')})")
            detail.append(f"exit {done.returncode}; ok: {', '.join(passed)}; failed without "
                          f"hardware: {len(failed)}")

    def demo(self) -> None:
        with self.run.phase("demo freight-train --seed 1") as detail:
            done = self.root.run([*self.companion, *DEMO, "--state-dir", "/tmp/arm-check-demo"],
                                 self.log("demo"))
            got = outputs.result_line(done.stdout)
            if done.returncode != 0 or not got:
                raise CheckFailed(f"no result line (exit {done.returncode}): "
                                  f"{last_line(done.stderr or done.stdout)}")
            if got != self.native.demo_result:
                raise CheckFailed(f"its result differs from the host's: {got[:120]}... "
                                  f"(log: {self.log('demo')})")
            detail.append(f"same result as the host: winners {json.loads(got)['winners']}")

    def tally(self) -> None:
        with self.run.phase("companion tally (examples/, docs/tally.md)") as detail:
            names = write_tally_inputs(self.source, self.root.path / "tmp/arm-check-tally")
            done = self.root.run(["sh", "-c", 'cd /tmp/arm-check-tally && exec "$@"', "tally",
                                  *self.companion, "tally", *names], self.log("tally"))
            if done.returncode != 0 or done.stdout != self.native.tally:
                raise CheckFailed(f"differs from the host's (exit {done.returncode}; log: "
                                  f"{self.log('tally')})")
            detail.append(f"{len(names)} tables, same as the host")

    def update(self) -> None:
        """The installer again over the first install, with a journal to back up."""
        with self.run.phase("install.sh again (update, backup)") as detail:
            # What the service's first start would have made (StateDirectory=), with a journal.
            state = self.root.path / STATE_DIR.lstrip("/")
            state.mkdir(mode=0o700, parents=True, exist_ok=True)
            shutil.copy(self.root.path / "tmp/arm-check-demo/journal.sqlite3", state)
            self.root.output(["chown", "-R", "companion:companion", STATE_DIR], self.log("update"))
            self.install("install.sh (update)", "update")
            backups = sorted((self.root.path / BACKUP_DIR.lstrip("/")).glob("*"))
            if not backups:
                raise CheckFailed(f"no backup in {BACKUP_DIR} (log: {self.log('update')})")
            got = self.root.output([*self.companion, "--version"], self.log("update")).strip()
            if got != self.native.version:
                raise CheckFailed(f"after the update --version says '{got}'")
            detail.append(f"backup {backups[-1].name}; --version again ok")

    def provenance(self) -> list[dict[str, Any]]:
        """Where each distribution the companion needs comes from (apt, wheel, the checkout)."""
        with self.run.phase("provenance: apt or wheel") as detail:
            script = self.root.path / "tmp/arm-check-provenance.py"
            shutil.copy(Path(__file__).with_name("provenance.py"), script)
            text = self.root.output(["/opt/companion/venv/bin/python",
                                     "/tmp/arm-check-provenance.py"], self.log("provenance"))
            found: list[dict[str, Any]] = [json.loads(line) for line in text.splitlines()]
            (self.logs / "provenance.json").write_text(json.dumps(found, indent=1) + "\n")
            counts = {origin: sum(1 for item in found if item["origin"] == origin)
                      for origin in ("apt", "wheel", "local")}
            detail.append(", ".join(f"{count} {origin}" for origin, count in counts.items()))
            return found
