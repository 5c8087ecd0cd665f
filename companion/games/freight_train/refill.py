"""Refilling a lane at the Freight Train table: the players check the board as they refill.

"Au début de sa phase, si deux voies ou plus sont complètement vides dans la zone de fret
principale, alors le joueur a la possibilité de remplir une, et une seule voie." The table
cannot see the lanes (which lanes the taken wagons left is not entered), so it never offers or
refuses a refill on its own idea of them: the refill's screen asks "Two lanes empty?" and says
what to do if so; ok (refilled) is the players' yes, back their no. The menu leaves the refill
out only when the count of wagons in the main yard, which the table knows, makes two empty
lanes impossible (more than three full lanes' worth).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.flows.base import NOTHING, Reaction
from companion.flows.kit import Button
from companion.flows.words import wrapped
from companion.games.freight_train.messages import (  # fmt: skip
    DEPARTURE,
    DEPARTURE_NEEDS_REFILL,
    HINT_REFILL,
    LANES_CHECK_TITLE,
    NO_REFILL,
    REFILL_IF_EMPTY,
)
from companion.games.freight_train.ui import FreightTrainUI, Mode
from companion.games.freight_train.words import Words
from companion.screens.model import Screen, Style
from engine.games.freight_train.rules import refill_as_seen, refill_possible
from engine.games.freight_train.state import FreightTrainState


class RefillEntry:
    """The refill's screen: the players' check of the lanes and the refill, in one."""

    words: Words
    ui: FreightTrainUI

    if TYPE_CHECKING:  # the flow's own (a stub here would hide them)
        def _enter(self, mode: Mode) -> None: ...

        def _set(self, **changes: Any) -> None: ...

    def _refill_button(self, state: FreightTrainState, button: Button) -> Reaction:
        """ok: two lanes or more were empty and one is refilled; back: not so."""
        if button == "back":
            self._enter(Mode.MAIN)
            return Reaction(notice=self.words.say(NO_REFILL))
        if button != "ok":
            return NOTHING
        # The players saw two empty lanes: the first the record has empty, any if none.
        lane = state.empty_lanes()[0] if state.empty_lanes() else 0
        return Reaction(refill_as_seen(state, lane, self.ui.departure_seen))

    def _departure_tapped(self, state: FreightTrainState, mode: Mode) -> Reaction:
        """The departure card comes up only in a refill: tapped before one is entered, it
        opens the refill's screen (which still asks whether two lanes are empty)."""
        w = self.words
        if mode is Mode.REFILL:
            self._set(departure_seen=True)
            return Reaction(notice=w.say(DEPARTURE))
        if mode in (Mode.MAIN, Mode.MENU) and refill_possible(state):
            self._enter(Mode.REFILL)
            self._set(departure_seen=True)
            return NOTHING
        return Reaction(refusal=w.say(DEPARTURE_NEEDS_REFILL))

    def _refill_screen(self, top: str) -> Screen:
        w = self.words
        body = (*wrapped(w.say(REFILL_IF_EMPTY)), w.departure_line(self.ui.departure_seen))
        return Screen(top=top, title=w.say(LANES_CHECK_TITLE), body=body,
                      hints=w.say(HINT_REFILL), style=Style.PROMPT)
