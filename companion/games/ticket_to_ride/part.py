"""What every part of the Ticket to Ride flow shares: the flow it belongs to, the move being
entered, the words, and the top line and the shapes of its screens.

The flow (`flow.py`) is made of parts, one job each (the route chooser, the payments, what a
claim takes...). A part shows the screens and reads the buttons of its own modes (the flow's
one table of modes says which part has which), and makes its steps; it reaches the others
through the flow that made it: `self.flow.routes.start(...)`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.flows.base import Reaction
from companion.games.ticket_to_ride.view import Pick, TicketToRideUI
from companion.games.ticket_to_ride.words import TEAM_CONTEXT, TEAM_LAST_ROUND
from companion.screens.model import Menu, Screen, Style
from engine.games.ticket_to_ride.live_teams import team_of
from engine.games.ticket_to_ride.state import TicketToRideState

if TYPE_CHECKING:
    from companion.games.ticket_to_ride.flow import TicketToRideFlow

#: What a train card tapped does in a mode.
Tapped = Callable[[TicketToRideState, Pick], Reaction]


class Part:
    """One job of the Ticket to Ride flow: the screens and buttons of its modes, its steps."""

    def __init__(self, flow: TicketToRideFlow) -> None:
        self.flow = flow
        self.words = flow.words

    @property
    def ui(self) -> TicketToRideUI:
        """The move being entered: the flow's, which its draft keeps."""
        return self.flow.ui

    @ui.setter
    def ui(self, ui: TicketToRideUI) -> None:
        self.flow.ui = ui

    # --- The screens' shapes --------------------------------------------------------------

    def top(self, state: TicketToRideState) -> str:
        """The screens' top line: whose turn it is, on which map (or which team)."""
        w = self.words
        team = team_of(state)
        if team is not None:
            # In teams the player's team comes right after their name.
            name = state.teams[team].name
            context = (w.say(TEAM_CONTEXT, team=name, map=state.board.title)
                       if state.turns_left is None else w.say(TEAM_LAST_ROUND, team=name))
        else:
            context = w.context(state.board, len(state.players), state.turns_left)
        return w.turn_top(state.player().name, context)

    def question(self, state: TicketToRideState, title: str, body: tuple[str, ...]) -> Screen:
        """A yes-or-no question: ok says yes, back says no."""
        return Screen(top=self.top(state), title=title, body=body,
                      hints=self.words.hint_confirm(), style=Style.CONFIRM)

    def list_screen(self, state: TicketToRideState, title: str, items: tuple[str, ...]
                    ) -> Screen:
        """A list to choose from, its highlight kept inside a list that may have shrunk."""
        return Screen(top=self.top(state), title=title,
                      menu=Menu(items, min(self.ui.choice, max(len(items) - 1, 0))),
                      hints=self.words.hint_choose())
