"""Translations at run time: gettext only, English as written, French from the catalogue."""

from __future__ import annotations

import doctest

import pytest

from companion.games import TABLE_GAMES, names
from companion.games.freight_train.words import wagon_name
from companion.games.names import card_name, category_name, reason
from companion.i18n import translate as i18n
from companion.i18n.translate import default_language, fill, gettext_for, translator
from engine.errors import IllegalEvent, InvalidInput
from engine.games.freight_train.cards import WAGON_TYPES


def test_english_is_the_message_itself() -> None:
    assert translator("en").gettext("Lane {lane} is empty") == "Lane {lane} is empty"
    assert gettext_for("en")("Departure card!") == "Departure card!"


def test_french_comes_from_the_compiled_catalogue() -> None:
    _ = gettext_for("fr")
    assert _("Departure card!") == "Départ des trains !"
    assert _("Still to play: {names}").format(names="Ben, Cléo") == "Encore : Ben, Cléo"
    assert _("Tap {count} wagons").format(count=3) == "Posez 3 wagons"
    assert translator("fr").ngettext("{count} event", "{count} events", 2) == "{count} événements"
    assert translator("fr").ngettext("{count} event", "{count} events", 1) == "{count} événement"


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown language"):
        translator("de")


def test_engine_reasons_are_translated_with_their_parameters() -> None:
    error = IllegalEvent("Lane {lane} is empty", lane=3)
    assert reason(error, "en") == "Lane 3 is empty"
    assert reason(error, "fr") == "La voie 3 est vide"
    bad = InvalidInput("players[0].tokens", "must be at least {minimum} (got {value})",
                       minimum=0, value=-1)
    assert reason(bad, "fr") == "players[0].tokens: doit valoir au moins 0 (reçu -1)"
    assert reason(ValueError("plain"), "fr") == "plain"


def test_wagon_ids_in_reasons_are_shown_by_their_name() -> None:
    error = IllegalEvent("No free locomotive for a {wagon} train", wagon="coal")
    assert reason(error, "en") == "No free locomotive for a Coal train"
    assert reason(error, "fr") == "Pas de locomotive libre pour un train Charbon"
    unknown = IllegalEvent("{wagon} is not a wagon of this game", wagon="banana")
    assert reason(unknown, "fr") == "banana n'est pas un wagon de ce jeu"


def test_a_broken_translation_falls_back_to_english(monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken:
        def gettext(self, message: str) -> str:
            return "Voie {voie} vide"

    monkeypatch.setattr(i18n, "translator", lambda language: Broken())
    assert fill("Lane {lane} is empty", "fr", lane=2) == "Lane 2 is empty"


def test_default_language_follows_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("COMPANION_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    assert default_language() == "en"
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert default_language() == "fr"
    monkeypatch.setenv("COMPANION_LANG", "en")
    assert default_language() == "en"


# --- Display names -------------------------------------------------------------------------

@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_wagon_type_has_its_own_name(language: str) -> None:
    shown = [wagon_name(wagon, language) for wagon in WAGON_TYPES]
    assert all(shown) and len(set(shown)) == len(WAGON_TYPES)
    assert all(name[0].isupper() for name in shown)
    # Short enough for a menu line: "Train {wagon} (12)" within 19 characters.
    assert max(len(name) for name in shown) <= 11


def test_french_names_are_the_names_of_the_box() -> None:
    assert wagon_name("coal", "fr") == "Charbon"
    assert card_name("freight-train", "departure", "", "fr") == "Carte départ des trains"
    assert category_name("freight-train", "mixed", "fr") == "Train mélangé"
    assert category_name("freight-train", "yard", "fr") == "Zone de fret"
    assert card_name("whistle-stop", "token", "whistle", "fr") == "Sifflet"


def test_names_without_an_entry_are_shown_as_they_are() -> None:
    assert card_name("*", "player", "Cléo", "fr") == "Cléo"
    assert card_name("freight-train", "wagon", "banana", "fr") == "banana"
    assert card_name("no-such-game", "thing", "", "en") == "thing"
    assert category_name("freight-train", "bonus", "en") == "bonus"


def test_every_name_is_marked_with_its_game_and_kind() -> None:
    for game, record in TABLE_GAMES.items():
        for kind, entries in record.names.items():
            for context, english in entries.values():
                assert context == f"{game}/{kind}" and english


def test_doctests() -> None:
    for module in (i18n, names):
        assert doctest.testmod(module).failed == 0, module.__name__
