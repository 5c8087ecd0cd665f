"""A linear look at TOML text before it is parsed: how many parts its dotted keys have, how
many digits its numbers.

The standard library's `tomllib` spends time quadratic in the number of parts of one dotted
key (`a.b.c...`): for each part it builds and looks up every shorter prefix. A 100 kB line of
`k1.k2.k3...` takes it tens of seconds. No configuration or map file needs more than a few
parts, so text with a longer key is refused before `tomllib` sees it; with keys of at most
MAX_KEY_PARTS parts its work grows linearly with the size of the text.

A number of more than 4,300 digits makes `tomllib` fail with Python's own limit on turning
text into integers (a ValueError, not a TOML error); no file needs a number of more than a
few digits, so text with one of more than MAX_NUMBER_DIGITS digits is refused first too.

>>> long_key_line('[reader]\\nkind = "sim"\\na.b.c = 1\\n', max_parts=2)
3
>>> long_key_line('path = "a.b.c.d.e"  # a.b.c.d\\n', max_parts=2) is None
True
>>> long_number_line('a = 1\\nb = 1_000_000\\n', max_digits=6)
2
>>> long_number_line('a = "1234567"  # 1234567\\n', max_digits=6) is None
True
"""

from __future__ import annotations

#: Generous: the files read here nest three or four levels at most.
MAX_KEY_PARTS = 16

#: Far more than any number a configuration or map file holds, far below Python's limit.
MAX_NUMBER_DIGITS = 100

#: Where a key (or a table header) ends and a value or the next key starts.
_KEY_ENDS = frozenset("=,{}[]\n")


def long_key_line(text: str, max_parts: int = MAX_KEY_PARTS) -> int | None:
    """The line (from 1) of the first key or table header with more than `max_parts` parts.

    Strings and comments are skipped, so dots inside them do not count; a bare value holds at
    most one dot (1.5, a time), far below the bound. One pass over the text.
    """
    line = 1
    dots = 0
    index = 0
    length = len(text)
    while index < length:
        char = text[index]
        if char == "#":
            end = text.find("\n", index)
            index = length if end < 0 else end
            continue
        if char in "\"'":
            index, line = _skip_string(text, index, line)
            continue
        if char == ".":
            dots += 1
            if dots >= max_parts:
                return line
        elif char in _KEY_ENDS:
            dots = 0
            if char == "\n":
                line += 1
        index += 1
    return None


def _skip_string(text: str, start: int, line: int) -> tuple[int, int]:
    """Past the string opening at `start` (basic or literal, one line or several)."""
    quote = text[start]
    closing = quote * 3 if text.startswith(quote * 3, start) else quote
    index = start + len(closing)
    escapes = quote == '"'
    while index < len(text):
        char = text[index]
        if escapes and char == "\\":
            line += text.startswith("\n", index + 1)
            index += 2
            continue
        if char == "\n":
            line += 1
            if len(closing) == 1:  # an unclosed one-line string: tomllib will say so
                return index, line - 1
        if text.startswith(closing, index):
            return index + len(closing), line
        index += 1
    return index, line


def long_number_line(text: str, max_digits: int = MAX_NUMBER_DIGITS) -> int | None:
    """The line (from 1) of the first number (or bare key) of more than `max_digits` digits;
    underscores between digits do not count. Strings and comments are skipped. One pass."""
    line = 1
    digits = 0
    index = 0
    length = len(text)
    while index < length:
        char = text[index]
        if char == "#":
            end = text.find("\n", index)
            index = length if end < 0 else end
            continue
        if char in "\"'":
            index, line = _skip_string(text, index, line)
            digits = 0
            continue
        if "0" <= char <= "9":
            digits += 1
            if digits > max_digits:
                return line
        elif char != "_":
            digits = 0
            if char == "\n":
                line += 1
        index += 1
    return None
