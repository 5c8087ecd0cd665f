"""The Ticket to Ride view: what one state offers the screens and buttons, worked out once."""

from __future__ import annotations

from typing import Any

import pytest

import companion.games.ticket_to_ride.view as view_module
from companion.games.ticket_to_ride.view import CLAIM, STATION, Mode
from companion.games.ticket_to_ride.words import city_letter

from .test_ticket_to_ride_flow import Table


def test_a_state_is_read_once_however_many_screens_and_presses(
        monkeypatch: pytest.MonkeyPatch) -> None:
    table = Table(2, "usa")
    table.deal_and_keep()
    checked: list[Any] = []
    real = view_module.claim_problem

    def counted(state: Any, track: Any) -> Any:
        checked.append(track)
        return real(state, track)

    monkeypatch.setattr(view_module, "claim_problem", counted)
    table.press("ok", "ok")                      # the menu, then "Claim a route"
    assert table.flow.ui.mode is Mode.LETTER
    once = len(checked)
    assert 0 < once <= len(table.state.board.tracks) * 2  # a track from each end at most
    table.press("down", "down", "up")
    table.app.screen()
    assert len(checked) == once
    view = table.flow.view(table.state)
    assert view is table.flow.view(table.state)
    table.press("back")
    table.tap(table.card("red"))                 # a card drawn: a new state, a new view
    assert table.flow.view(table.state) is not view


def test_the_lists_offer_only_what_can_be_chosen() -> None:
    table = Table(3, "europe")
    table.deal_and_keep()
    view = table.flow.view(table.state)
    for letter in view.letters(CLAIM):
        for city in view.cities(CLAIM, letter):
            assert city_letter(city) == letter and view.tracks(city)
    stations = [city for letter in view.letters(STATION)
                for city in view.cities(STATION, letter)]
    assert sorted(stations) == sorted(table.state.board.cities)
