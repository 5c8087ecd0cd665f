#!/usr/bin/env bash
# Install or update the tabletop companion as a service on Raspberry Pi OS Bookworm (Pi Zero 2 W
# to Pi 5, Compute Modules 4 and 5; 32 or 64 bits). Run from a checkout of the repository:
#
#     sudo systemd/install.sh            # install, or update an existing install
#     systemd/install.sh --dry-run       # print every step, change nothing
#
# Every package with compiled parts comes from apt (Pillow, cbor2, spidev, lgpio where the
# archive has it), and the environment sees them: pip fetches only pure-Python wheels and no
# C or Rust compiler is needed. Each install goes into a release folder of its own,
# /opt/companion/releases/DATE/{src,venv}, which /opt/companion/src and /opt/companion/venv
# point at. An update builds and checks the new release (companion --version, then companion
# doctor) while the previous one stays in place; only then does it switch and restart. A
# failed update goes back to the previous release and starts the service again. The state
# folder /var/lib/companion (journal and tags) is only read, by the backup made before.
set -euo pipefail

# Stand-ins for tests and for an emulated system (none is needed on a Pi):
#   COMPANION_ROOT       a folder standing for / (every path below is inside it)
#   COMPANION_PREFIX     the install folder (default $COMPANION_ROOT/opt/companion; the unit
#                        files expect /opt/companion)
#   COMPANION_PI_MODEL   the board's name, in place of the device tree's
#   COMPANION_BOOT_CONFIG  the firmware's config.txt (default: the first that exists of
#                        /boot/firmware/config.txt and /boot/config.txt)
ROOT="${COMPANION_ROOT:-}"
PREFIX="${COMPANION_PREFIX:-$ROOT/opt/companion}"
CONFIG_DIR="$ROOT/etc/companion"
STATE_DIR=/var/lib/companion  # the service's own path, named in its commands
BACKUP_DIR="$ROOT/var/backups/companion"
UNIT_DIR="$ROOT/etc/systemd/system"
SYSUSERS_DIR="$ROOT/etc/sysusers.d"
BIN_DIR="$ROOT/usr/local/bin"
I2C_SPEED_LINE="dtparam=i2c_arm_baudrate=400000"
SERVICE_USER=companion

usage() {
    echo "usage: $0 [--dry-run]" >&2
    exit 2
}

dry_run=0
for argument in "$@"; do
    case "$argument" in
        --dry-run|-n) dry_run=1 ;;
        --help|-h) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
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

# --- The board ----------------------------------------------------------------------------------

# The board's name from the device tree ("Raspberry Pi 5 Model B Rev 1.0").
model="${COMPANION_PI_MODEL:-}"
for model_file in /proc/device-tree/model /sys/firmware/devicetree/base/model; do
    if [ -z "$model" ] && [ -r "$model_file" ]; then
        model="$(tr -d '\0' < "$model_file")"
    fi
done

# The family a board belongs to, by the start of its name: a new revision or a Compute Module
# variant ("Lite", "Rev 1.1") is still recognised.
pi_family() {
    case "$1" in
        "Raspberry Pi 5"*|"Raspberry Pi Compute Module 5"*) echo "Pi 5" ;;  # and Pi 500
        "Raspberry Pi 4"*|"Raspberry Pi Compute Module 4"*) echo "Pi 4" ;;  # and Pi 400
        "Raspberry Pi 3"*|"Raspberry Pi Compute Module 3"*) echo "Pi 3" ;;
        "Raspberry Pi Zero 2"*) echo "Pi Zero 2" ;;
        "Raspberry Pi Zero"*|"Raspberry Pi Model"*|"Raspberry Pi Compute Module"*) echo "Pi 1" ;;
        "Raspberry Pi 2"*) echo "Pi 2" ;;
        "Raspberry Pi"*) echo "Raspberry Pi" ;;
        *) echo "" ;;
    esac
}
family="$(pi_family "$model")"

if [ "$dry_run" -eq 0 ]; then
    if [ -z "$ROOT" ]; then
        [ "$(id -u)" -eq 0 ] || fail "run it as root: sudo $0"
    fi
    [ -n "$family" ] || fail "this is not a Raspberry Pi (model: ${model:-unknown}); try --dry-run"
    command -v raspi-config >/dev/null || fail "raspi-config is missing: this needs Raspberry Pi OS"
else
    echo "Dry run: nothing is changed."
fi
echo "Board: ${model:-unknown} (family: ${family:-not a Raspberry Pi})."
case "$family" in
    "Pi 1") echo "Note: a single-core Pi 1 or Zero is slow for this; a Zero 2 W or later is advised." ;;
esac

# --- What is installed --------------------------------------------------------------------------

# The installed companion: a release (src and venv are links into releases/) or, from before
# releases, the folders themselves.
previous_companion=""
if [ -x "$PREFIX/venv/bin/companion" ]; then
    previous_companion="$PREFIX/venv/bin/companion"
    echo "An installed companion was found in $PREFIX: updating it; $STATE_DIR is kept as it is."
fi
release="$(date -u +%Y%m%d-%H%M%S)"
if [ -e "$PREFIX/releases/$release" ]; then
    release="$release-$$"
fi
release_dir="$PREFIX/releases/$release"
new_companion="$release_dir/venv/bin/companion"

# Whether apt's archive has a package (Raspberry Pi OS's has python3-lgpio, Debian's has not).
apt_has() {
    apt-cache show "$1" >/dev/null 2>&1
}

# The configuration has a [web] section: the scoreboard is wanted.
config_wants_web() {
    grep -Eq '^[[:space:]]*\[web\][[:space:]]*(#.*)?$' "$1"
}

# The lines "FAILED: CHECK" of a doctor's report, one check name per line, sorted.
failed_checks() {
    grep '^FAILED: ' | cut -d: -f2 | LC_ALL=C sort -u || true
}

# Run the companion at $1 as the service user, in English (its output is compared).
as_service_user() {
    local companion="$1"
    shift
    runuser -u "$SERVICE_USER" -- env COMPANION_LANG=en COMPANION_STATE_DIR="$STATE_DIR" \
        "$companion" "$@"
}

# --- Going back when something fails -------------------------------------------------------------

service_stopped=0   # the update stopped the service: start it again on failure
switched=0          # src and venv point at the new release: point them back on failure
finished=0

# Point src and venv back at what they were, drop the new release, start the service again.
restore_previous() {
    [ "$finished" -eq 0 ] || return 0
    [ "$dry_run" -eq 0 ] || return 0
    set +e
    echo "install.sh: the update failed: going back to the previous companion" >&2
    if [ "$switched" -eq 1 ]; then
        for part in src venv; do
            rm -f "$PREFIX/$part"
            if [ -e "$PREFIX/$part.previous" ] || [ -L "$PREFIX/$part.previous" ]; then
                mv -T "$PREFIX/$part.previous" "$PREFIX/$part"
            fi
        done
    fi
    rm -rf "$release_dir"
    if [ "$service_stopped" -eq 1 ]; then
        echo "+ systemctl start companion.service" >&2
        systemctl start companion.service
    fi
    echo "install.sh: the previous companion is back in $PREFIX" >&2
}

on_exit() {
    local status=$?
    if [ "$status" -ne 0 ] && [ -n "$previous_companion" ]; then
        restore_previous
    elif [ "$status" -ne 0 ] && [ "$dry_run" -eq 0 ] && [ "$switched" -eq 0 ]; then
        rm -rf "$release_dir"  # a first install that failed half way: nothing to keep
    fi
    exit "$status"
}
trap on_exit EXIT

# --- The steps ----------------------------------------------------------------------------------

step "System packages from apt (everything with compiled parts: no compiler needed)"
packages=(python3 python3-venv python3-pip python3-setuptools python3-wheel
          python3-pil python3-cbor2 python3-spidev)
run apt-get update
if apt_has python3-lgpio; then
    packages+=(python3-lgpio)
else
    echo "(python3-lgpio is not in this system's archive, only in Raspberry Pi OS's: skipped." \
         "The service asks gpiozero for lgpio (GPIOZERO_PIN_FACTORY=lgpio) and says so when" \
         "it is missing: on real hardware install lgpio, or name another backend with" \
         "sudo systemctl edit companion.)"
fi
run apt-get install -y --no-install-recommends "${packages[@]}"

step "SPI and I2C switched on, I2C at 400 kHz (they take effect now or after a reboot)"
run raspi-config nonint do_spi 0
run raspi-config nonint do_i2c 0
boot_config="${COMPANION_BOOT_CONFIG:-}"
if [ -z "$boot_config" ]; then
    for candidate in "$ROOT/boot/firmware/config.txt" "$ROOT/boot/config.txt"; do
        if [ -e "$candidate" ]; then
            boot_config="$candidate"
            break
        fi
    done
fi

# Set $I2C_SPEED_LINE in the firmware's config file $1, once: an existing speed is replaced,
# else the line is added under [all] (a line under [pi4] would be for a Pi 4 only).
set_i2c_speed() {
    local file="$1"
    if grep -Eq "^[[:space:]]*${I2C_SPEED_LINE}[[:space:]]*$" "$file"; then
        echo "(already there: $I2C_SPEED_LINE)"
    elif grep -Eq '^[[:space:]]*dtparam=i2c_arm_baudrate=' "$file"; then
        run sed -i -E "s/^[[:space:]]*dtparam=i2c_arm_baudrate=.*/${I2C_SPEED_LINE}/" "$file"
    elif grep -Eq '^[[:space:]]*\[' "$file"; then
        # shellcheck disable=SC2028  # the command is printed as typed, its \n unexpanded
        echo "+ printf '[all]\\n$I2C_SPEED_LINE\\n' >> $file"
        [ "$dry_run" -eq 1 ] || printf '[all]\n%s\n' "$I2C_SPEED_LINE" >> "$file"
    else
        echo "+ echo $I2C_SPEED_LINE >> $file"
        [ "$dry_run" -eq 1 ] || echo "$I2C_SPEED_LINE" >> "$file"
    fi
}
if [ -n "$boot_config" ] && [ -e "$boot_config" ]; then
    set_i2c_speed "$boot_config"
else
    echo "(no /boot/firmware/config.txt nor /boot/config.txt: add $I2C_SPEED_LINE to the" \
         "firmware's config.txt by hand)"
fi

step "The system user $SERVICE_USER (systemd-sysusers)"
# Debian's systemd 252 (Raspberry Pi OS's too) does not create /etc/sysusers.d.
run install -d -m 0755 "$SYSUSERS_DIR"
run install -m 0644 "$source_dir/systemd/companion.sysusers" "$SYSUSERS_DIR/companion.conf"
run systemd-sysusers "$SYSUSERS_DIR/companion.conf"

step "The new release: the code in $release_dir/src"
run install -d -m 0755 "$release_dir"
run install -d -m 0755 "$release_dir/src"
echo "+ tar -C $source_dir --exclude=.git --exclude=.venv --exclude=__pycache__ -cf - ." \
     "| tar -C $release_dir/src -xf -"
if [ "$dry_run" -eq 0 ]; then
    tar -C "$source_dir" --exclude=.git --exclude=.venv --exclude=__pycache__ -cf - . \
        | tar -C "$release_dir/src" -xf -
fi

step "Its environment $release_dir/venv, seeing the system's packages"
run python3 -m venv --system-site-packages "$release_dir/venv"
# Pillow, cbor2, spidev (and lgpio) from apt satisfy the requirements, so pip fetches only
# pure-Python wheels. The project is built with the system's setuptools, without reaching the
# package index for a build environment.
run "$release_dir/venv/bin/python" -m pip install --no-build-isolation "$release_dir/src"
run "$new_companion" --version

step "The configuration $CONFIG_DIR/config.toml (an existing one is kept)"
run install -d -m 0755 "$CONFIG_DIR"
config="$CONFIG_DIR/config.toml"
if [ -e "$config" ]; then
    echo "(kept: $config)"
    config_source="$config"
else
    run install -m 0640 "$release_dir/src/examples/config.toml" "$config"
    run chown "root:$SERVICE_USER" "$config"
    config_source="$source_dir/examples/config.toml"  # what a dry run would have installed
fi

if [ -n "$previous_companion" ]; then
    step "Stop the service and back up the journal before changing anything"
    if [ "$dry_run" -eq 0 ]; then
        service_stopped=1
    fi
    run systemctl stop companion.service
    if ! "$previous_companion" backup --help >/dev/null 2>&1; then
        echo "(the installed companion has no backup command: $STATE_DIR stays untouched)"
    elif [ -e "$ROOT$STATE_DIR/journal.sqlite3" ] || [ "$dry_run" -eq 1 ]; then
        run install -d -m 0750 "$BACKUP_DIR"
        run chown "$SERVICE_USER:$SERVICE_USER" "$BACKUP_DIR"
        run runuser -u "$SERVICE_USER" -- "$PREFIX/venv/bin/companion" backup \
            --state-dir "$STATE_DIR" "$BACKUP_DIR/before-update-$(date +%Y%m%d-%H%M%S).sqlite3"
    else
        echo "(no journal in $STATE_DIR yet: nothing to back up)"
    fi
fi

step "The new release's doctor"
echo "+ runuser -u $SERVICE_USER -- env COMPANION_LANG=en COMPANION_STATE_DIR=$STATE_DIR" \
     "$new_companion doctor --config $config"
if [ "$dry_run" -eq 0 ]; then
    new_report="$(as_service_user "$new_companion" doctor --config "$config" 2>&1)" || true
    echo "$new_report"
    new_failures="$(failed_checks <<< "$new_report")"
    if [ -n "$new_failures" ] && [ -n "$previous_companion" ]; then
        # A check that fails with the installed companion too is the machine's (a reader not
        # plugged in), not the update's: only a new failure stops the update.
        old_report="$(as_service_user "$previous_companion" doctor --config "$config" 2>&1)" \
            || true
        old_failures="$(failed_checks <<< "$old_report")"
        only_new="$(LC_ALL=C comm -23 <(echo "$new_failures") <(echo "$old_failures"))"
        if [ -n "$only_new" ]; then
            fail "the new release fails checks the installed one passes:" \
                "$(tr '\n' ',' <<< "$only_new" | sed 's/^ *//; s/,$//')"
        fi
        echo "(these checks fail with the installed companion too: not the update's doing)"
    elif [ -n "$new_failures" ]; then
        echo "(a first install: correct what failed, then run sudo companion doctor again)"
    fi
else
    echo "(an update whose doctor fails a check the installed companion passes goes back to"
    echo " the installed companion and starts the service again)"
fi

step "Switch $PREFIX/src and $PREFIX/venv to the new release"
if [ "$dry_run" -eq 0 ]; then
    switched=1
fi
for part in src venv; do
    for leftover in "$PREFIX/$part.previous" "$PREFIX/$part.old" "$PREFIX/$part.new"; do
        if [ -e "$leftover" ] || [ -L "$leftover" ]; then  # an earlier update cut short
            run rm -rf "$leftover"
        fi
    done
    if [ -e "$PREFIX/$part" ] || [ -L "$PREFIX/$part" ]; then
        run mv -T "$PREFIX/$part" "$PREFIX/$part.previous"
    fi
    run ln -s "releases/$release/$part" "$PREFIX/$part"
done

step "The command companion for administrators ($BIN_DIR/companion)"
run install -d -m 0755 "$BIN_DIR"
run install -m 0755 "$release_dir/src/systemd/companion-command.sh" "$BIN_DIR/companion"

step "The services"
run install -d -m 0755 "$UNIT_DIR"
run install -m 0644 "$release_dir/src/systemd/companion.service" "$UNIT_DIR/companion.service"
# With [mqtt] in the configuration, a drop-in lets the service reach the broker's address
# alone (companion.service.d/mqtt.conf); without it, the drop-in goes and so does the network.
run "$PREFIX/venv/bin/python" -m companion.cli.service_network --config "$config" \
    --unit-dir "$UNIT_DIR"
web_wanted=0
if config_wants_web "$config_source"; then
    web_wanted=1
    echo "(the configuration has a [web] section: the scoreboard runs as companion-web.service)"
    run install -m 0644 "$release_dir/src/systemd/companion-web.service" \
        "$UNIT_DIR/companion-web.service"
elif [ -e "$UNIT_DIR/companion-web.service" ]; then
    echo "(no [web] section in the configuration: the scoreboard is switched off)"
    run systemctl disable --now companion-web.service
    run rm -f "$UNIT_DIR/companion-web.service"
else
    echo "(no [web] section in the configuration: no scoreboard)"
fi
run systemctl daemon-reload
run systemctl enable companion.service
run systemctl restart companion.service
if [ "$web_wanted" -eq 1 ]; then
    run systemctl enable companion-web.service
    run systemctl restart companion-web.service
fi

step "The previous release removed"
finished=1
for part in src venv; do
    run rm -rf "$PREFIX/$part.previous"
done
if [ -d "$PREFIX/releases" ]; then
    for old in "$PREFIX"/releases/*; do
        if [ "$old" != "$release_dir" ]; then
            run rm -rf "$old"
        fi
    done
fi

step "Check"
echo "Edit $config for your wiring (sudoedit), then:"
echo "    sudo companion doctor"
echo "    systemctl status companion; journalctl -u companion -f"
if [ ! -e /dev/spidev0.0 ] || ! ls /dev/i2c-* >/dev/null 2>&1; then
    echo "SPI or I2C is not there yet: reboot (sudo reboot) for them to appear."
fi
