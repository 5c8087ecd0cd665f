"""Save frames as numbered PNG files (frame-00001.png, ...), skipping unchanged ones.

For a desktop preview or a bug report: every frame the display would show, in order.

>>> import tempfile
>>> from PIL import Image
>>> with tempfile.TemporaryDirectory() as folder:
...     writer = FrameWriter(folder)
...     first = writer.write(Image.new("1", (128, 64)))
...     again = writer.write(Image.new("1", (128, 64)))
...     first.name, again
('frame-00001.png', None)
"""

from __future__ import annotations

import re
from pathlib import Path

from PIL import Image

PATTERN = re.compile(r"frame-(\d+)\.png")


class FrameWriter:
    """Writes each changed frame to `directory`, numbered after the frames already there.

    `scale` enlarges each pixel into a scale x scale square (2 makes a 128x64 frame readable
    on a desktop screen) without blurring it.
    """

    def __init__(self, directory: str | Path, *, scale: int = 1) -> None:
        if scale < 1:
            raise ValueError(f"scale must be 1 or more (got {scale})")
        self.directory = Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)
        self.scale = scale
        self.count = max((int(m.group(1)) for p in self.directory.iterdir()
                          if (m := PATTERN.fullmatch(p.name))), default=0)
        self._last: tuple[tuple[int, int], bytes] | None = None

    def write(self, image: Image.Image) -> Path | None:
        """Save `image` as the next frame; None (nothing written) when it equals the last one."""
        frame = image.convert("1")
        key = (frame.size, frame.tobytes())
        if key == self._last:
            return None
        self._last = key
        if self.scale > 1:
            size = (frame.width * self.scale, frame.height * self.scale)
            frame = frame.resize(size, Image.Resampling.NEAREST)
        self.count += 1
        path = self.directory / f"frame-{self.count:05d}.png"
        frame.save(path)
        return path
