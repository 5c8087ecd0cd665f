"""Build the OLED's bitmap fonts from X11 "misc-fixed" PCF files (public domain).

The fonts ship ready-made in `companion/screens/fontdata/`; run this only to add a size or a
glyph (edit `companion.screens.glyphs.EXTRA_GLYPHS` first). The PCF files come from Debian's
`xfonts-base` package (`apt-get install xfonts-base`, or `apt-get download xfonts-base` and
`dpkg-deb -x` it):

    python -m tools.build_fonts /usr/share/fonts/X11/misc

Each font becomes NAME.pil (metrics) and NAME.pbm (the glyph sheet), Pillow's bitmap font
format, holding the 256 slots `glyphs.slot_table()` describes. Pillow writes the sheet as PNG
data under the .pbm name; it is rewritten as a true PBM, so that loading a font needs only
Pillow's PPM reader and not the PNG, JPEG, GIF and BMP ones (about 1.5 MB resident).
"""

from __future__ import annotations

import argparse
import gzip
import io
import sys
from pathlib import Path

from PIL import Image
from PIL.PcfFontFile import PCF_BDF_ENCODINGS, PcfFontFile

from companion.screens.glyphs import slot_table

FONTDATA = Path(__file__).parents[1] / "companion" / "screens" / "fontdata"
#: The sizes the screens use (see companion.screens.fonts).
FONTS = ("6x9", "6x13B", "7x13B", "9x15B", "9x18B")


class SlottedPcf(PcfFontFile):
    """A Unicode PCF font read into the companion's 256 slots.

    Pillow's reader maps byte values through a single-byte charset, which cannot reach
    characters beyond U+00FF; this one looks each slot's code point up in the PCF's
    two-byte encoding table.
    """

    def _load_encoding(self) -> list[int | None]:
        fp, _format, i16, _i32 = self._getformat(PCF_BDF_ENCODINGS)
        first_col, last_col = i16(fp.read(2)), i16(fp.read(2))
        first_row, last_row = i16(fp.read(2)), i16(fp.read(2))
        i16(fp.read(2))  # the default glyph: an empty slot stays empty instead
        columns = last_col - first_col + 1
        offsets = [i16(fp.read(2)) for _ in range(columns * (last_row - first_row + 1))]
        encoding: list[int | None] = [None] * 256
        for slot, code in enumerate(slot_table()):
            if code is None:
                continue
            row, column = divmod(code, 256)
            if first_row <= row <= last_row and first_col <= column <= last_col:
                offset = offsets[(row - first_row) * columns + column - first_col]
                if offset != 0xFFFF:
                    encoding[slot] = offset
        return encoding


def read_pcf(path: Path) -> SlottedPcf:
    data = path.read_bytes()
    if path.suffix == ".gz":
        data = gzip.decompress(data)
    return SlottedPcf(io.BytesIO(data))


def as_pbm(path: Path) -> None:
    """Rewrite the glyph sheet at `path` (PNG data) as a binary PBM, pixel for pixel."""
    with Image.open(path) as sheet:
        sheet.load()
        pixels = sheet.copy()
    pixels.save(path, "PPM")


def build(source: Path, target: Path = FONTDATA) -> list[str]:
    """Convert each of FONTS from `source` into `target`; returns what it wrote."""
    written = []
    for name in FONTS:
        candidates = [source / f"{name}.pcf.gz", source / f"{name}.pcf"]
        path = next((p for p in candidates if p.exists()), None)
        if path is None:
            raise FileNotFoundError(f"{name}.pcf.gz not found in {source}")
        font = read_pcf(path)
        copyright_ = font.info.get(b"COPYRIGHT", b"")
        if not isinstance(copyright_, bytes) or b"Public domain" not in copyright_:
            raise ValueError(f"{path}: not the public domain misc-fixed font ({copyright_!r})")
        font.save(str(target / f"{name}.pil"))
        as_pbm(target / f"{name}.pbm")
        written.append(name)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path, nargs="?", default=Path("/usr/share/fonts/X11/misc"),
                        help="folder of misc-fixed PCF files (default: %(default)s)")
    args = parser.parse_args(argv)
    for name in build(args.source):
        print(f"wrote {FONTDATA / name}.pil/.pbm")
    return 0


if __name__ == "__main__":
    sys.exit(main())
