"""End bonuses of several maps: majorities of passenger meeples (Germany), most depots left
(Europe 1912), most completed tickets (Globetrotter), country cards (Poland), Alvin (Old West).

>>> meeple_points(20, 10, {"Ana": {"red": 3}, "Ben": {"red": 3}, "Cleo": {"red": 1}})
{'Ana': 20, 'Ben': 20, 'Cleo': 0}
>>> most_bonus(10, {"Ana": 2, "Ben": 2, "Cleo": 0})
{'Ana': 10, 'Ben': 10, 'Cleo': 0}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ...majority import MajorityAward
from .board import Map, Track
from .tickets import PlayerNetwork


def meeple_points(first: int, second: int, meeples: Mapping[str, Mapping[str, int]]
                  ) -> dict[str, int]:
    """Per colour: the most meeples `first` (all tied score it, and then nobody is second),
    the next most `second` (all tied for second score it)."""
    award = MajorityAward(first=first, second=second, tied_first=None,
                          second_when_first_tied=False, tied_second_score=True)
    points = {name: 0 for name in meeples}
    for color in sorted({color for held in meeples.values() for color in held}):
        for name, paid in award.award({n: held.get(color, 0) for n, held in meeples.items()}
                                      ).items():
            points[name] += paid
    return points


def most_bonus(bonus: int, amounts: Mapping[str, int]) -> dict[str, int]:
    """`bonus` to every player tied for the most, as long as the most is not zero."""
    best = max(amounts.values(), default=0)
    return {name: bonus if amount == best and best > 0 else 0 for name, amount in amounts.items()}


def countries_linked(board: Map, tracks: Iterable[Track], claimed: Track) -> list[str]:
    """Poland: the countries whose top card a player takes on claiming `claimed`.

    When `claimed` reaches a neighbouring country and the player's network, so extended, joins
    that country to at least one other country, they take a card of every country it joins.
    """
    country = next((end for end in claimed.ends if board.is_country(end)), None)
    if country is None:
        return []
    network = PlayerNetwork(list(tracks) + [claimed], board)
    here = network.network.component((country, claimed.id))
    joined = {place for place, track_id in network.network.nodes
              if track_id and network.network.component((place, track_id)) == here}
    return sorted(joined) if len(joined) >= 2 else []


def take_country_cards(piles: Mapping[str, Sequence[int]], countries: Iterable[str]
                       ) -> tuple[list[int], dict[str, tuple[int, ...]]]:
    """The top card of each country's pile (an empty pile gives nothing), and the piles after."""
    after = {country: tuple(pile) for country, pile in piles.items()}
    won = []
    for country in countries:
        if after.get(country):
            won.append(after[country][0])
            after[country] = after[country][1:]
    return won, after


def alvin_points(capture: int, final: int, captures: int, holds_at_end: bool) -> int:
    """Old West: `capture` points each time a player captures Alvin, `final` for holding him."""
    return capture * captures + (final if holds_at_end else 0)


def alvin_captured(alvin_city: str, claimed: Track) -> bool:
    """Old West: claiming a route into Alvin's city captures him."""
    return alvin_city in claimed.ends
