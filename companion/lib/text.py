"""Text typed by a player or read from a file, checked on the way in and made safe on the way
out: a control character (an escape that recolours the terminal, a line break inside a name)
is refused where text is given, and written as an escape wherever stored text is echoed.

>>> plain("Cléo"), plain("Ana\\nBen"), plain("\\x1b[31mAna")
(True, False, False)
>>> print(shown("Ana\\nBen \\x1b[31m\\u202e"))
Ana\\nBen \\x1b[31m\\u202e
>>> shown("Cléo · 3")
'Cléo · 3'
>>> json_line({"name": "Cléo\u202e\x85"})
'{"name": "Cléo\\\\u202e\\\\u0085"}'
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable
from typing import Any

#: Control, format (a bidirectional override), surrogate, line and paragraph separator.
_HIDDEN = frozenset(("Cc", "Cf", "Cs", "Zl", "Zp"))
_SHORT = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def plain(text: str) -> bool:
    """Whether `text` is printable as it is: no control character, no line break, no other
    invisible character but the plain space."""
    return text.isprintable()


def shown(text: str) -> str:
    """`text` with every control or invisible formatting character written as an escape
    (`\\n`, `\\x1b`, `\\u202e`), so it stays on one line and never drives the terminal."""
    return _escaped(text, _escape)


def _escape(char: str) -> str:
    code = ord(char)
    if char in _SHORT:
        return _SHORT[char]
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 \
        else f"\\U{code:08x}"


def json_line(value: Any) -> str:
    """`value` as one line of JSON, accents kept, with every character `shown` escapes written
    as a JSON escape (json.dumps escapes only those below U+0020)."""
    return _escaped(json.dumps(value, ensure_ascii=False), _json_escape)


def _escaped(text: str, escape: Callable[[str], str]) -> str:
    """`text` with each control or invisible formatting character written by `escape`."""
    if text.isprintable():
        return text
    return "".join(escape(char) if unicodedata.category(char) in _HIDDEN else char
                   for char in text)


def _json_escape(char: str) -> str:
    code = ord(char)
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
