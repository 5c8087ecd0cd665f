"""The small font, 6x8: made from 6x9 by `tools/build_fonts.py`, one row shorter, nothing lost."""

from __future__ import annotations

import shutil
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFont

from companion.screens.fonts import FONTDATA, SMALL, load
from companion.screens.glyphs import slot_table
from tools.build_fonts import SHORTER, derive_6x8


def cell(font: ImageFont.ImageFont, slot: int, height: int) -> Image.Image:
    image = Image.new("1", (6, height), 0)
    ImageDraw.Draw(image).text((0, 0), chr(slot), font=font, fill=255)
    return image


def test_the_shipped_6x8_is_what_the_tool_makes_from_6x9(tmp_path: Path) -> None:
    for suffix in (".pil", ".pbm"):
        shutil.copy(FONTDATA / f"6x9{suffix}", tmp_path / f"6x9{suffix}")
    assert derive_6x8(tmp_path) == "6x8"
    made = ImageFont.load(str(tmp_path / "6x8.pil"))
    for slot in range(256):
        assert ImageChops.difference(cell(made, slot, 8), cell(SMALL.image_font, slot, 8)
                                     ).getbbox() is None, f"slot {slot:#x}"


def test_each_glyph_keeps_its_rows_but_one_and_its_accents() -> None:
    tall = load("6x9").image_font
    for slot, code in enumerate(slot_table()):
        if code is None:
            continue
        before, after = cell(tall, slot, 9), cell(SMALL.image_font, slot, 8)
        lose = SHORTER.get(chr(code), 8)
        kept = Image.new("1", (6, 8), 0)
        kept.paste(before.crop((0, 0, 6, lose)), (0, 0))
        kept.paste(before.crop((0, lose + 1, 6, 9)), (0, lose))
        assert ImageChops.difference(kept, after).getbbox() is None, chr(code)
        # The row dropped holds at most what the rows beside it hold: a row of a stem, a tail,
        # a bowl, never an accent (row 0 is kept for all but "$", whose top it is).
        assert lose != 0 or chr(code) == "$"
