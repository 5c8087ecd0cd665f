"""A box of The Game of Trains made up for the tests, with every wagon's ability given.

The real deck's abilities are printed on its cards; the companion never works one out from a
number. These tests give a whole deck, as a configuration may: the eight abilities in turn
(wagons 1, 9, 17... swap neighbours; 2, 10, 18... swap over one; and so on).
"""

from engine.games.game_of_trains.cards import WAGONS, Ability

TEST_BOX: tuple[Ability, ...] = tuple(tuple(Ability)[(n - 1) % len(Ability)] for n in WAGONS)
