"""Freight Train (Train de marchandises): rules, simulator and tally."""

from ...game import GameRules
from .events import FreightTrainEvent
from .notes import RULE_NOTES
from .rules import apply, is_over, new_game, result
from .simulate import random_event
from .state import FreightTrainState, Settings
from .tally import tally

RULES: GameRules[FreightTrainState, FreightTrainEvent] = GameRules(
    id="freight-train",
    events=FreightTrainEvent,
    state_type=FreightTrainState,
    new_game=new_game,
    apply=apply,
    is_over=is_over,
    result=result,
    random_event=random_event,
    tally=tally,
    players=range(2, 6),
    rule_notes=RULE_NOTES,
)

__all__ = ["RULES", "FreightTrainState", "Settings"]
