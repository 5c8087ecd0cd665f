"""The fields a map file is made of: colours, texts, places and bounded numbers.

>>> color_of("Violet"), color_of("grey"), color_of("mauve")
('pink', 'gray', None)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...errors import N_, InvalidInput
from ...table_input import items, join
from .board import COLORS, GRAY, Map
from .names import fold

#: Other words for the colours, English and French.
COLOR_WORDS = {
    "grey": GRAY, "gris": GRAY, "grise": GRAY, "any": GRAY,
    "purple": "pink", "violet": "pink", "rose": "pink",
    "rouge": "red", "bleu": "blue", "vert": "green", "jaune": "yellow", "noir": "black",
    "blanc": "white", "brown": "orange", "marron": "orange",
}  # fmt: skip
SPECIAL_CARDS = ("locomotive+4", "joker", "boat", "ferry", "passenger")
#: Special cards whose number the map file gives (`rules.cards.copies`); boat cards are a deck
#: of their own, counted in `rules.boats`.
COUNTED_CARDS = ("locomotive+4", "joker", "ferry", "passenger")
TIEBREAKS = ("tickets", "fewest-stations", "longest")
LAST_ROUNDS = ("one-more-turn-each", "two-more-turns-each")

# What a game can hold: a map or table beyond these is a typing slip, refused with the field.
#: Points printed on a ticket or a bonus card, and any other count of points.
MAX_TICKET_POINTS = 99
MAX_POINTS = 99
#: Spaces of one route.
MAX_LENGTH = 12
#: Trains, cards or tokens of one kind for one player, and copies of one card.
MAX_PIECES = 99
#: Stations: the station search tries every borrowing, (d + 1) ** stations at most.
MAX_STATIONS = 5
#: Players at one table (a team of two counts two), and players of one team.
MAX_PLAYERS = 8
MAX_TEAM = 4
#: Small counts: cards revealed or dealt, Cités, passengers, depots, face-up cards.
MAX_FEW = 9


def color_of(word: str) -> str | None:
    """A colour's id from its English or French name, or None."""
    folded = fold(word)
    if folded in COLORS or folded == GRAY:
        return folded
    return COLOR_WORDS.get(folded)



def texts(data: Mapping[str, Any], key: str, path: str) -> list[str]:
    where = join(path, key)
    found = []
    for number, value in enumerate(items(data, key, path, default=[])):
        if not isinstance(value, str) or not value.strip():
            raise InvalidInput(join(where, number), N_("must be a non-empty text"))
        found.append(value.strip())
    return found


def place_field(board: Map, value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput(where, N_("must name a place"))
    place = board.place(value)
    if place is None:
        raise InvalidInput(where, N_("unknown place {place!r}"), place=value.strip())
    return place


def color_field(word: Any, where: str) -> str:
    color = color_of(word) if isinstance(word, str) else None
    if color is None:
        raise InvalidInput(where, N_("unknown colour {color!r}"), color=str(word))
    return color


def numbers(data: Mapping[str, Any], key: str, path: str, default: list[int], most: int
             ) -> list[int]:
    values = items(data, key, path, default=default)
    for number, value in enumerate(values):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most:
            raise InvalidInput(join(join(path, key), number),
                               N_("must be a whole number from 0 to {most}"), most=most)
    return list(values)
