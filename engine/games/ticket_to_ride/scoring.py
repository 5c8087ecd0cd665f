"""The final count: routes, tickets, the longest route, unused stations, and the winner.

Both the tally of a described table and the end of a played game come here, so they agree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ...decision import Decision, decide
from ...game import PlayerScore, TallyResult
from ...trails import longest_trail
from .board import Map, Ticket, Track
from .stations import best_borrowing
from .tickets import Outcome, PlayerNetwork, Scored, scored

GAME_ID = "ticket-to-ride"


@dataclass(frozen=True)
class Cite:
    """Old West: a Cité on `city`, placed right after the claim numbered `after`."""

    city: str
    after: int


@dataclass(frozen=True)
class Holding:
    """What one player (or team) has on the table at the end."""

    name: str
    tracks: tuple[Track, ...]
    tickets: tuple[Ticket, ...]
    stations: tuple[str, ...] = ()
    #: Old West: this player's Cités.
    cites: tuple[Cite, ...] = ()
    #: Old West: each track's place in the order of all claims (track id -> number).
    claimed: Mapping[str, int] = field(default_factory=dict)
    #: Points from variant rules worked out elsewhere (category -> points).
    bonuses: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class PlayerCount:
    """The figures behind one player's score, for breakdowns and tie-breaks."""

    breakdown: dict[str, int]
    completed: int
    longest: int
    borrowed: tuple[Track | None, ...]
    #: What each ticket scored, in the order of the holding's tickets.
    scored: tuple[Scored, ...] = ()


def route_points(board: Map, holdings: Sequence[Holding]) -> list[int]:
    """Points for claimed routes.

    Old West: points are scored "dès qu'ils prennent possession" of the route, so a route into
    a city whose Cité was already placed when it was claimed scores for the Cité's owner; a Cité
    placed later changes nothing. A route with no claim number counts as claimed last.
    """
    points = [0] * len(holdings)
    cite_at = {cite.city: (seat, cite.after) for seat, h in enumerate(holdings)
               for cite in h.cites}
    for seat, holding in enumerate(holdings):
        for track in holding.tracks:
            value = board.rules.points_for(track.length)
            claimed = holding.claimed.get(track.id)
            controllers = [owner for owner, after in (cite_at[end] for end in track.ends
                                                      if end in cite_at)
                           if claimed is None or after < claimed]
            for scorer in controllers or [seat]:
                points[scorer] += value
    return points


def count_player(board: Map, holdings: Sequence[Holding], seat: int) -> PlayerCount:
    """Tickets (with the best use of stations), the longest trail, and the other categories."""
    rules = board.rules
    holding = holdings[seat]
    borrowed: tuple[Track | None, ...] = ()
    if rules.stations and holding.stations:
        opponents = [track for other, h in enumerate(holdings) if other != seat
                     for track in h.tracks]
        # The same choice, whatever order the opponents and their routes were written in.
        opponents.sort(key=lambda track: track.id)
        choice = best_borrowing(board, holding.tracks, holding.tickets, holding.stations,
                                opponents)
        borrowed = choice.borrowed
    network = PlayerNetwork(list(holding.tracks) + [t for t in borrowed if t is not None], board)
    results = tuple(scored(ticket, network) for ticket in holding.tickets)
    tickets = sum(result.points for result in results)
    own = PlayerNetwork(holding.tracks, board)  # stations never count for the longest route
    breakdown = {"routes": 0, "tickets": tickets}
    if rules.longest_bonus:
        breakdown["longest"] = 0  # filled in once every player's longest route is known
    if rules.mountains_on(board):
        breakdown["mountains"] = rules.mountain_points * sum(t.mountains for t in holding.tracks)
    if rules.stations:
        breakdown["stations"] = rules.station_bonus * (rules.stations - len(holding.stations))
    breakdown.update(holding.bonuses)
    return PlayerCount(
        breakdown=breakdown,
        completed=sum(1 for result in results if result.outcome is Outcome.COMPLETED),
        longest=longest_trail(own.edges),
        borrowed=borrowed,
        scored=results,
    )


def score_table(board: Map, holdings: Sequence[Holding]) -> TallyResult:
    rules = board.rules
    counts = [count_player(board, holdings, seat) for seat in range(len(holdings))]
    for count, points in zip(counts, route_points(board, holdings)):
        count.breakdown["routes"] = points
    longest_holders = _most([count.longest for count in counts])
    if rules.longest_bonus:
        for seat, count in enumerate(counts):
            count.breakdown["longest"] = rules.longest_bonus if seat in longest_holders else 0
    if rules.globetrotter:
        leaders = _most([count.completed for count in counts])
        for seat, count in enumerate(counts):
            count.breakdown["globetrotter"] = rules.globetrotter if seat in leaders else 0
    scores = tuple(
        PlayerScore(holding.name, sum(count.breakdown.values()), dict(count.breakdown))
        for holding, count in zip(holdings, counts)
    )
    decision = decide_winners(board, holdings, scores, counts, longest_holders)
    return TallyResult(GAME_ID, scores, decision.winners, decision.deciding)


def _most(values: Sequence[int]) -> set[int]:
    """Every seat tied for the highest value, none when the highest is 0."""
    best = max(values, default=0)
    return {seat for seat, value in enumerate(values) if value == best and best > 0}


def decide_winners(board: Map, holdings: Sequence[Holding], scores: Sequence[PlayerScore],
                   counts: Sequence[PlayerCount], longest_holders: set[int]) -> Decision:
    """The best total, then the map's tie-breaks in order; still tied players share the win."""
    values = {
        "tickets": [count.completed for count in counts],
        "fewest-stations": [-len(holding.stations) for holding in holdings],
        "longest": [1 if seat in longest_holders else 0 for seat in range(len(counts))],
    }
    return decide([score.name for score in scores], [score.total for score in scores],
                  [(rule, values[rule]) for rule in board.rules.tiebreaks])
