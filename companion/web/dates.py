"""Journal stamps as a reader at the table says them: "Wednesday 2 December 2026, 21:40".

The stamps carry their UTC offset; the page shows them in the time zone of the machine that
serves it, which is the table's own (the scoreboard runs on the table's computer). The names
of days and months come from the companion's catalogue, not from the system's locales, which a
Raspberry Pi image seldom has.
"""

from __future__ import annotations

from datetime import datetime

from companion.i18n.translate import NC_, translator

#: Monday first, as `datetime.weekday()` counts.
WEEKDAYS = (
    NC_("weekday", "Monday"), NC_("weekday", "Tuesday"), NC_("weekday", "Wednesday"),
    NC_("weekday", "Thursday"), NC_("weekday", "Friday"), NC_("weekday", "Saturday"),
    NC_("weekday", "Sunday"),
)  # fmt: skip
MONTHS = (
    NC_("month", "January"), NC_("month", "February"), NC_("month", "March"),
    NC_("month", "April"), NC_("month", "May"), NC_("month", "June"), NC_("month", "July"),
    NC_("month", "August"), NC_("month", "September"), NC_("month", "October"),
    NC_("month", "November"), NC_("month", "December"),
)  # fmt: skip
#: The order of a date's parts is the language's ("mercredi 2 décembre 2026, 21:40").
LONG_DATE = NC_("date", "{weekday} {day} {month} {year}, {time}")


def local_time(stamp: str) -> datetime | None:
    """A journal stamp in the local time zone; None when it cannot be read. A stamp without
    its offset is taken as local already."""
    try:
        moment = datetime.fromisoformat(stamp)
    except (TypeError, ValueError):
        return None
    return moment.astimezone() if moment.tzinfo is not None else moment


def long_date(stamp: str, language: str) -> str:
    """The stamp with the day's name, in `language` and local time; the stamp itself when it
    cannot be read."""
    moment = local_time(stamp)
    if moment is None:
        return stamp
    words = translator(language)
    return words.pgettext(*LONG_DATE).format(
        weekday=words.pgettext(*WEEKDAYS[moment.weekday()]), day=moment.day,
        month=words.pgettext(*MONTHS[moment.month - 1]), year=moment.year,
        time=moment.strftime("%H:%M"))
