"""Validating the `[reader]`, `[buttons]` and `[display]` sections into typed settings.

Every mistake raises DriverConfigError(key, message) with the dotted key ("display.address") and
what is wrong. Unknown keys are refused, so a misspelt setting is never silently ignored.
Pins are BCM numbers. Settings that belong to another kind are accepted, so switching
`kind` between "sim" and a real device keeps the rest of the section valid.

[reader]   kind = "mfrc522" | "rdm6300" | "serial-lines" | "sim"; name (the `reader` field of
           its events, "reader"); simulate (what "sim" simulates: "mfrc522", "rdm6300",
           "serial-lines"); poll_interval (0.08 s); removal_after (0.5 s, RDM6300 0.2 s);
           MFRC522: bus (0), device (0), pin_rst (25), pin_irq (optional, wired but unused),
           speed_hz (1 MHz), quiet_after (10 s with no card read before each poll's
           wake-up is sent by the poll before: one wake a poll instead of two, the first
           card after heard up to one poll later; 0 always, "never"); serial: port
           (required), baudrate (9600). The former wake_up_ahead is refused, naming it.
[buttons]  kind = "gpio" | "sim"; pins (name -> pin, default up=5 down=6 ok=13 back=19);
           encoder = {a, b, push (optional), push_name ("ok")}; hold_time (1.0 s);
           debounce (0.03 s).
[display]  kind = "ssd1306" | "sh1106" | "sim" | "png" | "emulator"; name ("display");
           interface = "i2c" | "spi"; address (0x3C), port (1); spi_port (0), spi_device (1),
           spi_speed_hz (8 MHz), gpio_dc (23), gpio_rst (12); width (128), height (64),
           rotate (0-3), contrast (optional); png/emulator: path, keep_frames (false),
           emulator = "gifanim" | "capture" | "pygame".
[feedback] optional (absent: none); kind = "gpio" | "sim"; buzzer = "active" | "passive"
           ("active"); buzzer_pin, led_pin (at least one of them).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from drivers.errors import DriverConfigError

READER_KINDS = ("mfrc522", "rdm6300", "serial-lines", "sim")
SIMULATED_READERS = ("mfrc522", "rdm6300", "serial-lines")
BUTTON_KINDS = ("gpio", "sim")
FEEDBACK_KINDS = ("gpio", "sim")
BUZZER_KINDS = ("active", "passive")
DISPLAY_KINDS = ("ssd1306", "sh1106", "sim", "png", "emulator")
DISPLAY_INTERFACES = ("i2c", "spi")
EMULATORS = ("gifanim", "capture", "pygame")
DEFAULT_PINS = {"up": 5, "down": 6, "ok": 13, "back": 19}
DEFAULT_REMOVAL_AFTER = {"mfrc522": 0.5, "rdm6300": 0.2, "serial-lines": 0.5}
DEFAULT_QUIET_AFTER = 10.0
NEVER = "never"
BAUDRATES = (1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600)
PANEL_SIZES = ((128, 64), (128, 32))
BCM_PINS = range(0, 28)
_I2C1_PINS = {2: "I2C1 SDA", 3: "I2C1 SCL"}
_SPI0_PINS = {9: "SPI0 MISO", 10: "SPI0 MOSI", 11: "SPI0 SCLK"}
_SPI0_CE = {0: (8, "SPI0 CE0"), 1: (7, "SPI0 CE1")}
_UART_PINS = {14: "UART TXD", 15: "UART RXD"}
_PI_UART_PORTS = ("/dev/serial0", "/dev/ttyAMA0", "/dev/ttyS0")
_MISSING: Any = object()


@dataclass(frozen=True)
class ReaderSettings:
    """The `[reader]` section: which reader, on which bus and pins, how often it polls."""

    kind: str = "sim"
    name: str = "reader"
    simulate: str = "mfrc522"  # which protocol a "sim" reader runs
    poll_interval: float = 0.08
    removal_after: float = 0.5
    bus: int = 0
    device: int = 0
    pin_rst: int = 25
    pin_irq: int | None = None
    speed_hz: int = 1_000_000
    quiet_after: float | None = DEFAULT_QUIET_AFTER  # None: never poll ahead
    port: str = ""
    baudrate: int = 9600

    @property
    def protocol(self) -> str:
        """The protocol spoken, simulated or not."""
        return self.simulate if self.kind == "sim" else self.kind


@dataclass(frozen=True)
class EncoderSettings:
    """A rotary encoder's pins `a` and `b`, and its push button's, named `push_name`."""

    a: int
    b: int
    push: int | None = None
    push_name: str = "ok"


@dataclass(frozen=True)
class ButtonSettings:
    """The `[buttons]` section: each button's pin, the encoder, hold and debounce times."""

    kind: str = "sim"
    pins: dict[str, int] = field(default_factory=lambda: dict(DEFAULT_PINS))
    encoder: EncoderSettings | None = None
    hold_time: float = 1.0
    debounce: float = 0.03


@dataclass(frozen=True)
class DisplaySettings:
    """The `[display]` section: which panel, on which bus, its size and turn."""

    kind: str = "sim"
    name: str = "display"
    interface: str = "i2c"
    address: int = 0x3C
    port: int = 1
    spi_port: int = 0
    spi_device: int = 1
    spi_speed_hz: int = 8_000_000
    gpio_dc: int = 23
    gpio_rst: int = 12
    width: int = 128
    height: int = 64
    rotate: int = 0
    contrast: int | None = None
    path: str = ""
    keep_frames: bool = False
    emulator: str = "gifanim"


@dataclass(frozen=True)
class FeedbackSettings:
    """The `[feedback]` section: a buzzer and a status LED, each on its pin or absent."""

    kind: str = "sim"
    buzzer: str = "active"
    buzzer_pin: int | None = None
    led_pin: int | None = None


@dataclass(frozen=True)
class DriverSettings:
    """The devices' settings, checked; `feedback` is None when not configured."""

    reader: ReaderSettings
    buttons: ButtonSettings
    display: DisplaySettings
    feedback: FeedbackSettings | None = None


def _written(value: Any) -> str:
    """A value as the file wrote it, short: a list by its brackets alone."""
    if isinstance(value, list):
        return "a list [...]"
    shown = repr(value)
    return shown if len(shown) <= 30 else shown[:27] + "..."


class _Section:
    """Typed reads from one table, remembering which keys were used."""

    def __init__(self, name: str, raw: Any) -> None:
        if not isinstance(raw, Mapping):
            raise DriverConfigError(name, f"must be a table [{name}], not {_written(raw)}")
        self.name = name
        self.raw = raw
        self._used: set[str] = set()

    def key(self, name: str) -> str:
        return f"{self.name}.{name}"

    def _get(self, name: str, default: Any) -> Any:
        self._used.add(name)
        if name in self.raw:
            return self.raw[name]
        if default is _MISSING:
            raise DriverConfigError(self.key(name), "missing")
        return default

    def has(self, name: str) -> bool:
        return name in self.raw

    def choice(self, name: str, options: tuple[str, ...], default: Any = _MISSING) -> str:
        value = self._get(name, default)
        if value not in options:
            raise DriverConfigError(self.key(name),
                                    f"must be one of {_quoted(options)}, not {value!r}")
        return str(value)

    def integer(
        self, name: str, default: Any, low: int, high: int, *, hex_text: bool = False
    ) -> int:
        value = self._get(name, default)
        if isinstance(value, str) and hex_text:
            try:
                value = int(value, 0)
            except ValueError:
                raise DriverConfigError(
                    self.key(name), f"must be a number such as 0x3C, not {value!r}"
                ) from None
        if isinstance(value, bool) or not isinstance(value, int):
            raise DriverConfigError(self.key(name), f"must be an integer, not {value!r}")
        if not low <= value <= high:
            shown = (f"0x{low:02X} and 0x{high:02X}, not 0x{value:02X}" if hex_text
                     else f"{low} and {high}, not {value}")
            raise DriverConfigError(self.key(name), f"must be between {shown}")
        return value

    def optional_integer(self, name: str, low: int, high: int) -> int | None:
        if self._get(name, None) is None:
            return None
        return self.integer(name, _MISSING, low, high)

    def number(self, name: str, default: Any, low: float, high: float) -> float:
        value = self._get(name, default)
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise DriverConfigError(self.key(name), f"must be a number of seconds, not {value!r}")
        if not low <= value <= high:
            raise DriverConfigError(self.key(name),
                                    f"must be between {low} and {high}, not {value}")
        return float(value)

    def string(self, name: str, default: Any) -> str:
        value = self._get(name, default)
        if not isinstance(value, str):
            raise DriverConfigError(self.key(name), f"must be a string, not {value!r}")
        return value

    def name_string(self, name: str, default: Any) -> str:
        value = self.string(name, default)
        if not value.strip() or len(value) > 32:
            raise DriverConfigError(self.key(name), "must be a short non-empty name")
        return value

    def boolean(self, name: str, default: Any) -> bool:
        value = self._get(name, default)
        if not isinstance(value, bool):
            raise DriverConfigError(self.key(name), f"must be true or false, not {value!r}")
        return value

    def table(self, name: str) -> _Section | None:
        value = self._get(name, None)
        return None if value is None else _Section(self.key(name), value)

    def finish(self) -> None:
        unknown = sorted(set(self.raw) - self._used)
        if unknown:
            raise DriverConfigError(self.key(unknown[0]), "unknown setting")


def _quoted(options: tuple[str, ...]) -> str:
    return ", ".join(f'"{o}"' for o in options)


def parse_reader(raw: Any) -> ReaderSettings:
    s = _Section("reader", raw)
    kind = s.choice("kind", READER_KINDS)
    simulate = s.choice("simulate", SIMULATED_READERS, "mfrc522")
    protocol = simulate if kind == "sim" else kind
    port = s.string("port", "")
    if kind in ("rdm6300", "serial-lines") and not port:
        raise DriverConfigError("reader.port", f'missing: the serial port of the {kind} reader, '
                                         'e.g. "/dev/serial0" or "/dev/ttyUSB0"')
    settings = ReaderSettings(
        kind=kind,
        name=s.name_string("name", "reader"),
        simulate=simulate,
        poll_interval=s.number("poll_interval", 0.08, 0.02, 1.0),
        removal_after=s.number("removal_after", DEFAULT_REMOVAL_AFTER[protocol], 0.05, 10.0),
        bus=s.integer("bus", 0, 0, 6),
        device=s.integer("device", 0, 0, 3),
        pin_rst=s.integer("pin_rst", 25, BCM_PINS.start, BCM_PINS.stop - 1),
        pin_irq=s.optional_integer("pin_irq", BCM_PINS.start, BCM_PINS.stop - 1),
        speed_hz=s.integer("speed_hz", 1_000_000, 100_000, 10_000_000),
        quiet_after=_quiet_after(s),
        port=port,
        baudrate=s.integer("baudrate", 9600, BAUDRATES[0], BAUDRATES[-1]),
    )
    if settings.baudrate not in BAUDRATES:
        raise DriverConfigError(
            "reader.baudrate", f"must be a standard rate such as 9600, not {settings.baudrate}"
        )
    s.finish()
    return settings


def _quiet_after(s: _Section) -> float | None:
    """Seconds with no card read before the reader polls ahead; None for "never"."""
    if s.has("wake_up_ahead"):
        raise DriverConfigError(s.key("wake_up_ahead"), 'replaced by quiet_after: seconds with no '
                                'card before polling ahead (0 always, "never" for false)')
    value = s._get("quiet_after", DEFAULT_QUIET_AFTER)
    if value == NEVER:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 3600:
        raise DriverConfigError(s.key("quiet_after"),
                                f'must be seconds from 0 to 3600 or "{NEVER}", not {value!r}')
    return float(value)


def parse_buttons(raw: Any) -> ButtonSettings:
    s = _Section("buttons", raw)
    kind = s.choice("kind", BUTTON_KINDS)
    pins_table = s.table("pins")
    pins = dict(DEFAULT_PINS)
    if pins_table is not None:
        pins = {}
        for name in pins_table.raw:
            if not isinstance(name, str) or not name.isidentifier():
                raise DriverConfigError(pins_table.key(str(name)), "a button name is a plain word")
            pins[name] = pins_table.integer(name, _MISSING, BCM_PINS.start, BCM_PINS.stop - 1)
        if not pins:
            raise DriverConfigError("buttons.pins", "needs at least one button")
    encoder = None
    encoder_table = s.table("encoder")
    if encoder_table is not None:
        encoder = EncoderSettings(
            a=encoder_table.integer("a", _MISSING, BCM_PINS.start, BCM_PINS.stop - 1),
            b=encoder_table.integer("b", _MISSING, BCM_PINS.start, BCM_PINS.stop - 1),
            push=encoder_table.optional_integer("push", BCM_PINS.start, BCM_PINS.stop - 1),
            push_name=encoder_table.name_string("push_name", "ok"),
        )
        encoder_table.finish()
    settings = ButtonSettings(
        kind=kind,
        pins=pins,
        encoder=encoder,
        hold_time=s.number("hold_time", 1.0, 0.2, 10.0),
        debounce=s.number("debounce", 0.03, 0.0, 0.2),
    )
    s.finish()
    return settings


def parse_display(raw: Any) -> DisplaySettings:
    s = _Section("display", raw)
    kind = s.choice("kind", DISPLAY_KINDS)
    emulator = s.choice("emulator", EMULATORS, "gifanim")
    default_path = {"png": "oled-preview", "emulator": "oled-preview.gif"}.get(kind, "")
    if kind == "emulator" and emulator == "capture":
        default_path = "oled-preview"
    contrast = s.optional_integer("contrast", 0, 255)
    settings = DisplaySettings(
        kind=kind,
        name=s.name_string("name", "display"),
        interface=s.choice("interface", DISPLAY_INTERFACES, "i2c"),
        address=s.integer("address", 0x3C, 0x03, 0x77, hex_text=True),
        port=s.integer("port", 1, 0, 20),
        spi_port=s.integer("spi_port", 0, 0, 6),
        spi_device=s.integer("spi_device", 1, 0, 3),
        spi_speed_hz=s.integer("spi_speed_hz", 8_000_000, 500_000, 32_000_000),
        gpio_dc=s.integer("gpio_dc", 23, BCM_PINS.start, BCM_PINS.stop - 1),
        gpio_rst=s.integer("gpio_rst", 12, BCM_PINS.start, BCM_PINS.stop - 1),
        width=s.integer("width", 128, 8, 256),
        height=s.integer("height", 64, 8, 256),
        rotate=s.integer("rotate", 0, 0, 3),
        contrast=contrast,
        path=s.string("path", default_path),
        keep_frames=s.boolean("keep_frames", False),
        emulator=emulator,
    )
    if (settings.width, settings.height) not in PANEL_SIZES:
        raise DriverConfigError(
            "display.height" if s.has("height") else "display.width",
            f"the panel must be 128x64 or 128x32, not {settings.width}x{settings.height}",
        )
    if kind in ("png", "emulator") and not settings.path:
        raise DriverConfigError("display.path", f"missing: where the {kind} preview is written")
    s.finish()
    return settings


def parse_feedback(raw: Any) -> FeedbackSettings:
    s = _Section("feedback", raw)
    pins = BCM_PINS.start, BCM_PINS.stop - 1
    settings = FeedbackSettings(
        kind=s.choice("kind", FEEDBACK_KINDS),
        buzzer=s.choice("buzzer", BUZZER_KINDS, "active"),
        buzzer_pin=s.optional_integer("buzzer_pin", *pins),
        led_pin=s.optional_integer("led_pin", *pins),
    )
    if settings.buzzer_pin is None and settings.led_pin is None:
        raise DriverConfigError("feedback", "names no part: set buzzer_pin, led_pin or both "
                                "(or leave the section out)")
    s.finish()
    return settings


def parse_settings(config: Mapping[str, Any]) -> DriverSettings:
    """Validate the sections of the devices (other sections of the file are not ours and
    are ignored); `[feedback]` is optional."""
    if not isinstance(config, Mapping):
        raise DriverConfigError("config", "must be a table of sections")
    for section in ("reader", "buttons", "display"):
        if section not in config:
            raise DriverConfigError(
                section, f'missing section [{section}] (use kind = "sim" to simulate)'
            )
    settings = DriverSettings(
        reader=parse_reader(config["reader"]),
        buttons=parse_buttons(config["buttons"]),
        display=parse_display(config["display"]),
        feedback=parse_feedback(config["feedback"]) if "feedback" in config else None,
    )
    _check_pins(settings)
    return settings


def _check_pins(settings: DriverSettings) -> None:
    """Two devices on one GPIO, or a button on a bus pin, is a wiring mistake: refuse it."""
    reader, buttons, display = settings.reader, settings.buttons, settings.display
    owners: dict[int, tuple[str, str]] = {}  # pin -> (key, description)

    def claim(pin: int, key: str, what: str) -> None:
        if pin in owners:
            other_key, other = owners[pin]
            raise DriverConfigError(key, f"GPIO {pin} is already used by {other} ({other_key})")
        owners[pin] = (key, what)

    display_spi = display.kind in ("ssd1306", "sh1106") and display.interface == "spi"
    if reader.kind == "mfrc522" or display_spi:
        for pin, what in _SPI0_PINS.items():
            claim(pin, "SPI0", what)
    if reader.kind == "mfrc522":
        if display_spi and (display.spi_port, display.spi_device) == (reader.bus, reader.device):
            raise DriverConfigError(
                "display.spi_device",
                f"/dev/spidev{reader.bus}.{reader.device} is the MFRC522 reader's: "
                "use the other chip select",
            )
        if reader.bus == 0 and reader.device in _SPI0_CE:
            pin, what = _SPI0_CE[reader.device]
            claim(pin, "reader.device", what)
        claim(reader.pin_rst, "reader.pin_rst", "the MFRC522 reset")
        if reader.pin_irq is not None:
            claim(reader.pin_irq, "reader.pin_irq", "the MFRC522 interrupt")
    if display.kind in ("ssd1306", "sh1106"):
        if display.interface == "i2c" and display.port == 1:
            for pin, what in _I2C1_PINS.items():
                claim(pin, "display.port", what)
        if display_spi:
            if display.spi_port == 0 and display.spi_device in _SPI0_CE:
                pin, what = _SPI0_CE[display.spi_device]
                claim(pin, "display.spi_device", what)
            claim(display.gpio_dc, "display.gpio_dc", "the display's DC line")
            claim(display.gpio_rst, "display.gpio_rst", "the display's reset")
    if reader.kind in ("rdm6300", "serial-lines") and reader.port in _PI_UART_PORTS:
        for pin, what in _UART_PINS.items():
            claim(pin, "reader.port", what)
    for name, pin in buttons.pins.items():
        claim(pin, f"buttons.pins.{name}", f"the {name!r} button")
    if buttons.encoder is not None:
        encoder = buttons.encoder
        claim(encoder.a, "buttons.encoder.a", "the encoder's A")
        claim(encoder.b, "buttons.encoder.b", "the encoder's B")
        if encoder.push is not None:
            claim(encoder.push, "buttons.encoder.push", "the encoder's push button")
    feedback = settings.feedback
    if feedback is not None:
        if feedback.buzzer_pin is not None:
            claim(feedback.buzzer_pin, "feedback.buzzer_pin", "the buzzer")
        if feedback.led_pin is not None:
            claim(feedback.led_pin, "feedback.led_pin", "the status LED")
