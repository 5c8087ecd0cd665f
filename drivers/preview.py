"""Desktop previews of the OLED: PNG files written with Pillow (always available), and the
optional luma.emulator devices (an animated GIF, numbered PNG captures, a pygame window).
Imported only when such a display is built."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from luma.core.device import dummy
from PIL import Image

from drivers.display import LumaTarget
from drivers.errors import DriverError
from drivers.luma_devices import rotated_size

EMULATORS = ("gifanim", "capture", "pygame")
LATEST = "latest.png"


class PngFrameDevice(dummy):  # type: ignore[misc]
    """A luma dummy device that also writes each frame it receives to `directory/latest.png`
    (replaced atomically, so a viewer never reads half a file) and, with `keep_frames`, to
    numbered files. Frames are saved as drawn, before the panel's rotation."""

    def __init__(self, directory: str | os.PathLike[str], *, keep_frames: bool = False,
                 width: int = 128, height: int = 64, rotate: int = 0) -> None:
        super().__init__(width=width, height=height, rotate=rotate, mode="1")
        self.directory = Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)
        self.keep_frames = keep_frames
        self.frames_written = 0

    def display(self, image: Image.Image) -> None:
        super().display(image)
        self.frames_written += 1
        if self.keep_frames:
            image.save(self.directory / f"frame-{self.frames_written:06d}.png", format="PNG")
        temporary = self.directory / f".{LATEST}.tmp"
        image.save(temporary, format="PNG")
        os.replace(temporary, self.directory / LATEST)


def png_target(path: str | os.PathLike[str], *, keep_frames: bool = False, width: int = 128,
               height: int = 64, rotate: int = 0) -> LumaTarget:
    from luma.core.interface.serial import noop

    label = f"PNG preview in {path}"

    def make_device(serial_interface: Any) -> Any:
        try:
            return PngFrameDevice(path, keep_frames=keep_frames, width=width, height=height,
                                  rotate=rotate)
        except OSError as exc:
            raise DriverError(label, f"cannot write there ({exc})", "display.path") from exc

    return LumaTarget(
        label=label,
        size=rotated_size(width, height, rotate),
        open_interface=noop,
        make_device=make_device,
        transient_errors=(OSError,),
    )


def emulator_target(emulator: str, path: str | os.PathLike[str], *, width: int = 128,
                    height: int = 64, rotate: int = 0, scale: int = 2) -> LumaTarget:
    """A luma.emulator device: "gifanim" writes `path` (a .gif) on close, "capture" writes
    numbered PNGs into the directory `path`, "pygame" opens a window."""
    if emulator not in EMULATORS:
        raise ValueError(f"unknown emulator {emulator!r}")
    if emulator != "pygame":
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # before pygame loads: no window
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    label = f"luma.emulator {emulator} preview"
    try:
        from luma.core.interface.serial import noop
        from luma.emulator import device as emulated
    except ModuleNotFoundError as exc:
        raise DriverError(label, f"the Python package {exc.name!r} is missing",
                          "pip install 'tabletop-companion[preview]', or use display.kind = "
                          '"png"') from exc
    common = {"width": width, "height": height, "rotate": rotate, "mode": "1", "scale": scale,
              "transform": "none" if scale == 1 else "scale2x"}

    def build() -> Any:
        if emulator == "gifanim":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            return emulated.gifanim(filename=str(path), duration=0.1, **common)
        if emulator == "capture":
            Path(path).mkdir(parents=True, exist_ok=True)
            return emulated.capture(file_template=str(Path(path) / "oled_{0:06}.png"), **common)
        return emulated.pygame(**common)

    def make_device(serial_interface: Any) -> Any:
        try:
            return build()
        except (OSError, RuntimeError, ImportError) as exc:  # no pygame, no display, no folder
            raise DriverError(label, str(exc), 'display.path, or display.kind = "png"') from exc

    def on_close(device: Any) -> None:
        if emulator == "gifanim":
            device.write_animation()

    return LumaTarget(
        label=label,
        size=rotated_size(width, height, rotate),
        open_interface=noop,
        make_device=make_device,
        transient_errors=(OSError,),
        hide_on_close=False,  # an emulator "hides" by redrawing its last frame dimmed
        on_close=on_close,
    )
