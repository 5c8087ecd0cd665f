#!/bin/sh
# `companion` for administrators, installed as /usr/local/bin/companion by systemd/install.sh:
# runs the installed companion as the service's user, with the service's state folder and
# configuration, so that what it reads and writes stays the service's (as mopidyctl does for
# Mopidy). For example: sudo companion doctor; sudo companion tags list.
set -eu
SERVICE_USER=companion
COMPANION=/opt/companion/venv/bin/companion
STATE_DIR=/var/lib/companion
CONFIG=/etc/companion/config.toml

if [ ! -x "$COMPANION" ]; then
    echo "companion: $COMPANION is missing: install it with systemd/install.sh" >&2
    exit 1
fi
if [ "$(id -un)" = "$SERVICE_USER" ]; then
    exec env COMPANION_STATE_DIR="$STATE_DIR" "$COMPANION" "$@"
fi
if [ "$(id -u)" -ne 0 ]; then
    # Becoming the service user needs root: ask sudo once, for this same command.
    exec sudo -- "$0" "$@"
fi
# The configuration is the service's default (/etc/companion/config.toml); doctor and run take
# it from there. The state folder is named, so that root's own never gets used.
[ -r "$CONFIG" ] || echo "companion: note: $CONFIG is missing" >&2
exec runuser -u "$SERVICE_USER" -- env COMPANION_STATE_DIR="$STATE_DIR" "$COMPANION" "$@"
