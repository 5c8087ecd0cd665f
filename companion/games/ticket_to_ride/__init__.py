"""Ticket to Ride at the table."""

from __future__ import annotations

from ...i18n import N_, NC_
from .. import GameInfo, TableGame, Values


def _cards() -> dict[str, Values]:
    # Train cards by colour, locomotives, destination tickets by code ("usa-07": see
    # companion.games.ticket_to_ride.words.ticket_codes).
    from engine.games.ticket_to_ride.board import COLORS

    from .words import ticket_codes

    return {"train": COLORS, "locomotive": (), "ticket": tuple(ticket_codes())}


def _map_title(name: str) -> str:
    from engine.games.ticket_to_ride.library import find_map

    board = find_map(name)
    return board.title if board is not None else name


TABLE = TableGame(
    id="ticket-to-ride",
    title=N_("Ticket to Ride"),
    flow="companion.games.ticket_to_ride.flow:TicketToRideFlow",
    cards=_cards,
    copies={"train": 12, "locomotive": 14},
    names={
        "train": {
            "red": NC_("ticket-to-ride/train", "Red"),
            "blue": NC_("ticket-to-ride/train", "Blue"),
            "green": NC_("ticket-to-ride/train", "Green"),
            "yellow": NC_("ticket-to-ride/train", "Yellow"),
            "black": NC_("ticket-to-ride/train", "Black"),
            "white": NC_("ticket-to-ride/train", "White"),
            "orange": NC_("ticket-to-ride/train", "Orange"),
            "pink": NC_("ticket-to-ride/train", "Pink"),
            "": NC_("ticket-to-ride/train", "Train card"),
        },
        "route": {
            "gray": NC_("ticket-to-ride/route", "Gray"),
        },
        "locomotive": {
            "": NC_("ticket-to-ride/locomotive", "Locomotive"),
        },
        "ticket": {
            "": NC_("ticket-to-ride/ticket", "Destination ticket"),
        },
        "category": {
            "routes": NC_("ticket-to-ride/category", "Routes"),
            "tickets": NC_("ticket-to-ride/category", "Tickets"),
            "longest": NC_("ticket-to-ride/category", "Longest"),
            "stations": NC_("ticket-to-ride/category", "Stations"),
            "mountains": NC_("ticket-to-ride/category", "Mountains"),
            "tolls": NC_("ticket-to-ride/category", "Tolls"),
            "loans": NC_("ticket-to-ride/category", "Loans"),
            "countries": NC_("ticket-to-ride/category", "Countries"),
            "merchandise": NC_("ticket-to-ride/category", "Merchandise"),
        },
    },
    # Checked against the address of the game's BoardGameGeek page, boardgame/9209/ticket-ride.
    bgg_id=9209,
    # The first is the map of a new game when none is chosen.
    maps=("usa", "europe"),
    # boardgame/14996/ticket-ride-europe
    map_games={"europe": GameInfo("Ticket to Ride: Europe", 14996,
                                  source_id="ticket-to-ride-europe")},
    map_title=_map_title,
)
