"""French screens speak French: every word of every hint line of whole games in French is a
French word, save the names printed on the buttons (ok, back); the catalogue's hint lines too,
those of the lobby and menus that no game shows."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.registry import GAMES

from .tour import tour

#: The inputs a French hint names: the buttons by the word printed on them, up and down in
#: French (or as arrows), and the gestures: "tenir" (hold), "poser" (a card on the reader).
INPUTS = {"ok", "back", "haut", "bas", "tenir", "poser"}
#: What the French hints say the inputs do: French words only (an English word such as "tap",
#: "go" or "done" among them is the defect this guards against).
ACTIONS = {
    "1er", "action", "ajout", "annuler", "abandon", "aucune", "billet", "carte", "changer",
    "choisir", "choix", "continuer", "coup", "distribué", "dépôt", "fin", "fini", "jouer", "la",
    "locos", "menu", "mission", "nom", "non", "ou", "oui", "passer", "payer", "pierres",
    "pioché", "placer", "poser", "posées", "rempli", "retour", "retrait", "suite", "un",
    "valider", "ville", "visibles", "voir", "wagon", "échanger",
}
CATALOGUE = Path(__file__).parents[2] / "companion/i18n/locale/fr/LC_MESSAGES/companion.po"


def foreign_words(hints: str) -> list[str]:
    """The words of a hint line that are not French (symbols and numbers aside)."""
    words = []
    for part in hints.split():
        inputs, colon, action = part.partition(":")
        said = [*inputs.split("/")] if colon else []
        done = action if colon else inputs
        words += [word for word in said if word and word not in INPUTS | {"↑", "↓"}]
        words += [word for word in re.split(r"[\s/]+", done)
                  if re.search(r"[^\W\d_]", word) and word not in ACTIONS | INPUTS]
    return words


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_hint_of_a_whole_game_in_french_is_french(game: str) -> None:
    found: dict[str, list[str]] = {}
    for screen in tour(game, "fr"):
        foreign = foreign_words(screen.hints)
        if foreign:
            found[screen.hints] = foreign
    assert not found, found


def catalogue_hints() -> list[tuple[str, str]]:
    """(English, French) of every hint line of the French catalogue."""
    text = CATALOGUE.read_text(encoding="utf-8")
    pairs = re.findall(r'^msgid "((?:ok|back|up|down|hold|tap)\b[^"]*)"\nmsgstr "([^"]*)"$',
                       text, flags=re.MULTILINE)
    return [(english, french) for english, french in pairs
            if len(english) <= 30 and "{" not in english]


def test_every_hint_of_the_catalogue_is_french() -> None:
    pairs = catalogue_hints()
    assert len(pairs) > 40 and ("ok:yes  back:no", "ok:oui  back:non") in pairs
    found = {english: (french, foreign_words(french)) for english, french in pairs
             if foreign_words(french)}
    assert not found, found


def test_a_foreign_word_is_found() -> None:
    assert foreign_words("tap:carte back:retour") == ["tap"]
    assert foreign_words("ok:go  bas:échanger") == ["go"]
    assert foreign_words("up/down  ok:pay") == ["up", "down", "pay"]
    assert foreign_words("poser:carte ↑:3 locos") == []
