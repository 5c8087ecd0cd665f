"""What the players chose in the device's system menu, kept in the state folder.

`device-settings.json` holds the language and the brightness step chosen at the table, so they
survive a restart. They win over the configuration file (its values are the defaults until
someone chooses at the table); `--lang` on the command line wins over both, for that run.
A damaged or foreign file is ignored (logged), never fatal: these are preferences.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, replace
from pathlib import Path

from companion.i18n.translate import LANGUAGES
from companion.state.folder import write_atomically
from companion.table.panel_rest import BRIGHTNESS_LEVELS

log = logging.getLogger(__name__)

SETTINGS_FILE = "device-settings.json"
#: Far larger than any settings this companion writes.
MAX_SETTINGS_BYTES = 4096


@dataclass(frozen=True)
class DeviceSettings:
    """What was chosen in the system menu, kept in the state folder for the next start."""

    #: "en" or "fr"; None: the configuration's, else the environment's.
    language: str | None = None
    #: 1 to len(BRIGHTNESS_LEVELS); None: the panel's configured contrast.
    brightness: int | None = None

    @property
    def contrast(self) -> int | None:
        """The panel contrast of the chosen brightness step."""
        return None if self.brightness is None else BRIGHTNESS_LEVELS[self.brightness - 1]


def load_settings(state_dir: Path) -> DeviceSettings:
    """The settings kept in `state_dir`; the defaults when there are none or they are damaged."""
    path = Path(state_dir) / SETTINGS_FILE
    try:
        with path.open("rb") as file:
            data = file.read(MAX_SETTINGS_BYTES + 1)
    except FileNotFoundError:
        return DeviceSettings()
    except OSError as error:
        log.warning("%s cannot be read (%s): the configured settings apply", path, error)
        return DeviceSettings()
    try:
        if len(data) > MAX_SETTINGS_BYTES:
            raise ValueError("too large")
        document = json.loads(data.decode("utf-8"))
        if not isinstance(document, dict):
            raise ValueError("not an object")
    except (UnicodeDecodeError, ValueError) as error:
        log.warning("%s is damaged (%s): the configured settings apply", path, error)
        return DeviceSettings()
    language = document.get("language")
    brightness = document.get("brightness")
    settings = DeviceSettings()
    if language in LANGUAGES:
        settings = replace(settings, language=language)
    if (isinstance(brightness, int) and not isinstance(brightness, bool)
            and 1 <= brightness <= len(BRIGHTNESS_LEVELS)):
        settings = replace(settings, brightness=brightness)
    return settings


def save_settings(state_dir: Path, settings: DeviceSettings) -> None:
    """Keep `settings` in `state_dir` (replaced whole: never half a file). Raises OSError."""
    document = {"language": settings.language, "brightness": settings.brightness}
    data = json.dumps(document, indent=1).encode("utf-8") + b"\n"
    write_atomically(Path(state_dir) / SETTINGS_FILE, data)
