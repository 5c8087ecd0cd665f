"""Screens: pure functions from a view model to a 1-bit 128x64 image.

- `model`: the `Screen` view model the table flows fill in (text already translated);
- `render`: `render(screen) -> PIL.Image.Image`, the frame the OLED shows;
- `fonts`, `glyphs`, `layout`: the bitmap fonts (Latin-1 and a few extras at every size) and
  how text is fitted (largest size that fits, wrap, ellipsis);
- `terminal`: the frame as Unicode half blocks, for a desktop terminal;
- `frames`: the frames saved as numbered PNG files, unchanged ones skipped.
"""
