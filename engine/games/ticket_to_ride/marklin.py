"""Märklin: moving a passenger along built routes and collecting merchandise tokens.

A passenger leaves the city where it stands and follows claimed routes, never the same route
twice; each opponent route it uses costs one passenger card. In every city it reaches it takes
that city's most valuable token: "À chaque ville, il récupère le jeton de plus forte valeur",
one token per city, the first time the passenger reaches it; and none in its departure city,
even when the trip comes back to it ("Le joueur ne récupère pas de jeton sur la ville de
départ"). Its trip over, it leaves the board.

>>> from .board import Track
>>> a_b, b_c = Track("A-B", 0, ("A", "B"), 2, "red"), Track("B-C", 1, ("B", "C"), 3, "red")
>>> owners = {"A-B": "Ana", "B-C": "Ben"}
>>> trip = passenger_trip("A", [a_b, b_c], "Ana", owners, 1, {"B": (4, 3), "C": (2,)})
>>> trip.tokens, trip.cards, trip.stacks["B"]
((4, 2), 1, (3,))

A trip back to its start takes nothing there:

>>> c_a = Track("C-A", 2, ("C", "A"), 1, "red")
>>> owners["C-A"] = "Ana"
>>> passenger_trip("A", [a_b, b_c, c_a], "Ana", owners, 1, {"A": (4, 3), "C": (2,)}).tokens
(2,)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ...errors import N_, NP_, IllegalEvent
from .board import Merchandise, Track


@dataclass(frozen=True)
class Trip:
    start: str
    tokens: tuple[int, ...]
    #: Passenger cards spent (opponent routes used).
    cards: int
    stacks: dict[str, tuple[int, ...]]
    #: The cities the trip has been in, its start first: none of them gives a token again.
    reached: frozenset[str] = frozenset()

    def token_at(self, city: str) -> int:
        """The token the passenger would take on reaching `city` next (0: none)."""
        if city == self.start or city in self.reached:
            return 0
        return (self.stacks.get(city) or (0,))[0]


def passenger_trip(start: str, path: Sequence[Track], mover: str, owners: Mapping[str, str],
                   cards: int, stacks: Mapping[str, Sequence[int]]) -> Trip:
    """Follow `path` from `start`; `stacks` lists each city's tokens, most valuable first."""
    here = start
    used: set[int] = set()  # routes: the two tracks of a double route are one route
    reached = {start}  # no token at the start, one per city
    spent = 0
    taken = []
    after = {city: tuple(sorted(values, reverse=True)) for city, values in stacks.items()}
    for track in path:
        if track.route in used:
            raise IllegalEvent(N_("A passenger never takes the same route twice"))
        if here not in track.ends:
            raise IllegalEvent(N_("The route {route} does not leave {city}"), route=track.id,
                               city=here)
        owner = owners.get(track.id)
        if owner is None:
            raise IllegalEvent(N_("Passengers travel on claimed routes only"))
        if owner != mover:
            spent += 1
        used.add(track.route)
        here = track.other_end(here)
        if here not in reached and after.get(here):
            taken.append(after[here][0])
            after[here] = after[here][1:]
        reached.add(here)
    if spent > cards:
        raise IllegalEvent(NP_("This trip uses {count} opponent route: a passenger card is "
                               "needed", "This trip uses {count} opponent routes: as many "
                               "passenger cards are needed"), count=spent)
    return Trip(start, tuple(taken), spent, after, frozenset(reached))


def token_supply(merchandise: Merchandise) -> Counter[int]:
    """How many tokens of each value exist."""
    supply: Counter[int] = Counter()
    for _, stacks, values in merchandise.stacks:
        for value in values:
            supply[value] += stacks
    return supply


def too_many_tokens(merchandise: Merchandise, collected: Iterable[int]) -> int | None:
    """A token value collected more often than the game has it, if any."""
    supply = token_supply(merchandise)
    for value, count in Counter(collected).items():
        if count > supply[value]:
            return value
    return None
