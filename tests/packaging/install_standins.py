"""Stand-ins for the system commands `systemd/install.sh` calls, so that it runs for real (not
as a dry run) inside a folder standing for / (COMPANION_ROOT), without root, apt or systemd.

Every stand-in appends its command line to `calls.log`. `python3 -m venv` makes a venv whose
`pip install` puts in place a `companion` made from the test's script, so a test decides what
the new release answers to `--version` and `doctor`.
"""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "systemd" / "install.sh"

_LOGGING = '#!/bin/sh\necho "$(basename "$0") $*" >> "$STANDIN_LOG"\n'
STANDINS = {
    "apt-get": _LOGGING,
    "raspi-config": _LOGGING,
    "systemd-sysusers": _LOGGING,
    "chown": _LOGGING,
    # STANDIN_APT_HAS: the packages the archive has, separated by spaces.
    "apt-cache": _LOGGING + 'case " $STANDIN_APT_HAS " in *" $2 "*) exit 0 ;; esac\nexit 100\n',
    # STANDIN_FAIL: "restart" makes `systemctl restart companion.service` fail.
    "systemctl": _LOGGING + '[ "$1 $2" = "restart companion.service" ] && '
                            '[ "$STANDIN_FAIL" = restart ] && exit 1\nexit 0\n',
    # runuser -u USER -- COMMAND...: runs the command as this user.
    "runuser": _LOGGING + 'shift 3\nexec "$@"\n',
    "python3": _LOGGING + """\
[ "$1 $2 $3" = "-m venv --system-site-packages" ] || exit 3
mkdir -p "$4/bin"
cat > "$4/bin/python" <<'PYTHON'
#!/bin/sh
echo "venv-python $*" >> "$STANDIN_LOG"
if [ "$1 $2 $3" = "-m pip install" ]; then
    cp "$STANDIN_COMPANION" "$(dirname "$0")/companion"
    chmod +x "$(dirname "$0")/companion"
fi
exit 0
PYTHON
chmod +x "$4/bin/python"
""",
}


def companion_script(version: str = "0.2.0", doctor_fails: str = "", exit_version: int = 0) -> str:
    """A `companion` that prints `version`, and a doctor report failing the checks named in
    `doctor_fails` (separated by commas)."""
    failing = "".join(f'echo "FAILED: {name}: broken; to do: fix it"\n'
                      for name in doctor_fails.split(",") if name)
    return ("#!/bin/sh\n"
            'echo "companion-$(basename "$(dirname "$(dirname "$(dirname "$0")")")") $*" '
            '>> "$STANDIN_LOG"\n'
            f'if [ "$1" = --version ]; then echo "companion {version}"; exit {exit_version}; fi\n'
            'if [ "$1" = doctor ]; then echo "ok: configuration: /etc/companion/config.toml"\n'
            f"{failing}"
            f'  exit {1 if failing else 0}\nfi\n'
            "exit 0\n")


@dataclass
class FakeSystem:
    """A folder standing for /, the stand-ins' folder and their log."""

    root: Path
    bin: Path
    log: Path
    model: str = "Raspberry Pi 4 Model B Rev 1.4"

    @classmethod
    def make(cls, folder: Path) -> FakeSystem:
        bin_dir = folder / "standins"
        bin_dir.mkdir()
        for name, body in STANDINS.items():
            (bin_dir / name).write_text(body)
            (bin_dir / name).chmod(0o755)
        root = folder / "root"
        (root / "etc").mkdir(parents=True)
        (root / "boot" / "firmware").mkdir(parents=True)
        (root / "boot" / "firmware" / "config.txt").write_text(
            "dtparam=audio=on\n[cm5]\ndtoverlay=dwc2,dr_mode=host\n")
        return cls(root, bin_dir, folder / "calls.log")

    @property
    def prefix(self) -> Path:
        return self.root / "opt" / "companion"

    def install_old_layout(self, companion: str) -> None:
        """A companion installed before releases: src and venv are plain folders."""
        (self.prefix / "src").mkdir(parents=True)
        (self.prefix / "src" / "marker").write_text("old source\n")
        bin_dir = self.prefix / "venv" / "bin"
        bin_dir.mkdir(parents=True)
        (bin_dir / "companion").write_text(companion)
        (bin_dir / "companion").chmod(0o755)

    def calls(self) -> list[str]:
        return self.log.read_text().splitlines() if self.log.exists() else []

    def run(self, new_companion: str, *, fail: str = "", apt_has: str = "python3-lgpio",
            dry_run: bool = False) -> subprocess.CompletedProcess[str]:
        script = self.log.parent / "new-companion"
        script.write_text(new_companion)
        env = dict(os.environ, PATH=f"{self.bin}:{os.environ['PATH']}",
                   COMPANION_ROOT=str(self.root), COMPANION_PI_MODEL=self.model,
                   STANDIN_LOG=str(self.log), STANDIN_COMPANION=str(script),
                   STANDIN_FAIL=fail, STANDIN_APT_HAS=apt_has)
        arguments = ["--dry-run"] if dry_run else []
        return subprocess.run(["bash", str(SCRIPT), *arguments], capture_output=True,
                              text=True, env=env, check=False, timeout=600)
