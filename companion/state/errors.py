"""What goes wrong with the journal and its state folder: a reason template for gettext and
its parameters, and the exit status of a command that stops on it."""

from __future__ import annotations

from engine.errors import Reasoned

#: EX_TEMPFAIL: try again later.
EXIT_BUSY = 75


class JournalError(Reasoned):
    """The journal cannot be used: a reason template (for gettext) and its parameters."""

    #: The exit status of a command that stops on it (75: a temporary failure).
    exit_status = EXIT_BUSY


class StateFolderBusy(JournalError):
    """Another process owns the state folder (see `folder.take_folder`)."""


class StateFolderRefused(JournalError):
    """The state folder or a file in it is not safe to write: another owner, or a link."""

    exit_status = 2


class JournalDamaged(JournalError):
    """The file is not a readable journal, or its content no longer matches its checks."""

    exit_status = 2


class ProgressUnreadable(JournalError):
    """The count of committed moves kept beside the journal cannot be read: whether moves
    were lost cannot be told (the journal itself may be whole)."""

    exit_status = 2


class JournalTooNew(JournalError):
    """Written by a newer companion: waiting will not help, an upgrade will."""

    exit_status = 2
