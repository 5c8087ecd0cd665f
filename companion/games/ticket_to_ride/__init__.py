"""Ticket to Ride at the table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.games.record import GameInfo, Shape, TableGame, Teams, Values
from companion.i18n.translate import NC_

if TYPE_CHECKING:
    from companion.games.map_facts import MapFacts

#: The shape of every ticket tag value, whichever map it is of ("usa-07", "lake-shore-112");
#: its family is the map's tag.
TICKET_TAG = r"(?P<family>[a-z0-9]+(-[a-z0-9]+)*)-[0-9]{2,3}"


def _cards() -> dict[str, Values]:
    # Train cards by colour, locomotives, destination tickets by code ("usa-07": see
    # companion.games.ticket_to_ride.words.ticket_codes); a map file's tickets fit TICKET_TAG.
    from companion.games.ticket_to_ride.ticket_tags import shipped_ticket_tags
    from engine.games.ticket_to_ride.board import COLORS

    return {"train": COLORS, "locomotive": (), "ticket": shipped_ticket_tags(),
            **{kind: () for kind in SPECIAL_KINDS}, **{kind: COLORS for kind in BOAT_KINDS}}


#: The special cards of some maps, each a card kind of its own -> the engine's card. The kinds
#: sort after "train", so the tags of the other kinds keep their place in the simulated box.
SPECIAL_KINDS = {"train-joker": "joker", "train-locomotive+4": "locomotive+4",
                 "train-passenger": "passenger", "train-ferry": "ferry"}
#: Rails & Sails' boat cards by colour, single and double, each a kind of its own -> whether
#: the card is double. "Transport" is the text's word for wagon and boat cards together; the
#: kinds sort after every other, so the tags of the other kinds keep their place in the box.
BOAT_KINDS = {"transport-boat": False, "transport-boat2": True}


def _shipped_maps() -> tuple[str, ...]:
    from engine.games.ticket_to_ride.library import SHIPPED

    return SHIPPED


def _map_title(option: object) -> str:
    from companion.games.ticket_to_ride.map_files import map_title

    return map_title(option)


def _map_cards(option: object) -> dict[str, tuple[str, ...]]:
    from companion.games.ticket_to_ride.map_files import map_cards

    return map_cards(option)


def _read_map(text: str) -> tuple[str, Any]:
    from companion.games.ticket_to_ride.map_files import read_map

    return read_map(text)


def _map_facts(option: object) -> MapFacts:
    from companion.games.ticket_to_ride.map_files import map_facts

    return map_facts(option)


def _map_teams(option: object) -> Teams | None:
    from companion.games.ticket_to_ride.map_files import map_teams

    return map_teams(option)



TABLE = TableGame(
    id="ticket-to-ride",
    flow="companion.games.ticket_to_ride.flow:TicketToRideFlow",
    settled_at_the_end=frozenset({"tickets", "longest", "globetrotter"}),
    charted_by="claim",
    autopilot="companion.games.ticket_to_ride.autopilot",
    cards=_cards,
    shapes={"ticket": Shape(TICKET_TAG, "MAP-NN")},
    printed={"ticket": ("companion.games.ticket_to_ride.ticket_words:ticket_value",
                        "companion.games.ticket_to_ride.ticket_words:printed_ticket")},
    # The special cards: a map file says how many its game has; the simulated box holds as
    # many as a pile of locomotives.
    copies={"train": 12, "locomotive": 14, **{kind: 14 for kind in SPECIAL_KINDS},
            **{kind: 8 for kind in BOAT_KINDS}},
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
        "train-joker": {"": NC_("ticket-to-ride/train-joker", "Joker")},
        "train-locomotive+4": {"": NC_("ticket-to-ride/train-locomotive+4", "Locomotive +4")},
        "train-passenger": {"": NC_("ticket-to-ride/train-passenger", "Passenger card")},
        "train-ferry": {"": NC_("ticket-to-ride/train-ferry", "Ferry card")},
        "transport-boat": {
            "red": NC_("ticket-to-ride/transport-boat", "Red boat"),
            "blue": NC_("ticket-to-ride/transport-boat", "Blue boat"),
            "green": NC_("ticket-to-ride/transport-boat", "Green boat"),
            "yellow": NC_("ticket-to-ride/transport-boat", "Yellow boat"),
            "black": NC_("ticket-to-ride/transport-boat", "Black boat"),
            "white": NC_("ticket-to-ride/transport-boat", "White boat"),
            "orange": NC_("ticket-to-ride/transport-boat", "Orange boat"),
            "pink": NC_("ticket-to-ride/transport-boat", "Pink boat"),
            "": NC_("ticket-to-ride/transport-boat", "Boat card"),
        },
        "transport-boat2": {
            "red": NC_("ticket-to-ride/transport-boat2", "Red 2-boat"),
            "blue": NC_("ticket-to-ride/transport-boat2", "Blue 2-boat"),
            "green": NC_("ticket-to-ride/transport-boat2", "Green 2-boat"),
            "yellow": NC_("ticket-to-ride/transport-boat2", "Yellow 2-boat"),
            "black": NC_("ticket-to-ride/transport-boat2", "Black 2-boat"),
            "white": NC_("ticket-to-ride/transport-boat2", "White 2-boat"),
            "orange": NC_("ticket-to-ride/transport-boat2", "Orange 2-boat"),
            "pink": NC_("ticket-to-ride/transport-boat2", "Pink 2-boat"),
            "": NC_("ticket-to-ride/transport-boat2", "Double boat card"),
        },
        "category": {
            "routes": NC_("ticket-to-ride/category", "Routes"),
            "tickets": NC_("ticket-to-ride/category", "Tickets"),
            "longest": NC_("ticket-to-ride/category", "Longest"),
            "stations": NC_("ticket-to-ride/category", "Stations"),
            "mountains": NC_("ticket-to-ride/category", "Mountains"),
            # The end bonus by tokens left: not the tokens held ("Tolls" on the turn screen).
            "tolls": NC_("ticket-to-ride/category", "Toll bonus"),
            "loans": NC_("ticket-to-ride/category", "Loans"),
            "countries": NC_("ticket-to-ride/category", "Countries"),
            "globetrotter": NC_("ticket-to-ride/category", "Globetrotter"),
            "stocks": NC_("ticket-to-ride/category", "Shares"),
            "meeples": NC_("ticket-to-ride/category", "Meeples"),
            "alvin": NC_("ticket-to-ride/category", "Alvin"),
            "depots": NC_("ticket-to-ride/category", "Depots"),
            "merchandise": NC_("ticket-to-ride/category", "Merchandise"),
        },
    },
    # Checked against the address of the game's BoardGameGeek page, boardgame/9209/ticket-ride.
    bgg_id=9209,
    maps=_shipped_maps,
    # boardgame/14996/ticket-ride-europe
    map_games={"europe": GameInfo("Ticket to Ride: Europe", 14996,
                                  source_id="ticket-to-ride-europe")},
    map_title=_map_title,
    map_cards=_map_cards,
    read_map=_read_map,
    map_teams=_map_teams,
    map_facts=_map_facts,
    # Tickets are secret: the screen counts those kept and names no city before the end,
    # unless the table chooses to see them (a family teaching the game, say).
    table_settings={"show_tickets": False},
)
