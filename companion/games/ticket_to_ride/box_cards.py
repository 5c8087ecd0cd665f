"""The cards in the box of one Ticket to Ride map: its train cards by colour, locomotives, the
special and boat cards it plays with, and its tickets, with how many of each it has."""

from __future__ import annotations

from companion.games.cards import Card, copies
from companion.games.ticket_to_ride import BOAT_KINDS, SPECIAL_KINDS
from companion.games.ticket_to_ride.ticket_tags import map_ticket_codes
from companion.games.ticket_to_ride.words import Words
from engine.errors import N_
from engine.games.ticket_to_ride.board import LOCOMOTIVE, Ticket
from engine.games.ticket_to_ride.library import INDEX, shipped_map
from engine.games.ticket_to_ride.names import fold

GAME = "ticket-to-ride"


def board_id(spelling: str) -> str:
    """A shipped map's id from its id or one of its other names ("Europa" -> "europe");
    raises `BoxError` for a map that is not shipped."""
    from companion.games.box import BoxError

    wanted = fold(spelling)
    for entry in INDEX.values():
        if entry.answers_to(wanted):
            return entry.name
    raise BoxError(N_("unknown map {map!r}; one of {maps}"), map=spelling,
                   maps=", ".join(INDEX))


def ticket_board(card: Card) -> str | None:
    """The shipped map whose box holds this card: a ticket's, by its tag; None for a card of
    every map's box (a train card) or of no shipped map."""
    if card.kind != "ticket":
        return None
    from companion.games.ticket_to_ride.ticket_tags import ticket_codes

    found = ticket_codes().get(card.value)
    return board_id(found[0]) if found is not None else None


def board_cards(board_name: str, language: str) -> list[tuple[Card, int, str]]:
    """(card, copies, name) of each card of a shipped map's box (`board_id`)."""
    board = shipped_map(board_id(board_name))
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
    cards += [(Card(GAME, "ticket", code), 1, ticket_name(words, board.ticket(ticket)))
              for code, ticket in map_ticket_codes(board).items()]
    return cards


def ticket_name(words: Words, ticket: Ticket) -> str:
    """A ticket as printed, its places apart so a line may break between them: "Paris – Wien
    8" (a ticket to one of several destinations as the game's screens name it)."""
    if ticket.any_of:
        return words.ticket(ticket)
    return f"{' – '.join(ticket.places)} {ticket.points}"
