"""No second card to take: with the deck and the discards out, the face-up cards the companion
has not seen may be locomotives only; the players say so and the turn ends."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from companion.automaton import physical_moves
from companion.demo import PLAYER_NAMES, run_demo
from companion.flows import autopilot
from companion.games.ticket_to_ride.map_files import read_map
from companion.games.ticket_to_ride.words import HINT_NO_SECOND, NO_SECOND_CARD, ONLY_LOCOS_LINE
from companion.journal import Journal
from companion.paths import JOURNAL_FILE
from engine.games.ticket_to_ride import RULES
from engine.games.ticket_to_ride.events import DrawCard, DrawTickets, NoCardToTake
from engine.games.ticket_to_ride.state import Phase

from ..engine.ticket_to_ride_live import EXAMPLES
from .test_ticket_to_ride_flow import Table, physical
from .test_ticket_to_ride_live_rules_flow import COUNTRIES, MapTable

#: A game on the country example where a player's face-up cards left are all locomotives
#: once the deck and the discards are out (the physical game ends that turn by itself).
PLAYERS, SEED = 3, 1


def out_of_cards(table: Table) -> None:
    """The deck and the discards gone, three unseen cards face up."""
    table.session.state = replace(table.state, deck=(), discard=(), display=("?",) * 3)


def test_the_second_card_screen_offers_no_card_only_when_the_engine_says_so() -> None:
    table = Table()
    table.deal_and_keep()
    out_of_cards(table)
    table.tap(table.card("red"))
    table.wait()
    assert table.state.drawn == 1 and table.state.current == 0
    screen = table.app.screen()
    assert ONLY_LOCOS_LINE in screen.body and screen.hints == HINT_NO_SECOND
    table.press("ok")
    assert table.title() == NO_SECOND_CARD
    assert table.state.current == 1 and table.state.drawn == 0
    assert isinstance(table.session.history()[-1][0], NoCardToTake)


def test_with_a_deck_ok_on_the_second_card_does_nothing() -> None:
    table = Table()
    table.deal_and_keep()
    table.tap(table.card("red"))
    table.wait()
    screen = table.app.screen()
    assert table.state.drawn == 1
    assert ONLY_LOCOS_LINE not in screen.body and screen.hints != HINT_NO_SECOND
    events = table.session.event_count
    table.press("ok")
    assert table.session.event_count == events and table.state.drawn == 1


def test_a_table_that_runs_out_of_cards_plays_to_the_end() -> None:
    table = MapTable(COUNTRIES, PLAYERS)
    for goal in physical_moves(RULES, table.names, SEED, table.options):
        table.enter(goal)
    events = [event for event, _ in table.session.history()]
    assert any(isinstance(event, NoCardToTake) for event in events)
    assert table.state.phase is Phase.OVER
    real = physical(table.names, SEED, COUNTRIES)  # type: ignore[arg-type]
    assert RULES.result(table.state) == RULES.result(real)
    assert autopilot.physical_count(table.flow, events) == len(
        physical_moves(RULES, table.names, SEED, table.options))


def test_the_table_s_own_move_comes_only_when_the_physical_player_took_no_second_card() -> None:
    table = Table()
    table.deal_and_keep()
    out_of_cards(table)
    table.tap(table.card("red"))
    assert autopilot.table_only(table.flow, table.state, DrawCard(0, "blue")) is None
    assert autopilot.table_only(table.flow, table.state, DrawCard(0, "locomotive")) \
        == NoCardToTake()
    assert autopilot.table_only(table.flow, table.state, DrawTickets()) == NoCardToTake()
    assert autopilot.table_only(table.flow, table.state, NoCardToTake()) is None


class Interrupted(Exception):
    """The demo's players stop here, as a power cut would."""


def test_a_demo_interrupted_after_no_second_card_resumes_and_ends_like_the_real_game(
        tmp_path: Path) -> None:
    names = PLAYER_NAMES[:PLAYERS]
    _, data = read_map((EXAMPLES / "countries-example.toml").read_text(encoding="utf-8"))
    options = {"map_name": data}
    moves = physical_moves(RULES, names, SEED, options)
    said: list[str] = []

    def progress(text: str) -> None:
        said.append(text)
        if len(said) == len(moves) - 3:
            raise Interrupted

    try:
        run_demo("ticket-to-ride", SEED, tmp_path, PLAYERS, "en", progress=progress,
                 progress_every=1, options=options)
    except Interrupted:
        pass
    else:
        raise AssertionError("the demo was not interrupted")
    with Journal.open_read_only(tmp_path / JOURNAL_FILE) as journal:
        play = journal.unfinished()
        assert play is not None
        kinds = [record.event["kind"] for record in journal.records(play.id)]
    assert "no-card-to-take" in kinds
    result = run_demo("ticket-to-ride", SEED, tmp_path, PLAYERS, "en", options=options)
    real = RULES.new_game(names, data)
    for move in moves:
        real = RULES.apply(real, move)  # type: ignore[arg-type]
    assert result == RULES.result(real).to_json()
