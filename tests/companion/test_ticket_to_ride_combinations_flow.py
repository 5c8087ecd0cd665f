"""The map rules no printed map puts together, at the Ticket to Ride table: depots with
merchandise, boats with depots, teams, locomotives or passenger cards (`tests/maps/`)."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from companion.cli.main import main
from companion.games.ticket_to_ride.flow import TicketToRideFlow
from companion.games.ticket_to_ride.view import Mode
from companion.screens.render import cuts, render
from engine.games.ticket_to_ride import Map, map_from_toml
from engine.games.ticket_to_ride.events import (
    ClaimRoute,
    PlaceDepot,
    PlacePassenger,
    ReplaceFaceUp,
    StoreCard,
    TakeWarehouse,
)
from engine.games.ticket_to_ride.state import BoatCards

from .test_ticket_to_ride_boats_flow import BoatTable
from .test_ticket_to_ride_flow import routes
from .test_ticket_to_ride_live_rules_flow import scored_like_the_real_one

MAPS = Path(__file__).resolve().parents[1] / "maps"


def combination(name: str) -> Map:
    return map_from_toml((MAPS / f"{name}.toml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", ["depots-merchandise", "boats-depots", "boats-teams",
                                  "boats-locomotives", "boats-passengers"])
def test_whole_games_through_the_table_score_like_the_real_ones(name: str) -> None:
    board = combination(name)
    entered: Counter[str] = Counter()
    players = 4 if board.rules.team_size else 3
    # Seeds whose games have the rarer moves: three passenger cards face up, say.
    for seed in (1, 6) if name == "boats-passengers" else (1, 2):
        table, real = scored_like_the_real_one(board, players, seed, BoatTable)
        for seen, held in zip(table.state.players, real.players):
            assert routes(table.state, seen.tracks) == routes(real, held.tracks)
            assert (seen.trains, seen.boats, seen.merchandise, seen.riding) == (
                held.trains, held.boats, held.merchandise, held.riding)
        if real.depots is not None:
            assert table.state.depots is not None
            assert table.state.depots.left == real.depots.left
        entered.update(type(event).__name__ for event, _ in table.session.history())
    wanted = {"depots-merchandise": ("TakeWarehouse", "PlacePassenger", "StoreCard"),
              "boats-depots": ("TakeWarehouse", "StoreCard", "ExchangePieces"),
              "boats-teams": ("ExchangePieces", "ClaimRoute"),
              "boats-locomotives": ("ReplaceFaceUp",),
              "boats-passengers": ("ReplaceFaceUp", "MovePassenger")}[name]
    for kind in wanted:
        assert entered[kind], kind


def menu(table: BoatTable) -> tuple[str, ...]:
    screen = table.app.screen()
    assert screen.menu is not None
    return screen.menu.items


def choose(table: BoatTable, item: str) -> None:
    """Highlight `item` in the screen's list and press ok."""
    while menu(table)[table.app.screen().menu.selected] != item:  # type: ignore[union-attr]
        table.press("down")
    table.press("ok")


def test_three_locomotives_among_six_are_replaced_from_both_decks_at_the_table() -> None:
    table = BoatTable(combination("boats-locomotives"), 2)
    table.deal_and_keep()
    boats = table.state.boat_cards
    assert boats is not None and boats.face_up == 3 and table.state.display == ("?",) * 6
    table.press("up")
    assert table.title() == "3 locos face up?"
    assert " ".join(table.app.screen().body) == (
        "Discard the 6, each to its deck; lay 3 wagon + 3 boat cards.")
    assert not cuts(table.app.screen())
    render(table.app.screen())
    wagons = table.state.deck
    table.press("ok")
    assert table.title() == "6 new face-up cards"
    after = table.state.boat_cards
    assert after is not None
    assert after == BoatCards(deck=boats.deck[3:], discard=("?",) * 3, face_up=3)
    assert table.state.discard == ("?",) * 3 and table.state.deck == wagons[3:]
    assert table.session.history()[-1][0] == ReplaceFaceUp()
    table.wait()
    # The boat deck nearly out: the screen says the wagon deck gives five of the new row.
    table.session.state = replace(table.state, boat_cards=replace(after, deck=("?",)))
    table.press("up")
    assert " ".join(table.app.screen().body) == (
        "Discard the 6, each to its deck; lay 5 wagon + 1 boat cards.")
    table.press("back")
    assert table.flow.current_mode(table.state) is Mode.MAIN
    # The menu offers it too, beside the exchange of pieces.
    table.press("ok")
    assert {"3 locos face up", "Exchange pieces"} <= set(menu(table))


def test_the_replacement_screen_fits_in_french() -> None:
    table = BoatTable(combination("boats-passengers"), 2)
    table.app.flow = TicketToRideFlow("fr")
    table.deal_and_keep()
    table.press("up")
    body = table.app.screen().body
    assert " ".join(body) == (
        "Défaussez les 6 sur leurs piles ; posez 3 wagons et 3 bateaux.")
    assert not cuts(table.app.screen())


def test_a_claim_at_a_depot_asks_the_warehouse_then_the_passenger() -> None:
    table = BoatTable(combination("depots-merchandise"), 2)
    table.deal_and_keep()
    assert table.title() == "Ben: first depot"
    table.enter(PlaceDepot("Hilo"))
    table.wait()
    table.enter(PlaceDepot("Alba"))
    table.wait()
    depots = table.state.depots
    assert depots is not None and depots.placed == (("Hilo", 1), ("Alba", 0))
    table.session.state = replace(table.state, depots=replace(depots, warehouses=((), ("?",) * 2)))
    table.enter(ClaimRoute("Essen-Hilo#1", ("locomotive",) * 3))
    table.wait()
    # The warehouse of Ben's depot in Hilo first, then the passenger.
    assert table.title() == "Take a warehouse?"
    assert menu(table) == ("Ben: 2 cards", "No, keep my depots")
    choose(table, "Ben: 2 cards")
    assert table.title() == "2 cards taken"
    table.wait()
    assert table.title() == "Place a passenger?"
    assert menu(table) == ("Essen", "Hilo", "No passenger")
    choose(table, "Hilo")
    table.wait()
    history = [event for event, _ in table.session.history()][-3:]
    assert history[1:] == [TakeWarehouse(1), PlacePassenger("Hilo")]
    assert table.state.players[0].riding == ("Hilo",) and table.state.current == 1


def test_on_boats_with_depots_the_wagon_deck_s_top_card_goes_to_a_warehouse() -> None:
    table = BoatTable(combination("boats-depots"), 2)
    table.deal_and_keep()
    table.enter(PlaceDepot("Gaviota"))
    table.wait()
    table.enter(PlaceDepot("Faro"))
    table.wait()
    wagons = table.state.deck
    table.press("ok")
    choose(table, "Top card: warehouse")
    assert table.title() == "Top card: warehouse"
    choose(table, "Ben: 0 cards")
    table.wait()
    assert table.session.history()[-1][0] == StoreCard(1)
    assert table.state.deck == wagons[1:]
    # Then a boat card: blind from the boat deck, or face up and replaced from either.
    table.tap(table.boat("red"))
    assert table.title() == "Red boat from?"
    assert menu(table) == ("From its deck", "Face up, new wagon", "Face up, new boat")


@pytest.mark.parametrize("name", ["depots-merchandise", "boats-depots", "boats-teams",
                                  "boats-locomotives", "boats-passengers"])
def test_the_demo_plays_each_combination_to_its_result_line(
        name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = MAPS / f"{name}.toml"
    status = main(["--lang", "en", "demo", "ticket-to-ride", "--map", str(path), "--state-dir",
                   str(tmp_path), "--players", "4", "--progress-every", "1000"])
    out, err = capsys.readouterr()
    assert status == 0, err
    result = json.loads(out.splitlines()[-1])
    teams = combination(name).rules.team_size
    assert len(result["players"]) == (2 if teams else 4)
    assert result["winners"]
