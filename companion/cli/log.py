"""`companion log`, `companion status`, `companion export`: read the journal, never change it.

They read a copy made through a read-only connection, so they work while the companion runs
and change nothing on disk. Bad input (a missing or unreadable state folder, a journal from a
newer companion, a damaged file) gives one line on standard error and exit status 2;
`status` exits with 3 and one line when the journal lost moves or is damaged.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.games.names import reason
from companion.i18n.translate import translator
from companion.lib import spreadsheet
from companion.lib.text import json_line, shown
from companion.publish.export import FORMATS, board_name, export, json_play, play_date
from companion.publish.live_view import play_summary
from companion.publish.player_ids import personal_ids
from companion.state.endings import ABANDONED, FINISHED_EARLY
from companion.state.journal import (
    EXIT_BUSY,
    PROGRESS_SUFFIX,
    Journal,
    JournalDamaged,
    JournalError,
    PlayRecord,
    ProgressUnreadable,
    StateFolderBusy,
)
from companion.state.paths import default_state_dir, journal_path
from companion.state.replay import rebuild, rules_for
from engine.errors import N_

EXIT_BAD_INPUT = 2
#: `companion status`: the journal holds fewer moves than were committed, or is damaged.
EXIT_LOSS = 3


class _Refused(Exception):
    """A one-line, already translated reason to stop with status 2."""


def register(commands: Any) -> None:
    log = commands.add_parser("log", help="print the journal: the plays and their events")
    _state_dir_option(log)
    log.add_argument("--json", action="store_true", help="print JSON instead of a listing")
    log.add_argument("--play", type=int, metavar="ID", help="only this play, with its events")
    log.set_defaults(run=run_log)

    status = commands.add_parser("status", help="the game in progress and its current tally")
    _state_dir_option(status)
    status.add_argument("--json", action="store_true", help="print JSON instead of text")
    status.set_defaults(run=run_status)

    exporting = commands.add_parser("export", help="the finished plays, for BG Stats or a sheet")
    _state_dir_option(exporting)
    exporting.add_argument("--format", required=True, choices=FORMATS,
                           help="bgstats (BG Stats play JSON), csv (a row per player) or json")
    exporting.add_argument("--output", metavar="FILE", help="write to FILE, not standard output")
    spreadsheet.add_options(exporting)
    exporting.set_defaults(run=run_export)


def _state_dir_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--state-dir", metavar="DIR",
        help="the companion's state folder (default: COMPANION_STATE_DIR, else "
             "/var/lib/companion if writable, else ~/.local/state/companion)",
    )  # fmt: skip


Body = Callable[[Journal | None, argparse.Namespace, str], int]


def run_log(args: argparse.Namespace, language: str) -> int:
    return _run("log", _log, args, language)


def run_status(args: argparse.Namespace, language: str) -> int:
    return _run("status", _status, args, language)


def run_export(args: argparse.Namespace, language: str) -> int:
    return _run("export", _export, args, language)


def _run(command: str, body: Body, args: argparse.Namespace, language: str) -> int:
    try:
        journal = _open(args, language)
        try:
            return body(journal, args, language)
        finally:
            if journal is not None:
                journal.close()
    except _Refused as refusal:
        message = shown(str(refusal))
    except StateFolderBusy as error:
        print(f"companion {command}: {reason(error, language)}", file=sys.stderr)
        return EXIT_BUSY
    except JournalError as error:
        message = reason(error, language)
        if command == "status" and isinstance(error, JournalDamaged):
            print(f"companion {command}: {message}", file=sys.stderr)
            return EXIT_LOSS
    print(f"companion {command}: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT


def _folder(args: argparse.Namespace) -> Path:
    return Path(args.state_dir).expanduser() if args.state_dir else default_state_dir()


def _open(args: argparse.Namespace, language: str) -> Journal | None:
    """The journal in the state folder; None when the companion has recorded nothing yet."""
    _ = translator(language).gettext
    folder = _folder(args)
    if not folder.exists():
        raise _Refused(_("no state folder {folder}: the companion has not run here yet, "
                         "or give --state-dir").format(folder=folder))
    if not folder.is_dir():
        raise _Refused(_("{folder} is not a folder").format(folder=folder))
    if not os.access(folder, os.R_OK | os.X_OK):
        raise _Refused(_("cannot read the state folder {folder}: permission denied").format(
            folder=folder))
    path = journal_path(folder)
    if not path.exists():
        return None
    return Journal.open_read_only(path)


# --- log ---------------------------------------------------------------------------------------


def _log(journal: Journal | None, args: argparse.Namespace, language: str) -> int:
    _ = translator(language).gettext
    if args.play is not None:
        play = journal.play(args.play) if journal else None
        if play is None:
            raise _Refused(_("there is no play {play} in the journal").format(play=args.play))
        plays = [play]
    else:
        plays = journal.plays() if journal else []
    if journal is None or not plays:
        print(json.dumps({"plays": []}) if args.json else _("The journal is empty."))
        return 0
    if args.json:
        entries = [_play_json(journal, play) for play in plays]
        print(json_line({"plays": entries}))
        return 0
    for play in plays:
        print(_play_line(play, journal.event_count(play.id), language))
        if args.play is not None:
            for record in journal.records(play.id):
                print(f"  {record.seq:>5}  {play_date(record.recorded)[11:]}  "
                      f"{json_line(record.event)}")
    return 0


def _play_json(journal: Journal, play: PlayRecord) -> dict[str, Any]:
    return {
        **json_play(play),
        "draft": journal.draft(play.id),
        "events": [
            {"seq": record.seq, "recorded": record.recorded, "event": record.event,
             "uids": list(record.uids)}
            for record in journal.records(play.id)
        ],
    }


def _play_line(play: PlayRecord, count: int, language: str) -> str:
    words = translator(language)
    _ = words.gettext
    winners = shown(", ".join((play.result or {}).get("winners", []))) or "-"
    if play.finished is None:
        outcome = _("in progress")
    elif play.ending == ABANDONED:
        outcome = _("abandoned")
    elif play.ending == FINISHED_EARLY:
        outcome = _("finished early, won by {winners}").format(winners=winners)
    else:
        outcome = _("won by {winners}").format(winners=winners)
    return _("#{id} {game}: {players}; {started}; {events}; {outcome}").format(
        id=play.id, game=shown(play.game), players=shown(", ".join(play.players)),
        started=play_date(play.started)[:16],
        events=words.ngettext("{count} event", "{count} events", count).format(count=count),
        outcome=outcome,
    )


# --- status ------------------------------------------------------------------------------------


def _status(journal: Journal | None, args: argparse.Namespace, language: str) -> int:
    problem = _problem(journal, args)
    if problem is not None:
        # Said first and alone: the tally of a journal that lost moves would mislead.
        if args.json:
            print(json_line({"status": "lost", "problem": reason(problem, language)}))
        print(f"companion status: {reason(problem, language)}", file=sys.stderr)
        return EXIT_LOSS
    return _tally(journal, args, language)


def _problem(journal: Journal | None, args: argparse.Namespace) -> JournalError | None:
    """A loss or damage the journal shows: fewer moves than committed, a failed check."""
    if journal is None:
        folder = Path(args.state_dir).expanduser() if args.state_dir else default_state_dir()
        path = journal_path(folder)
        if not Path(f"{path}{PROGRESS_SUFFIX}").exists():
            return None
        # The count file says moves were committed, but the journal is gone.
        with Journal.open_read_only(path) as empty:
            return _problem(empty, args)
    problem = journal.damage()
    if problem is not None:
        return JournalDamaged(N_("{file} is damaged: {problem}"), file=str(journal.path),
                              problem=problem)
    try:
        loss = journal.losses()
    except ProgressUnreadable as error:
        return error
    return None if loss is None else loss.error(journal.path)


def _tally(journal: Journal | None, args: argparse.Namespace, language: str) -> int:
    words = translator(language)
    _ = words.gettext
    play = journal.unfinished() if journal else None
    if journal is None or play is None:
        print(json.dumps({"status": "idle"}) if args.json else _("No game in progress."))
        return 0
    rules = rules_for(play)
    state, count = rebuild(journal, rules, play)
    try:
        tally = rules.result(state).to_json()
    except (ValueError, TypeError) as error:
        raise _Refused(_("cannot tally play {play}: {reason}").format(
            play=play.id, reason=reason(error, language))) from error
    board = board_name(play)
    if args.json:
        print(json_line({**play_summary(play, count), **({"board": board} if board else {}),
                         "result": tally}))
        return 0
    playing = (_("Playing {game} on {board} (play #{id}) since {started}: {events}") if board
               else _("Playing {game} (play #{id}) since {started}: {events}"))
    print(playing.format(
        game=shown(play.game), board=shown(board), id=play.id,
        started=play_date(play.started)[:16],
        events=words.ngettext("{count} event", "{count} events", count).format(count=count)))
    for player in tally["players"]:
        print(_("  {name}: {total}").format(name=shown(player["name"]), total=player["total"]))
    return 0


# --- export ------------------------------------------------------------------------------------


def _export(journal: Journal | None, args: argparse.Namespace, language: str) -> int:
    _ = translator(language).gettext
    if spreadsheet.asked(args) and args.format != "csv":
        raise _Refused(_("--separator and --excel shape CSV; add --format csv"))
    plays = journal.plays(finished=True) if journal else []
    # Dates and durations come from the journal's own order of events (see export.timeline).
    stamps = {play.id: [record.recorded for record in journal.records(play.id)]
              for play in plays} if journal and args.format == "bgstats" else {}
    ids = personal_ids(_folder(args)) if args.format == "bgstats" else {}
    text = export(plays, args.format, stamps, ids)
    if args.format == "csv":
        text = spreadsheet.shaped(text, args, language)
    if not args.output:
        sys.stdout.write(text)
        return 0
    try:
        with open(args.output, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
    except OSError as error:
        raise _Refused(_("cannot write {file}: {reason}").format(
            file=args.output, reason=error.strerror or error)) from error
    return 0
