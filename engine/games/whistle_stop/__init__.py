"""Whistle Stop: rules, simulator and tally."""

from ...game import GameRules
from ...rulebook import Prompt
from .events import WhistleStopEvent
from .notes import RULE_NOTES
from .rules import apply, is_over, new_game, result
from .simulate import random_event
from .state import Settings, WhistleStopState
from .table import next_step, why_illegal
from .tally import tally

RULES: GameRules[WhistleStopState, WhistleStopEvent] = GameRules(
    id="whistle-stop",
    events=WhistleStopEvent,
    state_type=WhistleStopState,
    new_game=new_game,
    apply=apply,
    is_over=is_over,
    result=result,
    random_event=random_event,
    tally=tally,
    players=range(2, 6),
    rule_notes=RULE_NOTES,
)

__all__ = ["RULES", "Prompt", "Settings", "WhistleStopState", "next_step", "why_illegal"]
