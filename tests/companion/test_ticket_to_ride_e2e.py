"""Ticket to Ride on the whole appliance: the real loop, journal, drivers and screens."""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path
from typing import cast

from companion.desktop.demo import DEMO_DRIVERS, demo_deck, enroll_deck, run_demo
from companion.flows.automaton import physical_moves
from companion.i18n.translate import translator
from companion.screens.fonts import SMALL
from companion.screens.model import Style
from companion.state.journal import Journal
from companion.table.build import Table, open_table
from engine.games.ticket_to_ride import RULES
from engine.games.ticket_to_ride.events import TicketToRideEvent
from engine.games.ticket_to_ride.library import shipped_map
from engine.games.ticket_to_ride.state import Phase

from .hands import Hands

GAME = "ticket-to-ride"
NAMES = ("Ana", "Ben")
EUROPE = {"map_name": "europe"}
#: A short game that still has tunnels, stations, a reshuffle and new face-up cards.
SEED = 4
fr = translator("fr").gettext


def test_a_whole_demo_game_on_europe_through_the_simulated_hardware(tmp_path: Path) -> None:
    moves = physical_moves(RULES, NAMES, SEED, EUROPE)
    kinds = Counter(type(move).__name__ for move in moves)
    assert kinds["RevealTunnel"] and kinds["BuildStation"] and kinds["Reshuffle"]
    assert kinds["ReplaceFaceUp"]
    result = run_demo(GAME, SEED, tmp_path, 2, "en", options=EUROPE)
    real = RULES.new_game(NAMES, **EUROPE)
    for move in moves:
        real = RULES.apply(real, cast(TicketToRideEvent, move))
    assert result == RULES.result(real).to_json()
    assert set(result["players"][0]["breakdown"]) == {"routes", "tickets", "longest", "stations"}
    with Journal(tmp_path / "journal.sqlite3") as journal:
        (play,) = journal.plays(finished=True)
        assert play.result == result
        assert play.setup["options"] == EUROPE
        assert journal.event_count(play.id) == len(moves)


def press(table: Table, button: str) -> None:
    """A click on the simulated panel, then the loop's answer."""
    Hands(table).press(button)


class ShiftedClock:
    """The monotonic clock, moved forward on demand: a notice expires without waiting."""

    def __init__(self) -> None:
        self.shift = 0.0

    def __call__(self) -> float:
        return time.monotonic() + self.shift


def test_the_screens_speak_french_with_the_board_s_city_names(tmp_path: Path) -> None:
    clock = ShiftedClock()
    table = open_table(state_dir=tmp_path, game=GAME, players=NAMES, language="fr",
                       options=EUROPE, driver_config=DEMO_DRIVERS, clock=clock)
    try:
        enroll_deck(table.registry, GAME, demo_deck(GAME))
        app = table.app
        assert app.screen().top == fr("Setup · {map}").format(map="Europe")
        while app.session.state.phase is Phase.DEAL:
            press(table, "ok")
        clock.shift += app.notice_seconds                # the notice goes by itself
        assert app.screen().title == fr("{name}: tickets").format(name="Ana")
        press(table, "ok")                               # nothing tapped yet
        screen = app.screen()
        assert screen.style is Style.REFUSAL
        assert screen.title == fr("Keep at least {count}").format(count=2)
    finally:
        table.close()
    # Every city of the board is drawn with the fonts' own glyphs (Zágráb, Kyïv, København).
    for name in ("usa", "europe"):
        for city in shipped_map(name).cities:
            assert "?" not in SMALL.encode(city), city
