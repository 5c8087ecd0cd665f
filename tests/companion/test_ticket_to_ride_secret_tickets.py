"""Ticket to Ride tickets are secret at the table: the screens count them, never name their
cities before the game's end, unless the table chose to see them (`show_tickets`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.config import ConfigError, parse_config
from companion.flows.automaton import enter_move, physical_moves
from companion.flows.inputs import Input
from companion.games import TABLE_GAMES, autopilot
from companion.games.ticket_to_ride.flow import TicketToRideFlow
from companion.games.ticket_to_ride.ticket_names import place_names
from companion.screens.model import Screen, Style
from companion.screens.render import render, text_lines
from engine.games.ticket_to_ride import RULES
from engine.games.ticket_to_ride.state import Phase

from .test_ticket_to_ride_flow import Table

GAME = "ticket-to-ride"


def texts(screen: Screen) -> list[str]:
    """Every text a screen holds (and the screen a flash lies over), and its lines as drawn."""
    found = [screen.top, screen.title, *screen.body, screen.hints]
    if screen.menu is not None:
        found += screen.menu.items
    if screen.beneath is not None:
        found += texts(screen.beneath)
    return found


def shown(table: Table) -> str:
    screen = table.app.screen()
    return "\n".join([*texts(screen), *text_lines(render(screen))])


def ticket_names(table: Table) -> dict[str, list[str]]:
    """Each ticket's names as the screens would give them: with points, then its places."""
    words = table.flow.words
    board = table.state.board
    return {ticket.id: [words.ticket(ticket), *place_names(words, ticket)]
            for ticket in board.tickets}


def scripted_game(show_tickets: bool, seed: int = 2) -> tuple[list[str], list[str], Table]:
    """A whole two-player game on Europe entered by taps and presses: what every screen said
    before the final count, and on the final count."""
    table = Table(2, "europe")
    table.flow.show_tickets = show_tickets
    during: list[str] = []
    final: list[str] = []

    def send(item: Input) -> None:
        table.app.handle(item)
        (final if table.state.phase is Phase.OVER else during).append(shown(table))

    for goal in physical_moves(RULES, table.names, seed, table.options):
        enter_move(goal, lambda g: autopilot.next_input(
            table.flow, table.state, g,
            lambda kind, value: table.deck.pick(kind, value, table.flow.in_play())),
            send, lambda: len(table.app.session.history()))
    for _ in range(12):  # every page of the final count
        table.press("down")
        final.append(shown(table))
    assert table.state.phase is Phase.OVER
    return during, final, table


def held_names(table: Table) -> list[str]:
    """The names of every ticket a player kept, in the longest form a screen could show."""
    names = ticket_names(table)
    return [name for player in table.state.players for ticket in player.tickets
            for name in names[ticket][:2]]


def test_no_screen_names_a_ticket_kept_before_the_end_by_default() -> None:
    during, final, table = scripted_game(show_tickets=False)
    kept = held_names(table)
    assert kept
    for name in kept:
        assert not any(name in screen for screen in during), name
    # The tickets were counted as they were tapped and kept.
    assert any("2 tickets kept" in screen for screen in during)
    assert any("Ana: " in screen and "tickets kept" in screen for screen in during)


def test_the_table_may_choose_to_see_the_tickets() -> None:
    during, _final, table = scripted_game(show_tickets=True)
    kept = held_names(table)
    assert any(name in screen for name in kept for screen in during)


def test_the_move_is_named_after_its_player_and_no_city_of_hers_is_left_on_screen() -> None:
    table = Table(2, "europe")
    while table.state.phase is Phase.DEAL:
        table.press("ok")
    table.wait()
    board = table.state.board
    ids = [ticket.id for ticket in board.tickets if not ticket.long]
    names = ticket_names(table)
    table.tap(table.ticket(ids[0]), table.ticket(ids[1]))
    assert "2 tickets kept" in table.app.screen().body
    table.press("ok")                                    # Ana keeps two; Ben's turn begins
    flash = table.app.screen()
    assert flash.style is Style.NOTICE
    assert flash.top.startswith("BEN")
    assert flash.title == "Ana: 2 tickets kept"           # hers, never Ben's
    assert flash.beneath is not None and flash.beneath.title == "Ben: tickets"
    for ticket in ids[:2]:
        assert not any(name in shown(table) for name in names[ticket])
    table.tap(table.ticket(ids[0]))                      # Ben taps Ana's ticket by mistake
    assert table.refused() == "Ana holds this ticket"
    assert not any(name in shown(table) for name in names[ids[0]])
    table.wait()
    table.tap(table.ticket(ids[2]), table.ticket(ids[2]))  # tapped again: put back
    assert table.title() == "Ticket put back"
    assert not any(name in shown(table) for name in names[ids[2]])


def test_counts_are_said_in_the_singular_and_plural_in_both_languages() -> None:
    from companion.games.ticket_to_ride.secret_tickets import TicketWords

    english = TicketWords(TicketToRideFlow("en").words, shown=False)
    french = TicketWords(TicketToRideFlow("fr").words, shown=False)
    assert (english.kept(1), english.kept(3)) == ("1 ticket kept", "3 tickets kept")
    assert french.kept(1) != french.kept(3)
    assert "3" in french.kept(3) and "billet" in french.kept(3).lower()


def test_the_setting_is_declared_checked_and_reaches_the_flow(tmp_path: Path) -> None:
    config = parse_config("[ticket-to-ride]\nshow_tickets = true\n", "test.toml")
    assert config.game_settings(GAME) == {"show_tickets": True}
    record = TABLE_GAMES[GAME]
    flow = record.make_flow("en", config.game_settings(GAME))
    assert isinstance(flow, TicketToRideFlow) and flow.show_tickets
    default = record.make_flow("en")
    assert isinstance(default, TicketToRideFlow) and not default.show_tickets
    assert record.rules_settings(config.game_settings(GAME)) == {}
    with pytest.raises(ConfigError, match="true or false"):
        parse_config('[ticket-to-ride]\nshow_tickets = "yes"\n', "test.toml")
    with pytest.raises(ConfigError, match="show_tickets"):
        parse_config("[ticket-to-ride]\nshow_ticket = true\n", "test.toml")
