"""The Ticket to Ride setup pages lay out each variant's material: toll tokens, boats and boat
cards with the face-up row from both decks, Alvin and the Cités, the team's holders; every
page whole on the panel in English and French."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest

from companion.games.ticket_to_ride.flow import TicketToRideFlow
from companion.games.ticket_to_ride.words import Words
from companion.screens.model import Screen
from companion.screens.render import cuts, render
from engine.games.ticket_to_ride.board import Map
from engine.games.ticket_to_ride.mapfile import parse_map
from engine.games.ticket_to_ride.state import Phase

from ..engine.ticket_to_ride_examples import EXAMPLES, example_map
from ..engine.ticket_to_ride_live import team_map
from .test_ticket_to_ride_flow import Table
from .test_ticket_to_ride_teams_flow import TeamTable

LINE = 21


def leafed(table: Any) -> list[Screen]:
    """Every setup page, as the table shows it, leafed through with `down`."""
    count = len(table.flow.pages.setup_pages(table.state))
    screens = []
    for _ in range(count):
        screens.append(table.app.screen())
        table.press("down")
    assert table.state.phase is Phase.DEAL  # leafing deals nothing
    return screens


def pages_of(board: Map, language: str, team: bool = False) -> dict[str, str]:
    """The setup pages of `board`, title -> its lines in one text, checked whole on the
    panel: each line fits, no page is cut."""
    if team:
        table: Any = TeamTable(board, language=language)
    else:
        table = Table(2, board)
        table.app.flow = TicketToRideFlow(language)
    screens = leafed(table)
    for screen in screens:
        render(screen)
        assert not cuts(screen), (screen.title, cuts(screen))
        assert len(screen.body) <= 3 and all(len(line) <= LINE for line in screen.body)
    assert len({screen.title for screen in screens}) == len(screens)
    return {screen.title: " ".join(screen.body) for screen in screens}


@pytest.mark.parametrize("language, title, text", [
    ("en", "Toll tokens", "15 each; the rest and the loan cards go to the bank."),
    ("fr", "Jetons de péage", "15 par joueur ; le reste et les cartes Emprunt à la banque."),
])
def test_the_tolls_page_gives_each_player_the_map_s_tokens(language: str, title: str,
                                                           text: str) -> None:
    assert pages_of(example_map("tolls-example"), language)[title] == text


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_boats_pages_deal_both_decks_and_lay_the_row_half_and_half(language: str) -> None:
    pages = pages_of(example_map("boats-example"), language)
    if language == "en":
        expected = {
            "Wagon cards": "Shuffle. Deal 3 to each player.",
            "Boat cards": "Shuffle. Deal 4 to each player.",
            "Face-up cards": "Lay 3 wagon cards and 3 boat cards face up.",
            "10 boats each": "Each player puts 5 wagons and 5 boats back in the box.",
        }
        assert "Train cards" not in pages  # "lay 6 face up" from one deck is not the game
    else:
        expected = {
            "Cartes Wagon": "Mélangez. 3 à chaque joueur.",
            "Cartes Bateau": "Mélangez. 4 à chaque joueur.",
            "Cartes face visible": "Posez 3 cartes Wagon et 3 cartes Bateau face visible.",
            "10 bateaux chacun": "Chaque joueur remet 5 wagons et 5 bateaux dans la boîte.",
        }
    assert {title: pages.get(title) for title in expected} == expected


@pytest.mark.parametrize("language, alvin, cites", [
    ("en", "Put Alvin in Dustwell: no starting city or Cité there.",
     "Give each player 3 Cités, the starting city among them."),
    ("fr", "Posez Alvin à Dustwell. Ni ville de départ ni Cité là.",
     "3 Cités par joueur, ville de départ comprise."),
])
def test_the_old_west_pages_place_alvin_and_give_out_the_cites(language: str, alvin: str,
                                                               cites: str) -> None:
    pages = pages_of(example_map("old-west-example"), language)
    assert (pages["Alvin"], pages["Cités"]) == (alvin, cites)


def test_old_west_in_teams_gives_the_cites_to_each_team() -> None:
    pages = pages_of(team_map("old-west-example"), "en", team=True)
    assert pages["Cités"] == "Give each team 3 Cités, the starting city among them."


def test_a_map_without_starting_cities_gives_the_cites_alone() -> None:
    raw = tomllib.loads((EXAMPLES / "old-west-example.toml").read_text(encoding="utf-8"))
    raw["rules"]["old_west"]["start_cities"] = False
    from companion.games.ticket_to_ride.material import material_pages

    pages = dict(material_pages(Words("en"), parse_map(raw)))
    assert pages["Cités"] == ("Give each player 3", "Cités.")


@pytest.mark.parametrize("language, title, text", [
    ("en", "Team holders", "Your 1st ticket kept and 2nd card drawn go to the team's holder."),
    ("fr", "Porte-cartes", "1er billet gardé et 2e carte piochée vont au porte-cartes."),
])
def test_team_play_says_what_goes_to_the_team_s_holder(language: str, title: str,
                                                      text: str) -> None:
    for name in ("teams-example", "old-west-example"):
        board = example_map(name) if name == "teams-example" else team_map(name)
        assert pages_of(board, language, team=True)[title] == text
    assert "Team holders" not in pages_of(example_map("old-west-example"), "en")


def test_a_sentence_too_long_for_a_page_goes_on_over_the_next_with_every_number() -> None:
    raw = tomllib.loads((EXAMPLES / "boats-example.toml").read_text(encoding="utf-8"))
    raw["rules"]["boats"].update(box_wagons=12, box_boats=13)
    words = Words("fr")
    from companion.games.ticket_to_ride.material import material_pages

    pages = material_pages(words, parse_map(raw))
    boxed = [lines for title, lines in pages if title == "10 bateaux chacun"]
    assert len(boxed) == 2 and boxed[0][-1] == words.more()
    text = " ".join(line for lines in boxed for line in lines if line != words.more())
    assert text == "Chaque joueur remet 12 wagons et 13 bateaux dans la boîte."
    assert all(len(lines) <= 3 and all(len(line) <= LINE for line in lines)
               for lines in boxed)
