"""The automated player of The Game of Trains: the presses and taps that enter a move."""

from __future__ import annotations

from collections.abc import Callable

from companion.flows.automaton import Stuck
from companion.flows.inputs import Input, Press, Tap
from companion.flows.kit import toward
from companion.games.autopilot import UidFor
from companion.games.game_of_trains.flow import GameOfTrainsFlow, choice_after_tap
from companion.games.game_of_trains.ui import KIND, Mode, OpeningUI, known_ability
from engine.errors import IllegalEvent
from engine.events import Event
from engine.games.game_of_trains.cards import LINE, REMOVED_AT, UNSEEN, Ability, positions_for
from engine.games.game_of_trains.events import (
    Deal,
    DrawCard,
    DrawReplacement,
    LearnAbility,
    OpeningDraw,
    OpeningKeep,
    UseAbility,
)
from engine.games.game_of_trains.state import GameOfTrainsState, Phase

#: The screens an automated player only acknowledges.
ACKNOWLEDGED = frozenset({Mode.SETUP, Mode.RESHUFFLE, Mode.FINAL})


def enter(flow: GameOfTrainsFlow, state: GameOfTrainsState, mode: Mode, goal: Event,
          uid_for: UidFor) -> Input:
    """The next input toward `goal` on a screen that is not only acknowledged."""
    if isinstance(goal, LearnAbility):
        # The players read the card (the demo's own box) and choose what it says.
        if mode is not Mode.LEARN:
            raise Stuck(f"the table does not ask wagon {goal.card}'s ability")
        return toward(flow.ui.choice, list(Ability).index(goal.ability), len(Ability))
    if isinstance(goal, Deal):
        if mode is not Mode.DEAL:
            raise IllegalEvent("the deal comes first")
        seat, index = divmod(len(flow.ui.dealt), LINE)
        return Tap(uid_for(KIND, str(goal.lines[seat][index])))
    if isinstance(goal, (OpeningDraw, OpeningKeep)):
        return _opening_input(flow.ui.opening, state, goal, uid_for)
    if isinstance(goal, DrawReplacement):
        return _tap_or(uid_for, goal.card,
                            lambda: _any_other_wagon(state, goal.card, uid_for))
    if isinstance(goal, DrawCard):
        return _toward_draw(flow, state, mode, goal, uid_for)
    if isinstance(goal, UseAbility):
        return _toward_use(flow, state, mode, goal, uid_for)
    raise IllegalEvent("no table input enters this move")


def _toward_draw(flow: GameOfTrainsFlow, state: GameOfTrainsState, mode: Mode, goal: DrawCard,
                 uid_for: UidFor) -> Input:
    replaced = state.player().line[goal.position - 1]
    if mode is Mode.MAIN:
        # The replaced wagon first when the drawn one cannot be tapped right now.
        return _tap_or(uid_for, goal.card, lambda: Tap(uid_for(KIND, str(replaced))))
    if mode is not Mode.DRAW:
        return Press("back")
    if flow.ui.drawn is None:
        if flow.ui.position != goal.position:
            return Press("back")
        return Tap(uid_for(KIND, str(goal.card)))
    if flow.ui.drawn[0] != goal.card:
        return Press("back")
    return _tap_or(uid_for, replaced, lambda: toward(flow.ui.choice, goal.position - 1))


def _toward_use(flow: GameOfTrainsFlow, state: GameOfTrainsState, mode: Mode, goal: UseAbility,
                uid_for: UidFor) -> Input:
    if mode is Mode.MAIN:
        return _tap_or(uid_for, goal.card, lambda: Press("ok"))
    if mode is Mode.FACE_UP:
        return toward(flow.ui.choice, state.face_up.index(goal.card))
    if mode is not Mode.USE or flow.ui.using != goal.card:
        return Press("back")
    ability = known_ability(state, goal.card)
    if ability in REMOVED_AT:
        return Press("ok")
    wanted = list(positions_for(ability)).index(goal.position)
    if flow.ui.choice == wanted:
        return Press("ok")
    line = state.player().line
    for card in line:
        if choice_after_tap(line, ability, flow.ui.choice, flow.ui.line_tap, card) == wanted:
            return _tap_or(uid_for, card, lambda: toward(flow.ui.choice, wanted))
    return toward(flow.ui.choice, wanted)


def _tap_or(uid_for: UidFor, card: int,
            otherwise: Callable[[], Input]) -> Input:
    """Tap `card`, or another way forward when its tag cannot be put down right now (the
    automated hands lift a tag before putting the same one down again)."""
    try:
        return Tap(uid_for(KIND, str(card)))
    except Stuck:
        return otherwise()


def _any_other_wagon(state: GameOfTrainsState, card: int,
                     uid_for: UidFor) -> Input:
    """A wagon of a line, tapped only to be told where it is."""
    for player in state.players:
        for other in player.line:
            if other not in (card, UNSEEN):
                try:
                    return Tap(uid_for(KIND, str(other)))
                except Stuck:
                    continue
    raise Stuck(f"no tag to tap before wagon {card}")


def _opening_input(opening: OpeningUI, state: GameOfTrainsState,
                   goal: OpeningDraw | OpeningKeep, uid_for: UidFor) -> Input:
    """The next input of the opening: the wagons drawn, then each player's keep."""
    if isinstance(goal, OpeningDraw):
        tapped = [card for card, _ in opening.drawing]
        if state.phase is not Phase.OPENING_DRAW or tapped != list(goal.cards[:len(tapped)]):
            return Press("back")
        return Tap(uid_for(KIND, str(goal.cards[len(tapped)])))
    if state.phase is not Phase.OPENING_KEEP:
        raise Stuck("the opening's keeps come after every draw")
    if (opening.kept not in (None, goal.card)
            or opening.position not in (None, goal.position)):
        return Press("back")
    replaced = state.players[goal.seat].line[goal.position - 1]
    if opening.kept is None:
        if opening.position is not None:
            return Tap(uid_for(KIND, str(goal.card)))
        # The replaced wagon first when the kept card cannot be tapped right now.
        return _tap_or(uid_for, goal.card, lambda: Tap(uid_for(KIND, str(replaced))))
    return _tap_or(uid_for, replaced, lambda: toward(opening.choice, goal.position - 1))
