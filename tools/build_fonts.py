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

The small font, 6x8, is 6x9 one row shorter (`derive_6x8`, run after the others): on a panel
kept in pages of 8 rows, a text line of 8 rows fills one page and a changed line is sent as one.
"""

from __future__ import annotations

import argparse
import gzip
import io
import struct
import sys
from pathlib import Path

from PIL import Image
from PIL.FontFile import FontFile
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


#: The row of 6x9's cell (0 at the top, baseline under row 6) that each glyph reaching its last
#: row loses: a descender one row shorter, drawn as the letter still reads; every other glyph
#: loses the last row, which it leaves blank. Accents keep row 0, so none is cut.
SHORTER: dict[str, int] = {
    "g": 5, "j": 5, "y": 5, "ý": 5, "ÿ": 5,  # one row less of the body, the hook kept
    "p": 8, "q": 8, "þ": 8,  # one row less of the stem
    ",": 6, ";": 6,  # one row less of the tail
    "Ç": 8, "ç": 8, "¸": 8,  # the cedilla's hook: its first row alone
    "$": 0, "_": 7,
}  # fmt: skip
CELL_6X9 = (6, 9, 7)  # width, height, rows above the baseline


def derive_6x8(target: Path = FONTDATA) -> str:
    """Write 6x8.pil/.pbm from 6x9.pil/.pbm in `target`; returns the name written."""
    width, height, ascent = CELL_6X9
    sheet = Image.open(target / "6x9.pbm").convert("1")
    data = (target / "6x9.pil").read_bytes()
    metrics = data[data.index(b"DATA\n") + 5:]
    font = FontFile()
    for slot in range(256):
        dx, dy, *box = struct.unpack(">10h", metrics[slot * 20:slot * 20 + 20])
        dst, src = box[:4], box[4:]
        if dx == 0 and not any(box):
            continue
        cell = Image.new("1", (width, height), 0)
        if src[2] > src[0] and src[3] > src[1]:
            cell.paste(sheet.crop(tuple(src)), (dst[0], dst[1] + ascent))
        code = slot_table()[slot]
        lose = SHORTER.get(chr(code)) if code is not None else None
        if lose is None:
            lose = height - 1
            if any(cell.getpixel((x, lose)) for x in range(width)):
                raise ValueError(f"slot {slot:#x} reaches the last row: "
                                 "say in SHORTER which row it drops")
        shorter = Image.new("1", (width, height - 1), 0)
        shorter.paste(cell.crop((0, 0, width, lose)), (0, 0))
        shorter.paste(cell.crop((0, lose + 1, width, height)), (0, lose))
        font.glyph[slot] = ((dx, dy), (0, -ascent, width, height - 1 - ascent),
                            (0, 0, width, height - 1), shorter)
    font.save(str(target / "6x8.pil"))
    as_pbm(target / "6x8.pbm")
    return "6x8"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path, nargs="?", default=Path("/usr/share/fonts/X11/misc"),
                        help="folder of misc-fixed PCF files (default: %(default)s)")
    args = parser.parse_args(argv)
    for name in [*build(args.source), derive_6x8()]:
        print(f"wrote {FONTDATA / name}.pil/.pbm")
    return 0


if __name__ == "__main__":
    sys.exit(main())
