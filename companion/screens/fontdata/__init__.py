"""Bitmap fonts (Pillow `.pil` metrics + `.pbm` glyph sheets) built by `tools/build_fonts.py`.

Source: the X11 "misc-fixed" fonts (Misc-Fixed 6x9, 6x13B, 7x13B, 9x15B, 9x18B, ISO10646-1),
as shipped in xorg's font-misc-misc and Debian's xfonts-base. Their licence, in full:
"Public domain font.  Share and enjoy."  (see LICENSE beside this file).
6x8, the small font, is 6x9 with one row fewer (descenders a row shorter), made from it by
`tools/build_fonts.py`.
"""
