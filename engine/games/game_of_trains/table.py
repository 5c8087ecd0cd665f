"""What the table does next, and whether an event may happen now (with the reason if not).

>>> from .rules import new_game
>>> str(next_step(new_game(("Ana", "Ben"))))
'Deal 7 wagons to each player'
"""

from __future__ import annotations

from ...errors import N_, NP_, IllegalEvent
from ...rulebook import Prompt, refusal
from .cards import Ability, positions_for
from .events import GameOfTrainsEvent, UseAbility
from .rules import apply
from .state import GameOfTrainsState, Phase


def next_step(state: GameOfTrainsState) -> Prompt:
    """The instruction the screen shows now."""
    if state.phase is Phase.DEAL:
        return Prompt(N_("Deal 7 wagons to each player"))
    if state.phase is Phase.OPENING_DRAW:
        return Prompt(NP_("{name}: draw {count} from the deck",
                          "{name}: draw {count} from the deck"), state.current,
                      {"name": state.player().name, "count": state.opening_draws()})
    if state.phase is Phase.OPENING_KEEP:
        return Prompt(N_("{name}: keep a drawn card in place of a wagon"), state.current,
                      {"name": state.player().name})
    if state.phase is Phase.OVER:
        assert state.winner is not None
        return Prompt(N_("{name} wins: the train is in order!"), state.winner,
                      {"name": state.player(state.winner).name})
    if state.unknown_face_up():
        return Prompt(N_("Which ability does wagon {card} have?"), state.current,
                      {"card": state.unknown_face_up()[0]})
    if state.needs_reshuffle():
        return Prompt(N_("Deck empty: shuffle the discard pile"), state.current)
    if state.refilling:
        seat = state.refilling[0]
        return Prompt(N_("{name}: draw a wagon for position {position}"), seat,
                      {"name": state.player(seat).name, "position": state.refill_position})
    name = state.player().name
    if not state.face_up:
        return Prompt(N_("{name}: draw a wagon"), state.current, {"name": name})
    return Prompt(N_("{name}: draw a wagon or use a face-up card"), state.current, {"name": name})


def ability_uses(state: GameOfTrainsState) -> tuple[UseAbility, ...]:
    """Every legal use of a face-up card for the current player."""
    if state.phase is not Phase.PLAY or state.refilling or not state.deck:
        return ()
    uses = []
    for card in state.face_up:
        ability: Ability | None = state.ability(card)
        if ability is None:
            continue  # the table learns it first
        positions = positions_for(ability) or range(1)
        uses += [UseAbility(card, position) for position in positions]
    return tuple(uses)


def why_illegal(state: GameOfTrainsState, event: GameOfTrainsEvent) -> IllegalEvent | None:
    """None when `event` may happen now, else the reason it may not."""
    return refusal(apply, state, event)
