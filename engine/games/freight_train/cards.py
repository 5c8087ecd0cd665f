"""Freight Train's components, by player count (from the rules text)."""

from __future__ import annotations

from collections import Counter

from ...errors import N_, IllegalEvent
from ...unseen import UNSEEN

#: The 11 freight wagon types. The rules text does not name them; these ids are the
#: companion's, and the tag registry maps each physical card to one of them.
WAGON_TYPES: tuple[str, ...] = (
    "coal", "tank", "box", "flat", "hopper", "reefer",
    "stock", "auto", "gondola", "lumber", "container",
)  # fmt: skip

DEPARTURE = "departure"
"""The "carte départ des trains": drawn from the deck, it ends the day."""

UNKNOWN = UNSEEN
"""A card the companion has not seen: at the table, cards are known once scanned."""

MIXED = "mixed"
"""The player's one train of mixed wagons ("train de marchandises mélangées")."""

#: The names `companion tally` reads besides the ids, any case: each train's name on the
#: table's screens in English and in French (the companion's tests hold them to its
#: catalogue), and the rules text's name of the mixed train.
TRAIN_NAMES: dict[str, tuple[str, ...]] = {
    "coal": ("Coal", "Charbon"),
    "tank": ("Tank", "Citerne"),
    "box": ("Box", "Couvert"),
    "flat": ("Flat", "Plat"),
    "hopper": ("Hopper", "Trémie"),
    "reefer": ("Reefer", "Réfrigéré"),
    "stock": ("Stock", "Bestiaux"),
    "auto": ("Auto", "Porte-autos"),
    "gondola": ("Gondola", "Tombereau"),
    "lumber": ("Lumber", "Bois"),
    "container": ("Container", "Conteneur"),
    MIXED: ("Mixed train", "Train mélangé", "train de marchandises mélangées"),
}

CARDS_PER_TYPE = {2: 9, 3: 12, 4: 14, 5: 16}
LOCOMOTIVES = {2: 7, 3: 6, 4: 5, 5: 5}
STARTING_TOKENS = 5
LANES = 5
LANE_SPACES = 5
YARD_TRACKS = 2
TRACK_SPACES = 8
DEALT_TO_YARD = 12
TAKE_FROM_MAIN_YARD = 3
MOVE_FROM_YARD = 4
DAYS = 3


def most_locomotives(players: int, day: int) -> int:
    """The most locomotives, so trains, a player can have on `day`: those of the start, and one
    more each day but the last ("Le premier ou le second jour, un joueur peut amener une et une
    seule locomotive chaque jour"; whoever did not is given one when the next day starts).

    >>> most_locomotives(2, 1), most_locomotives(2, 2), most_locomotives(2, 3)
    (8, 9, 9)
    """
    return LOCOMOTIVES[players] + min(day, DAYS - 1)


def wagon_deck(players: int, types: tuple[str, ...] = WAGON_TYPES) -> Counter[str]:
    """Every wagon card in play for this player count."""
    return Counter({kind: CARDS_PER_TYPE[players] for kind in types})


def check_wagon_types(types: tuple[str, ...], players: int) -> None:
    """A table may play with fewer than the 11 types, each once, as long as the 25 spaces of
    the main yard, the 12 cards of each yard and a deck to hide the departure card in can be
    laid out on the first day."""
    for index, wagon in enumerate(types):
        if wagon not in WAGON_TYPES:
            raise IllegalEvent(N_("wagon_types: {wagon!r} is not a wagon type; one of {types}"),
                               wagon=wagon, types=", ".join(WAGON_TYPES))
        if wagon in types[:index]:
            raise IllegalEvent(N_("wagon_types: {wagon} is listed twice"), wagon=wagon)
    needed = LANES * LANE_SPACES + DEALT_TO_YARD * players + 1
    least = -(-needed // CARDS_PER_TYPE[players])
    if len(types) < least:
        raise IllegalEvent(N_("wagon_types: {players} players need at least {least} wagon "
                              "types"), players=players, least=least)
