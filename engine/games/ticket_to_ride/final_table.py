"""The final table of a played game, as `companion tally` reads it, and its live result.

The variant fields (`toll_tokens`, `loans`, `country_cards`, `merchandise`, ...) are built
from the state and scored by the tally's own code (`tally_variants`), so the live result and
the tally of the exported table cannot disagree. In team play (Asia) an entry is a team, as
the tally reads it: its members' routes and the tickets of its members and of its holder
together.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...game import TallyResult
from ...table_input import join
from .board import Ticket
from .claims import route_entry
from .live_countries import cards_by_country
from .live_old_west import route_claims
from .scoring import Holding, score_table
from .seat import Seat
from .state import TicketToRideState
from .takings import table_fields
from .tally_variants import variant_bonuses


def entries(state: TicketToRideState) -> list[tuple[str, tuple[int, ...]]]:
    """Each entry of the final table, a player or a team: its name and its seats."""
    if state.teams:
        return [(team.name, team.seats) for team in state.teams]
    return [(player.name, (seat,)) for seat, player in enumerate(state.players)]


def variant_fields(state: TicketToRideState, entry: int) -> dict[str, Any]:
    """One entry's variant fields of the final table: only those the map uses (a team's
    tokens and cards are its members' together)."""
    rules = state.board.rules
    members = [state.players[seat] for seat in entries(state)[entry][1]]
    fields: dict[str, Any] = {}
    if rules.tolls is not None:
        fields["toll_tokens"] = sum(p.toll_tokens for p in members)
        fields["loans"] = sum(p.loans for p in members)
    if rules.country_cards:
        fields["country_cards"] = cards_by_country(
            tuple(card for p in members for card in p.country_cards))
    if state.depots is not None:
        fields["depots"] = state.depots.left[entry]  # a team holds one set of depots
    fields.update(table_fields(state, entries(state)[entry][1]))
    if rules.merchandise is not None:
        fields["merchandise"] = [token for p in members for token in p.merchandise]
    return fields


def holdings(state: TicketToRideState) -> list[Holding]:
    """What each entry holds, without the variants' points."""
    board = state.board
    found = []
    for number, (name, seats) in enumerate(entries(state)):
        members = [state.players[seat] for seat in seats]
        shared = state.teams[number].tickets if state.teams else ()
        found.append(Holding(
            name, tuple(board.track(t) for p in members for t in p.tracks),
            tuple(board.ticket(t) for t in shared + _joined([p.tickets for p in members])),
            _joined([p.stations for p in members])))
    return found


def _joined(parts: Sequence[tuple[str, ...]]) -> tuple[str, ...]:
    return tuple(item for part in parts for item in part)


def _claims(state: TicketToRideState, entry: int) -> dict[str, int]:
    """Old West: each track of the entry (a player, or a team) and its claim number."""
    return route_claims([state.players[seat] for seat in entries(state)[entry][1]])


def live_result(state: TicketToRideState) -> TallyResult:
    """The final count: the variant fields scored as the tally scores them."""
    seats = [Seat(h.name, join("players", number), variant_fields(state, number),
                  tracks=list(h.tracks), tickets=list(h.tickets), stations=list(h.stations),
                  claimed=_claims(state, number))
             for number, h in enumerate(holdings(state))]
    variant_bonuses(state.board, seats, {})
    return score_table(state.board, [seat.holding() for seat in seats])


def ticket_entry(ticket: Ticket) -> Any:
    """A ticket as the tally reads it: its two places, an itinerary's cities, or the origin
    and destinations of a ticket to one of several."""
    if ticket.any_of:
        return {"from": ticket.places[0], "any_of": list(ticket.places[1:])}
    if ticket.itinerary:
        return {"cities": list(ticket.places)}
    return list(ticket.places)


def final_table(state: TicketToRideState) -> dict[str, Any]:
    """The final table as `companion tally` reads it (the map given as itself)."""
    players = []
    for number, holding in enumerate(holdings(state)):
        claims = _claims(state, number)
        members = ({"members": [state.players[seat].name for seat in state.teams[number].seats]}
                   if state.teams else {})
        players.append({
            "name": holding.name,
            **members,
            "routes": [{**route_entry(state.board, t),
                        **({"claim": claims[t.id]} if t.id in claims else {})}
                       for t in holding.tracks],
            "tickets": [ticket_entry(t) for t in holding.tickets],
            "stations": list(holding.stations),
            **variant_fields(state, number),
        })  # fmt: skip
    return {"game": "ticket-to-ride", "map": state.board, "players": players}
