"""CSV as a spreadsheet opens it: never a formula, the separator and the mark Excel looks for.

OWASP's rule against CSV injection: a text cell that begins with `=`, `+`, `-`, `@`, a tab or
a carriage return gets a leading single quote. Only text is changed: a number such as -3 is
written as it is and stays a number in the sheet.

Excel reads a CSV file in the list separator of the computer's language (a semicolon in
French, where the comma is the decimal mark) and takes a file without a byte-order mark for
the old Windows code page, so accents come out garbled. `--excel` gives both: the mark, and
semicolons when the chosen language is French. `--separator` picks one outright. Every number
the companion exports is an integer, so no decimal mark is ever needed.
"""

from __future__ import annotations

import argparse
import csv
import io
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


#: The separators offered, by the names a user types.
SEPARATORS = {"comma": ",", ",": ",", "semicolon": ";", ";": ";", "tab": "\t"}
#: The list separator a spreadsheet expects, by language.
EXCEL_SEPARATOR = {"en": ",", "fr": ";"}
BYTE_ORDER_MARK = "\ufeff"


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--separator", choices=sorted(SEPARATORS),
        help="CSV: what separates the columns: comma (the default), semicolon (what a French "
             "spreadsheet expects) or tab",
    )  # fmt: skip
    parser.add_argument(
        "--excel", action="store_true",
        help="CSV for Excel: a UTF-8 mark so accents show, and semicolons when the language "
             "is French (--lang fr), unless --separator says otherwise",
    )  # fmt: skip


def asked(args: argparse.Namespace) -> bool:
    """Whether the command line asks for anything but plain CSV."""
    return bool(args.separator or args.excel)


def shaped(text: str, args: argparse.Namespace, language: str) -> str:
    """`text` (CSV with commas) as the options ask: the same cells, another separator, and the
    byte-order mark for Excel."""
    separator = (SEPARATORS[args.separator] if args.separator
                 else EXCEL_SEPARATOR.get(language, ",") if args.excel else ",")
    return reshaped(text, separator, args.excel)


def for_excel(text: str, language: str) -> str:
    """`text` (CSV with commas) as `--excel` gives it in `language`: the language's list
    separator and the byte-order mark."""
    return reshaped(text, EXCEL_SEPARATOR.get(language, ","), True)


def reshaped(text: str, separator: str, mark: bool) -> str:
    """`text` (CSV with commas) with another `separator`, and the byte-order mark if `mark`."""
    if separator != ",":
        rows = csv.reader(io.StringIO(text, newline=""), strict=True)
        out = io.StringIO()
        csv.writer(out, delimiter=separator, lineterminator="\n").writerows(rows)
        text = out.getvalue()
    return BYTE_ORDER_MARK + text if mark else text
