"""Stand-ins for what a Raspberry Pi has and an emulated Debian root lacks.

- `systemctl`: no systemd runs as PID 1 in a chroot. The verbs that talk to a running manager
  (start, stop, restart, daemon-reload, is-active...) are written to
  /var/log/arm-check/systemctl.log and answered as the manager would for a unit that starts
  (start and restart make it active and create its StateDirectory= for its User=, stop makes
  it inactive); every other verb (enable, disable, is-enabled, cat...) is systemctl's own,
  working offline on the unit files.
- The Raspberry Pi archive's packages that Debian lacks, as a local apt repository of
  packages of the same names with the lowest possible version (so that Debian's own, where it
  has one, wins): `raspi-config`, preinstalled as on Raspberry Pi OS, switches SPI and I2C in a
  stand-in /boot/firmware/config.txt as the real one does and refuses any other function;
  `python3-lgpio` is empty (no GPIO in an emulated root).
- The board: /sys/firmware/devicetree/base/model and COMPANION_PI_MODEL name a Pi Zero 2 W.

The scripts' files can be moved (ARM_CHECK_LOG_DIR, ARM_CHECK_UNIT_STATES, ARM_CHECK_UNIT_DIRS,
ARM_CHECK_STATE_ROOT, RASPI_CONFIG_TXT, RASPI_CONFIG_MODULES) so that their tests run them
outside a root.
"""

from __future__ import annotations

import hashlib
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from tools.arm_check.report import CheckFailed

MODEL = "Raspberry Pi Zero 2 W Rev 1.0"
STAND_IN_VERSION = "0~arm-check"
REPOSITORY = "var/lib/arm-check/stand-ins"  # inside the root
LOG_DIR = "var/log/arm-check"  # inside the root

SYSTEMCTL = r"""#!/bin/sh
# Stand-in (tools/arm-check): no systemd manager runs in this chroot. Verbs that need one are
# logged and answered as for a unit that starts; the others are systemctl's own, offline.
log=${ARM_CHECK_LOG_DIR:-/var/log/arm-check}/systemctl.log
states=${ARM_CHECK_UNIT_STATES:-/var/lib/arm-check/units}
verb=
for word in "$@"; do
    case "$word" in -*) ;; *) verb=$word; break ;; esac
done
# What systemd does when it starts a unit with StateDirectory=: /var/lib/NAME, owned by User=.
make_state_directory() {
    for folder in ${ARM_CHECK_UNIT_DIRS:-/etc/systemd/system /lib/systemd/system}; do
        [ -r "$folder/$1" ] || continue
        name=$(sed -n 's/^StateDirectory=//p' "$folder/$1" | tail -1)
        [ -n "$name" ] || return 0
        mode=$(sed -n 's/^StateDirectoryMode=//p' "$folder/$1" | tail -1)
        user=$(sed -n 's/^User=//p' "$folder/$1" | tail -1)
        state_root=${ARM_CHECK_STATE_ROOT:-/var/lib}
        install -d -m "${mode:-0755}" "$state_root/$name"
        [ -z "$user" ] || chown "$user:$user" "$state_root/$name"
        return 0
    done
}
units=$(for word in "$@"; do case "$word" in -*|"$verb") ;; *) echo "$word" ;; esac; done)
case "$verb" in
    start|restart|try-restart|reload-or-restart|reload|stop|kill|daemon-reload|daemon-reexec|reset-failed)
        echo "systemctl $*" >> "$log"
        mkdir -p "$states"
        for unit in $units; do
            case "$verb" in
                stop|kill) echo inactive > "$states/$unit" ;;
                start|restart|reload-or-restart)
                    echo active > "$states/$unit"
                    make_state_directory "$unit" ;;
            esac
        done
        exit 0 ;;
    is-active|is-failed|status)
        echo "systemctl $*" >> "$log"
        state=inactive
        for unit in $units; do
            [ -r "$states/$unit" ] && state=$(cat "$states/$unit")
        done
        case "$verb" in
            is-active) echo "$state"; [ "$state" = active ] ;;
            is-failed) echo "$state"; [ "$state" = failed ] ;;
            status) echo "$units: $state (stand-in)"; [ "$state" = active ] || exit 3 ;;
        esac
        exit ;;
    *)
        SYSTEMD_OFFLINE=1 exec /usr/bin/systemctl "$@" ;;
esac
"""

RASPI_CONFIG = r"""#!/bin/sh
# Stand-in (tools/arm-check) for Raspberry Pi OS's raspi-config: `nonint do_spi|do_i2c 0|1`
# and `nonint get_spi|get_i2c` on /boot/firmware/config.txt as the real one does; any other
# use fails, so that a new one is noticed and imitated here.
config=${RASPI_CONFIG_TXT:-/boot/firmware/config.txt}
echo "raspi-config $*" >> "${ARM_CHECK_LOG_DIR:-/var/log/arm-check}/raspi-config.log"
[ "$1" = nonint ] || { echo "raspi-config stand-in: only 'nonint' is imitated" >&2; exit 1; }
case "$2" in
    do_spi|get_spi) key=spi ;;
    do_i2c|get_i2c) key=i2c_arm ;;
    *) echo "raspi-config stand-in: '$2' is not imitated (tools/arm_check/stand_ins.py)" >&2
       exit 1 ;;
esac
case "$2" in
    get_*) grep -q "^dtparam=$key=on" "$config" && echo 0 || echo 1; exit 0 ;;
esac
case "$3" in
    0) value=on ;;
    1) value=off ;;
    *) echo "raspi-config stand-in: 0 (on) or 1 (off)" >&2; exit 1 ;;
esac
if grep -q "^#\?dtparam=$key=" "$config"; then
    sed -i "s/^#\?dtparam=$key=.*/dtparam=$key=$value/" "$config"
else
    echo "dtparam=$key=$value" >> "$config"
fi
modules=${RASPI_CONFIG_MODULES:-/etc/modules}
if [ "$key" = i2c_arm ] && [ "$value" = on ] && ! grep -qsx i2c-dev "$modules"; then
    echo i2c-dev >> "$modules"
fi
"""

# The lines of Raspberry Pi OS Bookworm's default config.txt around the interfaces.
CONFIG_TXT = """\
# For more options and information see
# http://rptl.io/configtxt
# Some settings may impact device functionality. See link above for details

# Uncomment some or all of these to enable the optional hardware interfaces
#dtparam=i2c_arm=on
#dtparam=i2s=on
#dtparam=spi=on

# Enable audio (loads snd_bcm2835)
dtparam=audio=on

# Automatically load overlays for detected cameras
camera_auto_detect=1

# Automatically load overlays for detected DSI displays
display_auto_detect=1

# Automatically load initramfs files, if found
auto_initramfs=1

# Enable DRM VC4 V3D driver
dtoverlay=vc4-kms-v3d
max_framebuffers=2

# Don't have the firmware create an initial video= setting in cmdline.txt.
# Use the kernel's default instead.
disable_fw_kms_setup=1

# Run in 64-bit mode
arm_64bit=1

# Disable compensation for displays with overscan
disable_overscan=1

# Run as fast as firmware / UART allow
arm_boost=1

[cm4]
# Enable host mode on the 2711 built-in XHCI USB controller.
# This line should be removed if the legacy DWC2 controller is required
# (e.g. for USB device mode) or if USB host is not required.
otg_mode=1

[all]
"""


@dataclass(frozen=True)
class StandInPackage:
    name: str
    description: str
    files: dict[str, str]  # path in the root -> content (executable when it starts with #!)


STAND_IN_PACKAGES = (
    StandInPackage("raspi-config", "stand-in for Raspberry Pi OS's raspi-config (SPI, I2C)",
                   {"usr/bin/raspi-config": RASPI_CONFIG}),
    StandInPackage("python3-lgpio", "stand-in for Raspberry Pi OS's python3-lgpio: empty, "
                   "an emulated root has no GPIO", {}),
)


def control(package: StandInPackage) -> str:
    return (f"Package: {package.name}\nVersion: {STAND_IN_VERSION}\nArchitecture: all\n"
            f"Maintainer: tools/arm-check <nobody@localhost>\nPriority: optional\n"
            f"Section: misc\nDescription: {package.description}\n")


def packages_index(debs: dict[str, bytes], controls: dict[str, str]) -> str:
    """An apt `Packages` index of .deb files (name -> content) and their control text."""
    stanzas = []
    for filename in sorted(debs):
        content = debs[filename]
        stanzas.append(controls[filename].rstrip("\n") + "\n"
                       f"Filename: ./{filename}\nSize: {len(content)}\n"
                       f"SHA256: {hashlib.sha256(content).hexdigest()}\n")
    return "\n".join(stanzas)


def release(index: str) -> str:
    """A `Release` file for a flat repository holding one uncompressed `Packages` index."""
    data = index.encode()
    return (f"Origin: arm-check\nLabel: stand-ins\nSuite: stand-ins\n"
            f"SHA256:\n {hashlib.sha256(data).hexdigest()} {len(data)} Packages\n")


def build_deb(package: StandInPackage, into: Path) -> Path:
    """A .deb of the stand-in, with dpkg-deb."""
    with tempfile.TemporaryDirectory() as tree_name:
        tree = Path(tree_name)
        (tree / "DEBIAN").mkdir()
        (tree / "DEBIAN/control").write_text(control(package))
        for relative, content in package.files.items():
            path = tree / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(content)
            path.chmod(0o755 if content.startswith("#!") else 0o644)
        deb = into / f"{package.name}_{STAND_IN_VERSION.replace('~', '_')}_all.deb"
        done = subprocess.run(["dpkg-deb", "--root-owner-group", "--build", str(tree),
                               str(deb)], capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise CheckFailed(f"dpkg-deb {package.name}: {done.stderr.strip()}")
    return deb


def install(root: Path) -> None:
    """Put the stand-ins into a fresh root; the apt repository is listed in its sources."""
    (root / LOG_DIR).mkdir(parents=True, exist_ok=True)
    systemctl = root / "usr/local/sbin/systemctl"
    systemctl.parent.mkdir(parents=True, exist_ok=True)
    systemctl.write_text(SYSTEMCTL)
    systemctl.chmod(0o755)
    boot = root / "boot/firmware"
    boot.mkdir(parents=True, exist_ok=True)
    (boot / "config.txt").write_text(CONFIG_TXT)
    repository = root / REPOSITORY
    repository.mkdir(parents=True, exist_ok=True)
    debs: dict[str, bytes] = {}
    controls: dict[str, str] = {}
    for package in STAND_IN_PACKAGES:
        deb = build_deb(package, repository)
        debs[deb.name] = deb.read_bytes()
        controls[deb.name] = control(package)
    index = packages_index(debs, controls)
    (repository / "Packages").write_text(index)
    (repository / "Release").write_text(release(index))
    (root / "etc/apt/sources.list.d/arm-check-stand-ins.list").write_text(
        f"# Stand-ins for the Raspberry Pi archive's packages (tools/arm-check)\n"
        f"deb [trusted=yes] file:/{REPOSITORY} ./\n")


def raspi_config_deb() -> str:
    """The stand-in raspi-config's .deb inside the root (Raspberry Pi OS preinstalls it)."""
    return f"/{REPOSITORY}/raspi-config_{STAND_IN_VERSION.replace('~', '_')}_all.deb"
