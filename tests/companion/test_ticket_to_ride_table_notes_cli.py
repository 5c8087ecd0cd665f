"""`companion games --rules ticket-to-ride` says what the table plays live and what goes to
the tally, in the reader's language."""

from __future__ import annotations

import pytest

from companion.cli.main import main
from companion.i18n.translate import translator
from engine.games.ticket_to_ride.notes import SPECIAL_RULES


@pytest.mark.parametrize(("language", "live", "tally"), [
    ("en", "Played turn by turn at the table", "Scored with the tally only"),
    ("fr", "Joués tour par tour à la table", "Comptés avec le décompte seulement"),
])
def test_companion_games_rules_lists_them_in_the_reader_s_language(
        language: str, live: str, tally: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", language, "games", "--rules", "ticket-to-ride"]) == 0
    lines = capsys.readouterr().out.splitlines()
    played = next(line for line in lines if live in line)
    _ = translator(language).gettext
    tolls = _(SPECIAL_RULES["tolls"])
    assert tolls in played
    if language == "fr":
        assert tolls == "péages et emprunts (Pays-Bas)"
    scored = next(line for line in lines if tally in line)
    assert tolls not in scored and "rules.boats" in scored
