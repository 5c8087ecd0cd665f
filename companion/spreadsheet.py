"""CSV as a spreadsheet opens it: the separator and the UTF-8 mark Excel looks for.

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
    if separator != ",":
        rows = csv.reader(io.StringIO(text, newline=""), strict=True)
        out = io.StringIO()
        csv.writer(out, delimiter=separator, lineterminator="\n").writerows(rows)
        text = out.getvalue()
    return BYTE_ORDER_MARK + text if args.excel else text
