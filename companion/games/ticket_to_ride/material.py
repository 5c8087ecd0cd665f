"""The setup pages of what a map's variants add to the table before the deal: the team's
holders, the boat cards and the face-up row of two decks (Rails & Sails), then the toll
tokens, the boats, Alvin and the Cités.

Each page is a sentence in the small font's lines; one too long for a page goes on over more
pages (`paged`), so no number is ever left out.
"""

from __future__ import annotations

from companion.flows.words import paged, wrapped
from companion.games.ticket_to_ride.words import Words
from engine.errors import N_
from engine.games.ticket_to_ride.board import Map
from engine.games.ticket_to_ride.live_boats import boat_setup, row_halves
from engine.games.ticket_to_ride.state import TicketToRideState

#: A page: its title and its lines.
Page = tuple[str, tuple[str, ...]]

#: Team play: where a player's first ticket kept and second card drawn go (`live_teams`).
HOLDERS_TITLE = N_("Team holders")
HOLDERS = N_("Your 1st ticket kept and 2nd card drawn go to the team's holder.")
#: Rails & Sails: two decks dealt, a row of face-up cards from both, boats and the box.
WAGON_CARDS = N_("Wagon cards")
BOAT_CARDS = N_("Boat cards")
DEAL_EACH = N_("Shuffle. Deal {count} to each player.")
FACE_UP_TITLE = N_("Face-up cards")
FACE_UP_ROW = N_("Lay {wagons} wagon cards and {boats} boat cards face up.")
BOATS_TITLE = N_("{count} boats each")
IN_THE_BOX = N_("Each player puts {wagons} wagons and {boats} boats back in the box.")
#: Tolls: each player's tokens; the bank keeps the others and the loan cards.
TOLLS_TITLE = N_("Toll tokens")
TOLLS = N_("{count} each; the rest and the loan cards go to the bank.")
#: Old West: Alvin's city, the Cités (the starting city is one of them).
ALVIN_TITLE = N_("Alvin")
ALVIN = N_("Put Alvin in {city}: no starting city or Cité there.")
CITES_TITLE = N_("Cités")
CITES_EACH = N_("Give each player {count} Cités.")
CITES_EACH_START = N_("Give each player {count} Cités, the starting city among them.")
CITES_TEAM = N_("Give each team {count} Cités.")
CITES_TEAM_START = N_("Give each team {count} Cités, the starting city among them.")


def holders_pages(w: Words, state: TicketToRideState) -> list[Page]:
    """In team play, what goes to the team's holders."""
    return _paged(w, w.say(HOLDERS_TITLE), w.say(HOLDERS)) if state.teams else []


def card_pages(w: Words, board: Map) -> list[Page]:
    """The train cards dealt and laid face up; on a map with boats, both decks and a row of
    face-up cards from each."""
    cards = board.rules.cards
    boats = boat_setup(board)
    if boats is None:
        return [w.setup_cards(cards.hand, cards.face_up)]
    wagons, boat_cards = row_halves(cards.face_up)
    return [*_paged(w, w.say(WAGON_CARDS), w.say(DEAL_EACH, count=cards.hand)),
            *_paged(w, w.say(BOAT_CARDS), w.say(DEAL_EACH, count=boats.hand)),
            *_paged(w, w.say(FACE_UP_TITLE), w.say(FACE_UP_ROW, wagons=wagons,
                                                   boats=boat_cards))]


def material_pages(w: Words, board: Map) -> list[Page]:
    """The toll tokens, the boats, Alvin and the Cités, on maps that have them."""
    rules = board.rules
    pages = []
    if rules.tolls is not None:
        pages += _paged(w, w.say(TOLLS_TITLE), w.say(TOLLS, count=rules.tolls.tokens))
    boats = boat_setup(board)
    if boats is not None:
        pages += _paged(w, w.say(BOATS_TITLE, count=boats.pieces),
                        w.say(IN_THE_BOX, wagons=boats.box_wagons, boats=boats.box_boats))
    old_west = rules.old_west
    if old_west is not None:
        pages += _paged(w, w.say(ALVIN_TITLE), w.say(ALVIN, city=old_west.alvin_start))
        start, count = old_west.start_cities, old_west.cities
        if count and rules.team_size:  # in team play the team owns the Cités
            cites = w.say(CITES_TEAM_START if start else CITES_TEAM, count=count)
            pages += _paged(w, w.say(CITES_TITLE), cites)
        elif count:
            cites = w.say(CITES_EACH_START if start else CITES_EACH, count=count)
            pages += _paged(w, w.say(CITES_TITLE), cites)
    return pages


def _paged(w: Words, title: str, text: str) -> list[Page]:
    """`text` under `title` (both in words), on more pages when it needs them."""
    return [(title, page) for page in paged(wrapped(text, lines=len(text)), w.more())]
