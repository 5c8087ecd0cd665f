"""The OLED page with a QR code of a play's page on the scoreboard (`companion web`).

At the end of a game it comes after the final result (`TableApp.end_page`); `last_play_screen`
gives the same page for the most recent play at any time, for a menu to show.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.i18n.translate import translator
from companion.publish.scoreboard import Scoreboard, address_of, play_url, qr_text
from companion.screens.model import Screen, Style
from companion.screens.qr import QrScreen
from companion.state.journal import Journal


def play_screen(uuid: str, scoreboard: Scoreboard, language: str,
                address: str | None = None) -> QrScreen:
    """The QR code of the play's page, its address beside it (without `http://`)."""
    _ = translator(language).gettext
    url = play_url(scoreboard, uuid, address)
    return QrScreen(title=_("Scores & BG Stats"), body=(url.removeprefix("http://"),),
                    hints=_("ok:next"), code=qr_text(url))


def end_page(session: Any, scoreboard: Scoreboard | None,
             language: str) -> Callable[[], Screen | None] | None:
    """The page after a finished game's result, for `TableApp`; None without a scoreboard.

    The address is looked up once per play, not at every frame."""
    if scoreboard is None:
        return None
    made: dict[str, QrScreen] = {}

    def page() -> Screen | None:
        uuid = str(session.play.uuid)
        if uuid not in made:
            made.clear()
            made[uuid] = play_screen(uuid, scoreboard, language, address_of(scoreboard))
        return made[uuid]

    return page


def last_play_screen(journal: Journal, scoreboard: Scoreboard | None,
                     language: str) -> Screen:
    """The QR code of the most recent play's page; a refusal saying why when there is no
    scoreboard configured or no play yet."""
    _ = translator(language).gettext
    if scoreboard is None:
        return Screen(title=_("No scoreboard"), body=(_("Add a [web] section"),
                                                      _("to the configuration")),
                      hints=_("ok:back"), style=Style.REFUSAL)
    plays = journal.plays()
    if not plays:
        return Screen(title=_("No play yet"), hints=_("ok:back"), style=Style.REFUSAL)
    return play_screen(plays[-1].uuid, scoreboard, language, address_of(scoreboard))
