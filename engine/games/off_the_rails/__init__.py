"""Off the Rails: rules, simulator and tally."""

from ...game import GameRules
from ...rulebook import Prompt
from .events import OffTheRailsEvent
from .notes import RULE_NOTES
from .rules import apply, is_over, new_game, result
from .simulate import random_event
from .state import OffTheRailsState, Settings
from .table import next_step, why_illegal
from .tally import tally

RULES: GameRules[OffTheRailsState, OffTheRailsEvent] = GameRules(
    id="off-the-rails",
    events=OffTheRailsEvent,
    state_type=OffTheRailsState,
    new_game=new_game,
    apply=apply,
    is_over=is_over,
    result=result,
    random_event=random_event,
    tally=tally,
    players=range(2, 5),
    rule_notes=RULE_NOTES,
)

__all__ = ["RULES", "OffTheRailsState", "Prompt", "Settings", "next_step", "why_illegal"]
