"""Pennsylvania at the table: the share a player takes on claiming a route.

« Lorsqu'un joueur s'empare d'une route, il peut prendre la première Action du paquet de l'une
des compagnies représentées sur cette route. Si toutes les Actions d'une compagnie ont été
prises, le joueur peut recevoir la première Action d'une autre compagnie présente sur la route
à la place. » A share is numbered by its place in its company's pile (1 is the first taken).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ...errors import N_, IllegalEvent
from .board import Stocks, Track
from .state import Player
from .stocks import share_taken


def shares_taken(players: Sequence[Player]) -> Counter[str]:
    """Shares already taken, by company."""
    return Counter(company for player in players for company, _ in player.shares)


def share_options(stocks: Stocks | None, players: Sequence[Player], track: Track
                  ) -> tuple[str, ...]:
    """The companies of `track` with a share left, in the order printed on the route."""
    if stocks is None:
        return ()
    taken = shares_taken(players)
    return tuple(company for company in track.companies
                 if taken[company] < stocks.shares(company))


def share_number(stocks: Stocks | None, players: Sequence[Player], track: Track,
                 company: str) -> int:
    """The number of the share of `company` taken on claiming `track`, or IllegalEvent.

    An empty `company` takes no share (the text says "peut"): 0.
    """
    if not company:
        return 0
    if stocks is None:
        raise IllegalEvent(N_("This map has no shares"))
    number = share_taken(stocks, track, company, shares_taken(players))
    if not number:
        raise IllegalEvent(N_("No share is left on this route"))
    return number


def share_fields(players: Sequence[Player]) -> dict[str, list[int]]:
    """The shares of `players` (a player, or a team's members: the team holds them) as the
    final table gives them: company -> share numbers."""
    held: dict[str, list[int]] = {}
    for company, number in (share for player in players for share in player.shares):
        held.setdefault(company, []).append(number)
    return {company: sorted(numbers) for company, numbers in sorted(held.items())}
