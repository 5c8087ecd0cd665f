"""Building the configured reader, buttons and display from the `[reader]`, `[buttons]` and
`[display]` sections. "sim" is one more value of each `kind`: a simulated device runs the same
driver classes as the real one, over a simulated chip, pty, mock pins or luma's dummy device,
and the DriverSet exposes handles to drive it.

    drivers = build_drivers(config, events)
    drivers.sim.reader.tap("DEADBEEF")        # a card on the simulated antenna
    drivers.sim.buttons.click("ok")           # through gpiozero's mock pins
    drivers.display.show(frame)
    drivers.feedback.sound("accepted")        # only with a [feedback] section, else None
    drivers.sim.feedback.events               # [("beep", "accepted")] when simulated
    drivers.close()                           # the panel is cleared

With `strict=False` a device that cannot be opened at start does not stop the others: it is
reported as a DriverFault on the queue and retried in the background (readers and display;
buttons always raise; a buzzer and LED are left out, with a warning in the log and `companion
doctor` saying why). This is what an appliance wants at boot; a desktop run may prefer
`strict=True` and a clear error.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from drivers.buttons import EncoderPins, GpioButtonPanel
from drivers.config import (
    ButtonSettings,
    DisplaySettings,
    DriverSettings,
    FeedbackSettings,
    ReaderSettings,
    parse_settings,
)
from drivers.display import OledDisplay
from drivers.errors import DriverError
from drivers.events import EventSink
from drivers.protocols import ButtonPanel, CardReader, CardSimulator, Display, Feedback
from drivers.rfid.mfrc522_open import open_spi_registers, spi_label
from drivers.rfid.mfrc522_pcd import RegisterAccess
from drivers.rfid.mfrc522_reader import Mfrc522Reader
from drivers.sim.buttons import ButtonSimulator, mock_pin_factory
from drivers.sim.display import SimulatedDisplay
from drivers.sim.mfrc522_chip import Mfrc522ChipSimulator
from drivers.uart.lines import LineParser
from drivers.uart.rdm6300 import Rdm6300Parser
from drivers.uart.reader import FrameParser, SerialCardReader, open_serial_port, port_label

if TYPE_CHECKING:  # the feedback's modules are read only when it is configured
    from drivers.sim.feedback import FeedbackRecorder

logger = logging.getLogger(__name__)


@dataclass
class SimHandles:
    """Handles on the simulated devices; None where the device is real."""

    reader: CardSimulator | None = None
    buttons: ButtonSimulator | None = None
    display: SimulatedDisplay | None = None
    feedback: FeedbackRecorder | None = None


@dataclass
class DriverSet:
    """The drivers built from a configuration, closed together by `close`."""

    reader: CardReader
    buttons: ButtonPanel
    display: Display
    settings: DriverSettings
    sim: SimHandles = field(default_factory=SimHandles)
    _closers: list[Callable[[], None]] = field(default_factory=list, repr=False)
    #: The buzzer and status LED; None without a `[feedback]` section.
    feedback: Feedback | None = None

    def close(self) -> None:
        """Stop the reader, release the pins, clear the panel (last). Safe to call twice."""
        closers, self._closers = self._closers, []
        for close in reversed(closers):
            try:
                close()
            except Exception:  # one failing device must not keep the panel from clearing
                logger.exception("closing a driver failed")

    def __enter__(self) -> DriverSet:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


def build_drivers(
    config: Mapping[str, Any], events: EventSink, *, strict: bool = True
) -> DriverSet:
    """Validate `config` (raises DriverConfigError) and open every device (raises DriverError
    subclasses, unless `strict` is False for the reader and display)."""
    settings = parse_settings(config)
    closers: list[Callable[[], None]] = []
    sim = SimHandles()
    try:
        display = _build_display(settings.display, events, strict, closers, sim)
        buttons = _build_buttons(settings.buttons, events, closers, sim)
        reader = _build_reader(settings.reader, events, strict, closers, sim)
        feedback = (None if settings.feedback is None
                    else _build_feedback(settings.feedback, strict, closers, sim))
    except BaseException:
        for close in reversed(closers):
            try:
                close()
            except Exception:
                logger.exception("closing a driver after a failed start failed")
        raise
    return DriverSet(reader, buttons, display, settings, sim, closers, feedback)


def build_display(
    config: Mapping[str, Any], events: EventSink
) -> tuple[Display, Callable[[], None]]:
    """Only the panel, and how to close it: to say why the rest could not start."""
    closers: list[Callable[[], None]] = []
    display = _build_display(parse_settings(config).display, events, False, closers,
                             SimHandles())
    return display, closers[-1]


def build_reader(
    config: Mapping[str, Any], events: EventSink, sim: SimHandles | None = None
) -> tuple[CardReader, Callable[[], None]]:
    """Only the reader, and how to close it: for a command that reads tags without the rest
    of the table. Raises DriverConfigError, and DriverError when the reader cannot be used.
    `sim` gets the handle of a simulated reader (a test lays its tags with it)."""
    closers: list[Callable[[], None]] = []

    def close() -> None:
        for closer in reversed(closers):
            closer()

    try:
        reader = _build_reader(parse_settings(config).reader, events, True, closers,
                               sim if sim is not None else SimHandles())
    except BaseException:
        close()
        raise
    return reader, close


# -- reader --------------------------------------------------------------------------------------


def _build_reader(
    s: ReaderSettings, events: EventSink, strict: bool, closers: list[Callable[[], None]],
    sim: SimHandles,
) -> CardReader:
    reader: Mfrc522Reader | SerialCardReader
    if s.protocol == "mfrc522":
        if s.kind == "sim":
            opener, handle = _simulated_mfrc522(s)
            closers.append(handle.close)
            sim.reader = handle
        else:
            def opener() -> RegisterAccess:
                return open_spi_registers(
                    bus=s.bus, device=s.device, pin_rst=s.pin_rst, speed_hz=s.speed_hz
                )
        reader = Mfrc522Reader(
            events, opener, name=s.name, label=spi_label(s.bus, s.device),
            poll_interval=s.poll_interval, removal_after=s.removal_after,
            quiet_after=s.quiet_after,
        )
    else:
        parser: FrameParser = Rdm6300Parser() if s.protocol == "rdm6300" else LineParser()
        read_timeout = min(0.1, s.removal_after / 2)
        if s.kind == "sim":
            from drivers.sim.serial_devices import SimulatedLineReader, SimulatedRdm6300

            device = SimulatedRdm6300() if s.protocol == "rdm6300" else SimulatedLineReader()
            closers.append(device.close)
            sim.reader = device

            def port() -> str:
                return device.port  # a simulated unplug/plug moves it
        else:
            def port() -> str:
                return s.port

        reader = SerialCardReader(
            events, lambda: open_serial_port(port(), s.baudrate, timeout=read_timeout), parser,
            name=s.name, label=port_label(port()), removal_after=s.removal_after,
        )
    closers.append(reader.close)
    reader.start(require_device=strict)
    return reader


def _simulated_mfrc522(
    s: ReaderSettings,
) -> tuple[Callable[[], RegisterAccess], Mfrc522ChipSimulator]:
    """A chip simulator on a fake SPI bus, its reset line on gpiozero's mock pins: the same
    opener as a real reader's."""
    from drivers.sim.fake_pi import SimulatedSpiBus

    chip = Mfrc522ChipSimulator()
    bus = SimulatedSpiBus()
    bus.attach(s.bus, s.device, chip)
    pins = mock_pin_factory()

    def opener() -> RegisterAccess:
        return open_spi_registers(bus.spidev, bus=s.bus, device=s.device, speed_hz=s.speed_hz,
                                  pin_rst=s.pin_rst, pin_factory=pins)

    return opener, chip


# -- buttons -------------------------------------------------------------------------------------


def _build_buttons(
    s: ButtonSettings, events: EventSink, closers: list[Callable[[], None]], sim: SimHandles
) -> ButtonPanel:
    encoder = None
    if s.encoder is not None:
        encoder = EncoderPins(s.encoder.a, s.encoder.b, s.encoder.push, s.encoder.push_name)
    factory = mock_pin_factory() if s.kind == "sim" else None
    panel = GpioButtonPanel(
        events, s.pins, encoder=encoder, hold_time=s.hold_time, debounce=s.debounce,
        pin_factory=factory,
    )
    closers.append(panel.close)
    if factory is not None:
        sim.buttons = ButtonSimulator(factory, s.pins, encoder)
    return panel


# -- feedback -------------------------------------------------------------------------------------


def _build_feedback(
    s: FeedbackSettings, strict: bool, closers: list[Callable[[], None]], sim: SimHandles
) -> Feedback | None:
    from drivers.feedback import GpioFeedback

    if s.kind != "sim":
        try:
            device = GpioFeedback(s.buzzer_pin, s.buzzer, s.led_pin)
        except DriverError as error:
            if strict:
                raise
            # Optional parts: the table goes on silent (the top line stays the game's).
            logger.warning("buzzer and LED left out: %s", error)
            return None
        closers.append(device.close)
        return device
    from drivers.sim.feedback import FeedbackRecorder, RecordingFeedback, mock_pwm_factory

    factory = mock_pwm_factory()
    recorder = FeedbackRecorder()
    recording = RecordingFeedback(
        GpioFeedback(s.buzzer_pin, s.buzzer, s.led_pin, pin_factory=factory), recorder, factory)
    closers.append(recording.close)
    sim.feedback = recorder
    return recording


# -- display -------------------------------------------------------------------------------------


def _build_display(
    s: DisplaySettings, events: EventSink, strict: bool, closers: list[Callable[[], None]],
    sim: SimHandles,
) -> Display:
    geometry = {"width": s.width, "height": s.height, "rotate": s.rotate}
    if s.kind in ("ssd1306", "sh1106"):
        from drivers.luma_devices import panel_target

        target = panel_target(
            s.kind, interface=s.interface, address=s.address, port=s.port, spi_port=s.spi_port,
            spi_device=s.spi_device, spi_speed_hz=s.spi_speed_hz, gpio_dc=s.gpio_dc,
            gpio_rst=s.gpio_rst, contrast=s.contrast, **geometry,
        )
    elif s.kind == "sim":
        from drivers.luma_devices import dummy_target

        target = dummy_target(**geometry)
    elif s.kind == "png":
        from drivers.preview import png_target

        target = png_target(s.path, keep_frames=s.keep_frames, **geometry)
    else:
        from drivers.preview import emulator_target

        target = emulator_target(s.emulator, s.path, **geometry)
    display = OledDisplay(target, events, name=s.name)
    display.open(require_device=strict)
    closers.append(display.close)
    if s.kind in ("sim", "png"):
        sim.display = SimulatedDisplay(display)
    return display
