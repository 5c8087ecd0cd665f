"""CSV cells that a spreadsheet shows as text and never runs as a formula.

OWASP's rule against CSV injection: a text cell that begins with `=`, `+`, `-`, `@`, a tab or
a carriage return gets a leading single quote. Only text is changed: a number such as -3 is
written as it is and stays a number in the sheet.
"""

from __future__ import annotations

from typing import TypeVar

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
QUOTE = "'"

T = TypeVar("T")


def neutralise(value: T) -> T | str:
    """`value` with a quote in front when it is text a spreadsheet would take as a formula.

    Text that already starts with quotes before such a character gets one more, so that
    `restore` gives back exactly what was written.
    """
    if isinstance(value, str) and _looks_like_formula(value):
        return QUOTE + value
    return value


def restore(cell: str) -> str:
    """A cell as written by `neutralise`, back to its text (for reading an export again)."""
    if cell.startswith(QUOTE) and _looks_like_formula(cell):
        return cell[1:]
    return cell


def _looks_like_formula(text: str) -> bool:
    return text.lstrip(QUOTE).startswith(FORMULA_STARTS)
