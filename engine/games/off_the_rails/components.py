"""Off the Rails' components by player count (from the rules text).

Deposit cards are written "mine-space" (four mines, spaces 1 to 8): 32 cards.

>>> deposit_cards()[:3]
('red-1', 'red-2', 'red-3')
>>> DECK_SIZE[4], CAVE_IN_PLACEMENT[4].positions(DECK_SIZE[4])
(20, range(12, 17))
"""

from __future__ import annotations

from ...deck import BetweenPositions
from ...errors import N_
from ...unseen import UNSEEN as SHARED_UNSEEN

#: The four mines. Marked for translation: prompts name them.
MINES = (N_("red"), N_("yellow"), N_("blue"), N_("green"))
SPACES = range(1, 9)

CAVE_IN_CARD = "cave-in"
"""The "carte éboulement": drawn from the general deck, it starts the end of the game."""

# A card the companion has not seen: face-down piles are known once a card is revealed.
UNSEEN = SHARED_UNSEEN

#: Deposit cards left out unseen, per mine: one each with 4 players, two each with 2-3.
REMOVED_PER_MINE = {2: 2, 3: 2, 4: 1}
#: The general deck without the cave-in card: what is left after the removed cards and the
#: two set-aside piles of four (opening supply, first cave-ins).
DECK_SIZE = {players: 32 - 4 * removed - 8 for players, removed in REMOVED_PER_MINE.items()}
#: Where the cave-in card is hidden in the general deck (1-based positions from the top).
CAVE_IN_PLACEMENT = {2: BetweenPositions(9, 13), 3: BetweenPositions(9, 13),
                     4: BetweenPositions(13, 17)}  # fmt: skip

CAVE_IN_TOKENS_PER_MINE = 5
CAVE_IN_TOKENS = CAVE_IN_TOKENS_PER_MINE * len(MINES)
#: Dice Chasm mode: an eight-sided die gives the space of each cave-in.
DIE_SIDES = 8

CARTS_PER_PLAYER = 2
CART_CAPACITY = 5
MISSION_CARDS = 11

ACTIONS_PER_TURN = 4
LAY_RAIL = "lay-rail"
UPGRADE_RAIL = "upgrade-rail"
PLACE_CART = "place-cart"
ADJUST_DIE = "adjust-die"
ACTIONS = (LAY_RAIL, UPGRADE_RAIL, PLACE_CART, ADJUST_DIE)

#: Points per gem and how many of each the box holds (66 stones).
GEM_POINTS = {"rock": 0, "ruby": 1, "emerald": 2, "gold": 3, "diamond": 4}
GEMS_IN_BOX = {"rock": 12, "ruby": 24, "emerald": 15, "gold": 10, "diamond": 5}
RUBY_BONUS = 5
CART_POINTS = 3
MISSION_POINTS = 4


def deposit_cards() -> tuple[str, ...]:
    return tuple(card(mine, space) for mine in MINES for space in SPACES)


def card(mine: str, space: int) -> str:
    return f"{mine}-{space}"


def mine_of(code: str) -> str:
    return code.rsplit("-", 1)[0]


def space_of(code: str) -> int:
    return int(code.rsplit("-", 1)[1])


def missions_in_play(players: int) -> int:
    """One mission card more than there are players."""
    return players + 1
