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
    """`value` with a quote in front when it is text a spreadsheet would take as a formula."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return QUOTE + value
    return value


def restore(cell: str) -> str:
    """A cell as written by `neutralise`, back to its text (for reading an export again)."""
    if cell.startswith(QUOTE) and cell[1:].startswith(FORMULA_STARTS):
        return cell[1:]
    return cell
