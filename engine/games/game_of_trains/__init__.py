"""The Game of Trains: rules, simulator and tally."""

from ...game import GameRules
from ...rulebook import Prompt
from .cards import Ability
from .events import GameOfTrainsEvent
from .notes import RULE_NOTES
from .rules import apply, is_over, new_game, result
from .simulate import random_event
from .state import GameOfTrainsState, Settings
from .table import ability_uses, next_step, why_illegal
from .tally import tally

RULES: GameRules[GameOfTrainsState, GameOfTrainsEvent] = GameRules(
    id="game-of-trains",
    events=GameOfTrainsEvent,
    state_type=GameOfTrainsState,
    new_game=new_game,
    apply=apply,
    is_over=is_over,
    result=result,
    random_event=random_event,
    tally=tally,
    players=range(2, 5),
    rule_notes=RULE_NOTES,
)

__all__ = [
    "RULES", "Ability", "GameOfTrainsState", "Prompt", "Settings", "ability_uses", "next_step",
    "why_illegal",
]
