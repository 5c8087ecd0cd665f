"""`companion tags checklist`: every card of a box with its count, its printed name and how
many of its copies are enrolled, as text, a printable HTML page or CSV.

The registry is read, never written: the checklist can be printed while the table runs.
"""

from __future__ import annotations

import argparse
import csv
import html
import io
import sqlite3
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.games import TABLE_GAMES
from companion.games.box import BoxEntry, BoxError, box_board, box_contents
from companion.games.names import card_name, reason
from companion.i18n.translate import translator
from companion.lib import spreadsheet
from companion.state.journal import JournalError
from companion.state.paths import default_state_dir
from companion.state.tags import TagRegistry

PROG = "companion tags"
FORMATS = ("text", "html", "csv")


@dataclass(frozen=True)
class Line:
    """One card of the box on the checklist: how many of its copies have a tag, how many not
    (as the box walk counts them: `BoxEntry.missing`)."""

    entry: BoxEntry
    enrolled: int
    missing: int


def register(actions: Any, common: argparse.ArgumentParser) -> None:
    checklist = actions.add_parser(
        "checklist", parents=[common],
        help="list every card of a box with how many of its copies are enrolled")
    checklist.add_argument("game", help="a game id, e.g. freight-train")
    checklist.add_argument("--board", metavar="MAP", help="the map of a game played on maps")
    checklist.add_argument("--format", choices=FORMATS, default="text",
                           help="text (the default), html (a page to print) or csv")
    spreadsheet.add_options(checklist)
    checklist.set_defaults(run=run_checklist)


def run_checklist(args: argparse.Namespace, language: str) -> int:
    _ = translator(language).gettext
    game: str = args.game.strip().lower()
    if spreadsheet.asked(args) and args.format != "csv":
        return _fail(_("--excel and --separator are for --format csv"))
    try:
        board = box_board(game, args.board)
        box = box_contents(game, language, board)
    except BoxError as error:
        return _fail(reason(error, language))
    state_dir = Path(args.state_dir) if args.state_dir else default_state_dir()
    try:
        with TagRegistry.read_only(state_dir) as registry:
            enrolled = Counter(card for _uid, card in registry.all(game))
    except (OSError, sqlite3.Error) as error:
        detail = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        return _fail(_("cannot use the tag registry: {reason}").format(reason=detail))
    except JournalError as error:
        return _fail(reason(error, language))
    lines = [Line(entry, enrolled[entry.card], entry.missing(enrolled[entry.card]))
             for entry in box]
    title = box_title(game, board, language)
    if args.format == "html":
        text = as_html(title, lines, language)
    elif args.format == "csv":
        text = spreadsheet.shaped(as_csv(game, lines, language), args, language)
    else:
        text = as_text(title, lines, language)
    sys.stdout.write(text)
    return 0


def box_title(game: str, board: str | None, language: str) -> str:
    """"Freight Train", or "Ticket to Ride · Europe"."""
    record = TABLE_GAMES[game]
    title = translator(language).gettext(record.title)
    if board is None or record.map_title is None:
        return title
    return f"{title} · {record.map_title(board)}"


def summary(lines: list[Line], language: str) -> str:
    """"177 cards, 16 enrolled, 161 to tag"."""
    translations = translator(language)
    cards = sum(line.entry.copies for line in lines)
    enrolled = sum(min(line.enrolled, line.entry.copies) for line in lines)
    parts = (translations.ngettext("{count} card", "{count} cards", cards),
             translations.ngettext("{count} enrolled", "{count} enrolled", enrolled),
             translations.ngettext("{count} to tag", "{count} to tag", cards - enrolled))
    return ", ".join(part.format(count=count)
                     for part, count in zip(parts, (cards, enrolled, cards - enrolled)))


def as_text(title: str, lines: list[Line], language: str) -> str:
    """One line a card: a box ticked when every copy is enrolled, the name, enrolled/count."""
    width = max((len(line.entry.label) for line in lines), default=0)
    rows = [f"{title}: {summary(lines, language)}"]
    for line in lines:
        mark = "[x]" if not line.missing else "[ ]"
        count = f"{line.enrolled}/{line.entry.copies}"
        rows.append(f"{mark} {line.entry.label:<{width}}  {count:>7}")
    return "\n".join(rows) + "\n"


def as_csv(game: str, lines: list[Line], language: str) -> str:
    """kind, value (the registry's ids), the printed name, the count, enrolled, to tag."""
    _ = translator(language).gettext
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["kind", "value", _("Card"), _("Copies"), _("Enrolled"), _("To tag")])
    for line in lines:
        card = line.entry.card
        writer.writerow([spreadsheet.neutralise(cell) for cell in (
            card.kind, card.value, line.entry.label, line.entry.copies, line.enrolled,
            line.missing)])
    return out.getvalue()


#: The page's own style: nothing is fetched from elsewhere; on paper, no colours, rows kept
#: whole, the header repeated on every page.
STYLE = """
body { font-family: sans-serif; margin: 1.5em; color: #000; }
h1 { font-size: 1.3em; margin: 0 0 .2em; }
p { margin: 0 0 1em; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #888; padding: .25em .5em; text-align: left; }
td.n, th.n { text-align: right; }
tr.done td { color: #555; }
h2 { font-size: 1.05em; margin: 1.2em 0 .3em; }
.box { display: inline-block; width: .9em; height: .9em; border: 1px solid #000; }
@media print {
  body { margin: 0; font-size: 10pt; }
  thead { display: table-header-group; }
  tr { page-break-inside: avoid; }
}
"""


def as_html(title: str, lines: list[Line], language: str) -> str:
    """A page to print: one table a kind of card, a box to tick on each row."""
    _ = translator(language).gettext
    e = html.escape
    parts = [f'<!DOCTYPE html>\n<html lang="{e(language)}">\n<head>\n<meta charset="utf-8">\n'
             f"<title>{e(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
             f"<h1>{e(title)}</h1>\n<p>{e(summary(lines, language))}</p>\n"]
    header = (f'<thead><tr><th></th><th>{e(_("Card"))}</th><th class="n">{e(_("Copies"))}'
              f'</th><th class="n">{e(_("Enrolled"))}</th><th class="n">{e(_("To tag"))}'
              "</th></tr></thead>\n")
    for kind, rows in _by_kind(lines).items():
        game = rows[0].entry.card.game
        parts.append(f"<h2>{e(card_name(game, kind, '', language))}</h2>\n<table>\n{header}"
                     "<tbody>\n")
        for line in rows:
            done = ' class="done"' if not line.missing else ""
            mark = "✓" if not line.missing else '<span class="box"></span>'
            parts.append(f"<tr{done}><td>{mark}</td><td>{e(line.entry.label)}</td>"
                         f'<td class="n">{line.entry.copies}</td>'
                         f'<td class="n">{line.enrolled}</td>'
                         f'<td class="n">{line.missing}</td></tr>\n')
        parts.append("</tbody>\n</table>\n")
    parts.append("</body>\n</html>\n")
    return "".join(parts)


def _by_kind(lines: list[Line]) -> dict[str, list[Line]]:
    kinds: dict[str, list[Line]] = {}
    for line in lines:
        kinds.setdefault(line.entry.card.kind, []).append(line)
    return kinds


def _fail(message: str) -> int:
    print(f"{PROG}: {message}", file=sys.stderr)
    return 2
