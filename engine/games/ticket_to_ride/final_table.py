"""The final table of a played game, as `companion tally` reads it, and its live result.

The variant fields (`toll_tokens`, `loans`, `country_cards`, `merchandise`, ...) are built
from the state and scored by the tally's own code (`tally_variants`), so the live result and
the tally of the exported table cannot disagree.
"""

from __future__ import annotations

from typing import Any

from ...game import TallyResult
from ...table_input import join
from .live_countries import cards_by_country
from .scoring import Holding, score_table
from .seat import Seat
from .state import TicketToRideState
from .tally_variants import variant_bonuses


def variant_fields(state: TicketToRideState, seat: int) -> dict[str, Any]:
    """One player's variant fields of the final table: only those the map uses."""
    rules = state.board.rules
    player = state.players[seat]
    fields: dict[str, Any] = {}
    if rules.tolls is not None:
        fields["toll_tokens"] = player.toll_tokens
        fields["loans"] = player.loans
    if rules.country_cards:
        fields["country_cards"] = cards_by_country(player.country_cards)
    if rules.merchandise is not None:
        fields["merchandise"] = list(player.merchandise)
    return fields


def holdings(state: TicketToRideState) -> list[Holding]:
    """What each player holds, without the variants' points."""
    board = state.board
    return [
        Holding(p.name, tuple(board.track(t) for t in p.tracks),
                tuple(board.ticket(t) for t in p.tickets), p.stations)
        for p in state.players
    ]


def live_result(state: TicketToRideState) -> TallyResult:
    """The final count: the variant fields scored as the tally scores them."""
    seats = [Seat(h.name, join("players", number), variant_fields(state, number),
                  tracks=list(h.tracks), tickets=list(h.tickets), stations=list(h.stations))
             for number, h in enumerate(holdings(state))]
    variant_bonuses(state.board, seats, {})
    return score_table(state.board, [seat.holding() for seat in seats])


def final_table(state: TicketToRideState) -> dict[str, Any]:
    """The final table as `companion tally` reads it (the map given as itself)."""
    players = []
    for number, holding in enumerate(holdings(state)):
        players.append({
            "name": holding.name,
            "routes": [{"from": t.ends[0], "to": t.ends[1], "color": t.color}
                       for t in holding.tracks],
            "tickets": [list(t.places) for t in holding.tickets],
            "stations": list(holding.stations),
            **variant_fields(state, number),
        })  # fmt: skip
    return {"game": "ticket-to-ride", "map": state.board, "players": players}
