"""Building luma targets for the OLED: SSD1306 or SH1106 over I2C or SPI, and luma's dummy
device for simulation. luma is imported inside these functions, when a display is built, and
its errors are translated into driver errors naming the bus, the address and what to check."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from drivers.display import LumaTarget
from drivers.errors import DeviceIOError, DeviceNotFound, DevicePermission, DriverError

PANEL_KINDS = ("ssd1306", "sh1106")
I2C_MISSING = "dtparam=i2c_arm=on in /boot/firmware/config.txt (then reboot) and display.port"
I2C_WIRING = (
    "the wiring in wiring.md (SDA pin 3, SCL pin 5, 3.3 V, GND), display.address, and "
    "`i2cdetect -y 1`, which should show the address"
)
SPI_MISSING = "dtparam=spi=on in /boot/firmware/config.txt (then reboot) and display.spi_device"
SPI_WIRING = "the wiring in wiring.md (CS, DC and RST pins) and display.gpio_dc / gpio_rst"
PERMISSION = "that the service user is in the groups {groups}"


def rotated_size(width: int, height: int, rotate: int) -> tuple[int, int]:
    return (height, width) if rotate % 2 else (width, height)


def _translate(
    exc: BaseException, label: str, *, missing: str, wiring: str, groups: str
) -> DriverError:
    import luma.core.error as luma_error

    if isinstance(exc, luma_error.DevicePermissionError | PermissionError):
        return DevicePermission(label, "permission denied", PERMISSION.format(groups=groups))
    if isinstance(exc, luma_error.DeviceNotFoundError | FileNotFoundError):
        return DeviceNotFound(label, f"not found ({exc})", f"{missing}; {wiring}")
    if isinstance(exc, luma_error.DeviceAddressError):
        return DriverError(label, str(exc), "display.address (0x3C or 0x3D for these panels)")
    if isinstance(exc, luma_error.UnsupportedPlatform | ModuleNotFoundError | RuntimeError):
        return DeviceNotFound(label, f"GPIO access for DC/RST is unavailable ({exc})",
                              'on a desktop use display.kind = "sim" or "png"')
    return DeviceIOError(label, f"I/O error ({exc})", wiring)


def _guarded(call: Callable[[], Any], label: str, **hints: str) -> Any:
    import luma.core.error as luma_error

    try:
        return call()
    except (OSError, luma_error.Error, ModuleNotFoundError, RuntimeError) as exc:
        raise _translate(exc, label, **hints) from exc


def panel_target(
    kind: str,
    *,
    interface: str = "i2c",
    address: int = 0x3C,
    port: int = 1,
    spi_port: int = 0,
    spi_device: int = 0,
    spi_speed_hz: int = 8_000_000,
    gpio_dc: int = 24,
    gpio_rst: int = 25,
    width: int = 128,
    height: int = 64,
    rotate: int = 0,
    contrast: int | None = None,
) -> LumaTarget:
    """A real SSD1306 / SH1106 panel (pins are BCM numbers)."""
    if kind not in PANEL_KINDS:
        raise ValueError(f"unknown panel {kind!r}")
    import luma.core.error as luma_error
    from luma.core.interface import serial as luma_serial
    from luma.oled import device as luma_oled

    if interface == "i2c":
        label = f"{kind.upper()} display at 0x{address:02X} on /dev/i2c-{port}"
        hints = {"missing": I2C_MISSING, "wiring": I2C_WIRING, "groups": "i2c"}

        def open_interface() -> Any:
            return _guarded(lambda: luma_serial.i2c(port=port, address=address), label, **hints)
    elif interface == "spi":
        label = (f"{kind.upper()} display on /dev/spidev{spi_port}.{spi_device} "
                 f"(DC GPIO {gpio_dc}, RST GPIO {gpio_rst})")
        hints = {"missing": SPI_MISSING, "wiring": SPI_WIRING, "groups": "spi and gpio"}

        def open_interface() -> Any:
            return _guarded(
                lambda: luma_serial.spi(port=spi_port, device=spi_device, gpio_DC=gpio_dc,
                                        gpio_RST=gpio_rst, bus_speed_hz=spi_speed_hz),
                label, **hints,
            )
    else:
        raise ValueError(f"unknown interface {interface!r}")

    panel_class = getattr(luma_oled, kind)

    def make_device(serial_interface: Any) -> Any:
        def build() -> Any:
            device = panel_class(serial_interface, width=width, height=height, rotate=rotate)
            if contrast is not None:
                device.contrast(contrast)
            return device

        try:
            return _guarded(build, label, **hints)
        except DeviceNotFound as exc:
            # The bus opened but the first write found nobody at the address.
            raise DeviceNotFound(label, "no display answers", hints["wiring"]) from exc

    return LumaTarget(
        label=label,
        size=rotated_size(width, height, rotate),
        open_interface=open_interface,
        make_device=make_device,
        transient_errors=(OSError, luma_error.Error),
        hint=hints["wiring"],
    )


def dummy_target(
    *, width: int = 128, height: int = 64, rotate: int = 0, interface: Any = None
) -> LumaTarget:
    """luma's dummy device: keeps the last frame in `.image`; `interface` (e.g. a failing
    one) is what its commands and the probe after a fault go to. By default a counting one,
    so the simulated panel's contrast and on/off commands can be read back."""
    import luma.core.error as luma_error
    from luma.core.device import dummy

    from drivers.sim.display import CountingInterface

    serial = interface if interface is not None else CountingInterface()

    def make_device(serial_interface: Any) -> Any:
        return dummy(width=width, height=height, rotate=rotate, mode="1",
                     serial_interface=serial_interface)

    return LumaTarget(
        label="simulated display",
        size=rotated_size(width, height, rotate),
        open_interface=lambda: serial,
        make_device=make_device,
        transient_errors=(OSError, luma_error.Error),
    )


def interface_target(
    kind: str, serial_interface: Any, *, width: int = 128, height: int = 64, rotate: int = 0
) -> LumaTarget:
    """A real SSD1306 / SH1106 driver class over a given luma serial interface: the byte
    stream is the one a panel would receive (for counting, golden frames, fault injection)."""
    import luma.core.error as luma_error
    from luma.oled import device as luma_oled

    panel_class = getattr(luma_oled, kind)
    return LumaTarget(
        label=f"{kind.upper()} display on a test interface",
        size=rotated_size(width, height, rotate),
        open_interface=lambda: serial_interface,
        make_device=lambda iface: panel_class(iface, width=width, height=height, rotate=rotate),
        transient_errors=(OSError, luma_error.Error),
    )
