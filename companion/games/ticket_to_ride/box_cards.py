"""The cards in the box of one Ticket to Ride map: its train cards by colour, locomotives, the
special and boat cards it plays with, and its tickets, with how many of each it has."""

from __future__ import annotations

from companion.games.cards import Card, copies
from companion.games.ticket_to_ride import BOAT_KINDS, SPECIAL_KINDS
from companion.games.ticket_to_ride.ticket_tags import map_ticket_codes
from companion.games.ticket_to_ride.words import Words
from engine.games.ticket_to_ride.board import LOCOMOTIVE
from engine.games.ticket_to_ride.library import INDEX, find_map

GAME = "ticket-to-ride"


def board_cards(board_name: str, language: str) -> list[tuple[Card, int, str]]:
    """(card, copies, name) of each card of the map's box; raises `BoxError` for a map that
    is not shipped."""
    from companion.games.box import BoxError

    board = find_map(board_name)
    if board is None:
        raise BoxError(f"unknown map {board_name!r}; one of {', '.join(INDEX)}")
    words = Words(language)
    setup = board.rules.cards
    cards = [(Card(GAME, "train", color), setup.per_color, words.card(color))
             for color in setup.colors]
    cards.append((Card(GAME, "locomotive"), setup.locomotives, words.card(LOCOMOTIVE)))
    cards += [(Card(GAME, kind), setup.copies_of(special) or copies(GAME, kind),
               words.card(special))
              for kind, special in SPECIAL_KINDS.items() if special in setup.special]
    boats = board.rules.boats
    if "boat" in setup.special:
        for kind, double in BOAT_KINDS.items():
            count = copies(GAME, kind) if boats is None else (
                boats.doubles_per_color if double else boats.per_color)
            prefix = "boat2:" if double else "boat:"
            cards += [(Card(GAME, kind, color), count, words.card(prefix + color))
                      for color in setup.colors]
    cards += [(Card(GAME, "ticket", code), 1, words.ticket(board.ticket(ticket)))
              for code, ticket in map_ticket_codes(board).items()]
    return cards
