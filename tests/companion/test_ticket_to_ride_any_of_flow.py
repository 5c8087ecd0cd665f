"""Tickets to one of several destinations at the Ticket to Ride table: how the screens name them
in English and French, the destination that scored on the final count, and whole games on
`tests/maps/any-of-tickets.toml` entered input by input."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from companion.games.ticket_to_ride.flow import TicketToRideFlow
from companion.games.ticket_to_ride.ticket_names import destination_scored
from companion.games.ticket_to_ride.words import Words
from companion.screens.model import Screen, Style
from companion.screens.render import cuts
from engine.games.ticket_to_ride import RULES, Map, map_from_toml
from engine.games.ticket_to_ride.any_of import any_of_ticket
from engine.games.ticket_to_ride.state import Phase
from engine.games.ticket_to_ride.tickets import Outcome, Scored

from .test_ticket_to_ride_live_rules_flow import MapTable, scored_like_the_real_one

BOARD: Map = map_from_toml((Path(__file__).resolve().parents[1] / "maps" /
                            "any-of-tickets.toml").read_text("utf-8"))
BERN = any_of_ticket("Bern", (("France", 5), ("Deutschland", 6), ("Österreich", 11),
                              ("Italia", 8)))
ALPA = "Alpa-Südland|Westmark|Glarn"
HOLM = "Holm-Westmark|Südland"


def test_a_ticket_reads_as_printed_or_shorter_where_the_screen_is_narrow() -> None:
    english, french = Words("en"), Words("fr")
    assert english.ticket(BERN, lines=4) == (
        "Bern → France 5 · Deutschland 6 · Österreich 11 · Italia 8")
    assert english.ticket(BERN) == "Bern → Fra 5 · Deu 6 · Öst 11 · Ita 8"
    assert english.ticket(BERN, lines=1) == "Bern → 4 destinations, 5 to 11"
    assert french.ticket(BERN, lines=1) == "Bern → 4 destinations, 5 à 11"
    assert english.ticket(BOARD.ticket(HOLM)) == "Holm → Westmark 4 · Südland 8"
    # The other tickets read as before.
    assert english.ticket(BOARD.ticket("Alpa-Dunel")) == "Alpa–Dunel 7"


def test_notices_name_the_ticket_in_words_that_fit() -> None:
    english, french = Words("en"), Words("fr")
    assert english.ticket_put_back(BOARD.ticket(HOLM)) == "Put back: Holm → Westmark · Südland"
    assert english.ticket_put_back(BERN) == "Put back: Bern → Fra · Deu · Öst · Ita"
    assert french.ticket_put_back(BERN) == "Rendu : Bern → Fra · Deu · Öst · Ita"
    assert french.ticket_held(BERN, "Ben") == (
        "Ben a Bern → France · Deutschland · Österreich · Italia")
    assert english.ticket_held(BOARD.ticket(ALPA), "Ben") == (
        "Ben holds Alpa → Südland · Westmark · Glarn")
    assert french.ticket_held(BOARD.ticket(ALPA), "Ben") == (
        "Ben a Alpa → Südland · Westmark · Glarn")
    for words in (english, french):
        for title in (words.ticket_put_back(BERN), words.ticket_held(BERN, "Cléo")):
            for style in (Style.NOTICE, Style.REFUSAL):
                assert not cuts(Screen(top="ANA", title=title, style=style)), title


def test_the_destination_that_scored_in_both_languages() -> None:
    best = Scored(Outcome.COMPLETED, 11, "Österreich")
    none = Scored(Outcome.FAILED, -5)
    english, french = Words("en"), Words("fr")
    assert destination_scored(english, BERN, best) == "Bern → Österreich +11"
    assert destination_scored(english, BERN, none) == "Bern → none -5"
    assert destination_scored(french, BERN, none) == "Bern → aucune -5"
    assert destination_scored(french, BERN, best) == "Bern → Österreich +11"
    # Longer names are cut to their first letters: the line stays one line.
    far = any_of_ticket("Schaffhausen", (("Deutschland", 6), ("Italia", 9)))
    assert destination_scored(english, far, Scored(Outcome.COMPLETED, 6, "Deutschland")) == (
        "Schaffhausen → Deu +6")
    assert destination_scored(english, BOARD.ticket("Südland-Westmark|Holm|Brisk"),
                              Scored(Outcome.COMPLETED, 12, "Westmark")) == "Südland → Wes +12"
    sault = any_of_ticket("Sault Ste. Marie", (("Westmark", 12), ("Holm", 7)))
    assert destination_scored(english, sault, Scored(Outcome.COMPLETED, 12, "Westmark")) == (
        "Sau → Wes +12")
    assert destination_scored(french, sault, Scored(Outcome.FAILED, -7)) == "Sau → aucune -7"


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_final_count_says_which_destination_scored(language: str) -> None:
    state = RULES.new_game(("Ana", "Ben"), BOARD)
    ana = replace(state.players[0], tracks=("Alpa-Westmark", "Glarn-Holm", "Glarn-Südland"),
                  tickets=(ALPA, HOLM, "Alpa-Dunel"))
    ben = replace(state.players[1], tracks=("Brisk-Corvo",), tickets=("Firn-Westmark|Südland",))
    state = replace(state, players=(ana, ben), phase=Phase.OVER,
                    owners={"Alpa-Westmark": 0, "Glarn-Holm": 0, "Glarn-Südland": 0,
                            "Brisk-Corvo": 1})
    flow = TicketToRideFlow(language)
    pages = flow.pages.final_pages(state)
    lines = {seat: [line for page_seat, page in pages if page_seat == seat for line in page]
             for seat in (0, 1)}
    assert "Alpa → Westmark +3" in lines[0] and "Holm → Südland +8" in lines[0]
    none = {"en": ["Firn → none -4"], "fr": ["Firn → aucune -4"]}
    assert [line for line in lines[1] if line.startswith("Firn")] == none[language]
    screens = []
    for _ in pages:
        screens.append(flow.screen(state))
        flow.on_button(state, "ok")
    assert all(not cuts(screen) for screen in screens)


def test_tapping_a_ticket_shows_it_and_a_second_tap_puts_it_back() -> None:
    table = MapTable(BOARD, 2)
    table.flow.show_tickets = True  # a table that chose to see the tickets (show_tickets)
    while table.state.phase is Phase.DEAL:
        table.press("ok")
    offered = table.state.player().offered
    table.session.state = replace(table.state, players=(
        replace(table.state.players[0], offered=(ALPA, *offered[1:])), table.state.players[1]))
    table.tap(table.ticket(ALPA))
    screen = table.app.screen()
    assert screen.body[-1] == "Alpa → Südland 9 · Westmark 3 · Glarn 6"
    assert not cuts(screen)
    table.tap(table.ticket(ALPA))
    assert table.title() == "Put back: Alpa → Südland · Westmark · Glarn"
    assert not cuts(table.app.screen())


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_whole_games_on_the_map_score_like_the_real_ones_with_every_word_whole(
        players: int, seed: int) -> None:
    table, real = scored_like_the_real_one(BOARD, players, seed)
    assert [p.tickets for p in table.state.players] == [p.tickets for p in real.players]
    seen: list[Screen] = MapTable(BOARD, players).screens_through_game(seed)
    problems = [(screen.title, cut) for screen in seen for cut in cuts(screen)]
    assert not problems
    assert any(screen.top == "Final count" for screen in seen), "the game ends on its count"
    final = " / ".join(line for _, page in table.flow.pages.final_pages(table.state)
                       for line in page)
    held = [BOARD.ticket(t) for p in table.state.players for t in p.tickets]
    assert final.count(" → ") == sum(ticket.any_of for ticket in held), final
