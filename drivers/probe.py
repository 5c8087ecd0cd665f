"""Asking each configured device whether it is there, for `companion doctor`.

One probe per device: it opens the device as the drivers would, asks it something only the
device can answer (the MFRC522's version register, a no-op command the OLED must acknowledge,
the GPIO pins' levels), and closes it again. A simulated device is probed through its
simulator the same way. Nothing here raises for a missing device: the answer says what was
found and what to check. `device_nodes()` lists the `/dev` files the configuration needs.
"""

from __future__ import annotations

import contextlib
import glob
import queue
from dataclasses import dataclass
from pathlib import Path

from drivers.config import (
    ButtonSettings,
    DisplaySettings,
    DriverSettings,
    FeedbackSettings,
    ReaderSettings,
)
from drivers.errors import DriverError
from drivers.rfid.mfrc522_registers import KNOWN_VERSIONS, Reg

#: How the answer of the MFRC522's VersionReg is described (every value of
#: `KNOWN_VERSIONS` answers like a genuine chip).
VERSION_NAMES = {0x91: "MFRC522 1.0", 0x92: "MFRC522 2.0", 0x90: "MFRC522 0.0",
                 0x88: "FM17522 clone", 0xB2: "FM17522E clone", 0x12: "counterfeit"}
#: The SSD1306/SH1106 no-operation command: the panel acknowledges it and nothing changes.
_PANEL_NOP = 0xE3


@dataclass(frozen=True)
class Probe:
    """What one device answered. `detail` and `check` are the drivers' technical words."""

    device: str  # "reader", "display", "buttons" or "feedback"
    label: str
    answered: bool
    detail: str
    check: str = ""
    simulated: bool = False
    value: int | None = None  # the reader's version register, when read


@dataclass(frozen=True)
class DeviceNode:
    """A device file a configured device needs, and the group that usually owns it."""

    path: str
    group: str
    bus: str  # "spi", "i2c", "gpio" or "serial"


def device_nodes(settings: DriverSettings, dev: Path = Path("/dev")) -> list[DeviceNode]:
    """The `/dev` files the configured (not simulated) devices open (`dev`: where to look)."""
    nodes: list[DeviceNode] = []
    reader, display, buttons = settings.reader, settings.display, settings.buttons
    if reader.kind == "mfrc522":
        nodes.append(DeviceNode(f"/dev/spidev{reader.bus}.{reader.device}", "spi", "spi"))
        # gpiozero drives RST through the GPIO character device (lgpio), on every model.
        nodes.append(DeviceNode("/dev/gpiochip0", "gpio", "gpio"))
    elif reader.kind in ("rdm6300", "serial-lines") and reader.port.startswith("/dev/"):
        nodes.append(DeviceNode(reader.port, "dialout", "serial"))
    if display.kind in ("ssd1306", "sh1106"):
        if display.interface == "i2c":
            nodes.append(DeviceNode(f"/dev/i2c-{display.port}", "i2c", "i2c"))
        else:
            nodes.append(DeviceNode(f"/dev/spidev{display.spi_port}.{display.spi_device}",
                                    "spi", "spi"))
            nodes.append(DeviceNode("/dev/gpiochip0", "gpio", "gpio"))
    if buttons.kind == "gpio" or (settings.feedback is not None
                                  and settings.feedback.kind == "gpio"):
        nodes.append(DeviceNode("/dev/gpiochip0", "gpio", "gpio"))
    unique: dict[str, DeviceNode] = {}
    for node in nodes:
        unique.setdefault(node.path, node)
    return list(unique.values())


def bus_enabled(bus: str, dev: Path = Path("/dev")) -> bool:
    """Whether the kernel offers the bus at all (raspi-config's do_spi / do_i2c)."""
    pattern = {"spi": "spidev*", "i2c": "i2c-*"}[bus]
    return bool(glob.glob(str(dev / pattern)))


# -- reader -------------------------------------------------------------------------------------


def probe_reader(s: ReaderSettings) -> Probe:
    if s.protocol == "mfrc522":
        return _probe_mfrc522(s)
    return _probe_serial_reader(s)


def _probe_mfrc522(s: ReaderSettings) -> Probe:
    from drivers.rfid.mfrc522_open import open_spi_registers, spi_label
    from drivers.rfid.mfrc522_pcd import RegisterAccess

    label = spi_label(s.bus, s.device)
    simulated = s.kind == "sim"
    registers: RegisterAccess
    chip = None
    try:
        if simulated:
            from drivers.sim.fake_pi import SimulatedSpiBus
            from drivers.sim.mfrc522_chip import Mfrc522ChipSimulator

            label = "simulated MFRC522 reader"
            bus = SimulatedSpiBus()
            chip = Mfrc522ChipSimulator()
            bus.attach(s.bus, s.device, chip)
            from drivers.sim.buttons import mock_pin_factory

            registers = open_spi_registers(bus.spidev, bus=s.bus, device=s.device,
                                           pin_rst=s.pin_rst, pin_factory=mock_pin_factory())
        else:
            registers = open_spi_registers(bus=s.bus, device=s.device, pin_rst=s.pin_rst,
                                           speed_hz=s.speed_hz)
        try:
            version = registers.read(Reg.VERSION)
        finally:
            registers.close()
    except DriverError as error:
        return Probe("reader", label, False, error.problem, error.check, simulated)
    except OSError as error:
        return Probe("reader", label, False, f"I/O error ({error.strerror or error})",
                     "the wiring in wiring.md", simulated)
    finally:
        if chip is not None:
            chip.close()
    return version_answer(label, version, simulated)


def version_answer(label: str, version: int, simulated: bool = False) -> Probe:
    """What the value read from VersionReg says: a chip, or nobody on the bus."""
    if version not in KNOWN_VERSIONS:
        return Probe("reader", label, False, f"version register 0x{version:02X}: no chip answers",
                     "the wiring in wiring.md (SDA/CS, SCK, MOSI, MISO, RST, 3.3 V, GND)",
                     simulated, version)
    chip = VERSION_NAMES.get(version, "MFRC522")
    return Probe("reader", label, True, f"version register 0x{version:02X} ({chip})", "",
                 simulated, version)


def _probe_serial_reader(s: ReaderSettings) -> Probe:
    from drivers.uart.reader import open_serial_port, port_label

    if s.kind == "sim":
        return Probe("reader", f"simulated {s.protocol} reader", True,
                     "a serial reader has nothing to ask until a tag is near", simulated=True)
    label = f"{s.kind} reader on {port_label(s.port)}"
    try:
        open_serial_port(s.port, s.baudrate, timeout=0.05).close()
    except DriverError as error:
        return Probe("reader", label, False, error.problem, error.check)
    return Probe("reader", label, True,
                 "the port opens (a serial reader only speaks when a tag is near)")


# -- display ------------------------------------------------------------------------------------


def probe_display(s: DisplaySettings) -> Probe:
    if s.kind not in ("ssd1306", "sh1106"):
        return _probe_simulated_display(s)
    from drivers.luma_devices import panel_target

    target = panel_target(
        s.kind, interface=s.interface, address=s.address, port=s.port, spi_port=s.spi_port,
        spi_device=s.spi_device, spi_speed_hz=s.spi_speed_hz, gpio_dc=s.gpio_dc,
        gpio_rst=s.gpio_rst, width=s.width, height=s.height, rotate=s.rotate,
    )
    try:
        interface = target.open_interface()
    except DriverError as error:
        return Probe("display", target.label, False, error.problem, error.check)
    try:
        interface.command(_PANEL_NOP)
    except target.transient_errors as error:
        return Probe("display", target.label, False, f"no display answers ({error})",
                     target.hint)
    finally:
        _cleanup(interface)
    if s.interface == "spi":
        return Probe("display", target.label, True,
                     "the SPI bus takes commands (an SPI panel cannot answer back: "
                     "look at the screen)")
    return Probe("display", target.label, True, f"acknowledged a command at 0x{s.address:02X}")


def _cleanup(interface: object) -> None:
    cleanup = getattr(interface, "cleanup", None)
    if cleanup is not None:
        with contextlib.suppress(Exception):  # the probe's answer is already known
            cleanup()


def _probe_simulated_display(s: DisplaySettings) -> Probe:
    if s.kind != "sim":  # png, emulator: frames go to a file, there is no panel to ask
        return Probe("display", f"{s.kind} preview", True, f"frames go to {s.path}",
                     simulated=True)
    from PIL import Image

    from drivers.display import OledDisplay
    from drivers.luma_devices import dummy_target

    events: queue.Queue[object] = queue.Queue()
    target = dummy_target(width=s.width, height=s.height, rotate=s.rotate)
    display = OledDisplay(target, events)
    try:
        display.open(require_device=True)
        display.show(Image.new("1", target.size, 1))
    except DriverError as error:
        return Probe("display", "simulated display", False, error.problem, error.check, True)
    finally:
        display.close()
    return Probe("display", "simulated display", True, "took a frame", simulated=True)


# -- buttons ------------------------------------------------------------------------------------


def probe_buttons(s: ButtonSettings) -> Probe:
    from drivers.buttons import EncoderPins, GpioButtonPanel
    from drivers.sim.buttons import mock_pin_factory

    simulated = s.kind == "sim"
    encoder = None
    if s.encoder is not None:
        encoder = EncoderPins(s.encoder.a, s.encoder.b, s.encoder.push, s.encoder.push_name)
    pins = ", ".join(f"{name} {pin}" for name, pin in s.pins.items())
    label = f"{'simulated ' if simulated else ''}buttons on GPIO {pins}"
    events: queue.Queue[object] = queue.Queue()
    try:
        panel = GpioButtonPanel(events, s.pins, encoder=encoder,
                                pin_factory=mock_pin_factory() if simulated else None)
    except DriverError as error:
        return Probe("buttons", label, False, f"{error.device}: {error.problem}", error.check,
                     simulated)
    try:
        held = [name for name in panel.names if panel.is_pressed(name)]
    finally:
        panel.close()
    if held:
        return Probe("buttons", label, False, f"pressed at start: {', '.join(held)}",
                     "that no button is stuck or wired to the wrong pin", simulated)
    return Probe("buttons", label, True, "every pin reads released", simulated=simulated)


# -- feedback -----------------------------------------------------------------------------------

#: How long the probe waits for its beep to end (it lasts 60 ms).
_BEEP_TIMEOUT = 5.0


def probe_feedback(s: FeedbackSettings) -> Probe:
    """Open the buzzer and LED, beep once with the LED lit, and put both off: outputs
    cannot answer back, so the person running the probe listens and looks."""
    from drivers.feedback import ACCEPTED, GpioFeedback

    simulated = s.kind == "sim"
    factory = None
    if simulated:
        from drivers.sim.feedback import mock_pwm_factory

        factory = mock_pwm_factory()
    try:
        device = GpioFeedback(s.buzzer_pin, s.buzzer, s.led_pin, pin_factory=factory)
    except DriverError as error:
        label = f"{'simulated ' if simulated else ''}buzzer and LED"
        return Probe("feedback", label, False, f"{error.device}: {error.problem}", error.check,
                     simulated)
    label = f"{'simulated ' if simulated else ''}{device.label}"
    try:
        device.light(True)
        device.sound(ACCEPTED)
        player = device.player
        if player is not None:
            player.wait(lambda played: played.begun > 0 and played.idle, _BEEP_TIMEOUT)
        device.light(False)
    finally:
        device.close()
    found = {(True, True): "beeped once with the LED lit", (True, False): "beeped once",
             (False, True): "lit the LED for a moment"}[
        (s.buzzer_pin is not None, s.led_pin is not None)]
    return Probe("feedback", label, True, f"{found}: an output cannot answer back, "
                 "listen and look", simulated=simulated)
