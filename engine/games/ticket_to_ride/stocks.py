"""Pennsylvania: shares taken when claiming routes, and the payouts per company at the end.

The most shares of a company takes its first payout, the next its second, and so on. There is
no tie: of two players with as many shares, the one holding the lowest-numbered share ranks
first (they invested first).

>>> from .board import Stocks
>>> stocks = Stocks((("PRR", 15, (15, 10, 5)),))
>>> stock_points(stocks, {"Ana": {"PRR": [2, 9]}, "Ben": {"PRR": [1, 4]}, "Cleo": {"PRR": [3]}})
{'Ana': 10, 'Ben': 15, 'Cleo': 5}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...errors import N_, IllegalEvent
from .board import Stocks, Track

#: The neutral holder of the two-player game: it ranks like a player and scores nothing.
DUMMY = "\0dummy"


def stock_points(stocks: Stocks, holdings: Mapping[str, Mapping[str, Sequence[int]]]
                 ) -> dict[str, int]:
    """Points per holder, summed over companies; holders of no share of a company get nothing."""
    points = {holder: 0 for holder in holdings if holder != DUMMY}
    for company, _, payouts in stocks.companies:
        held = {holder: sorted(shares.get(company, ())) for holder, shares in holdings.items()}
        ranked = sorted((holder for holder, numbers in held.items() if numbers),
                        key=lambda holder: (-len(held[holder]), held[holder][0]))
        for rank, holder in enumerate(ranked[: len(payouts)]):
            if holder != DUMMY:
                points[holder] += payouts[rank]
    return points


def share_taken(stocks: Stocks, track: Track, company: str, taken: Mapping[str, int]) -> int:
    """The number of the share a player takes on claiming `track` (1 is the first share).

    The player names one of the route's companies; if all its shares are gone they may take the
    next share of another company on the route instead; with none left at all, nothing.
    `taken` counts the shares of each company already taken.
    """
    if company not in track.companies:
        raise IllegalEvent(N_("{company} has no share on this route"), company=company)
    if taken.get(company, 0) >= stocks.shares(company):
        others = [c for c in track.companies if taken.get(c, 0) < stocks.shares(c)]
        if others:
            raise IllegalEvent(N_("{company} has no share left: take one of {others}"),
                               company=company, others=", ".join(others))
        return 0
    return taken.get(company, 0) + 1
