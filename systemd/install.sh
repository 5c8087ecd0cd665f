#!/usr/bin/env bash
# Install or update the tabletop companion as a service on Raspberry Pi OS Bookworm
# (Pi Zero 2 W to Pi 5). Run from a checkout of the repository:
#
#     sudo systemd/install.sh            # install, or update an existing install
#     systemd/install.sh --dry-run       # print every step, change nothing
#
# What it does, in order: the system packages (Pillow, lgpio, spidev and RPi.GPIO come from
# apt, not from source), SPI and I2C switched on, the system user, the code in
# /opt/companion/src and its environment /opt/companion/venv (which sees the system's
# packages), the configuration (only when there is none yet), and the service. An update
# stops the service, makes a backup first (journal and tags, into /var/backups/companion) when
# the installed companion has a backup command, replaces the code and the environment's
# packages, and starts it again: the state folder /var/lib/companion (journal and tags) is
# only read.
set -euo pipefail

# COMPANION_PREFIX installs elsewhere than /opt/companion (the unit file expects /opt/companion).
PREFIX="${COMPANION_PREFIX:-/opt/companion}"
CONFIG_DIR=/etc/companion
STATE_DIR=/var/lib/companion
BACKUP_DIR=/var/backups/companion
UNIT_DIR=/etc/systemd/system
SYSUSERS_DIR=/etc/sysusers.d
# The MFRC522 library, as pinned by the `rfid` extra in pyproject.toml. Installed without its
# dependencies: RPi.GPIO (or rpi-lgpio on a Pi 5) and spidev come from apt.
MFRC522_PIN="mfrc522==0.0.7"

usage() {
    echo "usage: $0 [--dry-run]" >&2
    exit 2
}

dry_run=0
for argument in "$@"; do
    case "$argument" in
        --dry-run|-n) dry_run=1 ;;
        --help|-h) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "install.sh: unknown option $argument" >&2; usage ;;
    esac
done

source_dir="$(cd "$(dirname "$0")/.." && pwd)"
step_number=0

step() {
    step_number=$((step_number + 1))
    echo "== $step_number. $*"
}

# Print a command, then run it (unless this is a dry run).
run() {
    echo "+ $*"
    if [ "$dry_run" -eq 0 ]; then
        "$@"
    fi
}

fail() {
    echo "install.sh: $*" >&2
    exit 1
}

# The board, from the device tree ("Raspberry Pi 5 Model B Rev 1.0"); COMPANION_PI_MODEL
# stands in for it where there is none (a dry run on another machine).
model="${COMPANION_PI_MODEL:-}"
if [ -z "$model" ] && [ -r /proc/device-tree/model ]; then
    model="$(tr -d '\0' < /proc/device-tree/model)"
fi

if [ "$dry_run" -eq 0 ]; then
    [ "$(id -u)" -eq 0 ] || fail "run it as root: sudo $0"
    case "$model" in
        "Raspberry Pi"*) ;;
        *) fail "this is not a Raspberry Pi (model: ${model:-unknown}); try --dry-run" ;;
    esac
    command -v raspi-config >/dev/null || fail "raspi-config is missing: this needs Raspberry Pi OS"
else
    echo "Dry run: nothing is changed. Board: ${model:-unknown}."
fi

# RPi.GPIO does not work on a Pi 5: rpi-lgpio provides the same module over lgpio there.
case "$model" in
    "Raspberry Pi 5"*) gpio_package=python3-rpi-lgpio ;;
    *) gpio_package=python3-rpi.gpio ;;
esac

updating=0
if [ -x "$PREFIX/venv/bin/companion" ]; then
    updating=1
    echo "An installed companion was found in $PREFIX: updating it; $STATE_DIR is kept as it is."
fi

step "System packages from apt (Pillow, lgpio, spidev and $gpio_package: no compiler needed)"
run apt-get update
run apt-get install -y --no-install-recommends python3 python3-venv python3-pip \
    python3-pil python3-lgpio python3-spidev "$gpio_package"

step "SPI and I2C switched on (they take effect now or after a reboot)"
run raspi-config nonint do_spi 0
run raspi-config nonint do_i2c 0

step "The system user companion (systemd-sysusers)"
run install -m 0644 "$source_dir/systemd/companion.sysusers" "$SYSUSERS_DIR/companion.conf"
run systemd-sysusers "$SYSUSERS_DIR/companion.conf"

if [ "$updating" -eq 1 ]; then
    step "Stop the service and back up the journal before changing anything"
    run systemctl stop companion.service
    if ! "$PREFIX/venv/bin/companion" backup --help >/dev/null 2>&1; then
        echo "(the installed companion has no backup command: $STATE_DIR stays untouched)"
    elif [ -e "$STATE_DIR/journal.sqlite3" ] || [ "$dry_run" -eq 1 ]; then
        run install -d -o companion -g companion -m 0750 "$BACKUP_DIR"
        run runuser -u companion -- "$PREFIX/venv/bin/companion" backup \
            --state-dir "$STATE_DIR" "$BACKUP_DIR/before-update-$(date +%Y%m%d-%H%M%S).sqlite3"
    else
        echo "(no journal in $STATE_DIR yet: nothing to back up)"
    fi
fi

step "The code in $PREFIX/src"
run install -d -m 0755 "$PREFIX"
if [ "$source_dir" != "$PREFIX/src" ]; then
    run rm -rf "$PREFIX/src.new"
    run install -d -m 0755 "$PREFIX/src.new"
    echo "+ tar -C $source_dir --exclude=.git --exclude=.venv --exclude=__pycache__ -cf - . | tar -C $PREFIX/src.new -xf -"
    if [ "$dry_run" -eq 0 ]; then
        tar -C "$source_dir" --exclude=.git --exclude=.venv --exclude=__pycache__ -cf - . \
            | tar -C "$PREFIX/src.new" -xf -
    fi
    run rm -rf "$PREFIX/src.old"
    if [ -d "$PREFIX/src" ]; then
        run mv "$PREFIX/src" "$PREFIX/src.old"
    fi
    run mv "$PREFIX/src.new" "$PREFIX/src"
    run rm -rf "$PREFIX/src.old"
fi

step "The environment $PREFIX/venv, seeing the system's packages"
if [ ! -x "$PREFIX/venv/bin/python" ]; then
    run python3 -m venv --system-site-packages "$PREFIX/venv"
fi
# Pillow, lgpio and spidev are already there from apt and satisfy the requirements, so pip
# downloads only the pure-Python libraries.
run "$PREFIX/venv/bin/python" -m pip install --upgrade "$PREFIX/src"
run "$PREFIX/venv/bin/python" -m pip install --no-deps "$MFRC522_PIN"

step "The configuration $CONFIG_DIR/config.toml (an existing one is kept)"
run install -d -m 0755 "$CONFIG_DIR"
if [ -e "$CONFIG_DIR/config.toml" ]; then
    echo "(kept: $CONFIG_DIR/config.toml)"
else
    run install -m 0640 -o root -g companion "$PREFIX/src/examples/config.toml" \
        "$CONFIG_DIR/config.toml"
fi

step "The service"
run install -m 0644 "$PREFIX/src/systemd/companion.service" "$UNIT_DIR/companion.service"
# With [mqtt] in the configuration, a drop-in lets the service reach the broker's address
# alone (companion.service.d/mqtt.conf); without it, the drop-in goes and so does the network.
run "$PREFIX/venv/bin/python" -m companion.cli.service_network --config "$CONFIG_DIR/config.toml" \
    --unit-dir "$UNIT_DIR"
run systemctl daemon-reload
run systemctl enable companion.service
run systemctl restart companion.service

step "Check"
echo "Edit $CONFIG_DIR/config.toml for your wiring (sudoedit), then:"
echo "    sudo -u companion $PREFIX/venv/bin/companion doctor --config $CONFIG_DIR/config.toml"
echo "    systemctl status companion; journalctl -u companion -f"
if [ ! -e /dev/spidev0.0 ] || ! ls /dev/i2c-* >/dev/null 2>&1; then
    echo "SPI or I2C is not there yet: reboot (sudo reboot) for them to appear."
fi
