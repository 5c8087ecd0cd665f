"""Separate routes between the same two places at the Ticket to Ride table: each is a choice of
its own, told apart by its length and its kind, and whole games entered as the demo enters them
score like the real ones."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest

from companion.games.ticket_to_ride.view import Mode
from companion.games.ticket_to_ride.words import Words
from companion.screens.render import render
from engine.games.ticket_to_ride.board import Map
from engine.games.ticket_to_ride.mapfile import map_from_toml

from .test_ticket_to_ride_boats_flow import BoatTable
from .test_ticket_to_ride_live_rules_flow import MapTable, scored_like_the_real_one

MAPS = Path(__file__).resolve().parents[1] / "maps"


@cache
def board(name: str) -> Map:
    return map_from_toml((MAPS / f"{name}.toml").read_text("utf-8"))


def track_menu(table: MapTable, city: str) -> tuple[str, ...]:
    """The routes from `city` the table offers to claim."""
    table.deal_and_keep()
    table.press("ok", "ok")                      # the menu, then "Claim a route"
    table.flow.ui = replace(table.flow.ui, mode=Mode.TRACK, city=city)
    screen = table.app.screen()
    assert screen.title == f"From {city}" and screen.menu is not None
    render(screen)
    return screen.menu.items


def test_separate_routes_are_distinct_choices_told_apart() -> None:
    table = MapTable(board("separate-routes"), 2)
    assert track_menu(table, "Kristiansand") == (
        "Oslo 3 Black", "Oslo 2 Green", "Oslo 2 Yellow",
        "Stavanger 2 Gray tunnel", "Stavanger 3 Gray ferry")
    table = MapTable(board("separate-routes"), 2)
    assert track_menu(table, "Kreuzlingen")[:2] == (
        "Deutschland 1 Red Konstanz", "Deutschland 1 Blue Schaffhausen")
    # The second, its payment screen named by its border arrow.
    table.press("down", "ok")
    screen = table.app.screen()
    assert table.flow.ui.track == "Kreuzlingen-Deutschland/2"
    assert screen.title == "Kreuzlingen – Deutschland (Schaffhausen)"
    table = BoatTable(board("boats-separate"), 2)
    assert track_menu(table, "Gaviota")[:2] == ("Alba 5 Red", "Alba 4 Red boat")


def test_what_tells_separate_routes_apart_is_said_in_french() -> None:
    words, nordic = Words("fr"), board("separate-routes")
    tunnel, ferry = nordic.tracks_between("Kristiansand", "Stavanger")
    assert words.track_item(tunnel, "Kristiansand", nordic) == "Stavanger 2 Grise tunnel"
    assert words.track_item(ferry, "Stavanger", nordic) == "Kristiansand 3 Grise ferry"
    lakes = board("boats-separate")
    land, sea = lakes.tracks_between("Alba", "Gaviota")
    assert words.track_item(sea, "Alba", lakes) == "Gaviota 4 Rouge bateau"
    assert words.track_item(land, "Alba", lakes) == "Gaviota 5 Rouge"


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 2)])
def test_whole_games_with_separate_routes_score_like_the_real_ones(players: int,
                                                                   seed: int) -> None:
    table, _ = scored_like_the_real_one(board("separate-routes"), players, seed)
    assert any("/" in track for track in table.state.owners), "a second route was entered"


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 1)])
def test_whole_games_with_separate_sea_routes_score_like_the_real_ones(players: int,
                                                                       seed: int) -> None:
    table, _ = scored_like_the_real_one(board("boats-separate"), players, seed, BoatTable)
    assert any("/" in track for track in table.state.owners), "a second route was entered"
