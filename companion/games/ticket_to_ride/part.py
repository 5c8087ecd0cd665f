"""What each part of the Ticket to Ride flow reads of the whole flow, declared once.

The flow (`flow.py`) is made of parts, one module each: its screens, the route chooser, the
payments, what a claim takes, the depots and the passengers. Each part inherits
`TicketToRidePart` to read the flow's UI state and words and to call the steps that the flow
or another part defines. The flow class lists every part before this base, so the stubs here
never run.
"""

from __future__ import annotations

from companion.flows.base import Reaction
from companion.flows.kit import FlowPart
from companion.games.ticket_to_ride.view import Mode, Purpose, TicketToRideUI, TurnView
from companion.games.ticket_to_ride.words import Words
from companion.screens.model import Screen
from engine.errors import IllegalEvent
from engine.games.ticket_to_ride.board import Track
from engine.games.ticket_to_ride.state import Takings, TicketToRideState


class TicketToRidePart(FlowPart[TicketToRideState, Mode]):
    """The state and steps of the Ticket to Ride flow that its parts share."""

    ui: TicketToRideUI
    words: Words
    language: str

    def view(self, state: TicketToRideState) -> TurnView:
        """This turn as the engine sees it (the flow)."""
        raise NotImplementedError

    def _top(self, state: TicketToRideState) -> str:
        """The screens' top line (the screens)."""
        raise NotImplementedError

    def _start_route(self, state: TicketToRideState, purpose: Purpose) -> Reaction:
        """Opens the route chooser for a claim, a station or a depot (the route chooser)."""
        raise NotImplementedError

    def _claim_ready(self, state: TicketToRideState) -> Reaction:
        """Asks what the claim takes, or makes it (what a claim takes)."""
        raise NotImplementedError

    def taken_words(self, state: TicketToRideState, track: Track, takings: Takings) -> str:
        """What a claim took, in words (what a claim takes)."""
        raise NotImplementedError

    def pieces_line(self, state: TicketToRideState) -> str:
        """"Wagons 20 · Boats 30" on a map with boats (the boats)."""
        raise NotImplementedError

    def deck_empty_title(self, state: TicketToRideState) -> str:
        """Which deck ran out, on a map with boats (the boats)."""
        raise NotImplementedError

    def _boat_source_screen(self, state: TicketToRideState) -> Screen:
        """Where a card came from, on a map with boats (the boats)."""
        raise NotImplementedError

    def _explain(self, error: IllegalEvent) -> str:
        """An engine refusal in words (the payments)."""
        raise NotImplementedError
