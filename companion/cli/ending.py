"""`companion abandon` and `companion finish`: end the game in progress from the shell.

Both keep the play in the journal with its tally as it stands (see
`companion.state.endings`): `abandon` names no winner, `finish` names the winners of that
tally. They own the state folder while they write, so they refuse while the table runs (it
has the same two in its game menu: hold `up`), and they ask first unless given `--yes`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from companion.games.names import reason
from companion.i18n.translate import translator
from companion.lib.text import shown
from companion.state.endings import ABANDONED, FINISHED_EARLY, Ending
from companion.state.folder import exit_status_of, take_folder
from companion.state.journal import Journal, JournalError
from companion.state.paths import default_state_dir, journal_path
from companion.state.reads import PlayRecord
from engine.errors import N_, IllegalEvent

EXIT_REFUSED = 2
#: Each command: how it ends the play, its help, and what it asks first.
COMMANDS: dict[str, tuple[Ending, str, str]] = {
    "abandon": (ABANDONED, "abandon the game in progress: kept in the journal, with no winner",
                N_("Abandon this game? [y/N] ")),
    "finish": (FINISHED_EARLY, "finish the game in progress now, scored as it stands",
               N_("Finish this game now? [y/N] ")),
}


def register(commands: Any) -> None:
    for name, (how, help_text, _question) in COMMANDS.items():
        parser = commands.add_parser(name, help=help_text)
        parser.add_argument(
            "--state-dir", metavar="DIR",
            help="the companion's state folder (default: COMPANION_STATE_DIR, else "
                 "/var/lib/companion if writable, else ~/.local/state/companion)")
        parser.add_argument("--yes", action="store_true", help="do it without asking first")
        parser.add_argument("--wait", action="store_true",
                            help="wait for the process that uses the state folder to stop")
        parser.set_defaults(run=run_ending, command_name=name, ending=how)


def run_ending(args: argparse.Namespace, language: str) -> int:
    _ = translator(language).gettext
    name: str = args.command_name
    folder = Path(args.state_dir).expanduser() if args.state_dir else default_state_dir()
    if not journal_path(folder).exists():
        return _fail(name, _("no game in progress in {folder}").format(folder=folder))
    try:
        owner = take_folder(folder, f"companion {name}", wait=args.wait)
    except JournalError as error:
        return _fail(name, reason(error, language), exit_status_of(error))
    try:
        with Journal(journal_path(folder)) as journal:
            return _end(journal, args, language)
    except (JournalError, IllegalEvent) as error:
        return _fail(name, reason(error, language), exit_status_of(error)
                     if isinstance(error, JournalError) else EXIT_REFUSED)
    finally:
        owner.release()


def _end(journal: Journal, args: argparse.Namespace, language: str) -> int:
    from companion.table.session import GameSession

    _ = translator(language).gettext
    name: str = args.command_name
    play = journal.unfinished()
    if play is None:
        return _fail(name, _("no game in progress; nothing to {command}").format(command=name))
    session = GameSession.resume(journal, play)
    if session.finished:  # the last move ended it: the resume recorded its result
        return _fail(name, _("play #{id} was over already").format(id=play.id))
    print(_describe(play, session, language))
    if not args.yes and not _confirmed(name, language):
        print(_("Nothing changed."))
        return EXIT_REFUSED
    ended = session.end_early(args.ending)
    winners = shown(", ".join((ended.result or {}).get("winners", []))) or "-"
    if args.ending == ABANDONED:
        print(_("Play #{id} abandoned; its tally is kept in the journal.").format(id=play.id))
    else:
        print(_("Play #{id} finished early, won by {winners}.").format(id=play.id,
                                                                        winners=winners))
    return 0


def _describe(play: PlayRecord, session: Any, language: str) -> str:
    """The play and its tally as it stands: what the command would keep."""
    words = translator(language)
    _ = words.gettext
    tally = session.rules.result(session.state).to_json()
    scores = ", ".join(f"{shown(player['name'])} {player['total']}"
                       for player in tally["players"])
    moves = words.ngettext("{count} move", "{count} moves", session.event_count).format(
        count=session.event_count)
    return _("Play #{id}, {game}, {moves}; the tally now: {scores}").format(
        id=play.id, game=shown(play.game), moves=moves, scores=scores)


def _confirmed(name: str, language: str) -> bool:
    """Asked on a terminal; elsewhere (a script) `--yes` must say it."""
    _ = translator(language).gettext
    if not sys.stdin.isatty():
        print(f"companion {name}: " + _("add --yes to confirm"), file=sys.stderr)
        return False
    try:
        answer = input(_(COMMANDS[name][2]))
    except EOFError:
        return False
    return answer.strip().lower() in (_("y"), _("yes"), "y", "yes")


def _fail(command: str, message: str, status: int = EXIT_REFUSED) -> int:
    print(f"companion {command}: {message}", file=sys.stderr)
    return status
