"""The contents of a full box: counts per game and board, order, printed names."""

from __future__ import annotations

import pytest

from companion.games.box import BoxEntry, BoxError, box_contents, box_size
from companion.games.cards import Card, check_card
from engine.games.ticket_to_ride.library import INDEX


def test_freight_train_box_holds_176_wagons_and_the_departure_card() -> None:
    box = box_contents("freight-train", "en")
    assert box_size(box) == 177
    assert box[0] == BoxEntry(Card("freight-train", "wagon", "coal"), 16, "Coal wagon", "Coal")
    assert box[-1].card == Card("freight-train", "departure")
    assert box[-1].copies == 1


def test_europe_box_holds_its_own_46_tickets_named_by_cities() -> None:
    box = box_contents("ticket-to-ride", "en", "europe")
    tickets = [entry for entry in box if entry.card.kind == "ticket"]
    assert len(tickets) == 46 == INDEX["europe"].tickets
    assert all(entry.card.value.startswith("europe-") for entry in tickets)
    assert any(entry.label == "Ticket Paris – Wien 8" for entry in tickets)
    assert box_size(box) == 8 * 12 + 14 + 46


def test_order_is_by_kind_then_value() -> None:
    kinds = [entry.card.kind for entry in box_contents("ticket-to-ride", "en", "europe")]
    assert kinds == sorted(kinds, key=["train", "locomotive", "ticket"].index)
    codes = [entry.card.value for entry in box_contents("ticket-to-ride", "en", "europe")
             if entry.card.kind == "ticket"]
    assert codes == sorted(codes)


def test_ticket_to_ride_without_a_board_is_the_first_map() -> None:
    box = box_contents("ticket-to-ride", "en")
    tickets = [entry.card.value for entry in box if entry.card.kind == "ticket"]
    assert len(tickets) == INDEX["usa"].tickets
    assert tickets[0] == "usa-01"


def test_board_found_by_another_name_and_boat_maps_hold_boats() -> None:
    assert box_contents("ticket-to-ride", "en", "Europa") == box_contents(
        "ticket-to-ride", "en", "europe")
    kinds = {entry.card.kind for entry in box_contents("ticket-to-ride", "en", "world")}
    assert {"transport-boat", "transport-boat2", "train-joker"} <= kinds


@pytest.mark.parametrize("game", ["freight-train", "whistle-stop", "game-of-trains",
                                  "off-the-rails", "ticket-to-ride"])
def test_every_card_of_a_box_is_a_card_the_registry_accepts(game: str) -> None:
    box = box_contents(game, "en")
    assert box
    assert all(check_card(entry.card) == entry.card for entry in box)
    assert len({entry.card for entry in box}) == len(box)
    assert all(entry.card.game == game and entry.card.kind != "player" for entry in box)


def test_labels_are_in_the_box_language() -> None:
    french = box_contents("freight-train", "fr")
    assert french[0].label != "Coal wagon"
    assert "Charbon" in french[0].label
    assert "départ" in french[-1].label


def test_unknown_game_and_board_are_refused_with_the_choices() -> None:
    with pytest.raises(BoxError, match="freight-train"):
        box_contents("chess", "en")
    with pytest.raises(BoxError, match="europe"):
        box_contents("ticket-to-ride", "en", "atlantis")
    with pytest.raises(BoxError, match="one board"):
        box_contents("freight-train", "en", "europe")
