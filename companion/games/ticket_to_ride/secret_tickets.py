"""What the Ticket to Ride screens say of the tickets a player keeps before the game's end.

Tickets are secret at the table, and the reader is shared: a ticket tapped is counted, never
named ("2 tickets kept"), unless the table chose to see them (`show_tickets`). The final
count names them: the tickets are turned over then.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.ticket_to_ride.words import Words
from engine.games.ticket_to_ride.board import Map, Ticket


class TicketWords:
    """The tickets' words of one table: named (`shown`) or only counted."""

    def __init__(self, words: Words, shown: bool) -> None:
        self.words = words
        self.shown = shown

    def kept(self, count: int, team: bool = False) -> str:
        """The notice of the tickets kept: "2 tickets kept" (in team play, the first to the
        team's)."""
        if team:
            return self.words.ngettext("{count} ticket kept, to the team",
                                       "{count} tickets kept, 1st to the team",
                                       count).format(count=count)
        return self.words.ngettext("{count} ticket kept", "{count} tickets kept",
                                   count).format(count=count)

    def picked(self, board: Map, cards: Sequence[str]) -> list[str]:
        """The line under the count of the tickets tapped so far: the last one, named, or
        how many."""
        tickets = [board.ticket(card) for card in cards if board.has_ticket(card)]
        if not tickets:
            return []
        if self.shown:
            return [self.words.ticket(tickets[-1])]  # the last kept: room to wrap
        return [self.kept(len(tickets))]

    def put_back(self, ticket: Ticket) -> str:
        if self.shown:
            return self.words.ticket_put_back(ticket)
        return self.words._("Ticket put back")

    def held(self, ticket: Ticket, name: str) -> str:
        """A ticket tapped that `name` (a player or a team) keeps already."""
        if self.shown:
            return self.words.ticket_held(ticket, name)
        return self.words._("{name} holds this ticket").format(name=name)

    def offered(self, count: int) -> str:
        """A ticket tapped beyond those offered."""
        return self.words.ngettext("Only {count} ticket offered", "Only {count} tickets offered",
                                   count).format(count=count)
