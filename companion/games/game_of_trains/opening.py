"""The Game of Trains opening at the table (the publisher's rules; a setting may skip it).

After the deal, clockwise from the first player, each player taps the cards they draw (the
screen says how many: 1, 2, 3, then 4); then, clockwise from the first again, each taps the
card kept and the wagon of their line it replaces (either order; once the card is tapped, the
wagon may also be chosen with up/down and `ok`). The other drawn cards go to the discard pile
unseen, the replaced wagon face up. Every refusal is the engine's reason.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.flows.base import NOTHING, Reaction
from companion.flows.kit import Button, moved
from companion.games.game_of_trains.messages import (  # fmt: skip
    ALREADY_COUNTED,
    DRAWN_BY,
    PAIR_DISCARDED,
    REPLACED,
    WHERE,
)
from companion.games.game_of_trains.ui import GameOfTrainsUI
from companion.games.game_of_trains.words import Words
from companion.games.names import reason
from engine.errors import IllegalEvent
from engine.games.game_of_trains import RULES, why_illegal
from engine.games.game_of_trains.cards import LINE
from engine.games.game_of_trains.events import GameOfTrainsEvent, OpeningDraw, OpeningKeep
from engine.games.game_of_trains.state import GameOfTrainsState, Phase


class OpeningEntry:
    """The opening as the flow enters it: the cards drawn so far, the card kept and where, in
    the flow's UI state (`ui.opening`)."""

    ui: GameOfTrainsUI
    words: Words

    def _set_opening(self, **changes: Any) -> None:
        self.ui = replace(self.ui, opening=replace(self.ui.opening, **changes))

    def _cancel_keep(self) -> None:
        self._set_opening(kept=None, position=None, choice=0)

    # --- Inputs -------------------------------------------------------------------------------

    def _opening_button(self, state: GameOfTrainsState, button: Button) -> Reaction:
        opening = self.ui.opening
        if state.phase is Phase.OPENING_DRAW:
            if button == "back" and opening.drawing:
                self._set_opening(drawing=opening.drawing[:-1])
            return NOTHING
        if button == "back":
            self._cancel_keep()
        elif opening.kept is not None and button in ("up", "down"):
            self._set_opening(choice=moved(opening.choice, button, LINE))
        elif opening.kept is not None and button == "ok":
            return self._keep(state, state.current, opening.kept, opening.choice + 1)
        return NOTHING

    def _opening_card(self, state: GameOfTrainsState, number: int, uid: str,
                      seat: int | None) -> Reaction:
        """A wagon tapped; `seat` is the player whose line holds it, if any."""
        opening = self.ui.opening
        if state.phase is Phase.OPENING_DRAW:
            return self._opening_draw_tap(state, number, uid, seat)
        if seat is None:  # the card kept
            refused = self._refusal(state,
                                    OpeningKeep(state.current, number, opening.position or 1))
            if refused:
                return refused
            self._set_opening(kept=number)
            if opening.position is not None:
                return self._keep(state, state.current, number, opening.position)
            self._set_opening(choice=0)
            return NOTHING
        position = state.players[seat].line.index(number) + 1
        if seat != state.current:  # another player's wagon: the engine says whose turn it is
            kept = opening.kept or state.player().drawn[0]
            return self._refusal(state, OpeningKeep(seat, kept, position)) or NOTHING
        self._set_opening(position=position)
        if opening.kept is not None:
            return self._keep(state, seat, opening.kept, position)
        return NOTHING

    def _opening_draw_tap(self, state: GameOfTrainsState, number: int, uid: str,
                          seat: int | None) -> Reaction:
        w = self.words
        drawing = self.ui.opening.drawing
        if number in (card for card, _ in drawing):
            return Reaction(refusal=w.say(ALREADY_COUNTED, wagon=number))
        if seat is not None:
            player = state.players[seat]
            return Reaction(notice=w.say(WHERE, card=number, name=player.name,
                                         position=player.line.index(number) + 1))
        holder = next((p for p in state.players if number in p.drawn), None)
        if holder is not None:
            return Reaction(notice=w.say(DRAWN_BY, card=number, name=holder.name))
        drawing = (*drawing, (number, uid))
        self._set_opening(drawing=drawing)
        if len(drawing) < state.opening_draws():
            return NOTHING
        event = OpeningDraw(state.current, tuple(card for card, _ in drawing))
        return Reaction(event, uids=tuple(u for _, u in drawing))

    def _keep(self, state: GameOfTrainsState, seat: int, card: int, position: int) -> Reaction:
        event = OpeningKeep(seat, card, position)
        refused = self._refusal(state, event)
        if refused:
            return refused
        return Reaction(event, notice=arrival_notice(self.words, state, event, card, position))

    def _refusal(self, state: GameOfTrainsState, event: GameOfTrainsEvent) -> Reaction | None:
        error = why_illegal(state, event)
        if error is None:
            return None
        return Reaction(refusal=reason(error, self.words.language))


def arrival_notice(words: Words, state: GameOfTrainsState, event: GameOfTrainsEvent, card: int,
                   position: int) -> str | None:
    """What a move putting `card` at `position` of the player's line says: the replaced wagon
    face up, or discarded with its twin (as the engine has it); None when the move is refused."""
    old = state.player().line[position - 1]
    try:
        after = RULES.apply(state, event)
    except IllegalEvent:
        return None
    if old in after.face_up:
        return words.say(REPLACED, card=card, old=old)
    twin = next((other for other in state.face_up if other not in after.face_up), None)
    if twin is None:
        return words.say(REPLACED, card=card, old=old)
    return words.say(PAIR_DISCARDED, first=old, second=twin)
